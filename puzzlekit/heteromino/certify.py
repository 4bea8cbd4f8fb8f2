"""A search-free certificate of a second answer: the block swap.

Two pieces that together fill a 2x3 or 3x2 block can always be swapped for
the block's other cut into two pieces.  If the swapped tiling is still legal
(no new same-shape contact), the board has a second answer, proved without
any search.  The certificate is sound by construction (the referee checks
the swapped tiling); it is not complete: a board can have a second answer
that no single swap reaches.
"""
from __future__ import annotations

from .model import Answer, Puzzle, check

__all__ = ["swap_certificate"]

# every cut of a 2x3 block (rows 0-1, cols 0-2) and of a 3x2 block into two trominoes
_CUTS = {(2, 3): [({(0, 0), (0, 1), (0, 2)}, {(1, 0), (1, 1), (1, 2)}),
                  ({(0, 0), (0, 1), (1, 0)}, {(0, 2), (1, 1), (1, 2)}),
                  ({(0, 0), (1, 0), (1, 1)}, {(0, 1), (0, 2), (1, 2)})],
         (3, 2): [({(0, 0), (1, 0), (2, 0)}, {(0, 1), (1, 1), (2, 1)}),
                  ({(0, 0), (0, 1), (1, 0)}, {(1, 1), (2, 0), (2, 1)}),
                  ({(0, 0), (1, 0), (2, 0)}, {(0, 1), (1, 1), (2, 1)}),
                  ({(0, 0), (0, 1), (1, 1)}, {(1, 0), (2, 0), (2, 1)})]}


def swap_certificate(puzzle: Puzzle, answer: Answer):
    """Another legal answer one block swap away, or None.

    >>> p = Puzzle.from_json({"size": [2, 3], "black": []})
    >>> a = Answer.make([[(0, 0), (0, 1), (1, 0)], [(0, 2), (1, 1), (1, 2)]])
    >>> swap_certificate(p, a).to_json()
    {'pieces': [[[0, 0], [1, 0], [1, 1]], [[0, 1], [0, 2], [1, 2]]]}
    """
    pieces = [frozenset(map(tuple, p)) for p in answer.pieces.tolist()]
    index = {p: i for i, p in enumerate(pieces)}
    for (bh, bw), cuts in _CUTS.items():
        for r in range(puzzle.h - bh + 1):
            for c in range(puzzle.w - bw + 1):
                shifted = [(frozenset((r + a, c + b) for a, b in x),
                            frozenset((r + a, c + b) for a, b in y)) for x, y in cuts]
                for x, y in shifted:
                    if x in index and y in index:
                        for u, v in shifted:
                            if {u, v} == {x, y}:
                                continue
                            rest = [p for p in pieces if p not in (x, y)] + [u, v]
                            cand = Answer.make([sorted(p) for p in rest])
                            if not check(puzzle, cand):
                                return cand
    return None
