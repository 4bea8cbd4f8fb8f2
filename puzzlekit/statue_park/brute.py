"""Two independent Statue Park engines, sharing nothing with the ladder or
with each other.

``placement-first`` (:func:`count_solutions`, :func:`solutions`) hands every
bag slot one placement.  It first covers the lowest uncovered black circle
(trying every slot that could cover it), then fills the remaining slots in
order; a placement may not overlap or touch a placed piece nor cover a white
circle, and the park is checked at the leaf.  Counting shadings, copies of
one shape take their leftover placements in increasing order (each set
once); with ``labelled=True`` every slot is its own piece, so each shading is
counted once per way of naming its pieces (prod m_t!).

``cells-first`` (:func:`cells_count`) never names a piece: it walks the cells
in reading order, shades or not, and whenever a shaded group is sealed off
(every neighbour decided) it charges the group's shape against the bag.  The
cells already charged are kept in one array and rolled back on backtrack, so
a group sealed at one step is not charged again at the next.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from ..core.grid import Grid, flood_jit
from ..core.search import Count
from .model import Answer, Puzzle, orientations

__all__ = ["count_solutions", "solutions", "cells_count", "cells_solutions", "MAX_NODES"]

MAX_NODES = 5_000_000      # the placement-first engine's default node budget


def _result(puzzle: Puzzle, limit, res, out, keep) -> Count:
    """A kernel's ``res`` (found, nodes, capped) and first ``keep`` masks as a Count."""
    k = min(int(res[0]), keep)
    return Count(int(res[0]), bool(res[2]), int(res[1]), int(limit),
                 tuple(Answer.from_mask(puzzle.h, puzzle.w, out[i]) for i in range(k)))


# ------------------------------------------------------------ placement-first
def _placement_arrays(puzzle: Puzzle):
    h, w, n = puzzle.h, puzzle.w, puzzle.n
    shapes = sorted(set(puzzle.bag), key=lambda s: (-len(s), s))
    smax = max((len(s) for s in shapes), default=1)
    rows, sid = [], []
    for t, s in enumerate(shapes):
        for o in orientations(s):
            ph = max(r for r, _ in o) + 1
            pw = max(c for _, c in o) + 1
            for r0 in range(h - ph + 1):
                for c0 in range(w - pw + 1):
                    rows.append([(r0 + r) * w + c0 + c for r, c in o] + [-1] * (smax - len(o)))
                    sid.append(t)
    P = len(rows)
    cells = np.array(rows, np.int64).reshape(P, smax) if P else np.zeros((0, smax), np.int64)
    sid = np.array(sid, np.int64)
    # per-shape ranges (placements are grouped by shape)
    start = np.zeros(len(shapes) + 1, np.int64)
    for t in range(len(shapes)):
        start[t + 1] = start[t] + int(np.sum(sid == t))
    cover = [[] for _ in range(n)]
    for p in range(P):
        for c in cells[p]:
            if c >= 0:
                cover[c].append(p)
    cptr = np.zeros(n + 1, np.int64)
    for c in range(n):
        cptr[c + 1] = cptr[c] + len(cover[c])
    cidx = np.array([p for c in range(n) for p in cover[c]], np.int64)
    mult = np.array([puzzle.bag.count(s) for s in shapes], np.int64)
    slots = np.array([t for t in range(len(shapes)) for _ in range(mult[t])], np.int64)
    circ = np.zeros(n, np.int64)
    for c in puzzle.white:
        circ[c] = 1
    for c in puzzle.black:
        circ[c] = 2
    nbrs = np.ascontiguousarray(Grid(h, w).nbrs, np.int64)
    return cells, sid, start, cptr, cidx, slots, circ, nbrs


def count_solutions(puzzle: Puzzle, limit: int = 2, max_nodes: int = MAX_NODES,
                    labelled: bool = False) -> Count:
    """Shadings (or labelled answers) up to ``limit``, placement-first.

    >>> from .model import Puzzle
    >>> count_solutions(Puzzle.make(1, 3, ["#"], drop=["park"]), 10).count
    3
    >>> count_solutions(Puzzle.make(1, 3, ["#", "#"]), 10, labelled=True).count
    2
    """
    return solutions(puzzle, limit, max_nodes, labelled, keep=0)


def solutions(puzzle: Puzzle, limit: int = 2, max_nodes: int = MAX_NODES,
              labelled: bool = False, keep: int | None = None) -> Count:
    """As :func:`count_solutions`, with up to ``keep`` (default ``limit``)
    answers as :class:`~puzzlekit.statue_park.model.Answer` objects.

    >>> from .model import Puzzle
    >>> [a.shaded.astype(int).tolist() for a in solutions(Puzzle.make(1, 3, ["##"]), 5).solutions]
    [[1, 1, 0], [0, 1, 1]]
    """
    keep = limit if keep is None else keep
    cells, sid, start, cptr, cidx, slots, circ, nbrs = _placement_arrays(puzzle)
    n = puzzle.n
    out = np.zeros((max(keep, 0), n), np.bool_)
    res = np.zeros(3, np.int64)     # found, nodes, capped
    _pf_jit(cells, sid, start, cptr, cidx, slots, circ, nbrs, int(puzzle.park_rule),
            int(labelled), int(limit), int(max_nodes), int(keep), out, res)
    return _result(puzzle, limit, res, out, keep)


@njit(cache=True)
def _pf_jit(cells, sid, start, cptr, cidx, slots, circ, nbrs, park, labelled, limit,
            max_nodes, keep, out, res):
    """Iterative depth-first search; frame ``d`` is the choice of the d-th piece."""
    n = circ.shape[0]
    ns = slots.shape[0]
    cov = np.zeros(n, np.int64)      # 1 when a placed piece covers the cell
    blk = np.zeros(n, np.int64)      # placed pieces covering or touching the cell
    used = np.zeros(ns, np.bool_)
    last = np.full(start.shape[0], -1, np.int64)   # last free-phase placement per shape
    mode = np.zeros(ns + 1, np.int64)   # 0 cover a black circle, 1 fill a slot, 2 leaf
    tgt = np.zeros(ns + 1, np.int64)    # the circle, or the slot
    cur = np.zeros(ns + 1, np.int64)    # next placement index (into cidx, or a placement)
    sc = np.zeros(ns + 1, np.int64)     # next slot to try for the current placement
    pl = np.zeros(ns + 1, np.int64)
    ps = np.zeros(ns + 1, np.int64)
    old = np.zeros(ns + 1, np.int64)
    d = 0
    fresh = True
    while d >= 0:
        if fresh:                       # set up frame d for the current state
            fresh = False
            res[1] += 1
            if res[1] > max_nodes:
                res[2] = 1
                return
            target = -1
            for c in range(n):
                if circ[c] == 2 and cov[c] == 0:
                    target = c
                    break
            if target >= 0:
                mode[d] = 0
                tgt[d] = target
                cur[d] = cptr[target]
                sc[d] = 0
                if d == ns:
                    mode[d] = 2          # a black circle left uncovered
            elif d == ns:
                if park == 0 or _pf_park_ok(cov, nbrs):
                    if res[0] < keep:
                        for c in range(n):
                            out[res[0], c] = cov[c] > 0
                    res[0] += 1
                    if res[0] >= limit:
                        return
                mode[d] = 2
            else:
                s = 0
                while used[s]:
                    s += 1
                t = slots[s]
                mode[d] = 1
                tgt[d] = s
                cur[d] = start[t]
                if labelled == 0 and last[t] >= 0:
                    cur[d] = last[t] + 1
        # find the next child of frame d
        p = -1
        s = -1
        if mode[d] == 0:
            target = tgt[d]
            while cur[d] < cptr[target + 1]:
                q = cidx[cur[d]]
                if sc[d] == 0 and not _pf_fits(cells, q, circ, blk):
                    cur[d] += 1
                    continue
                t = sid[q]
                while sc[d] < ns and (used[sc[d]] or slots[sc[d]] != t):
                    sc[d] += 1
                if sc[d] < ns:
                    p = q
                    s = sc[d]
                    sc[d] = ns if labelled == 0 else sc[d] + 1
                    break
                cur[d] += 1
                sc[d] = 0
        elif mode[d] == 1:
            s0 = tgt[d]
            end = start[slots[s0] + 1]
            while cur[d] < end:
                q = cur[d]
                cur[d] += 1
                if _pf_fits(cells, q, circ, blk):
                    p = q
                    s = s0
                    break
        if p < 0:                        # frame exhausted: back up and undo its piece
            d -= 1
            if d >= 0:
                _pf_put(cells, pl[d], nbrs, cov, blk, -1)
                used[ps[d]] = False
                if mode[d] == 1:
                    last[slots[ps[d]]] = old[d]
            continue
        pl[d] = p
        ps[d] = s
        used[s] = True
        if mode[d] == 1:
            old[d] = last[slots[s]]
            last[slots[s]] = p
        _pf_put(cells, p, nbrs, cov, blk, 1)
        d += 1
        fresh = True


@njit(cache=True)
def _pf_fits(cells, p, circ, blk):
    for j in range(cells.shape[1]):
        c = cells[p, j]
        if c < 0:
            break
        if blk[c] > 0 or circ[c] == 1:
            return False
    return True


@njit(cache=True)
def _pf_put(cells, p, nbrs, cov, blk, d):
    for j in range(cells.shape[1]):
        c = cells[p, j]
        if c < 0:
            break
        cov[c] += d
        blk[c] += d
        for k in range(4):
            u = nbrs[c, k]
            if u >= 0:
                blk[u] += d


@njit(cache=True)
def _pf_park_ok(cov, nbrs):
    """The uncovered cells make one park (or none)."""
    seen = cov != 0                     # covered cells: walls of the park
    stack = np.empty(cov.shape[0], np.int64)
    comps = 0
    for s in range(cov.shape[0]):
        if not seen[s]:
            comps += 1
            if comps > 1:
                return False
            flood_jit(nbrs, s, seen, stack)
    return True


# ------------------------------------------------------------ cells-first
def _shape_keys(puzzle: Puzzle):
    """Every fixed orientation of every bag shape as sorted keys r*64+c,
    padded with -1, with the shape id of each row and each shape's copies."""
    shapes = sorted(set(puzzle.bag), key=lambda s: (-len(s), s))
    smax = max((len(s) for s in shapes), default=1)
    rows, sid = [], []
    for t, s in enumerate(shapes):
        for o in orientations(s):
            rows.append(sorted(r * 64 + c for r, c in o) + [-1] * (smax - len(o)))
            sid.append(t)
    keys = np.array(rows, np.int64).reshape(len(rows), smax) if rows else np.zeros((0, 1), np.int64)
    rem = np.array([puzzle.bag.count(s) for s in shapes], np.int64)
    return keys, np.array(sid, np.int64), rem, smax


def cells_count(puzzle: Puzzle, limit: int = 2, max_nodes: int = 50_000_000) -> Count:
    """Shadings up to ``limit``, cells-first (no piece is ever named).

    >>> from .model import Puzzle
    >>> cells_count(Puzzle.make(1, 3, ["#", "#"]), 10).count
    1
    """
    return cells_solutions(puzzle, limit, max_nodes, keep=0)


def cells_solutions(puzzle: Puzzle, limit: int = 2, max_nodes: int = 50_000_000,
                    keep: int | None = None) -> Count:
    """As :func:`cells_count`, with up to ``keep`` (default ``limit``) answers."""
    keep = limit if keep is None else keep
    h, w, n = puzzle.h, puzzle.w, puzzle.n
    keys, ksid, rem, smax = _shape_keys(puzzle)
    circ = np.zeros(n, np.int64)
    for c in puzzle.white:
        circ[c] = 1
    for c in puzzle.black:
        circ[c] = 2
    out = np.zeros((max(keep, 0), n), np.bool_)
    res = np.zeros(3, np.int64)
    _cf_jit(h, w, keys, ksid, rem, smax, puzzle.area, circ, int(puzzle.park_rule),
            int(limit), int(max_nodes), int(keep), out, res)
    return _result(puzzle, limit, res, out, keep)


@njit(cache=True)
def _cf_jit(h, w, keys, ksid, rem, smax, area, circ, park, limit, max_nodes, keep, out, res):
    """Iterative: frame ``i`` decides cell ``i`` (shade first, then park)."""
    n = h * w
    col = np.full(n, -1, np.int64)
    charged = np.zeros(n, np.bool_)
    # the step after which each cell has every neighbour decided
    maxnb = np.empty(n, np.int64)
    for c in range(n):
        r, q = c // w, c % w
        m = c
        if q + 1 < w:
            m = max(m, c + 1)
        if r + 1 < h:
            m = max(m, c + w)
        maxnb[c] = m
    rem = rem.copy()
    opt = np.zeros(n + 1, np.int64)
    cst = np.zeros(n + 1, np.int64)      # charge-stack height before frame i charged
    sst = np.zeros(n + 1, np.int64)      # shape-stack height before frame i charged
    chg = np.empty(n, np.int64)          # charged cells, in order
    shp = np.empty(n, np.int64)          # shapes charged, in order
    ctop = 0
    stop = 0
    buf = np.empty(n, np.int64)
    seen = np.zeros(n, np.bool_)
    shaded = 0
    i = 0
    while i >= 0:
        if i == n:                       # every group sealed and charged
            good = True
            for t in range(rem.shape[0]):
                if rem[t] != 0:
                    good = False
            if good and park == 1:
                comps = 0
                seen[:] = False
                for c in range(n):
                    if col[c] == 0 and not seen[c]:
                        comps += 1
                        size = _cf_group(c, h, w, col, 0, buf)
                        for j in range(size):
                            seen[buf[j]] = True
                good = comps <= 1
            if good:
                if res[0] < keep:
                    for c in range(n):
                        out[res[0], c] = col[c] == 1
                res[0] += 1
                if res[0] >= limit:
                    return
            i -= 1
            ctop, stop, shaded = _cf_undo(i, col, charged, rem, chg, shp, cst, sst,
                                          ctop, stop, shaded)
            continue
        if opt[i] >= 2:
            i -= 1
            if i >= 0:
                ctop, stop, shaded = _cf_undo(i, col, charged, rem, chg, shp, cst, sst,
                                              ctop, stop, shaded)
            continue
        x = 1 if opt[i] == 0 else 0
        opt[i] += 1
        if (x == 1 and circ[i] == 1) or (x == 0 and circ[i] == 2):
            continue
        s2 = shaded + x
        if s2 > area or s2 + (n - 1 - i) < area:
            continue
        res[1] += 1
        if res[1] > max_nodes:
            res[2] = 1
            return
        col[i] = x
        shaded = s2
        cst[i] = ctop
        sst[i] = stop
        ok = True
        if x == 1:                          # an open group may not outgrow the largest piece
            if _cf_group(i, h, w, col, 1, buf) > smax:
                ok = False
        if ok:                              # groups sealed by this step: charge each once
            for j in range(max(0, i - w), i + 1):
                if maxnb[j] != i or col[j] != 1 or charged[j]:
                    continue
                size = _cf_sealed(i, j, h, w, col, 1, buf, maxnb)
                if size < 0:
                    continue
                t = _cf_match(buf, size, w, keys, ksid, rem)
                if t < 0:
                    ok = False
                    break
                rem[t] -= 1
                shp[stop] = t
                stop += 1
                for k in range(size):
                    charged[buf[k]] = True
                    chg[ctop] = buf[k]
                    ctop += 1
        if ok and park == 1:               # a sealed park group with park outside it
            for j in range(max(0, i - w), i + 1):
                if maxnb[j] != i or col[j] != 0:
                    continue
                size = _cf_sealed(i, j, h, w, col, 0, buf, maxnb)
                if size < 0:
                    continue
                inside = 0
                for c in range(i + 1):
                    if col[c] == 0:
                        inside += 1
                if inside > size or (n - 1 - i) > area - s2:
                    ok = False             # park elsewhere, or undecided cells that must be park
                    break
        if not ok:
            ctop, stop, shaded = _cf_undo(i, col, charged, rem, chg, shp, cst, sst,
                                          ctop, stop, shaded)
            continue
        i += 1
        opt[i] = 0


@njit(cache=True)
def _cf_sealed(i, j, h, w, col, colour, buf, maxnb):
    """The size of cell ``j``'s group of ``colour`` (its cells in ``buf``)
    when step ``i`` sealed it (every neighbour of every cell decided), else -1."""
    size = _cf_group(j, h, w, col, colour, buf)
    for k in range(size):
        if maxnb[buf[k]] > i:
            return -1
    return size


@njit(cache=True)
def _cf_undo(i, col, charged, rem, chg, shp, cst, sst, ctop, stop, shaded):
    """Take back frame ``i``'s cell and every charge it made (the "already
    charged" marks roll back with it); returns the stack heights and the
    shaded count."""
    for k in range(cst[i], ctop):
        charged[chg[k]] = False
    for k in range(sst[i], stop):
        rem[shp[k]] += 1
    if col[i] == 1:
        shaded -= 1
    col[i] = -1
    return cst[i], sst[i], shaded


@njit(cache=True)
def _cf_group(start, h, w, col, x, buf):
    """Cells of the colour-``x`` group of ``start`` (decided cells only) into buf."""
    n = h * w
    buf[0] = start
    size = 1
    i = 0
    seenmark = np.zeros(n, np.bool_)
    seenmark[start] = True
    while i < size:
        v = buf[i]
        i += 1
        r, q = v // w, v % w
        for k in range(4):
            if k == 0:
                if r == 0:
                    continue
                u = v - w
            elif k == 1:
                if r == h - 1:
                    continue
                u = v + w
            elif k == 2:
                if q == 0:
                    continue
                u = v - 1
            else:
                if q == w - 1:
                    continue
                u = v + 1
            if col[u] == x and not seenmark[u]:
                seenmark[u] = True
                buf[size] = u
                size += 1
    return size


@njit(cache=True)
def _cf_match(buf, size, w, keys, ksid, rem):
    """The bag shape (with copies left) this group is, or -1."""
    r0 = 1 << 30
    c0 = 1 << 30
    for i in range(size):
        r0 = min(r0, buf[i] // w)
        c0 = min(c0, buf[i] % w)
    key = np.empty(size, np.int64)
    for i in range(size):
        key[i] = (buf[i] // w - r0) * 64 + (buf[i] % w - c0)
    key.sort()
    for k in range(keys.shape[0]):
        if rem[ksid[k]] == 0:
            continue
        if size < keys.shape[1] and keys[k, size] != -1:
            continue
        if keys[k, size - 1] == -1:
            continue
        same = True
        for i in range(size):
            if keys[k, i] != key[i]:
                same = False
                break
        if same:
            return ksid[k]
    return -1


