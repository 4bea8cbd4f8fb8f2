"""Numbrix's tables: the board's geometry and the kernels' bit-set masks and
scratch, built once per board size (every Numbrix board of one size has the
same ones; the numbers live in the state)."""
from __future__ import annotations

from functools import lru_cache

import numpy as np

from ..core.grid import Grid
from .kernels import _levels

__all__ = ["geometry", "bit_sets", "compiled_data"]


@lru_cache(maxsize=None)
def geometry(h, w):
    """The grid of an ``h`` x ``w`` board and its neighbours, edges,
    cell-edges and distances as contiguous arrays."""
    g = Grid(h, w)
    return (g, np.ascontiguousarray(g.nbrs), np.ascontiguousarray(g.edges),
            np.ascontiguousarray(g.cell_edges), np.ascontiguousarray(g.distance))


@lru_cache(maxsize=None)
def bit_sets(h, w):
    """Bit-set masks of the cells off the first column, off the last column
    and on the board, then the board's width (row 3, word 0); and scratch for
    the kernels: ``(n, W)`` sets (one per value or per cell), one set, the
    whole state as one bit string, a sparse table of unions of homes, each
    cell's values as a bit set, a 64 x 64 bit block."""
    n = h * w
    W = (n + 63) // 64
    masks = np.zeros((4, W), dtype=np.uint64)
    masks[3, 0] = w
    for c in range(n):
        bit = np.uint64(1) << np.uint64(c % 64)
        if c % w != 0:
            masks[0, c // 64] |= bit
        if c % w != w - 1:
            masks[1, c // 64] |= bit
        masks[2, c // 64] |= bit
    return (masks, np.zeros((n, W), dtype=np.uint64), np.zeros(W, dtype=np.uint64),
            np.zeros((n * n + 63) // 64, dtype=np.uint64),
            np.zeros((_levels(n), n, W), dtype=np.uint64), np.zeros((n, W), dtype=np.uint64),
            np.zeros(64, dtype=np.uint64))


def compiled_data(puzzle):
    """What the compiled loop reads: neighbours, edges, cell-edges, then
    :func:`bit_sets` (bit-set masks with the width, and the kernels'
    scratch), built once per board size."""
    return _data(puzzle.h, puzzle.w)


@lru_cache(maxsize=None)
def _data(h, w):
    _, nbrs, edges, cedges, _ = geometry(h, w)
    return (nbrs, edges, cedges) + bit_sets(h, w)
