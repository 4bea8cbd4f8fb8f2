"""How a Statue Park board is drawn: statues (shaded cells) slate grey, black
circles filled, white circles hollow, and the bag drawn as small pieces in a
strip under the board; for a partial state undecided cells plain and known
park cells dotted."""
from __future__ import annotations

import numpy as np

from ..viz import board as vb

__all__ = ["draw", "draw_state", "draw_bag"]

STONE = "#556270"
BAG = "#8a9aa8"


def _circles(ax, puzzle, shaded):
    vb.circles(ax, sorted(puzzle.black), puzzle.w, filled=True)
    vb.circles(ax, sorted(puzzle.white), puzzle.w, filled=False)


def draw_bag(ax, puzzle, scale: float = 0.45):
    """The bag as small pieces below the board (the axes grow to hold them)."""
    x, y, row_h = 0.0, puzzle.h + 0.4, 0.0
    patches = vb._patches()
    for shape in puzzle.bag:
        ph = max(r for r, _ in shape) + 1
        pw = max(c for _, c in shape) + 1
        if x > 0 and x + pw * scale > max(puzzle.w, 4):
            x, y, row_h = 0.0, y + row_h + 0.3, 0.0
        for r, c in shape:
            ax.add_patch(patches.Rectangle((x + c * scale, y + r * scale), scale, scale,
                                           fc=BAG, ec="white", lw=0.6))
        x += pw * scale + 0.3
        row_h = max(row_h, ph * scale)
    bottom = y + row_h + 0.1
    ax.set_ylim(max(bottom, puzzle.h + 0.05), -0.05)
    ax.set_xlim(-0.05, max(puzzle.w, x) + 0.05)
    return ax


def draw(puzzle, answer=None, ax=None, bag: bool = True):
    """Draw a board (with its bag underneath), and its answer when given.

    >>> from puzzlekit.statue_park.model import Puzzle
    >>> ax = draw(Puzzle.make(2, 2, ["##"], black=[0])); vb.close(ax)
    """
    rows = 0
    if bag and puzzle.bag:
        rows = 1 + max(max(r for r, _ in s) + 1 for s in puzzle.bag) * 0.5 * 2
    if ax is None:
        _, ax = vb._plt().subplots(figsize=(max(1.5, max(puzzle.w, 4) * 0.5),
                                            max(1.5, (puzzle.h + rows) * 0.5)))
    ax = vb.shaded_answer(puzzle, answer, STONE, _circles, ax)
    if bag and puzzle.bag:
        draw_bag(ax, puzzle)
    return ax


def draw_state(puzzle, state, ax, new=None, colour=None):
    """Draw a partial state (cell bits only); cells touched by the last step
    (``new`` over ``state.bits``) highlighted."""
    k = 2 * puzzle.n
    nw = None if new is None else np.asarray(new)[:k]
    return vb.shaded_partial(puzzle, state.bits[:k], ax, nw, colour, STONE, "#999999", _circles,
                             puzzle.black | puzzle.white)
