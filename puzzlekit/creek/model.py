"""Creek boards: the puzzle and answer types, their JSON, and the referee.

Numbers sit on the corners of the grid, an ``(h + 1) x (w + 1)`` lattice; each
counts the shaded cells among the (at most four) cells touching its corner.
The unshaded cells, the creek, form one connected piece (an all-shaded board
is legal: its creek is empty).  The JSON schema (puzzle, then answer), worked
on a 2×2 board::

    {"h": 2, "w": 2,
     "clues": [[1, null, 0],            # h + 1 rows of w + 1 corners;
               [null, 2, null],         # null = no number on that corner
               [null, null, null]]}

    {"grid": ["#.", "#."]}              # '#' shaded, '.' unshaded (the creek)

A corner of the paper touches one cell, an edge corner two, an interior one
four; a number larger than its corner's cell count is refused.  puzz.link's
checker also refuses an answer with no shaded cell at all: the optional key
``"shade_required": true`` switches that rule on (rule ``no-shade``).

Cells are coded 0 = unshaded, 1 = shaded everywhere in the package (the bit
order of the ladder's state), so an answer's grid is the 0/1 matrix ``x`` of
the article's closed form.  Reading is strict: ``h``, ``w`` and every clue
must be JSON integers (``true``, ``3.0``, ``"3"`` are refused) and a board has
at most :data:`MAX_CELLS` cells, checked before anything of that size is
built; every refusal is an :class:`~puzzlekit.core.referee.InputError` whose
one-line message names the field, e.g. ``clues[1][2]: expected an integer in
0..4, got 5``.
"""
from __future__ import annotations

import operator
from functools import cached_property

import numpy as np

from ..core.graph import components
from ..core.grid import GridPuzzle
from ..core.referee import (
    GridAnswer,
    Violation,
    check_shape,
    shading_from_json,
    shading_to_json,
    strict_bool,
    strict_int,
    strict_list,
    strict_object,
    strict_size,
)

__all__ = ["Puzzle", "Answer", "check", "RULES", "MAX_CELLS", "WHITE", "SHADED",
           "corner_cells", "corner_sizes", "clue_field", "full_puzzle"]

MAX_CELLS = 2_500    # 50x50: the linear rung row-reduces the clue system once per board
WHITE, SHADED = 0, 1
RULES = ("corner-count", "creek-split", "no-shade")


def corner_cells(h: int, w: int) -> np.ndarray:
    """``((h+1)(w+1), 4)`` cells touching each corner (up-left, up-right,
    down-left, down-right), -1 off the board.

    >>> corner_cells(1, 2).tolist()[:2]
    [[-1, -1, -1, 0], [-1, -1, 0, 1]]
    """
    out = np.full(((h + 1) * (w + 1), 4), -1, dtype=np.int32)
    for i in range(h + 1):
        for j in range(w + 1):
            for k, (r, c) in enumerate(((i - 1, j - 1), (i - 1, j), (i, j - 1), (i, j))):
                if 0 <= r < h and 0 <= c < w:
                    out[i * (w + 1) + j, k] = r * w + c
    return out


def corner_sizes(h: int, w: int) -> np.ndarray:
    """Cells touching each corner, ``(h + 1, w + 1)``: 1, 2 or 4."""
    return (corner_cells(h, w) >= 0).sum(1).reshape(h + 1, w + 1).astype(np.int8)


def clue_field(grid) -> np.ndarray:
    """Every corner's count of shaded cells: the board's full clue field.

    >>> clue_field([[1, 0], [1, 1]]).tolist()
    [[1, 1, 0], [2, 3, 1], [1, 2, 1]]
    """
    x = np.asarray(grid, dtype=np.int64)
    p = np.pad(x, 1)
    return (p[:-1, :-1] + p[:-1, 1:] + p[1:, :-1] + p[1:, 1:]).astype(np.int8)


class Puzzle(GridPuzzle):
    """Corner numbers ``clues`` (``(h + 1, w + 1)`` int8, -1 = no number) and the
    ``shade_required`` switch.

    >>> p = Puzzle.from_json({"h": 1, "w": 1, "clues": [[1, None], [None, None]]})
    >>> p.clues.tolist(), p.n_clues
    ([[1, -1], [-1, -1]], 1)
    """

    def __init__(self, h, w, clues, shade_required: bool = False):
        self.h, self.w = operator.index(h), operator.index(w)
        self.clues = np.ascontiguousarray(clues, dtype=np.int8).reshape(self.h + 1, self.w + 1)
        self.shade_required = bool(shade_required)

    def _key(self):
        return (self.h, self.w, self.clues.tobytes(), self.shade_required)

    def __repr__(self):
        return f"Puzzle({self.h}x{self.w}, {self.n_clues} numbers)"

    @property
    def n_clues(self) -> int:
        return int((self.clues >= 0).sum())

    @property
    def n_corners(self) -> int:
        return (self.h + 1) * (self.w + 1)

    @cached_property
    def corners(self) -> np.ndarray:
        """:func:`corner_cells` of this board."""
        return corner_cells(self.h, self.w)

    def with_clues(self, clues) -> "Puzzle":
        """The same board with another clue array."""
        return Puzzle(self.h, self.w, clues, self.shade_required)

    # -- JSON ---------------------------------------------------------------
    @classmethod
    def from_json(cls, obj) -> "Puzzle":
        """Parse the schema above; bad input raises :class:`InputError`."""
        strict_object(obj, "a creek puzzle", ("h", "w", "clues"))
        h, w = strict_size(obj["h"], obj["w"], MAX_CELLS)
        rows = obj["clues"]
        strict_list(rows, "clues", h + 1)
        size = corner_sizes(h, w)
        clues = np.full((h + 1, w + 1), -1, dtype=np.int8)
        for i, row in enumerate(rows):
            strict_list(row, f"clues[{i}]", w + 1)
            for j, v in enumerate(row):
                if v is not None:
                    clues[i, j] = strict_int(v, f"clues[{i}][{j}]", 0, int(size[i, j]))
        return cls(h, w, clues, strict_bool(obj, "shade_required"))

    def to_json(self) -> dict:
        out = {"h": self.h, "w": self.w,
               "clues": [[None if v < 0 else int(v) for v in row] for row in self.clues]}
        if self.shade_required:
            out["shade_required"] = True
        return out


class Answer(GridAnswer):
    """A shading: ``grid`` of 0 (unshaded) and 1 (shaded), shape ``(h, w)``.

    >>> Answer.from_json({"grid": ["#.", ".."]}).grid.tolist()
    [[1, 0], [0, 0]]
    """

    @classmethod
    def from_json(cls, obj) -> "Answer":
        return cls(shading_from_json(obj, "a creek answer", MAX_CELLS).astype(np.int8))

    def to_json(self) -> dict:
        return shading_to_json(self.grid)


def full_puzzle(answer, shade_required: bool = False) -> Puzzle:
    """The board printing every corner of an answer (a grid or an Answer)."""
    g = answer.grid if isinstance(answer, Answer) else np.asarray(answer)
    return Puzzle(g.shape[0], g.shape[1], clue_field(g), shade_required)


def check(puzzle: Puzzle, answer: Answer) -> list[Violation]:
    """The rules an answer breaks (empty when legal).

    Examples
    --------
    >>> p = Puzzle.from_json({"h": 2, "w": 2, "clues": [[1, None, None], [None, 2, None],
    ...                                                 [None, None, None]]})
    >>> check(p, Answer.from_json({"grid": ["#.", "#."]}))
    []
    >>> [v.rule for v in check(p, Answer.from_json({"grid": ["#.", ".."]}))]
    ['corner-count']
    >>> [v.rule for v in check(p, Answer.from_json({"grid": ["#.", ".#"]}))]
    ['creek-split']
    """
    h, w = puzzle.h, puzzle.w
    g = answer.grid
    check_shape((h, w), g.shape)
    out = []
    field = clue_field(g)
    for i, j in zip(*np.nonzero((puzzle.clues >= 0) & (field != puzzle.clues))):
        out.append(Violation("corner-count", ((int(i), int(j)),),
                             f"corner ({i},{j}) touches {field[i, j]} shaded cells, "
                             f"its number says {puzzle.clues[i, j]}"))
    white = g.ravel() == WHITE
    lab, k = components(puzzle.grid.nbrs, white)
    if k > 1:
        firsts = [divmod(int(np.flatnonzero(lab == c)[0]), w) for c in range(k)]
        out.append(Violation("creek-split", tuple(firsts),
                             f"the unshaded cells form {k} pieces, not one"))
    if puzzle.shade_required and not (g == SHADED).any():
        out.append(Violation("no-shade", (), "no cell is shaded"))
    return out
