"""Search-free second answers: the flip catalogue of border-erased boards.

With the border ring erased, two boards agreeing on every 2×2 sum differ by
d with chequerboard twist e[i][j] = (−1)^(i+j) d[i][j] = u_i + v_j.  Between
two 0/1 boards d is in {−1, 0, 1}, and the smallest such shapes are three:

- ``row``: one whole row flipped in chequerboard alternation (u_r = ±1);
- ``col``: one whole column, likewise (v_c = ±1);
- ``cross``: row r and column c with opposite signs (u_r = s, v_c = −s), the
  crossing cell untouched.

:func:`flips` walks that catalogue from a known answer, with no search; every
candidate is put to the referee, so a certificate is never a false positive.
"""
from __future__ import annotations

import numpy as np

from .model import Answer, Puzzle, check

__all__ = ["catalogue", "flips", "certificate", "KINDS"]

KINDS = ("row", "col", "cross")


def catalogue(h: int, w: int):
    """Every ``(kind, d)`` of the catalogue for an ``h`` x ``w`` board
    (``d`` an int8 ``(h, w)`` array)."""
    i, j = np.arange(h)[:, None], np.arange(w)[None, :]
    sign = np.where((i + j) % 2 == 0, 1, -1).astype(np.int8)
    for s in (1, -1):
        for r in range(h):
            e = np.zeros((h, w), np.int8)
            e[r, :] = s
            yield "row", sign * e
        for c in range(w):
            e = np.zeros((h, w), np.int8)
            e[:, c] = s
            yield "col", sign * e
        for r in range(h):
            for c in range(w):
                e = np.zeros((h, w), np.int8)
                e[r, :] = s
                e[:, c] = -s
                e[r, c] = 0
                yield "cross", sign * e


def flips(puzzle: Puzzle, answer) -> dict:
    """How many catalogue flips of ``answer`` are legal answers of ``puzzle``,
    by kind.

    >>> p = Puzzle.from_json({"h": 2, "w": 2, "clues": [[None] * 3, [None, 2, None],
    ...                                                 [None] * 3]})
    >>> flips(p, Answer.from_json({"grid": ["#.", "#."]}))
    {'row': 0, 'col': 0, 'cross': 4}
    """
    x = np.asarray(answer.grid if isinstance(answer, Answer) else answer, dtype=np.int8)
    out = {k: 0 for k in KINDS}
    for kind, d in catalogue(puzzle.h, puzzle.w):
        y = x + d
        if ((y == 0) | (y == 1)).all() and not check(puzzle, Answer(y)):
            out[kind] += 1
    return out


def certificate(puzzle: Puzzle, answer):
    """A second answer from the catalogue, as ``(kind, Answer)``, or None.

    >>> p = Puzzle.from_json({"h": 1, "w": 2, "clues": [[None] * 3, [None] * 3]})
    >>> certificate(p, Answer.from_json({"grid": ["#."]}))[0]
    'row'
    """
    x = np.asarray(answer.grid if isinstance(answer, Answer) else answer, dtype=np.int8)
    for kind, d in catalogue(puzzle.h, puzzle.w):
        y = x + d
        if ((y == 0) | (y == 1)).all():
            a = Answer(y)
            if not check(puzzle, a):
                return kind, a
    return None
