"""How a Kojun board is drawn: thick region borders, givens in bold, the
answer's digits in a lighter ink, open cells as pencil marks."""
from __future__ import annotations

import numpy as np

from ..viz import board as vb

__all__ = ["draw", "draw_state", "LEGEND"]

FILL = "#8a6d1f"

#: What the stepper's symbols mean (kind, colour, text; see viz.stepper).
LEGEND = [("bold:3", vb.INK, "a given digit"),
          ("text:3", FILL, "a digit the ladder placed"),
          ("text:1 2", "#555555", "candidates of an open cell"),
          ("struck:2", None, "a candidate this step removed"),
          ("wall", vb.INK, "a region border")]


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
    """Draw a partial state: decided digits written, open cells as
    candidates; the candidates the last step removed (``new`` over
    ``state.bits``) crossed out and their cells outlined in the rung's
    colour."""
    h, w = puzzle.h, puzzle.w
    ax = vb.new_board(h, w, ax)
    vb.region_borders(ax, puzzle.regions.reshape(h, w))
    off = state.offsets
    gone = np.zeros_like(state.bits) if new is None else np.asarray(new)
    touched = [c for c in range(puzzle.n) if gone[off[c]:off[c + 1]].any()]
    if touched:
        vb.highlight(ax, touched, w, color=colour or "#ffcc00")
    for c in range(puzzle.n):
        if c in puzzle.givens:
            continue
        live = np.flatnonzero(state.bits[off[c]:off[c + 1]]) + 1
        struck = np.flatnonzero(gone[off[c]:off[c + 1]]) + 1
        if len(live) == 1 and not len(struck):
            vb.cell_text(ax, c // w, c % w, int(live[0]), color=FILL)
        elif len(live) or len(struck):
            vb.candidates(ax, c // w, c % w, live.tolist(), n=int(off[c + 1] - off[c]),
                          struck=struck.tolist(), strike=colour)
    _givens(ax, puzzle)
    return ax
