"""How a Numbrix board is drawn: printed numbers bold, the answer's walk as a
faint line, candidate states as pencil marks."""
from __future__ import annotations

import numpy as np

from ..viz import board as vb

__all__ = ["draw", "draw_state", "LEGEND"]

PLACED, COUNT, EMPTY = "#1f4e79", "#666666", "#f4b6b6"

#: What the stepper's symbols mean (kind, colour, text; see viz.stepper).
LEGEND = [("bold:7", vb.INK, "a printed number"),
          ("text:7", PLACED, "a number the ladder placed"),
          ("text:5 6", "#555555", "candidates of an open cell"),
          ("text:9?", COUNT, "an open cell with 9 candidates"),
          ("struck:6", None, "a candidate this step removed"),
          ("tint", EMPTY, "no candidate left (contradiction)")]


def draw(puzzle, answer=None, ax=None, walk: bool = True):
    """Draw ``puzzle`` (and ``answer`` if given) on a new or given axes.

    >>> from puzzlekit.numbrix.model import Puzzle
    >>> ax = draw(Puzzle(np.array([[1, 0], [0, 0]]))); vb.close(ax)
    """
    h, w = puzzle.h, puzzle.w
    ax = vb.new_board(h, w, ax=ax)
    size = 11 if max(h, w) <= 8 else 9
    if answer is not None:
        if walk:
            vb.path(ax, answer.path(), w, color="#9ecae1", lw=4.0, zorder=2)
        vb.numbers(ax, answer.grid, color="#666666", size=size, mask=puzzle.clues == 0)
    vb.numbers(ax, puzzle.clues, color=vb.INK, size=size, weight="bold")
    return ax


def draw_state(puzzle, state, ax, new=None, colour=None):
    """A partial state: decided cells show their number, open cells their
    candidates (or how many remain); the candidates the last step removed
    (``new`` over ``state.bits``) are crossed out and their cells outlined
    in the rung's colour."""
    h, w = puzzle.h, puzzle.w
    n = h * w
    ax = vb.new_board(h, w, ax=ax)
    cand = np.asarray(state.bits).reshape(n, n)
    gone = np.zeros_like(cand) if new is None else np.asarray(new).reshape(n, n)
    size = 11 if max(h, w) <= 8 else 9
    for c in range(n):
        r, q = divmod(c, w)
        vals, struck = np.flatnonzero(cand[c]) + 1, np.flatnonzero(gone[c]) + 1
        if len(vals) == 0:
            vb.shade_cells(ax, [c], EMPTY, w=w)
        elif len(vals) + len(struck) <= 4 and (len(vals) > 1 or len(struck)):
            vb.candidates(ax, r, q, vals.tolist(), struck=struck.tolist(), strike=colour, most=4)
        elif len(vals) == 1:
            bold = puzzle.clues[r, q] > 0
            vb.cell_text(ax, r, q, int(vals[0]), size=size,
                         weight="bold" if bold else "normal",
                         color=vb.INK if bold else PLACED)
        else:
            vb.cell_text(ax, r, q, f"{len(vals)}?", size=vb.SMALL, color=COUNT)
    if new is not None and colour is not None:
        hit = gone.any(axis=1)
        if hit.any():
            vb.highlight(ax, np.flatnonzero(hit), w=w, color=colour)
    return ax
