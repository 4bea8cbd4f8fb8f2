"""How a Choco Banana board is drawn: chocolate cells dark brown, bananas
left pale, numbers in their cells (white on chocolate); for a partial state
undecided cells plain and known bananas dotted."""
from __future__ import annotations

from ..viz import board as vb

__all__ = ["draw", "draw_state", "LEGEND"]

CHOCO = "#5a3825"
BANANA = "#c9a400"

#: What the stepper's symbols mean (kind, colour, text; see viz.stepper).
LEGEND = [("bold:4", vb.INK, "a number: the size of its cell's area"),
          ("tint", CHOCO, "a chocolate cell (shaded)"),
          ("dot", BANANA, "a banana cell (unshaded)"),
          ("tint", "#ffffff", "an undecided cell")]


def _numbers(ax, puzzle, shaded):
    for c, v in puzzle.clues.items():
        r, col = divmod(c, puzzle.w)
        vb.cell_text(ax, r, col, "?" if v < 0 else str(v),
                     color="white" if shaded[c] else vb.INK, size=11, weight="bold")


def draw(puzzle, answer=None, ax=None):
    """Draw a board, and its answer when given.

    >>> from puzzlekit.choco_banana.model import Puzzle
    >>> ax = draw(Puzzle.make(2, 2, {0: 1})); vb.close(ax)
    """
    return vb.shaded_answer(puzzle, answer, CHOCO, _numbers, ax)


def draw_state(puzzle, state, ax, new=None, colour=None):
    """Draw a partial state; cells touched by the last step (``new`` over
    ``state.bits``) highlighted."""
    return vb.shaded_partial(puzzle, state.bits, ax, new, colour, CHOCO, BANANA, _numbers)
