"""Blank-board ledgers from the raw engine: Hamiltonian paths and cycles of
grid graphs, the closed form for the 2 x m ladder, and the chessboard parity
of an answer.
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np

from ..core.grid import Grid
from ..core.tables import frame
from .brute import census

__all__ = ["directed_paths", "cycles", "ladder_paths", "ladder_closed_form", "ledgers", "parity",
           "A096969", "A003763"]

# Published sequences (external facts).  A096969: directed Hamiltonian paths
# of the n x n grid graph; A003763: Hamiltonian cycles of the 2n x 2n grid.
A096969 = {1: 1, 2: 8, 3: 40, 4: 552, 5: 8648, 6: 458696, 7: 27070560}
A003763 = {2: 1, 4: 6, 6: 1072, 8: 4638576}


@lru_cache(maxsize=None)
def _census(h, w):
    r, adjacent_ends = census(h, w)
    return r.count, adjacent_ends


def directed_paths(h: int, w: int) -> int:
    """Directed Hamiltonian paths of the ``h`` x ``w`` grid (the raw engine on a blank board).

    >>> directed_paths(3, 3), directed_paths(4, 4)
    (40, 552)
    """
    return _census(h, w)[0]


def cycles(h: int, w: int) -> int:
    """Hamiltonian cycles: directed paths with neighbouring ends, over ``2n``.

    >>> cycles(4, 4), cycles(3, 3)
    (6, 0)
    """
    n = h * w
    adj = _census(h, w)[1]
    if n < 4:
        return 0
    assert adj % (2 * n) == 0
    return adj // (2 * n)


def ladder_paths(m: int) -> int:
    """Undirected Hamiltonian paths of the 2 x m ladder, counted by the engine.

    >>> [ladder_paths(m) for m in (2, 3, 4)]
    [4, 8, 14]
    """
    return directed_paths(2, m) // 2


def ladder_closed_form(m: int) -> int:
    """m^2 - m + 2 undirected Hamiltonian paths of the 2 x m ladder.

    A path can leave a column only through that column's own rung, so from
    each end it sweeps the columns in order and is fixed by where it turns.

    >>> ladder_closed_form(8)
    58
    """
    return m * m - m + 2


def ledgers() -> dict:
    """The three ledgers as tables: directed paths and cycles of the 3x3..6x6
    grids, and undirected paths of the 2 x m ladder beside m^2 - m + 2.

    >>> ledgers()["ladder2"].loc[8].tolist()
    [58, 58]
    """
    ks, lab = (3, 4, 5, 6), [f"{k}×{k}" for k in (3, 4, 5, 6)]
    return {"paths": frame([[directed_paths(k, k)] for k in ks], lab,
                           ["directed Hamiltonian paths"], "board"),
            "cycles": frame([[cycles(k, k)] for k in ks], lab, ["Hamiltonian cycles"], "board"),
            "ladder2": frame([[ladder_paths(m), ladder_closed_form(m)] for m in range(2, 9)],
                             list(range(2, 9)), ["undirected paths", "m² − m + 2"], "m")}


def parity(answer) -> tuple[bool, bool]:
    """The two chessboard corollaries on one answer: every value's parity
    matches its cell's colour (relative to the cell of 1), and the walk's ends
    share a colour exactly when the board has an odd number of cells.

    >>> from puzzlekit.numbrix.model import Answer
    >>> parity(Answer(np.array([[1, 2, 3], [6, 5, 4]])))
    (True, True)
    """
    h, w = answer.grid.shape
    col = Grid(h, w).colour
    path = answer.path()
    colour_ok = bool((col[path] == (np.arange(len(path)) + col[path[0]]) % 2).all())
    same = col[path[0]] == col[path[-1]]
    return colour_ok, bool(same == ((h * w) % 2 == 1))
