"""Creek's rules for the core's clause learner (:mod:`puzzlekit.core.learn`).

One boolean per cell, the ladder's own variable: boolean ``c`` says cell
``c`` is shaded (false, tried first, leaves it unshaded).  Clauses:

* a number ``v`` on a corner of ``m`` cells: at most ``v`` of them shaded
  (every ``v + 1`` of them has an unshaded one) and at least ``v`` (every
  ``m - v + 1`` of them has a shaded one);
* with ``shade_required``, some cell is shaded.

The kernel explains the rest: the unshaded cells are one region, Nanro's
connectivity kernel over the unshaded cells
(:func:`puzzlekit.core.explain.explain_connected_false`): unshaded cells in two
parts, an open cell cut off from them, or an open cell every path between
unshaded cells passes through, each explained by two unshaded cells and the
shaded cells around one part.  A full assignment these leave standing is
an answer.
"""
from __future__ import annotations

from itertools import combinations

import numpy as np
from numba import njit

from ..core.cache import puzzle_table
from ..core.clauses import decided, flat, units, values_row
from ..core.explain import explain_connected_false
from ..core.learn import Learner
from .ladder import encode
from .model import Answer

__all__ = ["LEARNER", "clauses"]


def clauses(puzzle):
    """The rules as clauses ``(starts, literals)`` (module docstring),
    cached on the puzzle."""
    return puzzle_table(puzzle, "creek.learn_clauses", _clauses)


def _clauses(puzzle):
    out = []
    for corner, v in zip(puzzle.corners, puzzle.clues.ravel().tolist()):
        if v < 0:
            continue
        cells = [int(c) for c in corner if c >= 0]
        if v > len(cells):
            out.append([])                       # more than the corner has: no answer
            continue
        out += [[2 * c + 1 for c in s] for s in combinations(cells, v + 1)]
        out += [[2 * c for c in s] for s in combinations(cells, len(cells) - v + 1)]
    if puzzle.shade_required:
        out.append([2 * c for c in range(puzzle.h * puzzle.w)])
    return flat(out)


def _arrays(puzzle):
    """The kernel's data: ``(nbrs, flags, work)``, ``flags`` ``[n]`` and
    ``work`` four rows of scratch, one entry a cell."""
    n = puzzle.h * puzzle.w
    return (np.ascontiguousarray(puzzle.grid.nbrs, np.int32), np.array([n], np.int64),
            np.zeros((4, n), np.int32))


@njit(cache=True)
def _explain_jit(assign, data, buf):
    """The unshaded cells connected, explained: ``(mode, k)`` with the
    clause in ``buf[:k]`` (mode 0 nothing, 1 a deduction, ``buf[0]`` its
    literal, 2 a conflict)."""
    nbrs, flags, work = data
    return explain_connected_false(assign, flags[0], nbrs, work, buf)


def _state_clauses(state):
    """What a state has decided, one unit each: a cell shaded where its
    unshaded bit is gone, unshaded where its shaded bit is."""
    return units(decided(state.cells))


def _n_bools(puzzle):
    return puzzle.h * puzzle.w


def _state_of(puzzle, row):
    grid = np.asarray(row[:puzzle.h * puzzle.w], np.int8).reshape(puzzle.h, puzzle.w)
    return encode(puzzle, Answer(grid))


#: Creek's part in clause learning (``ProofPolicy.learner``).
LEARNER = Learner(explain=_explain_jit, clauses=clauses, data=_arrays,
                  n_bools=_n_bools,
                  state_clauses=_state_clauses, state_of=_state_of, row_of=values_row)
