"""Three independent Country Road counters, sharing only grid geometry.

- :func:`walk` (the raw engine of the spec, :func:`brute_count` and
  :func:`brute_solutions`): walk the loop cell by cell from
  its first cell in the first visited country, leaving each country once and
  never entering a finished one, closing a country's empty cells as it is
  left and refusing a walk that can no longer reach the countries still to
  visit;
- :func:`loops_first`: enumerate every simple cycle of the grid and keep
  those that obey the rules (empty cells are the cycle's complement);
- :func:`cells_first`: fix which cells carry the road (empty-cell and
  number rules checked as cells are fixed), then count the Hamiltonian
  cycles through exactly those cells.

None of them imports the ladder; each is capped by a node budget and says so,
and reports a :class:`~puzzlekit.core.search.Count` with up to ``keep``
answers (default ``limit``).
"""
from __future__ import annotations

import numpy as np
from numba import njit

from ..core.search import Count
from .model import Answer, Puzzle

__all__ = ["walk", "loops_first", "cells_first", "brute_count", "brute_solutions", "MAX_NODES"]

MAX_NODES = 3_000_000      # the loop walker's default node budget


def _arrays(p: Puzzle):
    g = p.grid
    return (np.ascontiguousarray(g.nbrs), np.ascontiguousarray(g.cell_edges),
            np.ascontiguousarray(g.edges), np.ascontiguousarray(p.regions, dtype=np.int32),
            p.clue_array())


def _count(kernel, p: Puzzle, with_edges: bool, limit, max_nodes, keep) -> Count:
    """Run one of the three kernels (``with_edges``: it reads the edge list):
    the count, and up to ``keep`` (default ``limit``) loops as answers."""
    keep = limit if keep is None else keep
    nb, ce, E, reg, clue = _arrays(p)
    head = (nb, ce, E, reg) if with_edges else (nb, ce, reg)
    sols = np.zeros((max(keep, 1), len(E)), dtype=np.bool_)
    found, capped, nodes = kernel(*head, p.k, clue, bool(p.skip), int(limit), int(max_nodes),
                                  sols, int(keep))
    return Count(int(found), bool(capped), int(nodes), int(limit),
                 tuple(Answer(p.h, p.w, sols[i].copy()) for i in range(min(int(found), keep))))


def brute_count(puzzle: Puzzle, limit: int = 2, max_nodes: int = MAX_NODES) -> Count:
    """The loop walker's count up to ``limit``, no answers kept (the GenreSpec hook).

    >>> brute_count(Puzzle.make([[0, 0, 1], [0, 0, 1]], {0: 4}), limit=5).status
    'unique'
    """
    return walk(puzzle, limit, max_nodes, keep=0)


def brute_solutions(puzzle: Puzzle, limit: int = 2, max_nodes: int = MAX_NODES) -> Count:
    """The loop walker's count and answers (at most ``limit``)."""
    return walk(puzzle, limit, max_nodes)


def walk(p: Puzzle, limit: int = 2, max_nodes: int = MAX_NODES, keep: int | None = None) -> Count:
    """Count answers up to ``limit`` by walking the loop.

    >>> walk(Puzzle.make([[0, 0, 1], [0, 0, 1]], {0: 4}), limit=5).count
    1
    """
    return _count(_walk_jit, p, False, limit, max_nodes, keep)


def loops_first(p: Puzzle, limit: int = 2, max_nodes: int = 50_000_000,
                keep: int | None = None) -> Count:
    """Count answers up to ``limit`` among all simple cycles of the grid.

    >>> loops_first(Puzzle.make([[0, 1], [2, 3]]), limit=5).count
    1
    """
    return _count(_loops_jit, p, True, limit, max_nodes, keep)


def cells_first(p: Puzzle, limit: int = 2, max_nodes: int = 20_000_000,
                keep: int | None = None) -> Count:
    """Count answers up to ``limit``: road cells first, then their routings.

    >>> cells_first(Puzzle.make([[0, 0, 1], [0, 0, 1]], {0: 4}), limit=5).count
    1
    """
    return _count(_cells_jit, p, True, limit, max_nodes, keep)


# ---------------------------------------------------------------- kernels
@njit(cache=True)
def _rules_ok(on, used, E, reg, k, clue, skip):
    """Countries once, numbers, facing empties: the rules besides the loop's shape."""
    cross = np.zeros(k, dtype=np.int64)
    road = np.zeros(k, dtype=np.int64)
    for x in range(len(on)):
        if on[x]:
            road[reg[x]] += 1
    for e in range(len(E)):
        a, b = E[e, 0], E[e, 1]
        if reg[a] != reg[b]:
            if used[e]:
                cross[reg[a]] += 1
                cross[reg[b]] += 1
            elif not on[a] and not on[b]:
                return False
    for r in range(k):
        if cross[r] > 2:
            return False
        if road[r] == 0 and not skip:
            return False
        if clue[r] >= 0 and road[r] != clue[r]:
            return False
    return True


@njit(cache=True)
def _store(path, d, s, ce, nb, sols, found, keep):
    if found < keep:
        sols[found, :] = False
        for i in range(d + 1):
            a = path[i]
            b = path[i + 1] if i < d else s
            for t in range(4):
                if nb[a, t] == b:
                    sols[found, ce[a, t]] = True


@njit(cache=True)
def _walk_jit(nb, ce, reg, k, clue, skip, limit, max_nodes, sols, keep):
    n = nb.shape[0]
    status = np.zeros(n, dtype=np.int8)        # 0 free, 1 road, 2 empty for good
    cst = np.zeros(k, dtype=np.int8)           # 0 unvisited, 1 inside, 2 closed, 3 away (start)
    cnt = np.zeros(k, dtype=np.int64)
    path = np.empty(n + 1, dtype=np.int64)
    dirs = np.zeros(n + 1, dtype=np.int64)
    undo = np.empty(n, dtype=np.int64)
    sv = np.zeros((n + 1, 7), dtype=np.int64)
    seen = np.zeros(n, dtype=np.int64)
    queue = np.empty(n, dtype=np.int64)
    stamp = 0
    found = 0
    nodes = 0
    starts = k if skip else 1
    for c0 in range(starts):
        if found >= limit:
            break
        for s in range(n):
            if reg[s] != c0:
                continue
            if found >= limit or nodes >= max_nodes:
                break
            # reset
            for x in range(n):
                status[x] = 2 if (reg[x] < c0 or (reg[x] == c0 and x < s)) else 0
            for r in range(k):
                cst[r] = 2 if r < c0 else 0
                cnt[r] = 0
            nclosed = c0
            left0 = False
            top = 0
            status[s] = 1
            cst[c0] = 1
            cnt[c0] = 1
            path[0] = s
            dirs[0] = 0
            d = 0
            while d >= 0:
                if found >= limit:
                    break
                if nodes >= max_nodes:
                    return found, True, nodes
                u = path[d]
                if dirs[d] == 4:
                    if d == 0:
                        break
                    # undo the move into path[d]
                    status[u] = 0
                    cnt[reg[u]] -= 1
                    while top > sv[d, 0]:
                        top -= 1
                        status[undo[top]] = 0
                    cst[sv[d, 1]] = sv[d, 2]
                    cst[sv[d, 3]] = sv[d, 4]
                    left0 = sv[d, 5] == 1
                    nclosed = sv[d, 6]
                    d -= 1
                    continue
                t = dirs[d]
                dirs[d] += 1
                v = nb[u, t]
                if v < 0:
                    continue
                cu = reg[u]
                if v == s:
                    if d < 3 or path[1] > path[d]:
                        continue
                    ok = True
                    if cu == c0:
                        if not left0 and not skip and k > 1:
                            ok = False
                    else:
                        if not (left0 and cst[c0] == 3):
                            ok = False
                        elif not skip and nclosed != k - 2:
                            ok = False
                    if ok:
                        for r in range(k):
                            if clue[r] >= 0 and cnt[r] != clue[r]:
                                ok = False
                            if cnt[r] == 0 and not skip:
                                ok = False
                    if ok:
                        for x in range(n):
                            if status[x] != 1:
                                for tt in range(4):
                                    y = nb[x, tt]
                                    if y >= 0 and reg[y] != reg[x] and status[y] != 1:
                                        ok = False
                    if ok:
                        _store(path, d, s, ce, nb, sols, found, keep)
                        found += 1
                    continue
                if status[v] != 0:
                    continue
                cv = reg[v]
                nodes += 1
                sv[d + 1, 0] = top
                sv[d + 1, 1] = cu
                sv[d + 1, 2] = cst[cu]
                sv[d + 1, 3] = cv
                sv[d + 1, 4] = cst[cv]
                sv[d + 1, 5] = 1 if left0 else 0
                sv[d + 1, 6] = nclosed
                ok = True
                if cv == cu:
                    if clue[cv] >= 0 and cnt[cv] + 1 > clue[cv]:
                        ok = False
                else:
                    if cu == c0:
                        if left0:
                            ok = False
                        else:
                            left0 = True
                            cst[c0] = 3
                    else:
                        if clue[cu] >= 0 and cnt[cu] != clue[cu]:
                            ok = False
                        else:
                            cst[cu] = 2
                            nclosed += 1
                            for x in range(n):
                                if reg[x] == cu and status[x] == 0:
                                    status[x] = 2
                                    undo[top] = x
                                    top += 1
                            for x in range(n):
                                if reg[x] == cu and status[x] == 2:
                                    for tt in range(4):
                                        y = nb[x, tt]
                                        if y >= 0 and reg[y] != cu and status[y] == 2:
                                            ok = False
                    if ok:
                        if cv == c0:
                            if cst[c0] != 3 or (not skip and nclosed != k - 1):
                                ok = False
                            else:
                                cst[c0] = 1
                        elif cst[cv] == 0:
                            cst[cv] = 1
                        else:
                            ok = False
                if ok:
                    # can the walk still get home and through every unvisited country?
                    stamp += 1
                    seen[v] = stamp
                    qh = 0
                    qt = 1
                    queue[0] = v
                    home = False
                    while qh < qt:
                        x = queue[qh]
                        qh += 1
                        for tt in range(4):
                            y = nb[x, tt]
                            if y < 0:
                                continue
                            if y == s:
                                home = True
                            if status[y] == 0 and seen[y] != stamp:
                                seen[y] = stamp
                                queue[qt] = y
                                qt += 1
                    if not home:
                        ok = False
                    elif not skip:
                        for r in range(k):
                            if cst[r] == 0:
                                hit = False
                                for i in range(qt):
                                    if reg[queue[i]] == r:
                                        hit = True
                                        break
                                if not hit:
                                    ok = False
                                    break
                if not ok:
                    while top > sv[d + 1, 0]:
                        top -= 1
                        status[undo[top]] = 0
                    cst[sv[d + 1, 1]] = sv[d + 1, 2]
                    cst[sv[d + 1, 3]] = sv[d + 1, 4]
                    left0 = sv[d + 1, 5] == 1
                    nclosed = sv[d + 1, 6]
                    continue
                status[v] = 1
                cnt[cv] += 1
                d += 1
                path[d] = v
                dirs[d] = 0
    return found, False, nodes


@njit(cache=True)
def _loops_jit(nb, ce, E, reg, k, clue, skip, limit, max_nodes, sols, keep):
    """Every simple cycle once: its lowest cell ``s`` first, cells above ``s``
    only, and of the two directions the one whose second cell is lower."""
    n = nb.shape[0]
    m = E.shape[0]
    on = np.zeros(n, dtype=np.bool_)
    used = np.zeros(m, dtype=np.bool_)
    path = np.empty(n + 1, dtype=np.int64)
    pedge = np.empty(n + 1, dtype=np.int64)
    dirs = np.zeros(n + 1, dtype=np.int64)
    found = 0
    nodes = 0
    for s in range(n):
        if found >= limit:
            break
        path[0] = s
        on[s] = True
        dirs[0] = 0
        d = 0
        while d >= 0 and found < limit:
            if nodes >= max_nodes:
                return found, True, nodes
            u = path[d]
            if dirs[d] == 4:
                on[u] = False
                if d > 0:
                    used[pedge[d]] = False
                d -= 1
                continue
            t = dirs[d]
            dirs[d] += 1
            v = nb[u, t]
            if v < s:
                continue
            if v == s:
                if d >= 3 and path[1] < path[d]:
                    nodes += 1
                    e = ce[u, t]
                    used[e] = True
                    if _rules_ok(on, used, E, reg, k, clue, skip):
                        if found < keep:
                            sols[found, :] = used
                        found += 1
                    used[e] = False
                continue
            if on[v]:
                continue
            nodes += 1
            on[v] = True
            d += 1
            path[d] = v
            pedge[d] = ce[u, t]
            used[pedge[d]] = True
            dirs[d] = 0
        for x in range(n):
            on[x] = False
        for e in range(m):
            used[e] = False
    return found, False, nodes


@njit(cache=True)
def _cells_jit(nb, ce, E, reg, k, clue, skip, limit, max_nodes, sols, keep):
    """Cells in row-major order, road (1) or empty (0); a complete set that
    passes the cell rules is handed to a Hamiltonian-cycle count."""
    n = nb.shape[0]
    m = E.shape[0]
    val = np.full(n, -1, dtype=np.int8)
    last = np.zeros(k, dtype=np.int64)
    size = np.zeros(k, dtype=np.int64)
    for x in range(n):
        last[reg[x]] = x
        size[reg[x]] += 1
    road = np.zeros(k, dtype=np.int64)
    empt = np.zeros(k, dtype=np.int64)
    on = np.zeros(n, dtype=np.bool_)
    used = np.zeros(m, dtype=np.bool_)
    path = np.empty(n + 1, dtype=np.int64)
    dirs = np.zeros(n + 1, dtype=np.int64)
    found = 0
    nodes = 0
    x = 0
    choice = np.zeros(n + 1, dtype=np.int8)     # next value to try at cell x: 0, 1, 2=done
    while x >= 0 and found < limit:
        if nodes >= max_nodes:
            return found, True, nodes
        if x == n:
            # the routing count over the chosen cells
            s = -1
            tot = 0
            for y in range(n):
                on[y] = val[y] == 1
                if on[y]:
                    tot += 1
                    if s < 0:
                        s = y
            if s >= 0 and tot >= 4:
                path[0] = s
                dirs[0] = 0
                vis = np.zeros(n, dtype=np.bool_)
                vis[s] = True
                d = 0
                while d >= 0 and found < limit:
                    nodes += 1
                    if nodes >= max_nodes:
                        return found, True, nodes
                    u = path[d]
                    if dirs[d] == 4:
                        if d > 0:
                            vis[u] = False
                        d -= 1
                        continue
                    t = dirs[d]
                    dirs[d] += 1
                    v = nb[u, t]
                    if v < 0 or not on[v]:
                        continue
                    if v == s:
                        if d == tot - 1 and d >= 3 and path[1] < path[d]:
                            for e in range(m):
                                used[e] = False
                            for i in range(d + 1):
                                a = path[i]
                                b = path[i + 1] if i < d else s
                                for tt in range(4):
                                    if nb[a, tt] == b:
                                        used[ce[a, tt]] = True
                            if _rules_ok(on, used, E, reg, k, clue, skip):
                                if found < keep:
                                    sols[found, :] = used
                                found += 1
                        continue
                    if vis[v]:
                        continue
                    vis[v] = True
                    d += 1
                    path[d] = v
                    dirs[d] = 0
            x -= 1
            continue
        c = choice[x]
        if c == 2:
            if val[x] == 1:
                road[reg[x]] -= 1
            elif val[x] == 0:
                empt[reg[x]] -= 1
            val[x] = -1
            choice[x] = 0
            x -= 1
            continue
        if val[x] == 1:
            road[reg[x]] -= 1
        elif val[x] == 0:
            empt[reg[x]] -= 1
        choice[x] = c + 1
        val[x] = c
        r = reg[x]
        if c == 1:
            road[r] += 1
        else:
            empt[r] += 1
        nodes += 1
        ok = True
        if clue[r] >= 0 and (road[r] > clue[r] or size[r] - empt[r] < clue[r]):
            ok = False
        if ok and x == last[r] and road[r] == 0 and not skip:
            ok = False
        if ok and c == 0:
            for tt in range(4):
                y = nb[x, tt]
                if y >= 0 and y < x and reg[y] != r and val[y] == 0:
                    ok = False
        if ok:
            # a road cell whose neighbours are all fixed needs two road neighbours
            for tt in range(5):
                y = x if tt == 4 else nb[x, tt]
                if y < 0 or y > x or val[y] != 1:
                    continue
                done = True
                cntn = 0
                for q in range(4):
                    z = nb[y, q]
                    if z < 0:
                        continue
                    if z > x:
                        done = False
                    elif val[z] == 1:
                        cntn += 1
                if done and cntn < 2:
                    ok = False
        if ok:
            x += 1
            if x < n:
                choice[x] = 0
    return found, False, nodes
