"""Numberlink's rungs for the core's clause learner (:mod:`puzzlekit.core.learn`).

One boolean per segment, true when it is ON.  ``deg`` becomes clauses; ``chain``
and ``reach`` become the kernel that explains itself:

* ``deg``: of a cell's segments at most its degree are ON (every subset one
  larger has an OFF segment) and at least its degree (every subset one
  smaller than its free segments allow has an ON one); without rule 3 an
  empty cell's one ON segment needs a second; on a board with no numbers
  every segment is OFF (a path joins a pair) and some is ON (an answer
  draws a line), so there is no answer;
* ``chain``: an open segment that would close a loop or weld two numbers
  goes OFF, explained by the ON segments of the paths it would join (an ON
  segment that already does so is a conflict);
* ``reach``: a pair whose ends are apart over the segments not OFF, or
  (rule 3) a region of them with no number, is a conflict explained by the
  OFF segments around that region: one of them must be ON.

A full assignment these leave standing is an answer: every number ends one
path, no path loops or joins two numbers, so each path joins a pair.
"""
from __future__ import annotations

from itertools import combinations

import numpy as np
from numba import njit

from ..core.cache import puzzle_table
from ..core.learn import Learner, flat
from .ladder import OFF, ON, _find, arrays, encode
from .model import Answer

__all__ = ["LEARNER", "degree_clauses"]


def degree_clauses(puzzle):
    """``deg`` and the labels as clauses: ``(starts, literals)``, cached on
    the puzzle."""
    return puzzle_table(puzzle, "numberlink.degree_clauses", _degree_clauses)


def _label(puzzle, i, p):
    """The boolean "cell ``i`` lies on pair ``p``'s path" (``p`` from 1)."""
    return len(puzzle.grid.edges) + i * puzzle.k + p - 1


def _degree_clauses(puzzle):
    clauses = []
    k = puzzle.k
    for i, row in enumerate(puzzle.grid.cell_edges):
        segs = [int(e) for e in row if e >= 0]
        if puzzle.label[i] > 0:
            lo = hi = 1
        else:
            lo, hi = (2, 2) if puzzle.fill else (0, 2)
        clauses += [[2 * e + 1 for e in sub] for sub in combinations(segs, hi + 1)]
        if lo > len(segs):
            clauses.append([])
        elif lo > 0:
            clauses += [[2 * e for e in sub] for sub in combinations(segs, len(segs) - lo + 1)]
        else:                                # no rule 3: an empty cell's ON segment needs another
            clauses += [[2 * e + 1] + [2 * f for f in segs if f != e] for e in segs]
        labels = [2 * _label(puzzle, i, p) for p in range(1, k + 1)]
        if puzzle.label[i] > 0:              # a number is on its own pair's path
            clauses += [[x if p == puzzle.label[i] else x + 1] for p, x in enumerate(labels, 1)]
            continue
        clauses += [[x + 1, y + 1] for x, y in combinations(labels, 2)]    # on one path at most
        if k and puzzle.fill:                # every cell on a path
            clauses.append(labels)
        elif k:                              # a cell on a path has an ON segment, and back
            clauses += [[2 * e + 1] + labels for e in segs]
            clauses += [[x + 1] + [2 * e for e in segs] for x in labels]
    for e, (a, b) in enumerate(puzzle.grid.edges):    # an ON segment joins cells of one path
        for p in range(1, k + 1):
            la, lb = 2 * _label(puzzle, int(a), p), 2 * _label(puzzle, int(b), p)
            clauses += [[2 * e + 1, la + 1, lb], [2 * e + 1, lb + 1, la]]
    if not puzzle.k:                         # no pair to join: every segment OFF, yet
        m = len(puzzle.grid.edges)           # an answer draws a line: some segment ON
        clauses += [[2 * e + 1] for e in range(m)] + [[2 * e for e in range(m)]]
    return flat(clauses)


@njit(cache=True)
def _path_from(u, skip, stop, assign, cedge, edges, buf, k):
    """Walk the ON segments from cell ``u`` (not back over ``skip``), up to
    cell ``stop`` or the path's end, writing their OFF literals from
    ``buf[k]`` on; returns the new ``k``."""
    prev = skip
    while u != stop:
        nxt = -1
        for d in range(4):
            g = cedge[u, d]
            if g >= 0 and g != prev and assign[g] == 1:
                nxt = g
                break
        if nxt < 0:
            break
        buf[k] = 2 * nxt + 1
        k += 1
        u = edges[nxt, 0] + edges[nxt, 1] - u
        prev = nxt
    return k


@njit(cache=True)
def _joined(e, loop, skip, assign, cedge, edges, buf):
    """The clause that segment ``e`` and the ON paths it would join (into a
    loop, or welding two numbers) are not all ON: its length, in ``buf``
    (``skip``: ``e`` when it is ON itself, else -1)."""
    buf[0] = 2 * e + 1
    if loop:
        return _path_from(edges[e, 0], skip, edges[e, 1], assign, cedge, edges, buf, 1)
    k = _path_from(edges[e, 0], skip, -1, assign, cedge, edges, buf, 1)
    return _path_from(edges[e, 1], skip, -1, assign, cedge, edges, buf, k)


@njit(cache=True)
def _explain_jit(assign, data, buf):
    """``chain`` and ``reach``, explained: ``(mode, k)`` with the clause in
    ``buf[:k]`` (mode 0 nothing, 1 a deduction, ``buf[0]`` its literal, 2 a
    conflict)."""
    cedge, edges, label, ends, fill, iw = data
    par = iw[0]
    lab = iw[1]
    n = label.size
    m = edges.shape[0]
    for i in range(n):
        par[i] = i
        lab[i] = label[i]
    for e in range(m):                       # chain over the ON segments
        if assign[e] != 1:
            continue
        ra, rb = _find(par, edges[e, 0]), _find(par, edges[e, 1])
        if ra == rb or (lab[ra] > 0 and lab[rb] > 0 and lab[ra] != lab[rb]):
            return 2, _joined(e, ra == rb, e, assign, cedge, edges, buf)
        par[rb] = ra
        if lab[ra] == 0:
            lab[ra] = lab[rb]
    for e in range(m):                       # chain's deductions
        if assign[e] >= 0:
            continue
        ra, rb = _find(par, edges[e, 0]), _find(par, edges[e, 1])
        if ra == rb or (lab[ra] > 0 and lab[rb] > 0 and lab[ra] != lab[rb]):
            return 1, _joined(e, ra == rb, -1, assign, cedge, edges, buf)
    for i in range(n):                       # reach over the segments not OFF
        par[i] = i
        lab[i] = 0
    for e in range(m):
        if assign[e] != 0:
            ra, rb = _find(par, edges[e, 0]), _find(par, edges[e, 1])
            if ra != rb:
                par[rb] = ra
    bad = -1
    for q in range(ends.shape[0]):
        if _find(par, ends[q, 0]) != _find(par, ends[q, 1]):
            bad = _find(par, ends[q, 0])
            break
    if bad < 0 and fill[0] == 1:
        for i in range(n):
            if label[i] > 0:
                lab[_find(par, i)] = 1
        for i in range(n):
            if lab[_find(par, i)] == 0:
                bad = _find(par, i)
                break
    if bad < 0:
        return 0, 0
    k = 0
    for e in range(m):                       # the OFF segments around the region
        if assign[e] == 0 and (_find(par, edges[e, 0]) == bad) != (_find(par, edges[e, 1]) == bad):
            buf[k] = 2 * e
            k += 1
    return 2, k


def _state_clauses(state):
    """What a state has decided, one unit each: ON (``2e``) where the OFF bit
    is gone, OFF (``2e + 1``) where the ON bit is."""
    seg = state.seg
    return ([[2 * int(e)] for e in np.flatnonzero(~seg[:, OFF])]
            + [[2 * int(e) + 1] for e in np.flatnonzero(~seg[:, ON])])


def _row_of(state):
    """The booleans of a decided state: its segments, then each cell's
    pair (the path through it, followed from its numbers)."""
    puzzle = state.puzzle
    on = ~state.seg[:, OFF]
    m, k = on.size, puzzle.k
    row = np.zeros(m + puzzle.grid.n * k, np.int8)
    row[:m] = on
    cedge, edges = puzzle.grid.cell_edges, puzzle.grid.edges
    for p in range(1, k + 1):
        todo = [i for i in np.flatnonzero(puzzle.label == p)]
        while todo:
            i = int(todo.pop())
            if row[_label(puzzle, i, p)]:
                continue
            row[_label(puzzle, i, p)] = 1
            todo += [int(edges[e, 0] + edges[e, 1]) - i for e in cedge[i] if e >= 0 and on[e]]
    return row


def _state_of(puzzle, row):
    m = len(puzzle.grid.edges)
    return encode(puzzle, Answer(puzzle.h, puzzle.w, np.asarray(row[:m], bool)))


#: Numberlink's part in clause learning (``ProofPolicy.learner``).
LEARNER = Learner(explain=_explain_jit, clauses=degree_clauses, data=arrays,
                  n_bools=lambda p: len(p.grid.edges) + p.grid.n * p.k,
                  state_clauses=_state_clauses, state_of=_state_of, row_of=_row_of)
