"""Statue Park's rules for the core's clause learner (:mod:`puzzlekit.core.learn`).

The ladder's own variables as booleans: ``park[c]`` (boolean ``c``: cell
``c`` is park, not shaded) and ``used[p]`` (boolean ``n + p``: placement
``p`` of the ladder's catalogue, :func:`~puzzlekit.statue_park.ladder.catalogue`,
is one of the pieces).  Clauses:

* a used placement shades its cells and parks its rim (so two used
  placements never overlap or touch: a connected piece that meets another
  without being it has a cell on the other's rim);
* a shaded cell is covered by a used placement (at least one; by the rim
  clauses, exactly one);
* two shaded neighbours lie in one used placement covering both (implied
  by the two above, but not by their unit propagation);
* each shape of the bag is used at least once;
* the circles: a black one shaded, a white one park.

The kernel explains the rest:

* ``copies``: a shape is used exactly as often as the bag holds it.  More
  used placements is a conflict, explained by them; as many leaves its open
  placements unused; fewer placements not unused than copies is a conflict,
  explained by the unused ones, and just as many uses the open ones.
* ``head``: the bag fixes how many cells are shaded, explained alike by the
  shaded (park) cells when too many are, or all that may be are.
* ``reach`` (when the park rule is on): the park is one region, Nanro's
  connectivity kernel (:func:`puzzlekit.nanro.learn._reach`) over the park
  booleans: park cells in two parts, an open cell cut off from the park, or
  an open cell every path between park cells passes through, each explained
  by two park cells and the shaded cells around one part.

A full assignment these leave standing is an answer: the used placements
are the shaded groups (their rims are park), each shape as often as the
bag holds it, and the park is connected.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from ..core.cache import puzzle_table
from ..core.learn import Learner, flat
from ..nanro.learn import _reach
from .ladder import PARK, USED, catalogue, encode
from .model import Answer

__all__ = ["LEARNER", "clauses", "arrays"]


def _covers(puzzle):
    """Per cell, the placements covering it (lists)."""
    cells = catalogue(puzzle)[0]
    out = [[] for _ in range(puzzle.n)]
    for p in range(cells.shape[0]):
        for c in cells[p]:
            if c >= 0:
                out[int(c)].append(p)
    return out


def clauses(puzzle):
    """The rules as clauses ``(starts, literals)`` (module docstring),
    cached on the puzzle."""
    return puzzle_table(puzzle, "statue_park.learn_clauses", _clauses)


def _clauses(puzzle):
    n = puzzle.n
    cells, rim, sid, shapes = catalogue(puzzle)

    def used(p):                             # the literal "placement p is used"
        return 2 * (n + int(p))
    out = []
    for p in range(cells.shape[0]):
        out += [[used(p) + 1, 2 * int(c) + 1] for c in cells[p] if c >= 0]
        out += [[used(p) + 1, 2 * int(c)] for c in rim[p] if c >= 0]
    cover = _covers(puzzle)
    for c in range(n):
        out.append([2 * c] + [used(p) for p in cover[c]])
    nbrs = puzzle.grid.nbrs
    for a in range(n):
        mine = set(cover[a])
        for b in nbrs[a]:
            if a < b:
                out.append([2 * a, 2 * int(b)] + [used(p) for p in cover[int(b)] if p in mine])
    for t in range(len(shapes)):
        some = [used(p) for p in np.flatnonzero(sid == t)]
        out.append(some if some else [0])
        if not some:                         # a shape that fits nowhere: no answer
            out.append([1])
    out += [[2 * c + 1] for c in puzzle.black] + [[2 * c] for c in puzzle.white]
    return flat(out)


def arrays(puzzle):
    """The kernel's data: ``(nbrs, tstart, tplc, mult, flags, work)``:
    shape ``t``'s placements ``tplc[tstart[t]:tstart[t + 1]]``, its copies
    ``mult[t]``, ``flags`` ``[n, shaded cells, park rule]`` and ``work``
    four rows of scratch, one entry a cell."""
    def build(puzzle):
        n = puzzle.n
        _, _, sid, shapes = catalogue(puzzle)
        order = np.argsort(sid, kind="stable").astype(np.int64)
        tstart = np.zeros(len(shapes) + 1, np.int64)
        tstart[1:] = np.cumsum(np.bincount(sid, minlength=len(shapes)))
        mult = np.array([puzzle.bag.count(s) for s in shapes], np.int64)
        flags = np.array([n, puzzle.area, int(puzzle.park_rule)], np.int64)
        return (np.ascontiguousarray(puzzle.grid.nbrs, np.int32), tstart, order, mult, flags)
    nbrs, tstart, tplc, mult, flags = puzzle_table(puzzle, "statue_park.learn_arrays", build)
    return nbrs, tstart, tplc, mult, flags, np.zeros((4, puzzle.n), np.int32)


# ---------------------------------------------------------------- the kernel
@njit(cache=True)
def _write(assign, items, a, b, offset, want, buf, k, need):
    """Write ``need`` literals of the booleans ``offset + items[a:b]`` whose
    value is ``want``, each false now, from ``buf[k]``; the new ``k``."""
    got = 0
    for j in range(a, b):
        if got == need:
            break
        v = offset + items[j]
        if assign[v] == want:
            buf[k] = 2 * v + want
            k += 1
            got += 1
    return k


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
        return 2, _write(assign, items, a, b, offset, 1, buf, 0, m + 1)
    if t + o < m:                            # too few left
        return 2, _write(assign, items, a, b, offset, 0, buf, 0, b - a - m + 1)
    if o > 0 and t == m:                     # the open ones false
        buf[0] = 2 * opened + 1
        return 1, _write(assign, items, a, b, offset, 1, buf, 1, m)
    if o > 0 and t + o == m:                 # the open ones true
        buf[0] = 2 * opened
        return 1, _write(assign, items, a, b, offset, 0, buf, 1, f)
    return 0, 0


@njit(cache=True)
def _explain_jit(assign, data, buf):
    """``copies``, ``head`` and ``reach``, explained: ``(mode, k)`` with
    the clause in ``buf[:k]`` (mode 0 nothing, 1 a deduction, ``buf[0]``
    its literal, 2 a conflict)."""
    nbrs, tstart, tplc, mult, flags, work = data
    n, area, park = flags[0], flags[1], flags[2]
    for t in range(mult.size):
        mode, k = _exactly(assign, tplc, tstart[t], tstart[t + 1], n, mult[t], buf)
        if mode > 0:
            return mode, k
    cells = work[3]                          # the cells 0..n-1, for _exactly
    for c in range(n):
        cells[c] = c
    mode, k = _exactly(assign, cells, 0, n, 0, n - area, buf)
    if mode > 0:
        return mode, k
    if park == 0:
        return 0, 0
    return _reach(assign, n, nbrs, work, buf)


# ---------------------------------------------------------------- states
def _state_clauses(state):
    """What a state has decided, one unit each: a cell park (shaded) where
    its shaded (park) bit is gone, a placement used (unused) likewise."""
    n = state.puzzle.n
    cell, plc = state.cell, state.plc
    out = [[2 * int(c)] for c in np.flatnonzero(~cell[:, 1 - PARK])]
    out += [[2 * int(c) + 1] for c in np.flatnonzero(~cell[:, PARK])]
    out += [[2 * (n + int(p))] for p in np.flatnonzero(~plc[:, 1 - USED])]
    out += [[2 * (n + int(p)) + 1] for p in np.flatnonzero(~plc[:, USED])]
    return out


def _row_of(state):
    return np.concatenate([state.cell[:, PARK], state.plc[:, USED]]).astype(np.int8)


def _state_of(puzzle, row):
    park = np.asarray(row[:puzzle.n], bool)
    return encode(puzzle, Answer.from_mask(puzzle.h, puzzle.w, ~park))


def _n_bools(puzzle):
    return puzzle.n + catalogue(puzzle)[0].shape[0]


#: Statue Park's part in clause learning (``ProofPolicy.learner``).
LEARNER = Learner(explain=_explain_jit, clauses=clauses, data=arrays, n_bools=_n_bools,
                  state_clauses=_state_clauses, state_of=_state_of, row_of=_row_of)
