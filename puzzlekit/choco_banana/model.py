"""Choco Banana boards and answers: types, JSON, and the referee.

Puzzle JSON: ``size`` is ``[h, w]``; ``clues`` lists ``[r, c, number]`` with
``number`` a JSON integer 1..h*w, or ``null`` for a ``?`` (the cell is marked
but its number is not printed, so it says nothing).  ``drop`` (optional)
lists rules switched off, for the rule ablation: ``"rect"`` (shaded groups
need not be rectangles) and/or ``"banana"`` (unshaded groups may be
rectangles)::

    {"size": [3, 4], "clues": [[0, 0, 6], [2, 3, 6]], "drop": []}

Answer JSON: one string per row, ``#`` shaded (chocolate), ``.`` unshaded::

    {"grid": ["###.", "###.", "...."]}

That is one answer of the example: a 2x3 bar reading 6 and an L-shaped banana
of 6 around it (it is not the only one: the bar may sit in any corner).

Rules the referee names: ``rect`` (a shaded group is not a rectangle),
``banana`` (an unshaded group is a rectangle) and ``size`` (a numbered cell's
group has another size).  Reading is strict: sizes, coordinates and numbers
must be JSON integers in range (``true``, ``3.0`` and ``"3"`` are refused), two
clues may not share a cell, and a board has at most :data:`MAX_CELLS` cells
and :data:`MAX_SIDE` along a side, checked before anything of that size is
built.  Every refusal is an :class:`~puzzlekit.core.referee.InputError` with a
one-line message naming the field.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..core.grid import GridPuzzle, cell_groups
from ..core.referee import (
    InputError,
    ShadedAnswer,
    Violation,
    check_shape,
    strict_board_size,
    strict_cell,
    strict_int,
    strict_list,
    strict_object,
    strict_switches,
)

__all__ = ["Puzzle", "Answer", "RULES", "SWITCHES", "MAX_CELLS", "MAX_SIDE", "check",
           "groups", "is_rectangle", "size_map", "bar_areas", "banana_areas"]

RULES = ("rect", "banana", "size")
SWITCHES = ("rect", "banana")      # rules that may be dropped
MAX_CELLS = 2_500      # 50x50: the kernels are quadratic in the worst case
MAX_SIDE = 50


def bar_areas(h: int, w: int) -> set:
    """Areas a chocolate bar can have on an h x w board: a*b, a <= h, b <= w.

    >>> sorted(bar_areas(2, 3))
    [1, 2, 3, 4, 6]
    """
    return {a * b for a in range(1, h + 1) for b in range(1, w + 1)}


def banana_areas(h: int, w: int) -> set:
    """Areas a banana can have: 3..h*w-1 when both sides are at least 2, else none.

    >>> sorted(banana_areas(2, 2)), sorted(banana_areas(1, 9))
    ([3], [])
    """
    if h < 2 or w < 2:
        return set()
    return set(range(3, h * w))


@dataclass(frozen=True, eq=False)
class Puzzle(GridPuzzle):
    """A board: ``clues`` maps cell -> number (-1 for ``?``); ``drop`` the
    rules switched off.

    >>> p = Puzzle.from_json({"size": [2, 3], "clues": [[0, 1, 2]]})
    >>> p.h, p.w, p.clues
    (2, 3, {1: 2})
    """

    h: int
    w: int
    clues: dict = field(default_factory=dict)
    drop: frozenset = frozenset()

    def _key(self):
        return (self.h, self.w, frozenset(self.clues.items()), self.drop)

    def __repr__(self):
        return f"Puzzle({self.h}x{self.w}, {len(self.clues)} clues)"

    @property
    def rect_rule(self) -> bool:
        return "rect" not in self.drop

    @property
    def banana_rule(self) -> bool:
        return "banana" not in self.drop

    @classmethod
    def make(cls, h, w, clues=None, drop=()) -> "Puzzle":
        """Build from ``{cell: number}`` (None or -1 for ``?``), validated like JSON."""
        h, w = strict_board_size([h, w], MAX_CELLS, MAX_SIDE)
        out = {}
        for cell, v in (clues or {}).items():
            if not 0 <= int(cell) < h * w:
                raise InputError(f"clue at cell {cell}: off the {h}x{w} board")
            v = -1 if v is None else int(v)
            if v != -1 and not 1 <= v <= h * w:
                raise InputError(f"clue at cell {cell}: number {v} outside 1..{h * w}")
            out[int(cell)] = v
        return cls(h, w, out, strict_switches(list(drop), "drop", SWITCHES))

    @classmethod
    def from_json(cls, obj) -> "Puzzle":
        strict_object(obj, "a choco_banana puzzle", ("size",))
        h, w = strict_board_size(obj["size"], MAX_CELLS, MAX_SIDE)
        clues = {}
        for i, item in enumerate(strict_list(obj.get("clues", []), "clues")):
            r, c = strict_cell(item, f"clues[{i}]", h, w, 3)
            v = -1 if item[2] is None else strict_int(item[2], f"clues[{i}][2]", 1, h * w)
            if r * w + c in clues:
                raise InputError(f"clues: two clues at cell ({r}, {c})")
            clues[r * w + c] = v
        return cls(h, w, clues, strict_switches(obj.get("drop", []), "drop", SWITCHES))

    def to_json(self) -> dict:
        out = {"size": [self.h, self.w],
               "clues": [[i // self.w, i % self.w, None if v < 0 else int(v)]
                         for i, v in sorted(self.clues.items())]}
        if self.drop:
            out["drop"] = sorted(self.drop)
        return out

    def with_clues(self, clues) -> "Puzzle":
        """The same board and rules with another clue dict."""
        return Puzzle(self.h, self.w, dict(clues), self.drop)

    def with_drop(self, drop) -> "Puzzle":
        """The same board and clues with other rules switched off."""
        return Puzzle(self.h, self.w, dict(self.clues),
                      strict_switches(list(drop), "drop", SWITCHES))


class Answer(ShadedAnswer):
    """The shaded cells, a flat bool array of length ``h * w`` (JSON: one
    string of ``#`` and ``.`` per row)."""

    WHAT, MAX_CELLS, MAX_SIDE = "a choco_banana answer", MAX_CELLS, MAX_SIDE


def groups(h: int, w: int, shaded) -> list[list[int]]:
    """The orthogonally connected single-colour groups, each a sorted cell list.

    >>> groups(1, 3, [1, 0, 0])
    [[0], [1, 2]]
    """
    return cell_groups(h, w, np.asarray(shaded, dtype=bool))


def is_rectangle(cells, w: int) -> bool:
    """True when the cells exactly fill their bounding box.

    >>> is_rectangle([0, 1, 3, 4], 3), is_rectangle([0, 1, 3], 3)
    (True, False)
    """
    rows = [c // w for c in cells]
    cols = [c % w for c in cells]
    return len(cells) == (max(rows) - min(rows) + 1) * (max(cols) - min(cols) + 1)


def size_map(h: int, w: int, shaded) -> np.ndarray:
    """Each cell's group size: the strongest clue set of a grid.

    >>> size_map(1, 3, [1, 0, 0]).tolist()
    [1, 2, 2]
    """
    out = np.zeros(h * w, np.int64)
    for g in groups(h, w, shaded):
        out[g] = len(g)
    return out


def check(puzzle: Puzzle, answer: Answer) -> list[Violation]:
    """Every rule the answer breaks (empty list: legal).

    >>> p = Puzzle.from_json({"size": [2, 2], "clues": [[0, 0, 1]]})
    >>> [v.rule for v in check(p, Answer.from_json({"grid": ["##", "#."]}))]
    ['rect', 'banana', 'size']
    >>> check(p, Answer.from_json({"grid": ["#.", ".."]}))
    []
    """
    check_shape(puzzle.shape, (answer.h, answer.w))
    h, w, s = puzzle.h, puzzle.w, answer.shaded
    rc = puzzle.grid.rc
    out = []
    gs = groups(h, w, s)
    for g in gs:
        if s[g[0]] and puzzle.rect_rule and not is_rectangle(g, w):
            out.append(Violation("rect", tuple(rc(i) for i in g),
                                 "a shaded group is not a rectangle"))
        if not s[g[0]] and puzzle.banana_rule and is_rectangle(g, w):
            out.append(Violation("banana", tuple(rc(i) for i in g),
                                 "an unshaded group is a rectangle"))
    sizes = size_map(h, w, s)
    for c, v in sorted(puzzle.clues.items()):
        if v >= 0 and sizes[c] != v:
            out.append(Violation("size", (rc(c),),
                                 f"the number says {v}, the cell's group has {sizes[c]} cells"))
    return out
