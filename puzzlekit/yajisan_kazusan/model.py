"""Yajisan-Kazusan boards and answers: types, JSON, and the referee.

Puzzle JSON: ``size`` is ``[h, w]``; ``clues`` lists ``[r, c, arrow, number]``
with ``arrow`` one of ``"U" "D" "L" "R"`` (or ``"."`` for a bare number with
no arrow, which real puzz.link boards sometimes carry and the rules ignore)
and ``number`` a JSON integer 0..4095 or ``null`` (a ``?``: the number is not
printed, so the clue says nothing).  ``need_shade`` (optional, default false)
is puzz.link's extra check: an answer with no shaded cell at all is refused::

    {"size": [3, 3], "clues": [[0, 0, "R", 1], [2, 2, "U", 5]],
     "need_shade": false}

Answer JSON: one string per row, ``#`` shaded and ``.`` unshaded::

    {"grid": ["..#", "#..", "..#"]}

That is one of the example puzzle's answers: the clue at (0, 0) is unshaded
and sees one shaded cell to its right; the clue at (2, 2) is shaded, so its
(unsayable) 5 is exempt.

Rules the referee names: ``touch`` (two shaded cells share an edge),
``split`` (the unshaded cells are not one non-empty connected region),
``count`` (an unshaded clue cell's number is not the number of shaded cells
beyond it in its arrow's direction) and ``no-shade`` (only with
``need_shade``: nothing is shaded).  A shaded clue cell is exempt and is
never reported.

Reading is strict: sizes, coordinates and numbers must be JSON integers in
range (``true``, ``3.0`` and ``"3"`` are refused), two clues may not share a
cell, and a board has at most :data:`MAX_CELLS` cells and :data:`MAX_SIDE`
along a side, checked before anything of that size is built.  Every refusal is
an :class:`~puzzlekit.core.referee.InputError` with a one-line message naming
the field, e.g. ``clues[2][3]: expected an integer, got true``.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..core.grid import GridPuzzle, ray
from ..core.referee import (
    InputError,
    ShadedAnswer,
    Violation,
    check_shape,
    show,
    strict_board_size,
    strict_bool,
    strict_cell,
    strict_int,
    strict_list,
    strict_object,
)

__all__ = ["Puzzle", "Answer", "RULES", "MAX_CELLS", "MAX_SIDE", "MAX_NUMBER", "ARROWS",
           "NONE", "UP", "DOWN", "LEFT", "RIGHT", "STEP", "check", "line_cells",
           "count_beyond", "binding_clues"]

RULES = ("touch", "split", "count", "no-shade")
MAX_CELLS = 10_000   # 100x100: two bits a cell, one line table entry per clue cell
MAX_SIDE = 100       # the line DP keeps reachable totals (<= ceil(L/2)) in one 64-bit mask
MAX_NUMBER = 4095    # the largest number a puzz.link URL can write
NONE, UP, DOWN, LEFT, RIGHT = 0, 1, 2, 3, 4      # puzz.link's direction codes
ARROWS = ".UDLR"
STEP = ((0, 0), (-1, 0), (1, 0), (0, -1), (0, 1))


def line_cells(h: int, w: int, cell: int, d: int) -> list[int]:
    """The cells beyond ``cell`` in direction ``d``, nearest first, to the edge.

    >>> line_cells(3, 3, 4, RIGHT), line_cells(3, 3, 4, UP), line_cells(3, 3, 4, NONE)
    ([5], [1], [])
    """
    if d == NONE:
        return []
    r, c = divmod(int(cell), w)
    dr, dc = STEP[d]
    return ray(h, w, r, c, dr, dc)


@dataclass(frozen=True, eq=False)
class Puzzle(GridPuzzle):
    """A board: ``clues`` maps cell -> ``(arrow, number)``, arrow 0..4
    (:data:`NONE`, :data:`UP` ...), number -1 for ``?``.

    >>> p = Puzzle.from_json({"size": [2, 3], "clues": [[0, 0, "R", 1]]})
    >>> p.h, p.w, p.clues
    (2, 3, {0: (4, 1)})
    """

    h: int
    w: int
    clues: dict = field(default_factory=dict)
    need_shade: bool = False

    def _key(self):
        return (self.h, self.w, frozenset(self.clues.items()), self.need_shade)

    def __repr__(self):
        return f"Puzzle({self.h}x{self.w}, {len(self.clues)} clues)"

    def line(self, cell: int) -> list[int]:
        """The cells the clue at ``cell`` looks at."""
        return line_cells(self.h, self.w, cell, self.clues[cell][0])

    @classmethod
    def make(cls, h, w, clues=None, need_shade=False) -> "Puzzle":
        """Build from ``{cell: (arrow, number)}`` (arrow a code or letter,
        number -1 or None for ``?``), validated like JSON."""
        h, w = strict_board_size([h, w], MAX_CELLS, MAX_SIDE)
        out = {}
        for cell, (d, v) in (clues or {}).items():
            d = ARROWS.index(d) if isinstance(d, str) else int(d)
            if not 0 <= int(cell) < h * w or not 0 <= d <= 4:
                raise InputError(f"clue at cell {cell}: off the board or bad arrow {d}")
            v = -1 if v is None else int(v)
            if not -1 <= v <= MAX_NUMBER:
                raise InputError(f"clue at cell {cell}: number {v} outside 0..{MAX_NUMBER}")
            out[int(cell)] = (d, v)
        return cls(h, w, out, bool(need_shade))

    @classmethod
    def from_json(cls, obj) -> "Puzzle":
        strict_object(obj, "a yajisan_kazusan puzzle", ("size",))
        h, w = strict_board_size(obj["size"], MAX_CELLS, MAX_SIDE)
        clues = {}
        items = obj.get("clues", [])
        for i, item in enumerate(strict_list(items, "clues")):
            r, c = strict_cell(item, f"clues[{i}]", h, w, 4)
            a = item[2]
            if not isinstance(a, str) or len(a) != 1 or a not in ARROWS:
                raise InputError(f"clues[{i}][2]: expected one of U D L R or '.', got {show(a)}")
            v = -1 if item[3] is None else strict_int(item[3], f"clues[{i}][3]", 0, MAX_NUMBER)
            if r * w + c in clues:
                raise InputError(f"clues: two clues at cell ({r}, {c})")
            clues[r * w + c] = (ARROWS.index(a), v)
        return cls(h, w, clues, strict_bool(obj, "need_shade"))

    def to_json(self) -> dict:
        out = {"size": [self.h, self.w],
               "clues": [[i // self.w, i % self.w, ARROWS[d], None if v < 0 else int(v)]
                         for i, (d, v) in sorted(self.clues.items())]}
        if self.need_shade:
            out["need_shade"] = True
        return out

    def with_clues(self, clues) -> "Puzzle":
        """The same board with another clue dict."""
        return Puzzle(self.h, self.w, dict(clues), self.need_shade)


class Answer(ShadedAnswer):
    """The shaded cells, a flat bool array of length ``h * w`` (JSON: one
    string of ``#`` and ``.`` per row)."""

    WHAT, MAX_CELLS, MAX_SIDE = "a yajisan_kazusan answer", MAX_CELLS, MAX_SIDE


def count_beyond(puzzle: Puzzle, shaded, cell: int) -> int:
    """Shaded cells beyond ``cell`` in its clue's direction."""
    shaded = np.asarray(shaded, dtype=bool).ravel()
    return int(sum(shaded[j] for j in puzzle.line(cell)))


def binding_clues(puzzle: Puzzle, shaded) -> list[int]:
    """Clue cells whose clue binds under ``shaded``: unshaded, with an arrow
    and a printed number."""
    shaded = np.asarray(shaded, dtype=bool).ravel()
    return [c for c, (d, v) in sorted(puzzle.clues.items())
            if not shaded[c] and d != NONE and v >= 0]


def check(puzzle: Puzzle, answer: Answer) -> list[Violation]:
    """Every rule the answer breaks (empty list: legal).

    >>> p = Puzzle.from_json({"size": [1, 3], "clues": [[0, 0, "R", 1]]})
    >>> [v.rule for v in check(p, Answer.from_json({"grid": ["##."]}))]
    ['touch']
    >>> [v.rule for v in check(p, Answer.from_json({"grid": [".#."]}))]
    ['split']
    >>> check(p, Answer.from_json({"grid": ["..#"]}))
    []
    """
    check_shape(puzzle.shape, (answer.h, answer.w))
    s = answer.shaded
    rc = puzzle.grid.rc
    out = []
    for a, b in puzzle.grid.edges:
        if s[a] and s[b]:
            out.append(Violation("touch", (rc(a), rc(b)), "two shaded cells share an edge"))
    white = np.flatnonzero(~s)
    if white.size == 0:
        out.append(Violation("split", (), "no cell is unshaded"))
    else:
        seen = np.zeros(puzzle.n, bool)
        stack, seen[white[0]] = [int(white[0])], True
        while stack:
            v = stack.pop()
            for u in puzzle.grid.nbrs[v]:
                if u >= 0 and not s[u] and not seen[u]:
                    seen[u] = True
                    stack.append(int(u))
        cut = [i for i in white if not seen[i]]
        if cut:
            out.append(Violation("split", tuple(rc(i) for i in cut),
                                 "the unshaded cells are not one connected region"))
    for c in binding_clues(puzzle, s):
        k, v = count_beyond(puzzle, s, c), puzzle.clues[c][1]
        if k != v:
            out.append(Violation("count", (rc(c),),
                                 f"the unshaded clue says {v}, {k} shaded cells lie beyond it"))
    if puzzle.need_shade and not s.any():
        out.append(Violation("no-shade", (), "no cell is shaded"))
    return out
