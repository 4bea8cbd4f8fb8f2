"""Two raw engines written from the rules alone, sharing no code with the
ladder or with each other.

- :func:`by_mask` treats a grid as an integer and tries every one of the
  ``2**(h*w)`` of them (boards up to 30 cells), checking the rules on each;
  :func:`legal_masks` keeps every legal grid, for the ledgers and the size-map
  census;
- :func:`by_cells` walks the cells in raster order and closes each group the
  moment its last cell's last neighbour is coloured, checking there that a
  chocolate group is a rectangle, a banana is not, and every number in it is
  its size; an L of three shaded cells in a 2x2 window and a group already
  bigger than one of its numbers prune earlier.
"""
from __future__ import annotations

from dataclasses import replace

import numpy as np
from numba import njit

from ..core.brute import engine_hooks, found_jit, run
from ..core.grid import Grid
from ..core.search import Count
from .model import Answer, Puzzle

__all__ = ["by_mask", "by_cells", "legal_masks", "brute_count", "brute_solutions",
           "iter_solutions", "MASK_CELLS"]

MASK_CELLS = 30          # by_mask refuses bigger boards
MAX_NODES = 10_000_000
KEEP_MAX = 100_000


def _arrays(puzzle):
    clue = np.full(puzzle.n, -1, np.int64)
    for c, v in puzzle.clues.items():
        clue[c] = v
    return (np.ascontiguousarray(Grid(puzzle.h, puzzle.w).nbrs, np.int64), clue,
            int(puzzle.h), int(puzzle.w), int(puzzle.rect_rule), int(puzzle.banana_rule))


def _answers(puzzle, masks) -> tuple:
    return tuple(Answer.from_mask(puzzle.h, puzzle.w, m) for m in masks)


def by_mask(puzzle: Puzzle, limit: int = 2, keep: int | None = None) -> Count:
    """Every grid as an integer: the count up to ``limit`` (never capped) and
    the first ``keep`` (default ``limit``) answers.

    >>> by_mask(Puzzle.make(2, 2), limit=100).count
    5
    """
    if puzzle.n > MASK_CELLS:
        raise ValueError(f"by_mask enumerates at most {MASK_CELLS} cells")
    keep = min(limit if keep is None else keep, KEEP_MAX)
    out = np.zeros(max(int(keep), 0), np.int64)
    cnt, nodes = _mask_jit(*_arrays(puzzle), int(limit), out)
    masks = [_unpack(int(m), puzzle.n) for m in out[:min(cnt, keep)]]
    return Count(int(cnt), False, int(nodes), int(limit), _answers(puzzle, masks))


def legal_masks(h: int, w: int, drop=()) -> np.ndarray:
    """Every legal grid of a clueless h x w board (bit ``i`` = cell ``i`` shaded).

    >>> legal_masks(1, 3).tolist()
    [7]
    """
    p = Puzzle.make(h, w, drop=drop)
    cnt = _mask_jit(*_arrays(p), 1 << 62, np.zeros(0, np.int64))[0]
    out = np.zeros(cnt, np.int64)
    _mask_jit(*_arrays(p), 1 << 62, out)
    return out


def _unpack(m, n):
    return np.array([(m >> i) & 1 for i in range(n)], np.bool_)


def by_cells(puzzle: Puzzle, limit: int = 2, max_nodes: int = MAX_NODES,
             keep: int | None = None) -> Count:
    """Answers in raster order: the count up to ``limit`` (``capped`` when the
    node budget ran out) and the first ``keep`` (default ``limit``) answers.

    >>> by_cells(Puzzle.make(2, 2), limit=100).count
    5
    """
    keep = min(limit if keep is None else keep, KEEP_MAX)
    r, masks = run(_cells_jit, _arrays(puzzle), puzzle.n, limit, max_nodes, keep)
    return replace(r, solutions=_answers(puzzle, masks))


def _transposed(puzzle):
    h, w = puzzle.h, puzzle.w
    return Puzzle(w, h, {(c % w) * h + c // w: v for c, v in puzzle.clues.items()}, puzzle.drop)


def _walk(puzzle, limit, max_nodes, keep=None) -> Count:
    """The raster walker, and when it runs out of nodes, the same walk down
    the columns (the transposed board), answers turned back."""
    r = by_cells(puzzle, limit, max_nodes, keep)
    if not r.capped or puzzle.h == puzzle.w == 1:
        return r
    down = by_cells(_transposed(puzzle), limit, max_nodes, keep)
    if down.capped and down.count <= r.count:
        return replace(r, nodes=r.nodes + down.nodes)
    back = [a.shaded.reshape(puzzle.w, puzzle.h).T.ravel() for a in down.solutions]
    return replace(down, nodes=r.nodes + down.nodes, solutions=_answers(puzzle, back))


brute_count, brute_solutions, iter_solutions = engine_hooks(_walk, MAX_NODES)


# ---------------------------------------------------------------- kernels
@njit(cache=True)
def _grid_ok(sh, nbrs, clue, h, w, rect, ban, lab, stack):
    n = h * w
    for c in range(n):
        lab[c] = -1
    for s in range(n):
        if lab[s] >= 0:
            continue
        lab[s] = s
        stack[0] = s
        top = 1
        cnt = 0
        r0, r1, c0, c1 = h, -1, w, -1
        while top > 0:
            top -= 1
            v = stack[top]
            cnt += 1
            r0 = min(r0, v // w)
            r1 = max(r1, v // w)
            c0 = min(c0, v % w)
            c1 = max(c1, v % w)
            for d in range(4):
                u = nbrs[v, d]
                if u >= 0 and lab[u] < 0 and sh[u] == sh[s]:
                    lab[u] = s
                    stack[top] = u
                    top += 1
        is_rect = (r1 - r0 + 1) * (c1 - c0 + 1) == cnt
        if sh[s] and rect == 1 and not is_rect:
            return False
        if not sh[s] and ban == 1 and is_rect:
            return False
        for v in range(n):
            if lab[v] == s and clue[v] > 0 and clue[v] != cnt:
                return False
    return True


@njit(cache=True)
def _mask_jit(nbrs, clue, h, w, rect, ban, limit, out):
    n = h * w
    sh = np.zeros(n, np.bool_)
    lab = np.empty(n, np.int64)
    stack = np.empty(n, np.int64)
    cnt = 0
    tried = 0
    for m in range(1 << n):
        tried += 1
        for i in range(n):
            sh[i] = (m >> i) & 1 == 1
        if rect == 1:                    # an L in a 2x2 window is never a rectangle
            bad = False
            for r in range(h - 1):
                for c in range(w - 1):
                    i = r * w + c
                    if sh[i] + sh[i + 1] + sh[i + w] + sh[i + w + 1] == 3:
                        bad = True
            if bad:
                continue
        if _grid_ok(sh, nbrs, clue, h, w, rect, ban, lab, stack):
            if cnt < out.shape[0]:
                out[cnt] = m
            cnt += 1
            if cnt >= limit:
                break
    return cnt, tried


@njit(cache=True)
def _close_time(k, h, w):
    r, c = k // w, k % w
    if r < h - 1:
        return k + w
    if c < w - 1:
        return k + 1
    return k


@njit(cache=True)
def _group(col, nbrs, start, upto, mark, stamp, stack, members):
    """Flood the coloured cells (index <= upto) of start's colour: size."""
    mark[start] = stamp
    stack[0] = start
    top = 1
    k = 0
    while top > 0:
        top -= 1
        v = stack[top]
        members[k] = v
        k += 1
        for d in range(4):
            u = nbrs[v, d]
            if u >= 0 and u <= upto and mark[u] != stamp and col[u] == col[start]:
                mark[u] = stamp
                stack[top] = u
                top += 1
    return k


@njit(cache=True)
def _room(col, nbrs, clue, start, v, mark, stamp, stack):
    """Cells the group of ``start`` could still cover: its colour or not yet
    coloured, no other number on the way; counted up to ``v``."""
    mark[start] = stamp
    stack[0] = start
    top = 1
    k = 0
    while top > 0 and k < v:
        top -= 1
        x = stack[top]
        k += 1
        for d in range(4):
            u = nbrs[x, d]
            if u >= 0 and mark[u] != stamp and (col[u] == col[start] or col[u] < 0) \
                    and (clue[u] < 1 or clue[u] == v):
                mark[u] = stamp
                stack[top] = u
                top += 1
    return k


@njit(cache=True)
def _step_ok(i, col, nbrs, clue, h, w, rect, ban, mark, stamp, stack, members):
    r, c = i // w, i % w
    if rect == 1 and r > 0 and c > 0:
        if (col[i] + col[i - 1] + col[i - w] + col[i - w - 1]) == 3:
            return False, stamp
    # the growing group of i may not outgrow a number
    stamp += 1
    k = _group(col, nbrs, i, i, mark, stamp, stack, members)
    v = -1
    for j in range(k):
        x = clue[members[j]]
        if x > 0:
            if v > 0 and x != v:
                return False, stamp
            v = x
    if v > 0 and k > v:
        return False, stamp
    if v > 0 and k < v:            # nor fall short of it for want of room
        stamp += 1
        if _room(col, nbrs, clue, i, v, mark, stamp, stack) < v:
            return False, stamp
    # groups closing now are final: check them whole
    for kk in (i - w, i - 1, i):
        if kk < 0 or _close_time(kk, h, w) != i:
            continue
        stamp += 1
        k = _group(col, nbrs, kk, i, mark, stamp, stack, members)
        closed = True
        r0, r1, c0, c1 = h, -1, w, -1
        for j in range(k):
            m = members[j]
            if _close_time(m, h, w) > i:
                closed = False
            r0 = min(r0, m // w)
            r1 = max(r1, m // w)
            c0 = min(c0, m % w)
            c1 = max(c1, m % w)
        if not closed:
            continue
        is_rect = (r1 - r0 + 1) * (c1 - c0 + 1) == k
        if col[kk] == 1 and rect == 1 and not is_rect:
            return False, stamp
        if col[kk] == 0 and ban == 1 and is_rect:
            return False, stamp
        for j in range(k):
            x = clue[members[j]]
            if x > 0 and x != k:
                return False, stamp
    return True, stamp


@njit(cache=True)
def _cells_jit(nbrs, clue, h, w, rect, ban, limit, max_nodes, out):
    n = h * w
    col = np.full(n, -1, np.int64)
    mark = np.zeros(n, np.int64)
    stack = np.empty(n, np.int64)
    members = np.empty(n, np.int64)
    stamp = 0
    cnt = 0
    nodes = 0
    i = 0
    while i >= 0:
        if i == n:
            cnt = found_jit(out, cnt, col)
            if cnt >= limit:
                return cnt, nodes, False
            i -= 1
            continue
        if col[i] == 1:
            col[i] = -1
            i -= 1
            continue
        col[i] += 1
        nodes += 1
        if nodes > max_nodes:
            return cnt, nodes, True
        ok, stamp = _step_ok(i, col, nbrs, clue, h, w, rect, ban, mark, stamp, stack, members)
        if ok:
            i += 1
    return cnt, nodes, False
