"""Magnets as a CP-SAT model: the rules as constraints, a third engine.

Two booleans per cell, ``plus`` and ``minus`` (neither: neutral).  The two
halves of a domino are both neutral or opposite poles; an empty cell is
neutral; a given pole is fixed; equal poles never share an edge; every printed
margin number counts its line's poles.  Nothing of the ladder or the raw
engine is used.
"""
from __future__ import annotations

import numpy as np

from ..core import sat
from ..core.search import Count
from .model import Answer, Puzzle

__all__ = ["model", "count_solutions"]


def model(puzzle: Puzzle):
    """The CP-SAT model and its variables ``(plus, minus)``, one list each, row-major."""
    h, w = puzzle.h, puzzle.w
    n = h * w
    m = sat.new_model()
    plus = [m.NewBoolVar(f"p{c}") for c in range(n)]
    minus = [m.NewBoolVar(f"m{c}") for c in range(n)]
    for c in range(n):
        m.AddAtMostOne([plus[c], minus[c]])
        d = int(puzzle.partner[c])
        if d < 0:               # not part of a domino: no magnet
            m.Add(plus[c] == 0)
            m.Add(minus[c] == 0)
        elif c < d:
            m.Add(plus[c] == minus[d])
            m.Add(minus[c] == plus[d])
        if puzzle.given[c] >= 0:        # a printed pole: 0 = '+', 1 = '-'
            m.Add((plus if puzzle.given[c] == 0 else minus)[c] == 1)
    for r in range(h):
        for c in range(w):
            a = r * w + c
            for b in ([a + 1] if c + 1 < w else []) + ([a + w] if r + 1 < h else []):
                m.AddBoolOr([plus[a].Not(), plus[b].Not()])
                m.AddBoolOr([minus[a].Not(), minus[b].Not()])
    lines = [(puzzle.plus_rows[r], puzzle.minus_rows[r], range(r * w, r * w + w)) for r in range(h)]
    lines += [(puzzle.plus_cols[c], puzzle.minus_cols[c], range(c, n, w)) for c in range(w)]
    for np_, nm, cells in lines:
        if np_ >= 0:
            m.Add(sum(plus[c] for c in cells) == int(np_))
        if nm >= 0:
            m.Add(sum(minus[c] for c in cells) == int(nm))
    return m, plus, minus


def count_solutions(puzzle: Puzzle, limit: int = 2, time_limit: float | None = 60.0) -> Count:
    """Answers up to ``limit`` (``Count.solutions`` holds them); a time-out is ``capped``.

    >>> p = Puzzle.from_json({"h": 1, "w": 2, "dominoes": ["LR"], "plus_rows": [1],
    ...                       "minus_rows": [1], "plus_cols": [1, 0], "minus_cols": [0, 1]})
    >>> count_solutions(p).solutions[0].to_json()
    {'grid': ['+-']}
    """
    m, plus, minus = model(puzzle)

    def decode(value):
        g = np.array([0 if value(p) else 1 if value(q) else 2 for p, q in zip(plus, minus)],
                     dtype=np.int8)
        return Answer(g.reshape(puzzle.h, puzzle.w))

    return sat.count(m, plus + minus, limit, time_limit, decode)
