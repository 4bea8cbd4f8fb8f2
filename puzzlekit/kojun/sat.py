"""Kojun as a CP-SAT model: the rules as constraints, a third engine.

One boolean per cell and digit of its region, exactly one per cell and
exactly one per region and digit; equal digits never on both ends of an
edge; within a region the upper of two stacked cells is larger; the givens
hold.  Nothing of the ladder or the raw engine is used.
"""
from __future__ import annotations

import numpy as np

from ..core import sat
from ..core.search import Count
from .model import Answer, Puzzle

__all__ = ["model", "count_solutions"]


def model(puzzle: Puzzle):
    """The CP-SAT model, its booleans ``x[c][v - 1]`` and its digit variables."""
    n, w = puzzle.n, puzzle.w
    reg, size = np.asarray(puzzle.regions), puzzle.cell_size
    m = sat.new_model()
    x = [[m.NewBoolVar(f"x{c}_{v}") for v in range(1, int(size[c]) + 1)] for c in range(n)]
    dig = []
    for c in range(n):
        sat.exactly_one(m, x[c])
        d = m.NewIntVar(1, int(size[c]), f"d{c}")
        m.Add(d == sum((v + 1) * b for v, b in enumerate(x[c])))
        dig.append(d)
    for r in range(puzzle.k):
        cells = np.flatnonzero(reg == r)
        for v in range(len(cells)):
            sat.exactly_one(m, [x[c][v] for c in cells])
    for a, b in puzzle.grid.edges:
        for v in range(min(len(x[a]), len(x[b]))):
            m.AddBoolOr([x[a][v].Not(), x[b][v].Not()])
        if b == a + w and reg[a] == reg[b]:
            m.Add(dig[a] > dig[b])
    for c, v in puzzle.givens.items():
        m.Add(x[c][v - 1] == 1)
    return m, x, dig


def count_solutions(puzzle: Puzzle, limit: int = 2, time_limit: float | None = 60.0) -> Count:
    """Answers up to ``limit`` (``Count.solutions`` holds them); a time-out is ``capped``.

    >>> count_solutions(Puzzle.make([[0, 0], [1, 1]]), limit=10).count
    2
    """
    m, x, _ = model(puzzle)
    flat = [b for row in x for b in row]

    def decode(value):
        return Answer.of(puzzle, [1 + next(i for i, b in enumerate(row) if value(b))
                                  for row in x])

    return sat.count(m, flat, limit, time_limit, decode, block_true_only=True)
