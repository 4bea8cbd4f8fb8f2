"""Kojun boards and answers: types, JSON, and the referee.

Puzzle JSON (``size`` is ``[h, w]``; ``regions`` one integer label per cell,
each label's cells forming one region; ``givens`` printed digits
``[r, c, v]``, ``v`` in 1..k for a region of k cells).  ``givens`` may be
left out::

    {"size": [2, 2], "regions": [[0, 0], [1, 1]], "givens": [[0, 0, 2]]}

Answer JSON: one digit per cell::

    {"grid": [[2, 1], [1, 2]]}

The example is the unique answer of the example puzzle (the lone given 2
fixes the top domino; each bottom cell differs from the one above it).
Rule ids the referee names: ``range`` (a digit outside 1..k of its region),
``repeat`` (a digit twice in one region), ``adjacent`` (equal digits share an
edge, across region borders too), ``order`` (of two vertically adjacent cells
of one region the upper is not larger) and ``given`` (the answer overwrites a
printed digit).

Reading is strict: sizes, labels, coordinates and digits must be JSON
integers (``true``, ``3.0`` and ``"3"`` are refused) in range; a board may
have at most :data:`MAX_CELLS` cells (checked before anything of that size is
built) and a region at most :data:`MAX_REGION` cells, since the state holds
one candidate bit per cell and digit of its region.  Every refusal is an
:class:`~puzzlekit.core.referee.InputError` whose one-line message names the
field, e.g. ``givens[2][1]: expected an integer, got true``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from ..core.grid import RegionPuzzle, region_grid
from ..core.referee import (
    InputError,
    NumberAnswer,
    Violation,
    check_shape,
    region_labels,
    strict_cell,
    strict_int,
    strict_list,
)

__all__ = ["Puzzle", "Answer", "RULES", "MAX_CELLS", "MAX_REGION", "check", "column_regions"]

RULES = ("range", "repeat", "adjacent", "order", "given")
MAX_CELLS = 2_500     # 50x50
MAX_REGION = 36       # digits 1..36: a cell's candidates fit one machine word


@dataclass(frozen=True, eq=False)
class Puzzle(RegionPuzzle):
    """A Kojun board: region labels (flat int32, 0..k-1 in first-appearance
    order) and printed digits ``givens`` (cell -> digit).

    >>> p = Puzzle.from_json({"size": [2, 2], "regions": [[0, 0], [1, 1]], "givens": [[0, 0, 2]]})
    >>> p.k, p.sizes.tolist(), dict(p.givens)
    (2, [2, 2], {0: 2})
    """

    givens: dict = field(default_factory=dict)

    def _key(self):
        return self._regions_key() + (frozenset(self.givens.items()),)

    @cached_property
    def cell_size(self) -> np.ndarray:
        """The size of each cell's region (its largest digit)."""
        return self.sizes[self.regions]

    @classmethod
    def make(cls, regions, givens=None) -> "Puzzle":
        """Build from a 2-D label array and ``givens`` {cell: digit}."""
        h, w, flat = region_grid(regions, MAX_CELLS)
        p = cls(h, w, flat, {int(c): int(v) for c, v in (givens or {}).items()})
        p._validate()
        return p

    def _validate(self):
        big = int(self.sizes.max())
        if big > MAX_REGION:
            r = int(np.argmax(self.sizes))
            c = int(np.flatnonzero(self.regions == r)[0])
            raise InputError(f"the region at {divmod(c, self.w)} has {big} cells, more than "
                             f"the {MAX_REGION} this genre accepts")
        for cell, v in self.givens.items():
            if not 0 <= cell < self.n:
                raise InputError(f"given at cell {cell} is off the board")
            s = int(self.cell_size[cell])
            if not 1 <= v <= s:
                raise InputError(f"given {v} at cell {divmod(cell, self.w)} is outside 1..{s} "
                                 "(its region's size)")

    @classmethod
    def from_json(cls, obj) -> "Puzzle":
        h, w, flat = region_grid(region_labels(obj, MAX_CELLS))
        givens = {}
        items = obj.get("givens")
        for i, item in enumerate([] if items is None else strict_list(items, "givens")):
            r, c = strict_cell(item, f"givens[{i}]", h, w, 3)
            v = strict_int(item[2], f"givens[{i}][2]", 1, MAX_REGION)
            if givens.get(r * w + c, v) != v:
                raise InputError(f"givens: two digits at cell ({r}, {c})")
            givens[r * w + c] = v
        p = cls(h, w, flat, givens)
        p._validate()
        return p

    def to_json(self) -> dict:
        w = self.w
        return {"size": [self.h, self.w],
                "regions": self.regions.reshape(self.h, self.w).tolist(),
                "givens": [[i // w, i % w, int(v)] for i, v in sorted(self.givens.items())]}

    def with_givens(self, givens=None) -> "Puzzle":
        """The same regions with other printed digits."""
        return Puzzle(self.h, self.w, self.regions,
                      {int(c): int(v) for c, v in (givens or {}).items()})


class Answer(NumberAnswer):
    """One digit per cell, flat int64 array of length ``h * w``."""

    MAX_CELLS = MAX_CELLS
    MAX_VALUE = MAX_CELLS

    @classmethod
    def of(cls, puzzle: Puzzle, values) -> "Answer":
        """The answer with these digits (row-major) on ``puzzle``'s grid."""
        return cls(puzzle.h, puzzle.w, np.asarray(values, dtype=np.int64).ravel().copy())


def column_regions(puzzle: Puzzle) -> np.ndarray:
    """Mask of cells whose region is one column of two or more cells.

    >>> column_regions(Puzzle.make([[0, 1], [0, 2]])).tolist()
    [True, False, True, False]
    """
    cols = np.arange(puzzle.n) % puzzle.w
    out = np.zeros(puzzle.n, bool)
    for r in range(puzzle.k):
        cells = np.flatnonzero(puzzle.regions == r)
        if len(cells) >= 2 and len(set(cols[cells].tolist())) == 1:
            out[cells] = True
    return out


def check(puzzle: Puzzle, answer: Answer) -> list[Violation]:
    """Every rule the answer breaks (empty list: legal).

    >>> p = Puzzle.make([[0, 0], [1, 1]], {0: 2})
    >>> check(p, Answer.of(p, [2, 1, 1, 2]))
    []
    >>> [v.rule for v in check(p, Answer.of(p, [1, 2, 2, 1]))]
    ['given']
    >>> q = Puzzle.make([[0], [0]])
    >>> [v.rule for v in check(q, Answer.of(q, [1, 2]))]
    ['order']
    """
    check_shape(puzzle.shape, (answer.h, answer.w))
    w, reg, val = puzzle.w, puzzle.regions, np.asarray(answer.values)
    rc = puzzle.grid.rc
    out = []
    for r in range(puzzle.k):
        cells = np.flatnonzero(reg == r)
        k = len(cells)
        bad = [c for c in cells if not 1 <= val[c] <= k]
        if bad:
            out.append(Violation("range", tuple(rc(c) for c in bad),
                                 f"digits outside 1..{k} in a region of {k} cells"))
        vs = val[cells]
        for v in sorted(set(vs.tolist())):
            twice = cells[vs == v]
            if len(twice) > 1:
                out.append(Violation("repeat", tuple(rc(c) for c in twice),
                                     f"digit {v} appears {len(twice)} times in one region"))
    for a, b in puzzle.grid.edges:
        if val[a] == val[b]:
            out.append(Violation("adjacent", (rc(a), rc(b)),
                                 f"equal digits {val[a]} share an edge"))
        if b == a + w and reg[a] == reg[b] and val[a] <= val[b]:
            out.append(Violation("order", (rc(a), rc(b)),
                                 f"upper {val[a]} is not larger than lower {val[b]} "
                                 "in one region"))
    for c, v in sorted(puzzle.givens.items()):
        if val[c] != v:
            out.append(Violation("given", (rc(c),), f"given {v} but the answer has {val[c]}"))
    return out
