"""The Country Road ladder: region < once < loop < macro < probe.

The state has one two-valued variable per cell (bit 0 empty, bit 1 road) and
then one per grid edge (bit 0 unused, bit 1 used), in :attr:`Grid.edges`
order.  Every rung is a numba kernel run through one ``apply`` kernel, so
fixpoints, probe and the counting search run in the core's compiled loop.

``macro`` reads a catalogue of the region graph's Hamiltonian cycles, built
once per puzzle (:mod:`puzzlekit.country_road.cycles`).  The kernels read
the arrays of :mod:`puzzlekit.country_road.tables`; ``region``, ``once`` and
``macro`` are in :mod:`puzzlekit.country_road.kernels`, ``loop`` in
:mod:`puzzlekit.country_road.loop`, and what lets each skip the steps that
would remove nothing in :mod:`puzzlekit.country_road.steps`.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from ..core._nb import call
from ..core.ladder import Compiled, KernelHints, State, probe_rung
from .cycles import (
    MAX_CATALOGUE_COUNTRIES,
    MAX_CATALOGUE_NODES,
    MAX_CYCLES,
    catalogue,
    region_graph,
    two_connected,
    with_numbers,
)
from .kernels import _macro_jit, _once_jit, _region_jit
from .loop import _loop_jit
from .model import Answer, Puzzle
from .tables import data

__all__ = ["CRState", "initial_state", "encode", "decode", "LADDER", "NAMES", "KERNELS",
           "data", "catalogue", "region_graph", "with_numbers", "MAX_CYCLES",
           "MAX_CATALOGUE_NODES", "MAX_CATALOGUE_COUNTRIES", "two_connected"]


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


# ---------------------------------------------------------------- the compiled loop
@njit(cache=True)
def _apply_jit(i, bits, d, work):
    """Rung ``i`` for the core's compiled loop."""
    if i == 0:
        return call(_region_jit, bits, d, work)
    if i == 1:
        return call(_once_jit, bits, d, work)
    if i == 2:
        return call(_loop_jit, bits, d, work)
    return call(_macro_jit, bits, d, work)


@njit(cache=True)
def _legal_jit(bits, d):
    """The rules on a decided state, cells agreeing with edges."""
    T, B, C, h = d
    n = h.n_cells
    deg = np.zeros(n, dtype=np.int64)
    nused = 0
    for e in range(h.n_edges):
        if bits[2 * (n + e) + 1]:
            deg[T[h.ends + 2 * e]] += 1
            deg[T[h.ends + 2 * e + 1]] += 1
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
            e = T[h.cell_edges + 4 * x + t]
            if e >= 0 and bits[2 * (n + e) + 1] and T[h.nbrs + 4 * x + t] != prev:
                nxt = T[h.nbrs + 4 * x + t]
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
    cross = np.zeros(h.n_countries, dtype=np.int64)
    road_n = np.zeros(h.n_countries, dtype=np.int64)
    for x in range(n):
        if bits[2 * x + 1]:
            road_n[T[h.country + x]] += 1
    for e in range(h.n_edges):
        a = T[h.ends + 2 * e]
        b = T[h.ends + 2 * e + 1]
        if T[h.country + a] != T[h.country + b]:
            if bits[2 * (n + e) + 1]:
                cross[T[h.country + a]] += 1
                cross[T[h.country + b]] += 1
            elif not bits[2 * a + 1] and not bits[2 * b + 1]:
                return False
    for g in range(h.n_countries):
        if cross[g] > 2 or (road_n[g] == 0 and h.skip == 0):
            return False
        if T[h.clue + g] >= 0 and road_n[g] != T[h.clue + g]:
            return False
    return True


WORK = ("cell checks", "country checks", "loop scans", "cycles scanned")
KERNELS = Compiled(apply=_apply_jit, data=data, legal=_legal_jit, work=WORK,
                   hints=KernelHints(reports_empty=True))

LADDER = KERNELS.ladder([
    ("region", "#7f7f7f",
     "cell bookkeeping: empty cells carry no road, used edges put both ends on it, "
     "no two empties face across a border, numbers bound the road cells"),
    ("once", "#1f77b4",
     "each country: two border crossings, a road cell, one crossing per border, "
     "its road cells connected inside it"),
    ("loop", "#2ca02c",
     "degree two, dead ends, loops closing too early, road cells out of reach"),
    ("macro", "#9467bd",
     "the region graph's Hamiltonian cycles that fit the crossings so far"),
], probe=probe_rung("#d62728", "singleton consistency on cells and edges over the rungs below"))

NAMES = LADDER.names
