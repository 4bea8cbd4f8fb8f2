"""How a Creek board is drawn: numbers in discs on the grid's corners, shaded
cells dark, creek cells plain."""
from __future__ import annotations

import numpy as np

from ..viz import board as vb

__all__ = ["draw", "draw_state", "LEGEND"]

_SHADE = "#4d4d4d"
_OPEN = "#f2f2f2"

#: What the stepper's symbols mean (kind, colour, text; see viz.stepper).
LEGEND = [("ring", vb.INK, "a number on a corner: shaded cells among its four"),
          ("tint", _SHADE, "a shaded cell"), ("tint", _OPEN, "an undecided cell"),
          ("tint", "#ffffff", "a creek cell (unshaded)")]


def _numbers(ax, puzzle):
    for (i, j), v in np.ndenumerate(puzzle.clues):
        if v >= 0:
            vb.corner_text(ax, i, j, int(v), size=8)
    return ax


def draw(puzzle, answer=None, ax=None):
    """The board with its corner numbers and, if given, the answer's shading.

    >>> from puzzlekit.creek.model import Puzzle, Answer
    >>> p = Puzzle.from_json({"h": 1, "w": 2, "clues": [[1, None, None], [None, None, None]]})
    >>> vb.close(draw(p, Answer.from_json({"grid": ["#."]})))
    """
    ax = vb.new_board(puzzle.h, puzzle.w, ax=ax, margin=0.4)
    if answer is not None:
        vb.shade_cells(ax, np.asarray(answer.grid) == 1, color=_SHADE)
    return _numbers(ax, puzzle)


def draw_state(puzzle, state, ax=None, new=None, colour=None):
    """A partial state: shaded cells dark, open cells light grey, creek cells
    white; cells that just lost a value are ringed in the rung's colour."""
    ax = vb.new_board(puzzle.h, puzzle.w, ax=ax, margin=0.4)
    cells = state.bits.reshape(-1, 2)
    w = puzzle.w
    vb.shade_cells(ax, np.flatnonzero(~cells[:, 0] & cells[:, 1]), color=_SHADE, w=w)
    vb.shade_cells(ax, np.flatnonzero(cells[:, 0] & cells[:, 1]), color=_OPEN, w=w)
    if new is not None and colour is not None:
        hit = np.flatnonzero(np.asarray(new).reshape(-1, 2).any(axis=1))
        vb.highlight(ax, hit, w=w, color=colour)
    return _numbers(ax, puzzle)
