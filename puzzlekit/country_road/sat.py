"""Country Road as a CP-SAT model: the rules as constraints, a third engine.

One boolean per cell (road) and per grid edge (used).  The used edges form
one simple cycle through exactly the road cells (:func:`core.sat.single_cycle`);
each country has exactly two used border edges (none or two with
``skip``) and, unless ``skip``, a road cell; a number is its country's road-cell count; two
cells facing across a border are not both empty.  Nothing of the ladder or the
raw engines is used.
"""
from __future__ import annotations

import numpy as np

from ..core import sat
from ..core.search import Count
from .model import Answer, Puzzle

__all__ = ["model", "count_solutions"]


def model(puzzle: Puzzle):
    """The CP-SAT model, its cell booleans and its edge booleans."""
    g = puzzle.grid
    n, E, reg = g.n, g.edges, puzzle.regions
    m = sat.new_model()
    road = [m.NewBoolVar(f"c{x}") for x in range(n)]
    used = [m.NewBoolVar(f"e{e}") for e in range(len(E))]
    sat.single_cycle(m, road, used, [(int(a), int(b)) for a, b in E])
    cross = [[] for _ in range(puzzle.k)]
    for e, (a, b) in enumerate(E):
        if reg[a] != reg[b]:
            cross[reg[a]].append(used[e])
            cross[reg[b]].append(used[e])
            m.AddBoolOr([road[a], road[b]])
    for r in range(puzzle.k):
        cells = [road[x] for x in np.flatnonzero(reg == r)]
        if puzzle.skip:
            m.Add(sum(cross[r]) <= 2)
            two = m.NewBoolVar(f"two{r}")
            m.Add(sum(cross[r]) == 2 * two)       # none or two crossings
        else:
            m.Add(sum(cells) >= 1)
            if puzzle.k > 1:
                m.Add(sum(cross[r]) == 2)
        if r in puzzle.clues:
            m.Add(sum(cells) == int(puzzle.clues[r]))
    return m, road, used


def count_solutions(puzzle: Puzzle, limit: int = 2, time_limit: float | None = 60.0) -> Count:
    """Answers up to ``limit`` (``Count.solutions`` holds them); a time-out is ``capped``.

    >>> count_solutions(Puzzle.make([[0, 0, 1], [0, 0, 1]], {0: 4}), limit=5).count
    1
    """
    m, road, used = model(puzzle)

    def decode(value):
        return Answer(puzzle.h, puzzle.w, np.array([bool(value(x)) for x in used]))

    return sat.count(m, used, limit, time_limit, decode)
