"""How a Country Road board is drawn: thick country borders, each number in
its country's first cell, the loop as a line through cell centres; a partial
state shows used edges solid, open edges faint, empty cells dotted."""
from __future__ import annotations

import numpy as np

from ..viz import board as vb

__all__ = ["draw", "draw_state", "LEGEND"]

ROAD = "#c0392b"
SHADE = "#f3e6c4"
NOT = "#9a9a9a"

#: What the stepper's symbols mean (kind, colour, text; see viz.stepper).
LEGEND = [("bold:3", vb.INK, "a country's number: cells the loop visits in it"),
          ("wall", vb.INK, "a country border"),
          ("tint", SHADE, "a cell on the loop"), ("dot", "#999999", "a cell off the loop"),
          ("line", ROAD, "a loop edge"), ("cross", NOT, "an edge known unused")]


def _givens(ax, puzzle):
    """Each country's number (or ?) in the top left corner of its first
    cell, inside the grid."""
    w = puzzle.w
    first = puzzle.first_cell
    marks = [(r, "?") for r in puzzle.marks] + list(puzzle.clues.items())
    for r, v in marks:
        c = int(first[r])
        ax.text(c % w + 0.08, c // w + 0.08, str(v), ha="left", va="top", fontsize=10,
                fontweight="bold", color=vb.INK, zorder=7,
                bbox=dict(boxstyle="round,pad=0.12", fc=vb.PAPER, ec="none", alpha=0.85))
    if puzzle.skip:
        ax.text(0, puzzle.h + 0.12, "countries may be skipped", ha="left", va="top",
                fontsize=8, color=vb.INK)


def draw(puzzle, answer=None, ax=None):
    """Draw a board, and its loop when given.

    >>> from puzzlekit.country_road.model import Puzzle
    >>> ax = draw(Puzzle.make([[0, 0, 1], [0, 0, 1]], {0: 4})); vb.close(ax)
    """
    h, w = puzzle.h, puzzle.w
    ax = vb.new_board(h, w, ax)
    vb.region_borders(ax, puzzle.regions.reshape(h, w))
    if answer is not None:
        E = puzzle.grid.edges[np.asarray(answer.edges, dtype=bool)]
        vb.segments(ax, [tuple(map(int, e)) for e in E], w, color=ROAD)
    _givens(ax, puzzle)
    return ax


def draw_state(puzzle, state, ax, new=None, colour=None):
    """Draw a partial state: loop cells tinted, cells off the loop dotted,
    loop edges drawn, unused edges crossed, undecided ones left blank; the
    cells (and the ends of the edges) the last step decided (``new`` over
    ``state.bits``) outlined in the rung's colour."""
    h, w, n = puzzle.h, puzzle.w, puzzle.n
    ax = vb.new_board(h, w, ax)
    vb.region_borders(ax, puzzle.regions.reshape(h, w))
    cells = state.bits[:2 * n].reshape(n, 2)
    edges = state.bits[2 * n:].reshape(-1, 2)
    E = puzzle.grid.edges
    if new is not None:
        nc = new[:2 * n].reshape(n, 2).any(axis=1)
        ne = new[2 * n:].reshape(-1, 2).any(axis=1)
        touched = set(np.flatnonzero(nc).tolist()) | set(E[ne].ravel().tolist())
        vb.highlight(ax, sorted(touched), w, color=colour or "#ffcc00")
    road = cells[:, 1] & ~cells[:, 0]
    vb.shade_cells(ax, np.flatnonzero(road), SHADE, w)
    empty = cells[:, 0] & ~cells[:, 1]
    vb.circles(ax, np.flatnonzero(empty).tolist(), w, filled=True, color="#999999", radius=0.06)
    used = edges[:, 1] & ~edges[:, 0]
    unused = edges[:, 0] & ~edges[:, 1]
    vb.segments(ax, [tuple(map(int, e)) for e in E[used]], w, color=ROAD)
    vb.edge_crosses(ax, [tuple(map(int, e)) for e in E[unused]], w, color=NOT)
    _givens(ax, puzzle)
    return ax
