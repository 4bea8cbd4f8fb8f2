"""Exhaustive counts on tiny grids: legal boards of every partition of a
small grid, the singleton-partition theorem, and two boards checked by hand."""
from __future__ import annotations

import numpy as np

from ..core.grid import Grid
from . import brute
from .model import Puzzle

__all__ = ["partitions", "legal_boards", "singleton_has_no_board", "TWO_DOMINOES",
           "TWO_DOMINOES_BY_HAND", "HAND_5x5"]

#: A 2x2 grid cut into two horizontal dominoes, and its legal boards listed by
#: hand (numbered cells, row-major): all four fill the 2x2, one cell of each
#: domino either touches diagonally only or stacks two 1s across the border, so
#: one domino is numbered whole and the other holds a single number: four boards.
TWO_DOMINOES = [[0, 0], [1, 1]]
TWO_DOMINOES_BY_HAND = {(1, 1, 1, 0), (1, 1, 0, 1), (1, 0, 1, 1), (0, 1, 1, 1)}
#: A 5x5 board with nine regions and six clues, unique, that needs reach.
HAND_5x5 = {"size": [5, 5],
            "regions": [[0, 0, 1, 1, 1], [2, 0, 3, 3, 4], [2, 5, 6, 4, 4], [2, 5, 6, 4, 7],
                        [2, 8, 8, 8, 7]],
            "clues": [[0, 0, 2], [2, 1, 1], [3, 3, 1], [4, 0, 3], [4, 2, 1], [4, 4, 2]]}


def partitions(h, w):
    """Every partition of an ``h`` x ``w`` grid into connected regions, as
    label tuples in first-appearance order (restricted growth strings).

    >>> len(partitions(2, 2))
    12
    """
    g = Grid(h, w)
    out = []

    def connected(lab):
        for r in range(max(lab) + 1):
            cells = {i for i, x in enumerate(lab) if x == r}
            start = min(cells)
            seen, stack = {start}, [start]
            while stack:
                v = stack.pop()
                for u in g.nbrs[v]:
                    u = int(u)
                    if u >= 0 and u in cells and u not in seen:
                        seen.add(u)
                        stack.append(u)
            if seen != cells:
                return False
        return True

    def grow(prefix, top):
        if len(prefix) == g.n:
            if connected(prefix):
                out.append(tuple(prefix))
            return
        for x in range(top + 2):
            grow(prefix + [x], max(top, x))

    grow([0], 0)
    return out


def legal_boards(labels):
    """Number of legal answers of a bare partition (raw engine, exhaustive).

    >>> legal_boards([[0, 0], [1, 1]])
    4
    """
    p = Puzzle.make(np.asarray(labels))
    return brute.count_solutions(p, limit=10**9, max_nodes=10**9).count


def singleton_has_no_board(h, w) -> bool:
    """True when the all-singletons partition of ``h`` x ``w`` has no legal answer."""
    return legal_boards(np.arange(h * w).reshape(h, w)) == 0
