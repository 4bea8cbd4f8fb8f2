"""Magnets boards: the puzzle and answer types, their JSON, and the referee.

The JSON schema (puzzle, then answer), worked on a 2×2 board::

    {"h": 2, "w": 2,
     "dominoes": ["LR", "LR"],          # per cell: L/R = left/right half of a
                                        # horizontal domino, T/B = top/bottom half
                                        # of a vertical one
     "plus_rows": [1, null], "minus_rows": [1, 1],   # null = blank margin
     "plus_cols": [1, 1],    "minus_cols": [null, 1]}

    {"grid": ["+-", "-+"]}              # '+', '-' or '.' (neutral) per cell

Cell values are coded 0 = ``+``, 1 = ``-``, 2 = neutral everywhere in the
package (the bit order of the ladder's state).
"""
from __future__ import annotations

from functools import cached_property

import numpy as np

from ..core.grid import Grid
from ..core.referee import InputError, Violation

__all__ = ["Puzzle", "Answer", "check", "RULES", "PLUS", "MINUS", "NEUTRAL",
           "clues_of", "tiling_from_partner"]

PLUS, MINUS, NEUTRAL = 0, 1, 2
CHARS = "+-."
RULES = ("same-poles", "half-magnet", "count")
_HALF = {"L": (0, 1), "R": (0, -1), "T": (1, 0), "B": (-1, 0)}


def _clue_list(obj, key, n):
    v = obj.get(key)
    if v is None:
        return np.full(n, -1, dtype=np.int32)
    if not isinstance(v, list) or len(v) != n:
        raise InputError(f"{key} must be a list of {n} numbers or nulls")
    out = np.full(n, -1, dtype=np.int32)
    for i, x in enumerate(v):
        if x is None:
            continue
        if isinstance(x, bool) or not isinstance(x, int) or x < 0:
            raise InputError(f"{key}[{i}] must be a non-negative integer or null, got {x!r}")
        out[i] = x
    return out


def tiling_from_partner(h: int, w: int, partner) -> list[str]:
    """The L/R/T/B strings of a partner array.

    >>> tiling_from_partner(2, 2, [1, 0, 3, 2])
    ['LR', 'LR']
    """
    rows = []
    for r in range(h):
        s = ""
        for c in range(w):
            i, j = r * w + c, int(partner[r * w + c])
            s += {1: "L", -1: "R", w: "T", -w: "B"}[j - i]
        rows.append(s)
    return rows


class Puzzle:
    """A tiled board with its margin clues (-1 = blank).

    >>> p = Puzzle.from_json({"h": 2, "w": 2, "dominoes": ["TT", "BB"],
    ...                       "plus_rows": [1, 1], "minus_rows": [1, 1]})
    >>> p.partner.tolist(), p.plus_cols.tolist()
    ([2, 3, 0, 1], [-1, -1])
    """

    def __init__(self, h, w, partner, plus_rows, minus_rows, plus_cols, minus_cols):
        self.h, self.w = int(h), int(w)
        self.grid = Grid(self.h, self.w)
        self.partner = np.ascontiguousarray(partner, dtype=np.int32)
        self.plus_rows = np.ascontiguousarray(plus_rows, dtype=np.int32)
        self.minus_rows = np.ascontiguousarray(minus_rows, dtype=np.int32)
        self.plus_cols = np.ascontiguousarray(plus_cols, dtype=np.int32)
        self.minus_cols = np.ascontiguousarray(minus_cols, dtype=np.int32)

    # -- JSON ---------------------------------------------------------------
    @classmethod
    def from_json(cls, obj) -> "Puzzle":
        """Parse the schema above; bad input raises :class:`InputError`."""
        if not isinstance(obj, dict):
            raise InputError("a magnets puzzle must be a JSON object")
        try:
            h, w = obj["h"], obj["w"]
            rows = obj["dominoes"]
        except KeyError as exc:
            raise InputError(f"puzzle lacks the key {exc.args[0]!r}")
        if not all(isinstance(x, int) and not isinstance(x, bool) and 1 <= x <= 40 for x in (h, w)):
            raise InputError("h and w must be integers between 1 and 40")
        if not isinstance(rows, list) or len(rows) != h or \
                not all(isinstance(s, str) and len(s) == w for s in rows):
            raise InputError(f"dominoes must be {h} strings of length {w}")
        partner = np.full(h * w, -1, dtype=np.int32)
        for r, s in enumerate(rows):
            for c, ch in enumerate(s):
                if ch not in _HALF:
                    raise InputError(f"dominoes[{r}][{c}] must be one of L R T B, got {ch!r}")
                dr, dc = _HALF[ch]
                rr, cc = r + dr, c + dc
                if not (0 <= rr < h and 0 <= cc < w):
                    raise InputError(f"the domino half at ({r},{c}) points off the board")
                partner[r * w + c] = rr * w + cc
        for i in range(h * w):
            if partner[partner[i]] != i:
                raise InputError(f"the domino half at {divmod(i, w)} has no matching half")
        p = cls(h, w, partner, _clue_list(obj, "plus_rows", h), _clue_list(obj, "minus_rows", h),
                _clue_list(obj, "plus_cols", w), _clue_list(obj, "minus_cols", w))
        if max(p.plus_rows.max(), p.minus_rows.max()) > w or \
                max(p.plus_cols.max(), p.minus_cols.max()) > h:
            raise InputError("a margin count is larger than its line")
        return p

    def to_json(self) -> dict:
        def lst(a):
            return [None if x < 0 else int(x) for x in a]
        return {"h": self.h, "w": self.w,
                "dominoes": tiling_from_partner(self.h, self.w, self.partner),
                "plus_rows": lst(self.plus_rows), "minus_rows": lst(self.minus_rows),
                "plus_cols": lst(self.plus_cols), "minus_cols": lst(self.minus_cols)}

    def with_clues(self, clues) -> "Puzzle":
        """The same tiling with another clue vector (see :attr:`clue_vector`)."""
        h, w = self.h, self.w
        c = np.asarray(clues, dtype=np.int32)
        return Puzzle(h, w, self.partner, c[:h], c[h:2 * h], c[2 * h:2 * h + w], c[2 * h + w:])

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
        L = max(self.h, self.w)
        out = np.full((self.h + self.w, L), -1, dtype=np.int32)
        for k, cells in enumerate(self.grid.lines()):
            out[k, :len(cells)] = cells
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
        """``(h + w, L)`` True where the cell's domino crosses the line."""
        ln = self.lines
        out = np.zeros(ln.shape, dtype=np.bool_)
        for k in range(ln.shape[0]):
            cells = set(ln[k][ln[k] >= 0].tolist())
            for i, c in enumerate(ln[k]):
                if c >= 0:
                    out[k, i] = int(self.partner[c]) not in cells
        return out

    def vertical_share(self) -> float:
        """Share of cells lying in vertical dominoes."""
        return float(np.mean(np.abs(self.partner - np.arange(self.h * self.w)) != 1))


class Answer:
    """A filled board: values 0 = +, 1 = -, 2 = neutral, shape ``(h, w)``.

    >>> Answer.from_json({"grid": ["+-", ".."]}).grid.tolist()
    [[0, 1], [2, 2]]
    """

    def __init__(self, grid):
        self.grid = np.ascontiguousarray(grid, dtype=np.int8)

    @classmethod
    def from_json(cls, obj) -> "Answer":
        if not isinstance(obj, dict) or not isinstance(obj.get("grid"), list):
            raise InputError("a magnets answer must be an object with a 'grid' list of strings")
        rows = obj["grid"]
        if not rows or not all(isinstance(s, str) for s in rows) or len({len(s) for s in rows}) != 1:
            raise InputError("grid rows must be strings of one length")
        try:
            g = [[CHARS.index(ch) for ch in s] for s in rows]
        except ValueError:
            raise InputError("grid cells must be '+', '-' or '.'")
        return cls(np.array(g, dtype=np.int8))

    def to_json(self) -> dict:
        return {"grid": ["".join(CHARS[v] for v in row) for row in self.grid]}

    def __eq__(self, other):
        return isinstance(other, Answer) and np.array_equal(self.grid, other.grid)

    def __repr__(self):
        return "Answer(" + "/".join(self.to_json()["grid"]) + ")"


def clues_of(puzzle_or_partner, answer, h=None, w=None) -> Puzzle:
    """The full-clue puzzle of an answer on a tiling (a Puzzle or a partner array)."""
    if isinstance(puzzle_or_partner, Puzzle):
        h, w, partner = puzzle_or_partner.h, puzzle_or_partner.w, puzzle_or_partner.partner
    else:
        partner = puzzle_or_partner
    g = answer.grid if isinstance(answer, Answer) else np.asarray(answer).reshape(h, w)
    return Puzzle(h, w, partner, (g == PLUS).sum(1), (g == MINUS).sum(1),
                  (g == PLUS).sum(0), (g == MINUS).sum(0))


def check(puzzle: Puzzle, answer: Answer) -> list[Violation]:
    """The rules an answer breaks (empty when legal).

    Examples
    --------
    >>> p = Puzzle.from_json({"h": 1, "w": 2, "dominoes": ["LR"], "plus_rows": [1]})
    >>> check(p, Answer.from_json({"grid": ["+-"]}))
    []
    >>> [v.rule for v in check(p, Answer.from_json({"grid": ["+."]}))]
    ['half-magnet']
    """
    h, w = puzzle.h, puzzle.w
    g = answer.grid
    if g.shape != (h, w):
        raise InputError(f"answer is {g.shape[0]}x{g.shape[1]}, puzzle is {h}x{w}")
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
