"""Heteromino boards and answers: types, JSON, shapes, placements and the referee.

Puzzle JSON (``size`` is ``[h, w]``; ``black`` the black cells ``[r, c]``;
``rule`` optional, ``"heteromino"`` by default, or one of the two measured
variants ``"packing"`` (no same-shape rule) and ``"lits"`` (rotations merged:
two bars, or two Ls, may not touch))::

    {"size": [2, 3], "black": []}

Answer JSON: the pieces, each a list of three ``[r, c]`` cells::

    {"pieces": [[[0, 0], [0, 1], [1, 0]], [[0, 2], [1, 1], [1, 2]]]}

That answer is one of the two of the example puzzle (a ``┌`` and a ``┘``;
the other is ``┐`` + ``└``).  Rule ids the referee names: ``off-board`` (a
piece cell outside the grid), ``black`` (a piece covers a black cell),
``shape`` (a piece is not three distinct edge-connected cells), ``overlap``
(a cell in two pieces), ``uncovered`` (a white cell in no piece) and
``same-shape`` (two pieces of one shape share an edge; shape as drawn, so a
rotated L is another shape).

Six shapes, numbered as :data:`SHAPES` lists them: ``I-`` (horizontal bar),
``I|`` (vertical bar), and the Ls ``┌ ┐ └ ┘`` named by the corner their bend
sits in.  A black cell is a hole in the tiling and, because pieces on either
side of it do not share an edge, a wall between same-shaped pieces.

Reading is strict: sizes and coordinates are JSON integers (``true``, ``3.0``
and ``"3"`` are refused) in range, a black cell may not be listed twice, and a
board may have at most :data:`MAX_CELLS` cells, checked before anything of that
size is built (the state holds at most 18 candidate pieces a cell).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np
from numba import njit

from ..core.grid import GridPuzzle
from ..core.referee import (
    InputError,
    Violation,
    pieces_from_json,
    show,
    strict_board_size,
    strict_cell,
    strict_list,
    strict_size,
)

__all__ = ["Puzzle", "Answer", "RULES", "MAX_CELLS", "SHAPES", "SHAPE_NAMES", "RULE_SETS",
           "shape_of", "placements", "check"]

RULES = ("off-board", "black", "shape", "overlap", "uncovered", "same-shape")
MAX_CELLS = 2_500          # 50x50: 18 candidates a cell, every table linear in the board
RULE_SETS = ("heteromino", "packing", "lits")

# cell offsets (dr, dc) of each shape, from its bounding box's top-left corner
SHAPES = (((0, 0), (0, 1), (0, 2)),      # I-  horizontal bar
          ((0, 0), (1, 0), (2, 0)),      # I|  vertical bar
          ((0, 0), (0, 1), (1, 0)),      # ┌
          ((0, 0), (0, 1), (1, 1)),      # ┐
          ((0, 0), (1, 0), (1, 1)),      # └
          ((0, 1), (1, 0), (1, 1)))      # ┘
SHAPE_NAMES = ("I\u2014", "I|", "\u250c", "\u2510", "\u2514", "\u2518")
_OFFSETS = {tuple(sorted(s)): k for k, s in enumerate(SHAPES)}


def shape_of(cells) -> int:
    """The shape index of three ``(r, c)`` cells, or -1 when they are no tromino.

    >>> shape_of([(2, 3), (3, 2), (3, 3)]), shape_of([(0, 0), (1, 1), (0, 1)])
    (5, 3)
    >>> shape_of([(0, 0)] * 3)
    -1
    """
    cells = [tuple(int(x) for x in c) for c in cells]
    if len(cells) != 3 or len(set(cells)) != 3:
        return -1
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return _OFFSETS.get(tuple(sorted((r - r0, c - c0) for r, c in cells)), -1)


def shape_class(rule: str) -> np.ndarray:
    """Which shapes count as "the same" under a rule set: one class id per
    shape, -1 for none (``packing``: no same-shape rule)."""
    if rule == "packing":
        return np.full(6, -1, dtype=np.int64)
    if rule == "lits":
        return np.array([0, 0, 1, 1, 1, 1], dtype=np.int64)
    return np.arange(6, dtype=np.int64)


@dataclass(frozen=True, eq=False)
class Puzzle(GridPuzzle):
    """A Heteromino board: its size, the black cells (flat bool mask) and the rule set.

    >>> p = Puzzle.from_json({"size": [3, 4], "black": [[0, 0], [2, 3], [1, 1]]})
    >>> p.white_count, sorted(np.flatnonzero(p.black).tolist())
    (9, [0, 5, 11])
    """

    h: int
    w: int
    black: np.ndarray
    rule: str = "heteromino"

    def _key(self):
        return (self.h, self.w, np.asarray(self.black, bool).tobytes(), self.rule)

    @property
    def white_count(self) -> int:
        return int(self.h * self.w - np.count_nonzero(self.black))

    @classmethod
    def make(cls, h: int, w: int, black=(), rule: str = "heteromino") -> "Puzzle":
        """From a size and black cells (flat indices, or an ``(h, w)`` mask)."""
        h, w = strict_size(h, w, MAX_CELLS)
        b = np.asarray(black)
        if b.dtype == np.bool_ and b.size == h * w:
            mask = b.ravel().copy()
        else:
            mask = np.zeros(h * w, dtype=np.bool_)
            mask[b.astype(np.int64).ravel()] = True
        if rule not in RULE_SETS:
            raise InputError(f"rule: expected one of {', '.join(RULE_SETS)}, got {show(rule)}")
        return cls(h, w, mask, rule)

    def with_black(self, black) -> "Puzzle":
        """The same size and rule with other black cells (a flat mask)."""
        return Puzzle(self.h, self.w, np.asarray(black, dtype=np.bool_).ravel().copy(), self.rule)

    def with_rule(self, rule: str) -> "Puzzle":
        """The same board under another rule set."""
        return Puzzle.make(self.h, self.w, self.black, rule)

    @classmethod
    def from_json(cls, obj) -> "Puzzle":
        if not isinstance(obj, dict):
            raise InputError("puzzle must be a JSON object")
        for key in obj:
            if key not in ("size", "black", "rule"):
                raise InputError(f"puzzle: unknown key {show(key)}")
        if "size" not in obj:
            raise InputError("puzzle needs 'size'")
        h, w = strict_board_size(obj["size"], MAX_CELLS)
        mask = np.zeros(h * w, dtype=np.bool_)
        items = strict_list(obj.get("black", []), "black")
        if len(items) > h * w:
            raise InputError(f"black: {len(items)} cells on a board of {h * w}")
        for i, item in enumerate(items):
            r, c = strict_cell(item, f"black[{i}]", h, w)
            if mask[r * w + c]:
                raise InputError(f"black[{i}]: cell ({r}, {c}) is listed twice")
            mask[r * w + c] = True
        rule = obj.get("rule", "heteromino")
        if rule not in RULE_SETS:
            raise InputError(f"rule: expected one of {', '.join(RULE_SETS)}, got {show(rule)}")
        return cls(h, w, mask, rule)

    def to_json(self) -> dict:
        out = {"size": [self.h, self.w],
               "black": [list(divmod(int(i), self.w)) for i in np.flatnonzero(self.black)]}
        if self.rule != "heteromino":
            out["rule"] = self.rule
        return out

    @cached_property
    def classes(self) -> np.ndarray:
        return shape_class(self.rule)


@dataclass(frozen=True, eq=False)
class Answer:
    """The pieces of a tiling: an ``(k, 3, 2)`` int array of ``(r, c)`` cells,
    in canonical order (cells sorted within a piece, pieces by first cell)."""

    pieces: np.ndarray

    @classmethod
    def make(cls, pieces) -> "Answer":
        arr = np.asarray(pieces, dtype=np.int64).reshape(-1, 3, 2)
        if len(arr) == 0:
            return cls(arr)
        pieces = [sorted(map(tuple, p)) for p in arr.tolist()]
        arr = np.array(pieces, dtype=np.int64).reshape(-1, 3, 2)
        order = sorted(range(len(arr)), key=lambda i: arr[i].ravel().tolist())
        return cls(arr[order])

    @classmethod
    def from_owner(cls, owner, w: int) -> "Answer":
        """From a flat owner array (piece label per cell, -1 for none)."""
        owner = np.asarray(owner).ravel()
        groups: dict = {}
        for i, o in enumerate(owner.tolist()):
            if o >= 0:
                groups.setdefault(o, []).append(divmod(i, w))
        if any(len(g) != 3 for g in groups.values()):
            raise ValueError(f"owner labels give pieces of sizes "
                             f"{sorted(len(g) for g in groups.values())}")
        return cls.make(list(groups.values()))

    def __eq__(self, other):
        return isinstance(other, Answer) and self.to_json() == other.to_json()

    def __hash__(self):
        return hash(str(self.to_json()))

    @classmethod
    def from_json(cls, obj) -> "Answer":
        return cls.make(pieces_from_json(obj, MAX_CELLS, 3))

    def to_json(self) -> dict:
        return {"pieces": self.pieces.tolist()}

    def shapes(self) -> np.ndarray:
        """The shape index of every piece (-1 for a non-tromino)."""
        return np.array([shape_of(p) for p in self.pieces.tolist()], dtype=np.int64)

    def owner(self, h: int, w: int) -> np.ndarray:
        """Flat piece index per cell (-1 uncovered; pieces must be on the board)."""
        out = np.full(h * w, -1, dtype=np.int64)
        for k, p in enumerate(self.pieces.tolist()):
            for r, c in p:
                out[r * w + c] = k
        return out


def placements(puzzle: Puzzle) -> np.ndarray:
    """Every piece that fits the board's white cells: an ``(m, 4)`` array of
    ``(shape, cell0, cell1, cell2)`` (flat cells, increasing), ordered by
    first cell, then shape.

    >>> placements(Puzzle.from_json({"size": [2, 2], "black": []})).tolist()
    [[2, 0, 1, 2], [3, 0, 1, 3], [4, 0, 2, 3], [5, 1, 2, 3]]
    """
    white = ~np.ascontiguousarray(puzzle.black, dtype=bool).reshape(-1)
    return _placements_jit(puzzle.h, puzzle.w, white, _REL)


# each shape's cells relative to its first (row-major) cell: SHAPES lists them in order
_REL = np.array([[(dr - s[0][0], dc - s[0][1]) for dr, dc in s] for s in SHAPES], dtype=np.int64)


@njit(cache=True)
def _placements_jit(h, w, white, rel):
    """:func:`placements`: per cell in row-major order, each shape whose first
    cell it is, when all three cells are on the board and white."""
    out = np.empty((6 * h * w, 4), np.int64)
    m = 0
    for r in range(h):
        for c in range(w):
            if not white[r * w + c]:
                continue
            for k in range(rel.shape[0]):
                ok = True
                for t in range(3):
                    rr = r + rel[k, t, 0]
                    cc = c + rel[k, t, 1]
                    if rr < 0 or rr >= h or cc < 0 or cc >= w or not white[rr * w + cc]:
                        ok = False
                        break
                if ok:
                    out[m, 0] = k
                    for t in range(3):
                        out[m, 1 + t] = (r + rel[k, t, 0]) * w + c + rel[k, t, 1]
                    m += 1
    return out[:m].copy()


def check(puzzle: Puzzle, answer: Answer) -> list[Violation]:
    """Every rule the answer breaks (empty list: legal).

    >>> p = Puzzle.from_json({"size": [2, 3], "black": []})
    >>> check(p, Answer.make([[(0, 0), (0, 1), (1, 0)], [(0, 2), (1, 1), (1, 2)]]))
    []
    >>> bars = Answer.make([[(0, 0), (0, 1), (0, 2)], [(1, 0), (1, 1), (1, 2)]])
    >>> [v.rule for v in check(p, bars)]
    ['same-shape']
    """
    h, w = puzzle.h, puzzle.w
    out = []
    owner = np.full(h * w, -1, dtype=np.int64)
    shapes = []
    for k, piece in enumerate(answer.pieces.tolist()):
        cells = [tuple(c) for c in piece]
        off = [c for c in cells if not (0 <= c[0] < h and 0 <= c[1] < w)]
        if off:
            out.append(Violation("off-board", tuple(off), f"piece {k} leaves the {h}x{w} board"))
            shapes.append(-1)
            continue
        s = shape_of(cells)
        shapes.append(s)
        if s < 0:
            out.append(Violation("shape", tuple(cells),
                                 f"piece {k} is not three edge-connected cells"))
        for r, c in dict.fromkeys(cells):
            i = r * w + c
            if puzzle.black[i]:
                out.append(Violation("black", ((r, c),), f"piece {k} covers a black cell"))
            elif owner[i] >= 0:
                out.append(Violation("overlap", ((r, c),),
                                     f"pieces {owner[i]} and {k} both cover the cell"))
            else:
                owner[i] = k
    gaps = np.flatnonzero((owner < 0) & ~puzzle.black)
    if gaps.size:
        out.append(Violation("uncovered", tuple(divmod(int(i), w) for i in gaps),
                             f"{gaps.size} white cell(s) in no piece"))
    cls = puzzle.classes
    seen = set()
    for a, b in puzzle.grid.edges.tolist():
        pa, pb = owner[a], owner[b]
        if pa < 0 or pb < 0 or pa == pb or shapes[pa] < 0 or shapes[pb] < 0:
            continue
        ca, cb = cls[shapes[pa]], cls[shapes[pb]]
        if ca >= 0 and ca == cb and (min(pa, pb), max(pa, pb)) not in seen:
            seen.add((min(pa, pb), max(pa, pb)))
            out.append(Violation("same-shape", (divmod(a, w), divmod(b, w)),
                                 f"two {SHAPE_NAMES[shapes[pa]]}-class pieces share an edge"))
    return out
