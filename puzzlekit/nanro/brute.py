"""The raw engine: region by region over non-empty subsets (a region's label
is its count, so a subset also fixes the label), pruning only on rules whose
cells are all written, every leaf scored against the rules as stated."""
from __future__ import annotations

from dataclasses import replace
from math import prod

import numpy as np
from numba import njit

from ..core.brute import found_jit, run
from ..core.grid import Grid, joined_jit, regions
from ..core.search import Count
from .model import answer_from_mask

__all__ = ["count_solutions", "solutions", "iter_solutions", "space_size", "MAX_REGION",
           "MAX_NODES"]

MAX_REGION = 16
MAX_NODES = 3_000_000      # the engine's default node budget


def space_size(puzzle) -> int:
    """The size of the raw space, the product of ``2**size - 1`` over regions.

    >>> from puzzlekit.nanro.model import Puzzle
    >>> space_size(Puzzle.make([[0, 0], [1, 1]]))
    9
    """
    return prod((1 << int(s)) - 1 for s in puzzle.sizes)


def _arrays(puzzle):
    h, w = puzzle.h, puzzle.w
    g = Grid(h, w)
    reg = np.asarray(puzzle.regions, dtype=np.int64).ravel()
    k, sizes = puzzle.k, puzzle.sizes
    if sizes.max() > MAX_REGION:
        raise ValueError(f"the raw engine takes regions of at most {MAX_REGION} cells")
    cells = np.full((k, int(sizes.max())), -1, np.int64)
    for r, cs in enumerate(regions(reg)):
        cells[r, :len(cs)] = cs
    order = np.argsort(cells[:, 0]).astype(np.int64)        # regions by first cell
    want = np.full(g.n, -1, np.int64)      # full clue value at a cell
    for c, v in puzzle.clues.items():
        want[c] = v
    mark = np.zeros(g.n, np.bool_)
    for c in puzzle.marks:
        mark[c] = True
    hint = np.zeros(k, np.int64)
    for r, v in puzzle.hints.items():
        hint[r] = v
    blank = np.zeros(g.n, np.bool_)       # printed blanks
    for c in puzzle.blanks:
        blank[c] = True
    return (reg, order, sizes.astype(np.int64), cells, np.ascontiguousarray(g.nbrs, np.int64),
            np.ascontiguousarray(g.blocks2x2, np.int64), want, mark, hint, blank)


def count_solutions(puzzle, limit: int = 2, max_nodes: int = MAX_NODES) -> Count:
    """Numbered-cell sets written one region subset at a time, counted up to
    ``limit``; ``capped`` when more than ``max_nodes`` subsets were written.

    >>> from puzzlekit.nanro.model import Puzzle
    >>> count_solutions(Puzzle.make([[0, 0], [1, 1]]), limit=10).count
    4
    """
    return _dfs(puzzle, limit, max_nodes, keep=0)[0]


def solutions(puzzle, limit: int = 2, max_nodes: int = MAX_NODES) -> Count:
    """The numbered-cell sets :func:`count_solutions` counts, the first
    ``limit`` kept as :class:`~puzzlekit.nanro.model.Answer` objects (each
    number its region's count).

    >>> from puzzlekit.nanro.model import Puzzle
    >>> r = solutions(Puzzle.make([[0, 0], [1, 1]], clues={0: 2}), limit=5)
    >>> r.count, r.solutions[0].values.tolist()
    (2, [2, 2, 1, 0])
    """
    r, masks = _dfs(puzzle, limit, max_nodes, keep=limit)
    return replace(r, solutions=tuple(answer_from_mask(puzzle, m) for m in masks))


def iter_solutions(puzzle, limit: int = 1000, max_nodes: int = 5_000_000):
    """Yield each answer's numbered-cell mask (up to ``limit``); RuntimeError
    on the node cap."""
    r, masks = _dfs(puzzle, limit, max_nodes, keep=limit)
    if r.capped:
        raise RuntimeError("node cap reached")
    yield from masks


def _dfs(puzzle, limit, max_nodes, keep):
    """The count, and the numbered-cell masks of at most ``keep`` answers."""
    return run(_dfs_jit, _arrays(puzzle), puzzle.h * puzzle.w, limit, max_nodes, keep)


@njit(cache=True)
def _region_ok(r, num, reg, cells, sizes, nbrs, blocks, want, mark, hint, blank, lab):
    s = sizes[r]
    k = 0
    for j in range(s):
        k += num[cells[r, j]]
    if hint[r] > 0 and hint[r] != k:
        return False
    for j in range(s):
        c = cells[r, j]
        if num[c] == 0 and (mark[c] or want[c] > 0):
            return False
        if num[c] == 1 and blank[c]:
            return False
        if num[c] == 1 and want[c] > 0 and want[c] != k:
            return False
        lab[c] = k if num[c] == 1 else 0
    for j in range(s):                   # rule 5 across written borders
        c = cells[r, j]
        if num[c] != 1:
            continue
        for d in range(4):
            u = nbrs[c, d]
            if u >= 0 and reg[u] != r and num[u] == 1 and lab[u] == k:
                return False
    for b in range(blocks.shape[0]):     # rule 4 on written blocks touching r
        touch = False
        full = 0
        for t in range(4):
            c = blocks[b, t]
            if reg[c] == r:
                touch = True
            if num[c] == 1:
                full += 1
        if touch and full == 4:
            return False
    return True


@njit(cache=True)
def _sealed(num, nbrs, seen, stack):
    """Numbers cut off from each other by written blanks: rule 3 already broken."""
    return not joined_jit(nbrs, num, 1, 0, seen, stack)


@njit(cache=True)
def _leaf_ok(num, reg, nbrs, blocks, lab, seen, stack):
    for b in range(blocks.shape[0]):
        if num[blocks[b, 0]] + num[blocks[b, 1]] + num[blocks[b, 2]] + num[blocks[b, 3]] == 4:
            return False
    n = len(num)
    for c in range(n):
        for d in range(4):
            u = nbrs[c, d]
            if u > c and num[c] == 1 and num[u] == 1 and reg[u] != reg[c] and lab[u] == lab[c]:
                return False
    return not _sealed(num, nbrs, seen, stack)


@njit(cache=True)
def _dfs_jit(reg, order, sizes, cells, nbrs, blocks, want, mark, hint, blank, limit, max_nodes,
             out):
    n = len(reg)
    K = len(order)
    num = np.full(n, -1, np.int64)
    lab = np.zeros(n, np.int64)
    choice = np.zeros(K, np.int64)
    seen = np.zeros(n, np.bool_)
    stack = np.empty(n, np.int64)
    d = 0
    choice[0] = 0
    found = 0
    nodes = 0
    while d >= 0:
        r = order[d]
        s = sizes[r]
        choice[d] += 1
        if choice[d] >= (1 << s):
            for j in range(s):
                num[cells[r, j]] = -1
            d -= 1
            continue
        nodes += 1
        if nodes > max_nodes:
            return found, nodes, True
        sub = choice[d]
        for j in range(s):
            num[cells[r, j]] = (sub >> j) & 1
        if not _region_ok(r, num, reg, cells, sizes, nbrs, blocks, want, mark, hint, blank, lab):
            continue
        if _sealed(num, nbrs, seen, stack):
            continue
        if d == K - 1:
            if _leaf_ok(num, reg, nbrs, blocks, lab, seen, stack):
                found = found_jit(out, found, num)
                if found >= limit:
                    return found, nodes, False
            continue
        d += 1
        choice[d] = 0
    return found, nodes, False
