"""Stostone's ``fit`` rung: every way each region's stone can still be drawn
(connected, of the printed size, holding the region's shaded cells, none of
its blanks, touching no other stone, overfilling no column, and, when rule 4
asks for it, without a vertical gap), and what they all agree on."""
from __future__ import annotations

import numpy as np
from numba import njit

from ..core._nb import call
from .kernels import _state
from .tables import (
    B_BLOCKED,
    B_INS,
    B_ST,
    F_SECT,
    FIT_FREE,
    FIT_STEPS,
    HASH_MUL,
    HASH_SEED,
    R_ALW,
    R_CCNT,
    R_CHI,
    R_CLO,
    R_CMAX,
    R_CMIN,
    R_COLCNT,
    R_COLOP,
    R_COLSH,
    R_CTR,
    R_EXTBASE,
    R_EXTLEN,
    R_INN,
    R_KEY,
    R_NADJ,
    R_OWNOP,
    R_OWNSH,
    R_RIM,
    R_S,
    R_STAMP,
    S_COL,
    S_EXTNEED,
    S_KEYOFF,
    S_MRES,
    S_RCNT,
    S_RCOFF,
    S_RCOLS,
    S_RESOFF,
    S_RING,
    S_RINGOFF,
    S_ROW,
    _sec,
)

__all__ = []                    # private kernels only


@njit(cache=True)
def _fit_jit(bits, nbrs, reg, order, roff, num, flags, work, big, scr, ext0, bsc, mhs, mkey):
    n = nbrs.shape[0]
    h, w, r4, k = flags[0], flags[1], flags[2], flags[3]
    half = h // 2
    o_rcoff, o_rcols, o_rcnt = (flags[F_SECT + S_RCOFF], flags[F_SECT + S_RCOLS],
                                flags[F_SECT + S_RCNT])
    o_ringoff, o_ring, o_keyoff = (flags[F_SECT + S_RINGOFF], flags[F_SECT + S_RING],
                                   flags[F_SECT + S_KEYOFF])
    o_extneed, o_resoff, o_mres = (flags[F_SECT + S_EXTNEED], flags[F_SECT + S_RESOFF],
                                   flags[F_SECT + S_MRES])
    o_col = flags[F_SECT + S_COL]           # column of each cell
    memo = flags[6]
    for c in range(w):
        scr[R_COLSH, c] = 0
        scr[R_COLOP, c] = 0
    for c in range(n):
        q = _state(bits, c)
        if q == -2:
            return -1
        bsc[B_ST, c] = q
        if q == 1:
            scr[R_COLSH, big[o_col + c]] += 1
        elif q == -1:
            scr[R_COLOP, big[o_col + c]] += 1
    for g in range(k):
        a, b = roff[g], roff[g + 1]
        m = b - a
        v = num[g]
        # the region's key: per cell its state and whether it is blocked, three
        # bits each; per column the range [lo, hi] of stone cells the other
        # regions leave it, six bits each
        nw = (m + 20) // 21
        for t in range(nw):
            scr[R_KEY, t] = 0
        nmust = 0
        nallow = 0
        rootok = True
        for t in range(a, b):
            c = order[t]
            q = bsc[B_ST, c]
            blk = 0                             # next to a shaded cell of another region
            if q != 0:
                for d in range(4):
                    u = nbrs[c, d]
                    if u >= 0 and bsc[B_ST, u] == 1 and reg[u] != g:
                        blk = 1
                        break
            bsc[B_BLOCKED, c] = blk
            if q != 0 and blk == 0:
                nallow += 1
            if q == 1:
                if nmust == 0:
                    rootok = blk == 0
                nmust += 1
            i = t - a
            x = q + 1 + 3 * blk                 # a blank is never marked blocked
            scr[R_KEY, i // 21] |= np.int64(x) << (3 * (i % 21))
        if not rootok:
            return -1
        if v <= 0 and nallow > FIT_FREE:
            continue                            # an unnumbered region with too many shapes
        ln = nw
        if r4 < 3:
            ca, cb = big[o_rcoff + g], big[o_rcoff + g + 1]
            for j in range(ca, cb):
                scr[R_OWNSH, big[o_rcols + j]] = 0
                scr[R_OWNOP, big[o_rcols + j]] = 0
            for t in range(a, b):
                c = order[t]
                if bsc[B_ST, c] == 1:
                    scr[R_OWNSH, big[o_col + c]] += 1
                elif bsc[B_ST, c] == -1:
                    scr[R_OWNOP, big[o_col + c]] += 1
            ln += (cb - ca + 4) // 5
            for t in range(nw, ln):
                scr[R_KEY, t] = 0
            for j in range(ca, cb):
                x = big[o_rcols + j]
                osh = scr[R_COLSH, x] - scr[R_OWNSH, x]
                lo = half - osh - (scr[R_COLOP, x] - scr[R_OWNOP, x])
                hi = half - osh
                if lo < 0:
                    lo = 0
                if hi > big[o_rcnt + j]:
                    hi = big[o_rcnt + j]
                if hi < lo:
                    lo = 1
                    hi = 0
                scr[R_CLO, x] = lo
                scr[R_CHI, x] = hi
                scr[R_KEY, nw + (j - ca) // 5] |= (lo | (hi << 6)) << (12 * ((j - ca) % 5))
        hs = np.int64(HASH_SEED)
        for t in range(ln):
            hs = (hs ^ scr[R_KEY, t]) * np.int64(HASH_MUL)
        slot = (hs >> 52) & (memo - 1)
        e = g * memo + slot
        ko = big[o_keyoff + g] + slot * ln
        hit = mhs[1, e] != 0 and mhs[0, e] == hs
        if hit:
            for t in range(ln):
                if mkey[ko + t] != scr[R_KEY, t]:
                    hit = False
                    break
        nr = big[o_ringoff + g + 1] - big[o_ringoff + g]
        aw = (m + 63) >> 6
        rw = (nr + 63) >> 6
        # the entry's verdicts: cells to shade, cells to blank, cells around to blank
        ro = o_mres + big[o_resoff + g] + slot * (2 * aw + rw)
        if not hit:
            need = big[o_extneed + g]
            ext = ext0 if need <= ext0.shape[0] else np.empty(need, np.int64)
            fits, steps = call(_fit_list, nbrs, reg, order, a, b, g, v, _sec(big, S_COL),
                               _sec(big, S_ROW), r4, nmust, nallow,
                               _sec(big, S_RCOLS), big[o_rcoff + g], big[o_rcoff + g + 1],
                               scr, ext, bsc)
            for t in range(ln):
                mkey[ko + t] = scr[R_KEY, t]
            mhs[0, e] = hs
            mhs[2, e] = steps
            mhs[1, e] = 1 if fits < 0 else (2 if fits == 0 else 3)
            for t in range(2 * aw + rw):
                big[ro + t] = 0
            if fits > 0:
                for t in range(a, b):
                    c = order[t]
                    if bsc[B_ST, c] == -1 and (scr[R_INN, c] == fits or scr[R_INN, c] == 0):
                        i = t - a
                        side = 0 if scr[R_INN, c] == fits else aw
                        big[ro + side + (i >> 6)] |= np.int64(1) << (i & 63)
            for j in range(nr):
                u = big[o_ring + big[o_ringoff + g] + j]
                if fits > 0 and scr[R_RIM, u] == fits:
                    big[ro + 2 * aw + (j >> 6)] |= np.int64(1) << (j & 63)
                scr[R_RIM, u] = 0
        work[2] += mhs[2, e]
        if mhs[1, e] == 1:
            continue
        if mhs[1, e] == 2:
            return -1
        changed = 0
        for t in range(2 * aw):
            x = big[ro + t]
            if x == 0:
                continue
            changed = 1
            side = 0 if t < aw else 1               # shade: remove blank; blank: remove shaded
            base = a + 64 * (t - side * aw)
            for i in range(64):
                if (x >> i) & 1:
                    bits[2 * order[base + i] + side] = False
        for t in range(rw):
            x = big[ro + 2 * aw + t]
            if x == 0:
                continue
            for i in range(64):
                if (x >> i) & 1:
                    u = big[o_ring + big[o_ringoff + g] + 64 * t + i]
                    if bsc[B_ST, u] == -1:
                        bits[2 * u + 1] = False
                        changed = 1
        if changed:
            return 1
    return 0


@njit(cache=True)
def _fit_list(nbrs, reg, order, a, b, g, v, colof, rowof, r4, nmust, nallow, rcols, ca, cb,
              scr, ext, bsc):
    """List region ``g``'s stones (on its cells neither blank nor blocked):
    counts in the ``inn`` row (region cells) and the ``rim`` row (cells around
    it) how many stones use or touch each cell.  Returns ``(stones, partial stones
    listed)``, stones -1 when the listing passed :data:`FIT_STEPS`."""
    m = b - a
    st, inS = bsc[B_ST], bsc[B_INS]
    inn, rim, stamp, alw, nadj = scr[R_INN], scr[R_RIM], scr[R_STAMP], scr[R_ALW], scr[R_NADJ]
    S, colcnt, cmin, cmax, ccnt = scr[R_S], scr[R_COLCNT], scr[R_CMIN], scr[R_CMAX], scr[R_CCNT]
    clo, chi, extbase, extlen, ctr = (scr[R_CLO], scr[R_CHI], scr[R_EXTBASE], scr[R_EXTLEN],
                                      scr[R_CTR])
    ctr[0] += 1
    tok = ctr[0]
    root = -1
    blocked = bsc[B_BLOCKED]
    for t in range(a, b):
        c = order[t]
        inn[c] = 0
        if st[c] != 0 and blocked[c] == 0:
            alw[c] = tok
        if root < 0 and st[c] == 1:
            root = c
    maxsize = v if v > 0 else nallow
    fits = 0
    steps = 0
    gave_up = False
    nroots = 1 if nmust > 0 else m
    for ri in range(nroots):
        r0 = root if nmust > 0 else order[a + ri]
        if alw[r0] != tok:
            continue
        minmode = nmust == 0
        S[0] = r0
        inS[r0] = 1
        colcnt[colof[r0]] += 1
        mustin = 1 if st[r0] == 1 else 0
        for d in range(4):
            u = nbrs[r0, d]
            if u >= 0:
                nadj[u] += 1
        extbase[1] = 0
        nl = 0
        for d in range(4):
            u = nbrs[r0, d]
            if u >= 0 and alw[u] == tok and (not minmode or u > r0):
                ext[nl] = u
                nl += 1
        extlen[1] = nl
        depth = 1
        fresh = True
        while depth > 0:
            if fresh:
                fresh = False
                steps += 1
                if steps > FIT_STEPS:
                    gave_up = True
                    break
                if mustin == nmust and (v <= 0 or depth == v) and \
                        _fit_ok(S, depth, colof, rowof, r4, rcols, ca, cb, colcnt, clo, chi,
                                cmin, cmax, ccnt):
                    fits += 1
                    _fit_count(S, depth, nbrs, reg, g, inn, rim, stamp, ctr)
            if depth == maxsize - 1 and extlen[depth] > 0:
                # each last cell x completes a stone S + x: list them without
                # pushing, checking only what x changes
                nleaf = extlen[depth]
                if steps + nleaf > FIT_STEPS:
                    steps = FIT_STEPS + 1
                    gave_up = True
                    break
                steps += nleaf
                if mustin + 1 >= nmust and (v <= 0 or depth + 1 == v):
                    nf = call(_fit_leaves, S, depth, ext, extbase[depth], nleaf, mustin, nmust,
                              st, nbrs, reg, g, colof, rowof, r4, rcols, ca, cb, colcnt,
                              clo, chi, cmin, cmax, ccnt, inn, rim, stamp, ctr)
                    fits += nf
                extlen[depth] = 0
                continue
            if depth < maxsize and extlen[depth] > 0:
                extlen[depth] -= 1
                p0 = extbase[depth]
                nl = extlen[depth]
                x = ext[p0 + nl]
                p1 = p0 + nl
                for q in range(nl):
                    ext[p1 + q] = ext[p0 + q]
                for d in range(4):
                    u = nbrs[x, d]
                    if u >= 0 and alw[u] == tok and inS[u] == 0 and nadj[u] == 0 and \
                            (not minmode or u > r0):
                        ext[p1 + nl] = u
                        nl += 1
                extbase[depth + 1] = p1
                extlen[depth + 1] = nl
                S[depth] = x
                inS[x] = 1
                colcnt[colof[x]] += 1
                if st[x] == 1:
                    mustin += 1
                for d in range(4):
                    u = nbrs[x, d]
                    if u >= 0:
                        nadj[u] += 1
                depth += 1
                fresh = True
            else:
                depth -= 1
                x = S[depth]
                inS[x] = 0
                colcnt[colof[x]] -= 1
                if st[x] == 1:
                    mustin -= 1
                for d in range(4):
                    u = nbrs[x, d]
                    if u >= 0:
                        nadj[u] -= 1
        if gave_up:
            while depth > 0:            # unwind what is still pushed
                depth -= 1
                x = S[depth]
                inS[x] = 0
                colcnt[colof[x]] -= 1
                for d in range(4):
                    u = nbrs[x, d]
                    if u >= 0:
                        nadj[u] -= 1
            return -1, steps
    return fits, steps


@njit(cache=True, inline="always")
def _column_extents(S, size, colof, rowof, cmin, cmax, ccnt):
    """Add the cells ``S[:size]`` to their columns' lowest and highest row
    and cell count (a stone has no vertical gap in a column where
    ``cmax - cmin + 1 == ccnt``)."""
    for q in range(size):
        c = colof[S[q]]
        r = rowof[S[q]]
        cmin[c] = min(cmin[c], r)
        cmax[c] = max(cmax[c], r)
        ccnt[c] += 1


@njit(cache=True)
def _fit_leaves(S, size, ext, p0, nleaf, mustin, nmust, st, nbrs, reg, g, colof, rowof, r4,
                rcols, ca, cb,
                colcnt, clo, chi, cmin, cmax, ccnt, inn, rim, stamp, ctr):
    """Count the stones ``S[:size] + x`` for the cells ``x`` in
    ``ext[p0:p0 + nleaf]`` that fit (as :func:`_fit_ok` and :func:`_fit_count`
    would, one stone at a time); returns how many fit."""
    bad = 0                             # columns out of range, and with a gap, without x
    gaps = 0
    if r4 < 3:
        for j in range(ca, cb):
            c = rcols[j]
            if colcnt[c] > chi[c] or colcnt[c] < clo[c]:
                bad += 1
    if r4 <= 1:
        for j in range(ca, cb):
            c = rcols[j]
            cmin[c] = 1 << 30
            cmax[c] = -1
            ccnt[c] = 0
        _column_extents(S, size, colof, rowof, cmin, cmax, ccnt)
        for j in range(ca, cb):
            c = rcols[j]
            if ccnt[c] > 0 and cmax[c] - cmin[c] + 1 != ccnt[c]:
                gaps += 1
    ctr[1] += 1
    near = ctr[1]                       # cells outside the region next to S
    for q in range(size):
        for d in range(4):
            u = nbrs[S[q], d]
            if u >= 0 and reg[u] != g:
                stamp[u] = near
    nf = 0
    for i in range(nleaf - 1, -1, -1):
        x = ext[p0 + i]
        if mustin + (1 if st[x] == 1 else 0) != nmust:
            continue
        cx = colof[x]
        if r4 < 3:
            was = colcnt[cx] > chi[cx] or colcnt[cx] < clo[cx]
            now = colcnt[cx] + 1 > chi[cx] or colcnt[cx] + 1 < clo[cx]
            if bad - was + now != 0:
                continue
        if r4 <= 1:
            rx = rowof[x]
            was = ccnt[cx] > 0 and cmax[cx] - cmin[cx] + 1 != ccnt[cx]
            now = max(cmax[cx], rx) - min(cmin[cx], rx) + 1 != ccnt[cx] + 1
            if gaps - was + now != 0:
                continue
        nf += 1
        inn[x] += 1
        for d in range(4):
            u = nbrs[x, d]
            if u >= 0 and reg[u] != g and stamp[u] != near:
                rim[u] += 1
    if nf > 0:
        ctr[1] += 1
        done = ctr[1]
        for q in range(size):
            c = S[q]
            inn[c] += nf
            for d in range(4):
                u = nbrs[c, d]
                if u >= 0 and reg[u] != g and stamp[u] == near:
                    stamp[u] = done
                    rim[u] += nf
    return nf


@njit(cache=True)
def _fit_count(S, size, nbrs, reg, g, inn, rim, stamp, ctr):
    """Count a listed stone: once in ``inn`` for each of its cells, once in
    ``rim`` for each cell outside region ``g`` next to it."""
    ctr[1] += 1
    cur = ctr[1]
    for q in range(size):
        c = S[q]
        inn[c] += 1
        for d in range(4):
            u = nbrs[c, d]
            if u >= 0 and reg[u] != g and stamp[u] != cur:
                stamp[u] = cur
                rim[u] += 1


@njit(cache=True)
def _fit_ok(S, size, colof, rowof, r4, rcols, ca, cb, colcnt, clo, chi, cmin, cmax, ccnt):
    """A listed stone fits the columns (and has no vertical gap when asked):
    in every column of its region it leaves between ``clo`` and ``chi`` cells
    (what the shaded and open cells outside the region allow)."""
    if r4 < 3:
        for j in range(ca, cb):
            c = rcols[j]
            if colcnt[c] > chi[c] or colcnt[c] < clo[c]:
                return False
    if r4 <= 1:
        for q in range(size):
            c = colof[S[q]]
            cmin[c] = 1 << 30
            cmax[c] = -1
            ccnt[c] = 0
        _column_extents(S, size, colof, rowof, cmin, cmax, ccnt)
        for q in range(size):
            c = colof[S[q]]
            if cmax[c] - cmin[c] + 1 != ccnt[c]:
                return False
    return True
