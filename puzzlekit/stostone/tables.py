"""Stostone's tables: the board packed into the arrays the kernels read (the
neighbours, one int64 array of sections and scratch rows, one int8 array of
scratch rows), and the names of their parts."""
from __future__ import annotations

import numpy as np
from numba import njit

from ..core._nb import copy_into, sort_part
from ..core.cache import puzzle_table
from .model import RULE4, Puzzle

__all__ = ["data", "FIT_STEPS", "FIT_FREE"]

FIT_STEPS = 3_000        # fit gives up on a region after listing this many partial stones
FIT_FREE = 8             # fit lists an unnumbered region's stones only up to this many open cells
MEMO = 256               # clue and fit remember this many outcomes per region (a power of
MEMO_CELLS = 400         # two) on boards up to this many cells, 32 on larger boards
# the tables' key hash: a seed, and 2**64 / golden ratio as a signed 64-bit multiplier
HASH_SEED, HASH_MUL = 0x2545F4914F6CDD1D, -0x61C8864680B583EB


# sections of the int64 data array, after its header (flags)
(S_REG, S_ORDER, S_ROFF, S_NUM, S_RCOFF, S_RCOLS, S_RCNT, S_RINGOFF, S_RING, S_KEYOFF,
 S_EXTNEED, S_SCR, S_EXT, S_MHS, S_MKEY, S_RESOFF, S_MRES, S_CKEYOFF, S_CHS, S_CKEY, S_CVAL,
 S_COL, S_ROW, N_SECT) = range(24)
F_SECT = 7               # flags: h, w, rule4 index, k, n, scratch row length, memo; section starts
N_FLAGS = F_SECT + N_SECT + 1
# rows of the int64 scratch section (fit: columns, cells, its stack, the key;
# clue and drop: their searches), and of the int8 scratch array
(R_COLSH, R_COLOP, R_OWNSH, R_OWNOP, R_COLCNT, R_CMIN, R_CMAX, R_CCNT, R_CLO, R_CHI,
 R_INN, R_RIM, R_STAMP, R_ALW, R_NADJ, R_S, R_EXTBASE, R_EXTLEN, R_KEY, R_CTR,
 R_DIST, R_QUEUE, R_COMP, R_CSIZE, R_DISC, R_LOW, R_PARENT, R_IT, R_HELD, R_KB, R_OB,
 N_ROWS) = range(32)
B_ST, B_BLOCKED, B_INS, B_CUT, B_MAY, B_MUST, N_BROWS = range(7)


def data(puzzle: Puzzle) -> tuple:
    """The kernels' arrays (built once per puzzle), few so that calls stay
    cheap: the neighbours, one int64 array and one int8 array (scratch rows
    for the state of each cell and the marks of fit and clue).

    The int64 array starts with ``[h, w, rule4 index, k, n, row length,
    entries per region]`` and the starts of its sections (``S_*``): region of
    each cell, the regions' cells (flat, with offsets), each region's number
    (-1 none), each region's columns (and its cells in each), the cells
    around each region, fit's sizes, the int64 scratch rows (``R_*``), fit's
    stack, fit's table (per entry: key hash, status, partial stones listed;
    the keys; the verdicts as bit masks), clue's table (hash and status; the
    packed cell bits before and after), and the column and row of each cell.
    """
    return puzzle_table(puzzle, "stostone.kernel_data", _build)


def _build(puzzle: Puzzle) -> tuple:
    """:func:`data`, built."""
    h, w, n, k = puzzle.h, puzzle.w, puzzle.n, puzzle.k
    reg = np.ascontiguousarray(puzzle.regions, np.int64).ravel()
    nbrs = np.ascontiguousarray(puzzle.grid.nbrs, np.int64)
    num = np.full(k, -1, np.int64)
    for g, v in puzzle.numbers.items():
        num[g] = v
    memo = MEMO if n <= MEMO_CELLS else 32
    big = _layout_jit(h, w, reg, nbrs, num, k, RULE4.index(puzzle.rule4), memo,
                      FIT_FREE, FIT_STEPS, N_FLAGS, N_ROWS)
    small = np.zeros(N_BROWS * n, np.int8)
    return nbrs, big, small


@njit(cache=True)
def _layout_jit(h, w, reg, nbrs, num, k, r4, memo, fit_free, fit_steps, n_flags, n_rows):
    """The int64 array of :func:`data`: flags, then the sections in ``S_*``
    order (the scratch rows and the tables zero)."""
    n = h * w
    roff = np.zeros(k + 1, np.int64)
    for c in range(n):
        roff[reg[c] + 1] += 1
    for g in range(k):
        roff[g + 1] += roff[g]
    order = np.zeros(n, np.int64)                # cells by region, increasing within each
    fill = roff[:k].copy()
    for c in range(n):
        order[fill[reg[c]]] = c
        fill[reg[c]] += 1
    # each region's columns, with its cells in each (columns increasing)
    cnt = np.zeros(w, np.int64)
    rcoff = np.zeros(k + 1, np.int64)
    rcols = np.zeros(n, np.int64)
    rcnt = np.zeros(n, np.int64)
    nc = 0
    for g in range(k):
        rcoff[g] = nc
        for i in range(roff[g], roff[g + 1]):
            cnt[order[i] % w] += 1
        for c in range(w):
            if cnt[c] > 0:
                rcols[nc] = c
                rcnt[nc] = cnt[c]
                nc += 1
                cnt[c] = 0
    rcoff[k] = nc
    # the cells outside each region next to it (increasing)
    mark = np.full(n, -1, np.int64)
    ringoff = np.zeros(k + 1, np.int64)
    ring = np.zeros(4 * n, np.int64)
    nr = 0
    for g in range(k):
        ringoff[g] = nr
        for i in range(roff[g], roff[g + 1]):
            c = order[i]
            for j in range(nbrs.shape[1]):
                e = nbrs[c, j]
                if e >= 0 and reg[e] != g and mark[e] != g:
                    mark[e] = g
                    ring[nr] = e
                    nr += 1
        sort_part(ring, ringoff[g], nr)
    ringoff[k] = nr
    keyoff = np.zeros(k + 1, np.int64)
    resoff = np.zeros(k + 1, np.int64)
    ckeyoff = np.zeros(k + 1, np.int64)
    extneed = np.zeros(k, np.int64)
    row = max(n + 3, 2)
    scr = 8
    for g in range(k):
        mg = roff[g + 1] - roff[g]
        keylen = (mg + 20) // 21
        if r4 < 3:
            keylen += (rcoff[g + 1] - rcoff[g] + 4) // 5
        row = max(row, keylen)
        keyoff[g + 1] = keyoff[g] + keylen * memo
        resoff[g + 1] = resoff[g] + (2 * ((mg + 63) // 64)
                                     + (ringoff[g + 1] - ringoff[g] + 63) // 64) * memo
        ckeyoff[g + 1] = ckeyoff[g] + (2 * mg + 63) // 64 * memo
        v = num[g]
        depth = min(mg, v if v > 0 else fit_free, fit_steps + 1)
        need = 8
        for t in range(1, depth + 2):
            need += min(mg, 2 * t + 2)
        extneed[g] = need
        scr = need if g == 0 else max(scr, need)
    scr = min(scr, 1 << 16)
    sizes = np.array([n, n, k + 1, k, k + 1, nc, nc, k + 1, nr, k + 1, k, n_rows * row, scr,
                      3 * k * memo, keyoff[k], k + 1, resoff[k], k + 1, 2 * k * memo,
                      ckeyoff[k], ckeyoff[k], n, n], np.int64)
    starts = np.zeros(sizes.shape[0] + 1, np.int64)
    starts[0] = n_flags
    for i in range(sizes.shape[0]):
        starts[i + 1] = starts[i] + sizes[i]
    big = np.zeros(starts[-1], np.int64)
    big[0] = h
    big[1] = w
    big[2] = r4
    big[3] = k
    big[4] = n
    big[5] = row
    big[6] = memo
    copy_into(big, 7, starts, starts.shape[0])
    for j, part, m in ((0, reg, n), (1, order, n), (2, roff, k + 1), (3, num, k),
                       (4, rcoff, k + 1), (5, rcols, nc), (6, rcnt, nc), (7, ringoff, k + 1),
                       (8, ring, nr), (9, keyoff, k + 1), (10, extneed, k), (15, resoff, k + 1),
                       (17, ckeyoff, k + 1)):
        copy_into(big, starts[j], part, m)
    for c in range(n):
        big[starts[21] + c] = c % w
        big[starts[22] + c] = c // w
    return big


@njit(cache=True)
def _sec(big, j):
    """Section ``j`` of the int64 data array."""
    return big[big[F_SECT + j]:big[F_SECT + j + 1]]
