"""Country Road boards and answers: types, JSON, and the referee.

Puzzle JSON (``size`` is ``[h, w]``; ``regions`` one integer label per cell,
each label one connected country; ``clues`` ``[r, c, v]``: the country holding
``(r, c)`` uses ``v`` of its cells; ``marks`` ``[r, c]``: the country holding
``(r, c)`` carries a number whose value is not given (a ``?`` on puzz.link,
no constraint); ``skip`` ``true``: the road may leave countries unvisited,
puzz.link's ``e`` flag).  Every key but ``regions`` may be left out::

    {"size": [2, 3], "regions": [[0, 0, 1], [0, 0, 1]],
     "clues": [[0, 0, 4]], "marks": [], "skip": false}

Answer JSON: the loop's edges, ``right[r][c]`` joining ``(r, c)`` to
``(r, c+1)`` and ``down[r][c]`` joining ``(r, c)`` to ``(r+1, c)``, 1 used,
0 not (``right`` is ``h`` rows of ``w-1``, ``down`` ``h-1`` rows of ``w``)::

    {"right": [[1, 1], [1, 1]], "down": [[1, 0, 1]]}

The example is the unique answer of the example puzzle.  Rule ids the referee
names: ``loop`` (the used edges are not one simple closed loop), ``missed`` (a
country the loop never visits, unless ``skip``), ``twice`` (a country entered
more than once), ``count`` (a number that is not its country's road cells) and
``facing`` (two empty cells of different countries side by side).  An
answer of another size than its board is refused (:class:`InputError`), as in
every genre.

Reading is strict: sizes, labels, coordinates and numbers are JSON integers
in range (``true``, ``3.0`` and ``"3"`` are refused), a number lies in
``0..size`` of its country, a country is connected, and a board has at most
:data:`MAX_CELLS` cells, checked before anything of that size is built.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..core.graph import components
from ..core.grid import RegionPuzzle, region_grid
from ..core.referee import (
    InputError,
    Violation,
    check_shape,
    int_grid,
    region_labels,
    show,
    strict_bool,
    strict_cells,
    strict_int,
    strict_list,
)

__all__ = ["Puzzle", "Answer", "RULES", "MAX_CELLS", "check", "loop_cells"]

RULES = ("loop", "missed", "twice", "count", "facing")
MAX_CELLS = 10_000   # 100x100: two bits a cell and two an edge; tables linear in the board


@dataclass(frozen=True, eq=False)
class Puzzle(RegionPuzzle):
    """A Country Road board: countries, numbers, and the skip switch.

    ``regions`` is a flat int32 array of labels 0..k-1 (row-major), ``clues``
    maps country -> number, ``marks`` is a frozenset of countries with a
    ``?``, ``skip`` lets the road leave countries out.

    >>> p = Puzzle.make([[0, 0, 1], [0, 0, 1]], {0: 4})
    >>> p.k, p.sizes.tolist(), p.clue_array().tolist()
    (2, [4, 2], [4, -1])
    """

    clues: dict = field(default_factory=dict)
    marks: frozenset = frozenset()
    skip: bool = False

    def _key(self):
        return self._regions_key() + (frozenset(self.clues.items()), self.marks, bool(self.skip))

    def clue_array(self) -> np.ndarray:
        """Number per country, -1 where there is none."""
        out = np.full(self.k, -1, dtype=np.int64)
        for r, v in self.clues.items():
            out[r] = v
        return out

    @classmethod
    def make(cls, regions, clues=None, marks=(), skip=False) -> "Puzzle":
        """Build from a 2-D label array and ``{country: number}`` (countries
        numbered in order of first appearance)."""
        h, w, flat = region_grid(regions)
        p = cls(h, w, flat, {int(a): int(b) for a, b in (clues or {}).items()},
                frozenset(int(c) for c in marks), bool(skip))
        p._validate()
        return p

    def _validate(self):
        g = self.grid
        same = np.ones(g.n, dtype=np.bool_)
        nb = g.nbrs.copy()
        for d in range(4):
            j = nb[:, d]
            bad = (j >= 0) & (self.regions[np.maximum(j, 0)] != self.regions)
            nb[bad, d] = -1
        lab, kk = components(nb, same)
        if kk != self.k:
            bad = next(r for r in range(self.k)
                       if len(set(lab[self.regions == r].tolist())) > 1)
            c = int(np.flatnonzero(self.regions == bad)[0])
            raise InputError(f"regions: the country holding {divmod(c, self.w)} is not connected")
        for r, v in self.clues.items():
            if not 0 <= r < self.k:
                raise InputError(f"clues: no country {r}")
            if not 0 <= v <= int(self.sizes[r]):
                c = int(np.flatnonzero(self.regions == r)[0])
                raise InputError(f"clue {v} for the country holding {divmod(c, self.w)} is "
                                 f"outside 0..{int(self.sizes[r])} (its size)")
        for r in self.marks:
            if r in self.clues:
                raise InputError("marks: a country has both a number and a '?'")

    @classmethod
    def from_json(cls, obj) -> "Puzzle":
        h, w, flat = region_grid(region_labels(obj, MAX_CELLS))
        clues = {}
        for r, c, v in strict_cells(obj, "clues", 3, h, w):
            reg = int(flat[r * w + c])
            if clues.get(reg, v) != v:
                raise InputError(f"clues: two numbers for the country of ({r}, {c})")
            clues[reg] = v
        marks = frozenset(int(flat[r * w + c]) for r, c in strict_cells(obj, "marks", 2, h, w))
        p = cls(h, w, flat, clues, marks, strict_bool(obj, "skip"))
        p._validate()
        return p

    def to_json(self) -> dict:
        w = self.w
        first = self.first_cell
        out = {"size": [self.h, self.w],
               "regions": self.regions.reshape(self.h, self.w).tolist(),
               "clues": [[int(first[g]) // w, int(first[g]) % w, int(v)]
                         for g, v in sorted(self.clues.items())],
               "marks": [[int(first[g]) // w, int(first[g]) % w] for g in sorted(self.marks)]}
        if self.skip:
            out["skip"] = True
        return out

    def with_clues(self, clues) -> "Puzzle":
        """The same countries and switch with other numbers (and no marks)."""
        return Puzzle(self.h, self.w, self.regions, dict(clues), frozenset(), self.skip)


@dataclass(frozen=True, eq=False)
class Answer:
    """The loop: a flat bool array over :attr:`Grid.edges` (horizontal edges
    row by row, then vertical)."""

    h: int
    w: int
    edges: np.ndarray
    cells: np.ndarray | None = field(default=None, compare=False)

    @classmethod
    def from_json(cls, obj) -> "Answer":
        if not isinstance(obj, dict) or "right" not in obj or "down" not in obj:
            raise InputError("answer must be a JSON object with 'right' and 'down'")
        right, down = obj["right"], obj["down"]
        strict_list(right, "right")
        if not right or not isinstance(right[0], list):
            raise InputError(f"right: expected a non-empty list of rows, got {show(right)}")
        h, w = len(right), len(right[0]) + 1
        if h * w > MAX_CELLS:
            raise InputError(f"answer is {h}x{w} = {h * w} cells, more than {MAX_CELLS}")
        hor = np.zeros((h, w - 1), dtype=np.int64)
        for r, row in enumerate(right):
            strict_list(row, f"right[{r}]", w - 1)
            for c, x in enumerate(row):
                hor[r, c] = strict_int(x, f"right[{r}][{c}]", 0, 1)
        strict_list(down, "down", h - 1)
        ver = np.zeros((h - 1, w), dtype=np.int64)
        if h > 1:
            ver = int_grid(down, "down", 0, 1, shape=(h - 1, w))
        return cls(h, w, np.concatenate([hor.ravel(), ver.ravel()]).astype(np.bool_))

    def to_json(self) -> dict:
        nh = self.h * (self.w - 1)
        e = self.edges.astype(int)
        return {"right": e[:nh].reshape(self.h, self.w - 1).tolist(),
                "down": e[nh:].reshape(self.h - 1, self.w).tolist()}

    def __eq__(self, other):
        return (isinstance(other, Answer) and (self.h, self.w) == (other.h, other.w)
                and np.array_equal(self.edges, other.edges))

    def __hash__(self):
        return hash((self.h, self.w, self.edges.tobytes()))


def loop_cells(puzzle: Puzzle, edges) -> np.ndarray:
    """Cells touched by a used edge."""
    e = puzzle.grid.edges[np.asarray(edges, dtype=bool)]
    on = np.zeros(puzzle.n, dtype=bool)
    on[e.ravel()] = True
    return on


def check(puzzle: Puzzle, answer: Answer) -> list[Violation]:
    """The rules ``answer`` breaks (empty when it is legal).

    >>> p = Puzzle.make([[0, 0, 1], [0, 0, 1]], {0: 4})
    >>> a = Answer.from_json({"right": [[1, 1], [1, 1]], "down": [[1, 0, 1]]})
    >>> check(p, a)
    []
    >>> b = Answer.from_json({"right": [[1, 0], [1, 0]], "down": [[1, 1, 0]]})
    >>> sorted({v.rule for v in check(p, b)})
    ['missed']
    """
    check_shape(puzzle.shape, (answer.h, answer.w))
    g = puzzle.grid
    E = g.edges
    used = np.asarray(answer.edges, dtype=bool)
    out = []
    deg = np.bincount(E[used].ravel(), minlength=g.n)
    on = deg > 0
    if answer.cells is not None and not np.array_equal(np.asarray(answer.cells, bool), on):
        odd = np.flatnonzero(np.asarray(answer.cells, bool) != on)
        out.append(Violation("loop", tuple(g.rc(c) for c in odd[:8]),
                             "cells marked as road that the loop does not pass, or the reverse"))
    bad = np.flatnonzero((deg != 0) & (deg != 2))
    if used.sum() == 0:
        out.append(Violation("loop", (), "there is no loop"))
    elif bad.size:
        out.append(Violation("loop", tuple(g.rc(c) for c in bad),
                             "the road branches or stops at these cells"))
    else:
        nb = g.nbrs.copy()
        ce = g.cell_edges
        nb[(ce < 0) | ~used[np.maximum(ce, 0)]] = -1
        _, kk = components(nb, on)
        if kk > 1:
            out.append(Violation("loop", (), f"the road is {kk} separate loops, not one"))
    reg = puzzle.regions
    border = reg[E[:, 0]] != reg[E[:, 1]]
    crossings = np.zeros(puzzle.k, dtype=np.int64)
    for a, b in E[used & border]:
        crossings[reg[a]] += 1
        crossings[reg[b]] += 1
    road = np.bincount(reg[on], minlength=puzzle.k)
    first = puzzle.first_cell
    for r in range(puzzle.k):
        where = (g.rc(first[r]),)
        if road[r] == 0 and not puzzle.skip:
            out.append(Violation("missed", where, "the road never visits this country"))
        if crossings[r] > 2:
            out.append(Violation("twice", where,
                                 f"the road crosses this country's border {crossings[r]} times"))
        v = puzzle.clues.get(r)
        if v is not None and road[r] != v:
            out.append(Violation("count", where, f"the road uses {road[r]} cells here, not {v}"))
    facing = [(g.rc(a), g.rc(b)) for (a, b) in E[border] if not on[a] and not on[b]]
    if facing:
        out.append(Violation("facing", tuple(facing[:8]),
                             f"{len(facing)} pair(s) of empty cells face across a border"))
    return out
