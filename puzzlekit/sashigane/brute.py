"""The scanner: Sashigane's independent engine.

It never thinks in circles.  It walks the grid row-major and, at the first
unclaimed cell, tries every L whose first cell (row-major) that is, reading
the clues only to accept or refuse each piece it cuts.  It imports nothing
but the model, so a misreading of the rules in the ladder shows up as a
disagreement.  With ``blank=True`` it ignores the clues and counts the plain
L-partitions of a board (the census); :func:`cut` runs the same scan on a
blank board in a random order to draw one partition (the generator's).
"""
from __future__ import annotations

import numpy as np
from numba import njit

from ..core.brute import engine_hooks
from ..core.search import Count
from .model import Answer, Puzzle

__all__ = ["scan", "cut", "iter_solutions", "brute_count", "brute_solutions", "partitions",
           "rule_flags", "piece_histogram", "MAX_NODES"]

MAX_NODES = 50_000_000     # the scan's default node budget
_IN_ORDER = np.zeros(0, np.float64)      # no random draws: every cell's L's in order


def rule_flags(puzzle: Puzzle) -> np.ndarray:
    """``[dialect, home, end, bend, size]`` as 0/1: which clauses the scanner applies."""
    on = [c not in puzzle.off for c in ("home", "end", "bend", "size")]
    return np.array([int(puzzle.dialect)] + [int(x) for x in on], dtype=np.int64)


def scan(puzzle: Puzzle, limit: int = 2, max_nodes: int = MAX_NODES, keep: int | None = None,
         blank: bool = False) -> Count:
    """Count answers up to ``limit`` with at most ``max_nodes`` placements
    tried, keeping the first ``keep`` (default ``limit``, at most 64) as
    :class:`~puzzlekit.sashigane.model.Answer` objects.

    >>> p = Puzzle.from_json({"size": [2, 3], "circles": [[1, 0, None], [0, 2, None]],
    ...                       "arrows": [[0, 0, "v"], [1, 2, "^"]]})
    >>> r = scan(p, 5); r.count, r.capped
    (1, False)
    >>> scan(Puzzle.make(2, 3), 10, blank=True).count
    2
    """
    keep = limit if keep is None else keep
    h, w = puzzle.h, puzzle.w
    sols = np.zeros((max(0, min(int(keep), 64)), h * w), dtype=np.int64)
    cnt, nodes, capped = _scan_jit(h, w, puzzle.circle, puzzle.arrow, rule_flags(puzzle),
                                   bool(blank), int(limit), int(max_nodes), sols,
                                   np.zeros(0, np.int64), _IN_ORDER, 0, False)
    return Count(int(cnt), bool(capped), int(nodes), int(limit),
                 tuple(Answer.from_labels(lab, w) for lab in sols[:min(int(cnt), len(sols))]))


brute_count, brute_solutions, iter_solutions = engine_hooks(scan, MAX_NODES, iter_limit=64)


def cut(h: int, w: int, rand, start: int, max_nodes: int) -> Count:
    """One L-partition of a blank ``h`` x ``w`` board, drawn by the scan with
    every cell's L's tried in a random order: the uniform draws ``rand`` (in
    [0, 1)) are read cyclically from index ``start`` to shuffle them.  An L
    that leaves a free cell beside it no L of free cells is refused at once.
    The count is 1 (the partition in ``solutions``) or 0: none exists, or the
    node budget ran out first (``capped``).

    >>> r = cut(2, 3, np.array([0.9, 0.1]), 0, 100)
    >>> r.count, r.solutions[0].pieces
    (1, (((0, 0), (1, 0), (1, 1)), ((0, 1), (0, 2), (1, 2))))
    """
    n = h * w
    sols = np.zeros((1, n), np.int64)
    cnt, nodes, capped = _scan_jit(h, w, np.full(n, -1, np.int64), np.full(n, -1, np.int64),
                                   np.zeros(5, np.int64), True, 1, int(max_nodes), sols,
                                   np.zeros(0, np.int64), np.asarray(rand, np.float64),
                                   int(start), True)
    return Count(int(cnt), bool(capped), int(nodes), 1,
                 tuple(Answer.from_labels(lab, w) for lab in sols[:int(cnt)]))


def partitions(h: int, w: int, limit: int = 10 ** 7) -> np.ndarray:
    """Every L-partition of a blank ``h`` x ``w`` board, as rows of piece labels.

    >>> partitions(2, 3).tolist()
    [[0, 0, 1, 0, 1, 1], [0, 1, 1, 0, 0, 1]]
    """
    n = scan(Puzzle.make(h, w), limit, 10 ** 12, keep=0, blank=True).count
    sols = np.zeros((n, h * w), dtype=np.int64)
    _scan_jit(h, w, np.full(h * w, -1, np.int64), np.full(h * w, -1, np.int64),
              np.zeros(5, np.int64), True, n + 1, 10 ** 12, sols, np.zeros(0, np.int64),
              _IN_ORDER, 0, False)
    return sols


def piece_histogram(h: int, w: int) -> np.ndarray:
    """How many L-partitions of a blank ``h`` x ``w`` board have k pieces, by k.

    >>> piece_histogram(2, 6).tolist()
    [0, 0, 2, 0, 4]
    """
    n = h * w
    hist = np.zeros(n // 3 + 1, np.int64)
    _scan_jit(h, w, np.full(n, -1, np.int64), np.full(n, -1, np.int64), np.zeros(5, np.int64),
              True, 10 ** 15, 10 ** 15, np.zeros((0, n), np.int64), hist, _IN_ORDER, 0, False)
    return hist


# ---------------------------------------------------------------- kernels
@njit(cache=True)
def _n_options(r, c, h, w):
    a1, b1 = h - 1 - r, w - 1 - c
    return a1 * b1 * 2 + a1 * (b1 + c)


@njit(cache=True)
def _option(t, r, c, h, w, cells):
    """Decode option ``t`` at first cell ``(r, c)`` into ``cells`` (flat);
    returns ``(size, bend, vend, vdir_home, hend, hdir_home)``."""
    a1, b1 = h - 1 - r, w - 1 - c
    n1 = a1 * b1
    if t < n1:                          # bend here, arms down and right
        a, b = t // b1 + 1, t % b1 + 1
        br, bc, sv, sh = r, c, 1, 1
    elif t < 2 * n1:                    # bend to the right, arms down and left
        t -= n1
        b, a = t // a1 + 1, t % a1 + 1
        br, bc, sv, sh = r, c + b, 1, -1
    else:                               # vertical arm from here down to the bend
        t -= 2 * n1
        nb = b1 + c
        a, k = t // nb + 1, t % nb
        br, bc, sv = r + a, c, -1
        if k < b1:
            b, sh = k + 1, 1
        else:
            b, sh = k - b1 + 1, -1
    m = 0
    cells[m] = br * w + bc
    m += 1
    for i in range(1, a + 1):
        cells[m] = (br + sv * i) * w + bc
        m += 1
    for j in range(1, b + 1):
        cells[m] = br * w + bc + sh * j
        m += 1
    vend = (br + sv * a) * w + bc
    hend = br * w + bc + sh * b
    # direction from an end back at the bend: 0 up, 1 down, 2 left, 3 right
    vdir = 0 if sv == 1 else 1
    hdir = 2 if sh == 1 else 3
    return m, br * w + bc, vend, vdir, hend, hdir


@njit(cache=True)
def _piece_ok(cells, m, bend, vend, vdir, hend, hdir, w, circle, arrow, flags):
    dialect, home, end, onbend, size = flags[0], flags[1], flags[2], flags[3], flags[4]
    nc = 0
    na = 0
    for i in range(m):
        x = cells[i]
        if circle[x] >= 0:
            nc += 1
            if nc > 1:
                return False
            if onbend == 1 and x != bend:
                return False
            if size == 1 and circle[x] > 0 and circle[x] != m:
                return False
        d = arrow[x]
        if d >= 0:
            na += 1
            if na > (2 if dialect == 1 else 1):
                return False
            if end == 1 and x != vend and x != hend:
                return False
            if home == 1:
                if x == bend:
                    return False
                br, bc, r, c = bend // w, bend % w, x // w, x % w
                if c == bc:
                    if not ((d == 1 and br > r) or (d == 0 and br < r)):
                        return False
                elif r == br:
                    if not ((d == 3 and bc > c) or (d == 2 and bc < c)):
                        return False
                else:
                    return False
    if dialect == 0 and (nc != 1 or na != 1):
        return False
    return True


@njit(cache=True)
def _coverable(x, h, w, lab):
    """Some L of free cells covers free cell ``x``."""
    r, c = x // w, x % w
    for dr in (-1, 1):                   # bends along x's column (x itself included)
        rr = r
        while 0 <= rr < h and lab[rr * w + c] < 0:
            vert = (rr != r) or (0 <= r + dr < h and lab[(r + dr) * w + c] < 0) or \
                (0 <= r - dr < h and lab[(r - dr) * w + c] < 0)
            if vert and ((c > 0 and lab[rr * w + c - 1] < 0) or
                         (c < w - 1 and lab[rr * w + c + 1] < 0)):
                return True
            rr += dr
    for dc in (-1, 1):                   # bends along x's row
        cc = c + dc
        while 0 <= cc < w and lab[r * w + cc] < 0:
            if (r > 0 and lab[(r - 1) * w + cc] < 0) or (r < h - 1 and lab[(r + 1) * w + cc] < 0):
                return True
            cc += dc
    return False


@njit(cache=True)
def _strands(cells, m, h, w, lab):
    """A free cell beside the ``m`` just-placed ``cells`` that no L of free cells covers."""
    for i in range(m):
        y = cells[i]
        yr, yc = y // w, y % w
        for z in (y - w if yr > 0 else -1, y + w if yr < h - 1 else -1,
                  y - 1 if yc > 0 else -1, y + 1 if yc < w - 1 else -1):
            if z >= 0 and lab[z] < 0 and not _coverable(z, h, w, lab):
                return True
    return False


@njit(cache=True)
def _shuffle(perm, k, rand, at):
    """``perm[:k]`` a random order of ``0..k-1`` (Fisher-Yates on ``rand``
    read cyclically from ``at``); the next unread index."""
    for j in range(k):
        perm[j] = j
    for j in range(k - 1, 0, -1):
        q = int(rand[at % rand.shape[0]] * (j + 1))
        at += 1
        perm[j], perm[q] = perm[q], perm[j]
    return at


@njit(cache=True)
def _scan_jit(h, w, circle, arrow, flags, blank, limit, max_nodes, sols, hist, rand, at, prune):
    # rand non-empty: every cell's L's are tried in an order drawn from it;
    # prune: an L that strands a free neighbour (no L of free cells) is refused
    n = h * w
    label = np.full(n, -1, np.int64)
    maxd = n // 3 + 2
    fcell = np.zeros(maxd, np.int64)
    fopt = np.zeros(maxd, np.int64)
    pcells = np.zeros((maxd, h + w), np.int64)
    psize = np.zeros(maxd, np.int64)
    cells = np.zeros(h + w, np.int64)
    shuffled = rand.shape[0] > 0
    order = np.zeros((maxd if shuffled else 0, _n_options(0, 0, h, w) + 1), np.int64)
    found = 0
    nodes = 0
    if n < 3 or h < 2 or w < 2:
        return 0, 0, False
    depth = 0
    fcell[0] = 0
    fopt[0] = 0
    if shuffled:
        at = _shuffle(order[0], _n_options(0, 0, h, w), rand, at)
    while depth >= 0:
        p = fcell[depth]
        r, c = p // w, p % w
        nopt = _n_options(r, c, h, w)
        placed = False
        while fopt[depth] < nopt:
            t = order[depth, fopt[depth]] if shuffled else fopt[depth]
            fopt[depth] += 1
            nodes += 1
            if nodes > max_nodes:
                return found, nodes, True
            m, bend, vend, vdir, hend, hdir = _option(t, r, c, h, w, cells)
            ok = True
            for i in range(m):
                if label[cells[i]] >= 0:
                    ok = False
                    break
            if not ok:
                continue
            if not blank and not _piece_ok(cells, m, bend, vend, vdir, hend, hdir, w,
                                           circle, arrow, flags):
                continue
            for i in range(m):
                label[cells[i]] = depth
                pcells[depth, i] = cells[i]
            psize[depth] = m
            if prune and _strands(cells, m, h, w, label):
                for i in range(m):
                    label[cells[i]] = -1
                continue
            placed = True
            break
        if not placed:
            depth -= 1
            if depth >= 0:
                for i in range(psize[depth]):
                    label[pcells[depth, i]] = -1
            continue
        q = p
        while q < n and label[q] >= 0:
            q += 1
        if q == n:
            if found < sols.shape[0]:
                sols[found, :] = label
            if hist.shape[0] > depth + 1:
                hist[depth + 1] += 1
            found += 1
            if found >= limit:
                return found, nodes, False
            for i in range(psize[depth]):
                label[pcells[depth, i]] = -1
            continue
        depth += 1
        fcell[depth] = q
        fopt[depth] = 0
        if shuffled:
            at = _shuffle(order[depth], _n_options(q // w, q % w, h, w), rand, at)
    return found, nodes, False
