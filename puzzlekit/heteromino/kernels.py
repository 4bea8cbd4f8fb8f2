"""Heteromino's rung kernels: fit, region, hetero and pair, over the arrays
of :func:`puzzlekit.heteromino.tables.kernel_data`."""
from __future__ import annotations

import numpy as np
from numba import njit

from ..core._nb import gather8, live_mask, lowbit64, words

__all__ = []                    # private kernels only

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
                    kept = np.uint64(1) << np.uint64(keep - a)
                    rest = live_mask(bits, x, a, offsets[u + 1]) & ~kept
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
