"""The raw engine: walks, scored by the rule text alone.

A numba depth-first search places 1..n as a walk seeded at the smallest
printed number (upwards to n, then downwards to 1).  It prunes only on what
the rules say outright: a cell is used once, a printed cell keeps its number,
a printed number must be reachable in the steps left, and every unused cell
must still be reachable by a walk end.  With nothing printed it is a census.
"""
from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

import numpy as np
from numba import njit

from ..core.grid import Grid
from ..core.search import Count
from .model import Answer, Puzzle

__all__ = ["brute_count", "brute_solutions", "iter_solutions", "census", "MAX_NODES"]

MAX_NODES = 20_000_000   # the engine's default node budget (a few seconds)


@lru_cache(maxsize=64)
def _geom(h, w):
    g = Grid(h, w)
    return np.ascontiguousarray(g.nbrs), np.ascontiguousarray(g.distance)


def _walk(puzzle, limit: int, max_nodes: int, keep: int):
    """The walk's Count (``max_nodes=-1``: no budget), how many of the walks
    found have neighbouring ends, and the first ``keep`` as flat value arrays."""
    nbrs, dist = _geom(puzzle.h, puzzle.w)
    store = np.zeros((max(keep, 1), nbrs.shape[0]), dtype=np.int64)
    out = np.zeros(4, dtype=np.int64)
    clues = np.ascontiguousarray(puzzle.clues.ravel(), dtype=np.int64)
    _walk_jit(nbrs, dist, clues, int(limit), int(max_nodes), store, int(keep), out)
    cnt, nodes, capped, adj = (int(x) for x in out)
    return Count(cnt, bool(capped), nodes, int(limit)), adj, store[:min(cnt, keep)]


def _answers(puzzle, rows) -> tuple:
    return tuple(Answer(s.reshape(puzzle.h, puzzle.w)) for s in rows)


def brute_count(puzzle, limit: int = 2, max_nodes: int = MAX_NODES) -> Count:
    """Answers counted up to ``limit``, with the cap and the nodes walked
    (``max_nodes=-1``: no budget); the GenreSpec hook.

    >>> r = brute_count(Puzzle(np.array([[1, 0, 0], [0, 0, 0]])), 5)
    >>> r.count, r.capped, r.status
    (3, False, 'multiple')
    """
    return _walk(puzzle, limit, max_nodes, 0)[0]


def brute_solutions(puzzle, limit: int = 2, max_nodes: int = MAX_NODES) -> Count:
    """Like :func:`brute_count`, with the answers found (at most ``limit``) as
    :class:`~puzzlekit.numbrix.model.Answer` objects in ``solutions``.

    >>> r = brute_solutions(Puzzle(np.array([[1, 0, 3], [0, 0, 0]])))
    >>> [a.grid.tolist() for a in r.solutions]
    [[[1, 2, 3], [6, 5, 4]]]
    """
    r, _, rows = _walk(puzzle, limit, max_nodes, limit)
    return replace(r, solutions=_answers(puzzle, rows))


def iter_solutions(puzzle, limit: int = 1000):
    """Yield answers (flat value arrays) of ``puzzle``, at most ``limit`` (no node budget)."""
    yield from _walk(puzzle, limit, -1, limit)[2]


def census(h: int, w: int, keep: int = 0) -> tuple[Count, int]:
    """Every directed Hamiltonian path of the ``h`` x ``w`` grid (blank board):
    their Count (the first ``keep`` as answers) and how many have neighbouring
    ends (each Hamiltonian cycle shows up ``2n`` times among those).

    >>> r, adjacent_ends = census(3, 3)
    >>> r.count, adjacent_ends
    (40, 0)
    """
    blank = Puzzle.blank(h, w)
    r, adj, rows = _walk(blank, 1 << 62, -1, keep)
    return replace(r, solutions=_answers(blank, rows)), adj


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
