"""Numbrix as a CP-SAT model: the rules as constraints, a third engine.

One boolean per (cell, number): every cell holds one number, every number
sits in one cell, a printed number is where it is printed, and the cell of
``k`` touches the cell of ``k + 1``.  Nothing of the ladder or the raw engine
is used.
"""
from __future__ import annotations

import numpy as np

from ..core import sat
from ..core.search import Count
from .model import Answer, Puzzle

__all__ = ["model", "count_solutions"]


def model(puzzle: Puzzle):
    """The CP-SAT model and its one-hot variables ``x[c][k]`` (number ``k + 1`` in cell ``c``)."""
    h, w = puzzle.shape
    n = h * w
    m = sat.new_model()
    x = [[m.NewBoolVar(f"x{c}_{k}") for k in range(n)] for c in range(n)]
    for c in range(n):
        sat.exactly_one(m, x[c])
    for k in range(n):
        sat.exactly_one(m, [x[c][k] for c in range(n)])
    for c, v in enumerate(puzzle.clues.ravel()):
        if v:
            m.Add(x[c][int(v) - 1] == 1)
    nbrs = [[(r + dr) * w + cc + dc for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
             if 0 <= r + dr < h and 0 <= cc + dc < w] for r in range(h) for cc in range(w)]
    for c in range(n):
        for k in range(n - 1):
            m.AddBoolOr([x[c][k].Not()] + [x[d][k + 1] for d in nbrs[c]])
    return m, x


def count_solutions(puzzle: Puzzle, limit: int = 2, time_limit: float | None = 60.0) -> Count:
    """Answers up to ``limit`` (``Count.solutions`` holds them); a time-out is ``capped``.

    >>> count_solutions(Puzzle.from_json({"rows": 2, "cols": 2, "grid": [[1, 0], [0, 0]]})).count
    2
    """
    m, x = model(puzzle)
    n = puzzle.n
    flat = [v for row in x for v in row]

    def decode(value):
        g = np.array([next(k + 1 for k in range(n) if value(x[c][k])) for c in range(n)])
        return Answer(g.reshape(puzzle.shape))

    return sat.count(m, flat, limit, time_limit, decode, block_true_only=True)
