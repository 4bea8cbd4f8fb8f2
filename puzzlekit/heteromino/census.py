"""Blank-board ledgers, the exhaustive clue-set census and the identities.

A clue set is nothing but a set of black cells, so on small boards every set
of a given size can be tried.  The census runs in one compiled loop: it walks
the k-subsets of the cells in lexicographic order and counts each board's
answers up to two with the raw engine's kernel.  Big censuses and big blank
boards are cut into independent parts (sets by their two smallest cells,
tilings by the shapes of their first pieces) mapped with
:func:`~puzzlekit.core.parallel.pmap`, so they spread over Dask workers and
give the same counts whoever runs them.
"""
from __future__ import annotations

from functools import partial

import numpy as np
from numba import njit

from ..core.parallel import pmap
from .brute import _dfs_jit, subtrees, tilings
from .model import Puzzle, shape_class

__all__ = ["LEDGER", "LOWER_BOUNDS", "blank_count", "ledger", "clue_census", "fewest_clues",
           "strips_that_tile", "two_row_identity", "ledger_grid",
           "n_choose", "census_heads", "SPLIT_AREA", "SUBTREES", "CENSUS_SPLIT"]

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


SPLIT_AREA = 54      # boards at least this big are counted subtree by subtree
SUBTREES = 256       # at least this many subtrees (fixed: results never depend on workers)


def blank_count(h: int, w: int, rule: str = "heteromino", max_nodes: int = 10 ** 10):
    """Tilings of a blank ``h`` x ``w`` board (the narrower side is scanned as
    rows' width, which is faster): ``(count, capped)``.

    Boards of :data:`SPLIT_AREA` cells or more are cut into at least
    :data:`SUBTREES` independent subtrees (:func:`~.brute.subtrees`) counted
    by :func:`~puzzlekit.core.parallel.pmap`, so the count spreads over Dask
    workers; ``max_nodes`` is then a budget per subtree.

    >>> blank_count(3, 4), blank_count(2, 9)
    ((14, False), (8, False))
    """
    a, b = (h, w) if w <= h else (w, h)
    board = Puzzle.make(a, b)
    if a * b < SPLIT_AREA:
        t = tilings(board, max_nodes=max_nodes, rule=rule)
        return t.count, t.capped
    cut = subtrees(board, SUBTREES, rule)
    parts = pmap(partial(_subtree_count, a, b, rule, max_nodes), cut,
                 desc=f"{a}×{b} tilings, {len(cut)} subtrees")
    return sum(c for c, _ in parts), any(k for _, k in parts)


def _subtree_count(h, w, rule, max_nodes, prefix):
    t = tilings(Puzzle.make(h, w), max_nodes=max_nodes, rule=rule, prefix=prefix)
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
    heads = census_heads(h * w, k)
    parts = pmap(partial(_census_part, h, w, k, rule, max_nodes), heads,
                 desc=f"{h}×{w} k={k}") if len(heads) > 1 else \
        [_census_part(h, w, k, rule, max_nodes, heads[0])]
    out = np.sum(parts, axis=0)
    return dict(zip(("sets", "none", "one", "many", "capped"), map(int, out)))


CENSUS_SPLIT = 200_000   # a census of more sets than this is split by its two smallest cells


def census_heads(n: int, k: int) -> list[tuple]:
    """The independent parts of a ``k``-of-``n`` census: all sets when there
    are at most :data:`CENSUS_SPLIT` of them, else one part per choice of the
    two smallest cells (every set lies in exactly one part).

    >>> census_heads(12, 3), len(census_heads(81, 9))
    ([()], 2701)
    """
    if k < 2 or n_choose(n, k) <= CENSUS_SPLIT:
        return [()]
    return [(i, j) for i in range(n) for j in range(i + 1, n) if j <= n - k + 1]


def _census_part(h, w, k, rule, max_nodes, head):
    return _census_jit(h, w, k, shape_class(rule), max_nodes, np.asarray(head, dtype=np.int64))


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
def _census_jit(h, w, k, cls, max_nodes, head):
    # the k-sets whose smallest len(head) cells are ``head``, in lexicographic order
    n = h * w
    p = head.shape[0]
    idx = np.arange(k)
    for j in range(p):
        idx[j] = head[j]
    for j in range(p, k):
        idx[j] = (head[p - 1] + 1 + j - p) if p > 0 else j
    free = np.empty(0, np.int64)
    black = np.zeros(n, np.bool_)
    sols = np.empty((0, n), np.int64)
    stats = np.zeros(7, np.int64)
    out = np.zeros(5, np.int64)
    while True:
        black[:] = False
        for j in range(k):
            black[idx[j]] = True
        found, nodes, capped = _dfs_jit(h, w, black, cls, 2, max_nodes, sols, stats, free, 0)
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
        while j >= p and idx[j] == n - k + j:
            j -= 1
        if j < p:
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
