"""How far apart two answers are: the pieces a second answer moves.

Statue Park has no cheap search-free certificate of a second answer; what
the chapter measures instead is how many of the intended answer's pieces a
second answer disturbs.  A piece of ``a`` counts as moved when ``b`` does
not hold that exact group of cells.
"""
from __future__ import annotations

import numpy as np

from .model import groups

__all__ = ["pieces_moved", "moved_bucket", "peel"]


def pieces_moved(h: int, w: int, a, b) -> int:
    """Pieces of answer ``a`` that answer ``b`` does not keep in place.

    >>> pieces_moved(1, 5, [1, 0, 0, 0, 1], [1, 0, 0, 1, 0])
    1
    """
    kept = {tuple(g) for g in groups(h, w, np.asarray(b, bool))}
    return sum(tuple(g) not in kept for g in groups(h, w, np.asarray(a, bool)))


def moved_bucket(k: int) -> str:
    """The article's buckets: ``"1"``, ``"2"`` or ``">=3"``."""
    return "1" if k <= 1 else ("2" if k == 2 else ">=3")


def peel(puzzle, answer, rng):
    """Take one circle (drawn by ``rng``) off a minimal board and return how
    many of ``answer``'s pieces a second answer moves, or None when the board
    stays unique (it has no circle, or the set was not minimal)."""
    from .generate import second_answer
    circles = sorted(puzzle.black) + sorted(puzzle.white)
    if not circles:
        return None
    c = circles[int(rng.integers(len(circles)))]
    other = second_answer(puzzle.with_circles(puzzle.black - {c}, puzzle.white - {c}), answer)
    return None if other is None else pieces_moved(puzzle.h, puzzle.w, answer, other)
