"""How a Magnets board is drawn: dominoes, margins (+ top/left, - bottom/right), poles;
empty cells dark, given poles bold in a ring."""
from __future__ import annotations

import numpy as np

from ..viz import board as vb

__all__ = ["draw", "draw_state", "LEGEND"]

_SYM = {0: ("+", "#c0392b"), 1: ("\u2212", "#1f4e99")}
_HOLE = "#8c8c8c"
_EMPTY = "#e4e4e4"
_MARKS = {1: "+", 2: "\u2212", 3: "\u00b7"}

#: What the stepper's symbols mean (kind, colour, text; see viz.stepper).
LEGEND = [("box", vb.INK, "a magnet (domino)"),
          ("text:+", _SYM[0][1], "a + pole"), ("text:\u2212", _SYM[1][1], "a \u2212 pole"),
          ("tint", _EMPTY, "a blank (neutral) cell"),
          ("text:+ \u2212 \u00b7", "#555555", "what an open cell may still be (\u00b7 blank)"),
          ("struck:+", None, "a value this step removed"),
          ("text:2", _SYM[0][1], "margin: + poles in the row or column (top, left)"),
          ("text:1", _SYM[1][1], "margin: \u2212 poles (bottom, right)")]


def _pole(ax, puzzle, r, c, v):
    """A pole in a cell: bold and ringed when the puzzle prints it."""
    given = puzzle.given[r * puzzle.w + c] >= 0
    if given:
        vb.circles(ax, [(r, c)], color=_SYM[v][1], radius=0.3, lw=1.4)
    vb.cell_text(ax, r, c, _SYM[v][0], color=_SYM[v][1], size=13,
                 weight="bold" if given else "normal")


def _frame(puzzle, ax):
    h, w = puzzle.h, puzzle.w
    ax = vb.new_board(h, w, ax=ax, margin=1.0)
    vb.dominoes(ax, puzzle.dominoes, w)
    vb.shade_cells(ax, np.flatnonzero(puzzle.holes), color=_HOLE, w=w)
    for i in np.flatnonzero(puzzle.given >= 0):
        _pole(ax, puzzle, *divmod(int(i), w), int(puzzle.given[i]))
    vb.margin_text(ax, -1, -1, "+", color=_SYM[0][1])
    vb.margin_text(ax, h, w, "\u2212", color=_SYM[1][1])
    for r in range(h):
        for c, val, col in ((-1, puzzle.plus_rows[r], _SYM[0][1]),
                            (w, puzzle.minus_rows[r], _SYM[1][1])):
            if val >= 0:
                vb.margin_text(ax, r, c, int(val), color=col)
    for c in range(w):
        for r, val, col in ((-1, puzzle.plus_cols[c], _SYM[0][1]),
                            (h, puzzle.minus_cols[c], _SYM[1][1])):
            if val >= 0:
                vb.margin_text(ax, r, c, int(val), color=col)
    return ax


def draw(puzzle, answer=None, ax=None):
    """The board with its margins and, if given, the answer.

    >>> from puzzlekit.magnets.model import Puzzle
    >>> ax = draw(Puzzle.from_json({"h": 1, "w": 2, "dominoes": ["LR"], "plus_rows": [1]}))
    >>> vb.close(ax)
    >>> vb.close(draw(Puzzle.from_json({"h": 1, "w": 3, "dominoes": ["LR."], "given": ["+.."]})))
    """
    ax = _frame(puzzle, ax)
    if answer is not None:
        g = answer.grid
        vb.shade_cells(ax, (g == 2) & ~puzzle.holes.reshape(g.shape), color="#e4e4e4")
        for (r, c), v in np.ndenumerate(g):
            if v < 2 and puzzle.given[r * puzzle.w + c] < 0:
                vb.cell_text(ax, r, c, _SYM[v][0], color=_SYM[v][1], size=13)
    return ax


def draw_state(puzzle, state, ax=None, new=None, colour=None):
    """A partial state: decided cells drawn as poles or grey, open cells show
    their live values (+, -, blank as a dot); the values the last step
    removed are crossed out and their cells outlined in the rung's colour."""
    ax = _frame(puzzle, ax)
    cells = state.bits.reshape(-1, 3)
    gone = np.zeros_like(cells) if new is None else np.asarray(new).reshape(-1, 3)
    w = puzzle.w
    for i, live in enumerate(cells):
        r, c = divmod(i, w)
        k, struck = np.flatnonzero(live), np.flatnonzero(gone[i])
        if puzzle.partner[i] < 0 or puzzle.given[i] >= 0:
            continue                 # printed: drawn by the frame
        if len(k) == 1 and not len(struck):
            if k[0] == 2:
                vb.shade_cells(ax, [(r, c)], color=_EMPTY)
            else:
                vb.cell_text(ax, r, c, _SYM[k[0]][0], color=_SYM[k[0]][1], size=13)
        elif len(k) or len(struck):
            vb.candidates(ax, r, c, (k + 1).tolist(), n=3, struck=(struck + 1).tolist(),
                          strike=colour, labels=_MARKS)
    if new is not None and colour is not None:
        hit = np.flatnonzero(gone.any(axis=1))
        vb.highlight(ax, hit, w=w, color=colour)
    return ax
