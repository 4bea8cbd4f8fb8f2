"""The independent engine: scan for the first uncovered cell, try every piece there.

No domains and no propagation.  The engine walks the cells in row-major
order; at the first white cell no piece covers yet, it tries every tromino
that covers that cell and fits (inside the board, on white uncovered cells),
checking the same-shape rule directly against the pieces already down.
Because every earlier cell is covered, a piece that fits has that cell as its
own first cell, so the six shapes anchored there are all the pieces to try.
It imports nothing from the ladder.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np
from numba import njit

from ..core.search import Count
from .model import Answer, Puzzle, shape_class

__all__ = ["count_solutions", "solutions", "tilings", "TilingStats", "MAX_NODES"]

MAX_NODES = 5_000_000


@dataclass(frozen=True)
class TilingStats:
    """Every tiling of a board, counted: how many, pieces of each shape over
    all of them, pieces crossing a boundary between column triples, and
    whether the count was capped."""

    count: int
    capped: bool
    nodes: int
    shapes: np.ndarray
    crossing: int


_FREE = np.empty(0, dtype=np.int64)


def _run(puzzle: Puzzle, limit: int, max_nodes: int, keep: int, rule: str | None = None,
         prefix=_FREE, cut: int = 0):
    n = puzzle.h * puzzle.w
    cls = shape_class(rule or puzzle.rule)
    keep = max(0, min(int(keep), int(limit)))
    sols = np.empty((keep, n), dtype=np.int64)
    stats = np.zeros(7, dtype=np.int64)
    found, nodes, capped = _dfs_jit(puzzle.h, puzzle.w, np.ascontiguousarray(puzzle.black),
                                    cls, int(limit), int(max_nodes), sols, stats,
                                    np.asarray(prefix, dtype=np.int64), int(cut))
    return (Count(int(found), bool(capped), int(nodes), int(limit)), sols[:min(found, keep)],
            stats)


def count_solutions(puzzle: Puzzle, limit: int = 2, max_nodes: int = MAX_NODES) -> Count:
    """Answers counted up to ``limit``; ``capped`` when the node budget ran out.

    >>> count_solutions(Puzzle.from_json({"size": [3, 4], "black": []}), 100).count
    14
    """
    return _run(puzzle, limit, max_nodes, 0)[0]


def solutions(puzzle: Puzzle, limit: int = 2, max_nodes: int = MAX_NODES) -> Count:
    """As :func:`count_solutions`, with the answers found (at most ``limit``)
    as :class:`~puzzlekit.heteromino.model.Answer` objects."""
    r, sols, _ = _run(puzzle, limit, max_nodes, limit)
    return replace(r, solutions=tuple(Answer.from_owner(o, puzzle.w) for o in sols))


def tilings(puzzle: Puzzle, max_nodes: int = 10 ** 9, rule: str | None = None,
            prefix: tuple = ()) -> TilingStats:
    """Every tiling, counted with its shape totals (no limit on the count);
    with ``prefix`` (from :func:`subtrees`), only the tilings whose first
    pieces, in the engine's order, have those shapes.

    >>> t = tilings(Puzzle.from_json({"size": [2, 6], "black": []}))
    >>> t.count, t.shapes.tolist(), t.crossing
    (4, [0, 0, 4, 4, 4, 4], 0)
    """
    r, _, stats = _run(puzzle, 2 ** 62, max_nodes, 0, rule, prefix=prefix)
    return TilingStats(r.count, r.capped, r.nodes, stats[:6].copy(), int(stats[6]))


def subtrees(puzzle: Puzzle, at_least: int = 256, rule: str | None = None,
             most: int = 200_000) -> list[tuple]:
    """The engine's search tree cut into independent subtrees: the shape
    sequences of its first ``d`` pieces, for the smallest depth ``d`` that
    gives ``at_least`` of them (tilings with fewer pieces are prefixes of
    their own).  Every tiling lies below exactly one prefix, so
    :func:`tilings` summed over them is the whole count.  The cut depends
    on the board alone, never on who runs the subtrees.

    >>> p = Puzzle.from_json({"size": [3, 6], "black": []})
    >>> cut = subtrees(p, at_least=4)
    >>> len(cut) >= 4, sum(tilings(p, prefix=c).count for c in cut) == tilings(p).count
    (True, True)
    """
    n = puzzle.h * puzzle.w
    prev = [()]
    for d in range(1, n // 3 + 1):
        r, rows, _ = _run(puzzle, most, 10 ** 12, most, rule, cut=d)
        if r.count >= most:          # too many prefixes at this depth: keep the last cut
            return prev
        prev = [tuple(int(x) for x in row[:d] if x >= 0) for row in rows]
        if r.count >= at_least or all(len(q) < d for q in prev):
            return prev
    return prev


# ---------------------------------------------------------------- kernel
# anchored shapes: cells relative to the piece's first (row-major) cell
_ANCHOR = np.array([[[0, 0], [0, 1], [0, 2]],
                    [[0, 0], [1, 0], [2, 0]],
                    [[0, 0], [0, 1], [1, 0]],
                    [[0, 0], [0, 1], [1, 1]],
                    [[0, 0], [1, 0], [1, 1]],
                    [[0, 0], [1, -1], [1, 0]]], dtype=np.int64)


@njit(cache=True)
def _dfs_jit(h, w, black, cls, limit, max_nodes, sols, stats, prefix, cut):
    # prefix: the shapes the first len(prefix) pieces must have; cut > 0:
    # stop at depth ``cut`` and record each piece-shape prefix (padded with
    # -1) in ``sols`` as if it were an answer
    n = h * w
    plen = prefix.shape[0]
    anchor = _ANCHOR
    owner = np.full(n, -1, np.int64)
    depth_max = n // 3 + 2
    pshape = np.zeros(depth_max, np.int64)
    pcells = np.zeros((depth_max, 3), np.int64)
    placed = np.zeros(depth_max, np.bool_)
    stc = np.zeros(depth_max, np.int64)
    sts = np.zeros(depth_max, np.int64)
    found = 0
    nodes = 0
    pos = 0
    while pos < n and (black[pos] or owner[pos] >= 0):
        pos += 1
    if pos == n:            # nothing to cover: the empty tiling is the one answer
        if sols.shape[0] > 0:
            sols[0, :] = -1
        return 1, 0, False
    depth = 0
    stc[0] = pos
    sts[0] = 0
    placed[0] = False
    cells = np.zeros(3, np.int64)
    while depth >= 0:
        if placed[depth]:
            for t in range(3):
                owner[pcells[depth, t]] = -1
            placed[depth] = False
        s = sts[depth]
        if s == 6:
            depth -= 1
            continue
        sts[depth] = s + 1
        if depth < plen and s != prefix[depth]:
            continue
        cell = stc[depth]
        r0 = cell // w
        c0 = cell % w
        ok = True
        for t in range(3):
            r = r0 + anchor[s, t, 0]
            c = c0 + anchor[s, t, 1]
            if r < 0 or r >= h or c < 0 or c >= w:
                ok = False
                break
            j = r * w + c
            if black[j] or owner[j] >= 0:
                ok = False
                break
            cells[t] = j
        if not ok:
            continue
        k = cls[s]
        if k >= 0:
            for t in range(3):
                j = cells[t]
                r = j // w
                c = j % w
                for d in range(4):
                    if d == 0:
                        if r == 0:
                            continue
                        m = j - w
                    elif d == 1:
                        if c == w - 1:
                            continue
                        m = j + 1
                    elif d == 2:
                        if r == h - 1:
                            continue
                        m = j + w
                    else:
                        if c == 0:
                            continue
                        m = j - 1
                    o = owner[m]
                    if o >= 0 and cls[pshape[o]] == k:
                        ok = False
                if not ok:
                    break
            if not ok:
                continue
        if nodes >= max_nodes:
            return found, nodes, True
        nodes += 1
        for t in range(3):
            owner[cells[t]] = depth
            pcells[depth, t] = cells[t]
        pshape[depth] = s
        placed[depth] = True
        nxt = cell
        while nxt < n and (black[nxt] or owner[nxt] >= 0):
            nxt += 1
        if cut > 0 and (nxt == n or depth + 1 == cut):
            if found < sols.shape[0]:
                for i in range(n):
                    sols[found, i] = pshape[i] if i <= depth else -1
            found += 1
            if found >= limit:
                return found, nodes, False
            continue
        if nxt == n:
            if found < sols.shape[0]:
                for i in range(n):
                    sols[found, i] = owner[i]
            for q in range(depth + 1):
                stats[pshape[q]] += 1
                cmin = w
                cmax = -1
                for t in range(3):
                    c = pcells[q, t] % w
                    cmin = min(cmin, c)
                    cmax = max(cmax, c)
                if cmin // 3 != cmax // 3:
                    stats[6] += 1
            found += 1
            if found >= limit:
                return found, nodes, False
            continue
        depth += 1
        stc[depth] = nxt
        sts[depth] = 0
        placed[depth] = False
    return found, nodes, False
