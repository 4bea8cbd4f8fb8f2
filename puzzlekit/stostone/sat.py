"""Stostone as a CP-SAT model: the rules as constraints, a third engine.

One boolean per cell (shaded).  Every region holds at least one shaded cell
and, when numbered, exactly its number; two cells of different regions
sharing an edge are not both shaded; every column holds h/2 shaded cells
(unless rule 4 is read as ``none``).  Under ``convex`` and ``exact``, two
shaded cells of one region in a column shade every cell between them.  Under
``exact``, two horizontally adjacent shaded cells of one region have equally
many shaded cells below them (vertical neighbours agree automatically), so
every cell of a stone agrees on how far it falls.  That a region's shaded
cells are one piece is added lazily (the cuts of :func:`core.sat.lazy_connected`,
one family per region).  Nothing of the ladder or the raw engines is used.
"""
from __future__ import annotations

import numpy as np

from ..core import sat
from ..core.search import Count
from .model import Answer, Puzzle

__all__ = ["model", "count_solutions"]


def model(puzzle: Puzzle):
    """The CP-SAT model, its cell booleans, and the per-region connectivity refuters."""
    h, w, n = puzzle.h, puzzle.w, puzzle.n
    lab = puzzle.regions
    m = sat.new_model()
    x = [m.NewBoolVar(f"s{c}") for c in range(n)]
    refuters = []
    for g in range(puzzle.k):
        cells = [int(c) for c in np.flatnonzero(lab == g)]
        m.AddBoolOr([x[c] for c in cells])
        v = puzzle.numbers.get(g, -1)
        if v > 0:
            m.Add(sum(x[c] for c in cells) == v)
        pos = {c: i for i, c in enumerate(cells)}
        nb = np.full((len(cells), 4), -1, np.int64)
        for i, c in enumerate(cells):
            for d, u in enumerate(puzzle.grid.nbrs[c]):
                if u >= 0 and int(u) in pos:
                    nb[i, d] = pos[int(u)]
        refuters.append(sat.lazy_connected([x[c] for c in cells], nb))
    for a, b in puzzle.grid.edges:
        if lab[a] != lab[b]:
            m.AddBoolOr([x[a].Not(), x[b].Not()])
    if puzzle.rule4 != "none":
        for c in range(w):
            m.Add(sum(x[r * w + c] for r in range(h)) == h // 2)
    if puzzle.rule4 in ("convex", "exact"):
        for c in range(w):
            for r in range(h):
                for r2 in range(r + 2, h):
                    a, b = r * w + c, r2 * w + c
                    if lab[a] == lab[b]:
                        for r3 in range(r + 1, r2):
                            m.AddBoolOr([x[a].Not(), x[b].Not(), x[r3 * w + c]])
    if puzzle.rule4 == "exact":
        for r in range(h - 1):
            for c in range(w - 1):
                a, b = r * w + c, r * w + c + 1
                if lab[a] == lab[b]:
                    m.Add(sum(x[q * w + c] for q in range(r + 1, h))
                          == sum(x[q * w + c + 1] for q in range(r + 1, h))
                          ).OnlyEnforceIf([x[a], x[b]])
    return m, x, refuters


def count_solutions(puzzle: Puzzle, limit: int = 2, time_limit: float | None = 60.0) -> Count:
    """Answers up to ``limit`` (``Count.solutions`` holds them); a time-out is ``capped``.

    >>> count_solutions(Puzzle.make([[0, 1], [0, 1]]), limit=10).count
    2
    """
    m, x, refuters = model(puzzle)

    def refute(value):
        out = []
        for f in refuters:
            out.extend(f(value))
        return out

    def decode(value):
        return Answer.from_mask(puzzle.h, puzzle.w, np.array([bool(value(v)) for v in x]))
    return sat.count(m, x, limit, time_limit, decode, refute=refute)
