"""Second answers without search: a clue set is load-bearing when removing any
one clue lets a second legal answer through.  The certificate for a removed
clue is that second answer (found by the raw engine)."""
from __future__ import annotations

import numpy as np

from . import brute
from .model import answer_from_mask

__all__ = ["second_answer", "load_bearing"]


def second_answer(puzzle, mask, max_nodes=2_000_000):
    """A legal answer of ``puzzle`` other than ``mask``, or None (or
    ``"capped"`` when the raw engine ran out of nodes).

    >>> from puzzlekit.nanro.model import Puzzle
    >>> p = Puzzle.make([[0, 0], [1, 1]], clues={0: 2})
    >>> second_answer(p, np.array([1, 1, 1, 0], bool)).tolist()
    [True, True, False, True]
    """
    mask = np.asarray(mask, bool).ravel()
    try:
        sols = list(brute.iter_solutions(puzzle, limit=2, max_nodes=max_nodes))
    except RuntimeError:
        return "capped"
    for s in sols:
        if not np.array_equal(s, mask):
            return s
    return None


def load_bearing(puzzle, mask, max_nodes=2_000_000):
    """For each clue cell, a second answer once that clue is gone (or None
    when the clue could be dropped without losing uniqueness)."""
    out = {}
    for c in sorted(puzzle.clues):
        rest = {k: v for k, v in puzzle.clues.items() if k != c}
        q = puzzle.with_givens(rest, puzzle.marks, puzzle.hints, puzzle.blanks)
        alt = second_answer(q, mask, max_nodes)
        out[c] = None if alt is None else (alt if isinstance(alt, str)
                                           else answer_from_mask(puzzle, alt))
    return out
