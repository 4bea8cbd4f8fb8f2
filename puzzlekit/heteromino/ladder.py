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
"""
from __future__ import annotations

import numpy as np
from numba import njit

from ..core._nb import gather8, live_mask, lowbit64, words
from ..core.ladder import Compiled, KernelHints, Ladder, Rung, State, probe_rung
from .model import Answer, Puzzle, placements

__all__ = ["HeteroState", "initial_state", "decode", "encode", "LADDER", "fit", "region", "pair",
           "hetero", "kernel_arrays", "kernel_data", "owners", "decided_cells"]


class HeteroState(State):
    """Candidate pieces of every white cell (``puzzle.white`` order)."""

    __slots__ = ()


def kernel_arrays(p: Puzzle):
    """The puzzle's tables, built once per puzzle:
    ``(pl, pl_bits, bit_pl, offsets, var_of_bit, tch_off, tch_idx, ct_off, ct_idx,
    pl_cls, var_of_cell, nbrs)``.  The kernels read them packed
    (:func:`kernel_data`)."""
    if getattr(p, "_karr", None) is None:
        object.__setattr__(p, "_karr", _build(p))
    return p._karr


def kernel_data(p: Puzzle):
    """What the kernels read, built once per puzzle, in few arrays (the
    compiled loop hands this tuple to every kernel call):
    ``(offsets, P, Bt, lists, idx, wnb, refs, rw, iw, uw, vlo, po, sup)``.

    ``P[q]``: piece ``q``'s three bits, then its three variables; ``Bt[k]``:
    bit ``k``'s piece, variable and piece class; ``idx[lists[q]:lists[q + 1]]``
    the same-class pieces touching piece ``q`` (disjoint from it), and
    ``idx[lists[m + 1 + 6 v + c]:lists[m + 2 + 6 v + c]]`` the class-``c``
    pieces touching variable ``v`` without covering it (``m`` pieces);
    ``wnb[v]`` the white neighbours of variable ``v`` (-1 padded); ``refs[0]``,
    ``refs[1]`` and ``refs[2]`` the stacks of reference states of fit, hetero
    and pair (rows padded to a multiple of 8 bytes), ``rw`` the same memory
    read as uint64 words; ``iw`` / ``uw`` the kernels' int64 / uint8 working
    memory (laid out by :func:`_apply_jit`); ``vlo``, ``po`` and ``sup`` the
    pairs of :func:`pair` (:func:`_pairs_jit`).  The kernels write ``refs``,
    ``iw`` and ``uw`` on every call, so they are shared by every state of the
    puzzle in one process."""
    if getattr(p, "_kdata", None) is None:
        object.__setattr__(p, "_kdata", _pack(kernel_arrays(p)))
    return p._kdata


def _build(p: Puzzle):
    n = p.h * p.w
    pl = placements(p)
    m = len(pl)
    var_of_cell = np.full(n, -1, dtype=np.int64)
    white = np.flatnonzero(~p.black)
    var_of_cell[white] = np.arange(len(white))
    cls = np.ascontiguousarray(p.classes[pl[:, 0]] if m else np.zeros(0), dtype=np.int64)
    nbrs = np.ascontiguousarray(p.grid.nbrs, dtype=np.int64)
    offsets, pl_bits, bit_pl, var_of_bit, ct_off, ct_idx, tch_off, tch_idx = _tables_jit(
        np.ascontiguousarray(pl, dtype=np.int64), var_of_cell, nbrs, cls)
    return (pl, pl_bits, bit_pl, offsets, var_of_bit, tch_off, tch_idx, ct_off, ct_idx,
            cls, var_of_cell, nbrs)


@njit(cache=True)
def _tables_jit(pl, var_of_cell, nbrs, cls):
    """The bit layout and touch lists of :func:`_build`: a piece owns one bit
    in each of its cells' variables (a variable's bits in piece order); per
    white cell the pieces touching it without covering it, and per piece the
    same-class pieces, disjoint from it, that share an edge with it (every
    list increasing)."""
    m = pl.shape[0]
    n = var_of_cell.shape[0]
    nv = 0
    for c in range(n):
        if var_of_cell[c] >= 0:
            nv += 1
    offsets = np.zeros(nv + 1, np.int64)
    for q in range(m):
        for t in range(3):
            offsets[var_of_cell[pl[q, 1 + t]] + 1] += 1
    for v in range(nv):
        offsets[v + 1] += offsets[v]
    nb = offsets[nv]
    fill = offsets[:nv].copy()
    pl_bits = np.zeros((m, 3), np.int64)
    bit_pl = np.zeros(nb, np.int64)
    var_of_bit = np.zeros(nb, np.int64)
    for q in range(m):
        for t in range(3):
            v = var_of_cell[pl[q, 1 + t]]
            k = fill[v]
            fill[v] += 1
            pl_bits[q, t] = k
            bit_pl[k] = q
            var_of_bit[k] = v
    # every piece's rim (:func:`_rim`), found once: ``rims[q, :n_rim[q]]``
    last = np.full(n, -1, np.int64)
    rims = np.zeros((m, 3 * nbrs.shape[1]), np.int64)
    n_rim = np.zeros(m, np.int64)
    for q in range(m):
        n_rim[q] = _rim(pl, q, nbrs, var_of_cell, last, rims[q])
    # pieces touching each white cell without covering it (q ascending)
    cnt = np.zeros(nv + 1, np.int64)
    for sweep in range(2):
        if sweep == 1:
            for v in range(nv):
                cnt[v + 1] += cnt[v]
            ct_off = cnt.copy()
            ct_idx = np.zeros(cnt[nv], np.int64)
            pos = cnt[:nv].copy()
        for q in range(m):
            for i in range(n_rim[q]):
                v = rims[q, i]
                if sweep == 0:
                    cnt[v + 1] += 1
                else:
                    ct_idx[pos[v]] = q
                    pos[v] += 1
    # same-class disjoint pieces sharing an edge with each piece; each
    # variable's pieces listed by class first (``by_cls``, classes 0-5), so
    # a piece looks only at its own class beside it
    by_off = np.zeros(6 * nv + 1, np.int64)
    for b in range(nb):
        c = cls[bit_pl[b]]
        if c >= 0:
            by_off[6 * var_of_bit[b] + c + 1] += 1
    for j in range(6 * nv):
        by_off[j + 1] += by_off[j]
    by_cls = np.zeros(max(by_off[6 * nv], 1), np.int64)
    at = by_off[:6 * nv].copy()
    for b in range(nb):
        c = cls[bit_pl[b]]
        if c >= 0:
            j = 6 * var_of_bit[b] + c
            by_cls[at[j]] = bit_pl[b]
            at[j] += 1
    tch_off = np.zeros(m + 1, np.int64)
    buf = np.zeros(max(nb, 1), np.int64)
    mark = np.full(m, -1, np.int64)
    out = np.zeros(max(nb, 1), np.int64)
    n_out = 0
    cm = np.full(n, -1, np.int64)
    for q in range(m):
        k = 0
        cm[pl[q, 1]] = q
        cm[pl[q, 2]] = q
        cm[pl[q, 3]] = q
        if cls[q] >= 0:
            for i in range(n_rim[q]):
                v = rims[q, i]
                for t in range(by_off[6 * v + cls[q]], by_off[6 * v + cls[q] + 1]):
                    r = by_cls[t]
                    if mark[r] == q:
                        continue
                    if cm[pl[r, 1]] != q and cm[pl[r, 2]] != q and cm[pl[r, 3]] != q:
                        mark[r] = q
                        buf[k] = r
                        k += 1
        for i in range(1, k):                      # insertion sort: a few dozen at most
            x = buf[i]
            j = i - 1
            while j >= 0 and buf[j] > x:
                buf[j + 1] = buf[j]
                j -= 1
            buf[j + 1] = x
        if n_out + k > out.shape[0]:
            grown = np.zeros(2 * (n_out + k), np.int64)
            grown[:n_out] = out[:n_out]
            out = grown
        out[n_out:n_out + k] = buf[:k]
        n_out += k
        tch_off[q + 1] = n_out
    return offsets, pl_bits, bit_pl, var_of_bit, ct_off, ct_idx, tch_off, out[:n_out].copy()


@njit(cache=True)
def _rim(pl, q, nbrs, var_of_cell, last, out):
    """Write to ``out`` the variables of the white cells outside piece ``q``
    that share an edge with it, each once (``last[d] = q`` marks cell ``d``
    taken), in the order of the piece's cells and their neighbours; returns
    how many."""
    n = 0
    for t in range(3):
        c = pl[q, 1 + t]
        for j in range(nbrs.shape[1]):
            d = nbrs[c, j]
            if d < 0 or d == pl[q, 1] or d == pl[q, 2] or d == pl[q, 3]:
                continue
            v = var_of_cell[d]
            if v < 0 or last[d] == q:
                continue
            last[d] = q
            out[n] = v
            n += 1
    return n


# reference states kept by fit, by hetero and by pair (see the kernels)
_N_REFS = 48
# the head of the kernels' int64 working memory: the depths of the three
# reference stacks, region's stamp and fit's stamp
_META = 5


def _pack(arr):
    """:func:`kernel_data` from :func:`kernel_arrays`."""
    pl, pl_bits, bit_pl, offsets, var_of_bit, tch_off, tch_idx, ct_off, ct_idx, cls, \
        var_of_cell, nbrs = arr
    m = pl.shape[0]
    nv = offsets.shape[0] - 1
    nb = int(offsets[-1])
    P, Bt, lists, idx, wnb = _pack_jit(pl_bits, bit_pl, var_of_bit, tch_off, tch_idx, ct_off,
                                       ct_idx, cls, var_of_cell, nbrs)
    offsets = np.ascontiguousarray(offsets, dtype=np.int64)
    vlo, po, sup = _pairs_jit(offsets, P, Bt, wnb)
    if nv and int(np.diff(vlo).max()) > 64:     # a tromino tiling has at most 44: a bug if so
        raise AssertionError("a cell with more than 64 pieces beside it")
    refs = np.zeros((3, _N_REFS, max((nb + 7) // 8 * 8, 8)), dtype=np.bool_)
    m1, nv1 = max(m, 1), max(nv, 1)
    iw = np.zeros(_META + _N_REFS + 2 * m1 + 2 * nv1 + nb // 8 + 1 + _N_REFS * nv1,
                  dtype=np.int64)
    uw = np.zeros(2 * nv1 + m1, dtype=np.uint8)
    return (offsets, P, Bt, lists, idx, wnb, refs, refs.view(np.uint64), iw, uw, vlo, po, sup)


@njit(cache=True)
def _pack_jit(pl_bits, bit_pl, var_of_bit, tch_off, tch_idx, ct_off, ct_idx, cls, var_of_cell,
              nbrs):
    """The arrays of :func:`kernel_data` but the working memory: ``P``,
    ``Bt``, ``lists`` and ``idx`` (the touch lists, then the per-variable
    lists regrouped by class, pieces ascending within each) and ``wnb``."""
    m = pl_bits.shape[0]
    nb = bit_pl.shape[0]
    nv = ct_off.shape[0] - 1
    P = np.zeros((m, 6), np.int64)
    for q in range(m):
        for t in range(3):
            P[q, t] = pl_bits[q, t]
            P[q, 3 + t] = var_of_bit[pl_bits[q, t]]
    Bt = np.zeros((nb, 3), np.int64)
    for k in range(nb):
        Bt[k, 0] = bit_pl[k]
        Bt[k, 1] = var_of_bit[k]
        Bt[k, 2] = cls[bit_pl[k]]
    nt = tch_idx.shape[0]
    lists = np.zeros(m + 1 + 6 * nv + 1, np.int64)
    lists[:m + 1] = tch_off
    idx = np.zeros(nt + ct_idx.shape[0], np.int64)
    idx[:nt] = tch_idx
    pos = nt
    for v in range(nv):
        for c in range(6):
            lists[m + 1 + 6 * v + c] = pos
            for j in range(ct_off[v], ct_off[v + 1]):
                if cls[ct_idx[j]] == c:
                    idx[pos] = ct_idx[j]
                    pos += 1
    lists[m + 1 + 6 * nv] = pos
    wnb = np.full((nv, 4), -1, np.int64)
    for c in range(var_of_cell.shape[0]):
        v = var_of_cell[c]
        if v < 0:
            continue
        n = 0
        for j in range(nbrs.shape[1]):
            d = nbrs[c, j]
            if d >= 0 and var_of_cell[d] >= 0:
                wnb[v, n] = var_of_cell[d]
                n += 1
    return P, Bt, lists, idx[:pos].copy(), wnb


@njit(cache=True)
def _pairs_jit(offsets, P, Bt, wnb):
    """The pairs :func:`pair` checks: every piece with every white cell
    beside it.  Returns ``(vlo, po, sup)``, grouped by cell: the pairs of
    variable ``v`` are ``vlo[v]`` to ``vlo[v + 1]``, pair ``j``'s piece is
    ``po[j]``, and bit ``j - vlo[v]`` of ``sup[k]`` says whether bit ``k``
    (a candidate of ``v``) fits beside pair ``j``'s piece: disjoint from it,
    and of another shape (any shape where the rule set has no shape rule,
    class -1).  A cell has at most 44 pieces beside it (the trominoes
    touching one cell of an open plane without covering it), so one word
    holds a candidate's pairs."""
    m = P.shape[0]
    nv = offsets.shape[0] - 1
    last = np.full(nv, -1, np.int64)
    cnt = np.zeros(nv + 1, np.int64)
    for sweep in range(2):                      # count the pairs per cell, then list them
        if sweep == 1:
            for v in range(nv):
                cnt[v + 1] += cnt[v]
            vlo = cnt.copy()
            fill = cnt[:nv].copy()
            po = np.zeros(cnt[nv], np.int64)
            last[:] = -1
        for r in range(m):
            for s in range(3):
                last[P[r, 3 + s]] = r
            for s in range(3):
                for d in range(4):
                    v = wnb[P[r, 3 + s], d]
                    if v < 0 or last[v] == r:
                        continue
                    last[v] = r
                    if sweep == 0:
                        cnt[v + 1] += 1
                    else:
                        po[fill[v]] = r
                        fill[v] += 1
    # per cell v, as masks over its pairs: the pairs whose piece covers
    # variable u (``near[slot[u]]``) and those of each class (``cls``); a
    # candidate of v fits beside the pieces of all pairs but those covering
    # one of its own two other cells or of its class
    sup = np.zeros(offsets[nv], np.uint64)
    slot = np.full(nv, -1, np.int64)
    used = np.zeros(3 * 64, np.int64)
    near = np.zeros(3 * 64, np.uint64)
    cls = np.zeros(6, np.uint64)
    for v in range(nv):
        n_used = 0
        cls[:] = 0
        for j in range(vlo[v], vlo[v + 1]):
            r = po[j]
            bit = np.uint64(1) << np.uint64(j - vlo[v])   # under 64: see above
            for s in range(3):
                u = P[r, 3 + s]
                if slot[u] < 0:
                    slot[u] = n_used
                    used[n_used] = u
                    near[n_used] = 0
                    n_used += 1
                near[slot[u]] |= bit
            c = Bt[P[r, 0], 2]
            if c >= 0:
                cls[c] |= bit
        for k in range(offsets[v], offsets[v + 1]):
            q = Bt[k, 0]
            bad = cls[Bt[k, 2]] if Bt[k, 2] >= 0 else np.uint64(0)
            for s in range(3):
                u = P[q, 3 + s]
                if u != v and slot[u] >= 0:
                    bad |= near[slot[u]]
            sup[k] = ~bad
        for t in range(n_used):
            slot[used[t]] = -1
    return vlo, po, sup


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


# ---------------------------------------------------------------- kernels
# fit, hetero and pair keep a stack of reference states (``refs``, depths in
# ``iw[0]``, ``iw[1]`` and ``iw[4]``), each holding the next: states fit has
# left stable, states hetero has passed over (with the variables it left
# pending), states pair has left stable.  A state inside a reference differs
# from it only in the bits it lost, and only the pieces and variables of
# those bits (and hetero's pending ones) can act, so a call visits just
# them, in the order the full scan would, and returns the same bits and
# code.  A state inside no reference gets the full scan.
#
# The kernels read a state's bits eight at a time (``core._nb.live_mask``)
# and are compiled without numba's reference counting (``_nrt=False``: they
# make no arrays): with it, every array a call is handed, the thirteen of
# kernel_data among them, costs two calls into the runtime, and those were a
# quarter of a 12x12 proof's time.

@njit(cache=True, _nrt=False)
def _find_ref(bits, x, refs, rw, s, depth, iw, o_dw):
    """The topmost of ``refs[s, :depth]`` that holds every live bit of
    ``bits`` (-1 if none), and in how many words of 8 bits it differs from
    ``bits``: their first bits are ``8 * iw[o_dw:o_dw + n]``, the last of
    them may be the short tail.  ``x = words(bits)``, ``rw`` is ``refs``
    read as words (indexed, not sliced: a slice of an array is a new array
    to count references to)."""
    nb = bits.shape[0]
    nw = x.shape[0]
    n8 = 8 * nw
    t = depth - 1
    while t >= 0:
        nd = 0
        ok = True
        for i in range(nw):
            a = x[i]
            b = rw[s, t, i]
            if a != b:
                if a & ~b:
                    ok = False
                    break
                iw[o_dw + nd] = i
                nd += 1
        if ok:
            tail = False
            for k in range(n8, nb):
                if bits[k] != refs[s, t, k]:
                    if bits[k]:
                        ok = False
                        break
                    tail = True
            if ok:
                if tail:
                    iw[o_dw + nd] = nw
                    nd += 1
                return t, nd
        t -= 1
    return -1, 0


@njit(cache=True, _nrt=False)
def _push_ref(bits, refs, s, iw, slot):
    """Put ``bits`` on top of the reference stack ``refs[s]``, its depth in
    ``iw[slot]`` (the top row is replaced when the stack is full); returns
    its row."""
    d = iw[slot]
    if d == refs.shape[1]:
        d -= 1
    for k in range(bits.shape[0]):
        refs[s, d, k] = bits[k]
    iw[slot] = d + 1
    return d


@njit(cache=True, _nrt=False)
def _same(bits, x, refs, rw, s, t):
    """``bits`` (``x = words(bits)``) equals reference ``t`` of stack ``s``."""
    for i in range(x.shape[0]):
        if x[i] != rw[s, t, i]:
            return False
    for k in range(8 * x.shape[0], bits.shape[0]):
        if bits[k] != refs[s, t, k]:
            return False
    return True


@njit(cache=True, _nrt=False)
def _start(bits, x, refs, rw, s, slot, Bt, nv, iw, uw, o_dw, o_pm, o_cand):
    """Where a call of fit, hetero or pair starts: the topmost reference of
    stack ``s`` holding ``bits`` (:func:`_find_ref`, stack depth in
    ``iw[slot]``, set to just above it) and the variables of the bits lost
    since it, marked in ``uw[:nv]``; with ``o_pm >= 0`` also their pieces,
    listed in ``iw[o_cand:]`` and marked in ``uw[o_pm + q]``.  With no such
    reference the stack is emptied and every variable marked.  Returns
    ``(t, ncand, lo, hi)``: the reference (-1 for none), the pieces listed
    and the range of the marked variables (empty when ``hi < lo``)."""
    ncand = 0
    lo = nv
    hi = -1
    t, nd = _find_ref(bits, x, refs, rw, s, iw[slot], iw, o_dw)
    if t >= 0:
        iw[slot] = t + 1
        for j in range(nd):
            i = iw[o_dw + j]
            if i < x.shape[0]:
                lost = gather8(rw[s, t, i] ^ x[i])      # the reference holds bits
            else:
                lost = np.uint64(0)
                for k in range(8 * i, bits.shape[0]):
                    if refs[s, t, k] and not bits[k]:
                        lost |= np.uint64(1) << np.uint64(k - 8 * i)
            while lost:
                k = 8 * i + lowbit64(lost)
                lost &= lost - np.uint64(1)
                q = Bt[k, 0]
                if o_pm >= 0 and uw[o_pm + q] == 0:
                    uw[o_pm + q] = 1
                    iw[o_cand + ncand] = q
                    ncand += 1
                lo, hi = _touch(uw, Bt[k, 1], lo, hi)
    else:
        iw[slot] = 0
        for v in range(nv):
            uw[v] = 1
        lo = 0
        hi = nv - 1
    return t, ncand, lo, hi


@njit(cache=True, inline="always")
def _touch(uw, u, lo, hi):
    """Mark variable ``u`` changed (``uw[u] = 1``); returns the range
    ``lo..hi`` widened to hold it."""
    uw[u] = 1
    return min(lo, u), max(hi, u)


@njit(cache=True, inline="always")
def _sole(bits, x, offsets, v):
    """The live bit of variable ``v`` when it has just one; -1 when it has
    none, -2 when it has more (``x``: ``words(bits)``)."""
    m = live_mask(bits, x, offsets[v], offsets[v + 1])
    if m == 0:
        return -1
    if m & (m - np.uint64(1)):
        return -2
    return offsets[v] + lowbit64(m)


@njit(cache=True, inline="always")
def _empty(bits, x, offsets, v):
    """Variable ``v`` has no live bit."""
    return live_mask(bits, x, offsets[v], offsets[v + 1]) == 0


@njit(cache=True, inline="always")
def _broken(bits, P, q):
    """Piece ``q`` has some of its three bits live, but not all."""
    a = bits[P[q, 0]]
    b = bits[P[q, 1]]
    c = bits[P[q, 2]]
    return (a or b or c) and not (a and b and c)


@njit(cache=True, inline="always")
def _drop(bits, k, u, v, uw, top, lo, hi):
    """Kill bit ``k`` of variable ``u`` during fit's visit of variable ``v``
    and mark ``u`` changed: a later variable widens this pass (up to
    ``top``), an earlier one (or ``v`` itself) the next pass (``lo..hi``).
    Returns ``(top, lo, hi)``."""
    bits[k] = False
    if u > v:
        uw[u] = 1
        top = max(top, u)
    else:
        lo, hi = _touch(uw, u, lo, hi)
    return top, lo, hi


@njit(cache=True, _nrt=False)
def _fit_jit(bits, offsets, P, Bt, lists, idx, refs, rw, iw, uw, o_pm, o_cand, o_done, o_dw):
    """Passes until stable, each: kill every piece with a dead bit, then
    visit the variables in order (empty: contradiction; one candidate: kill
    the other candidates of its piece's cells and its same-class neighbours).
    Only pieces with a bit lost and variables changed since they were last
    looked at (or since the reference) are visited, and a piece is taken once
    a call (taking it again removes nothing)."""
    m = P.shape[0]
    nv = offsets.shape[0] - 1
    x = words(bits)
    work = 0
    again = False
    t, ncand, lo, hi = _start(bits, x, refs, rw, 0, 0, Bt, nv, iw, uw, o_dw, o_pm, o_cand)
    if t < 0:
        for q in range(m):
            if _broken(bits, P, q):
                for s in range(3):
                    bits[P[q, s]] = False
                again = True
    elif ncand == 0:
        return 0, work
    changed = False
    iw[3] += 1
    stamp = iw[3]
    while True:
        for i in range(ncand):
            q = iw[o_cand + i]
            uw[o_pm + q] = 0
            if _broken(bits, P, q):
                for s in range(3):
                    k = P[q, s]
                    if bits[k]:
                        bits[k] = False
                        lo, hi = _touch(uw, P[q, 3 + s], lo, hi)
                again = True
        ncand = 0
        v = lo
        top = hi
        lo = nv
        hi = -1
        while v <= top:
            if uw[v] == 0:
                v += 1
                continue
            uw[v] = 0
            work += 1
            one = _sole(bits, x, offsets, v)
            if one == -1:
                for u in range(nv):
                    uw[u] = 0
                for i in range(ncand):
                    uw[o_pm + iw[o_cand + i]] = 0
                return -1, work
            if one >= 0 and iw[o_done + Bt[one, 0]] != stamp:
                q = Bt[one, 0]
                iw[o_done + q] = stamp
                for s in range(3):
                    keep = P[q, s]
                    u = P[q, 3 + s]
                    a = offsets[u]
                    rest = live_mask(bits, x, a, offsets[u + 1]) & ~(np.uint64(1) << np.uint64(keep - a))
                    while rest:
                        k = a + lowbit64(rest)
                        rest &= rest - np.uint64(1)
                        top, lo, hi = _drop(bits, k, u, v, uw, top, lo, hi)
                        again = True
                        r2 = Bt[k, 0]
                        if uw[o_pm + r2] == 0:
                            uw[o_pm + r2] = 1
                            iw[o_cand + ncand] = r2
                            ncand += 1
                for j in range(lists[q], lists[q + 1]):
                    r2 = idx[j]
                    for s in range(3):
                        k = P[r2, s]
                        if bits[k]:
                            top, lo, hi = _drop(bits, k, P[r2, 3 + s], v, uw, top, lo, hi)
                            again = True
            v += 1
        if not again:
            break
        changed = True
        again = False
    _push_ref(bits, refs, 0, iw, 0)
    return (1 if changed else 0), work


@njit(cache=True, _nrt=False)
def _region_jit(bits, offsets, P, Bt, wnb, iw, o_mark, o_stack):
    """Flood the uncovered variables (stamps in ``iw[o_mark + v]``: ``2 s``
    covered, ``2 s + 1`` seen, ``s = iw[2]`` new each call; the flood's stack
    in ``iw[o_stack:]``) and check every open region's size."""
    nv = offsets.shape[0] - 1
    x = words(bits)
    iw[2] += 1
    cov = 2 * iw[2]
    seen = cov + 1
    for v in range(nv):
        one = _sole(bits, x, offsets, v)
        if one >= 0:
            q = Bt[one, 0]
            iw[o_mark + P[q, 3 + 0]] = cov
            iw[o_mark + P[q, 3 + 1]] = cov
            iw[o_mark + P[q, 3 + 2]] = cov
    work = 0
    for s in range(nv):
        if iw[o_mark + s] >= cov:
            continue
        work += 1
        iw[o_mark + s] = seen
        iw[o_stack + 0] = s
        top = 1
        size = 0
        while top > 0:
            top -= 1
            c = iw[o_stack + top]
            size += 1
            for d in range(4):
                e = wnb[c, d]
                if e < 0:
                    break
                if iw[o_mark + e] < cov:
                    iw[o_mark + e] = seen
                    iw[o_stack + top] = e
                    top += 1
        if size % 3 != 0:
            return -1, work
    return 0, work


@njit(cache=True, _nrt=False)
def _hetero_jit(bits, offsets, P, Bt, lists, idx, refs, rw, iw, uw, o_pend, o_pn, o_hm, o_stack,
                o_dw):
    """One pass over the variables in order; a variable whose live candidates
    share class ``c`` kills the class-``c`` pieces touching it.  Only the
    variables changed since the reference, those it left pending, and those
    changed earlier in the pass are visited.  The result becomes a reference,
    pending the variables that changed after their visit."""
    m = P.shape[0]
    nv = offsets.shape[0] - 1
    nv1 = max(nv, 1)
    x = words(bits)
    t, _, lo, hi = _start(bits, x, refs, rw, 1, 1, Bt, nv, iw, uw, o_dw, -1, 0)
    if t >= 0:
        for j in range(iw[o_pn + t]):
            lo, hi = _touch(uw, iw[o_pend + t * nv1 + j], lo, hi)
        if hi < 0:
            return 0, 0
    changed = False
    work = 0
    npend = 0
    v = lo
    while v <= hi:
        if uw[v] == 0:
            v += 1
            continue
        uw[v] = 0
        k0 = -2
        for k in range(offsets[v], offsets[v + 1]):
            if bits[k]:
                c = Bt[k, 2]
                if k0 == -2:
                    k0 = c
                elif c != k0:
                    k0 = -1
                    break
        if k0 >= 0:
            for j in range(lists[m + 1 + 6 * v + k0], lists[m + 1 + 6 * v + k0 + 1]):
                q = idx[j]
                hit = False
                for s in range(3):
                    k = P[q, s]
                    if bits[k]:
                        bits[k] = False
                        hit = True
                        u = P[q, 3 + s]
                        if _empty(bits, x, offsets, u):     # u has no piece left
                            for x in range(v, hi + 1):
                                uw[x] = 0
                            for j2 in range(npend):
                                uw[o_hm + iw[o_stack + j2]] = 0
                            return -1, work
                        if u > v:
                            if uw[u] == 0:
                                uw[u] = 1
                                hi = max(hi, u)
                        elif uw[o_hm + u] == 0:
                            uw[o_hm + u] = 1
                            iw[o_stack + npend] = u
                            npend += 1
                if hit:
                    work += 1
                    changed = True
        v += 1
    d = _push_ref(bits, refs, 1, iw, 1)
    for j in range(npend):
        u = iw[o_stack + j]
        uw[o_hm + u] = 0
        iw[o_pend + d * nv1 + j] = u
    iw[o_pn + d] = npend
    return (1 if changed else 0), work


@njit(cache=True, _nrt=False)
def _pair_jit(bits, offsets, P, Bt, refs, rw, iw, uw, vlo, po, sup, slot, o_dw, o_stack):
    """Until stable: for every live piece and every white cell beside it (its
    pairs), some live candidate of the cell fits beside it, or the piece dies.  Only
    the cells changed since the reference (and those its kills change) are
    visited: the union of the live candidates' masks (``sup``) is the cell's
    pairs that have a fitting candidate, and only the others are looked at.
    -1 as soon as a kill leaves a cell with no piece.  The result becomes a
    reference; and one of fit's too when it started from fit's top
    reference (a state fit left stable) and no cell it took a piece from is
    left with one candidate: its kills take whole pieces, so fit has nothing
    to do there, and its next call finds that at once."""
    nv = offsets.shape[0] - 1
    x = words(bits)
    fit_stable = iw[0] > 0 and _same(bits, x, refs, rw, 0, iw[0] - 1)
    t, _, lo, hi = _start(bits, x, refs, rw, 2, slot, Bt, nv, iw, uw, o_dw, -1, 0)
    top = 0
    for v in range(lo, hi + 1):
        if uw[v]:
            iw[o_stack + top] = v
            top += 1
    changed = False
    work = 0
    while top > 0:
        top -= 1
        v = iw[o_stack + top]
        uw[v] = 0
        a = offsets[v]
        live = live_mask(bits, x, a, offsets[v + 1])
        ok = np.uint64(0)
        while live:
            ok |= sup[a + lowbit64(live)]
            live &= live - np.uint64(1)
        bad = ~ok & ((np.uint64(1) << np.uint64(vlo[v + 1] - vlo[v])) - np.uint64(1))
        while bad:
            r = po[vlo[v] + lowbit64(bad)]
            bad &= bad - np.uint64(1)
            if not (bits[P[r, 0]] and bits[P[r, 1]] and bits[P[r, 2]]):
                continue
            work += 1
            changed = True
            for s in range(3):
                k = P[r, s]
                bits[k] = False
                u = P[r, 3 + s]
                left = live_mask(bits, x, offsets[u], offsets[u + 1])
                if left == 0:
                    for y in range(top):
                        uw[iw[o_stack + y]] = 0
                    return -1, work
                if left & (left - np.uint64(1)) == 0:
                    fit_stable = False
                if uw[u] == 0:
                    uw[u] = 1
                    iw[o_stack + top] = u
                    top += 1
    _push_ref(bits, refs, 2, iw, slot)
    if changed and fit_stable:
        _push_ref(bits, refs, 0, iw, 0)
    return (1 if changed else 0), work


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
        r, w = _fit_jit(bits, offsets, P, Bt, lists, idx, refs, rw, iw, uw, nv1, o_done + m1,
                        o_done, o_dw)
    elif i == 1:
        r, w = _region_jit(bits, offsets, P, Bt, wnb, iw, o_mark, o_mark + nv1)
    elif i == 2:
        r, w = _hetero_jit(bits, offsets, P, Bt, lists, idx, refs, rw, iw, uw, o_pend, _META,
                           nv1 + m1, o_mark + nv1, o_dw)
    else:
        r, w = _pair_jit(bits, offsets, P, Bt, refs, rw, iw, uw, vlo, po, sup, 4, o_dw,
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
    Rung("fit", fit, "#7f7f7f", "exact cover; an owned cell's piece kills its same-shape neighbours"),
    Rung("region", region, "#1f77b4", "every open region holds a multiple of three cells"),
    Rung("hetero", hetero, "#2ca02c", "a cell whose candidates share one shape bars that shape next door"),
    Rung("pair", pair, "#9467bd", "a piece dies when a cell beside it has no candidate that fits next to it"),
    probe_rung("#d62728"),
], compiled=Compiled(apply=_apply_jit, data=kernel_data, legal=_legal_jit, work=_WORK,
                     hints=KernelHints(reports_empty=True, settles=(0, 3), checks=(1,),
                                       no_refcounts=True)))
