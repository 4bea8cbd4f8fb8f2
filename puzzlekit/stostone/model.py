"""Stostone boards and answers: types, JSON, and the referee.

An H x W board, H even, cut into regions.  Shade cells so that the shaded
cells of every region form exactly one orthogonally connected *stone*; no two
stones share an edge; a number in a region is the size of its stone; and when
every stone is dropped straight down, rigidly, the stones come to rest
filling exactly the bottom H/2 rows.

Puzzle JSON: ``size`` is ``[h, w]`` (``h`` even); ``regions`` one integer
label per cell, each label's cells forming one region; ``numbers`` lists
``[r, c, v]``, a number ``v`` (1..size of the region, or ``null`` for a
``?`` whose value is not printed) written in the region of cell ``(r, c)``,
at most one per region; ``rule4`` (optional, default ``"exact"``) is the
reading of the falling rule: ``exact`` (the real rule), ``convex`` (every
column holds h/2 shaded cells and no stone has a vertical hole), ``count``
(the columns only) or ``none``::

    {"size": [4, 3], "regions": [[0, 0, 1], [0, 2, 1], [3, 2, 1], [3, 3, 3]],
     "numbers": [[0, 0, 3]], "rule4": "exact"}

Answer JSON: one string per row, ``#`` shaded, ``.`` not::

    {"grid": ["##.", "#.#", ".#.", "..#"]}

That is the only answer of the example: the 3 fills the top-left region,
each other region gets one cell, and each column holds two.

Rule 4 needs no simulation.  Falling keeps every column's count, so each
column holds h/2 shaded cells; a shaded cell with ``b`` shaded cells below it
lands on row ``h - 1 - b``, and a rigid stone moves every cell the same
distance, so ``r + b`` is the same for all cells of a stone (the stone falls
``h - 1 - (r + b)`` rows).  Conversely those two facts make the stones land
exactly in the bottom half (:func:`lands`).

Rules the referee names: ``stone`` (a region whose shaded cells are not
exactly one connected group: none, or two or more), ``touch`` (shaded cells
of two regions share an edge), ``size`` (a number differs from its stone's
size), ``column`` (a column does not hold h/2 shaded cells; not under
``none``), ``hole`` (under ``convex``: a stone has a gap inside one column)
and ``land`` (under ``exact``: a stone's cells disagree about how far it
falls).  Reading is strict: sizes, labels, coordinates and numbers must be
JSON integers in range (``true``, ``3.0`` and ``"3"`` are refused); a board
has at most :data:`MAX_CELLS` cells and :data:`MAX_SIDE` along a side,
checked before anything of that size is built.  Every refusal is an
:class:`~puzzlekit.core.referee.InputError` with a one-line message.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..core.grid import RegionPuzzle, cell_groups, region_grid
from ..core.referee import (
    InputError,
    ShadedAnswer,
    Violation,
    check_shape,
    region_labels,
    show,
    strict_board_size,
    strict_cell,
    strict_int,
    strict_list,
    strict_object,
)

__all__ = ["Puzzle", "Answer", "RULES", "RULE4", "MAX_CELLS", "MAX_SIDE", "check",
           "stones", "below_counts", "column_counts", "lands", "convex", "balanced",
           "fall_distances", "rule4_ok"]

RULES = ("stone", "touch", "size", "column", "hole", "land")
RULE4 = ("exact", "convex", "count", "none")
MAX_CELLS = 2_500      # 50x50
MAX_SIDE = 50


@dataclass(frozen=True, eq=False)
class Puzzle(RegionPuzzle):
    """A Stostone board: region labels (flat int32, 0..k-1 in first-appearance
    order), ``numbers`` (region -> stone size, -1 for ``?``) and the reading
    ``rule4`` of the falling rule.

    >>> p = Puzzle.from_json({"size": [2, 2], "regions": [[0, 0], [1, 1]],
    ...                       "numbers": [[0, 1, 2]]})
    >>> p.k, p.numbers, p.rule4
    (2, {0: 2}, 'exact')
    """

    numbers: dict = field(default_factory=dict)
    rule4: str = "exact"

    def _key(self):
        return self._regions_key() + (frozenset(self.numbers.items()), self.rule4)

    def __repr__(self):
        return f"Puzzle({self.h}x{self.w}, {self.k} regions, {len(self.numbers)} numbers)"

    @classmethod
    def make(cls, regions, numbers=None, rule4="exact") -> "Puzzle":
        """Build from a 2-D label array and ``numbers`` {region: size} (regions
        relabelled in first-appearance order; keys refer to the labels given)."""
        h, w, flat = region_grid(regions)
        _size(h, w)
        old = np.asarray(regions).ravel()
        nums = {}
        for r, v in (numbers or {}).items():
            hit = np.flatnonzero(old == r)
            if hit.size == 0:
                raise InputError(f"numbers: no region labelled {r}")
            nums[int(flat[hit[0]])] = -1 if v is None else int(v)
        p = cls(h, w, flat, nums, _rule4(rule4))
        p._validate()
        return p

    def _validate(self):
        for reg, v in self.numbers.items():
            s = int(self.sizes[reg])
            if v != -1 and not 1 <= v <= s:
                c = int(self.first_cell[reg])
                raise InputError(f"the number {v} in the region at {divmod(c, self.w)} is "
                                 f"outside 1..{s} (its region's size)")

    @classmethod
    def from_json(cls, obj) -> "Puzzle":
        strict_object(obj, "a stostone puzzle")
        h, w, flat = region_grid(region_labels(obj, MAX_CELLS))
        _size(h, w)
        nums = {}
        items = obj.get("numbers")
        for i, item in enumerate([] if items is None else strict_list(items, "numbers")):
            r, c = strict_cell(item, f"numbers[{i}]", h, w, 3)
            v = -1 if item[2] is None else strict_int(item[2], f"numbers[{i}][2]", 1, h * w)
            reg = int(flat[r * w + c])
            if reg in nums:
                raise InputError(f"numbers[{i}]: a second number in the region of ({r}, {c})")
            nums[reg] = v
        p = cls(h, w, flat, nums, _rule4(obj.get("rule4", "exact")))
        p._validate()
        return p

    def to_json(self) -> dict:
        out = {"size": [self.h, self.w],
               "regions": self.regions.reshape(self.h, self.w).tolist(),
               "numbers": [[int(self.first_cell[g]) // self.w, int(self.first_cell[g]) % self.w,
                            None if v < 0 else int(v)] for g, v in sorted(self.numbers.items())]}
        if self.rule4 != "exact":
            out["rule4"] = self.rule4
        return out

    def with_numbers(self, numbers) -> "Puzzle":
        """The same regions and reading with other numbers."""
        return Puzzle(self.h, self.w, self.regions, {int(g): int(v) for g, v in
                                                     dict(numbers).items()}, self.rule4)

    def with_rule4(self, rule4) -> "Puzzle":
        """The same board under another reading of rule 4."""
        return Puzzle(self.h, self.w, self.regions, dict(self.numbers), _rule4(rule4))


def _rule4(x) -> str:
    if x not in RULE4:
        raise InputError(f"rule4: expected one of {', '.join(RULE4)}, got {show(x)}")
    return x


def _size(h, w):
    h, w = strict_board_size([h, w], MAX_CELLS, MAX_SIDE)
    if h % 2:
        raise InputError(f"size[0]: a Stostone board has an even height, got {h}")
    return h, w


class Answer(ShadedAnswer):
    """The shaded cells (the stones), a flat bool array of length ``h * w``
    (JSON: one string of ``#`` and ``.`` per row)."""

    WHAT, MAX_CELLS, MAX_SIDE = "a stostone answer", MAX_CELLS, MAX_SIDE


# ------------------------------------------------------------------ geometry of a shading
def stones(h: int, w: int, shaded, regions=None) -> list[list[int]]:
    """Connected groups of shaded cells, each a sorted cell list; with
    ``regions``, groups never cross a region border (one region's pieces).

    >>> stones(2, 3, [1, 1, 0, 0, 0, 1])
    [[0, 1], [5]]
    >>> stones(1, 3, [1, 1, 1], [0, 0, 1])
    [[0, 1], [2]]
    """
    lab = np.zeros(h * w, np.int64) if regions is None else regions
    return cell_groups(h, w, lab, within=shaded)


def column_counts(h: int, w: int, shaded) -> np.ndarray:
    """Shaded cells per column.

    >>> column_counts(2, 2, [1, 0, 1, 1]).tolist()
    [2, 1]
    """
    return np.asarray(shaded, bool).reshape(h, w).sum(axis=0)


def balanced(h: int, w: int, shaded) -> bool:
    """Every column holds h/2 shaded cells."""
    return bool((column_counts(h, w, shaded) == h // 2).all())


def below_counts(h: int, w: int, shaded) -> np.ndarray:
    """For every cell, the number of shaded cells strictly below it in its column.

    >>> below_counts(2, 1, [1, 1]).tolist()
    [1, 0]
    """
    s = np.asarray(shaded, bool).reshape(h, w).astype(np.int64)
    below = np.zeros((h, w), np.int64)
    for r in range(h - 2, -1, -1):
        below[r] = below[r + 1] + s[r + 1]
    return below.ravel()


def fall_distances(h: int, w: int, shaded, groups) -> list:
    """How far each group falls by the invariant, or None where its cells disagree."""
    below = below_counts(h, w, shaded)
    out = []
    for g in groups:
        keys = {c // w + int(below[c]) for c in g}
        out.append(h - 1 - keys.pop() if len(keys) == 1 else None)
    return out


def convex(h: int, w: int, group) -> bool:
    """True when the group meets every column in one unbroken vertical run.

    >>> convex(3, 1, [0, 2]), convex(3, 1, [0, 1])
    (False, True)
    """
    cols: dict = {}
    for c in group:
        cols.setdefault(c % w, []).append(c // w)
    return all(max(rs) - min(rs) + 1 == len(rs) for rs in cols.values())


def lands(h: int, w: int, shaded, groups=None) -> bool:
    """Rule 4 read exactly: columns balanced and every group's cells agree on
    their fall (``groups`` default: the shaded components).

    The 4x3 arch is balanced, has no vertical hole, and lands one row high:

    >>> arch = [1, 0, 1, 1, 1, 1, 0, 0, 0, 0, 1, 0]
    >>> balanced(4, 3, arch), lands(4, 3, arch)
    (True, False)
    """
    if not balanced(h, w, shaded):
        return False
    gs = stones(h, w, shaded) if groups is None else groups
    return all(d is not None for d in fall_distances(h, w, shaded, gs))


def rule4_ok(h: int, w: int, shaded, rule4: str, groups=None) -> bool:
    """Rule 4 under one reading (groups default: the shaded components)."""
    if rule4 == "none":
        return True
    if not balanced(h, w, shaded):
        return False
    gs = stones(h, w, shaded) if groups is None else groups
    if rule4 == "count":
        return True
    if rule4 == "convex":
        return all(convex(h, w, g) for g in gs)
    return lands(h, w, shaded, gs)


def check(puzzle: Puzzle, answer: Answer) -> list[Violation]:
    """Every rule the answer breaks (empty list: legal).

    >>> p = Puzzle.make([[0, 1], [0, 1]], {0: 1})
    >>> check(p, Answer.from_json({"grid": ["#.", ".#"]}))
    []
    >>> sorted({v.rule for v in check(p, Answer.from_json({"grid": ["#.", "##"]}))})
    ['column', 'size', 'touch']
    """
    check_shape(puzzle.shape, (answer.h, answer.w))
    h, w, s, lab = puzzle.h, puzzle.w, answer.shaded, puzzle.regions
    rc = puzzle.grid.rc
    out = []
    pieces = stones(h, w, s, lab)
    per = [[] for _ in range(puzzle.k)]
    for g in pieces:
        per[lab[g[0]]].append(g)
    for reg in range(puzzle.k):
        if len(per[reg]) != 1:
            cell = rc(puzzle.first_cell[reg])
            out.append(Violation("stone", (cell,), f"the region at {cell} holds "
                                 f"{len(per[reg])} stones, not one"))
    for a, b in puzzle.grid.edges:
        if s[a] and s[b] and lab[a] != lab[b]:
            out.append(Violation("touch", (rc(a), rc(b)), "two stones share an edge"))
    for reg, v in sorted(puzzle.numbers.items()):
        got = int(s[lab == reg].sum())
        if v > 0 and got != v:
            cell = rc(puzzle.first_cell[reg])
            out.append(Violation("size", (cell,), f"the number says {v}, the region's "
                                 f"shaded cells number {got}"))
    if puzzle.rule4 == "none":
        return out
    cnt = column_counts(h, w, s)
    for c in np.flatnonzero(cnt != h // 2):
        out.append(Violation("column", tuple((r, int(c)) for r in range(h)),
                             f"column {c} holds {cnt[c]} shaded cells, not {h // 2}"))
    if puzzle.rule4 == "convex":
        for g in pieces:
            if not convex(h, w, g):
                out.append(Violation("hole", tuple(rc(c) for c in g),
                                     "a stone has a gap inside one column"))
    elif puzzle.rule4 == "exact":
        for g, d in zip(pieces, fall_distances(h, w, s, pieces)):
            if d is None:
                out.append(Violation("land", tuple(rc(c) for c in g),
                                     "a stone's cells disagree on how far it falls"))
    return out
