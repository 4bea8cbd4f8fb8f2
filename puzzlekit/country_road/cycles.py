"""Country Road's region graph (the countries, joined where they share a
border) and its catalogue of Hamiltonian cycles, which ``macro`` reads.

The catalogue is capped (:data:`MAX_CYCLES` cycles, :data:`MAX_CATALOGUE_NODES`
search nodes); a capped catalogue is not used, and ``macro`` then only
applies the cut-vertex / bridge theorem.  A region graph of more than
:data:`MAX_CATALOGUE_COUNTRIES` countries counts as capped without a search:
its cycles run past the caps (every such graph of the 16x16 and 20x20 sweep
boards did, after 25-440 ms of search).
"""
from __future__ import annotations

import numpy as np
from numba import njit

from ..core._nb import lowbit64, popcount64
from ..core.cache import cached, puzzle_table, store
from ..core.graph import articulation_points, bridges
from .model import Puzzle

__all__ = ["region_graph", "two_connected", "catalogue", "with_numbers", "MAX_CYCLES",
           "MAX_CATALOGUE_NODES", "MAX_CATALOGUE_COUNTRIES"]

MAX_CYCLES = 20_000
MAX_CATALOGUE_NODES = 5_000_000
MAX_CATALOGUE_COUNTRIES = 36    # the article's boards have at most 26; the 6x6 singleton board 36
# the catalogue's key among a puzzle's tables (``core.cache``); it is kept with
# the caps it was built under
CATALOGUE = "country_road.catalogue"


def region_graph(puzzle: Puzzle):
    """Adjacent country pairs: ``(pa, pb, pair_of_edge)`` with ``pair_of_edge``
    -1 on edges inside a country.  Built once per puzzle (cached on it)."""
    return puzzle_table(puzzle, "country_road.region_graph", _region_graph)


def _region_graph(puzzle: Puzzle):
    """:func:`region_graph`, built."""
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
    cycle is listed once; ``complete`` is False when a cap was hit, or
    when the graph has more than :data:`MAX_CATALOGUE_COUNTRIES` countries.
    Built once per puzzle, and again after a change of the caps."""
    got = puzzle_table(puzzle, CATALOGUE, _search)
    if got[2] != _caps():
        got = _search(puzzle)
        store(puzzle, CATALOGUE, got)
    return got[0], got[1]


def _caps():
    """The caps the catalogue is searched under now."""
    return MAX_CYCLES, MAX_CATALOGUE_NODES, MAX_CATALOGUE_COUNTRIES


def _search(puzzle: Puzzle):
    """:func:`catalogue` under the caps of now: ``(cat, complete, caps)``."""
    caps = _caps()
    pa, pb, _ = region_graph(puzzle)
    k = puzzle.k
    words = max(1, (len(pa) + 63) // 64)
    if k < 3 or puzzle.skip or k > min(MAX_CATALOGUE_COUNTRIES, 64):
        return np.zeros((0, words), dtype=np.uint64), False, caps
    order = np.argsort(np.concatenate([pa, pb]), kind="stable")
    src = np.concatenate([pa, pb])[order]
    dst = np.concatenate([pb, pa])[order]
    pid = np.concatenate([np.arange(len(pa)), np.arange(len(pa))])[order]
    off = np.searchsorted(src, np.arange(k + 1)).astype(np.int64)
    cap = max(1, min(MAX_CYCLES, 400_000 // words))     # memory stays linear-ish
    cat = np.zeros((cap, words), dtype=np.uint64)
    deg = np.diff(off)
    found, capped = _hamilton_jit(k, off, dst.astype(np.int64), pid.astype(np.int64), cat,
                                  cap, MAX_CATALOGUE_NODES, int(np.argmin(deg)))
    return cat[:found].copy(), not capped, caps


def with_numbers(puzzle: Puzzle, clues) -> Puzzle:
    """``puzzle.with_clues(clues)``, keeping the catalogue ``puzzle`` has
    built: it depends on the countries alone, which the numbers do not
    change (for loops over number sets, such as erasing)."""
    q = puzzle.with_clues(clues)
    if CATALOGUE in cached(puzzle):
        store(q, CATALOGUE, puzzle_table(puzzle, CATALOGUE, _search))
    return q


@njit(cache=True)
def _hamilton_jit(k, off, dst, pid, cat, max_cycles, max_nodes, s):
    """Hamiltonian cycles from country ``s``, each once (the second country
    lower than the last); writes pair bitmasks into ``cat``.  ``k`` is at
    most 64: sets of countries are bit masks.

    A step from the path's end ``u`` to ``v`` is refused when some country
    still to visit would be left fewer than two ways in (the new end, the
    start, or countries still free: only ``u``'s neighbours lose one, as
    ``u`` leaves the end), when the countries still to visit, the new end
    and the start no longer hang together, or when it would leave no
    neighbour of the start above the second country free to close the cycle
    (``v`` is the last such one and not the last country).  These only cut
    subtrees holding no listed cycle, so the cycles and their order are those
    of the plain search.  Starting from a country of fewest neighbours
    (:func:`catalogue` passes one) keeps the tree small.
    """
    one = np.uint64(1)
    adj = np.zeros(k, dtype=np.uint64)
    for x in range(k):
        for jj in range(off[x], off[x + 1]):
            adj[x] |= one << np.uint64(dst[jj])
    every = ~np.uint64(0) if k == 64 else (one << np.uint64(k)) - one
    bs = one << np.uint64(s)
    path = np.empty(k, dtype=np.int64)
    ppair = np.empty(k, dtype=np.int64)
    it = np.zeros(k, dtype=np.int64)
    on = bs                                    # the countries on the path
    closer = np.uint64(0)                      # neighbours of s that may end the path
    path[0] = s
    it[0] = off[s]
    dpt = 0
    found = 0
    nodes = 0
    free = 0                                   # closers not on the path
    while dpt >= 0:
        u = path[dpt]
        bu = one << np.uint64(u)
        if it[dpt] >= off[u + 1]:
            if dpt > 0:
                on &= ~bu
            if dpt == 1:
                closer = np.uint64(0)
            elif dpt > 1 and closer & bu:
                free += 1
            dpt -= 1
            continue
        j = it[dpt]
        it[dpt] += 1
        v = dst[j]
        bv = one << np.uint64(v)
        nodes += 1
        if nodes > max_nodes:
            return found, True
        if v == s:
            if dpt == k - 1 and k >= 3 and path[1] < path[k - 1]:
                if found >= max_cycles:
                    return found, True
                for i in range(1, k):
                    q = ppair[i]
                    cat[found, q // 64] |= one << np.uint64(q % 64)
                q = pid[j]
                cat[found, q // 64] |= one << np.uint64(q % 64)
                found += 1
            continue
        if on & bv:
            continue
        above = np.uint64(0)                   # neighbours of s numbered above v
        if dpt == 0:
            above = adj[s] & ~((bv << one) - one)
            free = popcount64(above)
            if free == 0:
                continue
        elif closer & bv and free == 1 and dpt + 1 < k - 1:
            continue
        # ways in: at the root every country is checked, below it only the
        # neighbours of the end being left
        into = (~on | bs) & every              # free countries, v among them, and s
        cand = (adj[u] if dpt > 0 else every) & ~on & ~bv
        dead = False
        while cand:
            w = lowbit64(cand)
            cand &= cand - one
            if popcount64(adj[w] & into) < 2:
                dead = True
                break
        if dead:
            continue
        # the countries to visit, with the new end and the start, connected
        left = k - dpt - 2
        if left > 0:
            rest = every & ~on & ~bv           # the countries still to visit
            seen = bv
            todo = bv
            start = False
            while todo:
                x = lowbit64(todo)
                todo &= todo - one
                nb = adj[x]
                if nb & bs:
                    start = True
                new = nb & rest & ~seen
                seen |= new
                todo |= new
            if popcount64(seen & rest) < left or not start:
                continue
        if dpt == 0:
            closer = above
        elif closer & bv:
            free -= 1
        on |= bv
        dpt += 1
        path[dpt] = v
        ppair[dpt] = pid[j]
        it[dpt] = off[v]
    return found, False
