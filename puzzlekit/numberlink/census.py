"""The ledger: partitions of a blank ``h`` x ``w`` grid into paths of at
least two cells, counted (not listed) by a compiled scan, with the parity
identity checked on every one of them; and the single-pair census.

Published here by the source article (not in OEIS):
2×n 1, 6, 26, 118, 528, 2364, 10580, 47352, 211928, 948504, 4245120, 18999440;
3×n 1, 26, 242, 3113, 34772, 412016, 4758383; 4×n 2, 118, 3113, 99636, 2993923.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from ..core.grid import Grid

__all__ = ["partitions", "LEDGER", "recurrence_holds", "single_pair"]

LEDGER = {
    2: (1, 6, 26, 118, 528, 2364, 10580, 47352, 211928, 948504, 4245120, 18999440),
    3: (1, 26, 242, 3113, 34772, 412016, 4758383),
    4: (2, 118, 3113, 99636, 2993923),
}


def partitions(h: int, w: int, parity: bool = False) -> tuple[int, int]:
    """``(count, parity violations)``: the path partitions of the grid, and
    how many break #both-ends-dark − #both-ends-light = dark − light (only
    checked with ``parity``; 0 otherwise).

    >>> partitions(2, 2), partitions(2, 3, parity=True)
    ((6, 0), (26, 0))
    """
    out = np.zeros(2, dtype=np.int64)
    colour = Grid(h, w).colour.astype(np.int64)
    _partitions_jit(int(h), int(w), colour, bool(parity), out)
    return int(out[0]), int(out[1])


def recurrence_holds(seq) -> list[bool]:
    """For n >= 5: a(n) == 5a(n-1) - 2a(n-2) - 2a(n-3) + 2a(n-4), term by term.

    >>> recurrence_holds(LEDGER[2])[:2]
    [True, True]
    """
    a = list(seq)
    return [a[n] == 5 * a[n - 1] - 2 * a[n - 2] - 2 * a[n - 3] + 2 * a[n - 4]
            for n in range(4, len(a))]


def single_pair(h: int, w: int) -> tuple[int, int]:
    """One pair on a blank board, every placement meeting the parity count:
    ``(solvable, no answer)`` with every cell used (a Hamiltonian-path question).

    >>> single_pair(2, 3)
    (8, 1)
    """
    from .brute import count_solutions
    from .model import Puzzle
    g = Grid(h, w)
    dark = int((g.colour == 0).sum())
    imbalance = dark - (g.n - dark)
    yes = no = 0
    for a in range(g.n):
        for b in range(a + 1, g.n):
            both = (g.colour[a] == g.colour[b])
            d = (1 if g.colour[a] == 0 else -1) if both else 0
            if d != imbalance:
                continue
            nums = np.zeros(g.n, dtype=np.int32)
            nums[[a, b]] = 1
            r = count_solutions(Puzzle(h, w, nums.reshape(h, w)), 1)
            if r.capped:
                raise RuntimeError("single-pair search capped")
            yes += r.count
            no += 1 - r.count
    return yes, no


@njit(cache=True)
def _partitions_jit(h, w, colour, parity, out):
    """Scan the cells in reading order choosing each one's right and down
    segments; a cell is closed with degree 1 or 2, and a segment joining the
    two ends of one path (a loop) is never added.  ``end[x]`` is the other
    end of the path ending at ``x``."""
    n = h * w
    deg = np.zeros(n, np.int64)
    end = np.arange(n)
    choice = np.zeros(n + 1, np.int64)
    applied = np.full(n + 1, -1, np.int64)
    sv = np.zeros((n + 1, 8), np.int64)
    imbalance = 0
    for i in range(n):
        imbalance += 1 if colour[i] == 0 else -1
    i = 0
    while i >= 0:
        if i == n:
            out[0] += 1
            if parity:
                s = 0
                for x in range(n):
                    if deg[x] == 1 and end[x] > x and colour[x] == colour[end[x]]:
                        s += 1 if colour[x] == 0 else -1
                if s != imbalance:
                    out[1] += 1
            i -= 1
            continue
        if applied[i] >= 0:
            for t in range(1, -1, -1):
                if sv[i, 4 * t] >= 0:
                    a, b = sv[i, 4 * t], sv[i, 4 * t + 1]
                    ea, eb = sv[i, 4 * t + 2], sv[i, 4 * t + 3]
                    end[ea] = a
                    end[eb] = b
                    deg[a] -= 1
                    deg[b] -= 1
            applied[i] = -1
        if choice[i] >= 4:
            i -= 1
            continue
        m = choice[i]
        choice[i] += 1
        r, c = i // w, i % w
        ok = True
        sv[i, 0] = -1
        sv[i, 4] = -1
        for t in range(2):
            if not (m >> t) & 1:
                continue
            if t == 0 and c == w - 1 or t == 1 and r == h - 1:
                ok = False
                break
            b = i + 1 if t == 0 else i + w
            if deg[i] >= 2 or deg[b] >= 2 or end[i] == b:
                ok = False
                break
            ea, eb = end[i], end[b]
            sv[i, 4 * t], sv[i, 4 * t + 1], sv[i, 4 * t + 2], sv[i, 4 * t + 3] = i, b, ea, eb
            end[ea] = eb
            end[eb] = ea
            deg[i] += 1
            deg[b] += 1
        applied[i] = m
        if not ok or deg[i] == 0:
            continue                      # undone at the top of the loop
        i += 1
        choice[i] = 0
        applied[i] = -1
