"""Heteromino as a CP-SAT model: the rules as constraints, a third engine.

One boolean per piece that fits the white cells (every tromino on the board
avoiding the black ones, enumerated here from the shape table).  Every white
cell is covered by exactly one chosen piece; two chosen pieces of the same
shape class that share an edge cannot both be chosen.  Nothing of the ladder
or the raw engine is used.
"""
from __future__ import annotations

from ..core import sat
from ..core.search import Count
from .model import SHAPES, Answer, Puzzle

__all__ = ["model", "count_solutions"]


def model(puzzle: Puzzle):
    """The CP-SAT model, its piece literals and the pieces ``(shape, cells)``."""
    h, w, black = puzzle.h, puzzle.w, puzzle.black
    cls = puzzle.classes
    pieces = []
    for r in range(h):
        for c in range(w):
            for k, offs in enumerate(SHAPES):
                cells = [(r + a, c + b) for a, b in offs]
                if all(0 <= y < h and 0 <= x < w and not black[y * w + x] for y, x in cells):
                    pieces.append((k, frozenset(y * w + x for y, x in cells)))
    m = sat.new_model()
    lits = [m.NewBoolVar(f"x{i}") for i in range(len(pieces))]
    cover = {i: [] for i in range(h * w) if not black[i]}
    for lit, (_, cells) in zip(lits, pieces):
        for c in cells:
            cover[c].append(lit)
    for c, ls in cover.items():
        sat.exactly_one(m, ls)
    # same-class pieces sharing an edge: at most one of the two
    by_cell = {}
    for i, (k, cells) in enumerate(pieces):
        for c in cells:
            by_cell.setdefault(c, []).append(i)
    for i, (k, cells) in enumerate(pieces):
        if cls[k] < 0:
            continue
        near = set()
        for c in cells:
            r, x = divmod(c, w)
            for y, z in ((r - 1, x), (r + 1, x), (r, x - 1), (r, x + 1)):
                if 0 <= y < h and 0 <= z < w and (y * w + z) not in cells:
                    near.update(by_cell.get(y * w + z, ()))
        for j in near:
            kj, cj = pieces[j]
            if j > i and cls[kj] == cls[k] and not (cells & cj):
                m.AddBoolOr([lits[i].Not(), lits[j].Not()])
    return m, lits, pieces


def count_solutions(puzzle: Puzzle, limit: int = 2, time_limit: float | None = 60.0) -> Count:
    """Answers up to ``limit`` (``Count.solutions`` holds them); a time-out is ``capped``.

    >>> count_solutions(Puzzle.from_json({"size": [3, 4], "black": []}), 20).count
    14
    """
    m, lits, pieces = model(puzzle)
    w = puzzle.w

    def decode(value):
        return Answer.make([[divmod(c, w) for c in sorted(cells)]
                            for lit, (_, cells) in zip(lits, pieces) if value(lit)])

    return sat.count(m, lits, limit, time_limit, decode, block_true_only=True)
