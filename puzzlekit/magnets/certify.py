"""Second answers read straight off a finished grid: no single domino can change
state silently under full clues, so the cheapest ambiguity is a parallel pair on
the same two tracks trading states.
"""
from __future__ import annotations

import numpy as np

from .model import Answer, Puzzle, check, clues_of

__all__ = ["domino_states", "single_moves", "silent_single_moves", "parallel_pairs",
           "pair_certificate"]

_STATES = ((2, 2), (0, 1), (1, 0))   # neutral, (+, -), (-, +) for (first, second) cell


def domino_states(puzzle: Puzzle, grid) -> np.ndarray:
    """State index (0 neutral, 1 = +-, 2 = -+) of every domino, in scan order."""
    g = np.asarray(grid).ravel()
    return np.array([_STATES.index((int(g[a]), int(g[b]))) for a, b in puzzle.dominoes])


def single_moves(puzzle: Puzzle, answer: Answer):
    """Every grid that differs from the answer in exactly one domino's state."""
    g = answer.grid.ravel()
    st = domino_states(puzzle, g)
    for d, (a, b) in enumerate(puzzle.dominoes):
        for s in range(3):
            if s != st[d]:
                x = g.copy()
                x[a], x[b] = _STATES[s]
                yield d, s, x.reshape(answer.grid.shape)


def silent_single_moves(puzzle: Puzzle, answer: Answer) -> list:
    """Single-domino changes that keep all four margin vectors (should be none).

    >>> from puzzlekit.magnets.generate import sample
    >>> p, a = sample(4, 4, seed=0)
    >>> silent_single_moves(p, a)
    []
    """
    full = clues_of(puzzle, answer).clue_vector
    out = []
    for d, s, x in single_moves(puzzle, answer):
        if np.array_equal(clues_of(puzzle, Answer(x)).clue_vector, full):
            out.append((d, s))
    return out


def parallel_pairs(puzzle: Puzzle) -> list:
    """Pairs of parallel dominoes covering the same two tracks (two columns for
    horizontal dominoes, two rows for vertical ones), as domino index pairs."""
    w = puzzle.w
    groups = {}
    for d, (a, b) in enumerate(puzzle.dominoes):
        key = ("h", a % w) if b - a == 1 else ("v", a // w)
        groups.setdefault(key, []).append(d)
    return [(x, y) for ds in groups.values() for i, x in enumerate(ds) for y in ds[i + 1:]]


def pair_certificate(puzzle: Puzzle, answer: Answer):
    """A second answer made by two parallel dominoes swapping states, or None.

    Whatever it returns passes the referee, so it is never a false alarm.

    >>> p = Puzzle.from_json({"h": 2, "w": 2, "dominoes": ["LR", "LR"],
    ...     "plus_rows": [1, 1], "minus_rows": [1, 1], "plus_cols": [1, 1], "minus_cols": [1, 1]})
    >>> pair_certificate(p, Answer.from_json({"grid": ["+-", "-+"]}))
    Answer(-+/+-)
    """
    g = answer.grid.ravel()
    dom = puzzle.dominoes
    for x, y in parallel_pairs(puzzle):
        ax_, bx = dom[x]
        ay, by = dom[y]
        if g[ax_] == g[ay] and g[bx] == g[by]:
            continue
        z = g.copy()
        z[ax_], z[bx], z[ay], z[by] = g[ay], g[by], g[ax_], g[bx]
        alt = Answer(z.reshape(answer.grid.shape))
        if not check(puzzle, alt):
            return alt
    return None
