"""How a Country Road board is drawn: thick country borders, each number in
its country's first cell, the loop as a line through cell centres; a partial
state shows used edges solid, open edges faint, empty cells dotted."""
from __future__ import annotations

import numpy as np

from ..viz import board as vb

__all__ = ["draw", "draw_state"]

ROAD = "#c0392b"
SHADE = "#f3e6c4"


def _givens(ax, puzzle):
    w = puzzle.w
    first = puzzle.first_cell
    for r, v in puzzle.clues.items():
        c = int(first[r])
        vb.corner_text(ax, c // w, c % w, v, size=10)
    for r in puzzle.marks:
        c = int(first[r])
        vb.corner_text(ax, c // w, c % w, "?", size=10)
    if puzzle.skip:
        ax.set_title("countries may be skipped", fontsize=8)


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
    """Draw a partial state; bits removed by the last step (``new`` over
    ``state.bits``) highlight their cells."""
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
    open_ = edges[:, 1] & edges[:, 0]
    vb.segments(ax, [tuple(map(int, e)) for e in E[used]], w, color=ROAD)
    vb.segments(ax, [tuple(map(int, e)) for e in E[open_]], w, color="#bbbbbb", lw=0.8)
    _givens(ax, puzzle)
    return ax
