"""Two engines that never mention a segment variable: the cutter and the router.

The *cutter* anchors on the lowest free cell and cuts the grid into paths
directly: a numbered anchor starts a path that must end on its twin; an empty
anchor lies inside a path whose two arms each run to a number, and the arms'
numbers must agree (with ``fill`` off it may also stay unused).  The *router*
counts answers with rule 3 off the other way: it routes pair 1, then pair 2,
and so on, each through free empty cells.  Both share nothing with
``ladder.py`` but :mod:`puzzlekit.core.grid`; every recursion level owns its
own loop variables (no buffer is shared between depths).
"""
from __future__ import annotations

from dataclasses import replace

import numpy as np
from numba import njit

from ..core.search import Count
from .model import Answer

__all__ = ["count_solutions", "solutions", "route_count", "iter_solutions", "MAX_NODES"]

MAX_NODES = 5_000_000      # the engines' default node budget


def _arrays(puzzle):
    g = puzzle.grid
    mate = np.full(g.n, -1, dtype=np.int32)
    for a, b in puzzle.ends:
        mate[a], mate[b] = b, a
    return (np.ascontiguousarray(g.nbrs), np.ascontiguousarray(g.cell_edges),
            np.ascontiguousarray(puzzle.label, dtype=np.int32), mate)


def solutions(puzzle, limit=2, max_nodes=MAX_NODES, fill=None) -> Count:
    """The cutter's count up to ``limit`` (``capped`` when it ran out of
    nodes) and its answers (at most ``limit``, at most 64) as
    :class:`~puzzlekit.numberlink.model.Answer` objects.  ``fill``
    overrides the puzzle's switch.

    >>> from puzzlekit.numberlink.model import Puzzle
    >>> r = solutions(Puzzle(2, 2, [[1, 1], [0, 0]], fill=False), 5)
    >>> r.count, r.capped, len(r.solutions)
    (2, False, 2)
    """
    r, sols = _cut(puzzle, limit, max_nodes, fill, keep=64)
    return replace(r, solutions=tuple(Answer(puzzle.h, puzzle.w, s) for s in sols))


def count_solutions(puzzle, limit=2, max_nodes=MAX_NODES, fill=None) -> Count:
    """The cutter's count up to ``limit``.

    >>> from puzzlekit.numberlink.model import Puzzle
    >>> count_solutions(Puzzle(2, 3, [[0, 1, 0], [0, 1, 0]])).count   # the 2x3 witness
    0
    """
    return _cut(puzzle, limit, max_nodes, fill, keep=0)[0]


def iter_solutions(puzzle, limit=1000, max_nodes=MAX_NODES):
    """The cutter's answers as segment masks (at most ``limit``, at most 64)."""
    yield from _cut(puzzle, limit, max_nodes, None, keep=64)[1]


def _cut(puzzle, limit, max_nodes, fill, keep):
    """The cutter's count, and its first answers (at most ``limit`` and ``keep``)
    as segment masks.  A board with no pair has none: an answer draws a line."""
    if not puzzle.k:
        return Count(0, False, 0, int(limit)), []
    fill = puzzle.fill if fill is None else bool(fill)
    nbrs, cedge, label, mate = _arrays(puzzle)
    m = len(puzzle.grid.edges)
    own = np.zeros(puzzle.n, dtype=np.int8)
    on = np.zeros(m, dtype=np.bool_)
    res = np.zeros(3, dtype=np.int64)
    keep = max(0, min(int(limit), int(keep)))
    sols = np.zeros((keep, m), dtype=np.bool_)
    _cut_jit(nbrs, cedge, label, mate, own, on, res, sols, fill, int(limit), int(max_nodes))
    r = Count(int(res[0]), bool(res[2]), int(res[1]), int(limit))
    return r, [sols[i].copy() for i in range(min(r.count, keep))]


def route_count(puzzle, limit=2, max_nodes=MAX_NODES) -> Count:
    """Answers with rule 3 off, counted by routing the pairs one after another.

    >>> from puzzlekit.numberlink.model import Puzzle
    >>> route_count(Puzzle(2, 3, [[0, 1, 0], [0, 1, 0]]), 10).count
    3
    """
    nbrs, cedge, label, mate = _arrays(puzzle)
    ends = np.ascontiguousarray(puzzle.ends, dtype=np.int32)
    own = np.zeros(puzzle.n, dtype=np.int8)
    res = np.zeros(3, dtype=np.int64)
    if puzzle.k:       # with no pair there is no line, and so no answer
        _route_jit(ends, nbrs, label, mate, own, res, int(limit), int(max_nodes))
    return Count(int(res[0]), bool(res[2]), int(res[1]), int(limit))


# the two directions of an empty anchor's arms, first arm first
_PAIRS = np.array([(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)], dtype=np.int64)


# --------------------------------------------------------------------------- kernels
@njit(cache=True)
def _viable(nbrs, label, mate, own, fill):
    """No free cell is starved of free neighbours, and every open pair's two
    ends still meet through free empty cells."""
    n = len(own)
    for i in range(n):
        if own[i] != 0:
            continue
        f = 0
        for d in range(4):
            j = nbrs[i, d]
            if j >= 0 and own[j] == 0:
                f += 1
        if label[i] > 0:
            if f < 1:
                return False
        elif fill and f < 2:
            return False
    seen = np.zeros(n, dtype=np.bool_)
    stack = np.empty(n, dtype=np.int32)
    for s in range(n):
        if own[s] != 0 or label[s] == 0 or mate[s] < s:
            continue
        t = mate[s]
        seen[:] = False
        top = 0
        stack[top] = s
        top += 1
        seen[s] = True
        ok = False
        while top > 0 and not ok:
            top -= 1
            v = stack[top]
            for d in range(4):
                x = nbrs[v, d]
                if x < 0 or seen[x] or own[x] != 0:
                    continue
                if x == t:
                    ok = True
                    break
                if label[x] == 0:
                    seen[x] = True
                    stack[top] = x
                    top += 1
        if not ok:
            return False
    return True


@njit(cache=True)
def _tip_ok(nbrs, label, own, fill, cur, x, target, skip):
    """After a path steps from ``cur`` to ``x``: no free cell next to either is
    starved (the open tip ``x`` counts as a neighbour; ``skip`` is exempt),
    and ``target`` (when known) is still reachable from ``x``."""
    open_tip = x != target
    for s in range(2):
        c = cur if s == 0 else x
        for d in range(4):
            z = nbrs[c, d]
            if z < 0 or own[z] != 0 or z == skip:
                continue
            f = 0
            for e in range(4):
                y = nbrs[z, e]
                if y >= 0 and (own[y] == 0 or (open_tip and y == x)):
                    f += 1
            need = 1 if label[z] > 0 else (2 if fill else 0)
            if f < need:
                return False
    if target < 0 or not open_tip:
        return True
    n = len(own)
    seen = np.zeros(n, dtype=np.bool_)
    stack = np.empty(n, dtype=np.int64)
    stack[0] = x
    top = 1
    seen[x] = True
    while top > 0:
        top -= 1
        v = stack[top]
        for d in range(4):
            z = nbrs[v, d]
            if z < 0 or seen[z] or own[z] != 0:
                continue
            if z == target:
                return True
            if label[z] == 0:
                seen[z] = True
                stack[top] = z
                top += 1
    return False


@njit(cache=True)
def _cut_jit(nbrs, cedge, label, mate, own, on, res, sols, fill, limit, max_nodes):
    """The cutter as an explicit stack of frames.  Frame phases: 0 anchor on
    the lowest free cell; 1 grow a path from ``cur`` to ``target``; 2 grow the
    first arm of empty anchor ``u`` (its second arm leaves ``u`` in direction
    ``b``); 3 start that second arm.  Each frame undoes the cell and segment
    it marked for its last child before trying the next."""
    n = len(own)
    cap = 2 * n + 8
    ph = np.zeros(cap, np.int64)
    cu = np.zeros(cap, np.int64)
    tg = np.zeros(cap, np.int64)
    bb = np.zeros(cap, np.int64)
    uu = np.zeros(cap, np.int64)
    it = np.full(cap, -1, np.int64)
    mx = np.full(cap, -1, np.int64)
    me = np.full(cap, -1, np.int64)
    top = 1
    ph[0] = 0
    it[0] = -1
    while top > 0:
        f = top - 1
        if it[f] < 0:
            res[1] += 1
            if res[1] > max_nodes:
                res[2] = 1
                return
            it[f] = 0
            mx[f] = -1
            if ph[f] == 0:
                if not _viable(nbrs, label, mate, own, fill):
                    top -= 1
                    continue
                a0 = -1
                for i in range(n):
                    if own[i] == 0:
                        a0 = i
                        break
                if a0 < 0:
                    if res[0] < sols.shape[0]:
                        sols[res[0], :] = on
                    res[0] += 1
                    if res[0] >= limit:
                        return
                    top -= 1
                    continue
                own[a0] = 1
                uu[f] = a0
            elif ph[f] == 3:
                y = nbrs[uu[f], bb[f]]
                if own[y] != 0 or own[tg[f]] != 0 or (y != tg[f] and label[y] != 0):
                    top -= 1
                    continue
        elif mx[f] >= 0:
            own[mx[f]] = 0
            on[me[f]] = False
            mx[f] = -1
        p = ph[f]
        # the next child of frame f, or pop it
        cp, cc, ct, cb = -1, -1, -1, -1
        if p == 0:
            a0 = uu[f]
            if label[a0] > 0:
                if it[f] == 0:
                    it[f] = 1
                    cp, cc, ct = 1, a0, mate[a0]
            else:
                while it[f] < 6 and cp < 0:
                    d1, d2 = _PAIRS[it[f], 0], _PAIRS[it[f], 1]
                    it[f] += 1
                    x = nbrs[a0, d1]
                    y = nbrs[a0, d2]
                    if x < 0 or y < 0 or own[x] != 0 or own[y] != 0:
                        continue
                    own[x] = 1
                    on[cedge[a0, d1]] = True
                    mx[f], me[f] = x, cedge[a0, d1]
                    if label[x] > 0:
                        cp, cc, ct, cb = 3, a0, mate[x], d2
                    else:
                        cp, cc, cb = 2, x, d2
                if cp < 0 and it[f] == 6 and not fill:
                    it[f] = 7
                    own[a0] = 2          # the anchor stays unused
                    cp = 0
            if cp < 0:
                own[a0] = 0
                top -= 1
                continue
        elif p == 1 or p == 2:
            cur = cu[f]
            y = nbrs[uu[f], bb[f]] if p == 2 else -1
            while it[f] < 4 and cp < 0:
                d = it[f]
                it[f] += 1
                x = nbrs[cur, d]
                if x < 0 or own[x] != 0 or x == y:
                    continue
                if p == 1 and x != tg[f] and label[x] != 0:
                    continue
                own[x] = 1
                if not _tip_ok(nbrs, label, own, fill, cur, x, tg[f] if p == 1 else -1, y):
                    own[x] = 0
                    continue
                on[cedge[cur, d]] = True
                mx[f], me[f] = x, cedge[cur, d]
                if p == 1:
                    if x == tg[f]:
                        cp = 0
                    else:
                        cp, cc, ct = 1, x, tg[f]
                elif label[x] > 0:
                    cp, cc, ct, cb = 3, uu[f], mate[x], bb[f]
                else:
                    cp, cc, cb = 2, x, bb[f]
            if cp < 0:
                top -= 1
                continue
        else:
            if it[f] == 0:
                it[f] = 1
                y = nbrs[uu[f], bb[f]]
                own[y] = 1
                on[cedge[uu[f], bb[f]]] = True
                mx[f], me[f] = y, cedge[uu[f], bb[f]]
                if y == tg[f]:
                    cp = 0
                else:
                    cp, cc, ct = 1, y, tg[f]
            else:
                top -= 1
                continue
        ph[top], cu[top], tg[top], bb[top], uu[top] = cp, cc, ct, cb, uu[f]
        it[top] = -1
        mx[top] = -1
        top += 1




@njit(cache=True)
def _route_jit(ends, nbrs, label, mate, own, res, limit, max_nodes):
    """Route pair 0, then pair 1, ... each from its first end to its second
    through free empty cells; an explicit stack, one frame per path cell."""
    n = len(own)
    k = ends.shape[0]
    cap = n + k + 4
    pk = np.zeros(cap, np.int64)
    cu = np.zeros(cap, np.int64)
    it = np.full(cap, -1, np.int64)
    mx = np.full(cap, -1, np.int64)
    top = 1
    pk[0], cu[0] = 0, ends[0, 0]
    own[ends[0, 0]] = 1
    while top > 0:
        f = top - 1
        if it[f] < 0:
            res[1] += 1
            if res[1] > max_nodes:
                res[2] = 1
                return
            it[f] = 0
            mx[f] = -1
            if pk[f] == k:
                res[0] += 1
                if res[0] >= limit:
                    return
                top -= 1
                continue
        elif mx[f] >= 0:
            own[mx[f]] = 0
            mx[f] = -1
        j = pk[f]
        t = ends[j, 1]
        pushed = False
        while it[f] < 4 and not pushed:
            d = it[f]
            it[f] += 1
            x = nbrs[cu[f], d]
            if x < 0 or own[x] != 0 or (x != t and label[x] != 0):
                continue
            own[x] = 1
            if x != t and not _tip_ok(nbrs, label, own, False, cu[f], x, t, -1):
                own[x] = 0
                continue
            if x == t and j + 1 < k and not _viable(nbrs, label, mate, own, False):
                own[x] = 0
                continue
            mx[f] = x
            if x == t:
                if j + 1 < k:
                    # the next pair starts: its first end is marked by this frame's child
                    pk[top], cu[top] = j + 1, ends[j + 1, 0]
                    own[ends[j + 1, 0]] = 1
                else:
                    pk[top], cu[top] = k, -1
            else:
                pk[top], cu[top] = j, x
            it[top] = -1
            top += 1
            pushed = True
        if not pushed:
            if cu[f] == ends[j, 0]:
                own[cu[f]] = 0
            top -= 1
