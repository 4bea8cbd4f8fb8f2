"""Numbrix boards and answers: types, JSON, and the referee.

JSON schema.  A puzzle is ``{"rows": h, "cols": w, "grid": [[...], ...]}``
with ``h`` rows of ``w`` integers, 0 for a blank cell and ``1..h*w`` for a
printed number.  An answer is ``{"grid": [[...], ...]}`` with every cell filled.
Worked example (a 2x3 board and its unique answer)::

    puzzle  {"rows": 2, "cols": 3, "grid": [[1, 0, 3], [0, 0, 0]]}
    answer  {"grid": [[1, 2, 3], [6, 5, 4]]}

Reading is strict: ``rows``, ``cols`` and every cell must be JSON integers
(``true``, ``3.0`` and ``"3"`` are refused), and a board may have at most
:data:`MAX_CELLS` cells (checked before anything of that size is built).
The state holds ``n`` candidate values for each of ``n`` cells, so its size
is quadratic in the board: 2,500 cells (50x50) is about 6 MB of candidate
bits per search node, plus a 25 MB distance table.  A count search at a weak
level keeps many such nodes on its stack, so on big boards it is bounded by
``solve --max-nodes`` / ``--timeout`` and the CLI worker's memory ceiling
(reported as ``capped``).  Answer cells are any 64-bit integers, so the
referee can name a cell outside ``1..h*w``.
Every refusal is an :class:`~puzzlekit.core.referee.InputError` whose one-line
message names the field, e.g. ``grid[2][1]: expected an integer, got true``.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..core.referee import InputError, Violation, check_shape, int_grid, strict_size

__all__ = ["Puzzle", "Answer", "RULES", "MAX_CELLS", "check", "is_answer", "path_of"]

MAX_CELLS = 2_500   # 50x50: the state is n candidates per cell, n*n bits

RULES = {
    "range": "every cell holds a number from 1 to h*w",
    "duplicate": "no number is used twice",
    "missing": "every number from 1 to h*w appears",
    "adjacent": "consecutive numbers share an edge",
    "clue": "a printed number is kept",
}


@dataclass(frozen=True, eq=False)
class Puzzle:
    """An ``h`` by ``w`` board; ``clues[r, c]`` is the printed number or 0.

    >>> p = Puzzle.from_json({"rows": 2, "cols": 3, "grid": [[1, 0, 3], [0, 0, 0]]})
    >>> p.n, p.printed().tolist()
    (6, [[0, 1], [2, 3]])
    """

    clues: np.ndarray

    @property
    def h(self):
        return int(self.clues.shape[0])

    @property
    def w(self):
        return int(self.clues.shape[1])

    @property
    def shape(self):
        return (self.h, self.w)

    @property
    def n(self):
        return self.h * self.w

    @classmethod
    def blank(cls, h, w):
        return cls(np.zeros((h, w), dtype=np.int64))

    @classmethod
    def from_cells(cls, h, w, answer_flat, cells):
        """The board printing ``answer_flat`` (values, row-major) at ``cells``."""
        g = np.zeros(h * w, dtype=np.int64)
        cells = np.asarray(cells, dtype=np.int64)
        g[cells] = np.asarray(answer_flat)[cells]
        return cls(g.reshape(h, w))

    @classmethod
    def from_json(cls, obj):
        if not isinstance(obj, dict):
            raise InputError("puzzle must be a JSON object with rows, cols and grid")
        for k in ("rows", "cols", "grid"):
            if k not in obj:
                raise InputError(f"puzzle lacks {k!r}")
        h, w = strict_size(obj["rows"], obj["cols"], MAX_CELLS, ("rows", "cols"))
        g = int_grid(obj["grid"], "grid", 0, h * w, shape=(h, w))
        vals = g[g > 0]
        if len(np.unique(vals)) != len(vals):
            raise InputError("a number is printed twice")
        return cls(g)

    def to_json(self):
        return {"rows": self.h, "cols": self.w, "grid": self.clues.tolist()}

    def printed(self) -> np.ndarray:
        """``(k, 2)`` pairs (cell, value) of printed numbers, in cell order."""
        flat = self.clues.ravel()
        cells = np.flatnonzero(flat)
        return np.stack([cells, flat[cells]], axis=1)

    def n_clues(self) -> int:
        return int((self.clues > 0).sum())


@dataclass(frozen=True, eq=False)
class Answer:
    """A filled board, ``grid[r, c]`` in ``1..h*w``.

    >>> Answer.from_json({"grid": [[1, 2], [4, 3]]}).path().tolist()
    [0, 1, 3, 2]
    """

    grid: np.ndarray

    @classmethod
    def from_json(cls, obj):
        if not isinstance(obj, dict) or "grid" not in obj:
            raise InputError("answer must be a JSON object with a grid")
        return cls(int_grid(obj["grid"], "grid", max_cells=MAX_CELLS))

    @classmethod
    def from_path(cls, h, w, path):
        """The answer walking ``path`` (cells in order 1..n)."""
        g = np.zeros(h * w, dtype=np.int64)
        g[np.asarray(path)] = np.arange(1, h * w + 1)
        return cls(g.reshape(h, w))

    def to_json(self):
        return {"grid": self.grid.tolist()}

    def path(self) -> np.ndarray:
        """Cells in the order of their numbers (only for a legal answer)."""
        return np.argsort(self.grid.ravel(), kind="stable")


def check(puzzle: Puzzle, answer: Answer) -> list:
    """The rules ``answer`` breaks on ``puzzle`` (empty when it is legal).

    >>> p = Puzzle.from_json({"rows": 2, "cols": 2, "grid": [[1, 0], [0, 0]]})
    >>> [v.rule for v in check(p, Answer.from_json({"grid": [[1, 2], [3, 4]]}))]
    ['adjacent']
    >>> check(p, Answer.from_json({"grid": [[1, 2], [4, 3]]}))
    []
    """
    g = answer.grid
    check_shape(puzzle.shape, g.shape)
    h, w = g.shape
    n = h * w
    out = []
    flat = g.ravel()
    bad = np.flatnonzero((flat < 1) | (flat > n))
    for i in bad:
        cell = divmod(int(i), w)
        out.append(Violation("range", (cell,), f"cell {cell} holds {flat[i]}, outside 1..{n}"))
    ok = flat[(flat >= 1) & (flat <= n)]
    cnt = np.bincount(ok, minlength=n + 1)
    for v in np.flatnonzero(cnt > 1):
        cells = tuple(divmod(int(i), w) for i in np.flatnonzero(flat == v))
        out.append(Violation("duplicate", cells, f"{v} is used {cnt[v]} times"))
    for v in np.flatnonzero(cnt[1:] == 0) + 1:
        out.append(Violation("missing", (int(v),), f"{v} does not appear"))
    pos = {}
    for i, v in enumerate(flat):
        pos.setdefault(int(v), []).append(i)
    for v in range(1, n):
        if v in pos and v + 1 in pos:
            touching = any(abs(a // w - b // w) + abs(a % w - b % w) == 1
                           for a in pos[v] for b in pos[v + 1])
            if not touching:
                out.append(Violation("adjacent", (divmod(pos[v][0], w), divmod(pos[v + 1][0], w)),
                                     f"{v} and {v + 1} do not share an edge"))
    cl = puzzle.clues.ravel()
    for i in np.flatnonzero((cl > 0) & (cl != flat)):
        out.append(Violation("clue", (divmod(int(i), w),),
                             f"printed {cl[i]} at {divmod(int(i), w)} became {flat[i]}"))
    return out


def is_answer(values, h: int, w: int) -> bool:
    """Fast legality of a flat value array (no clues): a Hamiltonian walk.

    >>> is_answer([1, 2, 4, 3], 2, 2), is_answer([1, 2, 3, 4], 2, 2)
    (True, False)
    """
    v = np.asarray(values).ravel()
    n = h * w
    if v.shape != (n,) or v.min() < 1 or v.max() > n:
        return False
    order = np.full(n + 1, -1)
    order[v] = np.arange(n)
    if (order[1:] < 0).any():
        return False
    r, c = np.divmod(order[1:], w)
    return bool(np.all(np.abs(np.diff(r)) + np.abs(np.diff(c)) == 1))


def path_of(puzzle_or_answer) -> np.ndarray:
    """Cells in value order of an :class:`Answer`."""
    return puzzle_or_answer.path()
