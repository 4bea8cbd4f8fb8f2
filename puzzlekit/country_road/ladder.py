"""The Country Road ladder: region < once < loop < macro < probe.

The state has one two-valued variable per cell (bit 0 empty, bit 1 road) and
then one per grid edge (bit 0 unused, bit 1 used), in :attr:`Grid.edges`
order.  Every rung is a numba kernel run through one ``apply`` kernel, so
fixpoints, probe and the counting search run in the core's compiled loop.

``macro`` reads a catalogue of the region graph's Hamiltonian cycles, built
once per puzzle.  The catalogue is capped (:data:`MAX_CYCLES` cycles,
:data:`MAX_CATALOGUE_NODES` search nodes); a capped catalogue is not used,
and ``macro`` then only applies the cut-vertex / bridge theorem.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from ..core.graph import articulation_points, bridges, one_region_jit
from ..core.ladder import Compiled, Ladder, Rung, State, probe_rung
from .model import Answer, Puzzle

__all__ = ["CRState", "initial_state", "encode", "decode", "LADDER", "NAMES", "KERNELS",
           "data", "catalogue", "region_graph", "MAX_CYCLES", "MAX_CATALOGUE_NODES"]

MAX_CYCLES = 20_000
MAX_CATALOGUE_NODES = 5_000_000


class CRState(State):
    """Views ``cells`` (n, 2: empty, road) and ``edges`` (m, 2: unused, used)."""

    __slots__ = ("cells", "edges")

    def _init_views(self):
        n = self.puzzle.h * self.puzzle.w
        self.cells = self.bits[:2 * n].reshape(n, 2)
        self.edges = self.bits[2 * n:].reshape(-1, 2)


def initial_state(puzzle: Puzzle) -> CRState:
    """Every cell and edge open; numbers are read by the rungs.

    >>> p = Puzzle.make([[0, 0], [0, 0]])
    >>> s = initial_state(p); s.n_vars, int(s.bits.sum())
    (8, 16)
    """
    nv = puzzle.n + puzzle.grid.n_edges
    return CRState(puzzle, np.arange(0, 2 * nv + 1, 2, dtype=np.int64))


def encode(puzzle: Puzzle, answer: Answer) -> CRState:
    """The decided state of an answer (cells on the loop are road).

    >>> p = Puzzle.make([[0, 0], [0, 0]])
    >>> a = Answer(2, 2, np.ones(4, dtype=bool))
    >>> s = encode(p, a); s.solved(), decode(s) == a
    (True, True)
    """
    s = initial_state(puzzle)
    used = np.asarray(answer.edges, dtype=bool)
    on = np.zeros(puzzle.n, dtype=bool)
    on[puzzle.grid.edges[used].ravel()] = True
    s.cells[:] = False
    s.cells[np.arange(puzzle.n), on.astype(int)] = True
    s.edges[:] = False
    s.edges[np.arange(len(used)), used.astype(int)] = True
    return s


def decode(state: State) -> Answer:
    """The answer of a decided state; ``cells`` keeps the cell bits so the
    referee can refuse a state whose cells disagree with its edges."""
    p = state.puzzle
    n = p.n
    v = state.values()
    return Answer(p.h, p.w, v[n:] == 1, cells=v[:n] == 1)


# ------------------------------------------------------------ region graph
def region_graph(puzzle: Puzzle):
    """Adjacent country pairs: ``(pa, pb, pair_of_edge)`` with ``pair_of_edge``
    -1 on edges inside a country."""
    E = puzzle.grid.edges
    reg = puzzle.regions
    a, b = reg[E[:, 0]], reg[E[:, 1]]
    lo, hi = np.minimum(a, b), np.maximum(a, b)
    border = lo != hi
    keys = lo.astype(np.int64) * puzzle.k + hi
    uniq, inv = np.unique(keys[border], return_inverse=True)
    pair = np.full(len(E), -1, dtype=np.int64)
    pair[border] = inv
    return (uniq // puzzle.k).astype(np.int64), (uniq % puzzle.k).astype(np.int64), pair


def two_connected(puzzle: Puzzle) -> bool:
    """False when the region graph (3+ countries) has a cut vertex or a bridge,
    or falls apart: then no loop can visit every country once."""
    k = puzzle.k
    if k < 3:
        return True
    pa, pb, _ = region_graph(puzzle)
    deg = np.bincount(np.concatenate([pa, pb]), minlength=k)
    if deg.min() < 2:
        return False
    D = int(deg.max())
    nb = np.full((k, D), -1, dtype=np.int32)
    ce = np.full((k, D), -1, dtype=np.int32)
    fill = np.zeros(k, dtype=np.int64)
    for i, (x, y) in enumerate(zip(pa.tolist(), pb.tolist())):
        nb[x, fill[x]], ce[x, fill[x]] = y, i
        fill[x] += 1
        nb[y, fill[y]], ce[y, fill[y]] = x, i
        fill[y] += 1
    if articulation_points(nb).any():
        return False
    br, comps = bridges(nb, ce, np.ones(len(pa), dtype=bool))
    return comps == 1 and not br.any()


def catalogue(puzzle: Puzzle):
    """The region graph's Hamiltonian cycles as bitmasks over country pairs:
    ``(cat, complete)``, ``cat`` a ``(cycles, words)`` uint64 array.  Each
    cycle is listed once; ``complete`` is False when a cap was hit."""
    got = puzzle.__dict__.get("_crcat")
    if got is not None and got[2] == (MAX_CYCLES, MAX_CATALOGUE_NODES):
        return got[0], got[1]
    pa, pb, _ = region_graph(puzzle)
    k = puzzle.k
    words = max(1, (len(pa) + 63) // 64)
    if k < 3 or puzzle.skip:
        return np.zeros((0, words), dtype=np.uint64), False
    order = np.argsort(np.concatenate([pa, pb]), kind="stable")
    src = np.concatenate([pa, pb])[order]
    dst = np.concatenate([pb, pa])[order]
    pid = np.concatenate([np.arange(len(pa)), np.arange(len(pa))])[order]
    off = np.searchsorted(src, np.arange(k + 1)).astype(np.int64)
    cap = max(1, min(MAX_CYCLES, 400_000 // words))     # memory stays linear-ish
    cat = np.zeros((cap, words), dtype=np.uint64)
    found, capped = _hamilton_jit(k, off, dst.astype(np.int64), pid.astype(np.int64), cat,
                                  cap, MAX_CATALOGUE_NODES)
    puzzle.__dict__["_crcat"] = (cat[:found].copy(), not capped,
                                 (MAX_CYCLES, MAX_CATALOGUE_NODES))
    return puzzle.__dict__["_crcat"][:2]


def data(puzzle: Puzzle):
    """The arrays every kernel reads, built once per puzzle (cached on it)."""
    d = puzzle.__dict__.get("_crdata")
    if d is None:
        g = puzzle.grid
        n, k = puzzle.n, puzzle.k
        reg = np.ascontiguousarray(puzzle.regions, dtype=np.int64)
        rcells = np.argsort(reg, kind="stable").astype(np.int64)
        roff = np.concatenate([[0], np.cumsum(puzzle.sizes)]).astype(np.int64)
        pa, pb, pair = region_graph(puzzle)
        E = np.ascontiguousarray(g.edges, dtype=np.int64)
        bord = np.flatnonzero(pair >= 0)
        # border edges per country, and edges per pair
        owner = np.concatenate([reg[E[bord, 0]], reg[E[bord, 1]]])
        be = np.concatenate([bord, bord])[np.argsort(owner, kind="stable")]
        boff = np.searchsorted(np.sort(owner), np.arange(k + 1)).astype(np.int64)
        pe = bord[np.argsort(pair[bord], kind="stable")].astype(np.int64)
        poff = np.searchsorted(np.sort(pair[bord]), np.arange(len(pa) + 1)).astype(np.int64)
        cat, complete = catalogue(puzzle)
        flags = np.array([k, 1 if puzzle.skip else 0, 1 if complete else 0,
                          1 if two_connected(puzzle) else 0, len(pa)], dtype=np.int64)
        d = (np.ascontiguousarray(g.nbrs, dtype=np.int64),
             np.ascontiguousarray(g.cell_edges, dtype=np.int64), E, reg,
             puzzle.clue_array(), rcells, roff, be.astype(np.int64), boff, pair, pe, poff,
             np.ascontiguousarray(cat), flags)
        puzzle.__dict__["_crdata"] = d
    return d


# ------------------------------------------------------------ kernels
@njit(cache=True)
def _set(bits, var, val):
    """Fix variable ``var`` to ``val``: -1 if impossible, 1 if changed, 0 if not."""
    if not bits[2 * var + val]:
        return -1
    if bits[2 * var + 1 - val]:
        bits[2 * var + 1 - val] = False
        return 1
    return 0


@njit(cache=True)
def _region_jit(bits, d, work):
    nb, ce, E, reg, clue, rcells, roff, be, boff, pair, pe, poff, cat, flags = d
    n = nb.shape[0]
    m = E.shape[0]
    k = flags[0]
    ch = 0
    for e in range(m):
        a = E[e, 0]
        b = E[e, 1]
        work[0] += 1
        if not bits[2 * (n + e)]:                       # used for sure
            for x in (a, b):
                r = _set(bits, x, 1)
                if r < 0:
                    return -1
                ch |= r
        if not bits[2 * a + 1] or not bits[2 * b + 1]:  # an end is empty
            r = _set(bits, n + e, 0)
            if r < 0:
                return -1
            ch |= r
        if reg[a] != reg[b]:
            if not bits[2 * a + 1]:
                r = _set(bits, b, 1)
                if r < 0:
                    return -1
                ch |= r
            if not bits[2 * b + 1]:
                r = _set(bits, a, 1)
                if r < 0:
                    return -1
                ch |= r
    for g in range(k):
        v = clue[g]
        if v < 0:
            continue
        work[0] += 1
        sure = 0
        poss = 0
        for i in range(roff[g], roff[g + 1]):
            x = rcells[i]
            if bits[2 * x + 1]:
                poss += 1
                if not bits[2 * x]:
                    sure += 1
        if sure > v or poss < v:
            return -1
        if sure == v and poss > v:
            for i in range(roff[g], roff[g + 1]):
                x = rcells[i]
                if bits[2 * x]:
                    ch |= _set(bits, x, 0)
        elif poss == v and sure < v:
            for i in range(roff[g], roff[g + 1]):
                x = rcells[i]
                if bits[2 * x + 1]:
                    ch |= _set(bits, x, 1)
    return ch


@njit(cache=True)
def _once_jit(bits, d, work):
    nb, ce, E, reg, clue, rcells, roff, be, boff, pair, pe, poff, cat, flags = d
    n = nb.shape[0]
    k = flags[0]
    skip = flags[1] == 1
    npairs = flags[4]
    ch = 0
    visited = 0
    for g in range(k):
        work[1] += 1
        sure_road = 0
        poss_road = 0
        last = -1
        for i in range(roff[g], roff[g + 1]):
            x = rcells[i]
            if bits[2 * x + 1]:
                poss_road += 1
                last = x
                if not bits[2 * x]:
                    sure_road += 1
        if sure_road > 0:
            visited += 1
        if not skip:
            if poss_road == 0:
                return -1
            if poss_road == 1 and sure_road == 0:
                ch |= _set(bits, last, 1)
                sure_road = 1
        if k < 2:
            continue
        su = 0
        pu = 0
        for i in range(boff[g], boff[g + 1]):
            e = be[i]
            if bits[2 * (n + e) + 1]:
                pu += 1
                if not bits[2 * (n + e)]:
                    su += 1
        if su > 2:
            return -1
        if not skip or su > 0:                         # exactly two crossings
            if pu < 2:
                return -1
            if pu == 2 and su < 2:
                for i in range(boff[g], boff[g + 1]):
                    e = be[i]
                    if bits[2 * (n + e) + 1]:
                        ch |= _set(bits, n + e, 1)
            elif su == 2 and pu > 2:
                for i in range(boff[g], boff[g + 1]):
                    e = be[i]
                    if bits[2 * (n + e)]:
                        ch |= _set(bits, n + e, 0)
        elif pu == 1:                                  # none or two: the lone one is unused
            for i in range(boff[g], boff[g + 1]):
                e = be[i]
                if bits[2 * (n + e) + 1]:
                    r = _set(bits, n + e, 0)
                    if r < 0:
                        return -1
                    ch |= r
    # one crossing per border between two countries, once the loop meets 3+ of them
    if k >= 3 and (not skip or visited >= 3):
        for q in range(npairs):
            su = 0
            for i in range(poff[q], poff[q + 1]):
                e = pe[i]
                if not bits[2 * (n + e)]:
                    su += 1
            if su > 1:
                return -1
            if su == 1:
                for i in range(poff[q], poff[q + 1]):
                    e = pe[i]
                    if bits[2 * (n + e)] and bits[2 * (n + e) + 1]:
                        ch |= _set(bits, n + e, 0)
    # a country's road cells are one run of the loop: connected inside it.
    # Each country is searched on its own cells (rows roff[g]..roff[g+1] of
    # a table in rcells order, local indices), so the pass is linear.
    pos = np.empty(n, dtype=np.int64)
    for i in range(n):
        pos[rcells[i]] = i
    lnb = np.full(nb.shape, -1, dtype=nb.dtype)
    may = np.zeros(n, dtype=np.bool_)
    must = np.zeros(n, dtype=np.bool_)
    keep = np.zeros(n, dtype=np.bool_)
    cut = np.zeros(n, dtype=np.bool_)
    for g in range(k):
        a0 = roff[g]
        a1 = roff[g + 1]
        nm = 0
        for i in range(a0, a1):
            x = rcells[i]
            may[i] = bits[2 * x + 1]
            must[i] = bits[2 * x + 1] and not bits[2 * x]
            keep[i] = False
            cut[i] = False
            if must[i]:
                nm += 1
        if nm == 0:
            continue
        work[1] += a1 - a0
        for i in range(a0, a1):
            x = rcells[i]
            for t in range(4):
                y = nb[x, t]
                if y >= 0 and reg[y] == g and bits[2 * (n + ce[x, t]) + 1]:
                    lnb[i, t] = pos[y] - a0
                else:
                    lnb[i, t] = -1
        if one_region_jit(lnb[a0:a1], may[a0:a1], must[a0:a1], keep[a0:a1], cut[a0:a1]) < 0:
            return -1
        for i in range(a0, a1):
            x = rcells[i]
            if may[i] and not keep[i]:
                r = _set(bits, x, 0)
                if r < 0:
                    return -1
                ch |= r
            elif cut[i]:
                r = _set(bits, x, 1)
                if r < 0:
                    return -1
                ch |= r
    return ch


@njit(cache=True)
def _loop_jit(bits, d, work):
    nb, ce, E, reg, clue, rcells, roff, be, boff, pair, pe, poff, cat, flags = d
    n = nb.shape[0]
    m = E.shape[0]
    k = flags[0]
    skip = flags[1] == 1
    ch = 0
    # degree two
    for x in range(n):
        work[2] += 1
        su = 0
        pu = 0
        for t in range(4):
            e = ce[x, t]
            if e >= 0 and bits[2 * (n + e) + 1]:
                pu += 1
                if not bits[2 * (n + e)]:
                    su += 1
        if su > 2:
            return -1
        if su > 0:
            r = _set(bits, x, 1)
            if r < 0:
                return -1
            ch |= r
        if not bits[2 * x]:                              # road for sure
            if pu < 2:
                return -1
            if pu == 2 and su < 2:
                for t in range(4):
                    e = ce[x, t]
                    if e >= 0 and bits[2 * (n + e) + 1]:
                        ch |= _set(bits, n + e, 1)
            elif su == 2 and pu > 2:
                for t in range(4):
                    e = ce[x, t]
                    if e >= 0 and bits[2 * (n + e)]:
                        ch |= _set(bits, n + e, 0)
        elif bits[2 * x + 1] and pu < 2:               # a dead end: empty
            ch |= _set(bits, x, 0)
            for t in range(4):
                e = ce[x, t]
                if e >= 0 and bits[2 * (n + e) + 1]:
                    r = _set(bits, n + e, 0)
                    if r < 0:
                        return -1
    # chains of used edges: a closed one is the whole loop; a path's two ends
    # may not be joined unless that closes the whole loop
    comp = np.full(n, -1, dtype=np.int64)
    stack = np.empty(n, dtype=np.int64)
    members = np.empty(n, dtype=np.int64)
    seen_c = np.zeros(k, dtype=np.bool_)
    cnt_c = np.zeros(k, dtype=np.int64)
    total_sure = 0
    for x in range(n):
        if not bits[2 * x]:
            total_sure += 1
    for x0 in range(n):
        if comp[x0] >= 0:
            continue
        deg0 = 0
        for t in range(4):
            e = ce[x0, t]
            if e >= 0 and not bits[2 * (n + e)]:
                deg0 += 1
        if deg0 == 0:
            continue
        comp[x0] = x0
        stack[0] = x0
        top = 1
        size = 0
        ends = 0
        e0 = -1
        e1 = -1
        while top > 0:
            top -= 1
            x = stack[top]
            members[size] = x
            size += 1
            dg = 0
            for t in range(4):
                e = ce[x, t]
                if e >= 0 and not bits[2 * (n + e)]:
                    dg += 1
                    y = nb[x, t]
                    if comp[y] < 0:
                        comp[y] = x0
                        stack[top] = y
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
                if nb[e0, t] == e1:
                    e = ce[e0, t]
                    if bits[2 * (n + e)] and bits[2 * (n + e) + 1]:
                        close_e = e
        if ends != 0 and close_e < 0:
            continue
        # does this chain, closed, account for everything?  (Cells are
        # judged by the chain's edges, never by whether their own road bit
        # is set yet.)
        sure_in = 0
        for i in range(size):
            if not bits[2 * members[i]]:
                sure_in += 1
        whole = sure_in == total_sure
        if whole and not skip:
            seen_c[:] = False
            nseen = 0
            for i in range(size):
                g = reg[members[i]]
                if not seen_c[g]:
                    seen_c[g] = True
                    nseen += 1
            whole = nseen == k
        if whole:
            cnt_c[:] = 0
            for i in range(size):
                cnt_c[reg[members[i]]] += 1
            for g in range(k):
                if clue[g] >= 0 and cnt_c[g] != clue[g]:
                    whole = False
                    break
        if ends == 0:
            if not whole:
                return -1
            for x in range(n):
                if comp[x] != x0:
                    r = _set(bits, x, 0)
                    if r < 0:
                        return -1
                    ch |= r
            for e in range(m):
                if comp[E[e, 0]] != x0 or comp[E[e, 1]] != x0:
                    r = _set(bits, n + e, 0)
                    if r < 0:
                        return -1
                    ch |= r
        elif not whole:
            ch |= _set(bits, n + close_e, 0)
    # stranded road cells: all of the road lies in one piece of what may carry it
    nbd = np.full(nb.shape, -1, dtype=nb.dtype)
    may = np.zeros(n, dtype=np.bool_)
    must = np.zeros(n, dtype=np.bool_)
    for x in range(n):
        may[x] = bits[2 * x + 1]
        must[x] = bits[2 * x + 1] and not bits[2 * x]
        for t in range(4):
            y = nb[x, t]
            if y >= 0 and bits[2 * (n + ce[x, t]) + 1]:
                nbd[x, t] = y
    keep = np.zeros(n, dtype=np.bool_)
    cut = np.zeros(n, dtype=np.bool_)
    work[2] += n
    nm = one_region_jit(nbd, may, must, keep, cut)
    if nm < 0:
        return -1
    if nm > 0:
        if not skip:
            seen_c[:] = False
            for x in range(n):
                if keep[x]:
                    seen_c[reg[x]] = True
            for g in range(k):
                if not seen_c[g]:
                    return -1
        for x in range(n):
            if may[x] and not keep[x]:
                r = _set(bits, x, 0)
                if r < 0:
                    return -1
                ch |= r
            elif cut[x]:
                r = _set(bits, x, 1)
                if r < 0:
                    return -1
                ch |= r
    return ch


@njit(cache=True)
def _macro_jit(bits, d, work):
    nb, ce, E, reg, clue, rcells, roff, be, boff, pair, pe, poff, cat, flags = d
    n = nb.shape[0]
    if flags[3] == 0 and flags[1] == 0:
        return -1                                   # cut vertex or bridge: no loop at all
    if flags[2] == 0:
        return 0                                    # no complete catalogue: nothing more
    npairs = flags[4]
    W = cat.shape[1]
    crossed = np.zeros(W, dtype=np.uint64)
    closed = np.zeros(W, dtype=np.uint64)
    for q in range(npairs):
        live = False
        used = False
        for i in range(poff[q], poff[q + 1]):
            e = pe[i]
            if bits[2 * (n + e) + 1]:
                live = True
                if not bits[2 * (n + e)]:
                    used = True
        b = np.uint64(1) << np.uint64(q % 64)
        if used:
            crossed[q // 64] |= b
        if not live:
            closed[q // 64] |= b
    union = np.zeros(W, dtype=np.uint64)
    inter = np.full(W, ~np.uint64(0), dtype=np.uint64)
    alive = 0
    for c in range(cat.shape[0]):
        work[3] += 1
        ok = True
        for j in range(W):
            if (cat[c, j] & crossed[j]) != crossed[j] or (cat[c, j] & closed[j]) != 0:
                ok = False
                break
        if ok:
            alive += 1
            for j in range(W):
                union[j] |= cat[c, j]
                inter[j] &= cat[c, j]
    if alive == 0:
        return -1
    ch = 0
    for q in range(npairs):
        b = np.uint64(1) << np.uint64(q % 64)
        if (union[q // 64] & b) == 0:
            for i in range(poff[q], poff[q + 1]):
                e = pe[i]
                r = _set(bits, n + e, 0)
                if r < 0:
                    return -1
                ch |= r
        elif (inter[q // 64] & b) != 0:
            nlive = 0
            last = -1
            for i in range(poff[q], poff[q + 1]):
                e = pe[i]
                if bits[2 * (n + e) + 1]:
                    nlive += 1
                    last = e
            if nlive == 0:
                return -1
            if nlive == 1:
                ch |= _set(bits, n + last, 1)
    return ch


@njit(cache=True)
def _hamilton_jit(k, off, dst, pid, cat, max_cycles, max_nodes):
    """Hamiltonian cycles from country 0, each once (second country lower
    than the last); writes pair bitmasks into ``cat``."""
    path = np.empty(k, dtype=np.int64)
    ppair = np.empty(k, dtype=np.int64)
    it = np.zeros(k, dtype=np.int64)
    on = np.zeros(k, dtype=np.bool_)
    path[0] = 0
    on[0] = True
    it[0] = off[0]
    dpt = 0
    found = 0
    nodes = 0
    while dpt >= 0:
        u = path[dpt]
        if it[dpt] >= off[u + 1]:
            on[u] = dpt == 0
            dpt -= 1
            continue
        j = it[dpt]
        it[dpt] += 1
        v = dst[j]
        nodes += 1
        if nodes > max_nodes:
            return found, True
        if v == 0:
            if dpt == k - 1 and k >= 3 and path[1] < path[k - 1]:
                if found >= max_cycles:
                    return found, True
                for i in range(1, k):
                    q = ppair[i]
                    cat[found, q // 64] |= np.uint64(1) << np.uint64(q % 64)
                q = pid[j]
                cat[found, q // 64] |= np.uint64(1) << np.uint64(q % 64)
                found += 1
            continue
        if on[v]:
            continue
        # every country still to visit needs two ways in: the new end, the
        # start, or countries still free
        dead = False
        for u in range(k):
            if on[u] or u == v:
                continue
            ways = 0
            for jj in range(off[u], off[u + 1]):
                x = dst[jj]
                if x == v or x == 0 or not on[x]:
                    ways += 1
            if ways < 2:
                dead = True
                break
        if dead:
            continue
        on[v] = True
        dpt += 1
        path[dpt] = v
        ppair[dpt] = pid[j]
        it[dpt] = off[v]
    return found, False


@njit(cache=True)
def _apply_jit(i, bits, d, work):
    """Rung ``i`` for the core's compiled loop."""
    if i == 0:
        return _region_jit(bits, d, work)
    if i == 1:
        return _once_jit(bits, d, work)
    if i == 2:
        return _loop_jit(bits, d, work)
    return _macro_jit(bits, d, work)


@njit(cache=True)
def _legal_jit(bits, d):
    """The rules on a decided state, cells agreeing with edges."""
    nb, ce, E, reg, clue, rcells, roff, be, boff, pair, pe, poff, cat, flags = d
    n = nb.shape[0]
    m = E.shape[0]
    k = flags[0]
    skip = flags[1] == 1
    deg = np.zeros(n, dtype=np.int64)
    nused = 0
    for e in range(m):
        if bits[2 * (n + e) + 1]:
            deg[E[e, 0]] += 1
            deg[E[e, 1]] += 1
            nused += 1
    if nused == 0:
        return False
    start = -1
    for x in range(n):
        road = bits[2 * x + 1]
        if deg[x] != (2 if road else 0):
            return False
        if road and start < 0:
            start = x
    # one cycle: walk it from start
    prev = -1
    x = start
    steps = 0
    while True:
        nxt = -1
        for t in range(4):
            e = ce[x, t]
            if e >= 0 and bits[2 * (n + e) + 1] and nb[x, t] != prev:
                nxt = nb[x, t]
                break
        if nxt < 0:
            # a two-cell back-and-forth cannot happen on a grid; be safe
            return False
        prev = x
        x = nxt
        steps += 1
        if x == start:
            break
    if steps != nused:
        return False
    cross = np.zeros(k, dtype=np.int64)
    road_n = np.zeros(k, dtype=np.int64)
    for x in range(n):
        if bits[2 * x + 1]:
            road_n[reg[x]] += 1
    for e in range(m):
        a = E[e, 0]
        b = E[e, 1]
        if reg[a] != reg[b]:
            if bits[2 * (n + e) + 1]:
                cross[reg[a]] += 1
                cross[reg[b]] += 1
            elif not bits[2 * a + 1] and not bits[2 * b + 1]:
                return False
    for g in range(k):
        if cross[g] > 2 or (road_n[g] == 0 and not skip):
            return False
        if clue[g] >= 0 and road_n[g] != clue[g]:
            return False
    return True


WORK = ("cell checks", "country checks", "loop scans", "cycles scanned")
KERNELS = Compiled(apply=_apply_jit, data=data, legal=_legal_jit, work=WORK)

LADDER = Ladder([
    Rung("region", KERNELS.rung(0, "region"), "#7f7f7f",
         "cell bookkeeping: empty cells carry no road, used edges put both ends on it, "
         "no two empties face across a border, numbers bound the road cells"),
    Rung("once", KERNELS.rung(1, "once"), "#1f77b4",
         "each country: two border crossings, a road cell, one crossing per border, "
         "its road cells connected inside it"),
    Rung("loop", KERNELS.rung(2, "loop"), "#2ca02c",
         "degree two, dead ends, loops closing too early, road cells out of reach"),
    Rung("macro", KERNELS.rung(3, "macro"), "#9467bd",
         "the region graph's Hamiltonian cycles that fit the crossings so far"),
    probe_rung("#d62728", "singleton consistency on cells and edges over the rungs below"),
], compiled=KERNELS)

NAMES = LADDER.names
