"""How a Sashigane board is drawn: circles (with their numbers), arrows, and
the pieces as thick walls over tinted cells."""
from __future__ import annotations

import numpy as np

from ..viz import board as vb

__all__ = ["draw", "draw_state", "LEGEND"]

_TINTS = ("#f4c7a1", "#f7e1a0", "#b9d9f0", "#c5e3bf", "#e2c4ea", "#f3bcc4", "#d9d9d9")
_DIRS = ("up", "down", "left", "right")

#: What the stepper's symbols mean (kind, colour, text; see viz.stepper).
LEGEND = [("ring", vb.INK, "a circle: the corner of an L (its number: the L's size)"),
          ("arrow", vb.INK, "an arrow: the end of an arm, pointing to the corner"),
          ("tint", _TINTS[2], "a cell whose L is known, tinted by its L"),
          ("wall", vb.INK, "a wall between two Ls")]


def _clues(ax, puzzle):
    w = puzzle.w
    vb.circles(ax, puzzle.circle_cells, w)
    for x in puzzle.circle_cells:
        if puzzle.circle[x] > 0:
            vb.cell_text(ax, *divmod(int(x), w), int(puzzle.circle[x]), size=9)
    for x in np.flatnonzero(puzzle.arrow >= 0):
        vb.arrow(ax, *divmod(int(x), w), _DIRS[int(puzzle.arrow[x])])
    return ax


def _pieces(ax, puzzle, labels):
    h, w = puzzle.h, puzzle.w
    for k in sorted(set(labels.tolist()) - {-1}):
        vb.shade_cells(ax, np.flatnonzero(labels == k), color=_TINTS[k % len(_TINTS)], w=w)
    vb.region_borders(ax, labels.reshape(h, w))
    return ax


def draw(puzzle, answer=None, ax=None):
    """The board and, if given, the answer's pieces.

    >>> from puzzlekit.sashigane.model import Puzzle, Answer
    >>> p = Puzzle.from_json({"size": [2, 3], "circles": [[1, 0, None], [0, 2, 3]],
    ...                       "arrows": [[0, 0, "v"], [1, 2, "^"]]})
    >>> vb.close(draw(p, Answer.make([[(0, 0), (1, 0), (1, 1)], [(0, 1), (0, 2), (1, 2)]])))
    """
    ax = vb.new_board(puzzle.h, puzzle.w, ax=ax)
    if answer is not None:
        _pieces(ax, puzzle, answer.labels(puzzle.h, puzzle.w))
    return _clues(ax, puzzle)


def draw_state(puzzle, state, ax=None, new=None, colour=None):
    """A partial state: cells whose owner is settled tinted by piece, walls
    where owners differ; cells of variables (circles, or bend cells under
    puzz.link's rules) that just lost candidates highlighted."""
    from .ladder import kernel_arrays, owners, variable_cells
    ax = vb.new_board(puzzle.h, puzzle.w, ax=ax)
    own = owners(state)
    if new is not None and colour is not None:
        cv = kernel_arrays(puzzle)[3]
        vcells = variable_cells(puzzle)
        hit = {int(vcells[cv[k]]) for k in np.flatnonzero(np.asarray(new))}
        vb.highlight(ax, sorted(hit), w=puzzle.w, color=colour)
    _pieces(ax, puzzle, own)
    return _clues(ax, puzzle)
