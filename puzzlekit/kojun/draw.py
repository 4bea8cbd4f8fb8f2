"""How a Kojun board is drawn: thick region borders, givens in bold, the
answer's digits in a lighter ink, open cells as pencil marks."""
from __future__ import annotations

import numpy as np

from ..viz import board as vb

__all__ = ["draw", "draw_state"]

FILL = "#8a6d1f"


def _givens(ax, puzzle):
    w = puzzle.w
    for c, v in puzzle.givens.items():
        vb.cell_text(ax, c // w, c % w, v, weight="bold", size=12)


def draw(puzzle, answer=None, ax=None):
    """Draw a board, and its answer when given.

    >>> from puzzlekit.kojun.model import Puzzle
    >>> ax = draw(Puzzle.make([[0, 0], [1, 1]], {0: 2})); vb.close(ax)
    """
    h, w = puzzle.h, puzzle.w
    ax = vb.new_board(h, w, ax)
    vb.region_borders(ax, puzzle.regions.reshape(h, w))
    if answer is not None:
        for c in range(puzzle.n):
            if c not in puzzle.givens:
                vb.cell_text(ax, c // w, c % w, int(answer.values[c]), color=FILL)
    _givens(ax, puzzle)
    return ax


def draw_state(puzzle, state, ax, new=None, colour=None):
    """Draw a partial state: decided digits written, open cells as pencil
    marks; cells touched by the last step (``new`` over ``state.bits``)
    highlighted."""
    h, w = puzzle.h, puzzle.w
    ax = vb.new_board(h, w, ax)
    vb.region_borders(ax, puzzle.regions.reshape(h, w))
    off = state.offsets
    if new is not None:
        touched = [c for c in range(puzzle.n) if np.asarray(new)[off[c]:off[c + 1]].any()]
        vb.highlight(ax, touched, w, color=colour or "#ffcc00")
    for c in range(puzzle.n):
        live = np.flatnonzero(state.bits[off[c]:off[c + 1]]) + 1
        if c in puzzle.givens:
            continue
        if len(live) == 1:
            vb.cell_text(ax, c // w, c % w, int(live[0]), color=FILL)
        elif len(live) > 1:               # one small label per cell keeps frames cheap
            txt = "".join(map(str, live.tolist())) if live.max() < 10 else \
                ",".join(map(str, live.tolist()))
            half = (len(txt) + 1) // 2 if len(txt) > 4 else len(txt)
            txt = txt[:half] + ("\n" + txt[half:] if txt[half:] else "")
            ax.text(c % w + 0.5, c // w + 0.52, txt, ha="center", va="center", fontsize=6,
                    color="#555555", zorder=5, linespacing=0.9)
    _givens(ax, puzzle)
    return ax
