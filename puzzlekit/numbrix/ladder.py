"""The Numbrix rung ladder: pin < link < block < edge < probe, plus ``ruler``.

The state is one variable per cell with ``n`` bits (``cand[cell, value-1]``);
the chessboard colouring is never written down: ``link`` rediscovers it.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from ..core._nb import call
from ..core.ladder import Compiled, Ladder, Rung, State, probe_rung
from .kernels import _block_sets_jit, _link_jit, _pin_jit, _ruler_jit
from .path import _edge_jit
from .tables import bit_sets, compiled_data as _compiled_data, geometry

__all__ = ["NumbrixState", "initial_state", "encode", "decode_values", "LADDER", "RULER",
           "pin", "link", "block", "edge", "ruler", "RULER_LADDER", "LINK_LADDER"]


class NumbrixState(State):
    """Cell x value candidates; ``cand`` is an ``(n, n)`` view of ``bits``."""

    __slots__ = ("cand",)

    def _init_views(self):
        n = int(round(np.sqrt(self.bits.size)))
        self.cand = self.bits.reshape(n, n)


def initial_state(puzzle) -> NumbrixState:
    """All values open in every cell, printed cells fixed, nothing inferred.

    >>> from puzzlekit.numbrix.model import Puzzle
    >>> s = initial_state(Puzzle(np.array([[1, 0], [0, 0]])))
    >>> s.cand.sum(axis=1).tolist()
    [1, 4, 4, 4]
    """
    n = puzzle.n
    s = NumbrixState(puzzle, np.arange(0, n * n + 1, n, dtype=np.int64))
    for c, v in puzzle.printed():
        s.assign(int(c), int(v) - 1)
    return s


def encode(puzzle, answer) -> NumbrixState:
    """The fully decided state of ``answer`` (the inverse of decoding).

    >>> from puzzlekit.numbrix.model import Answer, Puzzle
    >>> p = Puzzle(np.array([[1, 0, 0], [0, 0, 0]]))
    >>> a = Answer(np.array([[1, 2, 3], [6, 5, 4]]))
    >>> s = encode(p, a); s.solved(), decode_values(s).tolist()
    (True, [[1, 2, 3], [6, 5, 4]])
    """
    n = puzzle.n
    bits = np.zeros((n, n), dtype=np.bool_)
    bits[np.arange(n), np.asarray(answer.grid).ravel() - 1] = True
    return NumbrixState(puzzle, np.arange(0, n * n + 1, n, dtype=np.int64), bits.ravel())


def decode_values(state) -> np.ndarray:
    """``(h, w)`` values (1..n) of a decided state."""
    p = state.puzzle
    return (state.values() + 1).reshape(p.h, p.w)


def _args(state):
    g, nbrs, edges, cedges, dist = geometry(state.puzzle.h, state.puzzle.w)
    return state.cand, nbrs, edges, cedges, dist


def pin(state, counters) -> int:
    """Bijection bookkeeping: a pinned value leaves every other cell; a value
    with one home is pinned there."""
    cand = state.cand
    counters["pin scans"] += cand.shape[0]
    return _pin_jit(cand)


def link(state, counters) -> int:
    """Arc consistency on the value chain 1-2-...-n: a home of v must
    neighbour some home of v-1 and some home of v+1 (two sweeps are exact)."""
    cand = state.cand
    counters["link scans"] += cand.shape[0]
    masks, home, near, packed, _, vals, buf = bit_sets(state.puzzle.h, state.puzzle.w)
    return _link_jit(cand, masks, home, near, packed, vals, buf)


def block(state, counters) -> int:
    """Hall's condition on value intervals a..b, from the values' side and
    from the cells' side (tight sets)."""
    counters["block scans"] += 1
    _, hile, _, packed, span, vals, buf = bit_sets(state.puzzle.h, state.puzzle.w)
    return _block_sets_jit(state.cand, span, hile, packed, vals, buf)


def edge(state, counters) -> int:
    """Path degree: ends have degree 1, others 2; forced edges glue into
    runs with consecutive labels; no run closes a cycle; bridges are forced."""
    cand, nbrs, edges, cedges, _ = _args(state)
    counters["edge runs"] += 1
    _, _, _, packed, _, vals, _ = bit_sets(state.puzzle.h, state.puzzle.w)
    return _edge_jit(cand, nbrs, edges, cedges, vals, packed)


def ruler(state, counters) -> int:
    """Distance span: a cell at grid distance d from every home of u cannot
    hold a value within d-1 of u."""
    cand, _, _, _, dist = _args(state)
    counters["ruler scans"] += cand.shape[0]
    return _ruler_jit(cand, dist)


PIN = Rung("pin", pin, "#7f7f7f", pin.__doc__)
LINK = Rung("link", link, "#1f77b4", link.__doc__)
BLOCK = Rung("block", block, "#2ca02c", block.__doc__)
EDGE = Rung("edge", edge, "#ff7f0e", edge.__doc__)
RULER = Rung("ruler", ruler, "#9467bd", ruler.__doc__)
RULER_LADDER = Ladder([PIN, RULER])
LINK_LADDER = Ladder([PIN, LINK, RULER])


# ---------------------------------------------------------------- the compiled loop
@njit(cache=True)
def _apply_jit(i, bits, data, work):
    """Rung ``i`` of LADDER for the core's compiled loop."""
    nbrs, edges, cedges, masks, sets, near, packed, span, vals, buf = data
    n = nbrs.shape[0]
    cand = bits.reshape((n, n))
    if i == 0:
        work[0] += n
        return call(_pin_jit, cand)
    if i == 1:
        work[1] += n
        return call(_link_jit, cand, masks, sets, near, packed, vals, buf)
    if i == 2:
        work[2] += 1
        return call(_block_sets_jit, cand, span, sets, packed, vals, buf)
    work[3] += 1
    return call(_edge_jit, cand, nbrs, edges, cedges, vals, packed)


@njit(cache=True)
def _legal_jit(bits, data):
    """A decided state is a Numbrix answer: each number once, each next to the
    next (printed numbers are fixed in the initial state)."""
    nbrs = data[0]
    n = nbrs.shape[0]
    pos = np.full(n, -1, np.int64)
    for c in range(n):
        for v in range(n):
            if bits[c * n + v]:
                if pos[v] >= 0:
                    return False
                pos[v] = c
                break
    for v in range(n - 1):
        a, b = pos[v], pos[v + 1]
        if a < 0 or b < 0:
            return False
        near = False
        for d in range(nbrs.shape[1]):
            if nbrs[a, d] == b:
                near = True
        if not near:
            return False
    return True


LADDER = Ladder([PIN, LINK, BLOCK, EDGE, probe_rung()],
                compiled=Compiled(apply=_apply_jit, data=_compiled_data, legal=_legal_jit,
                                  work=("pin scans", "link scans", "block scans", "edge runs")))
