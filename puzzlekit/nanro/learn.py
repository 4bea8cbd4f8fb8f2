"""Nanro's rules for the core's clause learner (:mod:`puzzlekit.core.learn`).

The ladder's own variables as booleans: ``num[c]`` (boolean ``c``: cell ``c``
is numbered) and ``lab[r, k]`` (boolean ``n + rstart[r] + k - 1``: region
``r`` counts to ``k``, ``1 <= k <=`` its size).  Clauses:

* a region has exactly one count (at least one; no two at once) and at
  least one numbered cell;
* ``block``: no 2x2 block numbered throughout;
* ``clash``: numbered neighbours across a border do not share a count
  (``num a & num b & lab[ra, k] & lab[rb, k]`` is false);
* the givens: a clue ``v`` at ``c`` numbers ``c`` and gives its region the
  count ``v``; a mark numbers its cell, a printed blank blanks it, a hint
  gives its region a count.

The kernel explains the rest:

* ``count``: a region whose count is ``k`` has exactly ``k`` numbered cells.
  Past ``k`` numbered cells, or short of ``k`` cells not blank, is a
  conflict, explained by the count and those cells; at ``k`` the open cells
  go blank, at ``k`` cells not blank they are numbered.  A count the
  numbered (or not blank) cells rule out goes false, and when every count
  left is the number of numbered cells (of cells not blank) the open cells
  go blank (numbered), explained by the counts ruled out.
* ``reach``: over the cells not blank, numbered cells in two parts are a
  conflict, and an open cell in a part without the numbered cells goes
  blank; each is explained by two numbered cells and the blank cells around
  one part (of the two, the part with fewer), one of which must be numbered
  for the two to meet.  An open cell every way between two numbered cells
  passes through is numbered, explained likewise by the blank cells around
  the part on one side of it.

A full assignment these leave standing is an answer: every region counts
its numbered cells, the numbered cells are connected, no 2x2 block is
numbered and no equal counts touch across a border.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from ..core.cache import puzzle_table
from ..core.clauses import decided, flat, units
from ..core.explain import explain_connected, write_literals
from ..core.learn import Learner
from .ladder import encode, geometry
from .model import answer_from_mask

__all__ = ["LEARNER", "clauses", "arrays"]


def clauses(puzzle):
    """The rules as clauses ``(starts, literals)`` (module docstring),
    cached on the puzzle."""
    return puzzle_table(puzzle, "nanro.learn_clauses", _clauses)


def _clauses(puzzle):
    g = geometry(puzzle)
    n, rstart, rcells = g.n, g.rstart, g.rcells
    reg = puzzle.regions

    def lab(r, k):                           # the boolean "region r counts to k"
        return n + int(rstart[r]) + k - 1
    out = []
    for r in range(puzzle.k):
        s = int(rstart[r + 1] - rstart[r])
        out.append([2 * lab(r, k) for k in range(1, s + 1)])
        out += [[2 * lab(r, k) + 1, 2 * lab(r, j) + 1]
                for k in range(1, s + 1) for j in range(k + 1, s + 1)]
        out.append([2 * int(c) for c in rcells[rstart[r]:rstart[r + 1]]])
    out += [[2 * int(c) + 1 for c in blk] for blk in g.blocks]
    for a, b in g.xedges:
        ra, rb = int(reg[a]), int(reg[b])
        for k in range(1, int(min(puzzle.sizes[ra], puzzle.sizes[rb])) + 1):
            out.append([2 * int(a) + 1, 2 * int(b) + 1, 2 * lab(ra, k) + 1, 2 * lab(rb, k) + 1])
    for c, v in puzzle.clues.items():
        out += [[2 * c], [2 * lab(int(reg[c]), v)]]
    out += [[2 * c] for c in puzzle.marks] + [[2 * c + 1] for c in puzzle.blanks]
    out += [[2 * lab(r, v)] for r, v in puzzle.hints.items()]
    return flat(out)


def arrays(puzzle):
    """The kernel's data: ``(rstart, rcells, nbrs, work)``, ``work`` four
    rows of scratch, one entry a cell."""
    g = geometry(puzzle)
    return (g.rstart, g.rcells.astype(np.int64), g.nbrs,
            np.zeros((4, g.n), np.int32))


# ---------------------------------------------------------------- the kernel
@njit(cache=True)
def _count(assign, n, rstart, rcells, buf):
    """``count``, explained: ``(mode, k)`` (module docstring)."""
    for r in range(rstart.size - 1):
        a, b = rstart[r], rstart[r + 1]
        s = b - a
        t = o = 0
        opened = -1
        for j in range(a, b):
            x = assign[rcells[j]]
            if x == 1:
                t += 1
            elif x < 0:
                o += 1
                opened = rcells[j]
        f = s - t - o
        base = n + a - 1                     # the boolean of count k is base + k
        fixed = 0
        lmin, lmax = s + 1, 0
        for k in range(1, s + 1):
            x = assign[base + k]
            if x == 1:
                fixed = k
            if x != 0:
                lmin = min(lmin, k)
                lmax = max(lmax, k)
        if fixed > 0:
            k = fixed
            buf[1] = 2 * (base + k) + 1
            if t > k:                        # too many numbered cells
                buf[0] = buf[1]
                return 2, write_literals(assign, rcells, a, b, 0, 1, buf, 1, k + 1)
            if t + o < k:                    # too few cells left
                buf[0] = buf[1]
                return 2, write_literals(assign, rcells, a, b, 0, 0, buf, 1, s - k + 1)
            if o > 0 and t == k:             # the open cells blank
                buf[0] = 2 * opened + 1
                return 1, write_literals(assign, rcells, a, b, 0, 1, buf, 2, k)
            if o > 0 and t + o == k:         # the open cells numbered
                buf[0] = 2 * opened
                return 1, write_literals(assign, rcells, a, b, 0, 0, buf, 2, f)
            continue
        for k in range(1, s + 1):
            if assign[base + k] < 0:
                buf[0] = 2 * (base + k) + 1
                if k < t:
                    return 1, write_literals(assign, rcells, a, b, 0, 1, buf, 1, k + 1)
                if k > t + o:
                    return 1, write_literals(assign, rcells, a, b, 0, 0, buf, 1, s - k + 1)
        if o > 0 and lmax == t and t > 0:    # every count left is t: the rest blank
            buf[0] = 2 * opened + 1
            m = write_literals(assign, rcells, a, b, 0, 1, buf, 1, t)
            for k in range(t + 1, s + 1):
                buf[m] = 2 * (base + k)
                m += 1
            return 1, m
        if o > 0 and lmin == t + o:          # every count left is t + o: all numbered
            buf[0] = 2 * opened
            m = write_literals(assign, rcells, a, b, 0, 0, buf, 1, f)
            for k in range(1, t + o):
                buf[m] = 2 * (base + k)
                m += 1
            return 1, m
    return 0, 0


@njit(cache=True)
def _explain_jit(assign, data, buf):
    """``count`` and ``reach``, explained: ``(mode, k)`` with the clause in
    ``buf[:k]`` (mode 0 nothing, 1 a deduction, ``buf[0]`` its literal, 2 a
    conflict)."""
    rstart, rcells, nbrs, work = data
    n = nbrs.shape[0]
    mode, k = _count(assign, n, rstart, rcells, buf)
    if mode > 0:
        return mode, k
    return explain_connected(assign, n, nbrs, work, buf)


# ---------------------------------------------------------------- states
def _state_clauses(state):
    """What a state has decided, one unit each: a cell numbered (blank)
    where its blank (numbered) bit is gone, a count false where its bit is."""
    n = state.puzzle.h * state.puzzle.w
    return units(decided(state.cell),
                 2 * (n + np.flatnonzero(~state.label)) + 1)


def _row_of(state):
    n = state.puzzle.h * state.puzzle.w
    row = np.zeros(2 * n, np.int8)
    row[:n] = ~state.cell[:, 0]
    row[n:] = state.label
    return row


def _state_of(puzzle, row):
    n = puzzle.h * puzzle.w
    return encode(puzzle, answer_from_mask(puzzle, np.asarray(row[:n], bool)))


#: Nanro's part in clause learning (``ProofPolicy.learner``).
LEARNER = Learner(explain=_explain_jit, clauses=clauses, data=arrays,
                  n_bools=lambda p: 2 * p.h * p.w, state_clauses=_state_clauses,
                  state_of=_state_of, row_of=_row_of)
