"""Blank-board ledgers, the exhaustive clue-set census and the identities.

A clue set is nothing but a set of black cells, so on small boards every set
of a given size can be tried.  The census runs in one compiled loop: it walks
the k-subsets of the cells in lexicographic order and counts each board's
answers up to two with the raw engine's kernel.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from .brute import _dfs_jit, tilings
from .model import Puzzle, shape_class

__all__ = ["LEDGER", "LOWER_BOUNDS", "blank_count", "ledger", "clue_census", "fewest_clues",
           "strips_that_tile", "two_row_identity", "ledger_grid",
           "n_choose"]

# the article's blank-board table: (h, w) -> count; LOWER_BOUNDS are its "*" cells
LEDGER = {(1, 3): 1, (1, 6): 0, (1, 9): 0, (1, 12): 0,
          (2, 3): 2, (2, 6): 4, (2, 9): 8, (2, 12): 16,
          **{(3, n): v for n, v in zip(range(1, 13), (1, 2, 8, 14, 28, 70, 144, 304, 688, 1476,
                                                       3168, 6956))},
          (4, 3): 14, (4, 6): 130, (4, 9): 1414, (4, 12): 14894,
          (5, 3): 28, (5, 6): 686, (5, 9): 20077, (5, 12): 584442,
          **{(6, n): v for n, v in zip(range(1, 12), (0, 4, 70, 130, 686, 4552, 15218, 70654,
                                                       372124, 1525273, 6893222))},
          (7, 3): 144, (7, 6): 15218, (7, 9): 2001412}
LOWER_BOUNDS = {(6, 12): 10887414, (7, 12): 5375356}


def blank_count(h: int, w: int, rule: str = "heteromino", max_nodes: int = 10 ** 10):
    """Tilings of a blank ``h`` x ``w`` board (the narrower side is scanned as
    rows' width, which is faster): ``(count, capped)``.

    >>> blank_count(3, 4), blank_count(2, 9)
    ((14, False), (8, False))
    """
    a, b = (h, w) if w <= h else (w, h)
    t = tilings(Puzzle.make(a, b), max_nodes=max_nodes, rule=rule)
    return t.count, t.capped


def ledger(cells=None, max_nodes: int = 10 ** 10) -> dict:
    """Our count of every ledger cell: ``(h, w) -> (count, capped)``."""
    cells = list(LEDGER) + list(LOWER_BOUNDS) if cells is None else cells
    return {hw: blank_count(*hw, max_nodes=max_nodes) for hw in cells}


def n_choose(n: int, k: int) -> int:
    from math import comb
    return comb(n, k)


def clue_census(h: int, w: int, k: int, rule: str = "heteromino", max_nodes: int = 10 ** 7):
    """Every set of ``k`` black cells on an ``h`` x ``w`` board, by answer
    count: ``{"sets", "none", "one", "many", "capped"}``.

    >>> clue_census(3, 4, 3)
    {'sets': 220, 'none': 82, 'one': 94, 'many': 44, 'capped': 0}
    """
    if (h * w - k) % 3:
        raise ValueError(f"{k} black cells leave {h * w - k} white cells")
    out = _census_jit(h, w, k, shape_class(rule), max_nodes)
    return dict(zip(("sets", "none", "one", "many", "capped"), map(int, out)))


def fewest_clues(h: int, w: int, rule: str = "heteromino"):
    """The smallest legal ``k`` for which some set of ``k`` black cells has
    exactly one answer, and that census row."""
    for k in range(h * w + 1):
        if (h * w - k) % 3:
            continue
        c = clue_census(h, w, k, rule)
        if c["one"]:
            return k, c
    return None, None


@njit(cache=True)
def _census_jit(h, w, k, cls, max_nodes):
    n = h * w
    idx = np.arange(k)
    black = np.zeros(n, np.bool_)
    sols = np.empty((0, n), np.int64)
    stats = np.zeros(7, np.int64)
    out = np.zeros(5, np.int64)
    while True:
        black[:] = False
        for j in range(k):
            black[idx[j]] = True
        found, nodes, capped = _dfs_jit(h, w, black, cls, 2, max_nodes, sols, stats)
        out[0] += 1
        if capped and found < 2:
            out[4] += 1
        elif found == 0:
            out[1] += 1
        elif found == 1:
            out[2] += 1
        else:
            out[3] += 1
        # next combination
        j = k - 1
        while j >= 0 and idx[j] == n - k + j:
            j -= 1
        if j < 0:
            break
        idx[j] += 1
        for t in range(j + 1, k):
            idx[t] = idx[t - 1] + 1
    return out


def strips_that_tile(nmax: int = 15) -> list[int]:
    """The n <= nmax for which a blank 1 x n strip has a tiling.

    >>> strips_that_tile(9)
    [3]
    """
    return [n for n in range(1, nmax + 1) if tilings(Puzzle.make(1, n)).count]


def two_row_identity(mmax: int = 9):
    """``(holds, counts)``: a blank 2 x 3m board has 2^m tilings, none using
    a bar and none with a piece crossing a boundary between column triples."""
    ts = [tilings(Puzzle.make(2, 3 * m)) for m in range(1, mmax + 1)]
    ok = all(t.count == 2 ** m and t.shapes[:2].sum() == 0 and t.crossing == 0
             for m, t in enumerate(ts, 1))
    return ok, [t.count for t in ts]


def ledger_grid(counts: dict):
    """Counts keyed ``"h×n"`` as the article's grid: rows ``h×n``, columns n = 1..12,
    ``·`` where h·n is not a multiple of three, empty where nothing was counted."""
    import pandas as pd
    out = pd.DataFrame("·", index=[f"{h}×n" for h in range(1, 8)],
                       columns=[str(n) for n in range(1, 13)], dtype=object)
    for h in range(1, 8):
        for n in range(1, 13):
            if (h * n) % 3 == 0:
                out.at[f"{h}×n", str(n)] = counts.get(f"{h}×{n}", "")
    return out
