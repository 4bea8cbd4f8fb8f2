"""Numberlink boards: the puzzle and answer types, their JSON, and the referee.

The JSON schema (puzzle, then answer), worked on a 2×3 board::

    {"h": 2, "w": 3,
     "numbers": [[1, 2, 2],          # 0 = an empty cell; each number > 0
                 [1, 3, 3]],         # appears exactly twice
     "fill": true}                   # optional, default true: every cell used

    {"right": ["01", "01"],          # h strings of w-1 characters: '1' where
                                     # the segment to the right of a cell is ON
     "down":  ["100"]}               # h-1 strings of w: the segment below

An answer is the set of ON segments.  Cells are numbered row-major; the
segments (``Grid.edges``) are the horizontal ones row by row, then the
vertical ones.  With ``"fill": false`` (puzz.link's own rule) an empty cell
may stay unused; with ``"fill": true`` (Nikoli's rule 3) every cell is on a
path.  An answer draws at least one line, as puzz.link checks it: on a board
with no numbers an empty answer breaks ``no-line`` (with numbers it leaves
its pairs unjoined), so such a board has no answer.

Reading is strict: ``h``, ``w`` and every number are JSON integers (``true``,
``2.0`` and ``"2"`` are refused), numbers lie in 0..:data:`MAX_NUMBER`, each
positive number appears exactly twice, and a board has at most
:data:`MAX_CELLS` cells and :data:`MAX_SIDE` along a side, checked before any
array of that size is built.  Every refusal is an
:class:`~puzzlekit.core.referee.InputError` with a one-line message.
"""
from __future__ import annotations

import operator

import numpy as np

from ..core.grid import GridPuzzle
from ..core.referee import (
    InputError,
    Violation,
    check_shape,
    int_grid,
    show,
    strict_bool,
    strict_list,
    strict_object,
    strict_size,
)

__all__ = ["Puzzle", "Answer", "check", "RULES", "MAX_CELLS", "MAX_SIDE", "MAX_NUMBER",
           "paths_of", "answer_from_paths", "puzzle_from_paths"]

MAX_CELLS = 10_000   # 100x100: one two-bit variable per segment
MAX_SIDE = 200
MAX_NUMBER = MAX_CELLS // 2
RULES = ("pair-not-joined", "branch", "loop", "two-numbers", "dead-end", "unused-cell",
         "no-line")


class Puzzle(GridPuzzle):
    """Numbers on a grid (0 = empty), and the ``fill`` switch (every cell used).

    >>> p = Puzzle.from_json({"h": 2, "w": 2, "numbers": [[1, 0], [0, 1]]})
    >>> p.k, p.ends.tolist(), p.fill
    (1, [[0, 3]], True)
    """

    def __init__(self, h, w, numbers, fill=True):
        self.h, self.w = operator.index(h), operator.index(w)
        self.numbers = np.ascontiguousarray(numbers, dtype=np.int32).reshape(self.h, self.w)
        self.fill = bool(fill)
        flat = self.numbers.ravel()
        vals = np.unique(flat[flat > 0])
        # pairs relabelled 1..k in order of value; ends[k-1] = its two cells
        self.labels = vals
        self.k = len(vals)
        self.ends = np.zeros((self.k, 2), dtype=np.int32)
        self.label = np.zeros(self.h * self.w, dtype=np.int32)
        for j, v in enumerate(vals):
            cells = np.flatnonzero(flat == v)
            if len(cells) != 2:
                raise InputError(f"the number {int(v)} appears {len(cells)} times; "
                                 "each number must appear exactly twice")
            self.ends[j] = cells
            self.label[cells] = j + 1

    def _key(self):
        return (self.h, self.w, self.fill, self.numbers.tobytes())

    def __repr__(self):
        return f"Puzzle({self.h}x{self.w}, {self.k} pairs, fill={self.fill})"

    @classmethod
    def from_json(cls, obj) -> "Puzzle":
        """Parse the schema above; bad input raises :class:`InputError`."""
        strict_object(obj, "a numberlink puzzle", ("h", "w", "numbers"))
        h, w = strict_size(obj["h"], obj["w"], MAX_CELLS, max_side=MAX_SIDE)
        nums = int_grid(obj["numbers"], "numbers", 0, MAX_NUMBER, MAX_CELLS, (h, w))
        return cls(h, w, nums, strict_bool(obj, "fill", True))

    def to_json(self) -> dict:
        return {"h": self.h, "w": self.w, "numbers": self.numbers.tolist(), "fill": self.fill}

    def with_fill(self, fill: bool) -> "Puzzle":
        """The same numbers under the other reading of rule 3."""
        return Puzzle(self.h, self.w, self.numbers, fill)


class Answer:
    """The ON segments, a bool array over ``Grid.edges`` of an ``h`` x ``w`` board.

    >>> a = Answer.from_json({"right": ["1", "1"], "down": ["00"]})
    >>> a.on.tolist(), a.shape
    ([True, True, False, False], (2, 2))
    """

    def __init__(self, h, w, on):
        self.h, self.w = int(h), int(w)
        self.on = np.ascontiguousarray(on, dtype=np.bool_).ravel()
        if self.on.size != self.h * (self.w - 1) + (self.h - 1) * self.w:
            raise InputError(f"{self.on.size} segments do not fit a {h}x{w} board")

    @property
    def shape(self):
        return (self.h, self.w)

    @classmethod
    def from_json(cls, obj) -> "Answer":
        if not isinstance(obj, dict) or "right" not in obj or "down" not in obj:
            raise InputError("a numberlink answer must be an object with 'right' and 'down' lists")
        right, down = strict_list(obj["right"], "right"), strict_list(obj["down"], "down")
        h = len(right)
        if h < 1 or not all(isinstance(s, str) for s in right + down):
            raise InputError("'right' and 'down' must be lists of strings, 'right' non-empty")
        w = len(right[0]) + 1
        strict_size(h, w, MAX_CELLS, ("answer rows", "answer columns"), max_side=MAX_SIDE)
        if len(down) != h - 1:
            raise InputError(f"'down' must have {h - 1} strings, got {len(down)}")
        for key, rows, n in (("right", right, w - 1), ("down", down, w)):
            for r, s in enumerate(rows):
                if len(s) != n or set(s) - {"0", "1"}:
                    raise InputError(f"{key}[{r}]: expected {n} characters '0' or '1', "
                                     f"got {show(s)}")
        bits = [ch == "1" for s in right + down for ch in s]
        return cls(h, w, np.array(bits, dtype=np.bool_))

    def to_json(self) -> dict:
        h, w = self.h, self.w
        nh = h * (w - 1)
        hor = self.on[:nh].reshape(h, w - 1) if w > 1 else np.zeros((h, 0), bool)
        ver = self.on[nh:].reshape(h - 1, w) if h > 1 else np.zeros((0, w), bool)
        return {"right": ["".join("1" if b else "0" for b in row) for row in hor],
                "down": ["".join("1" if b else "0" for b in row) for row in ver]}

    def __eq__(self, other):
        return (isinstance(other, Answer) and self.shape == other.shape
                and np.array_equal(self.on, other.on))

    def __hash__(self):
        return hash((self.h, self.w, self.on.tobytes()))

    def __repr__(self):
        return f"Answer({self.h}x{self.w}, {int(self.on.sum())} segments)"


def paths_of(h: int, w: int, on) -> tuple[list[list[int]], list[list[int]]]:
    """The ON segments read as cell sequences: ``(paths, cycles)``; each path
    runs from its lower end cell.  Cells of degree > 2 are not expected.

    >>> paths_of(2, 2, [True, True, True, False])
    ([[1, 0, 2, 3]], [])
    """
    from ..core.grid import Grid
    g = Grid(h, w)
    on = np.asarray(on, dtype=bool)
    adj = [[] for _ in range(g.n)]
    for e in np.flatnonzero(on):
        a, b = (int(x) for x in g.edges[e])
        adj[a].append(b)
        adj[b].append(a)
    seen = np.zeros(g.n, bool)
    paths, cycles = [], []
    for s in range(g.n):
        if seen[s] or len(adj[s]) != 1:
            continue
        p, prev, cur = [s], -1, s
        seen[s] = True
        while True:
            nxt = [x for x in adj[cur] if x != prev and not seen[x]]
            if not nxt:
                break
            prev, cur = cur, nxt[0]
            seen[cur] = True
            p.append(cur)
        paths.append(p)
    for s in range(g.n):
        if seen[s] or not adj[s]:
            continue
        cyc, stack = [], [s]
        seen[s] = True
        while stack:
            v = stack.pop()
            cyc.append(v)
            for x in adj[v]:
                if not seen[x]:
                    seen[x] = True
                    stack.append(x)
        cycles.append(cyc)
    return paths, cycles


def answer_from_paths(h: int, w: int, paths) -> Answer:
    """The answer whose ON segments join consecutive cells of each path."""
    from ..core.grid import Grid
    g = Grid(h, w)
    lookup = {(int(a), int(b)): e for e, (a, b) in enumerate(g.edges)}
    on = np.zeros(len(g.edges), dtype=np.bool_)
    for p in paths:
        for a, b in zip(p, p[1:]):
            on[lookup[(min(a, b), max(a, b))]] = True
    return Answer(h, w, on)


def puzzle_from_paths(h: int, w: int, paths, fill: bool = True) -> Puzzle:
    """The board numbering each path's two ends 1, 2, ... in the order given."""
    nums = np.zeros(h * w, dtype=np.int32)
    for k, p in enumerate(paths):
        nums[p[0]] = nums[p[-1]] = k + 1
    return Puzzle(h, w, nums.reshape(h, w), fill)


def check(puzzle: Puzzle, answer: Answer) -> list[Violation]:
    """The rules an answer breaks (empty when legal).

    Examples
    --------
    >>> p = Puzzle.from_json({"h": 1, "w": 3, "numbers": [[1, 0, 1]]})
    >>> check(p, Answer.from_json({"right": ["11"], "down": []}))
    []
    >>> sorted({v.rule for v in check(p, Answer.from_json({"right": ["10"], "down": []}))})
    ['dead-end', 'pair-not-joined']
    >>> empty = Puzzle.from_json({"h": 1, "w": 3, "numbers": [[0, 0, 0]], "fill": False})
    >>> [v.rule for v in check(empty, Answer.from_json({"right": ["00"], "down": []}))]
    ['no-line']
    """
    h, w = puzzle.h, puzzle.w
    check_shape((h, w), answer.shape)
    g = puzzle.grid
    label = puzzle.label
    deg = np.zeros(g.n, dtype=np.int64)
    for e in np.flatnonzero(answer.on):
        deg[g.edges[e]] += 1
    out = []
    if not answer.on.any() and not puzzle.k:    # with numbers: their pairs are not joined
        out.append(Violation("no-line", (), "no line is drawn"))
    for i in range(g.n):
        want = 1 if label[i] else 2
        if deg[i] > want:
            out.append(Violation("branch", (divmod(i, w),),
                                 f"{deg[i]} segments meet at a cell that allows {want}"))
        elif deg[i] == 1 and not label[i]:
            out.append(Violation("dead-end", (divmod(i, w),), "a path ends on an empty cell"))
        elif deg[i] == 0 and not label[i] and puzzle.fill:
            out.append(Violation("unused-cell", (divmod(i, w),), "no path uses this cell"))
    paths, cycles = paths_of(h, w, answer.on)
    for cyc in cycles:
        out.append(Violation("loop", tuple(divmod(c, w) for c in sorted(cyc)[:1]),
                             "segments close a loop"))
    joined = set()
    for p in paths:
        labs = [int(label[c]) for c in p if label[c]]
        if len(set(labs)) > 1:
            out.append(Violation("two-numbers", tuple(divmod(c, w) for c in p if label[c]),
                                 "one path carries different numbers"))
        if len(labs) == 2 and labs[0] == labs[1] and label[p[0]] and label[p[-1]]:
            joined.add(labs[0])
    for j in range(1, puzzle.k + 1):
        if j not in joined:
            a, b = (int(x) for x in puzzle.ends[j - 1])
            out.append(Violation("pair-not-joined", (divmod(a, w), divmod(b, w)),
                                 f"the two {int(puzzle.labels[j - 1])}s are not joined"))
    return out
