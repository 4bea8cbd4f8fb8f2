"""Nanro as a CP-SAT model: the rules as constraints, a third engine.

One boolean per cell (numbered or blank) and one integer per region (its
count).  Each region's count is how many of its cells are numbered and is at
least 1; the numbered cells are connected; no 2x2 block is numbered
throughout; numbered neighbours across a border have different counts; the
givens hold (clue and mark cells numbered, printed blanks blank).  Nothing of
the ladder or the raw engine is used.
"""
from __future__ import annotations

import numpy as np

from ..core import sat
from ..core.search import Count
from .model import Puzzle, answer_from_mask

__all__ = ["model", "count_solutions"]


def model(puzzle: Puzzle):
    """The CP-SAT model, its cell booleans and its region counts."""
    h, w = puzzle.shape
    n = h * w
    reg = np.asarray(puzzle.regions).ravel()
    sizes = np.bincount(reg)
    m = sat.new_model()
    num = [m.NewBoolVar(f"n{c}") for c in range(n)]
    lab = [m.NewIntVar(1, int(s), f"L{r}") for r, s in enumerate(sizes)]
    for r in range(len(sizes)):
        m.Add(sum(num[c] for c in np.flatnonzero(reg == r)) == lab[r])
    adj = [[(i + dr) * w + j + dc for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
            if 0 <= i + dr < h and 0 <= j + dc < w] for i in range(h) for j in range(w)]
    sat.connected(m, num, adj)
    for i in range(h - 1):
        for j in range(w - 1):
            a = i * w + j
            m.AddBoolOr([num[a].Not(), num[a + 1].Not(), num[a + w].Not(), num[a + w + 1].Not()])
    for a in range(n):
        for b in adj[a]:
            if a < b and reg[a] != reg[b]:
                m.Add(lab[reg[a]] != lab[reg[b]]).OnlyEnforceIf([num[a], num[b]])
    for c, v in puzzle.clues.items():
        m.Add(num[c] == 1)
        m.Add(lab[reg[c]] == int(v))
    for c in puzzle.marks:
        m.Add(num[c] == 1)
    for c in puzzle.blanks:
        m.Add(num[c] == 0)
    for r, v in puzzle.hints.items():
        m.Add(lab[r] == int(v))
    return m, num, lab


def count_solutions(puzzle: Puzzle, limit: int = 2, time_limit: float | None = 60.0) -> Count:
    """Answers up to ``limit`` (``Count.solutions`` holds them); a time-out is ``capped``.

    >>> count_solutions(Puzzle.make([[0, 0], [1, 1]]), limit=10).count
    4
    """
    m, num, _ = model(puzzle)

    def decode(value):
        return answer_from_mask(puzzle, np.array([bool(value(x)) for x in num]))

    return sat.count(m, num, limit, time_limit, decode)
