"""How a Yajisan-Kazusan board is drawn: each clue's number with a small arrow
beside it, shaded cells dark (a clue on a shaded cell, exempt, in grey), and
for a partial state undecided cells plain and known-unshaded cells dotted."""
from __future__ import annotations

from ..viz import board as vb

__all__ = ["draw", "draw_state", "LEGEND"]

DARK = "#3b3b3b"
_DIR = {1: (0, -1), 2: (0, 1), 3: (-1, 0), 4: (1, 0)}

#: What the stepper's symbols mean (kind, colour, text; see viz.stepper).
LEGEND = [("bold:2", vb.INK, "a clue: shaded cells in its arrow's direction"),
          ("bold:2", "#9a9a9a", "a clue on a shaded cell (it need not be true)"),
          ("tint", DARK, "a shaded cell"), ("dot", "#999999", "an unshaded cell"),
          ("tint", "#ffffff", "an undecided cell")]


def _clues(ax, puzzle, shaded):
    w = puzzle.w
    for c, (d, v) in puzzle.clues.items():
        r, col = divmod(c, w)
        ink = "#9a9a9a" if shaded[c] else vb.INK
        text = "?" if v < 0 else str(v)
        if d == 0:
            vb.cell_text(ax, r, col, text, color=ink, size=11, weight="bold")
            continue
        dx, dy = _DIR[d]
        # horizontal arrows sit under the number, vertical ones to its right
        tx, ty = (col + 0.5, r + 0.4) if dx else (col + 0.38, r + 0.54)
        bx, by = (col + 0.5, r + 0.78) if dx else (col + 0.78, r + 0.5)
        ax.text(tx, ty, text, ha="center", va="center", color=ink, fontsize=10,
                fontweight="bold", zorder=6)
        ax.annotate("", xy=(bx + 0.16 * dx, by + 0.16 * dy),
                    xytext=(bx - 0.16 * dx, by - 0.16 * dy),
                    arrowprops=dict(arrowstyle="-|>", color=ink, lw=1.1), zorder=6)


def draw(puzzle, answer=None, ax=None):
    """Draw a board, and its answer when given.

    >>> from puzzlekit.yajisan_kazusan.model import Puzzle
    >>> ax = draw(Puzzle.make(2, 2, {0: ("R", 1)})); vb.close(ax)
    """
    return vb.shaded_answer(puzzle, answer, DARK, _clues, ax)


def draw_state(puzzle, state, ax, new=None, colour=None):
    """Draw a partial state; cells touched by the last step (``new`` over
    ``state.bits``) highlighted."""
    return vb.shaded_partial(puzzle, state.bits, ax, new, colour, DARK, "#999999", _clues)
