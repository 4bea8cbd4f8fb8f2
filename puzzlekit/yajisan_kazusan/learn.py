"""Yajisan-Kazusan's rules for the core's clause learner (:mod:`puzzlekit.core.learn`).

One boolean per cell, the ladder's own variable: boolean ``c`` says cell
``c`` is shaded (false, tried first, leaves it unshaded).  Clauses:

* two cells that share an edge are not both shaded;
* some cell is unshaded, and with ``need_shade`` some cell is shaded.

The kernel explains the rest:

* an arrow clue binds when its own cell is unshaded: the shaded cells
  beyond it number exactly its number.  Too many shaded, or too few shaded
  and open together, is a conflict (the clue cell open: it is shaded);
  exactly as many shaded leaves the open cells unshaded, exactly as many
  shaded and open shades them.  Each is explained by the clue cell's
  literal and the line's cells that decide the count (the shaded ones,
  or the unshaded ones);
* the unshaded cells are one region, the core's connectivity kernel over
  them (:func:`puzzlekit.core.explain.explain_connected_false`).

A full assignment these leave standing is an answer.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from ..core.cache import puzzle_table
from ..core.clauses import decided, flat, units, values_row
from ..core.explain import explain_connected_false, write_literals
from ..core.learn import Learner
from .ladder import data as ladder_data, encode
from .model import Answer

__all__ = ["LEARNER", "clauses"]


def clauses(puzzle):
    """The rules as clauses ``(starts, literals)`` (module docstring),
    cached on the puzzle."""
    return puzzle_table(puzzle, "yajisan_kazusan.learn_clauses", _clauses)


def _clauses(puzzle):
    out = [[2 * int(a) + 1, 2 * int(b) + 1] for a, b in puzzle.grid.edges.tolist()]
    out.append([2 * c + 1 for c in range(puzzle.n)])
    if puzzle.need_shade:
        out.append([2 * c for c in range(puzzle.n)])
    return flat(out)


def _arrays(puzzle):
    """The kernel's data: ``(nbrs, ccell, cnum, lstart, lcells, flags,
    work)``: the clues that can bind and their lines (the ladder's
    :func:`~puzzlekit.yajisan_kazusan.ladder.data`), ``flags`` ``[n]`` and
    ``work`` four rows of scratch, one entry a cell."""
    d = ladder_data(puzzle)
    n = puzzle.n
    return (np.ascontiguousarray(puzzle.grid.nbrs, np.int32), d.ccell, d.cnum, d.lstart,
            d.lcells, np.array([n], np.int64), np.zeros((4, n), np.int32))


@njit(cache=True)
def _explain_counts(assign, ccell, cnum, lstart, lcells, buf):
    """The first clue whose count is broken or forces an open cell, its
    clause in ``buf``: ``(mode, k)`` as the learner's kernel returns."""
    for j in range(ccell.size):
        x = ccell[j]
        if assign[x] == 1:                     # shaded: the clue does not bind
            continue
        a, b = lstart[j], lstart[j + 1]
        v = cnum[j]
        on = 0
        open_ = 0
        for t in range(a, b):
            s = assign[lcells[t]]
            if s == 1:
                on += 1
            elif s < 0:
                open_ += 1
        over = on > v
        under = on + open_ < v
        if over or under:
            if assign[x] < 0:                  # an unshaded clue cell would break it
                buf[0] = 2 * x
                k = 1
                mode = 1
            else:
                buf[0] = 2 * x
                k = 1
                mode = 2
            if over:                           # v + 1 of the shaded: one is unshaded
                k = write_literals(assign, lcells, a, b, 0, 1, buf, k, v + 1)
            else:                              # every unshaded cell: one is shaded
                k = write_literals(assign, lcells, a, b, 0, 0, buf, k, b - a)
            return mode, k
        if assign[x] != 0 or open_ == 0:
            continue
        if on == v:                            # the count is full: the open cells unshaded
            for t in range(a, b):
                c = lcells[t]
                if assign[c] < 0:
                    buf[0] = 2 * c + 1
                    buf[1] = 2 * x
                    k = write_literals(assign, lcells, a, b, 0, 1, buf, 2, v)
                    return 1, k
        if on + open_ == v:                    # every open cell is needed: shaded
            for t in range(a, b):
                c = lcells[t]
                if assign[c] < 0:
                    buf[0] = 2 * c
                    buf[1] = 2 * x
                    k = write_literals(assign, lcells, a, b, 0, 0, buf, 2, b - a)
                    return 1, k
    return 0, 0


@njit(cache=True)
def _explain_jit(assign, data, buf):
    """The clues' counts, then the unshaded cells connected, explained:
    ``(mode, k)`` with the clause in ``buf[:k]`` (mode 0 nothing, 1 a
    deduction, ``buf[0]`` its literal, 2 a conflict)."""
    nbrs, ccell, cnum, lstart, lcells, flags, work = data
    mode, k = _explain_counts(assign, ccell, cnum, lstart, lcells, buf)
    if mode > 0:
        return mode, k
    return explain_connected_false(assign, flags[0], nbrs, work, buf)


def _state_clauses(state):
    """What a state has decided, one unit each: a cell shaded where its
    unshaded bit is gone, unshaded where its shaded bit is."""
    return units(decided(state.cell))


def _n_bools(puzzle):
    return puzzle.n


def _state_of(puzzle, row):
    return encode(puzzle, Answer.from_mask(puzzle.h, puzzle.w, np.asarray(row[:puzzle.n]) == 1))


#: Yajisan-Kazusan's part in clause learning (``ProofPolicy.learner``).
LEARNER = Learner(explain=_explain_jit, clauses=clauses, data=_arrays,
                  n_bools=_n_bools,
                  state_clauses=_state_clauses, state_of=_state_of, row_of=values_row)
