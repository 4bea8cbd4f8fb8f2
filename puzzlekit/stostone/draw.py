"""How a Stostone board is drawn: thick region borders, stones dark grey, a
number at its region's first cell (white on a stone), a dashed line across
the middle of the board where the bottom half starts; for a partial state
undecided cells plain and known blanks dotted."""
from __future__ import annotations

from ..viz import board as vb

__all__ = ["draw", "draw_state", "LEGEND"]

STONE = "#4d4d4d"
BLANK = "#c9a400"

#: What the stepper's symbols mean (kind, colour, text; see viz.stepper).
LEGEND = [("bold:3", vb.INK, "a region's number: its stone cells"),
          ("wall", vb.INK, "a region border"), ("tint", STONE, "a stone cell"),
          ("dot", BLANK, "a blank cell"), ("tint", "#ffffff", "an undecided cell"),
          ("dash", "#b0413e", "the middle: the stones fall into the bottom half")]


def _frame(ax, puzzle):
    h, w = puzzle.h, puzzle.w
    vb.region_borders(ax, puzzle.regions.reshape(h, w))
    ax.plot([0, w], [h / 2, h / 2], ls="--", lw=1.0, color="#b0413e", zorder=4)


def _marks(ax, puzzle, shaded):
    """The frame, then each number (white on a stone)."""
    _frame(ax, puzzle)
    for g, v in puzzle.numbers.items():
        c = int(puzzle.first_cell[g])
        vb.cell_text(ax, c // puzzle.w, c % puzzle.w, "?" if v < 0 else str(v),
                     color="white" if shaded[c] else vb.INK, size=11, weight="bold")


def draw(puzzle, answer=None, ax=None):
    """Draw a board, and its answer when given.

    >>> from puzzlekit.stostone.model import Puzzle
    >>> ax = draw(Puzzle.make([[0, 1], [0, 1]], {0: 1})); vb.close(ax)
    """
    return vb.shaded_answer(puzzle, answer, STONE, _marks, ax)


def draw_state(puzzle, state, ax, new=None, colour=None):
    """Draw a partial state; cells touched by the last step (``new`` over
    ``state.bits``) highlighted."""
    skip = {int(puzzle.first_cell[g]) for g in puzzle.numbers}
    return vb.shaded_partial(puzzle, state.bits, ax, new, colour, STONE, BLANK, _marks, skip)
