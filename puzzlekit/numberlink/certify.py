"""The parity certificate: a search-free no-answer test on the clues alone.

Colour cell (r, c) dark when r + c is even.  A path alternates colours, so a
path whose ends are both dark has one dark cell more than light, both light
one fewer, mixed ends as many of each.  When every cell is used the paths
add up to the board:

    #pairs with both ends dark − #pairs with both ends light = dark − light cells

(0 on an even area, 1 on an odd one).  A board that breaks it has no answer;
one that keeps it may still have none (the 2×3 witness).
"""
from __future__ import annotations

__all__ = ["parity_balance", "parity_ok", "WITNESS"]

WITNESS = {"h": 2, "w": 3, "numbers": [[0, 1, 0], [0, 1, 0]], "fill": True}


def parity_balance(puzzle) -> tuple[int, int]:
    """``(clue side, board side)`` of the identity, in one pass over the pairs.

    >>> from puzzlekit.numberlink.model import Puzzle
    >>> parity_balance(Puzzle(2, 2, [[1, 0], [0, 1]]))
    (1, 0)
    """
    col = puzzle.grid.colour
    lhs = 0
    for a, b in puzzle.ends:
        if col[a] == col[b]:
            lhs += 1 if col[a] == 0 else -1
    dark = int((col == 0).sum())
    return lhs, dark - (puzzle.n - dark)


def parity_ok(puzzle) -> bool:
    """False only when the identity fails (then, with every cell used, there
    is no answer); always True with ``fill`` off, where it says nothing.

    >>> from puzzlekit.numberlink.model import Puzzle
    >>> parity_ok(Puzzle(2, 2, [[1, 0], [0, 1]])), parity_ok(Puzzle.from_json(WITNESS))
    (False, True)
    """
    if not puzzle.fill:
        return True
    lhs, rhs = parity_balance(puzzle)
    return lhs == rhs
