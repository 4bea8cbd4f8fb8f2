"""Country Road's tables: the board, its countries and their borders, packed
with the rungs' scratch and step flags into the arrays every kernel reads.

:func:`data` is ``(T, B, C, h)``: ``T`` (int64) holds the board's tables and
integer scratch; ``B`` (bool) the rungs' copies of the bits and their steps'
flags (:mod:`puzzlekit.country_road.steps`); ``C`` (uint64) the catalogue of
Hamiltonian cycles (:mod:`puzzlekit.country_road.cycles`), its last four
rows scratch masks; ``h``, a record of :data:`HEADER`, the sizes and where
each table starts in ``T`` or ``B``: the kernels read country ``g``'s number
as ``T[h.clue + g]``.  Few arrays, so a kernel call hands over few array
references.  (The arrays keep one-letter capital names: named ``tab``,
``flags`` and ``cat``, the same kernels compiled five times ran the bank's
proofs in 32-34 ms, against 30-31 ms: the names alone change the code
numba makes.)
"""
from __future__ import annotations

import numpy as np

from ..core.cache import puzzle_table
from .cycles import catalogue, region_graph, two_connected
from .model import Puzzle

__all__ = ["HEADER", "data"]

#: The header of :func:`data`: sizes and flags, then where each table starts
#: in ``T``, then where each run of flags starts in ``B``.
HEADER = np.dtype([
    ("n_cells", np.int64),
    ("n_edges", np.int64),
    ("n_countries", np.int64),
    ("n_pairs", np.int64),          # pairs of countries sharing a border
    ("skip", np.int64),             # 1: the loop may pass countries by
    ("complete", np.int64),         # 1: the catalogue lists every Hamiltonian cycle
    ("two_connected", np.int64),    # 1: the region graph has no cut vertex, no bridge
    ("n_bits", np.int64),           # the state's bits: two per cell, then two per edge
    ("copy_len", np.int64),         # n_bits rounded up to whole words
    # in T
    ("nbrs", np.int64),             # each cell's four neighbours (-1 off the board)
    ("cell_edges", np.int64),       # each cell's four edges (-1 off the board)
    ("ends", np.int64),             # each edge's two cells
    ("country", np.int64),          # each cell's country
    ("clue", np.int64),             # each country's number (-1 none)
    ("members", np.int64),          # the cells, country by country
    ("members_off", np.int64),      # country g's: members[members_off[g]:members_off[g + 1]]
    ("border", np.int64),           # the border edges, country by country
    ("border_off", np.int64),       # country g's: border[border_off[g]:border_off[g + 1]]
    ("pair", np.int64),             # each edge's pair of countries (-1 inside one)
    ("pair_edges", np.int64),       # the border edges, pair by pair
    ("pair_off", np.int64),         # pair q's: pair_edges[pair_off[q]:pair_off[q + 1]]
    ("dfs", np.int64),              # scratch: the connectivity search's six rows of n
    ("chain", np.int64),            # scratch: the chains step's three rows of n
    ("tally", np.int64),            # scratch: one count per country
    ("visited", np.int64),          # per country, 1 when it holds a sure road cell
    # in B
    ("copies", np.int64),           # each rung's copy of the bits (copy_len apart)
    ("keep", np.int64),             # per cell, reached by the connectivity search; then cut
    ("edge_ok", np.int64),          # region's steps: per edge,
    ("clue_ok", np.int64),          # and per numbered country
    ("country_ok", np.int64),       # once's steps: per country (crossings, a road cell),
    ("border_ok", np.int64),        # per pair (one crossing),
    ("joined_ok", np.int64),        # per country (its road cells joined)
    ("cell_ok", np.int64),          # loop's steps: per cell,
    ("whole_ok", np.int64),         # and its two whole-board steps
    ("macro_ok", np.int64),         # macro's one step
])


def data(puzzle: Puzzle):
    """The arrays every kernel reads, ``(T, B, C, h)`` (see the module's
    docstring), built once per puzzle."""
    return puzzle_table(puzzle, "country_road.data", _build)


def _build(puzzle: Puzzle):
    """:func:`data`, built."""
    g = puzzle.grid
    k = puzzle.k
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
    # a Hamiltonian cycle found: the region graph is 2-connected
    twoconn = (complete and len(cat) > 0) or two_connected(puzzle)
    return _pack(g.nbrs, g.cell_edges, E, reg, puzzle.clue_array(), rcells, roff, be,
                 boff, pair, pe, poff, np.ascontiguousarray(cat, dtype=np.uint64), k,
                 1 if puzzle.skip else 0, 1 if complete else 0,
                 1 if twoconn else 0, len(pa))


def _pack(nbrs, cell_edges, E, reg, clue, rcells, roff, be, boff, pair, pe, poff,
          cat, k, skip, complete, twoconn, npairs):
    """The ``(T, B, C, h)`` arrays of :func:`data`."""
    n, m = len(reg), len(E)
    nv = n + m
    kk = max(k, 1)
    ls = (2 * nv + 7) // 8 * 8                      # copies start on 8-byte boundaries
    head = {"n_cells": n, "n_edges": m, "n_countries": k, "n_pairs": npairs, "skip": skip,
            "complete": complete, "two_connected": twoconn, "n_bits": 2 * nv, "copy_len": ls}
    parts = []
    pos = 0
    for name, arr in (("nbrs", nbrs), ("cell_edges", cell_edges), ("ends", E),
                      ("country", reg), ("clue", clue), ("members", rcells),
                      ("members_off", roff), ("border", be), ("border_off", boff),
                      ("pair", pair), ("pair_edges", pe), ("pair_off", poff),
                      ("dfs", np.zeros(6 * n)), ("chain", np.zeros(3 * n)),
                      ("tally", np.zeros(kk)), ("visited", np.zeros(kk))):
        a = np.ascontiguousarray(arr, dtype=np.int64).ravel()
        head[name] = pos
        parts.append(a)
        pos += len(a)
    bpos = 0
    for name, size in (("copies", 4 * ls), ("keep", 2 * n), ("edge_ok", m), ("clue_ok", kk),
                       ("country_ok", kk), ("border_ok", max(npairs, 1)), ("joined_ok", kk),
                       ("cell_ok", n), ("macro_ok", 1), ("whole_ok", 2)):
        head[name] = bpos
        bpos += size
    h = np.array([tuple(head[name] for name in HEADER.names)], dtype=HEADER)[0]
    scratch = np.zeros((4, cat.shape[1]), dtype=np.uint64)
    return (np.concatenate(parts), np.zeros(bpos, dtype=np.bool_),
            np.ascontiguousarray(np.concatenate([cat, scratch])), h)
