"""The Heteromino ladder: fit < region < hetero < probe.

One variable per white cell; its values are the pieces (placements that fit
the white cells) that could still cover it, so a piece owns one bit in each
of its three cells' variables.  A piece is alive only while all three of its
bits are.  Search branches on "which piece owns this cell": the subtrees
partition the answers, so nothing is excluded between them (the core search
never removes a tried value from the parent).

``region`` only checks: it never removes a candidate, it reports a
contradiction when some open region (connected white cells no decided piece
covers) has a size that is not a multiple of three.  It does not look ahead
at candidates that would split off such a region; that lookahead is what
``probe`` does for every candidate at once.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from ..core.ladder import Compiled, Ladder, Rung, State, probe_rung
from .model import Answer, Puzzle, placements

__all__ = ["HeteroState", "initial_state", "decode", "encode", "LADDER", "fit", "region",
           "hetero", "kernel_arrays", "owners", "decided_cells"]


class HeteroState(State):
    """Candidate pieces of every white cell (``puzzle.white`` order)."""

    __slots__ = ()


def kernel_arrays(p: Puzzle):
    """Arrays the kernels read, built once per puzzle:
    ``(pl, pl_bits, bit_pl, offsets, var_of_bit, tch_off, tch_idx, ct_off, ct_idx,
    pl_cls, var_of_cell, nbrs)``."""
    if getattr(p, "_karr", None) is None:
        object.__setattr__(p, "_karr", _build(p))
    return p._karr


def _build(p: Puzzle):
    n, w = p.h * p.w, p.w
    pl = placements(p)
    m = len(pl)
    var_of_cell = np.full(n, -1, dtype=np.int64)
    white = np.flatnonzero(~p.black)
    var_of_cell[white] = np.arange(len(white))
    per_cell = [[] for _ in range(len(white))]
    for q in range(m):
        for t in range(3):
            per_cell[var_of_cell[pl[q, 1 + t]]].append((q, t))
    offsets = np.zeros(len(white) + 1, dtype=np.int64)
    offsets[1:] = np.cumsum([len(x) for x in per_cell])
    nb = int(offsets[-1])
    pl_bits = np.zeros((m, 3), dtype=np.int64)
    bit_pl = np.zeros(nb, dtype=np.int64)
    var_of_bit = np.zeros(nb, dtype=np.int64)
    for v, lst in enumerate(per_cell):
        for j, (q, t) in enumerate(lst):
            pl_bits[q, t] = offsets[v] + j
            bit_pl[offsets[v] + j] = q
            var_of_bit[offsets[v] + j] = v
    cls = p.classes[pl[:, 0]] if m else np.zeros(0, dtype=np.int64)
    nbrs = np.ascontiguousarray(p.grid.nbrs, dtype=np.int64)
    # pieces whose cells touch each cell without covering it
    touch = [set() for _ in range(n)]
    for q in range(m):
        cells = set(pl[q, 1:].tolist())
        for c in cells:
            for d in nbrs[c]:
                if d >= 0 and d not in cells:
                    touch[d].add(q)
    ct = [sorted(touch[c]) for c in white]
    ct_off = np.zeros(len(white) + 1, dtype=np.int64)
    ct_off[1:] = np.cumsum([len(x) for x in ct])
    ct_idx = np.array([q for x in ct for q in x], dtype=np.int64)
    # same-class pieces that share an edge with each piece (and are disjoint from it)
    tch = []
    for q in range(m):
        if cls[q] < 0:
            tch.append([])
            continue
        cells = set(pl[q, 1:].tolist())
        out = set()
        for c in cells:
            for d in nbrs[c]:
                if d >= 0 and d not in cells and var_of_cell[d] >= 0:
                    v = var_of_cell[d]
                    for b in range(offsets[v], offsets[v + 1]):
                        r = bit_pl[b]
                        if cls[r] == cls[q] and not cells & set(pl[r, 1:].tolist()):
                            out.add(int(r))
        tch.append(sorted(out))
    tch_off = np.zeros(m + 1, dtype=np.int64)
    tch_off[1:] = np.cumsum([len(x) for x in tch])
    tch_idx = np.array([r for x in tch for r in x], dtype=np.int64)
    return (pl, pl_bits, bit_pl, offsets, var_of_bit, tch_off, tch_idx, ct_off, ct_idx,
            np.ascontiguousarray(cls, dtype=np.int64), var_of_cell, nbrs)


def initial_state(puzzle: Puzzle) -> HeteroState:
    """Every white cell's candidates: every piece that fits the white cells
    and covers it.  Nothing is inferred.

    >>> s = initial_state(Puzzle.from_json({"size": [2, 3], "black": []}))
    >>> s.n_vars, s.live_counts().tolist()
    (6, [4, 7, 4, 4, 7, 4])
    """
    arr = kernel_arrays(puzzle)
    return HeteroState(puzzle, arr[3])


def owners(state: State) -> np.ndarray:
    """Per white cell, the piece index of its first live candidate (-1 if none)."""
    arr = kernel_arrays(state.puzzle)
    vals = state.values()
    out = np.full(len(vals), -1, dtype=np.int64)
    ok = vals >= 0
    out[ok] = arr[2][arr[3][:-1][ok] + vals[ok]]
    return out


def decided_cells(state: State) -> np.ndarray:
    """Mask over white cells: exactly one candidate left."""
    return state.live_counts() == 1


def decode(state: State) -> Answer:
    """The answer of a decided state: the distinct pieces the cells chose
    (cells that disagree give overlapping pieces, which the referee refuses)."""
    pl = kernel_arrays(state.puzzle)[0]
    w = state.puzzle.w
    qs = sorted(set(owners(state).tolist()) - {-1})
    return Answer.make([[divmod(int(c), w) for c in pl[q, 1:]] for q in qs])


def encode(puzzle: Puzzle, answer: Answer) -> HeteroState:
    """The fully decided state of an answer (the inverse of :func:`decode`).

    >>> p = Puzzle.from_json({"size": [2, 3], "black": []})
    >>> a = Answer.make([[(0, 0), (0, 1), (1, 0)], [(0, 2), (1, 1), (1, 2)]])
    >>> s = encode(p, a); s.solved(), decode(s) == a
    (True, True)
    """
    arr = kernel_arrays(puzzle)
    pl, pl_bits = arr[0], arr[1]
    index = {tuple(r[1:].tolist()): q for q, r in enumerate(pl)}
    s = initial_state(puzzle)
    s.bits[:] = False
    w = puzzle.w
    for piece in answer.pieces.tolist():
        key = tuple(sorted(r * w + c for r, c in piece))
        if key not in index:
            raise ValueError(f"piece {piece} is not a piece of this board")
        s.bits[pl_bits[index[key]]] = True
    return s


def fit(state: HeteroState, counters) -> int:
    """Exact cover: a piece dies when one of its cells has lost it; a cell
    with one candidate takes it, so every piece overlapping it dies, and so
    does every piece of its shape touching it.

    >>> from collections import Counter
    >>> p = Puzzle.from_json({"size": [3, 3], "black": [[0, 0], [0, 1], [2, 2]]})
    >>> s = initial_state(p); fit(s, Counter()), s.solved()
    (1, True)
    """
    a = kernel_arrays(state.puzzle)
    r, work = _fit_jit(state.bits, a[1], a[2], a[3], a[4], a[5], a[6])
    counters["fit scans"] += int(work)
    return int(r)


def region(state: HeteroState, counters) -> int:
    """Every open region (white cells no decided piece covers, joined by
    edges) holds a multiple of three cells; a check only, it removes nothing."""
    a = kernel_arrays(state.puzzle)
    r, work = _region_jit(state.bits, a[0], a[2], a[3], a[10], a[11])
    counters["region floods"] += int(work)
    return int(r)


def hetero(state: HeteroState, counters) -> int:
    """When every candidate of a cell has one shape, whoever owns it has that
    shape, so every piece of that shape touching the cell without covering
    it dies: a deduction about a piece not yet identified."""
    a = kernel_arrays(state.puzzle)
    r, work = _hetero_jit(state.bits, a[1], a[2], a[3], a[7], a[8], a[9])
    counters["hetero kills"] += int(work)
    return int(r)


# ---------------------------------------------------------------- kernels
@njit(cache=True)
def _kill(bits, pl_bits, q):
    hit = False
    for t in range(3):
        if bits[pl_bits[q, t]]:
            bits[pl_bits[q, t]] = False
            hit = True
    return hit


@njit(cache=True)
def _fit_jit(bits, pl_bits, bit_pl, offsets, var_of_bit, tch_off, tch_idx):
    m = pl_bits.shape[0]
    nv = offsets.shape[0] - 1
    changed = False
    work = 0
    again = True
    while again:
        again = False
        for q in range(m):
            a = bits[pl_bits[q, 0]]
            b = bits[pl_bits[q, 1]]
            c = bits[pl_bits[q, 2]]
            if (a or b or c) and not (a and b and c):
                _kill(bits, pl_bits, q)
                again = True
        for v in range(nv):
            work += 1
            cnt = 0
            last = -1
            for k in range(offsets[v], offsets[v + 1]):
                if bits[k]:
                    cnt += 1
                    last = k
            if cnt == 0:
                return -1, work
            if cnt != 1:
                continue
            q = bit_pl[last]
            for t in range(3):
                keep = pl_bits[q, t]
                u = var_of_bit[keep]
                for k in range(offsets[u], offsets[u + 1]):
                    if k != keep and bits[k]:
                        bits[k] = False
                        again = True
            for j in range(tch_off[q], tch_off[q + 1]):
                if _kill(bits, pl_bits, tch_idx[j]):
                    again = True
        if again:
            changed = True
    return (1 if changed else 0), work


@njit(cache=True)
def _region_jit(bits, pl, bit_pl, offsets, var_of_cell, nbrs):
    n = var_of_cell.shape[0]
    nv = offsets.shape[0] - 1
    covered = np.zeros(n, np.bool_)
    for v in range(nv):
        cnt = 0
        last = -1
        for k in range(offsets[v], offsets[v + 1]):
            if bits[k]:
                cnt += 1
                last = k
        if cnt == 1:
            q = bit_pl[last]
            for t in range(3):
                covered[pl[q, 1 + t]] = True
    seen = np.zeros(n, np.bool_)
    stack = np.empty(n, np.int64)
    work = 0
    for s in range(n):
        if var_of_cell[s] < 0 or covered[s] or seen[s]:
            continue
        work += 1
        top = 0
        stack[top] = s
        top += 1
        seen[s] = True
        size = 0
        while top > 0:
            top -= 1
            c = stack[top]
            size += 1
            for d in range(4):
                e = nbrs[c, d]
                if e >= 0 and var_of_cell[e] >= 0 and not covered[e] and not seen[e]:
                    seen[e] = True
                    stack[top] = e
                    top += 1
        if size % 3 != 0:
            return -1, work
    return 0, work


@njit(cache=True)
def _hetero_jit(bits, pl_bits, bit_pl, offsets, ct_off, ct_idx, pl_cls):
    nv = offsets.shape[0] - 1
    changed = False
    work = 0
    for v in range(nv):
        k0 = -2
        same = True
        for k in range(offsets[v], offsets[v + 1]):
            if bits[k]:
                c = pl_cls[bit_pl[k]]
                if k0 == -2:
                    k0 = c
                elif c != k0:
                    same = False
                    break
        if not same or k0 < 0:
            continue
        for j in range(ct_off[v], ct_off[v + 1]):
            q = ct_idx[j]
            if pl_cls[q] == k0 and _kill(bits, pl_bits, q):
                work += 1
                changed = True
    return (1 if changed else 0), work


@njit(cache=True)
def _apply_jit(i, bits, data, work):
    """Rung ``i`` for the core's compiled loop (``data`` is :func:`kernel_arrays`)."""
    pl, pl_bits, bit_pl, offsets, var_of_bit, tch_off, tch_idx, ct_off, ct_idx, pl_cls, \
        var_of_cell, nbrs = data
    if i == 0:
        r, w = _fit_jit(bits, pl_bits, bit_pl, offsets, var_of_bit, tch_off, tch_idx)
    elif i == 1:
        r, w = _region_jit(bits, pl, bit_pl, offsets, var_of_cell, nbrs)
    else:
        r, w = _hetero_jit(bits, pl_bits, bit_pl, offsets, ct_off, ct_idx, pl_cls)
    work[i] += w
    return r


@njit(cache=True)
def _legal_jit(bits, data):
    """The rules on a decided state: every cell's piece is chosen by all three
    of its cells, and no two chosen pieces of one class share an edge."""
    pl, pl_bits, bit_pl, offsets, var_of_bit, tch_off, tch_idx, ct_off, ct_idx, pl_cls, \
        var_of_cell, nbrs = data
    nv = offsets.shape[0] - 1
    for v in range(nv):
        q = -1
        for k in range(offsets[v], offsets[v + 1]):
            if bits[k]:
                q = bit_pl[k]
        if q < 0:
            return False
        for t in range(3):
            if not bits[pl_bits[q, t]]:
                return False
        for j in range(tch_off[q], tch_off[q + 1]):
            if bits[pl_bits[tch_idx[j], 0]]:
                return False
    return True


# ---------------------------------------------------------------- the ladder
LADDER = Ladder([
    Rung("fit", fit, "#7f7f7f", "exact cover; an owned cell's piece kills its same-shape neighbours"),
    Rung("region", region, "#1f77b4", "every open region holds a multiple of three cells"),
    Rung("hetero", hetero, "#2ca02c", "a cell whose candidates share one shape bars that shape next door"),
    probe_rung("#d62728"),
], compiled=Compiled(apply=_apply_jit, data=kernel_arrays, legal=_legal_jit,
                     work=("fit scans", "region floods", "hetero kills")))
