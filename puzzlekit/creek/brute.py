"""The raw engine: cells shaded or not one at a time, nothing else.

It shares no rule, candidate array or row reduction with the ladder: a
depth-first walk over the cells that, after each choice,
checks every printed corner touching the cell (shaded so far at most its
number, shaded plus open at least it) and that every unshaded cell can still
reach every other through unshaded or open cells.  At a leaf the referee's
rules are checked once more in full.  The next cell is taken from the
printed corner with the least slack (so a corner with one way left is
settled first), then in reading order.  Only :mod:`puzzlekit.core.grid` and the
model are imported.
"""
from __future__ import annotations

from dataclasses import replace

import numpy as np
from numba import njit

from ..core.brute import found_jit, run
from ..core.grid import Grid, joined_jit
from ..core.search import Count
from .model import Answer, Puzzle, corner_cells

__all__ = ["brute_count", "brute_solutions", "iter_solutions", "MAX_NODES"]

MAX_NODES = 5_000_000


def _arrays(puzzle: Puzzle):
    h, w = puzzle.h, puzzle.w
    cc = corner_cells(h, w)
    cell_corners = np.full((h * w, 4), -1, dtype=np.int32)
    fill = np.zeros(h * w, dtype=np.int32)
    for k in range(cc.shape[0]):
        for c in cc[k]:
            if c >= 0:
                cell_corners[c, fill[c]] = k
                fill[c] += 1
    return (cc, cell_corners, puzzle.clues.ravel().astype(np.int64),
            np.ascontiguousarray(Grid(h, w).nbrs))


def _run(puzzle: Puzzle, limit: int, keep: int, max_nodes: int):
    arrays = _arrays(puzzle) + (bool(puzzle.shade_required),)
    return run(_search_jit, arrays, puzzle.h * puzzle.w, limit, max_nodes, keep, np.int8)


def brute_count(puzzle: Puzzle, limit: int = 2, max_nodes: int = MAX_NODES) -> Count:
    """Answers counted up to ``limit`` (``capped`` when the node budget ran out).

    >>> p = Puzzle.from_json({"h": 1, "w": 1, "clues": [[None, None], [None, None]]})
    >>> brute_count(p, 5).count
    2
    """
    return _run(puzzle, limit, 0, max_nodes)[0]


def brute_solutions(puzzle: Puzzle, limit: int = 2, max_nodes: int = MAX_NODES) -> Count:
    """As :func:`brute_count`, with the answers found (at most ``limit``)."""
    r, sols = _run(puzzle, limit, limit, max_nodes)
    return replace(r, solutions=tuple(Answer(s.reshape(puzzle.h, puzzle.w)) for s in sols))


def iter_solutions(puzzle: Puzzle, limit: int = 10_000):
    """Every answer (up to ``limit``), as Answer objects."""
    yield from brute_solutions(puzzle, limit).solutions


@njit(cache=True)
def _tally(k, val, cc):
    """Corner ``k``'s cells: how many are shaded, how many open, and the
    first open one (-1 if none)."""
    s = 0
    u = 0
    first = -1
    for q in range(4):
        c = cc[k, q]
        if c >= 0:
            if val[c] == 1:
                s += 1
            elif val[c] < 0:
                u += 1
                if first < 0:
                    first = c
    return s, u, first


@njit(cache=True)
def _corners_ok(cell, val, cc, cco, clues):
    for t in range(4):
        k = cco[cell, t]
        if k < 0 or clues[k] < 0:
            continue
        s, u, _ = _tally(k, val, cc)
        if s > clues[k] or s + u < clues[k]:
            return False
    return True


@njit(cache=True)
def _creek_ok(val, nb, seen, stack):
    """Every unshaded cell reaches the first one through unshaded or open cells."""
    return joined_jit(nb, val, 0, 1, seen, stack)


@njit(cache=True)
def _pick(val, cc, clues):
    """The next cell: one of the printed corner with the least slack (its
    number minus shaded cells, or shaded plus open minus its number), else the
    first open cell in reading order."""
    best = -1
    bslack = 99
    for k in range(cc.shape[0]):
        if clues[k] < 0:
            continue
        s, u, first = _tally(k, val, cc)
        if u == 0:
            continue
        slack = min(clues[k] - s, s + u - clues[k])
        if slack < bslack:
            bslack = slack
            best = first
            if slack == 0:
                break
    if best >= 0:
        return best
    for c in range(val.size):
        if val[c] < 0:
            return c
    return -1


@njit(cache=True)
def _search_jit(cc, cco, clues, nb, req, limit, max_nodes, out):
    n = nb.shape[0]
    val = np.full(n, -1, dtype=np.int8)
    cell = np.full(n + 1, -1, dtype=np.int64)      # the cell chosen at each depth
    nxt = np.zeros(n + 1, dtype=np.int8)            # the next value to try there
    seen = np.zeros(n, dtype=np.bool_)
    stack = np.empty(n, dtype=np.int64)
    found = 0
    nodes = 0
    i = 0
    cell[0] = _pick(val, cc, clues)
    while i >= 0:
        if i == n:
            shaded = False
            for c in range(n):
                if val[c] == 1:
                    shaded = True
            good = shaded or not req
            for k in range(cc.shape[0]):        # the rules once more, in full
                if clues[k] >= 0:
                    s = 0
                    for q in range(4):
                        if cc[k, q] >= 0 and val[cc[k, q]] == 1:
                            s += 1
                    if s != clues[k]:
                        good = False
            if good and _creek_ok(val, nb, seen, stack):
                found = found_jit(out, found, val)
                if found >= limit:
                    return found, nodes, False
            i -= 1
            continue
        c = cell[i]
        if nxt[i] == 2:
            nxt[i] = 0
            val[c] = -1
            i -= 1
            continue
        val[c] = nxt[i]
        nxt[i] += 1
        nodes += 1
        if nodes > max_nodes:
            return found, nodes, True
        if _corners_ok(c, val, cc, cco, clues) and _creek_ok(val, nb, seen, stack):
            i += 1
            if i < n:
                cell[i] = _pick(val, cc, clues)
                nxt[i] = 0
    return found, nodes, False
