"""The Heteromino ladder: fit < region < hetero < pair < probe.

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

``pair`` is ours, not the article's: a piece dies when a white cell beside
it has no candidate left that could stand next to it (every piece still
covering that cell overlaps it or has its shape).  ``hetero`` is its case of
a cell whose candidates share one shape; on an untouched board, where the
rungs below it remove nothing, ``pair`` already removes candidates wherever
black cells or the edge leave a cell few ways to be covered.  The article's
tables are measured without it
(:mod:`puzzlekit.heteromino.article`).

The tables the kernels read are built in :mod:`puzzlekit.heteromino.tables`,
the kernels are in :mod:`puzzlekit.heteromino.kernels`.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from ..core._nb import call
from ..core.ladder import Compiled, KernelHints, Ladder, Rung, State, probe_rung
from .kernels import _fit_jit, _hetero_jit, _pair_jit, _region_jit
from .model import Answer, Puzzle
from .tables import _META, kernel_arrays, kernel_data

__all__ = ["HeteroState", "initial_state", "decode", "encode", "LADDER", "fit", "region", "pair",
           "hetero", "kernel_arrays", "kernel_data", "owners", "decided_cells"]


class HeteroState(State):
    """Candidate pieces of every white cell (``puzzle.white`` order)."""

    __slots__ = ()


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
    return _run(0, state, counters)


def region(state: HeteroState, counters) -> int:
    """Every open region (white cells no decided piece covers, joined by
    edges) holds a multiple of three cells; a check only, it removes nothing."""
    return _run(1, state, counters)


def hetero(state: HeteroState, counters) -> int:
    """When every candidate of a cell has one shape, whoever owns it has that
    shape, so every piece of that shape touching the cell without covering
    it dies: a deduction about a piece not yet identified."""
    return _run(2, state, counters)


def pair(state: HeteroState, counters) -> int:
    """A piece dies when a white cell beside it has no candidate left that
    could stand next to it: every piece still covering that cell overlaps
    it or has its shape.  (Consistency between the owner of a cell and the
    owners of the cells beside it; ``hetero`` is its case of a cell whose
    candidates all share one shape.)

    >>> from collections import Counter
    >>> p = Puzzle.from_json({"size": [2, 3], "black": []})
    >>> s = initial_state(p); pair(s, Counter()), s.live_counts().tolist()
    (1, [2, 2, 2, 2, 2, 2])
    """
    return _run(3, state, counters)


_WORK = ("fit scans", "region floods", "hetero kills", "pair kills")


def _run(i, state, counters) -> int:
    """Kernel rung ``i`` on the state, its work added to ``counters``."""
    work = np.zeros(len(_WORK), dtype=np.int64)
    r = _apply_jit(i, state.bits, kernel_data(state.puzzle), work)
    counters[_WORK[i]] += int(work[i])
    return int(r)


# ---------------------------------------------------------------- the compiled loop
@njit(cache=True, _nrt=False)
def _apply_jit(i, bits, data, work):
    """Rung ``i`` for the core's compiled loop (``data`` is :func:`kernel_data`).

    ``iw`` holds, in order: ``meta`` (:data:`_META`: the depths of fit's
    and hetero's reference stacks, region's stamp, fit's stamp, the depth of
    pair's stack), ``pend_n`` (one per hetero
    reference), ``done`` and ``cand`` (one per piece), ``mark`` and ``stack``
    (one per variable), ``dw`` (one per 8 bits, and one), ``pend`` (one row of
    variables per hetero reference); ``uw``: ``vdirty``, ``pmark``, ``hmark``."""
    offsets, P, Bt, lists, idx, wnb, refs, rw, iw, uw, vlo, po, sup = data
    n_refs = refs.shape[1]
    m1 = max(P.shape[0], 1)
    nv1 = max(offsets.shape[0] - 1, 1)
    o_done = _META + n_refs
    o_mark = o_done + 2 * m1
    o_dw = o_mark + 2 * nv1
    o_pend = o_dw + Bt.shape[0] // 8 + 1
    if i == 0:
        r, w = call(_fit_jit, bits, offsets, P, Bt, lists, idx, refs, rw, iw, uw, nv1,
                    o_done + m1, o_done, o_dw)
    elif i == 1:
        r, w = call(_region_jit, bits, offsets, P, Bt, wnb, iw, o_mark, o_mark + nv1)
    elif i == 2:
        r, w = call(_hetero_jit, bits, offsets, P, Bt, lists, idx, refs, rw, iw, uw, o_pend,
                    _META, nv1 + m1, o_mark + nv1, o_dw)
    else:
        r, w = call(_pair_jit, bits, offsets, P, Bt, refs, rw, iw, uw, vlo, po, sup, 4, o_dw,
                    o_mark + nv1)
    work[i] += w
    return r


@njit(cache=True, _nrt=False)
def _legal_jit(bits, data):
    """The rules on a decided state: every cell's piece is chosen by all three
    of its cells, and no two chosen pieces of one class share an edge."""
    offsets = data[0]
    P = data[1]
    Bt = data[2]
    lists = data[3]
    idx = data[4]
    nv = offsets.shape[0] - 1
    for v in range(nv):
        q = -1
        for k in range(offsets[v], offsets[v + 1]):
            if bits[k]:
                q = Bt[k, 0]
        if q < 0:
            return False
        for t in range(3):
            if not bits[P[q, t]]:
                return False
        for j in range(lists[q], lists[q + 1]):
            if bits[P[idx[j], 0]]:
                return False
    return True


# ---------------------------------------------------------------- the ladder
# reports_empty: fit visits every variable it changes (an emptied one is its
# -1), region removes nothing, hetero checks each variable it takes a piece from;
# settles: fit and pair each loop until a pass of theirs removes nothing;
# checks: region only checks, and an open region whose size is not a multiple
# of three stays so however the state narrows (a decided piece covers three
# cells of one region; what is left of it cannot all be multiples of three)
LADDER = Ladder([
    Rung("fit", fit, "#7f7f7f",
         "exact cover; an owned cell's piece kills its same-shape neighbours"),
    Rung("region", region, "#1f77b4", "every open region holds a multiple of three cells"),
    Rung("hetero", hetero, "#2ca02c",
         "a cell whose candidates share one shape bars that shape next door"),
    Rung("pair", pair, "#9467bd",
         "a piece dies when a cell beside it has no candidate that fits next to it"),
    probe_rung("#d62728"),
], compiled=Compiled(apply=_apply_jit, data=kernel_data, legal=_legal_jit, work=_WORK,
                     hints=KernelHints(reports_empty=True, settles=(0, 3), checks=(1,),
                                       no_refcounts=True)))
