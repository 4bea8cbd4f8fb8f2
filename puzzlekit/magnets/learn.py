"""Magnets' rules for the core's clause learner (:mod:`puzzlekit.core.learn`).

Two booleans per domino with cells ``a < b``: ``x`` ("``a`` is ``+``, so ``b``
is ``-``") and ``y`` ("``a`` is ``-``, ``b`` is ``+``"); neither: neutral.  A
cell's ``+`` is ``x`` at ``a`` and ``y`` at ``b``, its ``-`` the other one, so a
domino's halves are opposite or both neutral by construction.  Clauses: not
``x`` and ``y`` at once, no equal poles side by side, the given poles.  The
kernel is ``count`` made to explain itself: every printed margin number is a
cardinality constraint on its line's ``+`` (or ``-``) literals; a line with its
count reached turns its open literals false (explained by the true ones), a
line that needs all its open literals turns them true (explained by the false
ones), and a line past its count, or short of it, is a conflict.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from ..core.cache import puzzle_table
from ..core.clauses import flat
from ..core.learn import Learner, _val
from .ladder import encode
from .model import Answer

__all__ = ["LEARNER", "tables"]


def tables(puzzle):
    """``(var_of, first, clauses, lines)``, cached on the puzzle: the domino
    variable of every cell (-1 for an empty cell) and whether it is its
    domino's first cell; the rules as clauses ``(starts, literals)``; the
    margin numbers as ``(starts, literals, counts)``."""
    return puzzle_table(puzzle, "magnets.learn_tables", _tables)


def _tables(puzzle):
    h, w, n = puzzle.h, puzzle.w, puzzle.h * puzzle.w
    part = puzzle.partner
    var_of = np.full(n, -1, np.int64)
    first = np.zeros(n, bool)
    nd = 0
    for c in range(n):
        if part[c] > c:
            var_of[c] = var_of[part[c]] = nd
            first[c] = True
            nd += 1

    def pole(c, sign):                      # the literal "cell c holds pole sign (0 +, 1 -)"
        return 2 * (2 * var_of[c] + (sign ^ (0 if first[c] else 1)))
    clauses = [[2 * (2 * d) + 1, 2 * (2 * d + 1) + 1] for d in range(nd)]
    for r in range(h):
        for c in range(w):
            a = r * w + c
            for b in ([a + 1] if c + 1 < w else []) + ([a + w] if r + 1 < h else []):
                if var_of[a] < 0 or var_of[b] < 0 or part[a] == b:
                    continue
                clauses += [[pole(a, s) ^ 1, pole(b, s) ^ 1] for s in (0, 1)]
    for c in range(n):
        if puzzle.given[c] >= 0 and var_of[c] >= 0:
            clauses.append([pole(c, int(puzzle.given[c]))])
        elif puzzle.given[c] >= 0:
            clauses.append([])                # a pole given on an empty cell: no answer
    lines = [(puzzle.plus_rows[r], puzzle.minus_rows[r], range(r * w, r * w + w))
             for r in range(h)]
    lines += [(puzzle.plus_cols[c], puzzle.minus_cols[c], range(c, n, w)) for c in range(w)]
    ls, lk = [], []
    for plus, minus, cells in lines:
        for sign, k in ((0, plus), (1, minus)):
            if k >= 0:
                ls.append([pole(c, sign) for c in cells if var_of[c] >= 0])
                lk.append(int(k))
    return (var_of, first, flat(clauses), flat(ls) + (np.array(lk, np.int64),))


@njit(cache=True)
def _explain_jit(assign, data, buf):
    """``count``, explained: ``(mode, k)`` with the clause in ``buf[:k]``
    (mode 0 nothing, 1 a deduction, ``buf[0]`` its literal, 2 a conflict)."""
    ls, ll, lk = data
    for q in range(lk.size):
        a, b, k = ls[q], ls[q + 1], lk[q]
        t = o = 0
        for i in range(a, b):
            v = _val(assign, ll[i])
            if v == 1:
                t += 1
            elif v < 0:
                o += 1
        f = b - a - t - o
        if t > k or t + o < k or (o > 0 and (t == k or t + o == k)):
            want = 1 if (t > k or (t == k and t + o > k)) else 0   # 1: name true literals
            j = 0
            if t <= k and t + o >= k:           # a deduction: an open literal first
                for i in range(a, b):
                    if _val(assign, ll[i]) < 0:
                        buf[0] = ll[i] ^ want
                        j = 1
                        break
            need = k + 1 if want == 1 else (b - a) - k + 1     # a conflict's literals
            if j == 1:
                need = k if want == 1 else f
            got = 0
            for i in range(a, b):
                if got == need:
                    break
                if _val(assign, ll[i]) == want:
                    buf[j] = ll[i] ^ want       # a true literal negated, a false one as it is
                    j += 1
                    got += 1
            return (1 if t <= k and t + o >= k else 2), j
    return 0, 0


def _state_clauses(state):
    """What a state has decided: per domino, ``x`` or ``y`` false where the
    state has no such pole pair, and "``x`` or ``y``" where neutral is gone."""
    p = state.puzzle
    var_of, first, _, _ = tables(p)
    cells = state.cells
    out = []
    for a in np.flatnonzero(first):
        b = int(p.partner[a])
        d = int(var_of[a])
        if not (cells[a, 0] and cells[b, 1]):
            out.append([2 * (2 * d) + 1])
        if not (cells[a, 1] and cells[b, 0]):
            out.append([2 * (2 * d + 1) + 1])
        if not (cells[a, 2] and cells[b, 2]):
            out.append([2 * (2 * d), 2 * (2 * d + 1)])
    for c in np.flatnonzero(var_of < 0):
        if not cells[c, 2]:
            out.append([])
    return flat(out)


def _state_of(puzzle, row):
    var_of, first, _, _ = tables(puzzle)
    g = np.full(puzzle.h * puzzle.w, 2, np.int8)
    for a in np.flatnonzero(first):
        b, d = int(puzzle.partner[a]), int(var_of[a])
        if row[2 * d]:
            g[a], g[b] = 0, 1
        elif row[2 * d + 1]:
            g[a], g[b] = 1, 0
    return encode(puzzle, Answer(g.reshape(puzzle.h, puzzle.w)))


def _row_of(state):
    var_of, first, _, _ = tables(state.puzzle)
    g = state.values()
    row = np.zeros(2 * int(first.sum()), np.int8)
    for a in np.flatnonzero(first):
        row[2 * var_of[a]] = g[a] == 0
        row[2 * var_of[a] + 1] = g[a] == 1
    return row


#: Magnets' part in clause learning (``ProofPolicy.learner``).
LEARNER = Learner(explain=_explain_jit, clauses=lambda p: tables(p)[2],
                  data=lambda p: tables(p)[3],
                  n_bools=lambda p: 2 * int(tables(p)[1].sum()),
                  state_clauses=_state_clauses, state_of=_state_of, row_of=_row_of)
