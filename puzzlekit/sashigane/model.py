"""Sashigane boards and answers: types, strict JSON, L-shape geometry and the referee.

Puzzle JSON (``size`` is ``[h, w]``; ``circles`` lists ``[r, c, n]`` with
``n`` the printed size or ``null`` for a bare circle; ``arrows`` lists
``[r, c, d]`` with ``d`` one of ``"^" "v" "<" ">"``)::

    {"size": [3, 3], "circles": [[0, 0, None]], "arrows": [[0, 2, "<"]]}

Two optional keys select the rules.  ``"rules"`` is ``"article"`` (the
default: every piece holds exactly one circle and exactly one arrow) or
``"puzzlink"`` (the puzz.link dialect: a piece may have no circle, and no
arrow, one, or one at each end).  ``"off"`` lists clauses switched off, for
the ablation: ``"home"`` (the arrow points at the bend), ``"end"`` (the arrow
sits on an arm's far end), ``"bend"`` (the circle sits on the bend) and
``"size"`` (a number is the piece's size).

Answer JSON: the pieces, each a list of ``[r, c]`` cells::

    {"pieces": [[[0, 0], [0, 1], [0, 2], [1, 0], [2, 0]], [[1, 1], [1, 2], [2, 1], [2, 2]]]}

(that second piece is a square, so the referee says ``not-l``.)  Rule ids the
referee names: ``off-board``, ``overlap``, ``uncovered`` (a cell in no
piece), ``not-l`` (a piece is not an L of width one with two arms of at least
one cell), ``circles`` (a piece holds no circle, or more than one), ``bend``
(its circle is off the bend), ``arrows`` (a piece holds no arrow, or more than
one, or in the dialect more than two), ``end`` (an arrow is off an arm's far
end), ``home`` (an arrow does not point back along its arm at the bend),
``size`` (a number is not the piece's size).

Reading is strict: integers are JSON integers in range, a cell holds at most
one clue, numbers are 1..h*w, and a board has at most :data:`MAX_CELLS` cells.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..core.grid import GridPuzzle
from ..core.referee import (
    InputError,
    Violation,
    pieces_from_json,
    show,
    strict_board_size,
    strict_cell,
    strict_int,
    strict_list,
    strict_size,
)

__all__ = ["Puzzle", "Answer", "RULES", "CLAUSES", "RULE_SETS", "MAX_CELLS", "ARROWS",
           "DELTA", "OPPOSITE", "l_parts", "check"]

RULES = ("off-board", "overlap", "uncovered", "not-l", "circles", "bend", "arrows", "end",
         "home", "size")
CLAUSES = ("home", "end", "bend", "size")
RULE_SETS = ("article", "puzzlink")
MAX_CELLS = 1000                      # 25x40, the largest published board
ARROWS = "^v<>"                        # direction d: 0 up, 1 down, 2 left, 3 right
DELTA = ((-1, 0), (1, 0), (0, -1), (0, 1))
OPPOSITE = (1, 0, 3, 2)


@dataclass(frozen=True, eq=False)
class Puzzle(GridPuzzle):
    """A board: ``circle`` per cell (-1 none, 0 bare, k printed size k),
    ``arrow`` per cell (-1 none, else a direction 0..3), the rule set and the
    clauses switched off.

    >>> p = Puzzle.from_json({"size": [3, 3], "circles": [[0, 0, 5]], "arrows": [[2, 0, "^"]]})
    >>> p.circle_cells.tolist(), int(p.arrow[6]), p.to_json()["arrows"]
    ([0], 0, [[2, 0, '^']])
    """

    h: int
    w: int
    circle: np.ndarray
    arrow: np.ndarray
    rules: str = "article"
    off: frozenset = frozenset()

    def _key(self):
        return (self.h, self.w, self.circle.tobytes(), self.arrow.tobytes(), self.rules,
                tuple(sorted(self.off)))

    @property
    def circle_cells(self) -> np.ndarray:
        return np.flatnonzero(self.circle >= 0)

    @property
    def dialect(self) -> bool:
        return self.rules == "puzzlink"

    @classmethod
    def make(cls, h, w, circles=None, arrows=None, rules="article", off=()) -> "Puzzle":
        """From dicts ``{cell: n}`` (0 bare) and ``{cell: direction}``."""
        h, w = strict_size(h, w, MAX_CELLS)
        circ = np.full(h * w, -1, dtype=np.int64)
        arr = np.full(h * w, -1, dtype=np.int64)
        for c, n in (circles or {}).items():
            circ[int(c)] = int(n)
        for c, d in (arrows or {}).items():
            arr[int(c)] = int(d)
        return cls(h, w, circ, arr, rules, frozenset(off))

    def with_rules(self, rules=None, off=None) -> "Puzzle":
        """The same clues under another rule set or clause switches."""
        return Puzzle(self.h, self.w, self.circle, self.arrow,
                      self.rules if rules is None else rules,
                      self.off if off is None else frozenset(off))

    def with_numbers(self, numbers) -> "Puzzle":
        """The same board with circle numbers replaced (a per-cell array, 0 bare)."""
        circ = np.where(self.circle >= 0, np.asarray(numbers, dtype=np.int64), -1)
        return Puzzle(self.h, self.w, circ, self.arrow, self.rules, self.off)

    @classmethod
    def from_json(cls, obj) -> "Puzzle":
        if not isinstance(obj, dict):
            raise InputError("puzzle must be a JSON object")
        for key in obj:
            if key not in ("size", "circles", "arrows", "rules", "off"):
                raise InputError(f"puzzle: unknown key {show(key)}")
        if "size" not in obj:
            raise InputError("puzzle needs 'size'")
        h, w = strict_board_size(obj["size"], MAX_CELLS)
        circ = np.full(h * w, -1, dtype=np.int64)
        arr = np.full(h * w, -1, dtype=np.int64)
        for key in ("circles", "arrows"):
            items = strict_list(obj.get(key, []), key)
            if len(items) > h * w:
                raise InputError(f"{key}: {len(items)} clues on a board of {h * w} cells")
            for i, item in enumerate(items):
                r, c = strict_cell(item, f"{key}[{i}]", h, w, 3)
                if circ[r * w + c] >= 0 or arr[r * w + c] >= 0:
                    raise InputError(f"{key}[{i}]: cell ({r}, {c}) already holds a clue")
                if key == "circles":
                    circ[r * w + c] = 0 if item[2] is None else strict_int(
                        item[2], f"circles[{i}][2]", 1, h * w)
                else:
                    if not isinstance(item[2], str) or item[2] not in ARROWS or len(item[2]) != 1:
                        raise InputError(f"arrows[{i}][2]: expected one of ^ v < >, "
                                         f"got {show(item[2])}")
                    arr[r * w + c] = ARROWS.index(item[2])
        rules = obj.get("rules", "article")
        if rules not in RULE_SETS:
            raise InputError(f"rules: expected one of {', '.join(RULE_SETS)}, got {show(rules)}")
        off = strict_list(obj.get("off", []), "off")
        for i, x in enumerate(off):
            if not isinstance(x, str) or x not in CLAUSES:
                raise InputError(f"off[{i}]: expected one of {', '.join(CLAUSES)}, got {show(x)}")
        return cls(h, w, circ, arr, rules, frozenset(off))

    def to_json(self) -> dict:
        w = self.w
        out = {"size": [self.h, w],
               "circles": [[*divmod(int(i), w),
                            None if self.circle[i] == 0 else int(self.circle[i])]
                           for i in np.flatnonzero(self.circle >= 0)],
               "arrows": [[*divmod(int(i), w), ARROWS[self.arrow[i]]]
                          for i in np.flatnonzero(self.arrow >= 0)]}
        if self.rules != "article":
            out["rules"] = self.rules
        if self.off:
            out["off"] = [c for c in CLAUSES if c in self.off]
        return out


@dataclass(frozen=True, eq=False)
class Answer:
    """The pieces of a partition, each a sorted tuple of ``(r, c)`` cells,
    pieces ordered by their first cell."""

    pieces: tuple

    @classmethod
    def make(cls, pieces) -> "Answer":
        ps = [tuple(sorted((int(r), int(c)) for r, c in p)) for p in pieces]
        return cls(tuple(sorted(ps)))

    @classmethod
    def from_labels(cls, labels, w: int) -> "Answer":
        """From a flat piece label per cell (-1: in no piece)."""
        groups: dict = {}
        for i, lab in enumerate(np.asarray(labels).ravel().tolist()):
            if lab >= 0:
                groups.setdefault(lab, []).append(divmod(i, w))
        return cls.make(groups.values())

    def labels(self, h: int, w: int) -> np.ndarray:
        """Flat piece index per cell (-1 uncovered); pieces must be on the board."""
        out = np.full(h * w, -1, dtype=np.int64)
        for k, p in enumerate(self.pieces):
            for r, c in p:
                out[r * w + c] = k
        return out

    def __eq__(self, other):
        return isinstance(other, Answer) and self.pieces == other.pieces

    def __hash__(self):
        return hash(self.pieces)

    @classmethod
    def from_json(cls, obj) -> "Answer":
        return cls.make(pieces_from_json(obj, MAX_CELLS))

    def to_json(self) -> dict:
        return {"pieces": [[list(c) for c in p] for p in self.pieces]}


def l_parts(cells):
    """The bend and the two arms of an L, or None when ``cells`` is no L.

    Returns ``(bend, ends)`` where ``bend`` is ``(r, c)`` and ``ends`` maps each
    arm's far-end cell to the direction pointing from it back at the bend.

    >>> l_parts([(0, 0), (1, 0), (2, 0), (2, 1)])
    ((2, 0), {(0, 0): 1, (2, 1): 2})
    >>> l_parts([(0, 0), (0, 1), (0, 2)]) is None, l_parts([(0, 0), (0, 1), (1, 0), (1, 1)]) is None
    (True, True)
    """
    s = set(cells)
    if len(s) < 3 or len(s) != len(cells):
        return None
    for (r, c) in s:
        row = sorted(x for (y, x) in s if y == r)
        col = sorted(y for (y, x) in s if x == c)
        if len(row) < 2 or len(col) < 2 or len(row) + len(col) - 1 != len(s):
            continue
        if row != list(range(row[0], row[-1] + 1)) or col != list(range(col[0], col[-1] + 1)):
            continue
        if c not in (row[0], row[-1]) or r not in (col[0], col[-1]):
            continue
        hend = (r, row[-1] if c == row[0] else row[0])
        vend = (col[-1] if r == col[0] else col[0], c)
        return (r, c), {vend: 0 if vend[0] > r else 1, hend: 2 if hend[1] > c else 3}
    return None


def check(puzzle: Puzzle, answer: Answer) -> list[Violation]:
    """Every rule the answer breaks (empty list: legal).

    >>> p = Puzzle.from_json({"size": [2, 3], "circles": [[1, 0, None], [0, 2, 3]],
    ...                       "arrows": [[0, 0, "v"], [1, 2, "^"]]})
    >>> check(p, Answer.make([[(0, 0), (1, 0), (1, 1)], [(0, 1), (0, 2), (1, 2)]]))
    []
    >>> bent = Answer.make([[(0, 0), (0, 1), (1, 0)], [(0, 2), (1, 1), (1, 2)]])
    >>> [v.rule for v in check(p, bent)]
    ['bend', 'end', 'home', 'bend', 'end', 'home']
    """
    h, w = puzzle.h, puzzle.w
    off, dialect = puzzle.off, puzzle.dialect
    out = []
    owner = np.full(h * w, -1, dtype=np.int64)
    for k, piece in enumerate(answer.pieces):
        bad = [c for c in piece if not (0 <= c[0] < h and 0 <= c[1] < w)]
        if bad:
            out.append(Violation("off-board", tuple(bad), f"piece {k} leaves the {h}x{w} board"))
            continue
        for r, c in piece:
            if owner[r * w + c] >= 0:
                out.append(Violation("overlap", ((r, c),), f"pieces {owner[r * w + c]} and {k} "
                                     "both cover the cell"))
            owner[r * w + c] = k
        parts = l_parts(piece)
        if parts is None:
            out.append(Violation("not-l", piece, f"piece {k} is not an L of width one"))
            continue
        bend, ends = parts
        circles = [(r, c) for r, c in piece if puzzle.circle[r * w + c] >= 0]
        arrows = [(r, c) for r, c in piece if puzzle.arrow[r * w + c] >= 0]
        if len(circles) > 1 or (not circles and not dialect):
            out.append(Violation("circles", tuple(circles) or piece,
                                 f"piece {k} holds {len(circles)} circles, not one"))
        for rc in circles[:1] if len(circles) == 1 else ():
            if "bend" not in off and rc != bend:
                out.append(Violation("bend", (rc,), f"the circle of piece {k} is off its bend"))
            n = int(puzzle.circle[rc[0] * w + rc[1]])
            if "size" not in off and n > 0 and n != len(piece):
                out.append(Violation("size", (rc,), f"piece {k} has {len(piece)} cells, not {n}"))
        most = 2 if dialect else 1
        if len(arrows) > most or (not arrows and not dialect):
            out.append(Violation("arrows", tuple(arrows) or piece,
                                 f"piece {k} holds {len(arrows)} arrows"))
        for (r, c) in arrows:
            d = int(puzzle.arrow[r * w + c])
            if "end" not in off and (r, c) not in ends:
                out.append(Violation("end", ((r, c),),
                                     f"an arrow of piece {k} is off an arm's end"))
            if "home" not in off and not _points_home((r, c), d, bend):
                out.append(Violation("home", ((r, c),),
                                     f"an arrow of piece {k} does not point at its bend"))
    gaps = np.flatnonzero(owner < 0)
    if gaps.size:
        out.append(Violation("uncovered", tuple(divmod(int(i), w) for i in gaps),
                             f"{gaps.size} cell(s) in no piece"))
    return out


def _points_home(cell, d, bend) -> bool:
    """An arrow at ``cell`` pointing ``d`` points along a straight line at ``bend``."""
    (r, c), (br, bc) = cell, bend
    if (r, c) == (br, bc):
        return False
    dr, dc = DELTA[d]
    if dr:
        return c == bc and (br - r) * dr > 0
    return r == br and (bc - c) * dc > 0
