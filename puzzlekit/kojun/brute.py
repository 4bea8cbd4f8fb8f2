"""The raw engine: regions dealt one at a time, each as a permutation of its
digits 1..k (the search space is the product of k! over regions), every
placed digit checked against the rule text alone (its given, the cells
already written around it, the cell above it in its region), every complete
grid scored by a validator written from the rules.  It shares nothing with
the ladder."""
from __future__ import annotations

from dataclasses import replace
from math import factorial, prod

import numpy as np
from numba import njit

from ..core.brute import found_jit, run
from ..core.grid import Grid, regions
from ..core.search import Count
from .model import Answer

__all__ = ["count_solutions", "solutions", "iter_solutions", "space_size", "MAX_NODES"]

MAX_NODES = 20_000_000     # the engine's default node budget


def space_size(puzzle) -> int:
    """The raw space: the product of ``k!`` over regions.

    >>> from puzzlekit.kojun.model import Puzzle
    >>> space_size(Puzzle.make([[0, 0, 0], [1, 1, 2]]))
    12
    """
    return prod(factorial(int(s)) for s in puzzle.sizes)


def _arrays(puzzle):
    h, w = puzzle.h, puzzle.w
    g = Grid(h, w)
    reg = np.asarray(puzzle.regions, dtype=np.int64).ravel()
    cells = regions(reg)
    deal = np.concatenate(sorted(cells, key=min)).astype(np.int64)   # regions by first cell
    size = puzzle.sizes[reg].astype(np.int64)
    start = np.zeros(g.n, np.bool_)           # the first dealt cell of each region
    seen = set()
    for i, c in enumerate(deal):
        if reg[c] not in seen:
            seen.add(reg[c])
            start[i] = True
    given = np.zeros(g.n, np.int64)
    for c, v in puzzle.givens.items():
        given[c] = v
    return reg, deal, size, start, np.ascontiguousarray(g.nbrs, np.int64), given, w


def count_solutions(puzzle, limit: int = 2, max_nodes: int = MAX_NODES) -> Count:
    """Digit fillings dealt region by region, counted up to ``limit``; a node
    is one digit written, and ``capped`` says ``max_nodes`` ran out first.

    >>> from puzzlekit.kojun.model import Puzzle
    >>> count_solutions(Puzzle.make([[0, 0, 0], [1, 1, 2]]), limit=100).count
    2
    """
    return _deal(puzzle, limit, max_nodes, keep=0)[0]


def solutions(puzzle, limit: int = 2, max_nodes: int = MAX_NODES) -> Count:
    """The digit fillings :func:`count_solutions` counts, the first ``limit``
    of them kept as :class:`~puzzlekit.kojun.model.Answer` objects.

    >>> from puzzlekit.kojun.model import Puzzle
    >>> r = solutions(Puzzle.make([[0, 0], [1, 1]], {0: 2}), limit=5)
    >>> r.count, r.solutions[0].values.tolist()
    (1, [2, 1, 1, 2])
    """
    r, grids = _deal(puzzle, limit, max_nodes, keep=limit)
    return replace(r, solutions=tuple(Answer.of(puzzle, g) for g in grids))


def iter_solutions(puzzle, limit: int = 1000, max_nodes: int = 5_000_000):
    """Yield each answer's digits (up to ``limit``); RuntimeError on the node cap."""
    r, grids = _deal(puzzle, limit, max_nodes, keep=limit)
    if r.capped:
        raise RuntimeError("node cap reached")
    yield from grids


def _deal(puzzle, limit, max_nodes, keep):
    """The count, and the digit grids (flat int arrays) of at most ``keep`` answers."""
    return run(_deal_jit, _arrays(puzzle), puzzle.h * puzzle.w, limit, max_nodes, keep, np.int64)


@njit(cache=True)
def _valid_jit(val, reg, size, nbrs, given, w):
    """The rules, read off a complete grid."""
    n = len(val)
    k = 0
    for c in range(n):
        if reg[c] + 1 > k:
            k = reg[c] + 1
    seen = np.zeros((k, 64), np.bool_)
    for c in range(n):
        v = val[c]
        if v < 1 or v > size[c] or v > 63:           # each region holds 1..k
            return False
        if seen[reg[c], v]:                          # ... each exactly once
            return False
        seen[reg[c], v] = True
        if given[c] > 0 and given[c] != v:           # printed digits stand
            return False
        for d in range(4):
            u = nbrs[c, d]
            if u >= 0 and val[u] == v:               # no equal neighbours
                return False
        if c + w < n and reg[c + w] == reg[c] and val[c] <= val[c + w]:
            return False                             # upper larger in a region
    return True


@njit(cache=True)
def _deal_jit(reg, deal, size, start, nbrs, given, w, limit, max_nodes, out):
    n = len(reg)
    val = np.zeros(n, np.int64)
    nxt = np.zeros(n + 1, np.int64)
    used = np.zeros(n + 1, np.int64)       # digits of the current region used before depth d
    found = 0
    nodes = 0
    d = 0
    nxt[0] = 1
    used[0] = 0
    while d >= 0:
        if d == n:
            if _valid_jit(val, reg, size, nbrs, given, w):
                found = found_jit(out, found, val)
                if found >= limit:
                    return found, nodes, False
            d -= 1
            val[deal[d]] = 0
            continue
        c = deal[d]
        k = size[c]
        base = 0 if start[d] else used[d]
        placed = False
        while nxt[d] <= k:
            v = nxt[d]
            nxt[d] += 1
            if base & (1 << v):
                continue
            if given[c] > 0 and given[c] != v:
                continue
            clash = False
            for t in range(4):
                u = nbrs[c, t]
                if u >= 0 and val[u] == v:
                    clash = True
            if clash:
                continue
            up = c - w
            if up >= 0 and reg[up] == reg[c] and val[up] != 0 and val[up] <= v:
                continue
            nodes += 1
            if nodes > max_nodes:
                return found, nodes, True
            val[c] = v
            used[d + 1] = base | (1 << v)
            d += 1
            nxt[d] = 1
            placed = True
            break
        if not placed:
            val[c] = 0
            d -= 1
            if d >= 0:
                val[deal[d]] = 0
    return found, nodes, False
