"""Counts with a value outside this repository, and the contraction theorem.

- :func:`ledger`: every cell its own country and no numbers, so an answer is a
  Hamiltonian cycle of the grid graph: OEIS A003763 on n x n boards (1, 6,
  1072 for n = 2, 4, 6) and 1 on every 2 x m strip;
- :func:`strip`: an n x n board cut into rows; the region graph is a path,
  so it has cut vertices, no Hamiltonian cycle, and the board no answer.
"""
from __future__ import annotations

import numpy as np

from . import brute
from .ladder import catalogue, two_connected
from .model import Puzzle

__all__ = ["A003763", "singletons", "ledger", "strip", "rows_partition"]

A003763 = {2: 1, 4: 6, 6: 1072}      # Hamiltonian cycles on the 2n x 2n grid graph (OEIS)


def singletons(h: int, w: int) -> Puzzle:
    """Every cell its own country, no numbers."""
    return Puzzle.make(np.arange(h * w).reshape(h, w))


def ledger(h: int, w: int, engine: str = "loops", limit: int = 10**7) -> tuple[int, bool]:
    """Answers of the singleton board ``(count, capped)`` by the loops-first
    engine (every simple cycle of the grid) or the loop walker.

    >>> ledger(4, 4)
    (6, False)
    """
    p = singletons(h, w)
    fn = brute.loops_first if engine == "loops" else brute.walk
    r = fn(p, limit, max_nodes=10**9, keep=0)
    return r.count, r.capped


def rows_partition(n: int) -> Puzzle:
    """An n x n board whose countries are its rows."""
    return Puzzle.make(np.repeat(np.arange(n), n).reshape(n, n))


def strip(n: int) -> dict:
    """The row partition: cut vertex?  Hamiltonian region graph?  Answers?

    >>> strip(4)
    {'n': 4, 'cut vertex': True, 'hamiltonian': False, 'solutions': 0, 'capped': False}
    """
    p = rows_partition(n)
    cat, complete = catalogue(p)
    r = brute.walk(p, 2, keep=0)
    return {"n": n, "cut vertex": not two_connected(p),
            "hamiltonian": bool(len(cat)) if complete else None,
            "solutions": r.count, "capped": r.capped}
