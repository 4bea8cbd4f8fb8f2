"""Country Road's ``loop`` rung: every road cell has two used edges, a dead
end is empty, a chain of used edges closes only as the whole loop, and every
road cell can still reach the rest of the road."""
from __future__ import annotations

from numba import njit

from ..core._nb import call
from .kernels import _connect_jit, _keep_and_cut
from .steps import _and_put, _put, _refresh_jit

__all__ = []                    # private kernels only


@njit(cache=True)
def _loop_jit(bits, d, work):
    T, B, C, h = d
    n = h.n_cells
    ce = h.cell_edges
    okx = h.cell_ok
    call(_refresh_jit, bits, h, T, B, 2)
    ch = 0
    # degree two
    for x in range(n):
        if B[okx + x]:
            continue
        B[okx + x] = True
        work[2] += 1
        su = 0
        pu = 0
        for t in range(4):
            e = T[ce + 4 * x + t]
            if e >= 0 and bits[2 * (n + e) + 1]:
                pu += 1
                if not bits[2 * (n + e)]:
                    su += 1
        if su > 2:
            B[okx + x] = False
            return -1
        if su > 0:
            ch = _and_put(ch, bits, x, 1, h, T, B, 2)
            if ch < 0:
                B[okx + x] = False
                return -1
        if not bits[2 * x]:                              # road for sure
            if pu < 2:
                B[okx + x] = False
                return -1
            if pu == 2 and su < 2:
                for t in range(4):
                    e = T[ce + 4 * x + t]
                    if e >= 0 and bits[2 * (n + e) + 1]:
                        if bits[2 * (n + e)] or not bits[2 * (n + e) + 1]:
                            ch |= _put(bits, n + e, 1, h, T, B, 2)
            elif su == 2 and pu > 2:
                for t in range(4):
                    e = T[ce + 4 * x + t]
                    if e >= 0 and bits[2 * (n + e)]:
                        if bits[2 * (n + e) + 1] or not bits[2 * (n + e)]:
                            ch |= _put(bits, n + e, 0, h, T, B, 2)
        elif bits[2 * x + 1] and pu < 2:               # a dead end: empty
            if bits[2 * x + 1] or not bits[2 * x]:
                ch |= _put(bits, x, 0, h, T, B, 2)
            for t in range(4):
                e = T[ce + 4 * x + t]
                if e >= 0 and bits[2 * (n + e) + 1]:
                    r = 0
                    if bits[2 * (n + e) + 1] or not bits[2 * (n + e)]:
                        r = _put(bits, n + e, 0, h, T, B, 2)
                    if r < 0:
                        B[okx + x] = False
                        return -1
    # the two whole-board steps: only in a call whose steps above removed
    # nothing (a call that removed something returns 1, and the loop calls
    # the rung again), and each skipped while what it reads is as it last
    # left it (see _chains_jit)
    okw = h.whole_ok
    if ch == 0 and not B[okw]:
        B[okw] = True
        r = call(_chains_jit, bits, h, T, B, work)
        if r < 0:
            B[okw] = False
            return -1
        ch |= r
    if ch == 0 and not B[okw + 1]:
        B[okw + 1] = True
        r = call(_stranded_jit, bits, h, T, B, work)
        if r < 0:
            B[okw + 1] = False
            return -1
        ch |= r
    return ch


@njit(cache=True)
def _chains_jit(bits, h, T, B, work):
    """Chains of used edges: a closed one must be the whole loop; a path's
    two ends may not be joined unless that closes the whole loop.  Reads the
    bits that say "used" and "road" for sure (bit 0 cleared), and the
    closing edge's bit 1, which can only die (then the step leaves it
    alone), and only removes bit 1; so it is run again only after some bit
    0 has been cleared (``B[h.whole_ok]``, kept by :func:`_refresh_jit` and
    :func:`_put`)."""
    n = h.n_cells
    m = h.n_edges
    k = h.n_countries
    skip = h.skip == 1
    nb = h.nbrs
    ce = h.cell_edges
    Eo = h.ends
    reg = h.country
    clue = h.clue
    ch = 0
    comp = h.chain
    stack = comp + n
    members = stack + n
    cnt_c = h.tally
    total_sure = 0
    for x in range(n):
        T[comp + x] = -1
        if not bits[2 * x]:
            total_sure += 1
    for x0 in range(n):
        if T[comp + x0] >= 0:
            continue
        deg0 = 0
        for t in range(4):
            e = T[ce + 4 * x0 + t]
            if e >= 0 and not bits[2 * (n + e)]:
                deg0 += 1
        if deg0 == 0:
            continue
        T[comp + x0] = x0
        T[stack] = x0
        top = 1
        size = 0
        ends = 0
        e0 = -1
        e1 = -1
        while top > 0:
            top -= 1
            x = T[stack + top]
            T[members + size] = x
            size += 1
            dg = 0
            for t in range(4):
                e = T[ce + 4 * x + t]
                if e >= 0 and not bits[2 * (n + e)]:
                    dg += 1
                    y = T[nb + 4 * x + t]
                    if T[comp + y] < 0:
                        T[comp + y] = x0
                        T[stack + top] = y
                        top += 1
            if dg == 1:
                if ends == 0:
                    e0 = x
                else:
                    e1 = x
                ends += 1
        work[2] += size
        close_e = -1
        if ends == 2:
            for t in range(4):
                if T[nb + 4 * e0 + t] == e1:
                    e = T[ce + 4 * e0 + t]
                    if bits[2 * (n + e)] and bits[2 * (n + e) + 1]:
                        close_e = e
        if ends != 0 and close_e < 0:
            continue
        # does this chain, closed, account for everything?  (Cells are
        # judged by the chain's edges, never by whether their own road bit
        # is set yet.)
        sure_in = 0
        for i in range(size):
            if not bits[2 * T[members + i]]:
                sure_in += 1
        whole = sure_in == total_sure
        if whole and not skip:
            for g in range(k):
                T[cnt_c + g] = 0
            nseen = 0
            for i in range(size):
                g = T[reg + T[members + i]]
                if T[cnt_c + g] == 0:
                    T[cnt_c + g] = 1
                    nseen += 1
            whole = nseen == k
        if whole:
            for g in range(k):
                T[cnt_c + g] = 0
            for i in range(size):
                T[cnt_c + T[reg + T[members + i]]] += 1
            for g in range(k):
                if T[clue + g] >= 0 and T[cnt_c + g] != T[clue + g]:
                    whole = False
                    break
        if ends == 0:
            if not whole:
                return -1
            for x in range(n):
                if T[comp + x] != x0:
                    ch = _and_put(ch, bits, x, 0, h, T, B, 2)
                    if ch < 0:
                        return -1
            for e in range(m):
                if T[comp + T[Eo + 2 * e]] != x0 or T[comp + T[Eo + 2 * e + 1]] != x0:
                    ch = _and_put(ch, bits, n + e, 0, h, T, B, 2)
                    if ch < 0:
                        return -1
        elif not whole:
            if bits[2 * (n + close_e) + 1] or not bits[2 * (n + close_e)]:
                ch |= _put(bits, n + close_e, 0, h, T, B, 2)
    return ch


@njit(cache=True)
def _stranded_jit(bits, h, T, B, work):
    """Stranded road cells: all of the road lies in one piece of what may
    carry it.  Run again after any change of a cell or edge
    (``B[h.whole_ok + 1]``, cleared by :func:`_touch`)."""
    n = h.n_cells
    k = h.n_countries
    skip = h.skip == 1
    reg = h.country
    cnt_c = h.tally
    ch = 0
    keep = h.keep
    work[2] += n
    nm = call(_connect_jit, bits, h, T, B, -1, 0, n)
    if nm < 0:
        return -1
    if nm > 0:
        if not skip:
            for g in range(k):
                T[cnt_c + g] = 0
            for x in range(n):
                if B[keep + x]:
                    T[cnt_c + T[reg + x]] = 1
            for g in range(k):
                if T[cnt_c + g] == 0:
                    return -1
        r = _keep_and_cut(bits, h, T, B, 2, -1, 0, n)
        if r < 0:
            return -1
        ch |= r
    return ch
