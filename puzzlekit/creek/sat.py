"""Creek as a CP-SAT model: the rules as constraints, a third engine.

One boolean per cell, true when shaded.  Every printed corner fixes the sum
of its cells; the unshaded cells are one connected set or none
(:func:`puzzlekit.core.sat.connected` on the negated literals); with
``shade_required``, some cell is shaded.  Nothing of the ladder or the raw
engine is used.
"""
from __future__ import annotations

import numpy as np

from ..core import sat
from ..core.search import Count
from .model import Answer, Puzzle

__all__ = ["model", "count_solutions"]


def model(puzzle: Puzzle):
    """The CP-SAT model and its cell literals (row-major, true = shaded)."""
    h, w = puzzle.h, puzzle.w
    m = sat.new_model()
    x = [m.NewBoolVar(f"x{c}") for c in range(h * w)]
    for i in range(h + 1):
        for j in range(w + 1):
            v = int(puzzle.clues[i, j])
            if v < 0:
                continue
            cells = [r * w + c for r in (i - 1, i) for c in (j - 1, j)
                     if 0 <= r < h and 0 <= c < w]
            m.Add(sum(x[c] for c in cells) == v)
    adj = [[r2 * w + c2 for r2, c2 in ((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1))
            if 0 <= r2 < h and 0 <= c2 < w] for r in range(h) for c in range(w)]
    sat.connected(m, [v.Not() for v in x], adj, nonempty=False)
    if puzzle.shade_required:
        m.AddBoolOr(x)
    return m, x


def count_solutions(puzzle: Puzzle, limit: int = 2, time_limit: float | None = 60.0) -> Count:
    """Answers up to ``limit`` (``Count.solutions`` holds them); a time-out is ``capped``.

    >>> p = Puzzle.from_json({"h": 1, "w": 2, "clues": [[1, None, None], [None, None, 0]]})
    >>> count_solutions(p).solutions[0].to_json()
    {'grid': ['#.']}
    """
    m, x = model(puzzle)

    def decode(value):
        g = np.array([1 if value(v) else 0 for v in x], dtype=np.int8)
        return Answer(g.reshape(puzzle.h, puzzle.w))

    return sat.count(m, x, limit, time_limit, decode)
