"""What a referee reports: the rules an answer breaks, and where; and the
strict readers every genre's ``from_json`` uses.

JSON input is read strictly: an integer field takes a JSON integer and nothing
else (not ``true``, not ``3.0``, not ``"3"``), within the field's range, and a
board's size is checked against the genre's cell cap before anything of that
size is built.  Every failure is an :class:`InputError` with a one-line
message naming the field, e.g. ``clues[2][1]: expected an integer, got true``.
"""
from __future__ import annotations

import json
import math
import operator
from dataclasses import dataclass

import numpy as np

__all__ = ["Violation", "InputError", "INT64_MIN", "INT64_MAX", "show", "strict_int",
           "strict_list", "strict_cell", "strict_cells", "strict_size", "strict_board_size",
           "strict_object", "strict_bool", "strict_switches", "int_grid", "check_shape",
           "shading_from_json", "shading_to_json", "pieces_from_json",
           "ShadedAnswer", "NumberAnswer", "GridAnswer", "region_labels"]

INT64_MIN, INT64_MAX = -(2 ** 63), 2 ** 63 - 1


@dataclass(frozen=True)
class Violation:
    """One broken rule: its id (as the genre's ``RULES`` names it), the cells
    (or lines, dominoes ...) involved, and a sentence."""

    rule: str
    where: tuple
    message: str

    def as_dict(self) -> dict:
        return {"rule": self.rule, "where": [list(w) if isinstance(w, tuple) else w
                                             for w in self.where],
                "message": self.message}


class InputError(ValueError):
    """Malformed puzzle or answer input; its message is one line for the CLI."""


def show(x) -> str:
    """A short, one-line JSON-style rendering of a value for an error message.

    >>> show(True), show(3.0), show("3"), show(10 ** 50), show([1, 2]), show(None)
    ('true', '3.0', '"3"', 'an integer of about 51 digits', 'a list of 2 items', 'null')
    """
    if x is None or isinstance(x, (bool, np.bool_)):
        return {None: "null", True: "true", False: "false"}[None if x is None else bool(x)]
    if isinstance(x, (int, np.integer)):
        x = operator.index(x)
        if abs(x) < 10 ** 40:
            return str(x)
        return f"an integer of about {int(x.bit_length() * math.log10(2)) + 1} digits"
    if isinstance(x, (float, np.floating)):
        return json.dumps(float(x))
    if isinstance(x, str):
        return json.dumps(x[:24] + ("..." if len(x) > 24 else ""))
    if isinstance(x, (list, tuple)):
        return f"a list of {len(x)} item{'' if len(x) == 1 else 's'}"
    if isinstance(x, dict):
        return "an object"
    return f"a {type(x).__name__}"


def _range_text(lo, hi) -> str:
    """How an integer range reads in a message."""
    if lo <= INT64_MIN and hi >= INT64_MAX:
        return "an integer that fits in 64 bits"
    if hi >= INT64_MAX:
        return f"an integer >= {lo}"
    if lo <= INT64_MIN:
        return f"an integer <= {hi}"
    return f"an integer in {lo}..{hi}"


def strict_int(x, field: str, lo: int = INT64_MIN, hi: int = INT64_MAX) -> int:
    """``x`` as a Python int if it is an integer in ``lo..hi``; else InputError.

    Booleans, floats (even ``3.0``) and numeric strings are refused.

    >>> strict_int(3, "k", 1, 5)
    3
    >>> strict_int(True, "clues[2][1]")
    Traceback (most recent call last):
    ...
    puzzlekit.core.referee.InputError: clues[2][1]: expected an integer, got true
    """
    if isinstance(x, (bool, np.bool_)) or not isinstance(x, (int, np.integer)):
        raise InputError(f"{field}: expected an integer, got {show(x)}")
    v = operator.index(x)
    if not lo <= v <= hi:
        raise InputError(f"{field}: expected {_range_text(lo, hi)}, got {show(v)}")
    return v


def strict_list(x, field: str, n: int | None = None) -> list:
    """``x`` if it is a JSON list (of exactly ``n`` items when given); else InputError."""
    if not isinstance(x, list):
        raise InputError(f"{field}: expected a list, got {show(x)}")
    if n is not None and len(x) != n:
        raise InputError(f"{field}: expected a list of {n} items, got {show(x)}")
    return x


def strict_cell(item, field: str, h: int, w: int, n: int = 2) -> tuple[int, int]:
    """The cell ``(r, c)`` that a JSON entry ``[r, c, ...]`` of ``n`` items
    starts with, on an ``h`` x ``w`` board; else InputError.

    >>> strict_cell([1, 2, 5], "clues[0]", 3, 3, 3)
    (1, 2)
    >>> strict_cell([3, 0], "black[4]", 3, 3)
    Traceback (most recent call last):
    ...
    puzzlekit.core.referee.InputError: black[4][0]: expected an integer in 0..2, got 3
    """
    strict_list(item, field, n)
    return (strict_int(item[0], f"{field}[0]", 0, h - 1),
            strict_int(item[1], f"{field}[1]", 0, w - 1))


def strict_cells(obj, key: str, width: int, h: int, w: int, lo: int = 0) -> list[list[int]]:
    """The entries of the list ``obj[key]`` (none when it is absent or
    null): ``[r, c]`` cells (``width`` 2) or ``[r, c, v]`` with ``v`` in
    ``lo..h*w`` (``width`` 3), each checked by :func:`strict_cell`."""
    items = obj.get(key)
    out = []
    for i, item in enumerate([] if items is None else strict_list(items, key)):
        vals = list(strict_cell(item, f"{key}[{i}]", h, w, width))
        if width == 3:
            vals.append(strict_int(item[2], f"{key}[{i}][2]", lo, h * w))
        out.append(vals)
    return out


def strict_size(h, w, max_cells: int, fields=("h", "w"), lo: int = 1,
                max_side: int | None = None) -> tuple[int, int]:
    """A board size ``(h, w)``: integers of at least ``lo`` with ``h * w`` at
    most ``max_cells``; checked before anything of that size is built.

    >>> strict_size(3, 4, 100)
    (3, 4)
    >>> try:
    ...     strict_size(2000, 2000, 2500, ("rows", "cols"))
    ... except InputError as exc:
    ...     print(exc)
    rows x cols = 2000 x 2000 cells is more than the 2500 this genre accepts
    """
    h = strict_int(h, fields[0], lo, max(lo, max_cells))
    w = strict_int(w, fields[1], lo, max(lo, max_cells))
    if h * w > max_cells:
        raise InputError(f"{fields[0]} x {fields[1]} = {show(h)} x {show(w)} cells "
                         f"is more than the {max_cells} this genre accepts")
    if max_side is not None and max(h, w) > max_side:
        raise InputError(f"a {h}x{w} board has a side longer than {max_side} cells, "
                         "the most this genre accepts")
    return h, w


def strict_board_size(size, max_cells: int, max_side: int | None = None) -> tuple[int, int]:
    """A board size given as ``[h, w]`` (a puzzle's ``size``), read by
    :func:`strict_size`; errors name ``size[0]`` and ``size[1]``.

    >>> strict_board_size([3, 4], 100)
    (3, 4)
    >>> strict_board_size([3, 0], 100)
    Traceback (most recent call last):
    ...
    puzzlekit.core.referee.InputError: size[1]: expected an integer in 1..100, got 0
    """
    size = strict_list(size, "size", 2)
    return strict_size(size[0], size[1], max_cells, ("size[0]", "size[1]"), max_side=max_side)


def strict_object(obj, what: str, keys=()) -> dict:
    """``obj`` if it is a JSON object holding every key of ``keys``; else
    InputError naming ``what`` (``"a creek puzzle"``) or the first key missing.

    >>> strict_object({"h": 2}, "a creek puzzle", ("h", "w"))
    Traceback (most recent call last):
    ...
    puzzlekit.core.referee.InputError: puzzle lacks the key 'w'
    """
    if not isinstance(obj, dict):
        raise InputError(f"{what} must be a JSON object")
    for key in keys:
        if key not in obj:
            raise InputError(f"puzzle lacks the key {key!r}")
    return obj


def strict_bool(obj: dict, key: str, default: bool = False) -> bool:
    """The switch ``obj[key]`` (``default`` when absent): JSON true or false only.

    >>> strict_bool({"skip": True}, "skip"), strict_bool({}, "skip")
    (True, False)
    >>> strict_bool({"skip": 1}, "skip")
    Traceback (most recent call last):
    ...
    puzzlekit.core.referee.InputError: skip: expected true or false, got 1
    """
    x = obj.get(key, default)
    if not isinstance(x, bool):
        raise InputError(f"{key}: expected true or false, got {show(x)}")
    return x


def strict_switches(x, field: str, allowed) -> frozenset:
    """The names in the JSON list ``x``, each one of ``allowed`` (the rules a
    board may switch off); else InputError.

    >>> sorted(strict_switches(["rect"], "drop", ("rect", "banana")))
    ['rect']
    >>> strict_switches(["park", 3], "drop", ("park",))
    Traceback (most recent call last):
    ...
    puzzlekit.core.referee.InputError: drop[1]: expected "park", got 3
    """
    strict_list(x, field)
    for i, name in enumerate(x):
        if name not in allowed:
            names = " or ".join(json.dumps(a) for a in allowed)
            raise InputError(f"{field}[{i}]: expected {names}, got {show(name)}")
    return frozenset(x)


def check_shape(puzzle_shape, answer_shape) -> None:
    """Raise InputError unless an answer's ``(h, w)`` is its puzzle's.

    >>> check_shape((2, 3), (3, 2))
    Traceback (most recent call last):
    ...
    puzzlekit.core.referee.InputError: answer is 3x2, puzzle is 2x3
    """
    if tuple(answer_shape) != tuple(puzzle_shape):
        raise InputError(f"answer is {answer_shape[0]}x{answer_shape[1]}, "
                         f"puzzle is {puzzle_shape[0]}x{puzzle_shape[1]}")


def int_grid(obj, field: str, lo: int = INT64_MIN, hi: int = INT64_MAX,
             max_cells: int | None = None, shape=None) -> np.ndarray:
    """A rectangular JSON list of rows of integers in ``lo..hi`` as an int64 array.

    The size is checked (against ``shape`` and ``max_cells``) from the row
    count and first row's length before any entry is read; every entry is
    read by :func:`strict_int`, so errors name the cell: ``grid[2][1]: ...``.

    >>> int_grid([[1, 0], [0, 2]], "grid", 0, 4).tolist()
    [[1, 0], [0, 2]]
    """
    if not isinstance(obj, list) or not obj:
        raise InputError(f"{field}: expected a non-empty list of rows, got {show(obj)}")
    first = obj[0]
    if not isinstance(first, list) or not first:
        raise InputError(f"{field}[0]: expected a non-empty list of integers, got {show(first)}")
    h, w = len(obj), len(first)
    if shape is not None and (h, w) != tuple(shape):
        raise InputError(f"{field} is {h}x{w}, but the size given is {shape[0]}x{shape[1]}")
    if max_cells is not None and h * w > max_cells:
        raise InputError(f"{field} is {h}x{w} = {h * w} cells, "
                         f"more than the {max_cells} this genre accepts")
    for r, row in enumerate(obj):
        if not isinstance(row, list) or len(row) != w:
            raise InputError(f"{field}[{r}]: expected a list of {w} integers like row 0, "
                             f"got {show(row)}")
        for c, x in enumerate(row):
            strict_int(x, f"{field}[{r}][{c}]", lo, hi)
    return np.array(obj, dtype=np.int64)


def shading_from_json(obj, what: str, max_cells: int, max_side: int | None = None) -> np.ndarray:
    """A shading answer, ``{"grid": ["#..", ".#."]}`` (``#`` shaded, ``.``
    not), as an ``(h, w)`` bool array; anything else is a one-line InputError
    naming ``what`` (the genre's answer).  The size is checked before the
    cells are read.

    >>> shading_from_json({"grid": ["#.", ".#"]}, "an answer", 100).astype(int).tolist()
    [[1, 0], [0, 1]]
    >>> shading_from_json({"grid": ["#.", "."]}, "a creek answer", 100)
    Traceback (most recent call last):
    ...
    puzzlekit.core.referee.InputError: grid[1]: expected a string of 2 characters, got "."
    """
    if not isinstance(obj, dict) or not isinstance(obj.get("grid"), list) or not obj["grid"]:
        raise InputError(f"{what} must be an object with a 'grid' list of strings")
    rows = obj["grid"]
    if not isinstance(rows[0], str) or not rows[0]:
        raise InputError(f"grid[0]: expected a string of '#' and '.', got {show(rows[0])}")
    h, w = strict_size(len(rows), len(rows[0]), max_cells, ("grid rows", "grid columns"),
                       max_side=max_side)
    for r, row in enumerate(rows):
        if not isinstance(row, str) or len(row) != w:
            raise InputError(f"grid[{r}]: expected a string of {w} characters, got {show(row)}")
        bad = set(row) - {"#", "."}
        if bad:
            raise InputError(f"grid[{r}]: only '#' and '.' allowed, got {sorted(bad)[0]!r}")
    return np.array([[ch == "#" for ch in row] for row in rows], dtype=np.bool_)


def shading_to_json(mask) -> dict:
    """The JSON of a shading, an ``(h, w)`` array of truth values.

    >>> shading_to_json([[1, 0], [0, 1]])
    {'grid': ['#.', '.#']}
    """
    return {"grid": ["".join("#" if x else "." for x in row) for row in np.asarray(mask)]}


def pieces_from_json(obj, max_cells: int, cells_each: int | None = None) -> list[list[tuple]]:
    """The pieces of an answer ``{"pieces": [[[r, c], ...], ...]}``: a list
    of pieces, each a list of ``(r, c)`` cells (``cells_each`` of them when
    given), coordinates in ``0..max_cells`` and at most ``max_cells`` cells
    in all (the most any board holds); anything else is a one-line InputError.

    >>> pieces_from_json({"pieces": [[[0, 0], [0, 1]], [[1, 0]]]}, 100)
    [[(0, 0), (0, 1)], [(1, 0)]]
    >>> pieces_from_json({"pieces": [[[0, 0], [0, 1]]]}, 100, 3)
    Traceback (most recent call last):
    ...
    puzzlekit.core.referee.InputError: pieces[0]: expected a list of 3 items, got a list of 2 items
    """
    if not isinstance(obj, dict) or "pieces" not in obj:
        raise InputError("answer must be a JSON object with 'pieces'")
    items = strict_list(obj["pieces"], "pieces")
    if len(items) > max_cells:
        raise InputError(f"pieces: {len(items)} pieces, more than a board of "
                         f"{max_cells} cells holds")
    total = 0
    out = []
    for i, piece in enumerate(items):
        strict_list(piece, f"pieces[{i}]", cells_each)
        total += len(piece)
        if total > max_cells:
            raise InputError(f"pieces: more than {max_cells} cells in all")
        cells = []
        for j, cell in enumerate(piece):
            strict_list(cell, f"pieces[{i}][{j}]", 2)
            cells.append(tuple(strict_int(cell[k], f"pieces[{i}][{j}][{k}]", 0, max_cells)
                               for k in range(2)))
        out.append(cells)
    return out


@dataclass(frozen=True, eq=False)
class ShadedAnswer:
    """An answer that is a set of shaded cells: ``shaded`` is a flat bool
    array of length ``h * w``; JSON as :func:`shading_from_json`.  A genre
    subclasses it, naming itself and its size limits::

        class Answer(ShadedAnswer):
            WHAT, MAX_CELLS, MAX_SIDE = "a creek answer", 2_500, None

    >>> class A(ShadedAnswer):
    ...     WHAT, MAX_CELLS, MAX_SIDE = "an answer", 100, None
    >>> a = A.from_json({"grid": ["#.", ".#"]})
    >>> a.shaded.astype(int).tolist(), a == A.from_mask(2, 2, [1, 0, 0, 1])
    ([1, 0, 0, 1], True)
    """

    h: int
    w: int
    shaded: np.ndarray

    WHAT = "an answer"
    MAX_CELLS = 10_000
    MAX_SIDE = None

    @classmethod
    def from_mask(cls, h, w, mask):
        return cls(int(h), int(w), np.ascontiguousarray(mask, dtype=np.bool_).ravel())

    @classmethod
    def from_json(cls, obj):
        g = shading_from_json(obj, cls.WHAT, cls.MAX_CELLS, cls.MAX_SIDE)
        return cls.from_mask(g.shape[0], g.shape[1], g)

    def to_json(self) -> dict:
        return shading_to_json(self.shaded.reshape(self.h, self.w))

    def __eq__(self, other):
        return (type(other) is type(self) and (self.h, self.w) == (other.h, other.w)
                and np.array_equal(self.shaded, other.shaded))

    def __hash__(self):
        return hash((self.h, self.w, self.shaded.tobytes()))


@dataclass(frozen=True, eq=False)
class NumberAnswer:
    """An answer that is a number in every cell: ``values`` is a flat int64
    array of length ``h * w``; JSON ``{"grid": [[2, 1], [1, 2]]}``, one list
    of integers in ``0..MAX_VALUE`` per row.  A genre subclasses it, naming
    its limits::

        class Answer(NumberAnswer):
            MAX_CELLS, MAX_VALUE = 2_500, 2_500

    >>> class A(NumberAnswer):
    ...     MAX_CELLS, MAX_VALUE = 100, 9
    >>> a = A.from_json({"grid": [[2, 1], [1, 2]]})
    >>> a.values.tolist(), a.to_json()
    ([2, 1, 1, 2], {'grid': [[2, 1], [1, 2]]})
    """

    h: int
    w: int
    values: np.ndarray

    MAX_CELLS = 10_000
    MAX_VALUE = INT64_MAX

    @classmethod
    def from_json(cls, obj):
        if not isinstance(obj, dict) or "grid" not in obj:
            raise InputError("answer must be a JSON object with a 'grid'")
        g = int_grid(obj["grid"], "grid", 0, cls.MAX_VALUE, max_cells=cls.MAX_CELLS)
        return cls(g.shape[0], g.shape[1], g.ravel())

    def to_json(self) -> dict:
        return {"grid": self.values.reshape(self.h, self.w).tolist()}


class GridAnswer:
    """An answer that is one small value per cell: ``grid``, an ``(h, w)``
    int8 array.  Answers with equal grids are equal, and one shows as its
    JSON rows; a genre's subclass reads and writes its own JSON, ``{"grid":
    [row strings]}``.

    >>> class A(GridAnswer):
    ...     def to_json(self):
    ...         return {"grid": ["".join(".#"[v] for v in row) for row in self.grid]}
    >>> A([[1, 0], [0, 0]]), A([[1, 0]]) == A([[1, 0]])
    (Answer(#./..), True)
    """

    def __init__(self, grid):
        self.grid = np.ascontiguousarray(grid, dtype=np.int8)

    def to_json(self) -> dict:
        raise NotImplementedError

    def __eq__(self, other):
        return type(other) is type(self) and np.array_equal(self.grid, other.grid)

    def __hash__(self):
        return hash(self.grid.tobytes())

    def __repr__(self):
        return "Answer(" + "/".join(self.to_json()["grid"]) + ")"


def region_labels(obj: dict, max_cells: int) -> np.ndarray:
    """The ``regions`` grid of a puzzle object (checked against its optional
    ``size`` ``[h, w]``): an ``(h, w)`` int64 array of labels, each a
    non-negative integer naming its cell's region.

    >>> region_labels({"size": [1, 3], "regions": [[4, 4, 0]]}, 100).tolist()
    [[4, 4, 0]]
    >>> region_labels({"size": [2, 3], "regions": [[0, 0, 1]]}, 100)
    Traceback (most recent call last):
    ...
    puzzlekit.core.referee.InputError: regions is 1x3, but the size given is 2x3
    """
    if not isinstance(obj, dict):
        raise InputError("puzzle must be a JSON object")
    if "regions" not in obj:
        raise InputError("puzzle needs 'regions'")
    shape = None
    if "size" in obj:
        shape = strict_board_size(obj["size"], max_cells)
    return int_grid(obj["regions"], "regions", 0, max_cells=max_cells, shape=shape)
