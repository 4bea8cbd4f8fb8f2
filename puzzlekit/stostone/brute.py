"""Raw engines written from the rules alone, sharing no code with the ladder.

- :func:`by_mask` treats a grid as an integer: under a reading of rule 4 that
  counts columns it walks only the grids whose every column holds h/2 shaded
  cells (a product of columns), else all ``2**(h*w)``; each is checked
  against every rule.  Boards up to :data:`MASK_CELLS` cells.
- :func:`by_stones` picks each region's stone among the connected subsets of
  that region (of the printed size), region after region in reading order,
  refusing a stone that touches one already placed or overfills a column, or
  leaves a column that the regions still to come can no longer fill; the
  falling rule is checked on every complete pick.  This is the engine of
  :func:`brute_count` and :func:`brute_solutions`.
- :func:`fall_rows` and :func:`fall_stones` drop the stones for real, on two
  schedules (everything one row at a time; one stone all the way down, in
  turn); the referee's invariant must agree with both
  (:func:`settles_in_bottom_half`).
"""
from __future__ import annotations

from dataclasses import replace
from itertools import product

import numpy as np
from numba import njit

from ..core.brute import engine_hooks, found_jit, run
from ..core.grid import Grid
from ..core.search import Count
from .model import RULE4, Answer, Puzzle, stones

__all__ = ["by_mask", "by_stones", "brute_count", "brute_solutions", "iter_solutions",
           "fall_rows", "fall_stones", "settles_in_bottom_half", "connected_subsets",
           "fall_disagrees", "MASK_CELLS", "REGION_CELLS"]

MASK_CELLS = 30          # by_mask refuses bigger boards
REGION_CELLS = 22        # by_stones lists the subsets of regions up to this size
MAX_NODES = 20_000_000
KEEP_MAX = 100_000


def _arrays(puzzle):
    num = np.full(puzzle.k, -1, np.int64)
    for g, v in puzzle.numbers.items():
        num[g] = v
    return (np.ascontiguousarray(Grid(puzzle.h, puzzle.w).nbrs, np.int64),
            np.ascontiguousarray(puzzle.regions, np.int64), num, int(puzzle.h), int(puzzle.w),
            RULE4.index(puzzle.rule4))


def _unpack(m, n):
    return np.array([(m >> i) & 1 for i in range(n)], np.bool_)


def _answers(puzzle, masks) -> tuple:
    return tuple(Answer.from_mask(puzzle.h, puzzle.w, m) for m in masks)


# ------------------------------------------------------------------ grids as integers
def _balanced_columns(h):
    """Every column of height h with h/2 shaded cells, as bit patterns (bit r = row r)."""
    return np.array([m for m in range(1 << h) if bin(m).count("1") == h // 2], np.int64)


def by_mask(puzzle: Puzzle, limit: int = 2, keep: int | None = None) -> Count:
    """Every grid as an integer: the count up to ``limit`` (never capped) and
    the first ``keep`` (default ``limit``) answers.

    >>> p = Puzzle.make([[0, 1], [0, 1]])
    >>> by_mask(p, limit=10).count
    2
    """
    if puzzle.n > MASK_CELLS:
        raise ValueError(f"by_mask enumerates at most {MASK_CELLS} cells")
    keep = min(limit if keep is None else keep, KEEP_MAX)
    out = np.zeros(max(int(keep), 0), np.int64)
    cols = _balanced_columns(puzzle.h) if puzzle.rule4 != "none" else np.zeros(0, np.int64)
    cnt, nodes = _mask_jit(*_arrays(puzzle), cols, int(limit), out)
    masks = [_unpack(int(m), puzzle.n) for m in out[:min(cnt, keep)]]
    return Count(int(cnt), False, int(nodes), int(limit), _answers(puzzle, masks))


@njit(cache=True)
def _below_jit(s, h, w, below):
    """``below[v]``: the shaded cells under ``v`` in its column; whether every
    column holds ``h // 2`` shaded cells."""
    balanced = True
    for c in range(w):
        seen = 0
        for r in range(h - 1, -1, -1):
            below[r * w + c] = seen
            seen += s[r * w + c]
        if seen != h // 2:
            balanced = False
    return balanced


@njit(cache=True)
def _legal_jit(s, nbrs, reg, num, h, w, r4):
    """Every rule on a full grid ``s`` (uint8 per cell)."""
    n = h * w
    k = num.shape[0]
    pieces = np.zeros(k, np.int64)
    size = np.zeros(k, np.int64)
    lab = np.full(n, -1, np.int64)
    stack = np.empty(n, np.int64)
    below = np.zeros(n, np.int64)
    if not _below_jit(s, h, w, below) and r4 < 3:
        return False
    for v in range(n):
        if not s[v]:
            continue
        size[reg[v]] += 1
        for d in range(4):
            u = nbrs[v, d]
            if u >= 0 and s[u] and reg[u] != reg[v]:
                return False
    for g in range(k):
        if num[g] > 0 and size[g] != num[g]:
            return False
    nl = 0
    for v0 in range(n):
        if not s[v0] or lab[v0] >= 0:
            continue
        pieces[reg[v0]] += 1
        lab[v0] = nl
        stack[0] = v0
        top = 1
        key = v0 // w + below[v0]
        while top > 0:
            top -= 1
            v = stack[top]
            if r4 == 0 and v // w + below[v] != key:
                return False
            for d in range(4):
                u = nbrs[v, d]
                if u >= 0 and s[u] and lab[u] < 0:
                    lab[u] = nl
                    stack[top] = u
                    top += 1
        nl += 1
    for g in range(k):
        if pieces[g] != 1:
            return False
    if r4 == 1:
        for c in range(w):
            for r in range(h):
                a = r * w + c
                if not s[a]:
                    continue
                for r2 in range(r + 2, h):
                    b = r2 * w + c
                    if s[b] and lab[b] == lab[a]:
                        for r3 in range(r + 1, r2):
                            if not s[r3 * w + c]:
                                return False
    return True


@njit(cache=True)
def _kept_jit(s, m, cnt, out, nbrs, reg, num, h, w, r4):
    """Whether grid ``s`` (the integer ``m``) is legal; a legal one is kept as
    ``out[cnt]`` while there is room."""
    if not _legal_jit(s, nbrs, reg, num, h, w, r4):
        return False
    if cnt < out.shape[0]:
        out[cnt] = m
    return True


@njit(cache=True)
def _mask_jit(nbrs, reg, num, h, w, r4, cols, limit, out):
    n = h * w
    s = np.zeros(n, np.uint8)
    cnt = 0
    nodes = 0
    if r4 == 3:
        for m in range(1 << n):
            nodes += 1
            for i in range(n):
                s[i] = (m >> i) & 1
            if _kept_jit(s, m, cnt, out, nbrs, reg, num, h, w, r4):
                cnt += 1
                if cnt >= limit:
                    return cnt, nodes
        return cnt, nodes
    nc = cols.shape[0]
    idx = np.zeros(w, np.int64)
    while True:
        nodes += 1
        m = 0
        for c in range(w):
            pat = cols[idx[c]]
            for r in range(h):
                bit = (pat >> r) & 1
                s[r * w + c] = bit
                if bit:
                    m |= 1 << (r * w + c)
        if _kept_jit(s, m, cnt, out, nbrs, reg, num, h, w, r4):
            cnt += 1
            if cnt >= limit:
                return cnt, nodes
        c = 0
        while c < w:
            idx[c] += 1
            if idx[c] < nc:
                break
            idx[c] = 0
            c += 1
        if c == w:
            return cnt, nodes


# ------------------------------------------------------------------ one stone per region
def connected_subsets(cells, w: int, lo: int = 1, hi: int | None = None) -> list:
    """Connected subsets of a region (its cells ``cells``) with ``lo..hi`` cells,
    each a sorted cell list (regions up to :data:`REGION_CELLS` cells).

    >>> connected_subsets([0, 1, 2], 3)
    [[0], [1], [0, 1], [2], [1, 2], [0, 1, 2]]
    """
    cells = [int(c) for c in cells]
    m = len(cells)
    if m > REGION_CELLS:
        raise ValueError(f"a region of {m} cells is more than the {REGION_CELLS} "
                         "by_stones lists")
    hi = m if hi is None else hi
    pos = {c: i for i, c in enumerate(cells)}
    adj = np.zeros(m, np.int64)
    for i, c in enumerate(cells):
        r, q = divmod(c, w)
        for u in (c - w, c + w, c - 1 if q > 0 else -1, c + 1 if q < w - 1 else -1):
            if u in pos:
                adj[i] |= 1 << pos[u]
    masks = _subsets_jit(adj, m, lo, hi)
    return [[cells[i] for i in range(m) if (x >> i) & 1] for x in masks]


@njit(cache=True)
def _subsets_jit(adj, m, lo, hi):
    out = []
    for x in range(1, 1 << m):
        b = 0
        t = x
        while t:
            t &= t - 1
            b += 1
        if b < lo or b > hi:
            continue
        reach = x & -x
        while True:
            grow = reach
            t = reach
            while t:
                low = t & -t
                i = 0
                while (low >> i) != 1:
                    i += 1
                grow |= adj[i] & x
                t ^= low
            if grow == reach:
                break
            reach = grow
        if reach == x:
            out.append(x)
    return out


def _candidates(puzzle, order):
    """Flat candidate stones per region (in ``order``): ``(cells, offsets, starts)``."""
    cells, offs, starts = [], [0], [0]
    for g in order:
        reg = np.flatnonzero(puzzle.regions == g)
        v = puzzle.numbers.get(int(g), -1)
        subs = connected_subsets(reg, puzzle.w, *(v, v) if v > 0 else (1, None))
        for s in subs:
            cells.extend(s)
            offs.append(len(cells))
        starts.append(starts[-1] + len(subs))
    return (np.array(cells, np.int64), np.array(offs, np.int64), np.array(starts, np.int64))


def by_stones(puzzle: Puzzle, limit: int = 2, max_nodes: int = MAX_NODES,
              keep: int | None = None) -> Count:
    """Answers by picking each region's stone: the count up to ``limit``
    (``capped`` when the node budget ran out, or a region has too many
    subsets to list) and the first ``keep`` (default ``limit``) answers.

    >>> by_stones(Puzzle.make([[0, 1], [0, 1]]), limit=10).count
    2
    """
    keep = min(limit if keep is None else keep, KEEP_MAX)
    order = np.argsort(puzzle.first_cell, kind="stable")
    try:
        cells, offs, starts = _candidates(puzzle, order)
    except ValueError:
        return Count(0, True, 0, int(limit))
    nbrs, reg, num, h, w, r4 = _arrays(puzzle)
    rank = np.empty(puzzle.k, np.int64)
    rank[order] = np.arange(puzzle.k)
    arrays = (nbrs, rank[reg], h, w, r4, cells, offs, starts)
    r, masks = run(_pick_jit, arrays, puzzle.n, limit, max_nodes, keep)
    return replace(r, solutions=_answers(puzzle, masks))


@njit(cache=True)
def _pick_jit(nbrs, reg, h, w, r4, cells, offs, starts, limit, max_nodes, out):
    n = h * w
    k = starts.shape[0] - 1
    half = h // 2
    s = np.zeros(n, np.uint8)
    col = np.zeros(w, np.int64)
    blocked = np.zeros(n, np.int64)
    left = np.zeros((k + 1, w), np.int64)        # cells of regions i.. in each column
    for v in range(n):
        left[reg[v], v % w] += 1
    for i in range(k - 1, -1, -1):
        for c in range(w):
            left[i, c] += left[i + 1, c]
    ptr = np.zeros(k + 1, np.int64)
    for i in range(k + 1):
        ptr[i] = -1
    cnt = 0
    nodes = 0
    i = 0
    while i >= 0:
        if i == k:
            if _falls_jit(s, nbrs, reg, h, w, r4):
                cnt = found_jit(out, cnt, s)
                if cnt >= limit:
                    return cnt, nodes, False
            i -= 1
            if i >= 0:
                _place(s, col, blocked, nbrs, reg, w, cells, offs, starts[i] + ptr[i], -1)
            continue
        ptr[i] += 1
        if starts[i] + ptr[i] >= starts[i + 1]:
            ptr[i] = -1
            i -= 1
            if i >= 0:
                _place(s, col, blocked, nbrs, reg, w, cells, offs, starts[i] + ptr[i], -1)
            continue
        nodes += 1
        if nodes > max_nodes:
            return cnt, nodes, True
        j = starts[i] + ptr[i]
        ok = True
        for t in range(offs[j], offs[j + 1]):
            if blocked[cells[t]] > 0:
                ok = False
                break
        if not ok:
            continue
        _place(s, col, blocked, nbrs, reg, w, cells, offs, j, 1)
        if r4 < 3:
            for c in range(w):
                if col[c] > half or col[c] + left[i + 1, c] < half:
                    ok = False
                    break
        if not ok:
            _place(s, col, blocked, nbrs, reg, w, cells, offs, j, -1)
            continue
        i += 1
    return cnt, nodes, False


@njit(cache=True)
def _place(s, col, blocked, nbrs, reg, w, cells, offs, j, sign):
    for t in range(offs[j], offs[j + 1]):
        v = cells[t]
        s[v] = 1 if sign > 0 else 0
        col[v % w] += sign
        for d in range(4):
            u = nbrs[v, d]
            if u >= 0 and reg[u] != reg[v]:
                blocked[u] += sign


@njit(cache=True)
def _falls_jit(s, nbrs, reg, h, w, r4):
    """Rule 4 on a complete pick (columns are already balanced when r4 < 3)."""
    if r4 >= 2:
        return True
    n = h * w
    below = np.zeros(n, np.int64)
    _below_jit(s, h, w, below)
    for a in range(n):
        if not s[a]:
            continue
        for b in range(a + w, n, w):
            if s[b] and reg[b] == reg[a]:
                if r4 == 0 and a // w + below[a] != b // w + below[b]:
                    return False
                if r4 == 1:
                    for x in range(a + w, b, w):
                        if not s[x]:
                            return False
    if r4 == 0:
        for a in range(n):         # horizontal neighbours in one stone agree too
            if s[a] and a % w < w - 1 and s[a + 1] and reg[a + 1] == reg[a]:
                if a // w + below[a] != a // w + below[a + 1]:
                    return False
    return True


brute_count, brute_solutions, iter_solutions = engine_hooks(by_stones, MAX_NODES)


# ------------------------------------------------------------------ the fall, simulated
def _groups(h, w, shaded, regions):
    return stones(h, w, shaded, regions)


def fall_rows(h: int, w: int, shaded, regions=None) -> np.ndarray:
    """Drop every stone one row at a time, all together, until none can move;
    the resting grid (bool, flat).

    >>> fall_rows(2, 2, [1, 0, 0, 1]).astype(int).tolist()
    [0, 0, 1, 1]
    """
    gs = _groups(h, w, shaded, regions)
    pos = [[(c // w, c % w) for c in g] for g in gs]
    while True:
        occ = {rc: i for i, g in enumerate(pos) for rc in g}
        movers = [i for i, g in enumerate(pos)
                  if all(r + 1 < h and occ.get((r + 1, c), i) == i for r, c in g)]
        if not movers:
            break
        for i in movers:
            pos[i] = [(r + 1, c) for r, c in pos[i]]
    out = np.zeros(h * w, bool)
    for g in pos:
        for r, c in g:
            out[r * w + c] = True
    return out


def fall_stones(h: int, w: int, shaded, regions=None) -> np.ndarray:
    """Drop one stone all the way down, then the next (lowest first), and
    sweep again until nothing moves; the resting grid (bool, flat).

    >>> fall_stones(4, 1, [1, 0, 1, 0]).astype(int).tolist()
    [0, 0, 1, 1]
    """
    gs = _groups(h, w, shaded, regions)
    pos = [[(c // w, c % w) for c in g] for g in gs]
    moved = True
    while moved:
        moved = False
        for i in sorted(range(len(pos)), key=lambda j: -max(r for r, _ in pos[j])):
            others = {rc for j, g in enumerate(pos) if j != i for rc in g}
            d = 0
            while all(r + d + 1 < h and (r + d + 1, c) not in others for r, c in pos[i]):
                d += 1
            if d:
                pos[i] = [(r + d, c) for r, c in pos[i]]
                moved = True
    out = np.zeros(h * w, bool)
    for g in pos:
        for r, c in g:
            out[r * w + c] = True
    return out


def settles_in_bottom_half(h: int, w: int, resting) -> bool:
    """True when a resting grid is exactly the bottom h/2 rows."""
    want = np.zeros((h, w), bool)
    want[h // 2:] = True
    return bool(np.array_equal(np.asarray(resting, bool).reshape(h, w), want))


def balanced_grids(h: int, w: int):
    """Every h x w grid whose columns hold h/2 shaded cells (flat bool arrays)."""
    cols = [m for m in range(1 << h) if bin(m).count("1") == h // 2]
    for pick in product(cols, repeat=w):
        g = np.zeros((h, w), bool)
        for c, m in enumerate(pick):
            for r in range(h):
                g[r, c] = (m >> r) & 1
        yield g.ravel()


def fall_disagrees(sizes):
    """The first balanced grid (of the boards ``sizes``) where the two fall
    schedules differ, or where they and the invariant disagree; None if none."""
    from .model import lands
    for h, w in sizes:
        for g in balanced_grids(h, w):
            a = fall_rows(h, w, g)
            if not np.array_equal(a, fall_stones(h, w, g)) or \
                    settles_in_bottom_half(h, w, a) != lands(h, w, g):
                return (h, w, g.astype(int).tolist())
    return None
