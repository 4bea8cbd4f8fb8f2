"""Choco Banana as a CP-SAT model: the rules as constraints, a third engine.

One boolean per cell (shaded).  "Every shaded group is a rectangle" is the
local form: no 2x2 window holds exactly three shaded cells.  A number v at a
cell c is its group, stated exactly: a membership boolean per cell within
distance v - 1 of c, members take c's colour, a member's same-coloured
neighbour is a member (closure), every member but c leans on a member
neighbour nearer to c by an integer depth (no self-supporting loops), and
there are v members.  "A banana is no rectangle" is one clause per rectangle
on boards up to :data:`STATIC_CELLS` cells (some cell of it shaded or some
rim cell unshaded).  Whatever is left -- bananas on bigger boards -- is added
lazily: each grid the solver offers is read, and every offending group G
yields the cut "G is not exactly a group", which no legal grid violates;
then the solver runs again.  Nothing of the ladder or the raw engines is used.
"""
from __future__ import annotations

import numpy as np

from ..core import sat
from ..core.search import Count
from .model import Answer, Puzzle, groups, is_rectangle

__all__ = ["model", "count_solutions"]


STATIC_CELLS = 144


def _rim(top, left, a, b, h, w):
    return [(top + i) * w + left + j for i in range(-1, a + 1) for j in range(-1, b + 1)
            if (i in (-1, a)) != (j in (-1, b)) and 0 <= top + i < h and 0 <= left + j < w]


def model(puzzle: Puzzle):
    """The CP-SAT model and its cell booleans (True = shaded)."""
    h, w, n = puzzle.h, puzzle.w, puzzle.n
    m = sat.new_model()
    sh = [m.NewBoolVar(f"s{c}") for c in range(n)]
    nb = puzzle.grid.nbrs
    if puzzle.rect_rule:
        for r in range(h - 1):
            for c in range(w - 1):
                win = [r * w + c, r * w + c + 1, (r + 1) * w + c, (r + 1) * w + c + 1]
                for off in win:
                    m.AddBoolOr([sh[x].Not() for x in win if x != off] + [sh[off]])
    if puzzle.banana_rule and n <= STATIC_CELLS:
        for a in range(1, h + 1):
            for b in range(1, w + 1):
                for top in range(h - a + 1):
                    for left in range(w - b + 1):
                        inside = [(top + i) * w + left + j for i in range(a) for j in range(b)]
                        m.AddBoolOr([sh[x] for x in inside]
                                    + [sh[x].Not() for x in _rim(top, left, a, b, h, w)])
    for cell, v in puzzle.clues.items():
        if v < 1:
            continue
        r0, c0 = divmod(cell, w)
        scope = [x for x in range(n) if abs(x // w - r0) + abs(x % w - c0) <= v - 1]
        g = {x: m.NewBoolVar(f"g{cell}_{x}") for x in scope}
        dep = {x: m.NewIntVar(0, v - 1, f"d{cell}_{x}") for x in scope}
        m.Add(g[cell] == 1)
        m.Add(dep[cell] == 0)
        m.Add(sum(g.values()) == v)
        for x in scope:
            other = puzzle.clues.get(x, -1)
            if other > 0 and other != v:
                m.Add(g[x] == 0)
            m.Add(sh[x] == sh[cell]).OnlyEnforceIf(g[x])
            lean = []
            for y in nb[x]:
                y = int(y)
                if y < 0:
                    continue
                if y not in g:
                    m.Add(sh[x] != sh[y]).OnlyEnforceIf(g[x])
                    continue
                m.Add(sh[x] != sh[y]).OnlyEnforceIf([g[x], g[y].Not()])
                if x != cell:
                    e = m.NewBoolVar(f"e{cell}_{x}_{y}")
                    m.AddImplication(e, g[y])
                    m.Add(dep[y] + 1 <= dep[x]).OnlyEnforceIf(e)
                    lean.append(e)
            if x != cell:
                m.AddBoolOr(lean + [g[x].Not()])
    return m, sh


def _cuts(puzzle, shaded):
    """The offending groups of a grid, each as ``(cells, rim)``."""
    h, w = puzzle.h, puzzle.w
    nb = puzzle.grid.nbrs
    out = []
    for g in groups(h, w, shaded):
        colour = bool(shaded[g[0]])
        rect = is_rectangle(g, w)
        bad = ((colour and puzzle.rect_rule and not rect)
               or (not colour and puzzle.banana_rule and rect)
               or any(puzzle.clues.get(c, -1) > 0 and puzzle.clues[c] != len(g) for c in g))
        if bad:
            gs = set(g)
            rim = sorted({int(u) for c in g for u in nb[c] if u >= 0 and int(u) not in gs})
            out.append((g, rim, colour))
    return out


def count_solutions(puzzle: Puzzle, limit: int = 2, time_limit: float | None = 60.0) -> Count:
    """Answers up to ``limit`` (``Count.solutions`` holds them); a time-out is ``capped``.

    >>> count_solutions(Puzzle.make(2, 2), limit=10).count
    5
    """
    m, sh = model(puzzle)

    def refute(value):
        shaded = np.array([bool(value(x)) for x in sh])
        out = []
        for g, rim, colour in _cuts(puzzle, shaded):
            out.append([sh[c].Not() if colour else sh[c] for c in g]
                       + [sh[c] if colour else sh[c].Not() for c in rim])
        return out

    def decode(value):
        return Answer.from_mask(puzzle.h, puzzle.w, np.array([bool(value(x)) for x in sh]))
    return sat.count(m, sh, limit, time_limit, decode, refute=refute)
