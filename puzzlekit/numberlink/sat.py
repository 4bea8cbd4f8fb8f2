"""Numberlink as a CP-SAT model: the third engine and the yardstick for speed.

One Boolean per segment and one integer label per cell (the pair whose path
uses it).  Degrees as in the ladder: a numbered cell has one ON segment, an
empty cell two (0 or 2 with ``fill`` off); an ON segment joins cells of equal
label, and the numbered cells carry their own pair, so a path can only join
the two ends of one pair.  What is left, a loop of empty cells, is ruled out
lazily: every loop in an offered answer becomes a clause forbidding it
(:func:`core.sat.count`'s ``refute``).  On a board with no numbers every
segment is OFF (a path joins a pair, and there is none) and some segment is
ON (an answer draws a line): no answer.
"""
from __future__ import annotations

from ..core import sat as cs
from ..core.search import Count
from .model import Answer, paths_of

__all__ = ["model", "count_solutions"]


def model(puzzle):
    """``(model, segment literals)`` for a board.

    >>> from puzzlekit.numberlink.model import Puzzle
    >>> m, seg = model(Puzzle(1, 3, [[1, 0, 1]])); len(seg)
    2
    """
    m = cs.new_model()
    g = puzzle.grid
    edges = [tuple(int(x) for x in e) for e in g.edges]
    seg = [m.NewBoolVar(f"s{e}") for e in range(len(edges))]
    k = max(puzzle.k, 1)
    lab = []
    for i in range(g.n):
        v = int(puzzle.label[i])
        lab.append(m.NewConstant(v) if v else m.NewIntVar(1, k, f"l{i}"))
    inc = [[] for _ in range(g.n)]
    for e, (a, b) in enumerate(edges):
        inc[a].append(seg[e])
        inc[b].append(seg[e])
        m.Add(lab[a] == lab[b]).OnlyEnforceIf(seg[e])
    for i in range(g.n):
        if puzzle.label[i]:
            m.Add(sum(inc[i]) == 1)
        elif puzzle.fill:
            m.Add(sum(inc[i]) == 2)
        else:
            used = m.NewBoolVar(f"u{i}")
            m.Add(sum(inc[i]) == 2 * used)
    if not puzzle.k:                 # no pair for a path to join, yet an answer draws a line
        for s in seg:
            m.Add(s == 0)
        m.AddBoolOr(seg)
    return m, seg


def _refute(puzzle, seg):
    """Clauses forbidding every loop of an offered answer."""
    lookup = {tuple(int(x) for x in e): j for j, e in enumerate(puzzle.grid.edges)}

    def refute(value):
        on = [bool(value(x)) for x in seg]
        _, cycles = paths_of(puzzle.h, puzzle.w, on)
        cuts = []
        for cyc in cycles:
            cells = set(cyc)
            es = [j for (a, b), j in lookup.items() if a in cells and b in cells and on[j]]
            cuts.append([seg[j].Not() for j in es])
        return cuts
    return refute


def count_solutions(puzzle, limit=2, time_limit=60.0) -> Count:
    """Answers up to ``limit`` by solve, forbid, solve again.

    >>> from puzzlekit.numberlink.model import Puzzle
    >>> count_solutions(Puzzle(2, 2, [[1, 0], [1, 0]]), 5).count
    1
    """
    m, seg = model(puzzle)

    def decode(value):
        return Answer(puzzle.h, puzzle.w, [bool(value(x)) for x in seg])
    return cs.count(m, seg, limit, time_limit, decode=decode, refute=_refute(puzzle, seg))
