"""Heteromino's tables: the pieces that fit a board, the bit each owns in
each of its cells' variables, who touches whom, the pairs ``pair`` checks,
and the kernels' working memory, packed into the few arrays the kernels read
(:func:`kernel_data`), built once per puzzle."""
from __future__ import annotations

import numpy as np
from numba import njit

from ..core._nb import copy_into, sort_part
from ..core.cache import puzzle_table
from .model import _REL, Puzzle, _placements_jit

__all__ = ["kernel_arrays", "kernel_data"]


def kernel_arrays(p: Puzzle):
    """The puzzle's tables, built once per puzzle:
    ``(pl, pl_bits, bit_pl, offsets, var_of_bit, tch_off, tch_idx, ct_off, ct_idx,
    pl_cls, var_of_cell, nbrs)``.  The kernels read them packed
    (:func:`kernel_data`)."""
    return puzzle_table(p, "heteromino.tables", _build)[0]


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
    memory (laid out by the ladder's ``_apply_jit``); ``vlo``, ``po`` and
    ``sup`` the pairs of the ``pair`` rung (:func:`_pairs_jit`).  The kernels
    write ``refs``, ``iw`` and ``uw`` on every call, so they are shared by
    every state of the puzzle in one process."""
    return puzzle_table(p, "heteromino.tables", _build)[1]


def _build(p: Puzzle):
    """Both tables, ``(kernel_arrays, kernel_data)``, built together: a small
    board's whole proof takes a few hundred microseconds, so the calls into
    compiled code and the Python between them count.  ``_pairs_jit`` reports
    the largest pair count: taken here with numpy, it added a fifth to the
    tables of a real 4x4 board timed between CP-SAT calls (78 against 64
    us).  One compiled function for all four calls, the working memory made
    in it too, took 56 us, but a second longer to compile on a first solve."""
    white = ~np.ascontiguousarray(p.black, dtype=np.bool_).reshape(-1)
    cls_of = np.ascontiguousarray(p.classes, dtype=np.int64)
    pl = _placements_jit(p.h, p.w, white, _REL)
    (var_of_cell, nbrs, cls, offsets, pl_bits, bit_pl, var_of_bit, ct_off, ct_idx, tch_off,
     tch_idx) = _tables_jit(pl, p.h, p.w, white, cls_of)
    P, Bt, lists, idx, wnb = _pack_jit(pl_bits, bit_pl, var_of_bit, tch_off, tch_idx, ct_off,
                                       ct_idx, cls, var_of_cell, nbrs)
    vlo, po, sup, widest = _pairs_jit(offsets, P, Bt, wnb)
    if widest > 64:                         # a tromino tiling has at most 44: a bug if so
        raise AssertionError("a cell with more than 64 pieces beside it")
    m, nv, nb = pl.shape[0], offsets.shape[0] - 1, bit_pl.shape[0]
    refs = np.zeros((3, _N_REFS, max((nb + 7) // 8 * 8, 8)), dtype=np.bool_)
    rw = refs.view(np.uint64)
    m1, nv1 = max(m, 1), max(nv, 1)
    iw = np.zeros(_META + _N_REFS + 2 * m1 + 2 * nv1 + nb // 8 + 1 + _N_REFS * nv1,
                  dtype=np.int64)
    uw = np.zeros(2 * nv1 + m1, dtype=np.uint8)
    arrays = (pl, pl_bits, bit_pl, offsets, var_of_bit, tch_off, tch_idx, ct_off, ct_idx,
              cls, var_of_cell, nbrs)
    data = (offsets, P, Bt, lists, idx, wnb, refs, rw, iw, uw, vlo, po, sup)
    return arrays, data


@njit(cache=True)
def _tables_jit(pl, h, w, white, cls_of):
    """The white cells' variables, the neighbour table, every piece's class,
    and the bit layout and touch lists of :func:`_build`: a piece owns one bit
    in each of its cells' variables (a variable's bits in piece order); per
    white cell the pieces touching it without covering it, and per piece the
    same-class pieces, disjoint from it, that share an edge with it (every
    list increasing)."""
    n = h * w
    m = pl.shape[0]
    var_of_cell = np.full(n, -1, np.int64)
    nv = 0
    for c in range(n):
        if white[c]:
            var_of_cell[c] = nv
            nv += 1
    cls = np.zeros(m, np.int64)
    for q in range(m):
        cls[q] = cls_of[pl[q, 0]]
    nbrs = np.full((n, 4), -1, np.int64)            # up, right, down, left, as core.grid's
    for r in range(h):
        for c in range(w):
            i = r * w + c
            if r > 0:
                nbrs[i, 0] = i - w
            if c < w - 1:
                nbrs[i, 1] = i + 1
            if r < h - 1:
                nbrs[i, 2] = i + w
            if c > 0:
                nbrs[i, 3] = i - 1
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
        sort_part(buf, 0, k)                        # a few dozen at most
        if n_out + k > out.shape[0]:
            grown = np.zeros(2 * (n_out + k), np.int64)
            copy_into(grown, 0, out, n_out)
            out = grown
        copy_into(out, n_out, buf, k)
        n_out += k
        tch_off[q + 1] = n_out
    return (var_of_cell, nbrs, cls, offsets, pl_bits, bit_pl, var_of_bit, ct_off, ct_idx, tch_off,
            out[:n_out].copy())


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


@njit(cache=True)
def _pack_jit(pl_bits, bit_pl, var_of_bit, tch_off, tch_idx, ct_off, ct_idx, cls, var_of_cell,
              nbrs):
    """The arrays of :func:`kernel_data` but the pairs and the working
    memory: ``P``, ``Bt``, ``lists`` and ``idx`` (the touch lists, then the
    per-variable lists regrouped by class, pieces ascending within each) and
    ``wnb``."""
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
    copy_into(lists, 0, tch_off, m + 1)
    idx = np.zeros(nt + ct_idx.shape[0], np.int64)
    copy_into(idx, 0, tch_idx, nt)
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
    """The pairs the ``pair`` rung checks: every piece with every white cell
    beside it.  Returns ``(vlo, po, sup)``, grouped by cell: the pairs of
    variable ``v`` are ``vlo[v]`` to ``vlo[v + 1]``, pair ``j``'s piece is
    ``po[j]``, and bit ``j - vlo[v]`` of ``sup[k]`` says whether bit ``k``
    (a candidate of ``v``) fits beside pair ``j``'s piece: disjoint from it,
    and of another shape (any shape where the rule set has no shape rule,
    class -1).  A cell has at most 44 pieces beside it (the trominoes
    touching one cell of an open plane without covering it), so one word
    holds a candidate's pairs; the fourth value is the most pairs of one
    cell, for the caller to check."""
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
    widest = 0
    for v in range(nv):
        widest = max(widest, vlo[v + 1] - vlo[v])
    return vlo, po, sup, widest
