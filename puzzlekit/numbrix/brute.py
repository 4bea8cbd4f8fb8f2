"""The raw engine: walks, scored by the rule text alone.

A numba depth-first search places 1..n as a walk seeded at the smallest
printed number (upwards to n, then downwards to 1).  It prunes only on what
the rules say outright: a cell is used once, a printed cell keeps its number,
a printed number must be reachable in the steps left, and every unused cell
must still be reachable by a walk end.  With nothing printed it is a census.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np
from numba import njit

from ..core.grid import Grid
from ..core.search import Count

__all__ = ["BruteResult", "count_solutions", "iter_solutions", "brute_count", "brute_solutions",
           "census", "MAX_NODES"]

MAX_NODES = 20_000_000   # the engine's default node budget (a few seconds)


@dataclass(frozen=True)
class BruteResult:
    """Solutions found (up to ``limit``), whether the search finished, nodes."""

    count: int
    complete: bool
    nodes: int
    adjacent_ends: int = 0
    solutions: np.ndarray = field(default=None, repr=False)


@lru_cache(maxsize=64)
def _geom(h, w):
    g = Grid(h, w)
    return np.ascontiguousarray(g.nbrs), np.ascontiguousarray(g.distance)


def _clues(puzzle):
    return np.ascontiguousarray(puzzle.clues.ravel(), dtype=np.int64)


def count_solutions(puzzle, limit: int = 2, max_nodes: int = -1, keep: int = 0) -> BruteResult:
    """Count answers of ``puzzle`` up to ``limit``; keep the first ``keep``.

    >>> from puzzlekit.numbrix.model import Puzzle
    >>> r = count_solutions(Puzzle(np.array([[1, 0, 3], [0, 0, 0]])), keep=1)
    >>> r.count, r.complete, r.solutions[0].tolist()
    (1, True, [1, 2, 3, 6, 5, 4])
    """
    nbrs, dist = _geom(puzzle.h, puzzle.w)
    store = np.zeros((max(keep, 1), nbrs.shape[0]), dtype=np.int64)
    out = np.zeros(4, dtype=np.int64)
    _walk_jit(nbrs, dist, _clues(puzzle), int(limit), int(max_nodes), store, int(keep), out)
    cnt, nodes, capped, adj = (int(x) for x in out)
    return BruteResult(cnt, bool(not capped and cnt < limit), nodes, adj, store[:min(cnt, keep)] if keep else None)


def brute_count(puzzle, limit: int = 2, max_nodes: int = MAX_NODES) -> Count:
    """The GenreSpec hook: answers counted up to ``limit``, with the cap and
    the nodes walked (``max_nodes=-1``: no budget).

    >>> from puzzlekit.numbrix.model import Puzzle
    >>> r = brute_count(Puzzle(np.array([[1, 0, 0], [0, 0, 0]])), 5)
    >>> r.count, r.capped, r.status
    (3, False, 'multiple')
    """
    r = count_solutions(puzzle, limit, max_nodes)
    return Count(r.count, _capped(r, limit), r.nodes, limit)


def brute_solutions(puzzle, limit: int = 2, max_nodes: int = MAX_NODES) -> Count:
    """Like :func:`brute_count`, with the answers found (at most ``limit``) as
    :class:`~puzzlekit.numbrix.model.Answer` objects in ``solutions``.

    >>> from puzzlekit.numbrix.model import Puzzle
    >>> [a.grid.tolist() for a in brute_solutions(Puzzle(np.array([[1, 0, 3], [0, 0, 0]]))).solutions]
    [[[1, 2, 3], [6, 5, 4]]]
    """
    from .model import Answer
    r = count_solutions(puzzle, limit, max_nodes, keep=limit)
    sols = tuple(Answer(s.reshape(puzzle.h, puzzle.w)) for s in r.solutions)
    return Count(r.count, _capped(r, limit), r.nodes, limit, sols)


def _capped(r: BruteResult, limit: int) -> bool:
    return not r.complete and r.count < limit


def iter_solutions(puzzle, limit: int = 1000):
    """Yield answers (flat value arrays) of ``puzzle``, at most ``limit``."""
    r = count_solutions(puzzle, limit, keep=limit)
    yield from r.solutions


def census(h: int, w: int, keep: int = 0) -> BruteResult:
    """Every directed Hamiltonian path of the ``h`` x ``w`` grid (blank board).

    ``adjacent_ends`` counts those whose two ends are neighbours (each
    Hamiltonian cycle shows up ``2n`` times among them).

    >>> r = census(3, 3)
    >>> r.count, r.adjacent_ends
    (40, 0)
    """
    from .model import Puzzle
    return count_solutions(Puzzle.blank(h, w), limit=1 << 62, keep=keep)


# ---------------------------------------------------------------- kernels
@njit(cache=True)
def _walk_jit(nbrs, dist, clues, limit, max_nodes, store, keep, out):
    n = clues.shape[0]
    cell_of_clue = np.full(n, -1, dtype=np.int64)
    a0 = -1
    for c in range(n):
        if clues[c] > 0:
            cell_of_clue[clues[c] - 1] = c
    for v in range(n):
        if cell_of_clue[v] >= 0:
            a0 = v
            break
    # the order values are placed in, and the value each one hangs from
    seq = np.empty(n, dtype=np.int64)
    pred = np.empty(n, dtype=np.int64)
    start = 0 if a0 < 0 else a0
    k = 0
    for v in range(start, n):
        seq[k] = v
        pred[k] = v - 1
        k += 1
    for v in range(start - 1, -1, -1):
        seq[k] = v
        pred[k] = v + 1
        k += 1
    nxt = np.full(n, -1, dtype=np.int64)  # next printed value above v
    w = -1
    for v in range(n - 1, -1, -1):
        nxt[v] = w
        if cell_of_clue[v] >= 0:
            w = v
    val = np.full(n, -1, dtype=np.int64)
    cellof = np.full(n, -1, dtype=np.int64)
    dirs = np.zeros(n + 1, dtype=np.int64)
    mark = np.zeros(n, dtype=np.int64)
    stack = np.empty(n, dtype=np.int64)
    stamp = 0
    count = 0
    adj = 0
    nodes = 0
    capped = 0
    for s in range(n):
        if a0 >= 0:
            if s != cell_of_clue[a0]:
                continue
        val[s] = seq[0]
        cellof[seq[0]] = s
        if n == 1:
            count += 1
            if keep > 0:
                store[0, 0] = 1
        i = 1
        dirs[1] = 0
        while i >= 1 and n > 1:
            if i == n:
                if count < keep:
                    for c in range(n):
                        store[count, c] = val[c] + 1
                if dist[cellof[0], cellof[n - 1]] == 1:
                    adj += 1
                count += 1
                if count >= limit:
                    break
                i -= 1
                v = seq[i]
                val[cellof[v]] = -1
                cellof[v] = -1
                continue
            if dirs[i] >= 4:
                i -= 1
                if i == 0:
                    break
                v = seq[i]
                val[cellof[v]] = -1
                cellof[v] = -1
                continue
            d = dirs[i]
            dirs[i] += 1
            v = seq[i]
            p = cellof[pred[i]]
            x = nbrs[p, d]
            if x < 0 or val[x] >= 0:
                continue
            q = cell_of_clue[v]
            if q >= 0:
                if x != q:
                    continue
            elif clues[x] > 0:
                continue
            up = v > pred[i]
            if up and nxt[v] >= 0:
                gap = nxt[v] - v
                dd = dist[x, cell_of_clue[nxt[v]]]
                if dd > gap or (gap - dd) % 2 != 0:
                    continue
            nodes += 1
            if max_nodes >= 0 and nodes > max_nodes:
                capped = 1
                break
            val[x] = v
            cellof[v] = x
            # heads still open: the rising walk, and the falling one from the anchor
            h1 = -1
            h2 = -1
            if up:
                if v < n - 1:
                    h1 = x
                if start > 0:
                    h2 = cellof[start]
            elif v > 0:
                h1 = x
            segs = (1 if h1 >= 0 else 0) + (1 if h2 >= 0 else 0)
            free = n - i - 1
            ok = True
            if free > 0:
                stamp += 1
                top = 0
                for hh in (h1, h2):
                    if hh >= 0:
                        for e in range(4):
                            y = nbrs[hh, e]
                            if y >= 0 and val[y] < 0 and mark[y] != stamp:
                                mark[y] = stamp
                                stack[top] = y
                                top += 1
                reached = top
                ends = 0
                while top > 0:
                    top -= 1
                    y = stack[top]
                    deg = 0
                    for e in range(4):
                        z = nbrs[y, e]
                        if z < 0:
                            continue
                        if val[z] < 0:
                            deg += 1
                            if mark[z] != stamp:
                                mark[z] = stamp
                                stack[top] = z
                                top += 1
                                reached += 1
                        elif z == h1 or z == h2:
                            deg += 1
                    if deg <= 1:
                        ends += 1
                if reached < free or ends > segs:
                    ok = False
            if not ok:
                val[x] = -1
                cellof[v] = -1
                continue
            i += 1
            dirs[i] = 0
        # clear the walk before the next start cell
        for c in range(n):
            val[c] = -1
        for v in range(n):
            cellof[v] = -1
        if count >= limit or capped:
            break
    out[0] = count
    out[1] = nodes
    out[2] = capped
    out[3] = adj
