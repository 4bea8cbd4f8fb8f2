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
from .model import Answer, is_answer

__all__ = ["reversal", "reversal_check", "reversal_trial", "false_alarm", "single_cell_proof"]


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


def reversal_check(puzzle, answer: Answer) -> tuple[bool, bool]:
    """``(fired, sound)``: did the reversal scan read a second answer off
    ``answer``, and is what it read (if anything) a legal answer other than
    ``answer`` that keeps every printed number.

    >>> from puzzlekit.numbrix.model import Puzzle
    >>> a = Answer.from_json({"grid": [[1, 2, 3], [6, 5, 4]]})
    >>> reversal_check(Puzzle(np.array([[1, 0, 0], [0, 0, 0]])), a)
    (True, True)
    """
    second = reversal(puzzle, answer)
    if second is None:
        return False, True
    h, w = puzzle.h, puzzle.w
    g = second.grid
    keeps = bool((g[puzzle.clues > 0] == puzzle.clues[puzzle.clues > 0]).all())
    return True, bool(is_answer(g, h, w) and keeps and not np.array_equal(g, answer.grid))


def reversal_trial(h: int, w: int, seed=None, share: float = 0.2) -> tuple:
    """A fresh backbite answer with ``share`` of its numbers printed in random
    cells: ``(unique, fired, sound)`` -- is the board unique (by
    :func:`~puzzlekit.numbrix.generate.is_unique`), did the reversal scan fire,
    and is what it read a legal second answer (True when it did not fire).

    >>> u, fired, sound = reversal_trial(4, 4, seed=3)
    >>> sound and not (u and fired)
    True
    """
    from .generate import is_unique, random_answer
    from .model import Puzzle
    rng = np.random.default_rng(seed)
    a = random_answer(h, w, rng)
    p = Puzzle.from_cells(h, w, a.grid.ravel(), rng.permutation(h * w)[:round(share * h * w)])
    return (is_unique(p), *reversal_check(p, a))


def false_alarm(unique, fired, sound) -> bool:
    """A reversal that fired on a unique board, or a certificate that is no second answer."""
    return bool((unique is True and fired) or not sound)


def single_cell_proof(h: int = 4, w: int = 4):
    """Change one cell of every answer of the blank ``h`` x ``w`` board to every
    other number; count the changed grids that are still answers.

    Returns ``(answers, changes tried, changes still legal)``; the last is 0.

    >>> single_cell_proof(2, 3)
    (16, 480, 0)
    """
    from .brute import census
    r, _ = census(h, w, keep=1 << 20)
    sols = np.array([a.grid.ravel() for a in r.solutions], np.int64).reshape(-1, h * w)
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
