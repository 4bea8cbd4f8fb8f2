"""Magnets boards: the puzzle and answer types, their JSON, and the referee.

The JSON schema (puzzle, then answer), worked on a 2×2 board::

    {"h": 2, "w": 2,
     "dominoes": ["LR", "LR"],          # per cell: L/R = left/right half of a
                                        # horizontal domino, T/B = top/bottom half
                                        # of a vertical one, '.' = an empty cell
     "plus_rows": [1, null], "minus_rows": [1, 1],   # null = blank margin
     "plus_cols": [1, 1],    "minus_cols": [null, 1]}

    {"grid": ["+-", "-+"]}              # '+', '-' or '.' (neutral) per cell

Two optional features come from real puzzles.  An *empty cell* (``'.'`` in
``dominoes``) belongs to no domino: it is always neutral, is never counted and
so never touches a pole.  A *given pole* is a ``'+'`` or ``'-'`` printed in a
cell; the optional key ``"given"`` holds one string per row (``'+'``, ``'-'``
or ``'.'`` for none), and an answer must keep every given pole.  A 3×3 board
with both, its middle cell empty and a ``+`` given at the top left::

    {"h": 3, "w": 3,
     "dominoes": ["LRT", "T.B", "BLR"],
     "given":    ["+..", "...", "..."],
     "plus_rows": [2, 0, 1], "minus_rows": [1, 2, 0],
     "plus_cols": [2, 0, 1], "minus_cols": [1, 1, 1]}

    {"grid": ["+-+", "-.-", "+.."]}     # an empty cell is always '.'

(``to_json`` writes ``"given"`` only when some pole is given.)  An odd
number of cells is fine once some cell is empty.

Cell values are coded 0 = ``+``, 1 = ``-``, 2 = neutral everywhere in the
package (the bit order of the ladder's state); :attr:`Puzzle.partner` is -1 at
an empty cell and :attr:`Puzzle.given` is -1 where no pole is given.

Reading is strict: ``h``, ``w`` and every margin number must be JSON integers
(``true``, ``3.0`` and ``"3"`` are refused; a margin number lies in 0..its
line's length), and a board may have at most :data:`MAX_CELLS` cells and
:data:`MAX_SIDE` cells along a side, checked before anything of that size is
built.  The state is three bits per cell, but the kernels' line tables are
``(h + w) x max(h, w)``, so a long thin board costs more than a square one;
the side cap keeps those tables small.  Loading is cheap at the cap, but a
search on a big board with blank margins can run long:
``python -m puzzlekit solve --timeout SECONDS`` stops such a run and reports it
as ``capped``.  Every refusal is an
:class:`~puzzlekit.core.referee.InputError` whose one-line message names the
field, e.g. ``plus_rows[2]: expected an integer, got true``.
"""
from __future__ import annotations

import operator
from functools import cached_property

import numpy as np

from ..core.grid import GridPuzzle
from ..core.referee import (
    GridAnswer,
    InputError,
    Violation,
    check_shape,
    show,
    strict_int,
    strict_list,
    strict_object,
    strict_size,
)

__all__ = ["Puzzle", "Answer", "check", "RULES", "PLUS", "MINUS", "NEUTRAL",
           "clues_of", "tiling_from_partner", "MAX_CELLS", "MAX_SIDE", "check_size"]

MAX_CELLS = 10_000   # 100x100: three bits a cell, tables linear in the board
MAX_SIDE = 200       # the line tables are (h + w) x max(h, w)

PLUS, MINUS, NEUTRAL = 0, 1, 2
CHARS = "+-."
RULES = ("same-poles", "half-magnet", "count", "given-pole", "empty-cell")
EMPTY = "."          # an empty cell in ``dominoes``
_HALF = {"L": (0, 1), "R": (0, -1), "T": (1, 0), "B": (-1, 0)}


def check_size(h, w, fields=("h", "w")) -> tuple[int, int]:
    """``(h, w)`` if it is a board size within :data:`MAX_CELLS` and
    :data:`MAX_SIDE`; else InputError."""
    h, w = strict_size(h, w, MAX_CELLS, fields)
    if max(h, w) > MAX_SIDE:
        raise InputError(f"a {h}x{w} board has a side longer than {MAX_SIDE} cells, "
                         "the most this genre accepts")
    return h, w


def _clue_list(obj, key, n, line):
    """Margin numbers (0..``line``, -1 for null) of ``n`` lines."""
    v = obj.get(key)
    if v is None:
        return np.full(n, -1, dtype=np.int32)
    strict_list(v, key, n)
    out = np.full(n, -1, dtype=np.int32)
    for i, x in enumerate(v):
        if x is not None:
            out[i] = strict_int(x, f"{key}[{i}]", 0, line)
    return out


def tiling_from_partner(h: int, w: int, partner) -> list[str]:
    """The L/R/T/B strings of a partner array ('.' where the partner is -1).

    >>> tiling_from_partner(2, 2, [1, 0, 3, 2])
    ['LR', 'LR']
    >>> tiling_from_partner(1, 3, [-1, 2, 1])
    ['.LR']
    """
    rows = []
    for r in range(h):
        s = ""
        for c in range(w):
            i, j = r * w + c, int(partner[r * w + c])
            s += EMPTY if j < 0 else {1: "L", -1: "R", w: "T", -w: "B"}[j - i]
        rows.append(s)
    return rows


def _given_rows(obj, h, w, partner):
    """The optional ``given`` layer: -1 (none), PLUS or MINUS per cell."""
    out = np.full(h * w, -1, dtype=np.int8)
    rows = obj.get("given")
    if rows is None:
        return out
    strict_list(rows, "given", h)
    for r, s in enumerate(rows):
        if not isinstance(s, str) or len(s) != w:
            raise InputError(f"given[{r}]: expected a string of {w} characters, got {show(s)}")
        for c, ch in enumerate(s):
            if ch not in CHARS:
                raise InputError(f"given[{r}][{c}] must be one of + - ., got {ch!r}")
            if ch != ".":
                if partner[r * w + c] < 0:
                    raise InputError(f"the empty cell at ({r},{c}) has a given pole")
                out[r * w + c] = CHARS.index(ch)
    return out


class Puzzle(GridPuzzle):
    """A tiled board with its margin clues (-1 = blank), its empty cells
    (``partner`` -1) and its given poles (``given``: -1, PLUS or MINUS per cell).

    >>> p = Puzzle.from_json({"h": 2, "w": 2, "dominoes": ["TT", "BB"],
    ...                       "plus_rows": [1, 1], "minus_rows": [1, 1]})
    >>> p.partner.tolist(), p.plus_cols.tolist()
    ([2, 3, 0, 1], [-1, -1])
    >>> q = Puzzle.from_json({"h": 1, "w": 3, "dominoes": [".LR"], "given": ["..-"]})
    >>> q.partner.tolist(), q.given.tolist(), q.holes.tolist()
    ([-1, 2, 1], [-1, -1, 1], [True, False, False])
    """

    def __init__(self, h, w, partner, plus_rows, minus_rows, plus_cols, minus_cols, given=None):
        self.h, self.w = operator.index(h), operator.index(w)
        self.partner = np.ascontiguousarray(partner, dtype=np.int32)
        self.plus_rows = np.ascontiguousarray(plus_rows, dtype=np.int32)
        self.minus_rows = np.ascontiguousarray(minus_rows, dtype=np.int32)
        self.plus_cols = np.ascontiguousarray(plus_cols, dtype=np.int32)
        self.minus_cols = np.ascontiguousarray(minus_cols, dtype=np.int32)
        n = self.h * self.w
        self.given = (np.full(n, -1, dtype=np.int8) if given is None
                      else np.ascontiguousarray(given, dtype=np.int8).ravel())

    @property
    def holes(self) -> np.ndarray:
        """True at every empty cell (in no domino)."""
        return self.partner < 0

    def _key(self):
        return (self.h, self.w) + tuple(a.tobytes() for a in (
            self.partner, self.plus_rows, self.minus_rows, self.plus_cols, self.minus_cols,
            self.given))

    def __repr__(self):
        return f"Puzzle({self.h}x{self.w}, {len(self.dominoes)} dominoes)"

    # -- JSON ---------------------------------------------------------------
    @classmethod
    def from_json(cls, obj) -> "Puzzle":
        """Parse the schema above; bad input raises :class:`InputError`."""
        strict_object(obj, "a magnets puzzle", ("h", "w", "dominoes"))
        h, w = check_size(obj["h"], obj["w"])
        rows = obj["dominoes"]
        strict_list(rows, "dominoes", h)
        for r, s in enumerate(rows):
            if not isinstance(s, str) or len(s) != w:
                raise InputError(f"dominoes[{r}]: expected a string of {w} letters, got {show(s)}")
        partner = np.full(h * w, -1, dtype=np.int32)
        for r, s in enumerate(rows):
            for c, ch in enumerate(s):
                if ch == EMPTY:
                    continue
                if ch not in _HALF:
                    raise InputError(f"dominoes[{r}][{c}] must be one of L R T B or "
                                     f"'{EMPTY}', got {ch!r}")
                dr, dc = _HALF[ch]
                rr, cc = r + dr, c + dc
                if not (0 <= rr < h and 0 <= cc < w):
                    raise InputError(f"the domino half at ({r},{c}) points off the board")
                partner[r * w + c] = rr * w + cc
        for i in range(h * w):
            j = partner[i]
            if j >= 0 and partner[j] != i:
                raise InputError(f"the domino half at ({i // w},{i % w}) has no matching half")
        return cls(h, w, partner, _clue_list(obj, "plus_rows", h, w),
                   _clue_list(obj, "minus_rows", h, w), _clue_list(obj, "plus_cols", w, h),
                   _clue_list(obj, "minus_cols", w, h), _given_rows(obj, h, w, partner))

    def to_json(self) -> dict:
        def lst(a):
            return [None if x < 0 else int(x) for x in a]
        out = {"h": self.h, "w": self.w,
               "dominoes": tiling_from_partner(self.h, self.w, self.partner)}
        if (self.given >= 0).any():
            g = self.given.reshape(self.h, self.w)
            out["given"] = ["".join(CHARS[v] if v >= 0 else "." for v in row) for row in g]
        out.update({"plus_rows": lst(self.plus_rows), "minus_rows": lst(self.minus_rows),
                    "plus_cols": lst(self.plus_cols), "minus_cols": lst(self.minus_cols)})
        return out

    def with_clues(self, clues) -> "Puzzle":
        """The same tiling and given poles with another clue vector (see
        :attr:`clue_vector`)."""
        h, w = self.h, self.w
        c = np.asarray(clues, dtype=np.int32)
        return Puzzle(h, w, self.partner, c[:h], c[h:2 * h], c[2 * h:2 * h + w], c[2 * h + w:],
                      self.given)

    def with_given(self, given) -> "Puzzle":
        """The same tiling and margins with another given-pole layer."""
        return Puzzle(self.h, self.w, self.partner, self.plus_rows, self.minus_rows,
                      self.plus_cols, self.minus_cols, given)

    # -- derived arrays (for kernels) ------------------------------------------
    @cached_property
    def clue_vector(self) -> np.ndarray:
        """All margin numbers: plus rows, minus rows, plus cols, minus cols."""
        return np.concatenate([self.plus_rows, self.minus_rows, self.plus_cols, self.minus_cols])

    @cached_property
    def dominoes(self) -> np.ndarray:
        """``(n/2, 2)`` cell pairs in scan order of their first cell."""
        i = np.arange(self.h * self.w)
        first = i[self.partner > i]
        return np.stack([first, self.partner[first]], axis=1).astype(np.int32)

    @cached_property
    def lines(self) -> np.ndarray:
        """``(h + w, max(h, w))`` cells of rows then columns, padded with -1."""
        h, w = self.h, self.w
        out = np.full((h + w, max(h, w)), -1, dtype=np.int32)
        out[:h, :w] = np.arange(h * w).reshape(h, w)
        out[h:, :h] = np.arange(h * w).reshape(h, w).T
        return out

    @cached_property
    def line_len(self) -> np.ndarray:
        return np.array([self.w] * self.h + [self.h] * self.w, dtype=np.int32)

    @cached_property
    def line_plus(self) -> np.ndarray:
        return np.concatenate([self.plus_rows, self.plus_cols]).astype(np.int32)

    @cached_property
    def line_minus(self) -> np.ndarray:
        return np.concatenate([self.minus_rows, self.minus_cols]).astype(np.int32)

    @cached_property
    def crossing(self) -> np.ndarray:
        """``(h + w, L)`` True where the cell's domino crosses the line (never at
        an empty cell, which has no domino): its partner lies in another row
        (on a row line) or column (on a column line)."""
        ln = self.lines
        c = np.where(ln >= 0, ln, 0)
        p = self.partner[c]
        row_line = (np.arange(ln.shape[0]) < self.h)[:, None]
        same = np.where(row_line, p // self.w == c // self.w, p % self.w == c % self.w)
        return (ln >= 0) & (p >= 0) & ~same

    def vertical_share(self) -> float:
        """Share of domino cells lying in vertical dominoes."""
        i = np.arange(self.h * self.w)
        d = self.partner >= 0
        return float(np.mean(np.abs(self.partner[d] - i[d]) != 1)) if d.any() else 0.0


class Answer(GridAnswer):
    """A filled board: values 0 = +, 1 = -, 2 = neutral, shape ``(h, w)``.

    >>> Answer.from_json({"grid": ["+-", ".."]}).grid.tolist()
    [[0, 1], [2, 2]]
    """

    @classmethod
    def from_json(cls, obj) -> "Answer":
        if not isinstance(obj, dict) or not isinstance(obj.get("grid"), list):
            raise InputError("a magnets answer must be an object with a 'grid' list of strings")
        rows = obj["grid"]
        strings = bool(rows) and all(isinstance(s, str) for s in rows)
        if not strings or len({len(s) for s in rows}) != 1:
            raise InputError("grid rows must be strings of one length")
        check_size(len(rows), len(rows[0]), ("grid rows", "grid columns"))
        try:
            g = [[CHARS.index(ch) for ch in s] for s in rows]
        except ValueError:
            raise InputError("grid cells must be '+', '-' or '.'")
        return cls(np.array(g, dtype=np.int8))

    def to_json(self) -> dict:
        return {"grid": ["".join(CHARS[v] for v in row) for row in self.grid]}


def clues_of(puzzle_or_partner, answer, h=None, w=None) -> Puzzle:
    """The full-clue puzzle of an answer on a tiling (a Puzzle, whose given
    poles are kept, or a partner array)."""
    given = None
    if isinstance(puzzle_or_partner, Puzzle):
        h, w, partner = puzzle_or_partner.h, puzzle_or_partner.w, puzzle_or_partner.partner
        given = puzzle_or_partner.given
    else:
        partner = puzzle_or_partner
    g = answer.grid if isinstance(answer, Answer) else np.asarray(answer).reshape(h, w)
    return Puzzle(h, w, partner, (g == PLUS).sum(1), (g == MINUS).sum(1),
                  (g == PLUS).sum(0), (g == MINUS).sum(0), given)


def check(puzzle: Puzzle, answer: Answer) -> list[Violation]:
    """The rules an answer breaks (empty when legal).

    Examples
    --------
    >>> p = Puzzle.from_json({"h": 1, "w": 2, "dominoes": ["LR"], "plus_rows": [1]})
    >>> check(p, Answer.from_json({"grid": ["+-"]}))
    []
    >>> [v.rule for v in check(p, Answer.from_json({"grid": ["+."]}))]
    ['half-magnet']
    >>> q = Puzzle.from_json({"h": 1, "w": 3, "dominoes": ["LR."], "given": ["+.."]})
    >>> [v.rule for v in check(q, Answer.from_json({"grid": ["-+."]}))]
    ['given-pole']
    >>> [v.rule for v in check(q, Answer.from_json({"grid": ["+-+"]}))]
    ['empty-cell']
    """
    h, w = puzzle.h, puzzle.w
    g = answer.grid
    check_shape((h, w), g.shape)
    out = []
    flat = g.ravel()
    for a, b in puzzle.grid.edges:
        if flat[a] == flat[b] and flat[a] != NEUTRAL:
            out.append(Violation("same-poles", (divmod(int(a), w), divmod(int(b), w)),
                                 f"two '{CHARS[flat[a]]}' poles touch"))
    for a, b in puzzle.dominoes:
        if (flat[a] == NEUTRAL) != (flat[b] == NEUTRAL):
            out.append(Violation("half-magnet", (divmod(int(a), w), divmod(int(b), w)),
                                 "a domino has one pole and one neutral half"))
    for i in np.flatnonzero((puzzle.given >= 0) & (flat != puzzle.given)):
        out.append(Violation("given-pole", (divmod(int(i), w),),
                             f"the given '{CHARS[puzzle.given[i]]}' is not kept"))
    for i in np.flatnonzero(puzzle.holes & (flat != NEUTRAL)):
        out.append(Violation("empty-cell", (divmod(int(i), w),),
                             f"an empty cell carries a '{CHARS[flat[i]]}' pole"))
    for kind, clues, counts, name in (
            ("+", puzzle.plus_rows, (g == PLUS).sum(1), "row"),
            ("-", puzzle.minus_rows, (g == MINUS).sum(1), "row"),
            ("+", puzzle.plus_cols, (g == PLUS).sum(0), "column"),
            ("-", puzzle.minus_cols, (g == MINUS).sum(0), "column")):
        for k, (cl, ct) in enumerate(zip(clues, counts)):
            if cl >= 0 and cl != ct:
                out.append(Violation("count", (name, k, kind),
                                     f"{name} {k} has {ct} '{kind}' cells, its margin says {cl}"))
    return out
