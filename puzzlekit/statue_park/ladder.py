"""Statue Park's rung ladder: clue, place, fit, white and probe over one
{park, shaded} variable per cell and one {unused, used} variable per
placement of a bag shape.

``clue`` applies the circles and the head count (the bag fixes how many
cells are shaded).  ``place`` works the placement catalogue: a placement dies
when one of its cells is known park or a cell touching it is known shaded;
a used placement shades its cells and parks its rim; a placement whose cells
are all shaded and rim all park is used; a shape with as many live
placements as copies uses them all; a cell no live placement covers is park.
``fit`` reads "a shaded cell lies in exactly one piece": the cells every live
placement through a shaded cell covers are shaded, the cells all of them
touch are park, and a neighbour that none of them covers is park.  ``white``
keeps the park one region: cells cut off from the known park are shaded and
cells whose loss would split it are park.  The kernels run in the core's one
compiled loop; probe tries cell variables only.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from ..core._nb import call
from ..core.cache import puzzle_table
from ..core.graph import one_region_jit
from ..core.ladder import Compiled, Ladder, Rung, ShadeState, probe_rung
from .model import Answer, Puzzle, orientations

__all__ = ["SPState", "LADDER", "LADDER_NO_COUNT", "NAMES", "WORK", "KERNELS", "data",
           "catalogue", "initial_state", "encode", "decode", "decode_mask"]

NAMES = ("clue", "place", "fit", "white", "probe")
WORK = ("clue reads", "placement scans", "fit cells", "park checks")
PARK, SHADE = 0, 1      # bit order within a cell
UNUSED, USED = 0, 1     # bit order within a placement


def catalogue(puzzle: Puzzle):
    """Every placement of every distinct bag shape: ``(cells, rim, shape)``
    with ``cells`` / ``rim`` padded by -1, and the distinct shapes."""
    def build(puzzle):
        h, w = puzzle.h, puzzle.w
        shapes = sorted(set(puzzle.bag), key=lambda s: (-len(s), s))
        smax = max((len(s) for s in shapes), default=1)
        oc, orim, osh = [], [], []         # per orientation: cells, sorted rim offsets, shape
        for t, s in enumerate(shapes):
            for o in orientations(s):
                oc.append(o)
                orim.append(sorted({(r + dr, c + dc) for r, c in o
                                    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))} - set(o)))
                osh.append(t)
        k = len(oc)
        rmax0 = max((len(x) for x in orim), default=1)
        ocells = np.zeros((k, smax, 2), np.int64)
        olen = np.array([len(o) for o in oc], np.int64)
        orims = np.zeros((k, rmax0, 2), np.int64)
        orlen = np.array([len(x) for x in orim], np.int64)
        for i in range(k):
            ocells[i, :len(oc[i])] = oc[i]
            orims[i, :len(orim[i])] = orim[i]
        cells, rim, sid = _catalogue_jit(h, w, smax, ocells, olen, orims, orlen,
                                         np.array(osh, np.int64))
        return (cells, rim, sid, shapes)
    return puzzle_table(puzzle, "statue_park.catalogue", build)


def data(puzzle: Puzzle, count: bool = True) -> tuple:
    """The kernels' arrays (cached on the puzzle): ``nbrs``, circles (0, 1
    white, 2 black), the catalogue, copies per shape, the cell -> placement
    index (CSR) and ``[h, w, n, P, park rule, area, head count on]``."""
    def build(puzzle):
        n = puzzle.n
        cells, rim, sid, shapes = catalogue(puzzle)
        circ = np.zeros(n, np.int64)
        for c in puzzle.white:
            circ[c] = 1
        for c in puzzle.black:
            circ[c] = 2
        mult = np.array([puzzle.bag.count(s) for s in shapes], np.int64)
        pc, pp = cells.ravel(), np.repeat(np.arange(cells.shape[0]), cells.shape[1])
        pp = pp[pc >= 0]
        pc = pc[pc >= 0]
        cidx = pp[np.argsort(pc, kind="stable")].astype(np.int64)    # per cell, p ascending
        cptr = np.zeros(n + 1, np.int64)
        cptr[1:] = np.cumsum(np.bincount(pc, minlength=n))
        flags = np.array([puzzle.h, puzzle.w, n, cells.shape[0], int(puzzle.park_rule),
                          puzzle.area, int(count)], np.int64)
        return (np.ascontiguousarray(puzzle.grid.nbrs, np.int32), circ, cells, rim, sid, mult,
                cptr, cidx, flags)
    return puzzle_table(puzzle, "statue_park.data" if count else "statue_park.data_no_count",
                        build)


class SPState(ShadeState):
    """State with views ``cell`` (n, 2): [park, shaded] and ``plc`` (P, 2):
    [unused, used]."""

    __slots__ = ("plc",)

    def _init_views(self):
        n = self.puzzle.n
        self.cell = self.bits[:2 * n].reshape(-1, 2)
        self.plc = self.bits[2 * n:].reshape(-1, 2)


def initial_state(puzzle: Puzzle) -> SPState:
    """Every cell and placement open."""
    P = catalogue(puzzle)[0].shape[0]
    return SPState(puzzle, np.arange(0, 2 * (puzzle.n + P) + 1, 2))


def decode_mask(state) -> np.ndarray:
    """Shaded cells of a decided state."""
    return state.shaded()


def decode(state) -> Answer:
    """The answer of a decided state."""
    return Answer.from_mask(state.puzzle.h, state.puzzle.w, state.shaded())


def encode(puzzle: Puzzle, answer: Answer) -> SPState:
    """The decided state of an answer: a placement is used when it is
    exactly one of the answer's shaded groups.

    >>> p = Puzzle.make(1, 3, ["##"])
    >>> s = encode(p, Answer.from_mask(1, 3, [1, 1, 0])); s.solved(), decode(s).to_json()
    (True, {'grid': ['##.']})
    """
    sh = np.asarray(answer.shaded, bool).ravel()
    cells, rim, _, _ = catalogue(puzzle)
    s = initial_state(puzzle)
    s.shade(sh)
    ok = np.ones(cells.shape[0], bool)
    for j in range(cells.shape[1]):
        c = cells[:, j]
        ok &= (c < 0) | sh[np.maximum(c, 0)]
    for j in range(rim.shape[1]):
        c = rim[:, j]
        ok &= (c < 0) | ~sh[np.maximum(c, 0)]
    s.plc[:, USED] = ok
    s.plc[:, UNUSED] = ~ok
    return s


# ---------------------------------------------------------------- kernels
@njit(cache=True)
def _drop(bits, k):
    """Remove bit ``k`` (its variable's partner is ``k ^ 1``): -1 dead, 1 changed, 0 not."""
    if not bits[k]:
        return 0
    bits[k] = False
    return -1 if not bits[k ^ 1] else 1


@njit(cache=True)
def _clue_jit(bits, circ, flags, work):
    n, area, count = flags[2], flags[5], flags[6]
    changed = 0
    for c in range(n):
        if circ[c] == 0:
            continue
        work[0] += 1
        r = _drop(bits, 2 * c + (SHADE if circ[c] == 1 else PARK))
        if r < 0:
            return -1
        changed |= r
    if count == 0:
        return changed
    known = 0
    open_ = 0
    for c in range(n):
        if not bits[2 * c]:
            known += 1
        elif bits[2 * c + 1]:
            open_ += 1
    work[0] += 1
    if known > area or known + open_ < area:
        return -1
    if open_ > 0 and (known == area or known + open_ == area):
        x = SHADE if known == area else PARK        # the colour to remove
        for c in range(n):
            if bits[2 * c] and bits[2 * c + 1]:
                bits[2 * c + x] = False
        changed = 1
    return changed


@njit(cache=True)
def _place_jit(bits, cells, rim, sid, mult, cptr, cidx, flags, work):
    n, P = flags[2], flags[3]
    base = 2 * n
    changed = 0
    for p in range(P):
        u = base + 2 * p
        if not bits[u + USED]:
            continue
        work[1] += 1
        dead = False
        full = True
        for j in range(cells.shape[1]):
            c = cells[p, j]
            if c < 0:
                break
            if not bits[2 * c + SHADE]:
                dead = True
                break
            if bits[2 * c + PARK]:
                full = False
        if not dead:
            for j in range(rim.shape[1]):
                c = rim[p, j]
                if c < 0:
                    break
                if not bits[2 * c + PARK]:
                    dead = True
                    break
                if bits[2 * c + SHADE]:
                    full = False
        if dead:
            r = _drop(bits, u + USED)
            if r < 0:
                return -1
            changed = 1
            continue
        if full and bits[u + UNUSED]:
            bits[u + UNUSED] = False            # an exact sealed group: this placement
            changed = 1
        if not bits[u + UNUSED]:                # used: its cells shaded, its rim park
            for j in range(cells.shape[1]):
                c = cells[p, j]
                if c < 0:
                    break
                if bits[2 * c + PARK]:
                    bits[2 * c + PARK] = False
                    changed = 1
            for j in range(rim.shape[1]):
                c = rim[p, j]
                if c < 0:
                    break
                if bits[2 * c + SHADE]:
                    bits[2 * c + SHADE] = False
                    changed = 1
    nt = mult.shape[0]
    live = np.zeros(nt, np.int64)
    used = np.zeros(nt, np.int64)
    for p in range(P):
        u = base + 2 * p
        if bits[u + USED]:
            live[sid[p]] += 1
            if not bits[u + UNUSED]:
                used[sid[p]] += 1
    for t in range(nt):
        if used[t] > mult[t] or live[t] < mult[t]:
            return -1
    for p in range(P):
        u = base + 2 * p
        t = sid[p]
        if bits[u + USED] and bits[u + UNUSED]:
            if live[t] == mult[t]:
                bits[u + UNUSED] = False
                changed = 1
            elif used[t] == mult[t]:
                bits[u + USED] = False
                changed = 1
    for c in range(n):                          # a cell no live placement covers
        if not bits[2 * c + SHADE]:
            continue
        any_ = False
        for q in range(cptr[c], cptr[c + 1]):
            if bits[base + 2 * cidx[q] + USED]:
                any_ = True
                break
        if not any_:
            r = _drop(bits, 2 * c + SHADE)
            if r < 0:
                return -1
            changed = 1
    return changed


@njit(cache=True)
def _fit_jit(bits, nbrs, cells, rim, cptr, cidx, flags, work):
    n = flags[2]
    base = 2 * n
    inn = np.zeros(n, np.int64)
    nb = np.zeros(n, np.int64)
    touched = np.empty(n, np.int64)
    changed = 0
    for s in range(n):
        if bits[2 * s + PARK]:
            continue                            # only known shaded cells
        work[2] += 1
        k = 0
        nt = 0
        for q in range(cptr[s], cptr[s + 1]):
            p = cidx[q]
            if not bits[base + 2 * p + USED]:
                continue
            k += 1
            for j in range(cells.shape[1]):
                c = cells[p, j]
                if c < 0:
                    break
                if inn[c] == 0 and nb[c] == 0:
                    touched[nt] = c
                    nt += 1
                inn[c] += 1
            for j in range(rim.shape[1]):
                c = rim[p, j]
                if c < 0:
                    break
                if inn[c] == 0 and nb[c] == 0:
                    touched[nt] = c
                    nt += 1
                nb[c] += 1
        if k == 0:
            return -1
        bad = False
        for t in range(nt):
            c = touched[t]
            if inn[c] == k:
                r = _drop(bits, 2 * c + PARK)
            elif nb[c] == k:
                r = _drop(bits, 2 * c + SHADE)
            else:
                r = 0
            if r < 0:
                bad = True
            changed |= r
        for d in range(4):
            u = nbrs[s, d]
            if u >= 0 and inn[u] == 0:
                r = _drop(bits, 2 * u + SHADE)
                if r < 0:
                    bad = True
                changed |= r
        for t in range(nt):
            inn[touched[t]] = 0
            nb[touched[t]] = 0
        if bad:
            return -1
    return changed


@njit(cache=True)
def _white_jit(bits, nbrs, flags, work):
    if flags[4] == 0:
        return 0
    n = flags[2]
    may = np.empty(n, np.bool_)
    must = np.empty(n, np.bool_)
    for c in range(n):
        may[c] = bits[2 * c + PARK]
        must[c] = not bits[2 * c + SHADE]
    keep = np.zeros(n, np.bool_)
    cut = np.zeros(n, np.bool_)
    work[3] += 1
    if one_region_jit(nbrs, may, must, keep, cut) < 0:
        return -1
    changed = 0
    for c in range(n):
        if may[c] and not keep[c]:
            r = _drop(bits, 2 * c + PARK)
        elif cut[c]:
            r = _drop(bits, 2 * c + SHADE)
        else:
            r = 0
        if r < 0:
            return -1
        changed |= r
    return changed


@njit(cache=True)
def _settle(bits, cells, rim, flags):
    """Once every cell is decided, read the placements off the cells: a
    placement is used exactly when it is one of the shaded groups.  -1 when
    that clashes with what is known of the placements."""
    n, P = flags[2], flags[3]
    for c in range(n):
        if bits[2 * c] and bits[2 * c + 1]:
            return 0
    changed = 0
    for p in range(P):
        u = 2 * n + 2 * p
        exact = True
        for j in range(cells.shape[1]):
            c = cells[p, j]
            if c < 0:
                break
            if not bits[2 * c + SHADE]:
                exact = False
        for j in range(rim.shape[1]):
            c = rim[p, j]
            if c < 0:
                break
            if not bits[2 * c + PARK]:
                exact = False
        r = _drop(bits, u + (UNUSED if exact else USED))
        if r < 0:
            return -1
        changed |= r
    return changed


@njit(cache=True)
def _apply_jit(i, bits, data, work):
    """Rung ``i`` for the core's compiled loop (``data`` is :func:`data`);
    every rung ends by reading the placements off a fully decided grid."""
    nbrs, circ, cells, rim, sid, mult, cptr, cidx, flags = data
    if i == 0:
        r = call(_clue_jit, bits, circ, flags, work)
    elif i == 1:
        r = call(_place_jit, bits, cells, rim, sid, mult, cptr, cidx, flags, work)
    elif i == 2:
        r = call(_fit_jit, bits, nbrs, cells, rim, cptr, cidx, flags, work)
    else:
        r = call(_white_jit, bits, nbrs, flags, work)
    if r < 0:
        return -1
    s = _settle(bits, cells, rim, flags)
    if s < 0:
        return -1
    return r | s


@njit(cache=True)
def _legal_jit(bits, data):
    """The rules on a decided state (what the referee says)."""
    nbrs, circ, cells, rim, sid, mult, cptr, cidx, flags = data
    n, P = flags[2], flags[3]
    base = 2 * n
    covered = np.zeros(n, np.int64)
    used = np.zeros(mult.shape[0], np.int64)
    for c in range(n):
        if bits[2 * c] == bits[2 * c + 1]:
            return False
        if (circ[c] == 1 and bits[2 * c + SHADE]) or (circ[c] == 2 and bits[2 * c + PARK]):
            return False
    for p in range(P):
        u = base + 2 * p
        if bits[u + USED] == bits[u + UNUSED]:
            return False
        if not bits[u + USED]:
            continue
        used[sid[p]] += 1
        for j in range(cells.shape[1]):
            c = cells[p, j]
            if c < 0:
                break
            if not bits[2 * c + SHADE]:
                return False
            covered[c] += 1
        for j in range(rim.shape[1]):
            c = rim[p, j]
            if c < 0:
                break
            if not bits[2 * c + PARK]:
                return False
    for t in range(mult.shape[0]):
        if used[t] != mult[t]:
            return False
    for c in range(n):
        if bits[2 * c + SHADE] and covered[c] != 1:
            return False
    if flags[4] == 1:
        may = np.empty(n, np.bool_)
        for c in range(n):
            may[c] = bits[2 * c + PARK]
        keep = np.zeros(n, np.bool_)
        cut = np.zeros(n, np.bool_)
        if one_region_jit(nbrs, may, may, keep, cut) < 0:
            return False
    return True


# ---------------------------------------------------------------- the ladder
def _probe_vars(puzzle):
    return puzzle.n


def _data_no_count(puzzle):
    return data(puzzle, count=False)


KERNELS = Compiled(apply=_apply_jit, data=data, work=WORK, legal=_legal_jit)
KERNELS_NO_COUNT = Compiled(apply=_apply_jit, data=_data_no_count, work=WORK, legal=_legal_jit)

_DOCS = (
    ("clue", "#7f7f7f", "the circles, and the head count: the bag fixes how many cells are shaded"),
    ("place", "#8c564b", "the placement catalogue: a placement dies on a known park cell or a "
     "known shaded neighbour; used ones fix their cells and rim; a shape with just enough "
     "placements uses them all; an uncovered cell is park"),
    ("fit", "#1f77b4", "a shaded cell lies in one piece: what every live placement through it "
     "covers is shaded, what they all touch is park, a neighbour none covers is park"),
    ("white", "#2ca02c", "the park is one region: cells cut off from it are shaded, cells "
     "whose loss would split it are park"),
)


def _ladder(kernels):
    return Ladder([Rung(name, kernels.rung(i, name), colour, doc)
                   for i, (name, colour, doc) in enumerate(_DOCS)] + [probe_rung()],
                  compiled=kernels, probe_vars=_probe_vars)


LADDER = _ladder(KERNELS)
LADDER_NO_COUNT = _ladder(KERNELS_NO_COUNT)   # the head count switched off (ablation)


def search_without(spec, puzzle, without=(), max_nodes: int = 2_000):
    """The uniqueness search (count to 2) at the top level with rungs
    ``without`` removed: ``(branch points, capped before deciding)``."""
    from ..core.genre import accepts
    from ..core.search import Budget, SearchSettings, count_solutions
    r = count_solutions(spec.initial_state(puzzle), spec.ladder, accepts(spec, puzzle), None, 2,
                        Budget(max_nodes), SearchSettings(without=tuple(without)))
    return r.branch_points, bool(r.capped and r.count < 2)


@njit(cache=True)
def _extent(ocells, olen, i):
    ph = 0
    pw = 0
    for j in range(olen[i]):
        ph = max(ph, ocells[i, j, 0] + 1)
        pw = max(pw, ocells[i, j, 1] + 1)
    return ph, pw


@njit(cache=True)
def _catalogue_jit(h, w, smax, ocells, olen, orims, orlen, osh):
    """The placements of :func:`catalogue`: every orientation (in order) at
    every offset that keeps it on the board (row-major), its cells in the
    orientation's order and its on-board rim cells increasing, -1 padded.
    The first pass counts (placements, longest rim), the second writes."""
    k = ocells.shape[0]
    total = 0
    rmax = 1
    cells = np.full((0, smax), -1, np.int64)
    rim = np.full((0, 1), -1, np.int64)
    sid = np.zeros(0, np.int64)
    for fill in range(2):
        if fill:
            cells = np.full((total, smax), -1, np.int64)
            rim = np.full((total, rmax), -1, np.int64)
            sid = np.zeros(total, np.int64)
        p = 0
        for i in range(k):
            ph, pw = _extent(ocells, olen, i)
            for r0 in range(h - ph + 1):
                for c0 in range(w - pw + 1):
                    q = 0
                    for j in range(orlen[i]):
                        r = r0 + orims[i, j, 0]
                        c = c0 + orims[i, j, 1]
                        if 0 <= r < h and 0 <= c < w:
                            if fill:
                                rim[p, q] = r * w + c
                            q += 1
                    if fill:
                        for j in range(olen[i]):
                            cells[p, j] = (r0 + ocells[i, j, 0]) * w + c0 + ocells[i, j, 1]
                        sid[p] = osh[i]
                    rmax = max(rmax, q)
                    p += 1
        total = p
    return cells, rim, sid
