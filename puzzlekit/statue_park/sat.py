"""Statue Park as a CP-SAT model: the rules as constraints, a third engine.

One boolean per cell (shaded) and one per placement of a bag shape (used).
A cell is shaded exactly when one used placement covers it (so pieces never
overlap, and no shaded cell lies outside a piece); a used placement's rim is
unshaded (so every piece is a whole group); each shape is used as many times
as the bag holds it; circles fix their cells; the park, when its rule is
on, is connected (added lazily, :func:`~puzzlekit.core.sat.lazy_connected`).
Nothing of the ladder or the raw engines is used.
"""
from __future__ import annotations

import numpy as np

from ..core import sat
from ..core.search import Count
from .model import Answer, Puzzle, orientations

__all__ = ["model", "count_solutions"]


def model(puzzle: Puzzle):
    """The CP-SAT model, its cell booleans and its park booleans."""
    h, w, n = puzzle.h, puzzle.w, puzzle.n
    m = sat.new_model()
    shade = [m.NewBoolVar(f"s{c}") for c in range(n)]
    park = [x.Not() for x in shade]
    cover = [[] for _ in range(n)]
    for shape in sorted(set(puzzle.bag)):
        uses = []
        for o in orientations(shape):
            ph = max(r for r, _ in o) + 1
            pw = max(c for _, c in o) + 1
            for r0 in range(h - ph + 1):
                for c0 in range(w - pw + 1):
                    cells = {(r0 + r, c0 + c) for r, c in o}
                    x = m.NewBoolVar(f"p{len(uses)}")
                    uses.append(x)
                    for r, c in cells:
                        cover[r * w + c].append(x)
                    for r, c in cells:
                        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                            if 0 <= rr < h and 0 <= cc < w and (rr, cc) not in cells:
                                m.AddImplication(x, shade[rr * w + cc].Not())
        m.Add(sum(uses) == puzzle.bag.count(shape))
    for c in range(n):
        m.Add(sum(cover[c]) == shade[c])
    for c in puzzle.black:
        m.Add(shade[c] == 1)
    for c in puzzle.white:
        m.Add(shade[c] == 0)
    return m, shade, park


def count_solutions(puzzle: Puzzle, limit: int = 2, time_limit: float | None = 60.0) -> Count:
    """Answers up to ``limit`` (``Count.solutions`` holds them); a time-out is ``capped``.

    >>> count_solutions(Puzzle.make(1, 3, ["#", "#"]), limit=10).count
    1
    """
    m, shade, park = model(puzzle)

    def decode(value):
        return Answer.from_mask(puzzle.h, puzzle.w, np.array([bool(value(x)) for x in shade]))

    refute = sat.lazy_connected(park, puzzle.grid.nbrs) if puzzle.park_rule else None
    return sat.count(m, shade, limit, time_limit, decode, refute=refute)
