"""Numbrix's ``edge`` rung: the answer read as a path through the grid.  Its
ends have degree one and every other cell two; forced edges glue into runs
that carry consecutive numbers; no run closes a cycle; a bridge of the
possible edges is forced."""
from __future__ import annotations

import numpy as np
from numba import njit

from ..core._nb import call, lowbit64, popcount64
from ..core.graph import bridges_jit
from .kernels import _empty_row, _rows_jit

__all__ = []                    # private kernels only


@njit(cache=True, inline="always")
def _middle(x, i, ends_mask, last_w, last_bit):
    """Word ``i`` of a cell's value bits without the two end values (1 and
    the last), which sit in word 0 and word ``last_w``."""
    if i == 0:
        return x & ~ends_mask
    if i == last_w:
        return x & ~last_bit
    return x


@njit(cache=True)
def _edge_jit(cand, nbrs, edges, cedges, vals, packed):
    """``vals``, ``packed``: scratch for :func:`_rows_jit`; ``vals`` is kept
    equal to ``cand`` while the kernel writes."""
    n = cand.shape[0]
    if n == 1:
        return 0
    W = vals.shape[1]
    call(_rows_jit, cand, packed, vals)
    last_w = (n - 1) >> 6
    last_bit = np.uint64(1) << np.uint64((n - 1) & 63)
    ends_mask = np.uint64(1)                    # values 0 and n-1 in word 0
    if last_w == 0:
        ends_mask |= last_bit
    m = edges.shape[0]
    poss = np.zeros(m, dtype=np.bool_)
    forced = np.zeros(m, dtype=np.bool_)
    for e in range(m):                          # a value of a next to one of b
        a = edges[e, 0]
        b = edges[e, 1]
        for i in range(W):
            x = vals[b, i]
            up = x << np.uint64(1)
            down = x >> np.uint64(1)
            if i > 0:
                up |= vals[b, i - 1] >> np.uint64(63)
            if i + 1 < W:
                down |= vals[b, i + 1] << np.uint64(63)
            if vals[a, i] & (up | down):
                poss[e] = True
                break
    canend = np.zeros(n, dtype=np.bool_)
    mustend = np.zeros(n, dtype=np.bool_)
    for c in range(n):
        canend[c] = cand[c, 0] or cand[c, n - 1]
        mid = False
        for i in range(W):
            if _middle(vals[c, i], i, ends_mask, last_w, last_bit):
                mid = True
                break
        mustend[c] = not mid
    dp = np.zeros(n, dtype=np.int64)
    df = np.zeros(n, dtype=np.int64)
    fnext = np.full((n, 2), -1, dtype=np.int64)
    seen = np.zeros(n, dtype=np.bool_)
    br = np.zeros(m, dtype=np.bool_)
    while True:
        moved = False
        for c in range(n):
            dp[c] = 0
            df[c] = 0
            for d in range(4):
                e = cedges[c, d]
                if e >= 0 and poss[e]:
                    dp[c] += 1
                    if forced[e]:
                        df[c] += 1
            cap = 1 if mustend[c] else 2
            if dp[c] == 0 or df[c] > cap:
                return -1
            if not canend[c] and dp[c] < 2:
                return -1
            if df[c] == cap and dp[c] > cap:
                for d in range(4):
                    e = cedges[c, d]
                    if e >= 0 and poss[e] and not forced[e]:
                        poss[e] = False
                        moved = True
            elif dp[c] == cap and df[c] < cap and (mustend[c] or not canend[c]):
                for d in range(4):
                    e = cedges[c, d]
                    if e >= 0 and poss[e] and not forced[e]:
                        forced[e] = True
                        moved = True
        if moved:
            continue
        # runs of forced edges: no cycles, and no edge may close one
        fnext[:, :] = -1
        for e in range(m):
            if forced[e]:
                a = edges[e, 0]
                b = edges[e, 1]
                fnext[a, 0 if fnext[a, 0] < 0 else 1] = b
                fnext[b, 0 if fnext[b, 0] < 0 else 1] = a
        seen[:] = False
        for c in range(n):
            if seen[c] or fnext[c, 1] >= 0:
                continue
            prev = -1
            x = c
            seen[x] = True
            while True:
                y = fnext[x, 0] if fnext[x, 0] != prev else fnext[x, 1]
                if y < 0:
                    break
                prev = x
                x = y
                seen[x] = True
            if x != c:
                for d in range(4):
                    if nbrs[c, d] == x:
                        e = cedges[c, d]
                        if poss[e] and not forced[e]:
                            poss[e] = False
                            moved = True
        for c in range(n):
            if not seen[c]:
                return -1  # a closed cycle of forced edges
        if moved:
            continue
        br[:] = False
        if call(bridges_jit, nbrs, cedges, poss, br) > 1:
            return -1
        for e in range(m):
            if br[e] and not forced[e]:
                forced[e] = True
                moved = True
        if not moved:
            break
    ends = 0
    for c in range(n):
        if mustend[c] or dp[c] == 1:
            ends += 1
    if ends > 2:
        return -1
    # translate back into candidates
    changed = False
    for c in range(n):
        if dp[c] == 1:
            for i in range(W):
                x = _middle(vals[c, i], i, ends_mask, last_w, last_bit)
                if x:
                    vals[c, i] ^= x
                    changed = True
                    while x:
                        cand[c, i * 64 + lowbit64(x)] = False
                        x &= x - np.uint64(1)
        if df[c] == 2:
            if cand[c, 0] or cand[c, n - 1]:
                cand[c, 0] = False
                cand[c, n - 1] = False
                vals[c, 0] &= ~np.uint64(1)
                vals[c, last_w] &= ~last_bit
                changed = True
    for c in range(n):  # a pinned cell's non-edges cannot hold its neighbours
        cnt = 0
        v = -1
        for i in range(W):
            x = vals[c, i]
            if x:
                cnt += popcount64(x)
                if cnt > 1:
                    break
                v = i * 64 + lowbit64(x)
        if cnt != 1:
            continue
        for d in range(4):
            x = nbrs[c, d]
            e = cedges[c, d]
            if x >= 0 and not poss[e]:
                if v > 0 and cand[x, v - 1]:
                    cand[x, v - 1] = False
                    vals[x, (v - 1) >> 6] &= ~(np.uint64(1) << np.uint64((v - 1) & 63))
                    changed = True
                if v < n - 1 and cand[x, v + 1]:
                    cand[x, v + 1] = False
                    vals[x, (v + 1) >> 6] &= ~(np.uint64(1) << np.uint64((v + 1) & 63))
                    changed = True
    # each run carries consecutive labels, rising one way or the other
    run = np.empty(n, dtype=np.int64)
    ok = np.zeros((2, n), dtype=np.bool_)
    for c in range(n):
        if fnext[c, 0] < 0 or fnext[c, 1] >= 0:
            continue
        k = 0
        prev = -1
        x = c
        while x >= 0:
            run[k] = x
            k += 1
            y = fnext[x, 0] if fnext[x, 0] != prev else fnext[x, 1]
            prev = x
            x = y
        if run[k - 1] < c:
            continue  # each run once, from its smaller end
        for s in range(2):
            step = 1 if s == 0 else -1
            for t in range(n):
                good = True
                for j in range(k):
                    val = t + step * j
                    if val < 0 or val >= n or not cand[run[j], val]:
                        good = False
                        break
                ok[s, t] = good
        for j in range(k):
            x = run[j]
            for i in range(W):
                y = vals[x, i]
                while y:
                    one = y & (~y + np.uint64(1))
                    y ^= one
                    v = i * 64 + lowbit64(one)
                    t0 = v - j
                    t1 = v + j
                    sup = (t0 >= 0 and ok[0, t0]) or (t1 < n and ok[1, t1])
                    if not sup:
                        cand[x, v] = False
                        vals[x, i] &= ~one
                        changed = True
    if _empty_row(vals):
        return -1
    return 1 if changed else 0
