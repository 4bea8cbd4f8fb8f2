"""Certificates that an answer cannot be pinned: a second legal grid with the
same size map.  The clue language of Choco Banana is the map cell -> size of
its group, so an answer is pinnable by some clue set exactly when no other
legal grid shares its size map; a tie is a certificate, found by one search
on the board that carries every size."""
from __future__ import annotations

import numpy as np

from .model import Puzzle, size_map

__all__ = ["full_board", "tie", "pinnable"]


def full_board(h: int, w: int, mask, drop=()) -> Puzzle:
    """The strongest clue set of a grid: its size in every cell."""
    s = size_map(h, w, mask)
    return Puzzle.make(h, w, {c: int(s[c]) for c in range(h * w)}, drop)


def tie(h: int, w: int, mask, drop=()):
    """Another legal grid with the size map of ``mask``, or None.

    >>> m = np.array([1, 1, 1, 0, 1, 1, 1, 0, 0, 0, 0, 0], bool)
    >>> tie(3, 4, m) is not None
    True
    """
    from .brute import by_cells
    mask = np.asarray(mask, bool).ravel()
    r = by_cells(full_board(h, w, mask, drop), 2, keep=2)
    if r.capped:
        raise ValueError("the tie search ran out of nodes")
    return next((a.shaded for a in r.solutions if not np.array_equal(a.shaded, mask)), None)


def pinnable(h: int, w: int, mask, drop=()) -> bool:
    """Whether some clue set makes ``mask`` the only answer."""
    return tie(h, w, mask, drop) is None
