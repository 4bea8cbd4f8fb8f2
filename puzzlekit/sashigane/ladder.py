"""The Sashigane ladder: fit < cover < area < probe.

One variable per circle (row-major); its values are the L-shapes the circle's
piece could still be: every L on the board holding the circle at its bend
(anywhere, with the ``bend`` clause off).  Every circle owns its own copies of
shapes, so a cell's owner is read off the circles' survivors.

- ``fit``: a candidate dies unless it holds no other circle, exactly one
  arrow, on an arm's far end, pointing back at the bend, and has the printed
  size (each clause as the puzzle switches it);
- ``cover``: every cell has one owner.  A cell only one circle can reach goes
  to that circle; a cell every survivor of a circle covers is closed to the
  others.  It returns as soon as it has killed anything, so the count table
  is rebuilt before the next deduction (a stale table evicts true owners);
- ``area``: the sizes add up to ``h*w``; a candidate whose size leaves the
  other circles a total outside their [min, max] range dies;
- ``probe``: singleton consistency over the rungs below.

Under puzz.link's rules (``Puzzle.rules == "puzzlink"``: a piece may hold
no circle, and no arrow, one, or one at each end) the same rungs run over
other variables: one per cell that could be a bend (every cell but an
arrow's), its values the L's bent there, with arms that stop short of a
circle and at an arrow, and last the value "no piece is bent here" (size 0;
dead at once on a circle's cell).  Every answer is one assignment (each
piece named by its bend), so counts are the same as the pieces'.  ``fit``
then asks for at most one circle (on the bend) and at most two arrows.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from ..core._nb import call
from ..core.cache import puzzle_table, store
from ..core.ladder import Compiled, Ladder, Rung, State, probe_rung
from .model import Answer, Puzzle, l_parts

__all__ = ["SashiState", "initial_state", "decode", "encode", "LADDER", "kernel_arrays",
           "owners", "cover_stale", "variable_cells"]

WORK = ("fit checks", "cover tables", "area sweeps")


class SashiState(State):
    """Candidate L-shapes of every circle (row-major circle order)."""

    __slots__ = ()


def kernel_arrays(p: Puzzle):
    """Arrays the kernels read, built once per puzzle: ``(offsets, cand_off,
    cand_cells, cand_var, cand_size, adm, meta, stale, inv_off, inv_k)`` with
    ``meta = [h, w, dialect]``; under puzz.link's rules ``inv_k[inv_off[x]:
    inv_off[x + 1]]`` are the candidates covering cell ``x`` in order (empty
    under the article's)."""
    def build(p):
        return _build(p, False)
    return puzzle_table(p, "sashigane.kernel_arrays", build)


def variable_cells(p: Puzzle) -> np.ndarray:
    """The cell each variable stands for: the circles (article's rules), or
    every cell that could be a bend (puzz.link's: every cell but an arrow's
    while the ``end`` clause is on).

    >>> p = Puzzle.make(2, 2, {0: 0}, {3: 0}, rules="puzzlink")
    >>> variable_cells(p).tolist(), variable_cells(p.with_rules("article")).tolist()
    ([0, 1, 2], [0])
    """
    if not p.dialect:
        return p.circle_cells.astype(np.int64)
    if "end" in p.off:
        return np.arange(p.h * p.w, dtype=np.int64)
    return np.flatnonzero(p.arrow < 0).astype(np.int64)


def _build(p: Puzzle, stale: bool):
    vcells = variable_cells(p)
    bend_on = "bend" not in p.off
    nv = len(vcells)
    counts = np.zeros(nv, np.int64)
    if p.dialect:
        cuts = np.array([int(bend_on), int("end" not in p.off)], np.int64)

        def enum(sizes, cells, geo, mode):
            _enum_dialect_jit(p.h, p.w, vcells, p.circle, p.arrow, cuts, counts, sizes, cells,
                              geo, mode)
    else:
        def enum(sizes, cells, geo, mode):
            _enum_jit(p.h, p.w, vcells, bend_on, counts, sizes, cells, geo, mode)
    enum(np.zeros(1, np.int64), np.zeros(1, np.int64), np.zeros((1, 3), np.int64), 0)
    offsets = np.zeros(nv + 1, np.int64)
    offsets[1:] = np.cumsum(counts)
    m = int(offsets[-1])
    cand_off = np.zeros(m + 1, np.int64)
    sizes = np.zeros(m, np.int64)
    geo = np.zeros((m, 3), np.int64)              # bend, vertical end, horizontal end
    enum(sizes, np.zeros(1, np.int64), geo, 1)
    cand_off[1:] = np.cumsum(sizes)
    cells = np.zeros(int(cand_off[-1]), np.int64)
    enum(sizes, cells, geo, 2)
    cand_var = np.repeat(np.arange(nv, dtype=np.int64), counts)
    flags = np.array([c not in p.off for c in ("home", "end", "bend", "size")] +
                     [p.dialect], np.int64)
    adm = np.zeros(m, np.bool_)
    _admissible_jit(cand_off, cells, geo, p.w, p.circle, p.arrow, flags, adm)
    if p.dialect and bend_on:                 # a circle's cell is the bend of its piece
        adm[offsets[1:][p.circle[vcells] >= 0] - 1] = False
    meta = np.array([p.h, p.w, int(p.dialect)], np.int64)
    if p.dialect:
        inv_k = np.repeat(np.arange(m, dtype=np.int64), sizes)[np.argsort(cells, kind="stable")]
        inv_off = np.zeros(p.h * p.w + 1, np.int64)
        inv_off[1:] = np.cumsum(np.bincount(cells, minlength=p.h * p.w))
    else:
        inv_k = inv_off = np.zeros(1, np.int64)
    return (offsets, cand_off, cells, cand_var, sizes, adm, meta,
            np.array([1 if stale else 0], np.int64), inv_off, inv_k)


def initial_state(puzzle: Puzzle) -> SashiState:
    """Every circle's geometric candidates; nothing inferred.

    >>> p = Puzzle.from_json({"size": [2, 3], "circles": [[1, 0, None], [0, 2, None]],
    ...                       "arrows": [[0, 0, "v"], [1, 2, "^"]]})
    >>> initial_state(p).live_counts().tolist()
    [2, 2]
    """
    return SashiState(puzzle, kernel_arrays(puzzle)[0])


def owners(state: State) -> np.ndarray:
    """Per cell, the variable (a circle, or a bend cell) owning it when every survivor that
    reaches it belongs to one circle and that circle is decided; else -1."""
    off, co, cells, cv = kernel_arrays(state.puzzle)[:4]
    n = state.puzzle.h * state.puzzle.w
    out = np.full(n, -1, np.int64)
    many = np.zeros(n, bool)
    dec = state.live_counts() == 1
    for k in np.flatnonzero(state.bits):
        v = cv[k]
        for x in cells[co[k]:co[k + 1]]:
            if not dec[v] or (out[x] >= 0 and out[x] != v):
                many[x] = True
            out[x] = v
    out[many] = -1
    return out


def decode(state: State) -> Answer:
    """The answer of a decided state: each variable's surviving L (the first
    live one of an undecided variable; "no piece bent here" adds none)."""
    off, co, cells = kernel_arrays(state.puzzle)[:3]
    w = state.puzzle.w
    pieces = []
    for v, k in enumerate(state.values().tolist()):
        if k >= 0:
            b = off[v] + k
            if co[b + 1] > co[b]:
                pieces.append([divmod(int(x), w) for x in cells[co[b]:co[b + 1]]])
    return Answer.make(pieces)


def encode(puzzle: Puzzle, answer: Answer) -> SashiState:
    """The decided state of an answer (the inverse of :func:`decode`).

    >>> p = Puzzle.from_json({"size": [2, 3], "circles": [[1, 0, None], [0, 2, None]],
    ...                       "arrows": [[0, 0, "v"], [1, 2, "^"]]})
    >>> a = Answer.make([[(0, 0), (1, 0), (1, 1)], [(0, 1), (0, 2), (1, 2)]])
    >>> s = encode(p, a); s.solved(), decode(s) == a
    (True, True)
    >>> s = encode(p.with_rules("puzzlink"), a); s.solved(), decode(s) == a
    (True, True)
    """
    off, co, cells = kernel_arrays(puzzle)[:3]
    w = puzzle.w
    s = initial_state(puzzle)
    s.bits[:] = False
    vcells = variable_cells(puzzle)
    placed = np.zeros(len(vcells), bool)
    for piece in answer.pieces:
        flat = sorted(r * w + c for r, c in piece)
        if puzzle.dialect:
            parts = l_parts(piece)
            mine = [] if parts is None else [parts[0][0] * w + parts[0][1]]
            what = "is not an L bent on a variable's cell"
        else:
            mine = [x for x in flat if puzzle.circle[x] >= 0]
            what = "does not hold exactly one circle"
        v = int(np.searchsorted(vcells, mine[0])) if len(mine) == 1 else len(vcells)
        if v == len(vcells) or vcells[v] != mine[0]:
            raise ValueError(f"piece {piece} {what}")
        for b in range(off[v], off[v + 1]):
            if co[b + 1] > co[b] and sorted(cells[co[b]:co[b + 1]].tolist()) == flat:
                s.bits[b] = True
                placed[v] = True
                break
        else:
            raise ValueError(f"piece {piece} is not a candidate of its variable")
    if puzzle.dialect:
        s.bits[off[1:][~placed] - 1] = True           # no piece bent on the other cells
    return s


def cover_stale(puzzle: Puzzle) -> SashiState:
    """A state whose ``cover`` keeps sweeping on the table it built before its
    first kill (the bug the second engine caught); for tests only."""
    s = SashiState.__new__(SashiState)
    arr = _build(puzzle, True)
    State.__init__(s, puzzle, arr[0])
    object.__setattr__(s, "puzzle", _StalePuzzle(puzzle, arr))
    return s


class _StalePuzzle:
    """A puzzle stand-in carrying the stale-cover kernel arrays."""

    def __init__(self, p, arr):
        self.__dict__.update(h=p.h, w=p.w, circle=p.circle, arrow=p.arrow, rules=p.rules,
                             off=p.off, circle_cells=p.circle_cells, dialect=p.dialect,
                             inner=p)
        store(self, "sashigane.kernel_arrays", arr)


# ---------------------------------------------------------------- rungs
def _rung(i, name):
    def fn(state, counters):
        work = np.zeros(len(WORK) + 1, np.int64)
        r = _apply_jit(i, state.bits, kernel_arrays(state.puzzle), work)
        for k, v in zip(WORK, work.tolist()):
            if v:
                counters[k] += v
        return int(r)
    fn.__name__ = fn.__qualname__ = name
    return fn


# ---------------------------------------------------------------- kernels
@njit(cache=True)
def _emit(k, br, bc, sv, a, sh, b, w, sizes, cells, geo, pos, mode):
    if mode == 2:
        p = pos
        cells[p] = br * w + bc
        for i in range(1, a + 1):
            cells[p + i] = (br + sv * i) * w + bc
        for j in range(1, b + 1):
            cells[p + a + j] = br * w + bc + sh * j
    else:
        sizes[k] = a + b + 1
        geo[k, 0] = br * w + bc
        geo[k, 1] = (br + sv * a) * w + bc
        geo[k, 2] = br * w + bc + sh * b
    return pos + a + b + 1


@njit(cache=True)
def _enum_jit(h, w, circles, bend_on, counts, sizes, cells, geo, mode):
    """Enumerate every circle's geometric candidates: mode 0 counts them per
    circle, mode 1 records sizes and ends, mode 2 fills in the cells."""
    k = 0
    pos = 0
    counting = mode == 0
    for v in range(circles.shape[0]):
        x = circles[v]
        r, c = x // w, x % w
        nk = 0
        for br in range(h):
            for bc in range(w):
                if br != r and bc != c:
                    continue
                if bend_on and (br != r or bc != c):
                    continue
                for sv in (-1, 1):
                    amax = br if sv < 0 else h - 1 - br
                    for sh in (-1, 1):
                        bmax = bc if sh < 0 else w - 1 - bc
                        for a in range(1, amax + 1):
                            if bc == c and br != r and not (sv * (r - br) > 0 and
                                                            abs(r - br) <= a):
                                continue
                            for b in range(1, bmax + 1):
                                if br == r and bc != c and not (sh * (c - bc) > 0 and
                                                                abs(c - bc) <= b):
                                    continue
                                if not counting:
                                    pos = _emit(k, br, bc, sv, a, sh, b, w, sizes, cells, geo,
                                                pos, mode)
                                k += 1
                                nk += 1
        if counting:
            counts[v] = nk


@njit(cache=True)
def _arm(h, w, br, bc, dr, dc, circle, arrow, cuts):
    """How far an arm from the bend ``(br, bc)`` may run in direction
    ``(dr, dc)`` under puzz.link's rules: to the board's edge, stopping short
    of a circle (``cuts[0]``: circles sit on bends) and at an arrow
    (``cuts[1]``: arrows sit on an arm's far end)."""
    n = 0
    r, c = br + dr, bc + dc
    while 0 <= r < h and 0 <= c < w:
        x = r * w + c
        if cuts[0] == 1 and circle[x] >= 0:
            break
        n += 1
        if cuts[1] == 1 and arrow[x] >= 0:
            break
        r += dr
        c += dc
    return n


@njit(cache=True)
def _enum_dialect_jit(h, w, vcells, circle, arrow, cuts, counts, sizes, cells, geo, mode):
    """:func:`_enum_jit` under puzz.link's rules: variable ``v`` is the bend
    cell ``vcells[v]``; its values are the L's bent there whose arms
    :func:`_arm` allows, then "no piece is bent here" (no cells, size 0)."""
    k = 0
    pos = 0
    for v in range(vcells.shape[0]):
        x = vcells[v]
        br, bc = x // w, x % w
        nk = 0
        for sv in (-1, 1):
            amax = _arm(h, w, br, bc, sv, 0, circle, arrow, cuts)
            for sh in (-1, 1):
                bmax = _arm(h, w, br, bc, 0, sh, circle, arrow, cuts)
                for a in range(1, amax + 1):
                    for b in range(1, bmax + 1):
                        if mode != 0:
                            pos = _emit(k, br, bc, sv, a, sh, b, w, sizes, cells, geo, pos, mode)
                        k += 1
                        nk += 1
        if mode == 1:                       # the empty value
            sizes[k] = 0
            geo[k, 0] = geo[k, 1] = geo[k, 2] = -1
        k += 1
        nk += 1
        if mode == 0:
            counts[v] = nk


@njit(cache=True)
def _admissible_jit(cand_off, cells, geo, w, circle, arrow, flags, adm):
    home, end, onbend, size, dialect = flags[0], flags[1], flags[2], flags[3], flags[4]
    for k in range(cand_off.shape[0] - 1):
        a, b = cand_off[k], cand_off[k + 1]
        bend, vend, hend = geo[k, 0], geo[k, 1], geo[k, 2]
        br, bc = bend // w, bend % w
        nc = 0
        na = 0
        ok = True
        for t in range(a, b):
            x = cells[t]
            if circle[x] >= 0:
                nc += 1
                if (onbend == 1 and x != bend) or (size == 1 and circle[x] > 0
                                                   and circle[x] != b - a):
                    ok = False
            d = arrow[x]
            if d >= 0:
                na += 1
                if end == 1 and x != vend and x != hend:
                    ok = False
                if home == 1:
                    r, c = x // w, x % w
                    good = (c == bc and ((d == 0 and br < r) or (d == 1 and br > r))) or \
                        (r == br and ((d == 2 and bc < c) or (d == 3 and bc > c)))
                    if not good:
                        ok = False
        if dialect == 1:
            adm[k] = ok and nc <= 1 and na <= 2
        else:
            adm[k] = ok and nc == 1 and na == 1


@njit(cache=True)
def _fit_jit(bits, adm):
    changed = 0
    for k in range(bits.shape[0]):
        if bits[k] and not adm[k]:
            bits[k] = False
            changed = 1
    return changed, bits.shape[0]


@njit(cache=True)
def _cover_jit(bits, offsets, cand_off, cells, cand_var, n, stale):
    nv = offsets.shape[0] - 1
    cnt = np.zeros((nv, n), np.int32)
    live = np.zeros(nv, np.int64)
    for k in range(bits.shape[0]):
        if bits[k]:
            v = cand_var[k]
            live[v] += 1
            for t in range(cand_off[k], cand_off[k + 1]):
                cnt[v, cells[t]] += 1
    changed = 0
    for x in range(n):
        reach = 0
        who = -1
        for v in range(nv):
            if cnt[v, x] > 0:
                reach += 1
                who = v
        if reach == 0:
            return -1
        if reach == 1:                    # the cell goes to its only circle
            for k in range(offsets[who], offsets[who + 1]):
                if bits[k]:
                    hit = False
                    for t in range(cand_off[k], cand_off[k + 1]):
                        if cells[t] == x:
                            hit = True
                    if not hit:
                        bits[k] = False
                        live[who] -= 1
                        changed = 1
            if changed and stale == 0:
                return 1
        for v in range(nv):               # every survivor of v covers x: closed to others
            if live[v] == 0 or cnt[v, x] != live[v]:
                continue
            for u in range(nv):
                if u == v or cnt[u, x] == 0:
                    continue
                for k in range(offsets[u], offsets[u + 1]):
                    if bits[k]:
                        for t in range(cand_off[k], cand_off[k + 1]):
                            if cells[t] == x:
                                bits[k] = False
                                live[u] -= 1
                                changed = 1
                                break
            if changed and stale == 0:
                return 1
    return changed


@njit(cache=True)
def _cover_sparse_jit(bits, offsets, cand_off, cells, cand_var, n, inv_off, inv_k):
    """:func:`_cover_jit`'s two deductions read off the cells' candidate
    lists rather than a variables-by-cells table (under puzz.link's rules
    every cell is a variable, and the table would cost ``n*n`` a call).
    Each cell's counts are read from the live bits when the sweep reaches
    it and the live counts are kept up to date, so one call sweeps on after
    a kill without a stale table; it reaches the same fixpoint."""
    nv = offsets.shape[0] - 1
    live = np.zeros(nv, np.int64)
    for k in range(bits.shape[0]):
        if bits[k]:
            live[cand_var[k]] += 1
    changed = 0
    for x in range(n):
        a, b = inv_off[x], inv_off[x + 1]
        reach = 0
        who = -1
        for t in range(a, b):                 # candidates come grouped by variable
            k = inv_k[t]
            if bits[k] and cand_var[k] != who:
                reach += 1
                who = cand_var[k]
        if reach == 0:
            return -1
        if reach == 1:                        # the cell goes to its only variable
            for k in range(offsets[who], offsets[who + 1]):
                if bits[k]:
                    hit = False
                    for t in range(cand_off[k], cand_off[k + 1]):
                        if cells[t] == x:
                            hit = True
                    if not hit:
                        bits[k] = False
                        live[who] -= 1
                        changed = 1
            continue
        t = a
        while t < b:                          # every survivor of v covers x: closed to others
            v = cand_var[inv_k[t]]
            c = 0
            while t < b and cand_var[inv_k[t]] == v:
                if bits[inv_k[t]]:
                    c += 1
                t += 1
            if c == 0 or c != live[v]:
                continue
            for u in range(a, b):
                k = inv_k[u]
                if bits[k] and cand_var[k] != v:
                    bits[k] = False
                    live[cand_var[k]] -= 1
                    changed = 1
            break
    return changed


@njit(cache=True)
def _area_jit(bits, offsets, sizes, n):
    nv = offsets.shape[0] - 1
    lo = np.zeros(nv, np.int64)
    hi = np.zeros(nv, np.int64)
    smin = 0
    smax = 0
    for v in range(nv):
        mn, mx = 1 << 40, -1
        for k in range(offsets[v], offsets[v + 1]):
            if bits[k]:
                mn = min(mn, sizes[k])
                mx = max(mx, sizes[k])
        if mx < 0:
            return -1
        lo[v], hi[v] = mn, mx
        smin += mn
        smax += mx
    if smin > n or smax < n:
        return -1
    changed = 0
    for v in range(nv):
        for k in range(offsets[v], offsets[v + 1]):
            if bits[k] and (sizes[k] + smin - lo[v] > n or sizes[k] + smax - hi[v] < n):
                bits[k] = False
                changed = 1
    return changed


@njit(cache=True)
def _apply_jit(i, bits, data, work):
    """Rung ``i`` for the core's compiled loop (``data`` is :func:`kernel_arrays`)."""
    offsets, cand_off, cells, cand_var, sizes, adm, meta, stale, inv_off, inv_k = data
    n = meta[0] * meta[1]
    if i == 0:
        r, wk = call(_fit_jit, bits, adm)
        work[0] += wk
        return r
    if i == 1:
        work[1] += 1
        if meta[2] == 1:
            return call(_cover_sparse_jit, bits, offsets, cand_off, cells, cand_var, n, inv_off,
                        inv_k)
        return call(_cover_jit, bits, offsets, cand_off, cells, cand_var, n, stale[0])
    work[2] += 1
    return call(_area_jit, bits, offsets, sizes, n)


@njit(cache=True)
def _legal_jit(bits, data):
    """The rules on a decided state: every circle's L admissible, and the
    chosen L's cover every cell exactly once."""
    offsets, cand_off, cells, cand_var, sizes, adm, meta, stale, inv_off, inv_k = data
    n = meta[0] * meta[1]
    seen = np.zeros(n, np.bool_)
    total = 0
    for k in range(bits.shape[0]):
        if bits[k]:
            if not adm[k]:
                return False
            for t in range(cand_off[k], cand_off[k + 1]):
                if seen[cells[t]]:
                    return False
                seen[cells[t]] = True
                total += 1
    return total == n


KERNELS = Compiled(apply=_apply_jit, data=kernel_arrays, work=WORK, legal=_legal_jit)

LADDER = Ladder([
    Rung("fit", _rung(0, "fit"), "#7f7f7f",
         "a circle's L's: no other circle, one arrow at an end pointing home, the right size"),
    Rung("cover", _rung(1, "cover"), "#1f77b4",
         "one owner per cell: a cell one circle can reach is its; a cell all of a circle's "
         "L's cover is closed to the rest"),
    Rung("area", _rung(2, "area"), "#2ca02c",
         "the sizes add up to h*w: a size that leaves the rest an impossible total dies"),
    probe_rung("#d62728"),
], compiled=KERNELS)
