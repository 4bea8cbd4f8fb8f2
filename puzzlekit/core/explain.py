"""Pieces of a genre's ``explain`` kernel for the clause learner
(:mod:`puzzlekit.core.learn`): rules that are not clauses, each deduction or conflict
written as the clause that explains it (a literal is ``2 * v`` for "``v``
true", ``2 * v + 1`` for "``v`` false").

* :func:`write_literals`: the literals of some of a set's booleans that
  hold one value now, as the reasons of a count rule;
* :func:`explain_connected`: a connectivity rule (the true cells lie in one
  piece of the cells not false), its conflicts and deductions explained by
  the false cells around a part; :func:`explain_connected_false` the same
  rule for the false cells (the unshaded cells, where a boolean says
  "shaded").
"""
from __future__ import annotations

import numpy as np
from numba import njit

from .graph import _components_jit, cut_dfs_jit

__all__ = ["write_literals", "explain_connected", "explain_connected_false"]


@njit(cache=True)
def write_literals(assign, items, a, b, offset, want, buf, k, need):
    """For a genre's ``explain`` kernel: write ``need`` literals of the
    booleans ``offset + items[a:b]`` whose value is ``want``, each false now
    (``2v + want``), into ``buf`` from ``buf[k]``; returns the new ``k``."""
    got = 0
    for j in range(a, b):
        if got == need:
            break
        v = offset + items[j]
        if assign[v] == want:
            buf[k] = 2 * v + want
            k += 1
            got += 1
    return k


# ------------------------------------------------- a connectivity rule, explained
@njit(cache=True)
def _around(assign, nbrs, comp, part, stamp, buf, k):
    """Write the blank cells beside part ``part`` of ``comp`` (each once,
    as "numbered") from ``buf[k]``; the new ``k``.  ``stamp`` is zeroed
    where it is raised."""
    start = k
    for c in range(comp.size):
        if comp[c] != part:
            continue
        for d in range(nbrs.shape[1]):
            u = nbrs[c, d]
            if u >= 0 and assign[u] == 0 and stamp[u] == 0:
                stamp[u] = 1
                buf[k] = 2 * u
                k += 1
    for i in range(start, k):
        stamp[buf[i] >> 1] = 0
    return k


@njit(cache=True)
def _sizes(assign, nbrs, comp, size):
    """``size[p]``: how many blank cells lie beside part ``p`` of ``comp``."""
    n = comp.size
    size[:] = 0
    for u in range(n):
        if assign[u] != 0:
            continue
        for d in range(nbrs.shape[1]):    # each part beside u once
            v = nbrs[u, d]
            if v < 0 or comp[v] < 0:
                continue
            again = False
            for e in range(d):
                w = nbrs[u, e]
                again |= w >= 0 and comp[w] == comp[v]
            if not again:
                size[comp[v]] += 1


@njit(cache=True)
def explain_connected(assign, n, nbrs, work, buf):
    """A connectivity rule, explained, for a genre's ``explain`` kernel:
    the cells whose boolean is true (cell ``c`` is boolean ``c``, ``c < n``)
    lie in one piece of the cells not false (neighbours ``nbrs``, -1 none).
    ``(mode, k)`` with the clause in ``buf[:k]``, as ``explain`` returns them:

    * true cells in two parts of the cells not false: a conflict, explained
      by two true cells and the false cells around one of the two parts
      (the one with fewer), one of which must be true for the two to meet;
    * an open cell in a part without the true cells: false, explained
      likewise;
    * an open cell every way between two true cells passes through: true,
      explained by the false cells around the part on one side of it.

    ``work``: four int32 rows of scratch, one entry a cell.  Nanro's numbered
    cells use it as it is; Statue Park's park cells with their literals
    negated."""
    mask = np.empty(n, np.bool_)
    first = -1
    for c in range(n):
        mask[c] = assign[c] != 0
        if first < 0 and assign[c] == 1:
            first = c
    if first < 0:
        return 0, 0
    comp, size, stamp, cut = work[0], work[1], work[2], work[3]
    _components_jit(nbrs, mask, comp)
    _sizes(assign, nbrs, comp, size)
    home = comp[first]
    best, other, away = -1, -1, -1
    for c in range(n):
        if assign[c] == 1 and comp[c] != home:
            if other < 0:
                other = c
            if best < 0 or size[comp[c]] < size[comp[best]]:
                best = c
        elif assign[c] < 0 and comp[c] != home and away < 0:
            away = c
    if other >= 0:                           # numbered cells apart: a conflict
        buf[0] = 2 * first + 1
        if size[home] <= size[comp[best]]:
            buf[1] = 2 * other + 1
            return 2, _around(assign, nbrs, comp, home, stamp, buf, 2)
        buf[1] = 2 * best + 1
        return 2, _around(assign, nbrs, comp, comp[best], stamp, buf, 2)
    if away >= 0:                            # an open cell out of reach: blank
        buf[0] = 2 * away + 1
        buf[1] = 2 * first + 1
        part = home if size[home] <= size[comp[away]] else comp[away]
        return 1, _around(assign, nbrs, comp, part, stamp, buf, 2)
    # an open cell every path between numbered cells passes through: numbered
    pinned = np.empty(n, np.bool_)
    for c in range(n):
        pinned[c] = assign[c] == 1
        stamp[c] = -1
        cut[c] = 0
    flags = np.zeros(n, np.int8)
    cut_dfs_jit(nbrs, mask, pinned, first, stamp, np.zeros(n, np.int32),
                np.empty(n, np.int32), cut, np.empty(n, np.int32), np.empty(n, np.int32), flags)
    stamp[:] = 0
    for p in range(n):
        if flags[p] == 2 and assign[p] < 0:
            mask[p] = False                  # the parts without p
            _components_jit(nbrs, mask, comp)
            mask[p] = True
            _sizes(assign, nbrs, comp, size)
            home = comp[first]
            best = -1
            for c in range(n):
                if assign[c] == 1 and comp[c] != home and (
                        best < 0 or size[comp[c]] < size[comp[best]]):
                    best = c
            buf[0] = 2 * p
            buf[1] = 2 * first + 1
            buf[2] = 2 * best + 1
            part = home if size[home] <= size[comp[best]] else comp[best]
            return 1, _around(assign, nbrs, comp, part, stamp, buf, 3)
    return 0, 0


@njit(cache=True)
def explain_connected_false(assign, n, nbrs, work, buf):
    """:func:`explain_connected` for the cells whose boolean is false: they
    lie in one piece of the cells not true (Statue Park's park, Creek's
    unshaded cells, where boolean ``c`` says cell ``c`` is shaded).  The
    same ``(mode, k)`` and clause in ``buf[:k]``, over the booleans as they
    are."""
    flipped = np.empty(n, np.int64)
    for c in range(n):
        flipped[c] = -1 if assign[c] < 0 else 1 - assign[c]
    mode, k = explain_connected(flipped, n, nbrs, work, buf)
    for i in range(k):
        buf[i] ^= 1                          # a literal of the flipped boolean, negated
    return mode, k
