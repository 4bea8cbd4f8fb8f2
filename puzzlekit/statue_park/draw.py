"""How a Statue Park board is drawn: statues (shaded cells) slate grey, black
circles filled, white circles hollow, and the bag drawn as small pieces in a
strip under the board; for a partial state undecided cells plain and known
park cells dotted."""
from __future__ import annotations

import numpy as np

from ..viz import board as vb

__all__ = ["draw", "draw_state", "draw_bag", "LEGEND"]

STONE = "#556270"
BAG = "#b4c0cb"

#: What the stepper's symbols mean (kind, colour, text; see viz.stepper).
LEGEND = [("tint", STONE, "a statue cell (shaded)"), ("dot", "#999999", "a park cell"),
          ("disc", vb.INK, "a black circle: a statue cell"),
          ("ring", vb.INK, "a white circle: a park cell"),
          ("tint", BAG, "a piece of the bag, still to place (under the board)"),
          ("tint", STONE, "a piece of the bag, placed")]


def _circles(ax, puzzle, shaded):
    vb.circles(ax, sorted(puzzle.black), puzzle.w, filled=True)
    vb.circles(ax, sorted(puzzle.white), puzzle.w, filled=False)


def draw_bag(ax, puzzle, scale: float = 0.45, fills=None):
    """The bag as small pieces below the board (the axes grow to hold them),
    each in its colour of ``fills`` (default: all :data:`BAG`)."""
    x, y, row_h = 0.0, puzzle.h + 0.4, 0.0
    patches = vb._patches()
    for i, shape in enumerate(puzzle.bag):
        ph = max(r for r, _ in shape) + 1
        pw = max(c for _, c in shape) + 1
        if x > 0 and x + pw * scale > max(puzzle.w, 4):
            x, y, row_h = 0.0, y + row_h + 0.3, 0.0
        for r, c in shape:
            ax.add_patch(patches.Rectangle((x + c * scale, y + r * scale), scale, scale,
                                           fc=BAG if fills is None else fills[i], ec="white",
                                           lw=0.6))
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
    """Draw a partial state with the bag under the board: statues (shaded
    cells) filled, known park cells dotted, undecided cells plain; the cells
    the last step decided, and those of the placements it ruled out (``new``
    over ``state.bits``), outlined in the rung's colour; a bag piece whose
    copies are all placed is drawn in the statues' colour."""
    from .ladder import catalogue
    k = 2 * puzzle.n
    bits = np.asarray(state.bits)
    cells, _, sid, shapes = catalogue(puzzle)
    touched = None
    if new is not None:
        nw = np.asarray(new)
        touched = nw[:k].reshape(-1, 2).any(axis=1)
        dead = np.flatnonzero(nw[k:].reshape(-1, 2).any(axis=1))
        cov = cells[dead].ravel()
        touched[cov[cov >= 0]] = True
        touched = np.repeat(touched, 2)
    ax = vb.shaded_partial(puzzle, bits[:k], ax, touched, colour, STONE, "#999999", _circles,
                           puzzle.black | puzzle.white)
    plc = bits[k:].reshape(-1, 2)
    used = plc[:, 1] & ~plc[:, 0]
    placed = {shapes[t]: int(np.sum(used & (sid == t))) for t in range(len(shapes))}
    done = []
    for shape in puzzle.bag:
        done.append(placed.get(shape, 0) > 0)
        if done[-1]:
            placed[shape] -= 1
    draw_bag(ax, puzzle, fills=[STONE if d else BAG for d in done])
    return ax
