"""The raw engine: deal each domino its three states in scan order, keep only raw
bookkeeping (touching poles, running line tallies, given poles), and score every
leaf against the rules as written.  Empty cells are dealt nothing and stay
neutral.  It shares nothing with the ladder but ``core.grid``.
"""
from __future__ import annotations

from dataclasses import replace

import numpy as np
from numba import njit

from ..core.brute import run
from ..core.grid import Grid
from ..core.search import Count
from .model import Answer

__all__ = ["brute_count", "brute_solutions", "iter_solutions", "MAX_NODES"]

MAX_NODES = 50_000_000    # the engine's default node budget


def _deal(puzzle, limit, max_nodes, keep):
    """The count, and the first ``keep`` answers as ``(h, w)`` int8 grids
    (0 = +, 1 = -, 2 = neutral)."""
    h, w = puzzle.h, puzzle.w
    part = np.asarray(puzzle.partner, dtype=np.int32)
    i = np.arange(h * w)
    first = i[part > i]
    dom = np.ascontiguousarray(np.stack([first, part[first]], axis=1), dtype=np.int32)
    nb = np.ascontiguousarray(Grid(h, w).nbrs, dtype=np.int32)
    lines = [np.ascontiguousarray(a, dtype=np.int32) for a in
             (puzzle.plus_rows, puzzle.minus_rows, puzzle.plus_cols, puzzle.minus_cols)]
    give = np.ascontiguousarray(puzzle.given, dtype=np.int8)
    r, rows = run(_deal_jit, (h, w, dom, nb, *lines, part, give), h * w, limit, max_nodes,
                  keep, np.int8)
    return r, [g.reshape(h, w) for g in rows]


def brute_count(puzzle, limit: int = 2, max_nodes: int = MAX_NODES) -> Count:
    """The GenreSpec hook: solutions counted up to ``limit``, with the cap and
    the nodes dealt.

    >>> from puzzlekit.magnets.model import Puzzle
    >>> r = brute_count(Puzzle.from_json({"h": 1, "w": 2, "dominoes": ["LR"]}), 5)
    >>> r.count, r.capped, r.status
    (3, False, 'multiple')
    >>> brute_count(Puzzle.from_json({"h": 1, "w": 4, "dominoes": ["LRLR"]}), 100).count
    7
    """
    return _deal(puzzle, limit, max_nodes, 0)[0]


def brute_solutions(puzzle, limit: int = 2, max_nodes: int = MAX_NODES) -> Count:
    """Like :func:`brute_count`, with the answers found (at most ``limit``) as
    :class:`~puzzlekit.magnets.model.Answer` objects in ``solutions``.

    >>> from puzzlekit.magnets.model import Puzzle
    >>> p = Puzzle.from_json({"h": 1, "w": 2, "dominoes": ["LR"], "plus_rows": [1]})
    >>> brute_solutions(p, 5).solutions
    (Answer(+-), Answer(-+))
    """
    r, grids = _deal(puzzle, limit, max_nodes, limit)
    return replace(r, solutions=tuple(Answer(g) for g in grids))


def iter_solutions(puzzle, limit: int = 1000):
    """Yield solutions (``(h, w)`` int8 grids: 0 = +, 1 = -, 2 = neutral) one
    by one, up to ``limit``."""
    yield from _deal(puzzle, limit, MAX_NODES, limit)[1]


# ---------------------------------------------------------------- kernels
@njit(cache=True)
def _leaf_ok(h, w, dom, g, pr, mr, pc, mc, part, give):
    """The rule text, checked from scratch on a complete grid."""
    for x in range(h * w):
        if part[x] < 0 and g[x] != 2:          # an empty cell stays empty
            return False
        if give[x] >= 0 and g[x] != give[x]:   # a given pole is kept
            return False
    for r in range(h):
        for c in range(w):
            v = g[r * w + c]
            if v < 2:
                if c + 1 < w and g[r * w + c + 1] == v:
                    return False
                if r + 1 < h and g[(r + 1) * w + c] == v:
                    return False
    for d in range(dom.shape[0]):
        a = g[dom[d, 0]]
        b = g[dom[d, 1]]
        if (a == 2) != (b == 2):
            return False
    for r in range(h):
        if not _line_ok(g, r * w, 1, w, pr[r], mr[r]):
            return False
    for c in range(w):
        if not _line_ok(g, c, w, h, pc[c], mc[c]):
            return False
    return True


@njit(cache=True)
def _line_ok(g, first, step, length, plus, minus):
    """The ``length`` cells from ``first`` by ``step`` hold ``plus`` + poles and
    ``minus`` - poles (a number below 0 is not printed)."""
    p = 0
    m = 0
    for i in range(length):
        p += g[first + i * step] == 0
        m += g[first + i * step] == 1
    return (plus < 0 or plus == p) and (minus < 0 or minus == m)


@njit(cache=True)
def _fits(g, x, v, nb, w, tally, left, pr, mr, pc, mc, give):
    """Can cell x take value v given the cells dealt so far (raw bookkeeping)?"""
    if give[x] >= 0 and v != give[x]:
        return False
    if v < 2:
        for d in range(4):
            j = nb[x, d]
            if j >= 0 and g[j] == v:
                return False
    r = x // w
    c = x % w
    if v == 0:
        if pr[r] >= 0 and tally[0, r] + 1 > pr[r]:
            return False
        if pc[c] >= 0 and tally[2, c] + 1 > pc[c]:
            return False
    elif v == 1:
        if mr[r] >= 0 and tally[1, r] + 1 > mr[r]:
            return False
        if mc[c] >= 0 and tally[3, c] + 1 > mc[c]:
            return False
    return True


@njit(cache=True)
def _place(g, x, v, w, tally, left, sgn):
    r = x // w
    c = x % w
    if sgn > 0:
        g[x] = v
    else:
        g[x] = -1
    left[0, r] -= sgn
    left[1, c] -= sgn
    if v == 0:
        tally[0, r] += sgn
        tally[2, c] += sgn
    elif v == 1:
        tally[1, r] += sgn
        tally[3, c] += sgn


@njit(cache=True)
def _reachable(x, w, tally, left, pr, mr, pc, mc):
    """Can the lines of cell x still reach their clues with the cells left?"""
    r = x // w
    c = x % w
    if pr[r] >= 0 and tally[0, r] + left[0, r] < pr[r]:
        return False
    if mr[r] >= 0 and tally[1, r] + left[0, r] < mr[r]:
        return False
    if pc[c] >= 0 and tally[2, c] + left[1, c] < pc[c]:
        return False
    if mc[c] >= 0 and tally[3, c] + left[1, c] < mc[c]:
        return False
    # both signs draw on the same cells left
    if pr[r] >= 0 and mr[r] >= 0 and pr[r] - tally[0, r] + mr[r] - tally[1, r] > left[0, r]:
        return False
    if pc[c] >= 0 and mc[c] >= 0 and pc[c] - tally[2, c] + mc[c] - tally[3, c] > left[1, c]:
        return False
    return True


@njit(cache=True)
def _deal_jit(h, w, dom, nb, pr, mr, pc, mc, part, give, limit, max_nodes, out):
    n = h * w
    nd = dom.shape[0]
    g = np.full(n, -1, dtype=np.int8)
    tally = np.zeros((4, max(h, w)), dtype=np.int64)
    left = np.zeros((2, max(h, w)), dtype=np.int64)   # cells of each row / column not dealt
    for x in range(n):
        if part[x] < 0:
            g[x] = 2                 # an empty cell: neutral, never dealt
        else:
            left[0, x // w] += 1
            left[1, x % w] += 1
    state = np.full(nd, -1, dtype=np.int64)   # state dealt to domino d (-1: none yet)
    # states: 0 neutral, 1 = (first +, second -), 2 = (first -, second +)
    va = np.array([2, 0, 1])
    vb = np.array([2, 1, 0])
    d = 0
    found = 0
    nodes = 0
    if nd == 0:                      # nothing to deal: the grid is complete
        if _leaf_ok(h, w, dom, g, pr, mr, pc, mc, part, give):
            if out.shape[0] > 0:
                for i in range(n):
                    out[0, i] = g[i]
            return 1, 1, False
        return 0, 1, False
    while d >= 0:
        a = dom[d, 0]
        b = dom[d, 1]
        if state[d] >= 0:      # take back the previous state of domino d
            _place(g, b, vb[state[d]], w, tally, left, -1)
            _place(g, a, va[state[d]], w, tally, left, -1)
        s = state[d] + 1
        placed = False
        while s < 3:
            nodes += 1
            if nodes > max_nodes:
                return found, nodes, True
            if _fits(g, a, va[s], nb, w, tally, left, pr, mr, pc, mc, give):
                _place(g, a, va[s], w, tally, left, 1)
                if _fits(g, b, vb[s], nb, w, tally, left, pr, mr, pc, mc, give):
                    _place(g, b, vb[s], w, tally, left, 1)
                    if _reachable(a, w, tally, left, pr, mr, pc, mc) and \
                            _reachable(b, w, tally, left, pr, mr, pc, mc):
                        placed = True
                        break
                    _place(g, b, vb[s], w, tally, left, -1)
                _place(g, a, va[s], w, tally, left, -1)
            s += 1
        if not placed:
            state[d] = -1
            d -= 1
            continue
        state[d] = s
        if d == nd - 1:
            if _leaf_ok(h, w, dom, g, pr, mr, pc, mc, part, give):
                if found < out.shape[0]:
                    for i in range(n):
                        out[found, i] = g[i]
                found += 1
                if found >= limit:
                    return found, nodes, False
        else:
            d += 1
            state[d] = -1
    return found, nodes, False
