"""Three raw engines written from the rules alone, sharing no code with the
ladder or with each other.

- :func:`by_cells` walks the cells in raster order, one cell at a time, and
  never builds a mask: partial clue bounds and a sealed-region test at each
  row's end prune, and every leaf is checked against the rules as stated;
- :func:`by_rows` stacks row bitmasks (no two adjacent bits, no bit under a
  bit) and never reads a cell: clue counts are popcounts, connectivity is a
  bit-parallel flood fill;
- :func:`independent_sets` counts shadings with no two shaded cells touching
  (connectivity off, no clues) by a transfer matrix over row masks: it never
  enumerates, so 7x7 is instant.
"""
from __future__ import annotations

from dataclasses import replace

import numpy as np
from numba import njit

from ..core.brute import engine_hooks, found_jit, run
from ..core.grid import Grid, flood_jit
from ..core.search import Count
from .model import NONE, Answer, Puzzle, line_cells

__all__ = ["by_cells", "by_rows", "independent_sets", "brute_count", "brute_solutions",
           "iter_solutions"]

MAX_NODES = 5_000_000
KEEP_MAX = 100_000     # answers kept in memory, however many are counted


def _active(puzzle):
    return [(c, d, v) for c, (d, v) in sorted(puzzle.clues.items()) if d != NONE and v >= 0]


def _cell_arrays(puzzle):
    h, w = puzzle.h, puzzle.w
    act = _active(puzzle)
    ccell = np.array([c for c, _, _ in act], np.int64)
    cnum = np.array([v for _, _, v in act], np.int64)
    lines = [line_cells(h, w, c, d) for c, d, _ in act]
    lstart = np.zeros(len(act) + 1, np.int64)
    for k, ln in enumerate(lines):
        lstart[k + 1] = lstart[k] + len(ln)
    lcells = np.array([x for ln in lines for x in ln], np.int64)
    watch = [[] for _ in range(h * w)]            # clues to re-check once a cell is written
    for k, (c, _, _) in enumerate(act):
        for x in [c] + lines[k]:
            watch[x].append(k)
    wstart = np.zeros(h * w + 1, np.int64)
    for i in range(h * w):
        wstart[i + 1] = wstart[i] + len(watch[i])
    wlist = np.array([k for ws in watch for k in ws], np.int64)
    return (h, w, ccell, cnum, lstart, lcells, wstart, wlist,
            np.ascontiguousarray(Grid(h, w).nbrs, np.int64))


def by_cells(puzzle: Puzzle, limit: int = 2, max_nodes: int = MAX_NODES,
             keep: int | None = None) -> Count:
    """Answers in raster order: the count up to ``limit`` (``capped`` when the
    node budget ran out) and the first ``keep`` (default ``limit``) answers.

    >>> by_cells(Puzzle.make(1, 3), limit=10).count
    4
    """
    keep = min(limit if keep is None else keep, KEEP_MAX)
    arrays = _cell_arrays(puzzle) + (bool(puzzle.need_shade),)
    r, masks = run(_cells_jit, arrays, puzzle.n, limit, max_nodes, keep)
    return replace(r, solutions=_answers(puzzle, masks))


def _row_arrays(puzzle):
    act = _active(puzzle)
    w = puzzle.w
    return (np.array([c // w for c, _, _ in act], np.int64),
            np.array([c % w for c, _, _ in act], np.int64),
            np.array([d for _, d, _ in act], np.int64), np.array([v for _, _, v in act], np.int64))


def by_rows(puzzle: Puzzle, limit: int = 2, connected: bool = True, max_nodes: int = 50_000_000,
            keep: int | None = None) -> Count:
    """Answers row by row over row bitmasks, counted as :func:`by_cells` counts
    them.  With ``connected=False`` the unshaded cells need not be connected
    (and may be none): with no clues that counts the grid's independent sets.

    >>> by_rows(Puzzle.make(2, 2), limit=100).count, by_rows(Puzzle.make(2, 2), 100, False).count
    (5, 7)
    """
    h, w = puzzle.h, puzzle.w
    if w > 62:
        raise ValueError("the row engine takes boards at most 62 cells wide")
    keep = min(limit if keep is None else keep, KEEP_MAX)
    rows = np.array([m for m in range(1 << w) if m & (m >> 1) == 0], np.int64)
    arrays = (h, w, rows, *_row_arrays(puzzle), bool(connected), bool(puzzle.need_shade))
    r, bits = run(_rows_jit, arrays, h, limit, max_nodes, keep, np.int64)
    masks = [np.array([(int(b[y]) >> c) & 1 for y in range(h) for c in range(w)], np.bool_)
             for b in bits]
    return replace(r, solutions=_answers(puzzle, masks))


def independent_sets(h: int, w: int) -> int:
    """Shadings of an ``h`` x ``w`` grid with no two shaded cells touching, by a
    transfer matrix over row masks (exact Python integers, no enumeration).

    >>> [independent_sets(n, n) for n in range(1, 6)]
    [2, 7, 63, 1234, 55447]
    """
    if min(h, w) < 1:
        return 1
    if w > h:
        h, w = w, h
    rows = [m for m in range(1 << w) if m & (m >> 1) == 0]
    vec = [1] * len(rows)
    for _ in range(h - 1):
        vec = [sum(v for m, v in zip(rows, vec) if m & x == 0) for x in rows]
    return sum(vec)


def _answers(puzzle, masks):
    return tuple(Answer.from_mask(puzzle.h, puzzle.w, m) for m in masks)


brute_count, brute_solutions, iter_solutions = engine_hooks(by_cells, MAX_NODES)


# ---------------------------------------------------------------- by cells
@njit(cache=True)
def _clue_ok(k, val, ccell, cnum, lstart, lcells):
    c = ccell[k]
    if val[c] != 0:                 # unwritten, or shaded: nothing to check yet / exempt
        return True
    s = 0
    u = 0
    for j in range(lstart[k], lstart[k + 1]):
        x = val[lcells[j]]
        if x == 1:
            s += 1
        elif x < 0:
            u += 1
    return s <= cnum[k] <= s + (u + 1) // 2


@njit(cache=True)
def _sealed(h, w, r, val, nbrs):
    """After row ``r``: False when some unshaded group can no longer join the rest."""
    n = (r + 1) * w
    lab = np.full(n, -1, np.int64)
    stack = np.empty(n, np.int64)
    k = 0
    open_groups = 0
    for s in range(n):
        if val[s] != 0 or lab[s] >= 0:
            continue
        lab[s] = k
        stack[0] = s
        top = 1
        touches = False
        while top > 0:
            top -= 1
            v = stack[top]
            if v >= r * w:
                touches = True
            for d in range(4):
                u = nbrs[v, d]
                if u >= 0 and u < n and val[u] == 0 and lab[u] < 0:
                    lab[u] = k
                    stack[top] = u
                    top += 1
        k += 1
        if touches:
            open_groups += 1
    if k > open_groups and (k > 1 or r < h - 1):
        return False
    return True


@njit(cache=True)
def _leaf_ok(h, w, val, ccell, cnum, lstart, lcells, nbrs, need):
    n = h * w
    any_shaded = False
    first = -1
    whites = 0
    for i in range(n):
        if val[i] == 1:
            any_shaded = True
            for d in range(4):
                u = nbrs[i, d]
                if u >= 0 and val[u] == 1:
                    return False
        else:
            whites += 1
            if first < 0:
                first = i
    if need and not any_shaded:
        return False
    if first < 0:
        return False
    seen = val == 1                     # the shaded cells: walls of the unshaded ones
    if flood_jit(nbrs, first, seen, np.empty(n, np.int64)) != whites:
        return False
    for k in range(len(ccell)):
        if val[ccell[k]] == 0:
            s = 0
            for j in range(lstart[k], lstart[k + 1]):
                s += val[lcells[j]]
            if s != cnum[k]:
                return False
    return True


@njit(cache=True)
def _cells_jit(h, w, ccell, cnum, lstart, lcells, wstart, wlist, nbrs, need, limit, max_nodes,
               out):
    n = h * w
    val = np.full(n, -1, np.int64)
    nxt = np.zeros(n + 1, np.int64)     # next value to try at each position (2 = done)
    p = 0
    nodes = 0
    found = 0
    while p >= 0:
        if p == n:
            if _leaf_ok(h, w, val, ccell, cnum, lstart, lcells, nbrs, need):
                found = found_jit(out, found, val)
                if found >= limit:
                    return found, nodes, False
            p -= 1
            continue
        if nxt[p] == 2:
            nxt[p] = 0
            val[p] = -1
            p -= 1
            continue
        if nodes >= max_nodes:
            return found, nodes, True
        v = nxt[p]
        nxt[p] += 1
        nodes += 1
        val[p] = v
        ok = True
        r = p // w
        c = p % w
        if v == 1 and ((r > 0 and val[p - w] == 1) or (c > 0 and val[p - 1] == 1)):
            ok = False
        if ok:
            for j in range(wstart[p], wstart[p + 1]):
                if not _clue_ok(wlist[j], val, ccell, cnum, lstart, lcells):
                    ok = False
                    break
        if ok and c == w - 1:
            ok = _sealed(h, w, r, val, nbrs)
        if ok:
            p += 1
        else:
            val[p] = -1
    return found, nodes, False


# ---------------------------------------------------------------- by rows
@njit(cache=True)
def _popcount(x):
    k = 0
    while x:
        x &= x - 1
        k += 1
    return k


@njit(cache=True)
def _rows_clues_ok(r, h, w, m, cr, cc, cd, cn, final):
    """Clues checkable once rows ``0..r`` are down (all of them when ``final``)."""
    full = (1 << w) - 1
    for k in range(len(cr)):
        row = cr[k]
        col = cc[k]
        if row > r or (m[row] >> col) & 1:
            continue
        d = cd[k]
        if d == 3 or d == 4:
            if row != r and not final:
                continue
            rng = ((1 << col) - 1) if d == 3 else (full & ~((1 << (col + 1)) - 1))
            if _popcount(m[row] & rng) != cn[k]:
                return False
        elif d == 1:
            if row != r and not final:
                continue
            s = 0
            for y in range(row):
                s += (m[y] >> col) & 1
            if s != cn[k]:
                return False
        elif final:
            s = 0
            for y in range(row + 1, h):
                s += (m[y] >> col) & 1
            if s != cn[k]:
                return False
    return True


@njit(cache=True)
def _rows_connected(h, w, m):
    full = (1 << w) - 1
    reach = np.zeros(h, np.int64)
    white = np.zeros(h, np.int64)
    start = -1
    for r in range(h):
        white[r] = full & ~m[r]
        if start < 0 and white[r]:
            start = r
    if start < 0:
        return False
    reach[start] = white[start] & -white[start]
    changed = True
    while changed:
        changed = False
        for r in range(h):
            x = reach[r] | (reach[r] << 1) | (reach[r] >> 1)
            if r > 0:
                x |= reach[r - 1]
            if r < h - 1:
                x |= reach[r + 1]
            x &= white[r]
            if x != reach[r]:
                reach[r] = x
                changed = True
    for r in range(h):
        if reach[r] != white[r]:
            return False
    return True


@njit(cache=True)
def _rows_jit(h, w, rows, cr, cc, cd, cn, connected, need, limit, max_nodes, out):
    R = len(rows)
    m = np.zeros(h, np.int64)
    idx = np.zeros(h + 1, np.int64)
    r = 0
    nodes = 0
    found = 0
    while r >= 0:
        if r == h:
            ok = _rows_clues_ok(h - 1, h, w, m, cr, cc, cd, cn, True)
            if ok and need:
                ok = False
                for y in range(h):
                    if m[y]:
                        ok = True
            if ok and connected:
                ok = _rows_connected(h, w, m)
            if ok:
                found = found_jit(out, found, m)
                if found >= limit:
                    return found, nodes, False
            r -= 1
            continue
        if idx[r] >= R:
            idx[r] = 0
            r -= 1
            continue
        if nodes >= max_nodes:
            return found, nodes, True
        x = rows[idx[r]]
        idx[r] += 1
        if r > 0 and x & m[r - 1]:
            continue
        nodes += 1
        m[r] = x
        if _rows_clues_ok(r, h, w, m, cr, cc, cd, cn, False):
            r += 1
    return found, nodes, False
