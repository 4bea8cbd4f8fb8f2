"""Nanro boards and answers: types, JSON, and the referee.

Puzzle JSON (``size`` is ``[h, w]``; ``regions`` one integer label per cell;
``clues`` full clues ``[r, c, v]``: the cell is numbered and its region counts
to ``v``; ``marks`` position-only clues ``[r, c]``: the cell is numbered (a
``?`` clue on puzz.link); ``hints`` region-level label hints ``[r, c, v]``:
the region holding ``(r, c)`` counts to ``v``, with no cell named; ``blanks``
printed blanks ``[r, c]``: the cell must stay blank).  Every key but
``regions`` may be left out; ``blanks`` is written only when a board has
some::

    {"size": [2, 2], "regions": [[0, 0], [1, 1]],
     "clues": [[0, 0, 2]], "marks": [[1, 1]], "hints": [], "blanks": [[1, 0]]}

Answer JSON: one number per cell, 0 for a blank cell::

    {"grid": [[2, 2], [0, 1]]}

The example is the unique answer of the example puzzle.  Rule ids the
referee names: ``empty`` (a region without a number), ``count`` (a number is
not its region's count), ``connected``, ``block`` (a fully numbered 2x2),
``clash`` (equal numbers across a border), ``clue`` / ``mark`` / ``hint``
(the answer ignores a given) and ``blank`` (the answer numbers a printed
blank).

Reading is strict: sizes, labels, cell coordinates and numbers must be JSON
integers (``true``, ``3.0`` and ``"3"`` are refused) in range, a printed blank
may not share its cell with a clue or a mark, and a board may have at most
:data:`MAX_CELLS` cells, checked before anything of that size is built (the
state is two bits a cell plus one per region cell, and every table is linear
in the board).  Every refusal is an
:class:`~puzzlekit.core.referee.InputError` whose one-line message names the
field, e.g. ``clues[2][1]: expected an integer, got true``.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..core.grid import RegionPuzzle, region_grid
from ..core.referee import (
    InputError,
    NumberAnswer,
    Violation,
    check_shape,
    region_labels,
    strict_cells,
)

__all__ = ["Puzzle", "Answer", "RULES", "MAX_CELLS", "check", "answer_from_mask"]

RULES = ("empty", "count", "connected", "block", "clash", "clue", "mark", "hint", "blank")
MAX_CELLS = 10_000   # 100x100: two bits a cell plus one per region cell


@dataclass(frozen=True, eq=False)
class Puzzle(RegionPuzzle):
    """A Nanro board: regions and the four kinds of given.

    ``regions`` is a flat int32 array of labels 0..k-1 (row-major);
    ``clues`` maps cell -> value, ``marks`` is a frozenset of cells,
    ``hints`` maps region -> value, ``blanks`` is a frozenset of cells.

    >>> p = Puzzle.from_json({"size": [2, 2], "regions": [[0, 0], [1, 1]], "clues": [[0, 0, 2]]})
    >>> p.k, p.sizes.tolist(), dict(p.clues)
    (2, [2, 2], {0: 2})
    """

    clues: dict = field(default_factory=dict)
    marks: frozenset = frozenset()
    hints: dict = field(default_factory=dict)
    blanks: frozenset = frozenset()

    def _key(self):
        return self._regions_key() + (frozenset(self.clues.items()), self.marks,
                                      frozenset(self.hints.items()), self.blanks)

    @classmethod
    def make(cls, regions, clues=None, marks=(), hints=None, blanks=()) -> "Puzzle":
        """Build from a 2-D label array; ``clues`` {cell: v}, ``hints`` {region: v},
        ``marks`` and ``blanks`` cells."""
        h, w, flat = region_grid(regions)
        p = cls(h, w, flat, dict(clues or {}), frozenset(int(c) for c in marks),
                dict(hints or {}), frozenset(int(c) for c in blanks))
        p._validate()
        return p

    def _validate(self):
        for cell, v in self.clues.items():
            s = int(self.sizes[self.regions[cell]])
            if not 1 <= v <= s:
                raise InputError(f"clue {v} at cell {divmod(cell, self.w)} is outside 1..{s} "
                                 "(its region's size)")
        for reg, v in self.hints.items():
            s = int(self.sizes[reg])
            if not 1 <= v <= s:
                raise InputError(f"hint {v} for a region of {s} cells is outside 1..{s}")
        for cell in sorted(self.blanks):
            what = "clue" if cell in self.clues else "mark" if cell in self.marks else None
            if what:
                raise InputError(f"blanks: cell {divmod(cell, self.w)} is a printed blank "
                                 f"and also has a {what}")

    @classmethod
    def from_json(cls, obj) -> "Puzzle":
        h, w, flat = region_grid(region_labels(obj, MAX_CELLS))
        clues = {}
        for r, c, v in strict_cells(obj, "clues", 3, h, w, 1):
            if clues.get(r * w + c, v) != v:
                raise InputError(f"clues: two values at cell ({r}, {c})")
            clues[r * w + c] = v
        marks = frozenset(r * w + c for r, c in strict_cells(obj, "marks", 2, h, w))
        hints = {}
        for r, c, v in strict_cells(obj, "hints", 3, h, w, 1):
            reg = int(flat[r * w + c])
            if hints.get(reg, v) != v:
                raise InputError(f"hints: two values for the region of ({r}, {c})")
            hints[reg] = v
        blanks = frozenset(r * w + c for r, c in strict_cells(obj, "blanks", 2, h, w))
        p = cls(h, w, flat, clues, marks, hints, blanks)
        p._validate()
        return p

    def to_json(self) -> dict:
        w, first = self.w, self.first_cell.tolist()
        out = {"size": [self.h, self.w],
               "regions": self.regions.reshape(self.h, self.w).tolist(),
               "clues": [[i // w, i % w, int(v)] for i, v in sorted(self.clues.items())],
               "marks": [[i // w, i % w] for i in sorted(self.marks)],
               "hints": [[first[g] // w, first[g] % w, int(v)]
                         for g, v in sorted(self.hints.items())]}
        if self.blanks:
            out["blanks"] = [[i // w, i % w] for i in sorted(self.blanks)]
        return out

    def with_givens(self, clues=None, marks=(), hints=None, blanks=()) -> "Puzzle":
        """The same regions with other givens (none that are not passed)."""
        return Puzzle(self.h, self.w, self.regions, dict(clues or {}),
                      frozenset(int(c) for c in marks), dict(hints or {}),
                      frozenset(int(c) for c in blanks))


class Answer(NumberAnswer):
    """Numbers per cell (0 blank), flat int array of length ``h * w``."""

    MAX_CELLS = MAX_CELLS

    @property
    def numbered(self) -> np.ndarray:
        return self.values > 0


def answer_from_mask(puzzle: Puzzle, mask) -> Answer:
    """The answer numbering ``mask``: each number is its region's count.

    >>> p = Puzzle.make([[0, 0], [1, 1]])
    >>> answer_from_mask(p, [1, 1, 0, 1]).values.tolist()
    [2, 2, 0, 1]
    """
    mask = np.asarray(mask, dtype=bool).ravel()
    counts = np.bincount(puzzle.regions[mask], minlength=puzzle.k)
    return Answer(puzzle.h, puzzle.w, np.where(mask, counts[puzzle.regions], 0).astype(np.int64))


def check(puzzle: Puzzle, answer: Answer) -> list[Violation]:
    """Every rule the answer breaks (empty list: legal).

    >>> p = Puzzle.make([[0, 0], [1, 1]])
    >>> [v.rule for v in check(p, answer_from_mask(p, [1, 1, 1, 1]))]
    ['block', 'clash', 'clash']
    >>> check(p, answer_from_mask(p, [1, 1, 0, 1]))
    []
    """
    check_shape(puzzle.shape, (answer.h, answer.w))
    g, reg, val = puzzle.grid, puzzle.regions, answer.values
    num = val > 0
    rc = g.rc
    out = []
    counts = np.bincount(reg[num], minlength=puzzle.k)
    for r in range(puzzle.k):
        cells = np.flatnonzero(reg == r)
        if counts[r] == 0:
            out.append(Violation("empty", tuple(rc(i) for i in cells), "a region has no number"))
        bad = [i for i in cells if num[i] and val[i] != counts[r]]
        if bad:
            out.append(Violation("count", tuple(rc(i) for i in bad),
                                 f"numbers in a region with {counts[r]} numbered cells "
                                 f"are not all {counts[r]}"))
    seen = np.zeros(g.n, bool)
    comps = []
    for s in np.flatnonzero(num):
        if seen[s]:
            continue
        comp, stack, seen[s] = [], [s], True
        while stack:
            v = stack.pop()
            comp.append(v)
            for u in g.nbrs[v]:
                if u >= 0 and num[u] and not seen[u]:
                    seen[u] = True
                    stack.append(u)
        comps.append(comp)
    if len(comps) > 1:
        small = min(comps, key=len)
        out.append(Violation("connected", tuple(rc(i) for i in sorted(small)),
                             f"the numbers form {len(comps)} separate groups"))
    for blk in g.blocks2x2:
        if num[blk].all():
            out.append(Violation("block", tuple(rc(i) for i in blk),
                                 "a 2x2 block is fully numbered"))
    for a, b in g.edges:
        if reg[a] != reg[b] and num[a] and num[b] and val[a] == val[b]:
            out.append(Violation("clash", (rc(a), rc(b)),
                                 f"equal numbers {val[a]} touch across a region border"))
    for i, v in puzzle.clues.items():
        if val[i] != v:
            out.append(Violation("clue", (rc(i),), f"clue {v} but the answer has {val[i]}"))
    for i in puzzle.marks:
        if not num[i]:
            out.append(Violation("mark", (rc(i),), "a marked cell is blank"))
    for i in sorted(puzzle.blanks):
        if num[i]:
            out.append(Violation("blank", (rc(i),), f"a printed blank holds {val[i]}"))
    for r, v in puzzle.hints.items():
        if counts[r] != v:
            cells = np.flatnonzero(reg == r)
            out.append(Violation("hint", tuple(rc(i) for i in cells),
                                 f"region hinted {v} counts {counts[r]}"))
    return out
