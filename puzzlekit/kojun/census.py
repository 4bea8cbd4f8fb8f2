"""Exact counts from the raw engine: the multinomial census of an isolated
rectangle, and the empty all-singletons partition."""
from __future__ import annotations

from math import factorial

import numpy as np

from . import brute
from .model import Puzzle

__all__ = ["rectangle_count", "multinomial", "singletons_count", "CENSUS"]

#: The rectangles (rows, columns) the census asks for: one region each, no givens.
CENSUS = ((1, 5), (3, 2), (4, 2), (3, 3), (2, 5), (1, 1), (2, 1), (3, 1), (5, 1))


def multinomial(p: int, q: int) -> int:
    """``(pq)! / (p!)^q``: each column takes p of the digits, in forced order.

    >>> multinomial(3, 3), multinomial(2, 5), multinomial(4, 1)
    (1680, 113400, 1)
    """
    return factorial(p * q) // factorial(p) ** q


def rectangle_count(p: int, q: int, max_nodes: int = 200_000_000):
    """Fillings of an isolated ``p`` x ``q`` rectangle by the raw engine
    (which knows nothing of multinomials): ``(count, nodes, capped)``.

    >>> rectangle_count(3, 2)[0]
    20
    """
    r = brute.count_solutions(Puzzle.make(np.zeros((p, q), np.int64)), 10 ** 12, max_nodes)
    return r.count, r.nodes, r.capped


def singletons_count(h: int, w: int) -> int:
    """Legal boards of the all-singletons partition of ``h`` x ``w`` (every
    cell must hold 1; any two neighbours then clash).

    >>> singletons_count(1, 2), singletons_count(1, 1)
    (0, 1)
    """
    p = Puzzle.make(np.arange(h * w).reshape(h, w))
    return brute.count_solutions(p, 10 ** 6, 10 ** 7).count
