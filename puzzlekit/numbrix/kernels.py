"""Numbrix's rung kernels: pin, link, block and ruler, and the bit sets they
read a state through (each cell's values, each value's homes).  ``edge`` has
its own module (:mod:`puzzlekit.numbrix.path`)."""
from __future__ import annotations

import numpy as np
from numba import njit

from ..core._nb import call, lowbit64, popcount64

__all__ = []                    # private kernels only


@njit(cache=True)
def _rows_jit(cand, packed, vals):
    """Each cell's values as a bit set into ``vals`` (``(n, W)`` words), read
    eight cells' bytes at a time through ``packed``, the whole ``cand`` as
    one bit string."""
    n = cand.shape[0]
    N = n * n
    flat = cand.reshape(N)
    nb = N >> 3
    words = flat[:nb * 8].view(np.uint64)
    nq = (N + 63) >> 6
    for q in range(nq):
        packed[q] = 0
    for t in range(nb):                      # eight 0/1 bytes -> eight bits
        byte = ((words[t] & np.uint64(0x0101010101010101))
                * np.uint64(0x0102040810204080)) >> np.uint64(56)
        packed[t >> 3] |= byte << np.uint64((t & 7) * 8)
    for k in range(nb * 8, N):
        packed[k >> 6] |= np.uint64(flat[k]) << np.uint64(k & 63)
    W = vals.shape[1]
    for c in range(n):
        for i in range(W):
            start = c * n + 64 * i
            q = start >> 6
            r = start & 63
            x = packed[q] >> np.uint64(r)
            if r and q + 1 < nq:
                x |= packed[q + 1] << np.uint64(64 - r)
            left = n - 64 * i
            if left < 64:
                x &= (np.uint64(1) << np.uint64(left)) - np.uint64(1)
            vals[c, i] = x


@njit(cache=True)
def _transpose64_jit(A):
    """Transpose in place the 64 x 64 bit matrix ``A`` whose row ``r`` is
    ``A[63 - r]`` and whose column ``b`` is bit ``b``."""
    j = 32
    m = np.uint64(0x00000000FFFFFFFF)
    while j != 0:
        ju = np.uint64(j)
        k = 0
        while k < 64:
            t = (A[k] ^ (A[k | j] >> ju)) & m
            A[k] ^= t
            A[k | j] ^= t << ju
            k = ((k | j) + 1) & ~j
        j >>= 1
        m ^= m << np.uint64(j)


@njit(cache=True)
def _homes_jit(cand, packed, vals, buf, home):
    """``home[v]``: the cells holding value v as a bit set, through each
    cell's values (left in ``vals``) and 64 x 64 bit transposes in ``buf``."""
    n = cand.shape[0]
    W = vals.shape[1]
    call(_rows_jit, cand, packed, vals)
    for j in range(W):                       # cells 64j..64j+63
        for i in range(W):                   # values 64i..64i+63
            for r in range(64):
                c = 64 * j + r
                buf[63 - r] = vals[c, i] if c < n else np.uint64(0)
            _transpose64_jit(buf)
            for r in range(64):
                if 64 * i + r < n:
                    home[64 * i + r, j] = buf[63 - r]


@njit(cache=True, inline="always")
def _msb(x):
    """Index of the highest set bit of the non-zero uint64 ``x``."""
    r = 0
    for s in (32, 16, 8, 4, 2, 1):
        if x >> np.uint64(s):
            x >>= np.uint64(s)
            r += s
    return r


@njit(cache=True)
def _pin_jit(cand):
    n = cand.shape[0]
    row = np.zeros(n, dtype=np.int32)        # live values of each cell
    col = np.zeros(n, dtype=np.int32)        # live homes of each value
    bytes_ = cand.view(np.uint8)
    for c in range(n):
        r = np.int32(0)
        for k in range(n):
            x = bytes_[c, k]
            r += np.int32(x)
            col[k] += np.int32(x)
        row[c] = r
    # a queue of cells with one value (c) and of values with one home (n + k)
    queue = np.empty(2 * n, dtype=np.int64)
    top = 0
    for c in range(n):
        if row[c] == 0 or col[c] == 0:
            return -1
        if row[c] == 1:
            queue[top] = c
            top += 1
        if col[c] == 1:
            queue[top] = n + c
            top += 1
    changed = False
    while top > 0:
        top -= 1
        item = queue[top]
        if item < n:                         # a pinned cell: its value leaves the others
            c = item
            v = 0
            while not cand[c, v]:
                v += 1
            for d in range(n):
                if col[v] == 1:                  # only c is left
                    break
                if d != c and cand[d, v]:
                    cand[d, v] = False
                    changed = True
                    row[d] -= 1
                    col[v] -= 1
                    if row[d] == 0:
                        return -1
                    if row[d] == 1:
                        queue[top] = d
                        top += 1
        else:                                # a value with one home: pinned there
            k = item - n
            c = 0
            while not cand[c, k]:
                c += 1
            if row[c] == 1:                      # only k is left
                continue
            for j in range(n):
                if row[c] == 1:                  # only k is left
                    break
                if j != k and cand[c, j]:
                    cand[c, j] = False
                    changed = True
                    row[c] -= 1
                    col[j] -= 1
                    if col[j] == 0:
                        return -1
                    if col[j] == 1:
                        queue[top] = n + j
                        top += 1
    return 1 if changed else 0


@njit(cache=True, inline="always")
def _shift_or_jit(sets, row, s, masks, m, out):
    """``out |= (sets[row] moved s bits up, or -s bits down) & masks[m]`` on
    multiword bit sets."""
    W = out.shape[0]
    up = s >= 0
    if not up:
        s = -s
    q = s >> 6
    r = np.uint64(s & 63)
    back = np.uint64(64) - r
    for i in range(W):
        j = i - q if up else i + q
        val = np.uint64(0)
        if 0 <= j < W:
            val = sets[row, j] << r if up else sets[row, j] >> r
        if r != 0:
            j2 = j - 1 if up else j + 1
            if 0 <= j2 < W:
                val |= sets[row, j2] >> back if up else sets[row, j2] << back
        out[i] |= val & masks[m, i]


@njit(cache=True)
def _link_jit(cand, masks, home, near, packed, vals, buf):
    """``home[v]``: scratch for the cells holding value v as a bit set;
    ``near``: scratch for the cells next to a set; ``masks``: cells off the
    first column, off the last column, on the board, the width; ``packed``,
    ``vals``, ``buf``: scratch for :func:`_homes_jit` (past 64 cells)."""
    n = cand.shape[0]
    width = np.int64(masks[3, 0])
    W = home.shape[1]
    if n > 64:
        call(_homes_jit, cand, packed, vals, buf, home)
    else:
        home[:, :] = 0
        for c in range(n):
            j = c >> 6
            sh = np.uint64(c & 63)
            for k in range(n):
                home[k, j] |= np.uint64(cand[c, k]) << sh
    one_word = W == 1 and width < 64
    one = np.uint64(1)
    wu = np.uint64(width)
    changed = False
    for sweep in range(2):
        for t in range(1, n):
            v = t if sweep == 0 else n - 1 - t
            u = v - 1 if sweep == 0 else v + 1
            if one_word:
                x = home[u, 0]
                near[0] = (((x << one) & masks[0, 0]) | ((x >> one) & masks[1, 0])
                           | (((x << wu) | (x >> wu)) & masks[2, 0]))
            else:
                near[:] = 0
                _shift_or_jit(home, u, 1, masks, 0, near)
                _shift_or_jit(home, u, -1, masks, 1, near)
                _shift_or_jit(home, u, width, masks, 2, near)
                _shift_or_jit(home, u, -width, masks, 2, near)
            alive = False
            for i in range(W):
                x = home[v, i]
                gone = x & ~near[i]
                if gone:
                    changed = True
                    x ^= gone
                    home[v, i] = x
                    while gone:
                        cand[i * 64 + lowbit64(gone), v] = False
                        gone &= gone - np.uint64(1)
                if x:
                    alive = True
            if not alive:
                return -1
    return 1 if changed else 0


@njit(cache=True)
def _block_jit(cand):
    n = cand.shape[0]
    W = (n + 63) // 64
    return _block_sets_jit(cand, np.zeros((_levels(n), n, W), dtype=np.uint64),
                           np.zeros((n, W), dtype=np.uint64),
                           np.zeros((n * n + 63) // 64, dtype=np.uint64),
                           np.zeros((n, W), dtype=np.uint64), np.zeros(64, dtype=np.uint64))


@njit(cache=True)
def _levels(n):
    """Levels of a sparse table over ``n`` items: 1 + floor(log2(n))."""
    k = 1
    while (1 << k) <= n:
        k += 1
    return k


@njit(cache=True)
def _block_sets_jit(cand, span, hile, packed, vals, buf):
    """:func:`_block_jit` with scratch: ``span[j, v]`` for the cells holding
    one of the values v..v+2**j-1 (a sparse table of unions), ``hile[b]`` for
    the cells with hi <= b, and ``packed``, ``vals``, ``buf`` for
    :func:`_homes_jit` (boards past 64 cells)."""
    n = cand.shape[0]
    W = span.shape[2]
    K = _levels(n)
    home = span[0]
    lo = np.empty(n, dtype=np.int64)
    hi = np.empty(n, dtype=np.int64)
    live = np.zeros(n, dtype=np.int64)       # live values of each cell
    col = np.zeros(n, dtype=np.int64)        # live homes of each value
    if n > 64:                               # through bit sets
        call(_homes_jit, cand, packed, vals, buf, home)
        for c in range(n):
            r = 0
            lo[c] = -1
            for i in range(W):
                x = vals[c, i]
                if x:
                    r += popcount64(x)
                    if lo[c] < 0:
                        lo[c] = i * 64 + lowbit64(x)
                    hi[c] = i * 64 + _msb(x)
            if r == 0:
                return -1
            live[c] = r
        for k in range(n):
            r = 0
            for i in range(W):
                r += popcount64(home[k, i])
            col[k] = r
    else:                                    # byte by byte
        home[:, :] = 0
        bytes_ = cand.view(np.uint8)
        n32 = np.int32(n)
        for c in range(n):
            j = c >> 6
            sh = np.uint64(c & 63)
            held = np.int32(0)
            top = np.int32(0)                    # the largest k held
            bottom = np.int32(0)                 # n minus the smallest k held
            for k in range(n):
                y = np.int32(bytes_[c, k])
                home[k, j] |= np.uint64(y) << sh
                held += y
                col[k] += y
                top = max(top, np.int32(k) * y)
                bottom = max(bottom, (n32 - np.int32(k)) * y)
            if held == 0:
                return -1
            live[c] = held
            lo[c] = n - bottom
            hi[c] = top
    for j in range(1, K):
        half = 1 << (j - 1)
        for v in range(n - (1 << j) + 1):
            for i in range(W):
                span[j, v, i] = span[j - 1, v, i] | span[j - 1, v + half, i]
    changed = False
    U = np.zeros(W, dtype=np.uint64)
    low = np.zeros(W, dtype=np.uint64)      # cells with lo < a
    bylo = np.zeros((n, W), dtype=np.uint64)
    hile[:, :] = 0
    for c in range(n):
        bit = np.uint64(1) << np.uint64(c & 63)
        bylo[lo[c], c >> 6] |= bit
        hile[hi[c], c >> 6] |= bit
    for b in range(1, n):
        for i in range(W):
            hile[b, i] |= hile[b - 1, i]
    # values' side: the values a..b need b-a+1 cells among their homes (read
    # once, here).  The union only grows with b, so after a window with
    # ``size`` cells nothing can be short or tight before b = a + size - 1:
    # the loop jumps there.  A tight window trims the cells of its union with
    # a candidate outside a..b.
    for a in range(n):
        if a > 0:
            for i in range(W):
                low[i] |= bylo[a - 1, i]
        for i in range(W):
            U[i] = 0
        size = 0
        b = a - 1
        while True:
            target = a + size - 1
            if target <= b:
                target = b + 1
            if target > n - 1:
                break
            L = target - a + 1
            if W == 1 and target == b + 1:  # one more value, one word
                u0 = U[0]
                x = span[0, target, 0] & ~u0
                U[0] = u0 | x
                size += popcount64(x)
            elif target == b + 1:           # one more value
                for i in range(W):
                    x = span[0, target, i] & ~U[i]
                    if x:
                        U[i] |= x
                        size += popcount64(x)
            else:                           # a..target as two overlapping spans
                j = 0
                while (2 << j) <= L:
                    j += 1
                size = 0
                for i in range(W):
                    U[i] = span[j, a, i] | span[j, target - (1 << j) + 1, i]
                    size += popcount64(U[i])
            b = target
            if size < L:
                return -1
            if size == L and L < n:
                for i in range(W):
                    x = U[i] & (low[i] | ~hile[b, i])
                    while x:
                        one = x & (~x + np.uint64(1))
                        x ^= one
                        c = i * 64 + lowbit64(one)
                        for k in range(lo[c], a):
                            if cand[c, k]:
                                cand[c, k] = False
                                changed = True
                                live[c] -= 1
                                col[k] -= 1
                        for k in range(b + 1, hi[c] + 1):
                            if cand[c, k]:
                                cand[c, k] = False
                                changed = True
                                live[c] -= 1
                                col[k] -= 1
                        old_hi = hi[c]
                        bylo[lo[c], i] &= ~one
                        low[i] &= ~one
                        lo[c] = n
                        hi[c] = -1
                        for k in range(a, b + 1):
                            if cand[c, k]:
                                if k < lo[c]:
                                    lo[c] = k
                                hi[c] = k
                        if hi[c] < 0:
                            return -1
                        bylo[lo[c], i] |= one
                        for k in range(hi[c], old_hi):
                            hile[k, i] |= one
    # cells' side: b-a+1 cells holding nothing but a..b take a..b away from the
    # rest.  A tight window trims something exactly when the live bits of
    # values a..b outnumber the live bits of its cells.
    # cnt[h], bits_in[h]: the cells with lo >= a and hi == h, and their live
    # bits; kept up to date as a grows (cells leave in order of lo) and as
    # trims remove bits
    cnt = np.zeros(n, dtype=np.int64)
    bits_in = np.zeros(n, dtype=np.int64)
    first = np.full(n, -1, dtype=np.int64)     # the cells with lo == k: a chain
    chain = np.empty(n, dtype=np.int64)
    for c in range(n):
        cnt[hi[c]] += 1
        bits_in[hi[c]] += live[c]
        chain[c] = first[lo[c]]
        first[lo[c]] = c
    # a window a..b holds at most the cells with hi <= b, which is fewer than
    # b-a+1 when a < g(b) = b + 1 - #(hi <= b); reach[b] = the least g(b'),
    # b' >= b: no window a..b' with b' >= b is short or tight when a < reach[b].
    # Likewise none is when b-a+1 exceeds the cells with lo >= a (``left``).
    reach = np.empty(n, dtype=np.int64)
    below = 0
    for b in range(n):
        below += cnt[b]
        reach[b] = b + 1 - below
    for b in range(n - 2, -1, -1):
        if reach[b + 1] < reach[b]:
            reach[b] = reach[b + 1]
    left = n
    for a in range(n):
        if a > 0:
            c = first[a - 1]
            while c >= 0:
                cnt[hi[c]] -= 1
                bits_in[hi[c]] -= live[c]
                left -= 1
                c = chain[c]
        run = 0
        inside = 0
        total = 0
        for b in range(a, min(n, a + left)):
            if reach[b] > a:
                break
            run += cnt[b]
            inside += bits_in[b]
            total += col[b]
            L = b - a + 1
            if run > L:
                return -1
            if run == L and L < n and total > inside:
                for c in range(n):
                    if lo[c] < a or hi[c] > b:
                        for k in range(max(a, lo[c]), min(b, hi[c]) + 1):
                            if cand[c, k]:
                                cand[c, k] = False
                                changed = True
                                live[c] -= 1
                                col[k] -= 1
                                total -= 1
                                if lo[c] >= a:
                                    bits_in[hi[c]] -= 1
    return 1 if changed else 0


@njit(cache=True)
def _ruler_jit(cand, dist):
    n = cand.shape[0]
    D = np.empty(n, dtype=np.int64)
    changed = False
    for u in range(n):
        D[:] = 1 << 30
        any_home = False
        for h in range(n):
            if cand[h, u]:
                any_home = True
                for c in range(n):
                    if dist[c, h] < D[c]:
                        D[c] = dist[c, h]
        if not any_home:
            return -1
        for c in range(n):
            if D[c] > 0:
                lo = u - D[c] + 1
                hi = u + D[c] - 1
                if lo < 0:
                    lo = 0
                if hi > n - 1:
                    hi = n - 1
                for v in range(lo, hi + 1):
                    if cand[c, v]:
                        cand[c, v] = False
                        changed = True
    if _empty_row(cand):
        return -1
    return 1 if changed else 0


@njit(cache=True)
def _empty_row(a):
    """Whether some row of the 2-d array ``a`` is all zero (a cell with no
    value left, read from ``cand`` or from its bit sets)."""
    for c in range(a.shape[0]):
        alive = False
        for k in range(a.shape[1]):
            if a[c, k]:
                alive = True
                break
        if not alive:
            return True
    return False
