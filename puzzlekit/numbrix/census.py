"""Blank-board ledgers from the raw engine: Hamiltonian paths and cycles of
grid graphs, and the closed form for the 2 x m ladder.
"""
from __future__ import annotations

from functools import lru_cache

from .brute import census

__all__ = ["directed_paths", "cycles", "ladder_paths", "ladder_closed_form",
           "A096969", "A003763"]

# Published sequences (external facts).  A096969: directed Hamiltonian paths
# of the n x n grid graph; A003763: Hamiltonian cycles of the 2n x 2n grid.
A096969 = {1: 1, 2: 8, 3: 40, 4: 552, 5: 8648, 6: 458696, 7: 27070560}
A003763 = {2: 1, 4: 6, 6: 1072, 8: 4638576}


@lru_cache(maxsize=None)
def _census(h, w):
    r = census(h, w)
    return r.count, r.adjacent_ends


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
