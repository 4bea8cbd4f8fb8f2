"""How a Numberlink board is drawn: numbers in cells, ON segments as lines in
their pair's colour; in a partial state OFF segments are small crosses."""
from __future__ import annotations

import numpy as np

from ..viz import board as vb

__all__ = ["draw", "draw_state", "PALETTE", "LEGEND"]

#: Path colours, none of them a rung's colour (the stepper outlines a step's
#: changes in its rung's colour, so the two must not be confused).
PALETTE = ("#e377c2", "#17becf", "#bcbd22", "#8c564b", "#9467bd", "#393b79", "#637939",
           "#843c39", "#7b4173", "#6b6ecf")
NOT = "#999999"

#: What the stepper's symbols mean (kind, colour, text; see viz.stepper).
LEGEND = [("text:3", vb.INK, "a number: its two cells are joined by one path"),
          ("line", PALETTE[0], "a segment on a path (coloured by its pair)"),
          ("line", "#555555", "a segment whose path reaches no number yet"),
          ("cross", NOT, "a segment known unused")]


def _frame(puzzle, ax):
    ax = vb.new_board(puzzle.h, puzzle.w, ax=ax)
    vb.numbers(ax, puzzle.numbers, blank=0, size=11)
    return ax


def _colours(puzzle, on):
    """A colour per segment: its path's pair colour (grey when no number)."""
    from .model import paths_of
    col = {}
    paths, _ = paths_of(puzzle.h, puzzle.w, on)
    for p in paths:
        lab = int(puzzle.label[p[0]]) or int(puzzle.label[p[-1]])
        c = PALETTE[(lab - 1) % len(PALETTE)] if lab else "#555555"
        for a, b in zip(p, p[1:]):
            col[(min(a, b), max(a, b))] = c
    return col


def _lines(ax, puzzle, on, lw=4.0, alpha=0.8):
    col = _colours(puzzle, on)
    for e in np.flatnonzero(on):
        a, b = (int(x) for x in puzzle.grid.edges[e])
        vb.segments(ax, [(a, b)], puzzle.w, color=col.get((a, b), "#555555"), lw=lw, zorder=2,
                    alpha=alpha)


def draw(puzzle, answer=None, ax=None):
    """The board and, if given, the answer's paths.

    >>> from puzzlekit.numberlink.model import Puzzle, Answer
    >>> vb.close(draw(Puzzle(1, 3, [[1, 0, 1]]), Answer(1, 3, [True, True])))
    """
    ax = _frame(puzzle, ax)
    if answer is not None:
        _lines(ax, puzzle, answer.on)
    return ax


def draw_state(puzzle, state, ax=None, new=None, colour=None):
    """A partial state: ON segments drawn, OFF ones crossed, undecided left
    blank; segments that just changed are traced in the rung's colour."""
    ax = _frame(puzzle, ax)
    seg = state.bits.reshape(-1, 2)
    on = seg[:, 1] & ~seg[:, 0]
    off = seg[:, 0] & ~seg[:, 1]
    _lines(ax, puzzle, on)
    w = puzzle.w
    vb.edge_crosses(ax, [tuple(int(x) for x in puzzle.grid.edges[e]) for e in np.flatnonzero(off)],
                    w, color=NOT)
    if new is not None and colour is not None:
        hit = np.flatnonzero(np.asarray(new).reshape(-1, 2).any(axis=1))
        pairs = [tuple(int(x) for x in puzzle.grid.edges[e]) for e in hit]
        vb.segments(ax, pairs, w, color=colour, lw=7, zorder=1, alpha=0.35)
    return ax
