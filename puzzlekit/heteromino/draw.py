"""How a Heteromino board is drawn: black cells, and pieces tinted by shape
with thick lines between pieces."""
from __future__ import annotations

import numpy as np

from ..viz import board as vb

__all__ = ["draw", "draw_state", "SHAPE_COLOURS", "LEGEND"]

SHAPE_COLOURS = ("#f4c7a1", "#f7e1a0", "#b9d9f0", "#c5e3bf", "#e2c4ea", "#f3bcc4")
_BLACK = "#222222"
_COUNT = "#666666"

#: What the stepper's symbols mean (kind, colour, text; see viz.stepper).
LEGEND = [("tint", _BLACK, "a black cell (no piece)"),
          ("tint", SHAPE_COLOURS[2], "a decided piece, tinted by its shape"),
          ("wall", vb.INK, "a wall between two pieces"),
          ("text:5", _COUNT, "an open cell: how many pieces may still cover it")]


def _frame(puzzle, ax):
    ax = vb.new_board(puzzle.h, puzzle.w, ax=ax)
    vb.shade_cells(ax, np.flatnonzero(puzzle.black), color=_BLACK, w=puzzle.w)
    return ax


def _pieces(ax, puzzle, pieces, shapes):
    """Tint every piece by its shape and draw the walls between pieces."""
    h, w = puzzle.h, puzzle.w
    lab = np.where(puzzle.black, -2, -1).astype(np.int64)
    for k, (cells, s) in enumerate(zip(pieces, shapes)):
        for r, c in cells:
            lab[r * w + c] = k
        if s >= 0:
            vb.shade_cells(ax, [tuple(x) for x in cells], color=SHAPE_COLOURS[s])
    lab2 = lab.reshape(h, w)
    for r in range(h):
        for c in range(w):
            a = lab2[r, c]          # a wall wherever a piece meets another cell
            if c + 1 < w and lab2[r, c + 1] != a and max(a, lab2[r, c + 1]) >= 0:
                ax.plot([c + 1, c + 1], [r, r + 1], color=vb.INK, lw=2.4, zorder=3)
            if r + 1 < h and lab2[r + 1, c] != a and max(a, lab2[r + 1, c]) >= 0:
                ax.plot([c, c + 1], [r + 1, r + 1], color=vb.INK, lw=2.4, zorder=3)
    return ax


def draw(puzzle, answer=None, ax=None):
    """The board and, if given, the answer's pieces.

    >>> from puzzlekit.heteromino.model import Puzzle, Answer
    >>> p = Puzzle.from_json({"size": [2, 3], "black": []})
    >>> vb.close(draw(p, Answer.make([[(0, 0), (0, 1), (1, 0)], [(0, 2), (1, 1), (1, 2)]])))
    """
    ax = _frame(puzzle, ax)
    if answer is not None:
        _pieces(ax, puzzle, answer.pieces.tolist(), answer.shapes().tolist())
    return ax


def draw_state(puzzle, state, ax=None, new=None, colour=None):
    """A partial state: decided pieces drawn, open cells show how many
    candidates they have left; cells that just lost one are highlighted."""
    from .ladder import kernel_arrays, owners
    ax = _frame(puzzle, ax)
    pl = kernel_arrays(puzzle)[0]
    counts = state.live_counts()
    own = owners(state)
    white = np.flatnonzero(~puzzle.black)
    w = puzzle.w
    done = sorted({int(own[v]) for v in np.flatnonzero(counts == 1)})
    cells = [[divmod(int(c), w) for c in pl[q, 1:]] for q in done]
    _pieces(ax, puzzle, cells, [int(pl[q, 0]) for q in done])
    for v in np.flatnonzero(counts != 1):
        r, c = divmod(int(white[v]), w)
        vb.cell_text(ax, r, c, int(counts[v]), color=_COUNT, size=vb.SMALL)
    if new is not None and colour is not None:
        hit = state.var_of_bit(np.flatnonzero(np.asarray(new)))
        vb.highlight(ax, white[np.unique(hit)], w=w, color=colour)
    return ax
