"""Statue Park's rules for the core's clause learner (:mod:`puzzlekit.core.learn`).

The ladder's own variables as booleans, with the polarity the search tries
first (false) the one that finds answers soonest: ``shaded[c]`` (boolean
``c``: false tries cell ``c`` as park first) and ``unused[p]`` (boolean
``n + p``: false tries placement ``p`` of the ladder's catalogue,
:func:`~puzzlekit.statue_park.ladder.catalogue`, as a piece first); then,
for each shape the bag holds once, a ladder of booleans ``seen[t, i]``
(one of the shape's first ``i + 1`` placements is used).  Clauses:

* a used placement shades its cells and parks its rim (so two used
  placements never overlap or touch: a connected piece that meets another
  without being it has a cell on the other's rim);
* a shaded cell is covered by a used placement (at least one; by the rim
  clauses, exactly one);
* two shaded neighbours lie in one used placement covering both (implied
  by the two above, but not by their unit propagation);
* each shape of the bag is used at least once, and a shape held once at
  most once (the ladder: a used placement sets its ``seen``, ``seen``
  passes on to the next and leaves the next placement unused);
* the circles: a black one shaded, a white one park.

The kernel explains the rest:

* ``copies``: a shape the bag holds more than once is used exactly as often
  as it holds it.  More used placements is a conflict, explained by them;
  as many leaves its open placements unused; fewer placements not unused
  than copies is a conflict, explained by the unused ones, and just as many
  uses the open ones.
* ``reach`` (when the park rule is on): the park is one region, Nanro's
  connectivity kernel over the park cells, the unshaded ones
  (:func:`puzzlekit.core.explain.explain_connected_false`): park cells in two parts, an open
  cell cut off from the park, or an open cell every path between park cells
  passes through, each explained by two park cells and the shaded cells
  around one part.

A full assignment these leave standing is an answer: the used placements
are the shaded groups (their rims are park), each shape as often as the
bag holds it, and the park is connected.  The head count (the bag fixes
how many cells are shaded), a rung of the ladder, is left out: it follows
from the rest, and as a kernel its explanations (every shaded or every park
cell) made the search for a second answer on sparse 16x16 boards take
tens of thousands of conflicts where without it a few hundred do.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from ..core.cache import puzzle_table
from ..core.clauses import flat, units
from ..core.explain import explain_connected_false, write_literals
from ..core.learn import Learner
from .ladder import PARK, USED, catalogue, encode
from .model import Answer

__all__ = ["LEARNER", "clauses", "arrays"]


def clauses(puzzle):
    """The rules as clauses ``(starts, literals)`` (module docstring),
    cached on the puzzle."""
    return puzzle_table(puzzle, "statue_park.learn_clauses", _clauses)


def _shapes(puzzle):
    """Per shape ``t`` of the bag: its placements ``tplc[tstart[t]:tstart[t + 1]]``,
    its copies ``mult[t]`` and, for a shape the bag holds once, where the
    booleans of its ladder start (``first[t]``, else -1): ``(tstart, tplc,
    mult, first, booleans in all)``, cached on the puzzle.  Ladder boolean
    ``first[t] + i`` says that one of the shape's first ``i + 1``
    placements is used."""
    def build(puzzle):
        n = puzzle.n
        _, _, sid, shapes = catalogue(puzzle)
        tplc = np.argsort(sid, kind="stable").astype(np.int64)
        tstart = np.zeros(len(shapes) + 1, np.int64)
        tstart[1:] = np.cumsum(np.bincount(sid, minlength=len(shapes)))
        mult = np.array([puzzle.bag.count(s) for s in shapes], np.int64)
        first = np.full(len(shapes), -1, np.int64)
        total = n + sid.size
        for t in range(len(shapes)):
            size = int(tstart[t + 1] - tstart[t])
            if mult[t] == 1 and size > 1:
                first[t] = total
                total += size - 1
        return tstart, tplc, mult, first, total
    return puzzle_table(puzzle, "statue_park.learn_shapes", build)


def _grouped(heads, bodies) -> tuple:
    """Clauses keyed ``0..K-1``: clause ``k`` is the literals of ``heads``
    (``(keys, literals)``) with key ``k``, then those of ``bodies``;
    ``(lengths, literals)``, the clauses in key order."""
    keys = np.concatenate([heads[0], bodies[0]])
    lits = np.concatenate([heads[1], bodies[1]])
    late = np.concatenate([np.zeros(heads[0].size, np.int64), np.ones(bodies[0].size, np.int64)])
    order = np.lexsort((late, keys))
    k = int(heads[0].max()) + 1 if heads[0].size else 0
    return np.bincount(keys, minlength=k).astype(np.int64), lits[order]


def _pairs(a, b) -> tuple:
    """Two-literal clauses ``[a[i], b[i]]``: ``(lengths, literals)``."""
    return np.full(a.size, 2, np.int64), np.stack([a, b], axis=1).ravel()


def _ladder(used, first) -> list:
    """Clauses saying at most one of the literals ``used`` holds (a ladder:
    boolean ``first + i`` holds when one of the first ``i + 1`` does), as
    ``(lengths, literals)`` parts."""
    seen = 2 * (first + np.arange(used.size - 1))
    return [_pairs(used[:-1] + 1, seen),             # u_i -> s_i
            _pairs(seen + 1, used[1:] + 1),          # s_(i-1) -> not u_i
            _pairs(seen[:-1] + 1, seen[1:])]         # s_(i-1) -> s_i


def _clauses(puzzle):
    n, w = puzzle.n, puzzle.w
    cells, rim, _, _ = catalogue(puzzle)
    tstart, tplc, mult, first, _ = _shapes(puzzle)
    P = cells.shape[0]
    used = 2 * (n + np.arange(P, dtype=np.int64))      # the literal "placement p is used"
    parts = []
    for table, colour in ((cells, 1), (rim, 0)):     # a used placement's cells, its rim
        p, j = np.nonzero(table >= 0)
        parts.append(_pairs(used[p] + 1, 2 * table[p, j] + colour))
    p, j = np.nonzero(cells >= 0)                    # a shaded cell is covered
    c = cells[p, j]
    parts.append(_grouped((np.arange(n), 2 * np.arange(n)), (c, used[p])))
    # two shaded neighbours lie in one placement: edge a < b keyed 2a (b = a + 1)
    # or 2a + 1 (b = a + w), the placements with both squares
    a = np.arange(n)
    right = a[(a % w) < w - 1]
    down = a[a < n - w]
    ek = np.concatenate([2 * right, 2 * down + 1])
    ea = np.concatenate([right, down])
    eb = np.concatenate([right + 1, down + w])
    slot = np.full(2 * n, -1, np.int64)
    slot[ek] = np.arange(ek.size)
    heads = (np.repeat(np.arange(ek.size), 2), np.stack([2 * ea, 2 * eb], axis=1).ravel())
    bk, bl = [], []
    for i in range(cells.shape[1]):
        for j in range(cells.shape[1]):
            x, y = cells[:, i], cells[:, j]
            across = (x >= 0) & (y == x + 1) & (x % w < w - 1)
            ok = across | ((x >= 0) & (y == x + w))
            bk.append(slot[2 * x[ok] + ~across[ok]])
            bl.append(used[ok])
    parts.append(_grouped(heads, (np.concatenate(bk), np.concatenate(bl))))
    out = []
    for t in range(mult.size):
        some = used[tplc[tstart[t]:tstart[t + 1]]]
        out.append(some.tolist() if some.size else [0])
        if not some.size:                    # a shape that fits nowhere: no answer
            out.append([1])
        if first[t] >= 0:                    # at most one: a ladder
            parts += _ladder(some, int(first[t]))
    out += [[2 * c + 1] for c in puzzle.black] + [[2 * c] for c in puzzle.white]
    starts, lits = flat(out)
    parts.append((np.diff(starts), lits))
    lengths = np.concatenate([x for x, _ in parts])
    starts = np.zeros(lengths.size + 1, np.int64)
    starts[1:] = np.cumsum(lengths)
    lits = np.concatenate([y for _, y in parts])
    return starts, lits ^ ((lits >> 1) < n + P)    # the booleans negate "park" and "used"


def arrays(puzzle):
    """The kernel's data: ``(nbrs, tstart, tplc, mult, flags, work)``
    (:func:`_shapes`), ``flags`` ``[n, park rule]`` and
    ``work`` four rows of scratch, one entry a cell."""
    tstart, tplc, mult, _, _ = _shapes(puzzle)
    flags = np.array([puzzle.n, int(puzzle.park_rule)], np.int64)
    return (np.ascontiguousarray(puzzle.grid.nbrs, np.int32), tstart, tplc, mult, flags,
            np.zeros((4, puzzle.n), np.int32))


# ---------------------------------------------------------------- the kernel
@njit(cache=True)
def _exactly(assign, items, a, b, offset, m, buf):
    """Exactly ``m`` of the booleans ``offset + items[a:b]`` are true,
    explained: ``(mode, k)``."""
    t = o = 0
    opened = -1
    for j in range(a, b):
        x = assign[offset + items[j]]
        if x == 1:
            t += 1
        elif x < 0:
            o += 1
            opened = offset + items[j]
    f = b - a - t - o
    if t > m:                                # too many true
        return 2, write_literals(assign, items, a, b, offset, 1, buf, 0, m + 1)
    if t + o < m:                            # too few left
        return 2, write_literals(assign, items, a, b, offset, 0, buf, 0, b - a - m + 1)
    if o > 0 and t == m:                     # the open ones false
        buf[0] = 2 * opened + 1
        return 1, write_literals(assign, items, a, b, offset, 1, buf, 1, m)
    if o > 0 and t + o == m:                 # the open ones true
        buf[0] = 2 * opened
        return 1, write_literals(assign, items, a, b, offset, 0, buf, 1, f)
    return 0, 0


@njit(cache=True)
def _explain_jit(assign, data, buf):
    """``copies`` and ``reach``, explained: ``(mode, k)`` with
    the clause in ``buf[:k]`` (mode 0 nothing, 1 a deduction, ``buf[0]``
    its literal, 2 a conflict)."""
    nbrs, tstart, tplc, mult, flags, work = data
    n, park = flags[0], flags[1]
    for t in range(mult.size):
        if mult[t] == 1:
            continue                         # clauses: at least one, the ladder
        a, b = tstart[t], tstart[t + 1]
        mode, k = _exactly(assign, tplc, a, b, n, b - a - mult[t], buf)
        if mode > 0:
            return mode, k
    if park == 0:
        return 0, 0
    return explain_connected_false(assign, n, nbrs, work, buf)   # the park: the unshaded


# ---------------------------------------------------------------- states
def _state_clauses(state):
    """What a state has decided, one unit each: a cell shaded (park) where
    its park (shaded) bit is gone, a placement used (unused) likewise."""
    n = state.puzzle.n
    cell, plc = state.cell, state.plc
    return units(2 * np.flatnonzero(~cell[:, PARK]), 2 * np.flatnonzero(~cell[:, 1 - PARK]) + 1,
                 2 * (n + np.flatnonzero(~plc[:, 1 - USED])) + 1,
                 2 * (n + np.flatnonzero(~plc[:, USED])))


def _row_of(state):
    tstart, tplc, mult, first, total = _shapes(state.puzzle)
    used = state.plc[:, USED]
    seen = [np.logical_or.accumulate(used[tplc[tstart[t]:tstart[t + 1] - 1]])
            for t in range(mult.size) if first[t] >= 0]
    return np.concatenate([~state.cell[:, PARK], ~used] + seen).astype(np.int8)


def _state_of(puzzle, row):
    return encode(puzzle, Answer.from_mask(puzzle.h, puzzle.w, np.asarray(row[:puzzle.n], bool)))


def _n_bools(puzzle):
    return _shapes(puzzle)[4]


#: Statue Park's part in clause learning (``ProofPolicy.learner``).
LEARNER = Learner(explain=_explain_jit, clauses=clauses, data=arrays, n_bools=_n_bools,
                  state_clauses=_state_clauses, state_of=_state_of, row_of=_row_of)
