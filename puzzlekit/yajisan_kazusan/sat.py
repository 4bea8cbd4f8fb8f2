"""Yajisan-Kazusan as a CP-SAT model: the rules as constraints, a third engine.

One boolean per cell (shaded).  No two neighbours are both shaded; some cell is
unshaded; a clue with an arrow and a number holds whenever its cell is
unshaded (its line's sum equals the number, enforced only if the cell is
unshaded); with ``need_shade`` some cell is shaded.  Connectivity of the
unshaded cells is either :func:`puzzlekit.core.sat.connected` in the model
(``lazy=False``) or, by default, added lazily: each answer the solver offers
is checked, and when its unshaded cells fall apart, every piece but the
largest yields a cut (a cell of the piece and a cell outside it cannot both
be unshaded unless some cell of the piece's shaded rim is unshaded), valid
for every legal answer, and the solver runs again.  Nothing of the ladder or
the raw engines is used.
"""
from __future__ import annotations

import numpy as np

from ..core import sat
from ..core.search import Count
from .model import NONE, Answer, Puzzle, line_cells

__all__ = ["model", "count_solutions"]


def model(puzzle: Puzzle, connected: bool = True):
    """The CP-SAT model and its cell booleans (True = shaded); connectivity
    in the model only when ``connected``."""
    h, w, n = puzzle.h, puzzle.w, puzzle.n
    m = sat.new_model()
    sh = [m.NewBoolVar(f"s{c}") for c in range(n)]
    for a, b in puzzle.grid.edges:
        m.AddBoolOr([sh[int(a)].Not(), sh[int(b)].Not()])
    m.AddBoolOr([x.Not() for x in sh])
    if connected:
        adj = [[int(u) for u in puzzle.grid.nbrs[c] if u >= 0] for c in range(n)]
        sat.connected(m, [x.Not() for x in sh], adj, nonempty=True)
    for c, (d, v) in puzzle.clues.items():
        if d == NONE or v < 0:
            continue
        ln = line_cells(h, w, c, d)
        m.Add(sum(sh[x] for x in ln) == int(v)).OnlyEnforceIf(sh[c].Not())
    if puzzle.need_shade:
        m.AddBoolOr(sh)
    return m, sh


def count_solutions(puzzle: Puzzle, limit: int = 2, time_limit: float | None = 60.0,
                    lazy: bool = True) -> Count:
    """Answers up to ``limit`` (``Count.solutions`` holds them); a time-out is ``capped``.

    >>> count_solutions(Puzzle.make(2, 2), limit=10).count
    5
    >>> count_solutions(Puzzle.make(2, 2), limit=10, lazy=False).count
    5
    """
    m, sh = model(puzzle, connected=not lazy)

    def decode(value):
        return Answer.from_mask(puzzle.h, puzzle.w, np.array([bool(value(x)) for x in sh]))
    refute = sat.lazy_connected([x.Not() for x in sh], puzzle.grid.nbrs) if lazy else None
    return sat.count(m, sh, limit, time_limit, decode, refute=refute)
