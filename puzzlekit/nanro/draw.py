"""How a Nanro board is drawn: thick region borders, clues in bold, marks
as dots, label hints in a region's corner, printed blanks grey with a cross,
numbered cells shaded."""
from __future__ import annotations

import numpy as np

from ..viz import board as vb

__all__ = ["draw", "draw_state", "LEGEND"]

SHADE = "#e8e1c8"
BLANK = "#d6d6d6"
LABEL = "#1f5fa8"

#: What the stepper's symbols mean (kind, colour, text; see viz.stepper).
LEGEND = [("bold:3", vb.INK, "a printed number"),
          ("tint", SHADE, "a numbered cell"),
          ("text:3", "#8a6d1f", "its number, once the region's label is known"),
          ("dot", "#999999", "a blank cell"),
          ("text:2 3", LABEL, "labels a region may still take (in its first cell)"),
          ("struck:2", None, "a label this step removed"),
          ("wall", vb.INK, "a region border")]


def _givens(ax, puzzle):
    w = puzzle.w
    vb.shade_cells(ax, sorted(puzzle.blanks), BLANK, w, zorder=0.6)
    for c in puzzle.blanks:
        vb.cell_text(ax, c // w, c % w, "×", color="#7a7a7a", size=12)
    for c, v in puzzle.clues.items():
        vb.cell_text(ax, c // w, c % w, v, weight="bold", size=12)
    for c in puzzle.marks:
        if c not in puzzle.clues:
            vb.circles(ax, [c], w, filled=True, radius=0.09)
    for reg, v in puzzle.hints.items():
        c = int(np.flatnonzero(puzzle.regions == reg).min())
        ax.text(c % w + 0.08, c // w + 0.25, f"={v}", fontsize=7, color="#1f5fa8", zorder=6)


def draw(puzzle, answer=None, ax=None):
    """Draw a board, and its answer when given.

    >>> from puzzlekit.nanro.model import Puzzle
    >>> ax = draw(Puzzle.make([[0, 0], [1, 1]], clues={0: 2}, blanks={2})); vb.close(ax)
    """
    h, w = puzzle.h, puzzle.w
    ax = vb.new_board(h, w, ax)
    vb.region_borders(ax, puzzle.regions.reshape(h, w))
    if answer is not None:
        num = answer.values > 0
        vb.shade_cells(ax, np.flatnonzero(num), SHADE, w)
        for c in np.flatnonzero(num):
            if c not in puzzle.clues:
                vb.cell_text(ax, c // w, c % w, answer.values[c], color="#8a6d1f")
    _givens(ax, puzzle)
    return ax


def draw_state(puzzle, state, ax, new=None, colour=None):
    """Draw a partial state: numbered cells shaded (with the label once it is
    fixed), blank cells dotted, open region labels as small candidates in
    the region's first cell; the labels the last step removed (``new`` over
    ``state.bits``) crossed out, and the cells it touched outlined."""
    h, w, n = puzzle.h, puzzle.w, puzzle.h * puzzle.w
    ax = vb.new_board(h, w, ax)
    vb.region_borders(ax, puzzle.regions.reshape(h, w))
    cell = state.bits[:2 * n].reshape(n, 2)
    lab = state.bits[2 * n:]
    start = np.concatenate([[0], np.cumsum(puzzle.sizes)])
    if new is not None:
        touched = set(np.flatnonzero(new[:2 * n].reshape(n, 2).any(axis=1)).tolist())
        for reg in np.flatnonzero([new[2 * n + start[r]:2 * n + start[r + 1]].any()
                                   for r in range(puzzle.k)]):
            touched.add(int(np.flatnonzero(puzzle.regions == reg).min()))
        vb.highlight(ax, sorted(touched), w, color=colour or "#ffcc00")
    gone = np.zeros_like(lab) if new is None else np.asarray(new)[2 * n:]
    first = [int(np.flatnonzero(puzzle.regions == r).min()) for r in range(puzzle.k)]
    marked = {first[r] for r in range(puzzle.k)
              if gone[start[r]:start[r + 1]].any() or lab[start[r]:start[r + 1]].sum() > 1}
    for c in range(n):
        r = puzzle.regions[c]
        live = np.flatnonzero(lab[start[r]:start[r + 1]]) + 1
        if cell[c, 1] and not cell[c, 0]:
            vb.shade_cells(ax, [c], SHADE, w)
            if len(live) == 1 and c not in puzzle.clues and c not in marked:
                vb.cell_text(ax, c // w, c % w, live[0], color="#8a6d1f")
        elif cell[c, 0] and not cell[c, 1]:
            vb.circles(ax, [c], w, filled=True, color="#999999", radius=0.06)
    for r in range(puzzle.k):
        live = np.flatnonzero(lab[start[r]:start[r + 1]]) + 1
        struck = np.flatnonzero(gone[start[r]:start[r + 1]]) + 1
        if first[r] in marked:
            c = first[r]
            vb.candidates(ax, c // w, c % w, live.tolist(), n=int(puzzle.sizes[r]),
                          struck=struck.tolist(), strike=colour, color=LABEL)
    _givens(ax, puzzle)
    return ax
