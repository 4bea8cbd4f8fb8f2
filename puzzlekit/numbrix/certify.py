"""Second answers read straight off an answer: the 2-opt reversal scan.

Reverse the stretch of the walk between positions i and j when the window's
two ends meet grid neighbours outside it and no printed number would change.
Every pair is tried, O(1) each.  Also: the exhaustive proof that one cell
never changes its number alone.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from ..core.grid import Grid
from .model import Answer

__all__ = ["reversal", "single_cell_proof"]


def reversal(puzzle, answer: Answer):
    """A second answer of ``puzzle`` obtained by one reversal, or None.

    >>> from puzzlekit.numbrix.model import Puzzle
    >>> a = Answer.from_json({"grid": [[1, 2, 3], [6, 5, 4]]})
    >>> reversal(Puzzle(np.array([[1, 0, 0], [0, 0, 0]])), a).grid.tolist()
    [[1, 6, 5], [2, 3, 4]]
    >>> reversal(Puzzle(np.array([[1, 0, 3], [0, 0, 0]])), a) is None
    True
    """
    h, w = puzzle.h, puzzle.w
    g = Grid(h, w)
    path = np.ascontiguousarray(answer.path(), dtype=np.int64)
    printed = np.ascontiguousarray(puzzle.clues.ravel()[path] > 0)
    ij = np.zeros(2, dtype=np.int64)
    if not _reversal_jit(path, printed, np.ascontiguousarray(g.nbrs), ij):
        return None
    i, j = int(ij[0]), int(ij[1])
    new = path.copy()
    new[i:j + 1] = path[i:j + 1][::-1]
    return Answer.from_path(h, w, new)


def single_cell_proof(h: int = 4, w: int = 4):
    """Change one cell of every answer of the blank ``h`` x ``w`` board to every
    other number; count the changed grids that are still answers.

    Returns ``(answers, changes tried, changes still legal)``; the last is 0.

    >>> single_cell_proof(2, 3)
    (16, 480, 0)
    """
    from .brute import census
    r = census(h, w, keep=1 << 20)
    sols = np.ascontiguousarray(r.solutions, dtype=np.int64)
    legal = _single_jit(sols, np.ascontiguousarray(Grid(h, w).distance))
    n = h * w
    return len(sols), len(sols) * n * (n - 1), int(legal)


# ---------------------------------------------------------------- kernels
@njit(cache=True)
def _adj(nbrs, a, b):
    for d in range(4):
        if nbrs[a, d] == b:
            return True
    return False


@njit(cache=True)
def _reversal_jit(path, printed, nbrs, ij):
    n = path.shape[0]
    pre = np.zeros(n + 1, dtype=np.int64)
    for k in range(n):
        pre[k + 1] = pre[k] + (1 if printed[k] else 0)
    for i in range(n):
        for j in range(i + 1, n):
            if i > 0 and not _adj(nbrs, path[i - 1], path[j]):
                continue
            if j < n - 1 and not _adj(nbrs, path[i], path[j + 1]):
                continue
            inside = pre[j + 1] - pre[i]
            if (j - i) % 2 == 0 and printed[(i + j) // 2]:
                inside -= 1  # the middle cell keeps its number
            if inside == 0:
                ij[0] = i
                ij[1] = j
                return True
    return False


@njit(cache=True)
def _single_jit(sols, dist):
    m, n = sols.shape
    vals = np.empty(n, dtype=np.int64)
    where = np.empty(n + 1, dtype=np.int64)
    legal = 0
    for s in range(m):
        for c in range(n):
            for alt in range(1, n + 1):
                if alt == sols[s, c]:
                    continue
                for k in range(n):
                    vals[k] = sols[s, k]
                vals[c] = alt
                where[:] = -1
                ok = True
                for k in range(n):
                    if where[vals[k]] >= 0:
                        ok = False
                        break
                    where[vals[k]] = k
                if ok:
                    for v in range(1, n):
                        if dist[where[v], where[v + 1]] != 1:
                            ok = False
                            break
                if ok:
                    legal += 1
    return legal
