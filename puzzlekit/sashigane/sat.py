"""Sashigane as a CP-SAT model: the rules as constraints, a third engine.

One boolean per L on the board that breaks no rule of its own (its circles,
arrows and size, judged by the referee on that one piece), enumerated here
bend by bend; every cell is covered by exactly one chosen L.  Nothing of the
ladder or the scanner is used.
"""
from __future__ import annotations

from ..core import sat
from ..core.grid import ray
from ..core.search import Count
from .model import Answer, Puzzle, check

__all__ = ["model", "pieces", "count_solutions"]

_LOCAL = {"uncovered"}


def pieces(puzzle: Puzzle) -> list:
    """Every L that could be a piece of an answer, as sorted flat cell tuples.

    An arm stops growing once the L holds more circles or arrows than a piece may."""
    h, w = puzzle.h, puzzle.w
    circ, arr = puzzle.circle, puzzle.arrow
    most_arrows = 2 if puzzle.dialect else 1
    out = []
    for br in range(h):
        for bc in range(w):
            x0 = br * w + bc
            for sv in (-1, 1):
                for sh in (-1, 1):
                    down = ray(h, w, br, bc, sv, 0)
                    across = ray(h, w, br, bc, 0, sh)
                    for a in range(1, len(down) + 1):
                        vert = down[:a]
                        for b in range(1, len(across) + 1):
                            horiz = across[:b]
                            cells = [x0] + vert + horiz
                            nc = sum(circ[x] >= 0 for x in cells)
                            na = sum(arr[x] >= 0 for x in cells)
                            if nc > 1 or na > most_arrows:
                                break
                            if not puzzle.dialect and (nc != 1 or na != 1):
                                continue
                            piece = Answer.make([[divmod(x, w) for x in cells]])
                            if not [v for v in check(puzzle, piece) if v.rule not in _LOCAL]:
                                out.append(tuple(sorted(cells)))
                        if sum(circ[x] >= 0 for x in [x0] + vert) > 1:
                            break
    return out


def model(puzzle: Puzzle):
    """The CP-SAT model, its piece literals and the pieces."""
    ps = pieces(puzzle)
    m = sat.new_model()
    lits = [m.NewBoolVar(f"x{i}") for i in range(len(ps))]
    cover = [[] for _ in range(puzzle.h * puzzle.w)]
    for lit, cells in zip(lits, ps):
        for c in cells:
            cover[c].append(lit)
    for ls in cover:
        sat.exactly_one(m, ls)
    return m, lits, ps


def count_solutions(puzzle: Puzzle, limit: int = 2, time_limit: float | None = 60.0) -> Count:
    """Answers up to ``limit`` (``Count.solutions`` holds them); a time-out is ``capped``.

    >>> p = Puzzle.from_json({"size": [2, 3], "circles": [[1, 0, None], [0, 2, None]],
    ...                       "arrows": [[0, 0, "v"], [1, 2, "^"]]})
    >>> count_solutions(p, 5).count
    1
    """
    m, lits, ps = model(puzzle)
    w = puzzle.w
    if any(not any(c in p for p in ps) for c in range(puzzle.h * puzzle.w)):
        return Count(0, False, 0, limit, ())

    def decode(value):
        return Answer.make([[divmod(c, w) for c in cells]
                            for lit, cells in zip(lits, ps) if value(lit)])

    return sat.count(m, lits, limit, time_limit, decode, block_true_only=True)
