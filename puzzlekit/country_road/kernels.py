"""Country Road's rung kernels: region, once and macro, and the search that
keeps a country's road cells (or the whole road) joined.  ``loop`` has its
own module (:mod:`puzzlekit.country_road.loop`); the arrays they read are
:func:`puzzlekit.country_road.tables.data`."""
from __future__ import annotations

import numpy as np
from numba import njit

from ..core._nb import call
from .steps import _and_put, _put, _refresh_jit

__all__ = []                    # private kernels only


@njit(cache=True, inline="always")
def _keep_and_cut(bits, h, T, B, row, g, lo, hi):
    """After :func:`_connect_jit` on the same ``g, lo, hi``: a cell that may
    be road but is out of reach is empty, a cut cell is road.  -1 if
    impossible, else 1 if anything changed, 0 if not."""
    keep = h.keep
    cut = keep + h.n_cells
    ch = 0
    for i in range(lo, hi):
        x = T[h.members + i] if g >= 0 else i
        if bits[2 * x + 1] and not B[keep + x]:
            ch = _and_put(ch, bits, x, 0, h, T, B, row)
        elif B[cut + x]:
            ch = _and_put(ch, bits, x, 1, h, T, B, row)
    return ch


@njit(cache=True)
def _region_jit(bits, d, work):
    T, B, C, h = d
    n = h.n_cells
    Eo = h.ends
    reg = h.country
    oke = h.edge_ok
    call(_refresh_jit, bits, h, T, B, 0)
    ch = 0
    for e in range(h.n_edges):
        if B[oke + e]:
            continue
        B[oke + e] = True                               # cleared by any removal below
        a = T[Eo + 2 * e]
        b = T[Eo + 2 * e + 1]
        work[0] += 1
        if not bits[2 * (n + e)]:                       # used for sure
            ch = _and_put(ch, bits, a, 1, h, T, B, 0)
            ch = _and_put(ch, bits, b, 1, h, T, B, 0)
        if not bits[2 * a + 1] or not bits[2 * b + 1]:  # an end is empty
            ch = _and_put(ch, bits, n + e, 0, h, T, B, 0)
        if T[reg + a] != T[reg + b]:                    # no two empties across a border
            if not bits[2 * a + 1]:
                ch = _and_put(ch, bits, b, 1, h, T, B, 0)
            if not bits[2 * b + 1]:
                ch = _and_put(ch, bits, a, 1, h, T, B, 0)
        if ch < 0:                                      # (a failed put puts nothing after)
            B[oke + e] = False
            return -1
    # the numbers
    rc = h.members
    roff = h.members_off
    okg = h.clue_ok
    for g in range(h.n_countries):
        v = T[h.clue + g]
        if v < 0 or B[okg + g]:
            continue
        B[okg + g] = True
        work[0] += 1
        sure = 0
        poss = 0
        for i in range(T[roff + g], T[roff + g + 1]):
            x = T[rc + i]
            if bits[2 * x + 1]:
                poss += 1
                if not bits[2 * x]:
                    sure += 1
        if sure > v or poss < v:
            B[okg + g] = False
            return -1
        if sure == v and poss > v:
            for i in range(T[roff + g], T[roff + g + 1]):
                x = T[rc + i]
                if bits[2 * x] and bits[2 * x + 1]:
                    ch |= _put(bits, x, 0, h, T, B, 0)
        elif poss == v and sure < v:
            for i in range(T[roff + g], T[roff + g + 1]):
                x = T[rc + i]
                if bits[2 * x + 1] and bits[2 * x]:
                    ch |= _put(bits, x, 1, h, T, B, 0)
    return ch


@njit(cache=True)
def _once_jit(bits, d, work):
    T, B, C, h = d
    n = h.n_cells
    k = h.n_countries
    skip = h.skip == 1
    rc = h.members
    roff = h.members_off
    be = h.border
    boff = h.border_off
    ok1 = h.country_ok
    vis = h.visited
    call(_refresh_jit, bits, h, T, B, 1)
    ch = 0
    visited = 0
    for g in range(k):
        if B[ok1 + g]:
            visited += T[vis + g]
            continue
        B[ok1 + g] = True
        work[1] += 1
        sure_road = 0
        poss_road = 0
        last = -1
        for i in range(T[roff + g], T[roff + g + 1]):
            x = T[rc + i]
            if bits[2 * x + 1]:
                poss_road += 1
                last = x
                if not bits[2 * x]:
                    sure_road += 1
        T[vis + g] = 1 if sure_road > 0 else 0
        visited += T[vis + g]
        if not skip:
            if poss_road == 0:
                B[ok1 + g] = False
                return -1
            if poss_road == 1 and sure_road == 0:
                if bits[2 * last] or not bits[2 * last + 1]:
                    ch |= _put(bits, last, 1, h, T, B, 1)
                sure_road = 1
        if k < 2:
            continue
        su = 0
        pu = 0
        for i in range(T[boff + g], T[boff + g + 1]):
            e = T[be + i]
            if bits[2 * (n + e) + 1]:
                pu += 1
                if not bits[2 * (n + e)]:
                    su += 1
        if su > 2:
            B[ok1 + g] = False
            return -1
        if not skip or su > 0:                         # exactly two crossings
            if pu < 2:
                B[ok1 + g] = False
                return -1
            if pu == 2 and su < 2:
                for i in range(T[boff + g], T[boff + g + 1]):
                    e = T[be + i]
                    if bits[2 * (n + e) + 1]:
                        if bits[2 * (n + e)] or not bits[2 * (n + e) + 1]:
                            ch |= _put(bits, n + e, 1, h, T, B, 1)
            elif su == 2 and pu > 2:
                for i in range(T[boff + g], T[boff + g + 1]):
                    e = T[be + i]
                    if bits[2 * (n + e)]:
                        if bits[2 * (n + e) + 1] or not bits[2 * (n + e)]:
                            ch |= _put(bits, n + e, 0, h, T, B, 1)
        elif pu == 1:                                  # none or two: the lone one is unused
            for i in range(T[boff + g], T[boff + g + 1]):
                e = T[be + i]
                if bits[2 * (n + e) + 1]:
                    ch = _and_put(ch, bits, n + e, 0, h, T, B, 1)
                    if ch < 0:
                        B[ok1 + g] = False
                        return -1
    # one crossing per border between two countries, once the loop meets 3+ of them
    if k >= 3 and (not skip or visited >= 3):
        pe = h.pair_edges
        poff = h.pair_off
        ok2 = h.border_ok
        for q in range(h.n_pairs):
            if B[ok2 + q]:
                continue
            B[ok2 + q] = True
            su = 0
            for i in range(T[poff + q], T[poff + q + 1]):
                e = T[pe + i]
                if not bits[2 * (n + e)]:
                    su += 1
            if su > 1:
                B[ok2 + q] = False
                return -1
            if su == 1:
                for i in range(T[poff + q], T[poff + q + 1]):
                    e = T[pe + i]
                    if bits[2 * (n + e)] and bits[2 * (n + e) + 1]:
                        if bits[2 * (n + e) + 1] or not bits[2 * (n + e)]:
                            ch |= _put(bits, n + e, 0, h, T, B, 1)
    # a country's road cells are one run of the loop: connected inside it.
    # Each country is searched on its own cells (rcells[roff[g]:roff[g+1]]),
    # so the pass is linear.
    ok3 = h.joined_ok
    for g in range(k):
        if B[ok3 + g]:
            continue
        B[ok3 + g] = True
        a0 = T[roff + g]
        a1 = T[roff + g + 1]
        nm = 0
        for i in range(a0, a1):
            x = T[rc + i]
            if bits[2 * x + 1] and not bits[2 * x]:
                nm = 1
                break
        if nm == 0:
            continue
        work[1] += a1 - a0
        r = -1
        if call(_connect_jit, bits, h, T, B, g, a0, a1) >= 0:
            r = _keep_and_cut(bits, h, T, B, 1, g, a0, a1)
        if r < 0:
            B[ok3 + g] = False
            return -1
        ch |= r
    return ch


@njit(cache=True)
def _connect_jit(bits, h, T, B, g, lo, hi):
    """Fill the keep flags (reachable from the first road cell) and cut
    flags (not a road cell, but needed to join road cells) of the cells
    ``rcells[lo:hi]`` of country ``g``, or of every cell when ``g < 0``,
    moving through possible road cells and possible edges inside ``g``:
    -1 when the road cells cannot be joined, else their number.  One
    iterative lowlink DFS in the scratch rows of ``T``."""
    n = h.n_cells
    nb = h.nbrs
    ce = h.cell_edges
    reg = h.country
    rc = h.members
    keep = h.keep
    cut = keep + n
    disc = h.dfs
    low = disc + n
    parent = low + n
    it = parent + n
    held = it + n
    stack = held + n
    root = -1
    n_must = 0
    for i in range(lo, hi):
        v = T[rc + i] if g >= 0 else i
        B[keep + v] = False
        B[cut + v] = False
        T[disc + v] = -1
        T[it + v] = 0
        if bits[2 * v + 1] and not bits[2 * v]:
            n_must += 1
            if root < 0:
                root = v
    if root < 0:
        for i in range(lo, hi):
            v = T[rc + i] if g >= 0 else i
            B[keep + v] = bits[2 * v + 1]
        return 0
    T[disc + root] = 0
    T[low + root] = 0
    T[parent + root] = -1
    T[held + root] = 1
    T[stack] = root
    top = 1
    t = 1
    while top > 0:
        v = T[stack + top - 1]
        j = T[it + v]
        if j < 4:
            T[it + v] = j + 1
            u = T[nb + 4 * v + j]
            if u < 0 or not bits[2 * u + 1] or not bits[2 * (n + T[ce + 4 * v + j]) + 1]:
                continue
            if g >= 0 and T[reg + u] != g:
                continue
            if T[disc + u] < 0:
                T[parent + u] = v
                T[disc + u] = t
                T[low + u] = t
                t += 1
                T[held + u] = 1 if not bits[2 * u] else 0
                T[stack + top] = u
                top += 1
            elif u != T[parent + v] and T[disc + u] < T[low + v]:
                T[low + v] = T[disc + u]
            continue
        top -= 1
        p = T[parent + v]
        if p < 0:
            continue
        if T[low + v] < T[low + p]:
            T[low + p] = T[low + v]
        T[held + p] += T[held + v]
        if T[low + v] >= T[disc + p] and T[held + v] > 0 and bits[2 * p]:
            B[cut + p] = True
    for i in range(lo, hi):
        v = T[rc + i] if g >= 0 else i
        B[keep + v] = T[disc + v] >= 0
    if T[held + root] < n_must:
        return -1
    return n_must


@njit(cache=True)
def _macro_jit(bits, d, work):
    T, B, C, h = d
    n = h.n_cells
    if h.two_connected == 0 and h.skip == 0:
        return -1                                   # cut vertex or bridge: no loop at all
    if h.complete == 0:
        return 0                                    # no complete catalogue: nothing more
    # one step, reading every border edge
    okm = h.macro_ok
    call(_refresh_jit, bits, h, T, B, 3)
    if B[okm]:
        return 0
    B[okm] = True                                   # cleared by any removal below
    npairs = h.n_pairs
    pe = h.pair_edges
    poff = h.pair_off
    W = C.shape[1]
    ncat = C.shape[0] - 4
    crossed = ncat
    closed = ncat + 1
    union = ncat + 2
    inter = ncat + 3
    for j in range(W):
        C[crossed, j] = 0
        C[closed, j] = 0
    for q in range(npairs):
        live = False
        used = False
        for i in range(T[poff + q], T[poff + q + 1]):
            e = T[pe + i]
            if bits[2 * (n + e) + 1]:
                live = True
                if not bits[2 * (n + e)]:
                    used = True
        b = np.uint64(1) << np.uint64(q % 64)
        if used:
            C[crossed, q // 64] |= b
        if not live:
            C[closed, q // 64] |= b
    for j in range(W):
        C[union, j] = 0
        C[inter, j] = ~np.uint64(0)
    alive = 0
    for c in range(ncat):
        work[3] += 1
        ok = True
        for j in range(W):
            if (C[c, j] & C[crossed, j]) != C[crossed, j] or (C[c, j] & C[closed, j]) != 0:
                ok = False
                break
        if ok:
            alive += 1
            for j in range(W):
                C[union, j] |= C[c, j]
                C[inter, j] &= C[c, j]
    if alive == 0:
        B[okm] = False
        return -1
    ch = 0
    for q in range(npairs):
        b = np.uint64(1) << np.uint64(q % 64)
        if (C[union, q // 64] & b) == 0:
            for i in range(T[poff + q], T[poff + q + 1]):
                e = T[pe + i]
                ch = _and_put(ch, bits, n + e, 0, h, T, B, 3)
                if ch < 0:
                    B[okm] = False
                    return -1
        elif (C[inter, q // 64] & b) != 0:
            nlive = 0
            last = -1
            for i in range(T[poff + q], T[poff + q + 1]):
                e = T[pe + i]
                if bits[2 * (n + e) + 1]:
                    nlive += 1
                    last = e
            if nlive == 0:
                B[okm] = False
                return -1
            if nlive == 1:
                if bits[2 * (n + last)] or not bits[2 * (n + last) + 1]:
                    ch |= _put(bits, n + last, 1, h, T, B, 3)
    return ch
