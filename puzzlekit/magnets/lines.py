"""Magnets' ``gac`` rung: every line solved exactly, one at a time.  A
dynamic programme over (value, plus count, minus count) keeps the values
some legal assignment of the line uses (on one word, on bit sets, or dense,
by the line's size), and a memory of lines already solved skips a line met
again with the same domains."""
from __future__ import annotations

import numpy as np
from numba import njit

from ..core._nb import call, lowbit64
from .tables import _MEMO_STRIDE, _MEMO_WAYS

__all__ = []                    # private kernels only


@njit(cache=True, inline="always")
def _side_by_side(v, w, dom):
    """Whether values ``v`` and ``w`` (0 ``+``, 1 ``-``, 2 neutral) may stand
    in neighbouring cells of a line, ``dom`` when the two cells are one
    domino: two equal poles may not; a domino's halves are both poles or
    both neutral."""
    if v < 2 and v == w:
        return False
    return not (dom and ((v == 2) != (w == 2)))


@njit(cache=True)
def _gac_jit(cells, ct, lt, snap, U, F, memo):
    """Line consistency, line by line in order.  A line whose cells equal its
    snapshot is skipped; otherwise its supported values come from
    :func:`_gac_word_jit`, :func:`_gac_bits_jit` or :func:`_gac_dense_jit`;
    a line with no assignment is a contradiction (the lines before it stay
    narrowed), and every unsupported value of any other line is removed.
    When this snapshot's last output is set, only the lines through a cell
    that differs from it, or that changed after the pass went by, are
    compared with their snapshots: the others still equal theirs.  A line
    of at most 21 cells is first looked up in ``memo`` (see
    :func:`_fresh_memo`) by its bits: the outcome of a line is a function
    of its bits alone.  Work counts the line's complete assignments."""
    W2 = lt.shape[1] - 3
    W = W2 // 2
    nl = lt.shape[0]
    zero = np.uint64(0)
    one = np.uint64(1)
    nc = cells.shape[0]
    z0 = 3 * nl * W             # the last output
    d0 = z0 + 3 * nc            # per line: compare it with its snapshot
    if snap[d0 + nl] == 1:
        for c in range(nc):
            z = z0 + 3 * c
            if (snap[z] != (1 if cells[c, 0] else 0) or snap[z + 1] != (1 if cells[c, 1] else 0)
                    or snap[z + 2] != (1 if cells[c, 2] else 0)):
                snap[d0 + ct[c, 14]] = 1
                snap[d0 + ct[c, 15]] = 1
    else:
        for line in range(nl):
            snap[d0 + line] = 1
    snap[d0 + nl] = 0
    changed = False
    work = 0
    nlines = 0
    for line in range(nl):
        if snap[d0 + line] == 0:
            continue
        snap[d0 + line] = 0
        n = lt[line, W2]
        e = line * _MEMO_STRIDE
        opened = False
        key = ~zero
        hit = -1
        if n <= 21:                 # the line's bits as one word
            key = zero
            for i in range(n):
                c = lt[line, i]
                code = ((1 if cells[c, 0] else 0) | (2 if cells[c, 1] else 0)
                        | (4 if cells[c, 2] else 0))
                if code & (code - 1):
                    opened = True
                key |= np.uint64(code) << np.uint64(3 * i)
            if key == memo[e + 1]:
                continue
            for t in range(_MEMO_WAYS):
                if memo[e + 2 + 3 * t] == key:
                    hit = e + 2 + 3 * t
                    break
        else:
            clean = True
            for i in range(n):
                c = lt[line, i]
                q = 3 * (line * W + i)
                if (snap[q] != (1 if cells[c, 0] else 0) or snap[q + 1] != (1 if cells[c, 1] else 0)
                        or snap[q + 2] != (1 if cells[c, 2] else 0)):
                    clean = False
                    break
            if clean:
                continue
            for i in range(n):
                c = lt[line, i]
                if ((1 if cells[c, 0] else 0) + (1 if cells[c, 1] else 0)
                        + (1 if cells[c, 2] else 0)) > 1:
                    opened = True
                    break
        if opened:
            nlines += 1
        P = lt[line, W2 + 1]
        M = lt[line, W2 + 2]
        if hit >= 0:
            ok = memo[hit + 1] != ~zero
            w = np.int64(memo[hit + 2])
            sc = memo[hit + 1]
            if ok:
                for j in range(n):
                    U[j] = (sc >> np.uint64(3 * j)) & np.uint64(7)
        elif P < 63 and (P + 1 if P >= 0 else 1) * (M + 1 if M >= 0 else 1) <= 64:
            ok, total = call(_gac_word_jit, cells, ct, lt, line, n, P, M, U, F, opened)
        elif P < 63 and M < 63:
            B = (U.size - 4 * W) // (6 * W)
            A = (F.size - 384) // (6 * B)
            ok, total = call(_gac_bits_jit, cells, ct, lt, line, n, P, M,
                             U[4 * W:4 * W + 3 * W * B].reshape((W, 3, B)),
                             U[4 * W + 3 * W * B:].reshape((W, 3, B)),
                             F[384:].reshape((2, 3, B, A)), U[:W])
        else:
            ok, total = call(_gac_dense_jit, cells, ct, lt, line, n, P, M, U[:W])
        if hit < 0:
            w = np.int64(min(total, 4.0e18))
            sc = ~zero
            if key != ~zero:        # remember the line's outcome
                t = e + 2 + 3 * np.int64(memo[e])
                memo[e] = (memo[e] + one) % np.uint64(_MEMO_WAYS)
                memo[t] = key
                memo[t + 2] = np.uint64(w)
                if ok:
                    sc = zero
                    for j in range(n):
                        sc |= U[j] << np.uint64(3 * j)
                memo[t + 1] = sc
        work += w
        if not ok:
            return -1, work, nlines
        for j in range(n):
            c = lt[line, j]
            s = int(U[j])
            for k in range(3):
                if cells[c, k] and not (s >> k) & 1:
                    cells[c, k] = False
                    changed = True
                    x = ct[c, 15] if ct[c, 14] == line else ct[c, 14]
                    snap[d0 + x] = 1
            if key == ~zero:
                q = 3 * (line * W + j)
                for k in range(3):
                    snap[q + k] = 1 if cells[c, k] else 0
        if key != ~zero:
            memo[e + 1] = sc        # the line's bits now
    for c in range(nc):
        z = z0 + 3 * c
        snap[z] = 1 if cells[c, 0] else 0
        snap[z + 1] = 1 if cells[c, 1] else 0
        snap[z + 2] = 1 if cells[c, 2] else 0
    snap[d0 + nl] = 1
    return (1 if changed else 0), work, nlines


@njit(cache=True)
def _gac_word_jit(cells, ct, lt, line, n, P, M, U, F, opened):
    """One line's dynamic programme with every (plus count, minus count) pair
    of a value as one bit of one word, bit ``a + A * b`` (``A * B`` <= 64).
    Word ``U[W + 3 * i + v]``: the pairs some prefix ending at cell ``i``
    with value ``v`` reaches; narrowed in place, backward, to those some
    completion carries to the margins.  ``U[i]`` gets the bit mask of the
    values of cell ``i`` on some complete assignment.  Returns (any
    assignment, number of complete assignments); the count runs over the
    pairs left in the words (``F[:384]`` its scratch), or is 1 when
    ``opened`` is false (every cell decided)."""
    W = (lt.shape[1] - 3) // 2
    one = np.uint64(1)
    zero = np.uint64(0)
    A = P + 1 if P >= 0 else 1
    B = M + 1 if M >= 0 else 1
    AB = A * B
    full = ~zero if AB == 64 else (one << np.uint64(AB)) - one
    top = zero                    # pairs whose plus count is A - 1
    for b in range(B):
        top |= one << np.uint64(A - 1 + A * b)
    low = full & ~top
    sa = np.uint64(A)
    # forward; the start is the pair (0, 0) before the first cell
    f0 = zero
    f1 = zero
    f2 = one
    dom = False
    for i in range(n):
        c = lt[line, i]
        if i > 0:
            dom = ct[c, 4] == lt[line, i - 1]
        g0 = f1 if dom else f1 | f2
        g1 = f0 if dom else f0 | f2
        g2 = f2 if dom else f0 | f1 | f2
        if P >= 0:
            g0 = (g0 & low) << one
        if M >= 0:
            g1 = (g1 << sa) & full
        f0 = g0 if cells[c, 0] else zero
        f1 = g1 if cells[c, 1] else zero
        f2 = g2 if cells[c, 2] else zero
        U[W + 3 * i + 0] = f0
        U[W + 3 * i + 1] = f1
        U[W + 3 * i + 2] = f2
    fa = P if P >= 0 else 0
    fb = M if M >= 0 else 0
    last = one << np.uint64(fa + A * fb)
    s = 0
    for v in range(3):
        m = U[W + 3 * (n - 1) + v] & last
        U[W + 3 * (n - 1) + v] = m
        if m != zero:
            s |= 1 << v
    U[n - 1] = s
    if s == 0:
        return False, 0.0
    for i in range(n - 2, -1, -1):
        dom = ct[lt[line, i + 1], 4] == lt[line, i]
        p0 = U[W + 3 * (i + 1) + 0]
        if P >= 0:
            p0 = (p0 >> one) & low
        p1 = U[W + 3 * (i + 1) + 1]
        if M >= 0:
            p1 = p1 >> sa
        p2 = U[W + 3 * (i + 1) + 2]
        g0 = U[W + 3 * i + 0] & (p1 if dom else p1 | p2)
        g1 = U[W + 3 * i + 1] & (p0 if dom else p0 | p2)
        g2 = U[W + 3 * i + 2] & (p2 if dom else p0 | p1 | p2)
        U[W + 3 * i + 0] = g0
        U[W + 3 * i + 1] = g1
        U[W + 3 * i + 2] = g2
        U[i] = (1 if g0 != zero else 0) | (2 if g1 != zero else 0) | (4 if g2 != zero else 0)
    if not opened:              # every cell decided: that one assignment
        return True, 1.0
    # count the complete assignments over the pairs left in fw: every pair
    # of a complete assignment is there, and so is every pair feeding one.
    # F[(3 * (i & 1) + v) * 64 + k] holds the count of pair k of cell i's
    # value v; every other entry of F[:384] is zero on entry and on return
    for v in range(3):
        if U[W + v] != zero:
            F[v * 64 + lowbit64(U[W + v])] = 1.0
    for i in range(1, n):
        c0 = 3 * (i & 1) * 64
        p0 = 3 * (1 - (i & 1)) * 64
        p1 = p0 + 64
        p2 = p0 + 128
        dom = ct[lt[line, i], 4] == lt[line, i - 1]
        m = U[W + 3 * i]                    # +: from - (or neutral)
        sh = 1 if P >= 0 else 0
        while m != zero:
            k = lowbit64(m)
            m &= m - one
            F[c0 + k] = F[p1 + k - sh] if dom else F[p1 + k - sh] + F[p2 + k - sh]
        m = U[W + 3 * i + 1]                # -: from + (or neutral)
        sh = A if M >= 0 else 0
        while m != zero:
            k = lowbit64(m)
            m &= m - one
            F[c0 + 64 + k] = F[p0 + k - sh] if dom else F[p0 + k - sh] + F[p2 + k - sh]
        m = U[W + 3 * i + 2]                # neutral: from neutral (or any)
        while m != zero:
            k = lowbit64(m)
            m &= m - one
            F[c0 + 128 + k] = F[p2 + k] if dom else F[p0 + k] + F[p1 + k] + F[p2 + k]
        for v in range(3):                  # cell i - 1 is read: clear it
            m = U[W + 3 * (i - 1) + v]
            while m != zero:
                F[p0 + 64 * v + lowbit64(m)] = 0.0
                m &= m - one
    total = 0.0
    r0 = 3 * ((n - 1) & 1) * 64
    for v in range(3):
        m = U[W + 3 * (n - 1) + v]
        if m != zero:
            total += F[r0 + 64 * v + fa + A * fb]
        while m != zero:
            F[r0 + 64 * v + lowbit64(m)] = 0.0
            m &= m - one
    return True, total


@njit(cache=True)
def _gac_bits_jit(cells, ct, lt, line, n, P, M, fw, bw, cnt, sup):
    """One line's dynamic programme over (value, plus count, minus count) with
    the plus counts of one (value, minus count) as the bits of one word
    (``P``, ``M`` < 63).  ``fw[i, v, b]``: plus counts some prefix ending at
    cell ``i`` with value ``v`` and ``b`` minuses reaches; ``bw[i, v, b]``:
    those of them some completion carries to the margins.  ``sup[i]`` gets
    the bit mask of the values of cell ``i`` on some complete assignment.
    Returns (any assignment, number of complete assignments), the count
    taken over the states of ``bw`` only."""
    one = np.uint64(1)
    zero = np.uint64(0)
    A = P + 1 if P >= 0 else 1
    B = M + 1 if M >= 0 else 1
    full = (one << np.uint64(A)) - one
    c0 = lt[line, 0]
    for v in range(3):
        for b in range(B):
            fw[0, v, b] = zero
        if cells[c0, v]:
            a = 1 if (v == 0 and P >= 0) else 0
            b = 1 if (v == 1 and M >= 0) else 0
            if a < A and b < B:
                fw[0, v, b] = one << np.uint64(a)
    for i in range(1, n):
        c = lt[line, i]
        dom = ct[c, 4] == lt[line, i - 1]
        for v in range(3):
            for b in range(B):
                fw[i, v, b] = zero
            if not cells[c, v]:
                continue
            up = v == 0 and P >= 0
            db = 1 if (v == 1 and M >= 0) else 0
            for pv in range(3):
                if not _side_by_side(v, pv, dom):
                    continue
                for b in range(B - db):
                    m = fw[i - 1, pv, b]
                    if m != zero:
                        if up:
                            m = (m << one) & full
                        fw[i, v, b + db] |= m
    fa = P if P >= 0 else 0
    fb = M if M >= 0 else 0
    last = one << np.uint64(fa)
    s = 0
    for v in range(3):
        for b in range(B):
            bw[n - 1, v, b] = zero
        m = fw[n - 1, v, fb] & last
        bw[n - 1, v, fb] = m
        if m != zero:
            s |= 1 << v
    sup[n - 1] = s
    if s == 0:
        return False, 0.0
    for i in range(n - 2, -1, -1):
        c = lt[line, i]
        dom = ct[lt[line, i + 1], 4] == c
        s = 0
        for v in range(3):
            for b in range(B):
                bw[i, v, b] = zero
            if not cells[c, v]:
                continue
            for nv in range(3):
                if not _side_by_side(v, nv, dom):
                    continue
                down = nv == 0 and P >= 0
                db = 1 if (nv == 1 and M >= 0) else 0
                for b in range(B - db):
                    m = bw[i + 1, nv, b + db]
                    if m != zero:
                        if down:
                            m = m >> one
                        bw[i, v, b] |= m
            live = zero
            for b in range(B):
                m = bw[i, v, b] & fw[i, v, b]
                bw[i, v, b] = m
                live |= m
            if live != zero:
                s |= 1 << v
        sup[i] = s
    # count the complete assignments, one (value, minus count) row of plus
    # counts at a time, over the rows of bw that hold a state: every state of
    # a complete assignment lies in such a row, and other entries never feed
    # the final state
    for v in range(3):
        for b in range(B):
            if bw[0, v, b] != zero:
                for a in range(A):
                    cnt[0, v, b, a] = 0.0
                a = 1 if (v == 0 and P >= 0) else 0
                cnt[0, v, b, a] = 1.0
    for i in range(1, n):
        cur = i & 1
        prv = 1 - cur
        dom = ct[lt[line, i], 4] == lt[line, i - 1]
        for v in range(3):
            da = 1 if (v == 0 and P >= 0) else 0
            db = 1 if (v == 1 and M >= 0) else 0
            for b in range(B):
                if bw[i, v, b] == zero:
                    continue
                row = cnt[cur, v, b]
                for a in range(A):
                    row[a] = 0.0
                if b < db:
                    continue
                for pv in range(3):
                    if not _side_by_side(v, pv, dom):
                        continue
                    if bw[i - 1, pv, b - db] == zero:
                        continue
                    src = cnt[prv, pv, b - db]
                    for a in range(A - da):
                        row[a + da] += src[a]
    total = 0.0
    for v in range(3):
        if bw[n - 1, v, fb] != zero:
            total += cnt[(n - 1) & 1, v, fb, fa]
    return True, total


@njit(cache=True)
def _gac_dense_jit(cells, ct, lt, line, n, P, M, sup):
    """:func:`_gac_bits_jit` for any margins, one boolean per (value, plus
    count, minus count): forward reachability with rolling counts, then
    backward reachability meeting it."""
    A = P + 1 if P >= 0 else 1
    B = M + 1 if M >= 0 else 1
    fwd = np.zeros((n, 3, A, B), dtype=np.bool_)
    cnt = np.zeros((3, A, B), dtype=np.float64)
    nxt = np.zeros((3, A, B), dtype=np.float64)
    c0 = lt[line, 0]
    for v in range(3):
        if cells[c0, v]:
            a = 1 if (v == 0 and P >= 0) else 0
            b = 1 if (v == 1 and M >= 0) else 0
            if a < A and b < B:
                fwd[0, v, a, b] = True
                cnt[v, a, b] = 1.0
    for i in range(1, n):
        c = lt[line, i]
        pc = lt[line, i - 1]
        dom = ct[c, 4] == pc
        nxt[:, :, :] = 0.0
        for v in range(3):
            if not cells[c, v]:
                continue
            da = 1 if (v == 0 and P >= 0) else 0
            db = 1 if (v == 1 and M >= 0) else 0
            for pv in range(3):
                if not _side_by_side(v, pv, dom):
                    continue
                for a in range(A - da):
                    for b in range(B - db):
                        if fwd[i - 1, pv, a, b]:
                            fwd[i, v, a + da, b + db] = True
                            nxt[v, a + da, b + db] += cnt[pv, a, b]
        cnt, nxt = nxt, cnt
    bwd = np.zeros((3, A, B), dtype=np.bool_)
    prv = np.zeros((3, A, B), dtype=np.bool_)
    fa = P if P >= 0 else 0
    fb = M if M >= 0 else 0
    total = 0.0
    for v in range(3):
        total += cnt[v, fa, fb]
    s = 0
    for v in range(3):
        if fwd[n - 1, v, fa, fb]:
            bwd[v, fa, fb] = True
            s |= 1 << v
    sup[n - 1] = s
    if s == 0:
        return False, total
    for i in range(n - 2, -1, -1):
        c = lt[line, i]
        nc = lt[line, i + 1]
        dom = ct[nc, 4] == c
        prv[:, :, :] = False
        for v in range(3):
            if not cells[c, v]:
                continue
            for nv in range(3):
                if not cells[nc, nv]:
                    continue
                if not _side_by_side(v, nv, dom):
                    continue
                da = 1 if (nv == 0 and P >= 0) else 0
                db = 1 if (nv == 1 and M >= 0) else 0
                for a in range(A - da):
                    for b in range(B - db):
                        if bwd[nv, a + da, b + db]:
                            prv[v, a, b] = True
        s = 0
        for v in range(3):
            for a in range(A):
                for b in range(B):
                    if prv[v, a, b] and fwd[i, v, a, b]:
                        s |= 1 << v
        sup[i] = s
        bwd, prv = prv, bwd
    return True, total
