"""Stostone's rung kernels: col, clue and drop.  ``fit``, which lists the
ways a region's stone can be drawn, has its own module
(:mod:`puzzlekit.stostone.fit`); the arrays they read are
:func:`puzzlekit.stostone.tables.data`."""
from __future__ import annotations

import numpy as np
from numba import njit

from ..core._nb import call
from ..core.graph import cut_dfs_jit
from .tables import (
    B_CUT,
    B_MAY,
    B_MUST,
    HASH_MUL,
    HASH_SEED,
    R_COMP,
    R_CSIZE,
    R_DISC,
    R_DIST,
    R_HELD,
    R_IT,
    R_KB,
    R_KEY,
    R_LOW,
    R_OB,
    R_PARENT,
    R_QUEUE,
    S_CHS,
    S_CKEY,
    S_CKEYOFF,
    S_CVAL,
    _sec,
)

__all__ = []                    # private kernels only


# ---------------------------------------------------------------- helpers
@njit(cache=True)
def _set(bits, c, x):
    """Remove value ``1 - x`` of cell ``c`` (so it becomes ``x``): -1 dead, 1 changed, 0 not."""
    y = 1 - x
    if not bits[2 * c + y]:
        return -1 if not bits[2 * c + x] else 0
    bits[2 * c + y] = False
    return -1 if not bits[2 * c + x] else 1


@njit(cache=True)
def _state(bits, c):
    """0 blank, 1 shaded, -1 open, -2 dead."""
    b, s = bits[2 * c], bits[2 * c + 1]
    if b and s:
        return -1
    if s:
        return 1
    if b:
        return 0
    return -2


# ---------------------------------------------------------------- col
@njit(cache=True)
def _col_jit(bits, flags, work):
    h, w, r4 = flags[0], flags[1], flags[2]
    if r4 == 3:
        return 0
    half = h // 2
    changed = 0
    for c in range(w):
        work[0] += 1
        ns = 0
        nb = 0
        for r in range(h):
            x = _state(bits, r * w + c)
            if x == 1:
                ns += 1
            elif x == 0:
                nb += 1
            elif x == -2:
                return -1
        if ns > half or nb > half:
            return -1
        if ns == half and nb < half:
            for r in range(h):
                if _state(bits, r * w + c) == -1:
                    bits[2 * (r * w + c) + 1] = False
                    changed = 1
        elif nb == half and ns < half:
            for r in range(h):
                if _state(bits, r * w + c) == -1:
                    bits[2 * (r * w + c)] = False
                    changed = 1
    return changed


# ---------------------------------------------------------------- clue
@njit(cache=True)
def _clue_jit(bits, nbrs, reg, order, roff, num, flags, work, scr, bsc, big):
    n = nbrs.shape[0]
    k = flags[3]
    coff = _sec(big, S_CKEYOFF)
    chs = _sec(big, S_CHS).reshape((2, -1))
    ckey, cval, key = _sec(big, S_CKEY), _sec(big, S_CVAL), scr[R_KEY]
    changed = 0
    # stones apart: a shaded cell blanks its neighbours in other regions
    for v in range(n):
        if _state(bits, v) != 1:
            continue
        for d in range(4):
            u = nbrs[v, d]
            if u >= 0 and reg[u] != reg[v]:
                r = _set(bits, u, 0)
                if r < 0:
                    return -1
                changed |= r
    # each region alone, remembered by its cells' bits (flags[6] entries)
    memo = flags[6]
    for g in range(k):
        work[1] += 1
        a, b = roff[g], roff[g + 1]
        nw = (2 * (b - a) + 63) >> 6
        hs = _pack(bits, order, a, b, key, nw)
        slot = (hs >> 52) & (memo - 1)
        e = g * memo + slot
        ko = coff[g] + slot * nw
        hit = chs[1, e] != 0 and chs[0, e] == hs
        if hit:
            for t in range(nw):
                if ckey[ko + t] != key[t]:
                    hit = False
                    break
        if not hit:
            r = call(_clue_region, bits, nbrs, reg, order, a, b, g, num[g], scr, bsc)
            for t in range(nw):
                ckey[ko + t] = key[t]
            chs[0, e] = hs
            chs[1, e] = 2 if r < 0 else 1
            _pack(bits, order, a, b, cval[ko:ko + nw], nw)
        same = True
        for t in range(nw):
            if cval[ko + t] != key[t]:
                same = False
                break
        if not same:
            _unpack(bits, order, a, b, cval[ko:ko + nw])
            changed = 1
        if chs[1, e] == 2:
            return -1
    return changed


@njit(cache=True)
def _pack(bits, order, a, b, out, nw):
    """The bits of cells ``order[a:b]`` packed into ``out[:nw]`` (two per
    cell); returns their hash."""
    for t in range(nw):
        out[t] = 0
    for t in range(a, b):
        c = order[t]
        i = 2 * (t - a)
        out[i >> 6] |= (np.int64(bits[2 * c]) | (np.int64(bits[2 * c + 1]) << 1)) << (i & 63)
    hs = np.int64(HASH_SEED)
    for t in range(nw):
        hs = (hs ^ out[t]) * np.int64(HASH_MUL)
    return hs


@njit(cache=True)
def _unpack(bits, order, a, b, words):
    """Write packed bits (see :func:`_pack`) back to cells ``order[a:b]``."""
    for t in range(a, b):
        c = order[t]
        i = 2 * (t - a)
        x = words[i >> 6] >> (i & 63)
        bits[2 * c] = (x & 1) != 0
        bits[2 * c + 1] = (x & 2) != 0


@njit(cache=True)
def _clue_region(bits, nbrs, reg, order, a, b, g, v, scr, bsc):
    """``clue`` on region ``g`` (cells ``order[a:b]``, number ``v``): it reads
    and writes only the region's cells."""
    dist, queue, comp, csize = scr[R_DIST], scr[R_QUEUE], scr[R_COMP], scr[R_CSIZE]
    changed = 0
    nmust = 0
    nmay = 0
    for t in range(a, b):
        x = _state(bits, order[t])
        if x == -2:
            return -1
        if x == 1:
            nmust += 1
        if x != 0:
            nmay += 1
    if nmay == 0:
        return -1                               # a region with no stone
    if v > 0 and nmust > v:
        return -1
    if v > 0 and nmust == v:
        for t in range(a, b):
            if _state(bits, order[t]) == -1:
                bits[2 * order[t] + 1] = False
                changed = 1
        return changed
    if nmust == 0:
        # components of the open cells; a component smaller than the number is blank
        for t in range(a, b):
            comp[order[t]] = -1
        nc = 0
        for t in range(a, b):
            s0 = order[t]
            if comp[s0] >= 0 or _state(bits, s0) != -1:
                continue
            comp[s0] = nc
            queue[0] = s0
            qh, qt = 0, 1
            while qh < qt:
                p = queue[qh]
                qh += 1
                for d in range(4):
                    u = nbrs[p, d]
                    if u >= 0 and reg[u] == g and comp[u] < 0 and _state(bits, u) == -1:
                        comp[u] = nc
                        queue[qt] = u
                        qt += 1
            csize[nc] = qt
            nc += 1
        if v > 0:
            alive = 0
            for t in range(a, b):
                c = order[t]
                if comp[c] >= 0 and csize[comp[c]] < v:
                    bits[2 * c + 1] = False
                    changed = 1
                elif comp[c] >= 0:
                    alive += 1
            if alive == 0:
                return -1
        if nc == 1 and csize[0] == 1:
            for t in range(a, b):
                if comp[order[t]] == 0:
                    bits[2 * order[t]] = False
                    changed = 1
        return changed
    # distances from the shaded cells through unblanked cells of the region
    for t in range(a, b):
        dist[order[t]] = -1
    qt = 0
    for t in range(a, b):
        c = order[t]
        if _state(bits, c) == 1:
            dist[c] = 0
            queue[qt] = c
            qt += 1
    qh = 0
    while qh < qt:
        p = queue[qh]
        qh += 1
        for d in range(4):
            u = nbrs[p, d]
            if u >= 0 and reg[u] == g and dist[u] < 0 and _state(bits, u) != 0:
                dist[u] = dist[p] + 1
                queue[qt] = u
                qt += 1
    for t in range(a, b):
        c = order[t]
        if _state(bits, c) == -1 and (dist[c] < 0 or (v > 0 and nmust + dist[c] > v)):
            bits[2 * c + 1] = False
            changed = 1
    # joined: every shaded cell in one piece; cut cells are shaded
    r = call(_join, bits, nbrs, reg, order, a, b, g, queue, scr, bsc)
    if r < 0:
        return -1
    changed |= r
    if v > 0:
        room = 0
        for t in range(a, b):
            if _state(bits, order[t]) != 0:
                room += 1
        if room < v:
            return -1
        if room == v:
            for t in range(a, b):
                if _state(bits, order[t]) == -1:
                    bits[2 * order[t]] = False
                    changed = 1
    return changed


@njit(cache=True)
def _join(bits, nbrs, reg, order, a, b, g, stack, scr, bsc):
    """Articulation points of the region's unblanked cells that separate two
    shaded cells are shaded; shaded cells in two pieces are a contradiction."""
    root = -1
    nmust = 0
    for t in range(a, b):
        if _state(bits, order[t]) == 1:
            nmust += 1
            if root < 0:
                root = order[t]
    if nmust < 2:
        return 0
    disc, it = scr[R_DISC], scr[R_IT]
    cut, may, must = bsc[B_CUT], bsc[B_MAY], bsc[B_MUST]
    for t in range(a, b):              # may and must stay 0 off the region
        c = order[t]
        disc[c] = -1
        it[c] = 0
        cut[c] = 0
        x = _state(bits, c)
        may[c] = x != 0
        must[c] = x == 1
    reached = cut_dfs_jit(nbrs, may, must, root, disc, scr[R_LOW], scr[R_PARENT], it,
                          scr[R_HELD], stack, cut)
    for t in range(a, b):
        may[order[t]] = 0
        must[order[t]] = 0
    if reached < nmust:
        return -1
    changed = 0
    for t in range(a, b):
        c = order[t]
        if cut[c] == 2 and _state(bits, c) == -1:
            bits[2 * c] = False
            changed = 1
    return changed


# ---------------------------------------------------------------- drop
@njit(cache=True)
def _drop_jit(bits, nbrs, reg, order, roff, flags, work, scr):
    h, w, r4, k = flags[0], flags[1], flags[2], flags[3]
    if r4 > 1:
        return 0
    n = nbrs.shape[0]
    half = h // 2
    changed = 0
    # no vertical hole: two shaded cells of one region in a column shade the cells between
    for g in range(k):
        work[3] += 1
        for t in range(roff[g], roff[g + 1]):
            x = order[t]
            if _state(bits, x) != 1:
                continue
            for y in range(x + 2 * w, n, w):
                if reg[y] == g and _state(bits, y) == 1:
                    for z in range(x + w, y, w):
                        if reg[z] != g:
                            return -1
                        r = _set(bits, z, 1)
                        if r < 0:
                            return -1
                        changed |= r
    if changed or r4 == 1:
        return changed
    # exact: r + (shaded below) is one number K per stone
    kb = scr[R_KB]                    # known shaded below
    ob = scr[R_OB]                    # open below
    for c in range(w):
        s1 = 0
        s2 = 0
        for r in range(h - 1, -1, -1):
            x = r * w + c
            kb[x] = s1
            ob[x] = s2
            q = _state(bits, x)
            if q == 1:
                s1 += 1
            elif q == -1:
                s2 += 1
    for g in range(k):
        kmin = -1
        kmax = 1 << 30
        any_sh = False
        for t in range(roff[g], roff[g + 1]):
            x = order[t]
            if _state(bits, x) != 1:
                continue
            any_sh = True
            r = x // w
            kmin = max(kmin, r + kb[x])
            kmax = min(kmax, r + min(kb[x] + ob[x], half - 1))
        if not any_sh:
            continue
        if kmin > kmax:
            return -1
        for t in range(roff[g], roff[g + 1]):
            x = order[t]
            q = _state(bits, x)
            r = x // w
            if q == 1 and ob[x] > 0:
                if kmax - r == kb[x]:
                    val = 0
                elif kmin - r == kb[x] + ob[x]:
                    val = 1
                else:
                    continue
                for y in range(x + w, n, w):
                    if _state(bits, y) == -1:
                        rr = _set(bits, y, val)
                        if rr < 0:
                            return -1
                        changed = 1
                return 1
            if q == -1:
                lo = r + kb[x]
                hi = r + min(kb[x] + ob[x], half - 1)
                if hi < kmin or lo > kmax:
                    bits[2 * x + 1] = False
                    changed = 1
    return changed
