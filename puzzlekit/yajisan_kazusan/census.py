"""Blank-board counts: the published ledgers (independent sets of grid
graphs, connectivity off) and the connected counts, by every engine.

With connectivity off and no clues the answers are the independent sets of
the grid graph: n x n is OEIS A006506, 2 x n A001333, 3 x n A051736.  With
connectivity on, n x n gives 1, 5, 39, 562, 20297 (no OEIS entry found), and
a 1 x n strip has 1, 3, then 4 answers for every n >= 3 (only the two ends
can be shaded).
"""
from __future__ import annotations

import functools

import numpy as np

from .brute import by_cells, by_rows, independent_sets
from .ladder import line_totals, max_total
from .model import Puzzle

__all__ = ["A006506", "A001333", "A051736", "CONNECTED_NXN", "CONNECTED_6X6", "SEVEN",
           "strip", "ledger", "connected_count", "engines_count", "connected_6x6", "ledger_rows",
           "line_dp_rows", "LEDGER_ROWS"]

A006506 = (2, 7, 63, 1234, 55447)                 # n x n, n = 1..5
A001333 = (3, 7, 17, 41, 99, 239, 577, 1393)      # 2 x n, n = 1..8
A051736 = (5, 17, 63, 227, 827, 2999, 10897)      # 3 x n, n = 1..7
SEVEN = 1280128950                                # 7 x 7 independent sets (A006506)
CONNECTED_NXN = (1, 5, 39, 562, 20297)            # n x n, connectivity on
CONNECTED_6X6 = 1646096


def strip(n: int) -> int:
    """The closed form for a 1 x n strip: only the two ends may be shaded.

    >>> [strip(n) for n in range(1, 6)]
    [1, 3, 4, 4, 4]
    """
    return 1 if n == 1 else 3 if n == 2 else 4


def engines_count(h: int, w: int, connected: bool = True) -> dict:
    """The count of a blank ``h`` x ``w`` board by each engine that can give it."""
    p = Puzzle.make(h, w)
    big = 10 ** 12
    out = {"by rows": by_rows(p, big, connected, max_nodes=big, keep=0).count}
    if connected:
        out["by cells"] = by_cells(p, big, big, keep=0).count
    else:
        out["transfer matrix"] = independent_sets(h, w)
    return out


def ledger(h: int, w: int) -> int:
    """Independent sets of the ``h`` x ``w`` grid (transfer matrix)."""
    return independent_sets(h, w)


def connected_count(h: int, w: int) -> int:
    """Answers of a blank board with connectivity on (row engine)."""
    return by_rows(Puzzle.make(h, w), 10 ** 12, True, max_nodes=10 ** 12, keep=0).count


@functools.lru_cache(maxsize=1)
def connected_6x6() -> int:
    """The blank 6x6 board's answers, counted (once per process)."""
    return connected_count(6, 6)


LEDGER_ROWS = ["n×n, n=1..5", "2×n, n=1..8", "3×n, n=1..7", "7×7, transfer matrix",
               "connected n×n, n=1..5", "connected 1×n, n=1..8"]


def ledger_rows() -> list:
    """``[counts, engines agree]`` per :data:`LEDGER_ROWS` entry: the first
    engine's counts as text, and whether a second engine gives the same."""
    big = 10 ** 12

    def rows_(h, w, connected):
        """The row engine's count on the blank h×w board."""
        return by_rows(Puzzle.make(h, w), big, connected, big, 0).count

    def cells(h, w):
        """The cell engine's count on the blank h×w board."""
        return by_cells(Puzzle.make(h, w), big, big, 0).count

    pairs = [([independent_sets(n, n) for n in range(1, 6)],
              [rows_(n, n, False) for n in range(1, 6)]),
             ([independent_sets(2, n) for n in range(1, 9)],
              [rows_(2, n, False) for n in range(1, 9)]),
             ([independent_sets(3, n) for n in range(1, 8)],
              [rows_(3, n, False) for n in range(1, 8)]),
             ([independent_sets(7, 7)], [independent_sets(7, 7)]),
             ([cells(n, n) for n in range(1, 6)], [rows_(n, n, True) for n in range(1, 6)]),
             ([cells(1, n) for n in range(1, 9)], [rows_(1, n, True) for n in range(1, 9)])]
    return [[", ".join(map(str, a)), a == b] for a, b in pairs]


def _brute_max(L):
    if L == 0:
        return 0
    return max(sum(f) for f in np.ndindex(*(2,) * L) if not any(a and b for a, b in zip(f, f[1:])))


def line_dp_rows(lengths=range(11)) -> list:
    """Per line length: the DP's largest total on an empty line, the brute
    maximum over no-touch fillings, and whether every smaller total is reachable."""
    return [[max_total(L), _brute_max(L), line_totals([-1] * L) == (1 << (max_total(L) + 1)) - 1]
            for L in lengths]
