"""Statue Park boards and answers: pieces, types, JSON, and the referee.

Puzzle JSON: ``size`` is ``[h, w]``; ``bag`` lists the polyominoes, each as
row strings (``#`` a square of the piece, ``.`` none), a piece once per copy;
``black`` and ``white`` list circled cells ``[r, c]`` (a black circle is
shaded, a white one is not); ``drop`` (optional) may hold ``"park"`` to
switch the park rule off (for the censuses)::

    {"size": [3, 4], "bag": [["###"], ["#", "#"]],
     "black": [[0, 0], [2, 1]], "white": [[2, 2]], "drop": []}

Answer JSON: one string per row, ``#`` shaded (a statue), ``.`` park::

    {"grid": ["###.", "....", "##.."]}

That is the only answer of the example: the piece through (2, 1) cannot
reach the top row without touching the one through (0, 0), and every other
way of laying the pair either splits the park or shades the white circle.

Shapes are compared up to rotation and reflection: every piece is stored in
its canonical orientation (:func:`canonical`) and the bag as a sorted tuple,
so the order in which a file lists the pieces carries nothing.  Rules the
referee names: ``black`` (a black circle unshaded), ``white`` (a white circle
shaded), ``shape`` (a shaded group whose shape is not left in the bag: two
touching pieces read as one such group), ``missing`` (a bag piece with no
group) and ``park`` (the unshaded cells are not one connected region; an
empty park counts as connected).  Reading is strict: integers must be JSON
integers in range, a piece must be one non-empty orthogonally connected
polyomino of at most :data:`MAX_PIECE` squares, a cell may carry one circle,
the bag holds at most :data:`MAX_BAG` pieces, and the board at most
:data:`MAX_CELLS` cells and :data:`MAX_SIDE` a side.  Every refusal is an
:class:`~puzzlekit.core.referee.InputError` with a one-line message.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from math import factorial

import numpy as np

from ..core.grid import GridPuzzle, cell_groups
from ..core.referee import (
    InputError,
    ShadedAnswer,
    Violation,
    check_shape,
    show,
    strict_board_size,
    strict_cell,
    strict_list,
    strict_object,
    strict_switches,
)

__all__ = ["Puzzle", "Answer", "RULES", "MAX_CELLS", "MAX_SIDE", "MAX_BAG", "MAX_PIECE",
           "canonical", "orientations", "piece_from_rows", "piece_rows", "groups", "check",
           "labelled_factor", "park_connected", "NAMED"]

RULES = ("black", "white", "shape", "missing", "park")
SWITCHES = ("park",)     # rules that may be dropped
MAX_CELLS = 2_500        # 50x50: the placement catalogue grows with cells x pieces
MAX_SIDE = 50
MAX_BAG = 100
MAX_PIECE = 50
MAX_CATALOGUE = 4_000_000   # placements x squares the catalogue may hold


def _norm(cells) -> tuple:
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return tuple(sorted((r - r0, c - c0) for r, c in cells))


def orientations(shape) -> list[tuple]:
    """The distinct fixed orientations of a shape (rotations and reflections).

    >>> len(orientations(((0, 0), (0, 1), (1, 0)))), len(orientations(((0, 0),)))
    (4, 1)
    """
    out = []
    for fr in (False, True):
        for k in range(4):
            cells = []
            for r, c in shape:
                if fr:
                    c = -c
                for _ in range(k):
                    r, c = c, -r
                cells.append((r, c))
            o = _norm(cells)
            if o not in out:
                out.append(o)
    return out


def canonical(cells) -> tuple:
    """The shape of a cell set up to translation, rotation and reflection.

    >>> canonical([(5, 5), (6, 5), (6, 6)]) == canonical([(0, 0), (0, 1), (1, 1)])
    True
    """
    return min(orientations(_norm(cells)))


def piece_from_rows(rows, field_name: str = "piece") -> tuple:
    """A canonical piece from row strings, strictly read.

    >>> piece_from_rows(["#.", "##"])
    ((0, 0), (0, 1), (1, 0))
    """
    if not isinstance(rows, list) or not rows:
        raise InputError(f"{field_name}: expected a non-empty list of row strings")
    if len(rows) > MAX_PIECE:
        raise InputError(f"{field_name}: more than {MAX_PIECE} rows")
    cells = []
    for r, row in enumerate(rows):
        if not isinstance(row, str) or not 1 <= len(row) <= MAX_PIECE:
            raise InputError(f"{field_name}[{r}]: expected a string of 1..{MAX_PIECE} "
                             f"'#' and '.', got {show(row)}")
        for c, ch in enumerate(row):
            if ch == "#":
                cells.append((r, c))
            elif ch != ".":
                raise InputError(f"{field_name}[{r}]: {ch[:5]!r} is neither '#' nor '.'")
    return piece_from_cells(cells, field_name)


def piece_from_cells(cells, field_name: str = "piece") -> tuple:
    """A canonical piece from ``(r, c)`` squares; refuses empty, oversized or
    disconnected ones."""
    cells = sorted(set(cells))
    if not cells:
        raise InputError(f"{field_name}: a piece has no squares")
    if len(cells) > MAX_PIECE:
        raise InputError(f"{field_name}: a piece has {len(cells)} squares, more than {MAX_PIECE}")
    todo, seen = [cells[0]], {cells[0]}
    cs = set(cells)
    while todo:
        r, c = todo.pop()
        for q in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if q in cs and q not in seen:
                seen.add(q)
                todo.append(q)
    if len(seen) != len(cells):
        raise InputError(f"{field_name}: the squares are not one connected polyomino")
    return canonical(cells)


def piece_rows(shape) -> list[str]:
    """Row strings of a piece.

    >>> piece_rows(((0, 0), (0, 1), (1, 0)))
    ['##', '#.']
    """
    h = max(r for r, _ in shape) + 1
    w = max(c for _, c in shape) + 1
    g = [["."] * w for _ in range(h)]
    for r, c in shape:
        g[r][c] = "#"
    return ["".join(x) for x in g]


def _rows(*rows):
    return piece_from_rows(list(rows))


NAMED = {   # a few shapes by their usual letters (tetrominoes, trominoes, pentominoes)
    "monomino": _rows("#"), "domino": _rows("##"),
    "I3": _rows("###"), "L3": _rows("##", "#."),
    "I4": _rows("####"), "L4": _rows("###", "#.."), "O4": _rows("##", "##"),
    "S4": _rows(".##", "##."), "T4": _rows("###", ".#."),
    "F5": _rows(".##", "##.", ".#."), "I5": _rows("#####"), "L5": _rows("####", "#..."),
    "N5": _rows("##..", ".###"), "P5": _rows("##", "##", "#."), "T5": _rows("###", ".#.", ".#."),
    "U5": _rows("#.#", "###"), "V5": _rows("#..", "#..", "###"), "W5": _rows("#..", "##.", ".##"),
    "X5": _rows(".#.", "###", ".#."), "Y5": _rows("####", ".#.."), "Z5": _rows("##.", ".#.", ".##"),
}


@dataclass(frozen=True, eq=False)
class Puzzle(GridPuzzle):
    """A board: ``bag`` a sorted tuple of canonical pieces (repeats allowed),
    ``black`` / ``white`` circled cells, ``drop`` the rules switched off.

    >>> p = Puzzle.make(3, 4, ["###", "#\\n#"], black=[0], white=[5])
    >>> p.area, len(p.bag), p.mult
    (5, 2, {((0, 0), (0, 1), (0, 2)): 1, ((0, 0), (0, 1)): 1})
    """

    h: int
    w: int
    bag: tuple = ()
    black: frozenset = frozenset()
    white: frozenset = frozenset()
    drop: frozenset = frozenset()

    def _key(self):
        return (self.h, self.w, self.bag, self.black, self.white, self.drop)

    def __repr__(self):
        return (f"Puzzle({self.h}x{self.w}, {len(self.bag)} pieces, {len(self.black)} black, "
                f"{len(self.white)} white)")

    @property
    def park_rule(self) -> bool:
        return "park" not in self.drop

    @property
    def area(self) -> int:
        """How many cells every answer shades (the bag's total)."""
        return sum(len(s) for s in self.bag)

    @property
    def mult(self) -> dict:
        """Each distinct shape and how many copies the bag holds."""
        return dict(Counter(self.bag))

    @property
    def circles(self) -> dict:
        """cell -> 1 white, 2 black."""
        out = {c: 1 for c in self.white}
        out.update({c: 2 for c in self.black})
        return out

    @classmethod
    def make(cls, h, w, bag, black=(), white=(), drop=()) -> "Puzzle":
        """Build from pieces (canonical tuples, row lists, or strings with
        newlines) and circled cell indices, validated like JSON."""
        h, w = strict_board_size([h, w], MAX_CELLS, MAX_SIDE)
        pieces = []
        for i, p in enumerate(bag):
            if isinstance(p, str):
                p = piece_from_rows(p.split("\n"), f"bag[{i}]")
            elif p and isinstance(p[0], str):
                p = piece_from_rows(list(p), f"bag[{i}]")
            else:
                p = piece_from_cells([tuple(map(int, q)) for q in p], f"bag[{i}]")
            pieces.append(p)
        black = {int(c) for c in black}
        white = {int(c) for c in white}
        for c in black | white:
            if not 0 <= c < h * w:
                raise InputError(f"circle at cell {c}: off the {h}x{w} board")
        if black & white:
            raise InputError(f"cell {min(black & white)} has a black and a white circle")
        return _build(h, w, pieces, black, white, strict_switches(list(drop), "drop", SWITCHES))

    @classmethod
    def from_json(cls, obj) -> "Puzzle":
        strict_object(obj, "a statue_park puzzle", ("size", "bag"))
        h, w = strict_board_size(obj["size"], MAX_CELLS, MAX_SIDE)
        bag = strict_list(obj["bag"], "bag")
        if len(bag) > MAX_BAG:
            raise InputError(f"bag: {len(bag)} pieces, more than {MAX_BAG}")
        pieces = [piece_from_rows(p, f"bag[{i}]") for i, p in enumerate(bag)]
        seen = {}
        for colour in ("black", "white"):
            for i, item in enumerate(strict_list(obj.get(colour, []), colour)):
                r, c = strict_cell(item, f"{colour}[{i}]", h, w)
                if r * w + c in seen:
                    raise InputError(f"{colour}[{i}]: cell ({r}, {c}) already has a circle")
                seen[r * w + c] = colour
        black = {c for c, k in seen.items() if k == "black"}
        white = {c for c, k in seen.items() if k == "white"}
        drop = strict_switches(obj.get("drop", []), "drop", SWITCHES)
        return _build(h, w, pieces, black, white, drop)

    def to_json(self) -> dict:
        def rc(c):
            """Cell ``c`` as ``[row, column]``."""
            return [c // self.w, c % self.w]

        out = {"size": [self.h, self.w], "bag": [piece_rows(s) for s in self.bag],
               "black": [rc(c) for c in sorted(self.black)],
               "white": [rc(c) for c in sorted(self.white)]}
        if self.drop:
            out["drop"] = sorted(self.drop)
        return out

    def with_circles(self, black=(), white=()) -> "Puzzle":
        """The same board and bag with other circles."""
        return Puzzle(self.h, self.w, self.bag, frozenset(black), frozenset(white), self.drop)

    def with_drop(self, drop) -> "Puzzle":
        """The same board, bag and circles with other rules switched off."""
        return Puzzle(self.h, self.w, self.bag, self.black, self.white,
                      strict_switches(list(drop), "drop", SWITCHES))


def _build(h, w, pieces, black, white, drop) -> Puzzle:
    if len(pieces) > MAX_BAG:
        raise InputError(f"bag: {len(pieces)} pieces, more than {MAX_BAG}")
    bag = tuple(sorted(pieces, key=lambda s: (-len(s), s)))
    total = 0
    for s in set(bag):
        for o in orientations(s):
            ph = max(r for r, _ in o) + 1
            pw = max(c for _, c in o) + 1
            total += max(0, h - ph + 1) * max(0, w - pw + 1) * len(o)
    if total > MAX_CATALOGUE:
        raise InputError(f"bag: its placements on a {h}x{w} board would fill {total} "
                         f"squares, more than {MAX_CATALOGUE}")
    return Puzzle(h, w, bag, frozenset(black), frozenset(white), drop)


class Answer(ShadedAnswer):
    """The shaded cells (the statues), a flat bool array of length ``h * w``
    (JSON: one string of ``#`` and ``.`` per row)."""

    WHAT, MAX_CELLS, MAX_SIDE = "a statue_park answer", MAX_CELLS, MAX_SIDE


def groups(h: int, w: int, mask) -> list[list[int]]:
    """The orthogonally connected groups of the cells in ``mask``, sorted.

    >>> groups(2, 3, [1, 0, 1, 1, 0, 0])
    [[0, 3], [2]]
    """
    s = np.asarray(mask, dtype=bool).ravel()
    return cell_groups(h, w, s, within=s)


def park_connected(h: int, w: int, shaded) -> bool:
    """Whether the unshaded cells form at most one connected region."""
    return len(groups(h, w, ~np.asarray(shaded, bool).ravel())) <= 1


def labelled_factor(bag) -> int:
    """prod m_t! over the shapes of a bag: labelled answers per shading.

    >>> labelled_factor([((0, 0),)] * 3 + [((0, 0), (0, 1))])
    6
    """
    out = 1
    for m in Counter(bag).values():
        out *= factorial(m)
    return out


def check(puzzle: Puzzle, answer: Answer) -> list[Violation]:
    """Every rule the answer breaks (empty list: legal).

    >>> p = Puzzle.make(2, 3, ["##"], black=[0], white=[2])
    >>> check(p, Answer.from_json({"grid": ["##.", "..."]}))
    []
    >>> [v.rule for v in check(p, Answer.from_json({"grid": ["..#", "#.."]}))]
    ['black', 'white', 'shape', 'shape', 'missing']
    """
    check_shape(puzzle.shape, (answer.h, answer.w))
    h, w, s = puzzle.h, puzzle.w, answer.shaded
    rc = puzzle.grid.rc
    out = []
    for c in sorted(puzzle.black):
        if not s[c]:
            out.append(Violation("black", (rc(c),), "a black circle is not shaded"))
    for c in sorted(puzzle.white):
        if s[c]:
            out.append(Violation("white", (rc(c),), "a white circle is shaded"))
    left = Counter(puzzle.bag)
    for g in groups(h, w, s):
        k = canonical([divmod(c, w) for c in g])
        if left[k] > 0:
            left[k] -= 1
        else:
            out.append(Violation("shape", tuple(rc(i) for i in g),
                                 "a shaded group whose shape is not left in the bag"))
    for k, m in sorted(left.items()):
        for _ in range(m):
            shape = "/".join(piece_rows(k))
            out.append(Violation("missing", (), f"no group has the shape {shape}"))
    if puzzle.park_rule:
        parks = groups(h, w, ~s)
        if len(parks) > 1:
            out.append(Violation("park", tuple(rc(i) for i in parks[1]),
                                 f"the park falls into {len(parks)} pieces"))
    return out
