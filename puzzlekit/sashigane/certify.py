"""The size budget: a search-free certificate that a board has no answer.

Pieces cover the board, so their sizes add up to h*w.  The printed numbers
take S; each of the ``anon`` bare circles' pieces has at least 3 cells and at
most h+w-1 (one full row plus one full column).  So h*w - S must lie in
[3*anon, (h+w-1)*anon]; outside it, no answer exists (article's rules).
"""
from __future__ import annotations

from .model import Puzzle

__all__ = ["budget", "budget_refutes"]


def budget(puzzle: Puzzle) -> tuple[int, int, int]:
    """``(left, lo, hi)``: the cells the bare circles must share, and the
    range they can fill.

    >>> budget(Puzzle.from_json({"size": [3, 4], "circles": [[0, 0, 5], [2, 3, None]]}))
    (7, 3, 6)
    """
    num = puzzle.circle[puzzle.circle > 0]
    anon = int((puzzle.circle == 0).sum())
    left = puzzle.h * puzzle.w - int(num.sum())
    return left, 3 * anon, (puzzle.h + puzzle.w - 1) * anon


def budget_refutes(puzzle: Puzzle) -> bool:
    """True when the budget proves the board has no answer (never on a
    solvable board of the article's rules with the size clause on).

    >>> budget_refutes(Puzzle.from_json({"size": [3, 4], "circles": [[0, 0, 5], [2, 3, None]]}))
    True
    """
    if puzzle.dialect or "size" in puzzle.off:
        return False
    left, lo, hi = budget(puzzle)
    return not lo <= left <= hi
