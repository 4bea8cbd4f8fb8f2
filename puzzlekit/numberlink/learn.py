"""Numberlink's rungs for the core's clause learner (:mod:`puzzlekit.core.learn`).

One boolean per segment, true when it is ON.  ``deg`` becomes clauses; ``chain``
and ``reach`` become the kernel that explains itself:

* ``deg``: of a cell's segments at most its degree are ON (every subset one
  larger has an OFF segment) and at least its degree (every subset one
  smaller than its free segments allow has an ON one); without rule 3 an
  empty cell's one ON segment needs a second; on a board with no numbers
  every segment is OFF (a path joins a pair) and some is ON (an answer
  draws a line), so there is no answer;
* the paths' labels (CP-SAT's model has them as integers, ``sat.py``): one
  boolean per cell and pair whose path may pass there (:func:`labels`), a
  cell on one path at most, on one if it is used (every cell with rule 3),
  a number on its own, and an ON segment joins cells of one path.  They add
  no answer and remove none (an answer's labels follow from its paths), but
  a learnt clause can now say "this cell is not on pair 3's path", which a
  clause over segments says only in many ways: on janko.at's 13x13 and
  15x15 Arukone boards the conflicts fall from over 300,000 to about
  20,000;
* ``chain``: an open segment that would close a loop or weld two numbers
  goes OFF, explained by the ON segments of the paths it would join (an ON
  segment that already does so is a conflict);
* ``reach``: a pair whose ends are apart over the segments not OFF, or
  (rule 3) a region of them with no number, is a conflict explained by the
  OFF segments around that region: one of them must be ON.

A full assignment these leave standing is an answer: every number ends one
path, no path loops or joins two numbers, so each path joins a pair.

Without rule 3 the learner has a dominance (:data:`SHORTCUT`, see
:mod:`puzzlekit.core.dominance`): a path that runs round three sides of a
2×2 block of cells can take the fourth instead and leave the block's two
other cells unused, which is again an answer, two cells shorter.  So a
count up to two from the root searches only the answers in which no block
has three ON sides (four clauses a block), and one such answer has a
second exactly when one of its ON segments has the block's two cells
beyond it unused (the path may run round them).  On penpa-edit's 11x11
real board the conflicts fall from about 39,000 to about 4,000.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from ..core.cache import puzzle_table
from ..core.clauses import decided, flat, units
from ..core.dominance import Dominance
from ..core.learn import Learner
from .ladder import OFF, ON, _find, arrays, decode, encode
from .model import Answer

__all__ = ["LEARNER", "SHORTCUT", "degree_clauses", "labels", "blocks", "MAX_LABEL_CLAUSES"]

#: The most clauses "a cell on one path at most" a board's labels may need.
#: Labels cut the conflicts many times over (janko.at Arukone 285, 13x13:
#: from over 370,000 to about 20,000; 576, 18x26, 29 pairs, 0.2 million
#: such clauses: 3 s with them, 6 s without).  On a board with many pairs
#: they help too, though the learner's time there depends on its seed as
#: much as on them: the proof of Arukone 570 (25x32, 64 pairs, 1.35 million
#: such clauses) took 1.2 to 4.4 s with them (median 2.2 s) and 0.5 to 9.5 s
#: without (median 4.1 s) under the proof's seeds 0 to 7
#: (``benchmarks/studies/numberlink_seeds.py``, before the learner read
#: clauses of two literals from their own lists), where one draw had shown
#: the opposite.  The cap is memory: the 1.75 million of Arukone 110 (25x42,
#: 62 pairs) cost about 270 MB more than the segments alone.
MAX_LABEL_CLAUSES = 1_500_000


def degree_clauses(puzzle):
    """``deg`` and the pairs' paths as clauses: ``(starts, literals)``,
    cached on the puzzle."""
    return puzzle_table(puzzle, "numberlink.degree_clauses", _degree_clauses)


def labels(puzzle):
    """``(table, count)``: ``table[i, p]`` the boolean "cell ``i`` lies on
    pair ``p``'s path" (``p`` from 1), -1 where the path cannot pass (cached
    on the puzzle), and how many such booleans there are.

    A path runs from one of its numbers over segments that the ladder's
    fixpoint (probe left out) leaves ON-able, through no other number and
    no cell that ON segments join to another number, so only the cells it
    reaches so get a boolean; a board the fixpoint finds dead gets none,
    and ``count`` is -1.  A board whose cells would need more than
    :data:`MAX_LABEL_CLAUSES` clauses "on one path at most" gets none
    either (``count`` 0): the segments alone are cheaper there."""
    return puzzle_table(puzzle, "numberlink.labels", _labels)


def _labels(puzzle):
    from .ladder import LADDER, initial_state
    g, k = puzzle.grid, puzzle.k
    table = -np.ones((g.n, k + 1), np.int64)
    state = initial_state(puzzle)
    if LADDER.fixpoint(state, None, ("probe",), attribute=False).contradiction:
        return table, -1
    nxt = _label_table(np.ascontiguousarray(g.cell_edges, np.int64),
                       np.ascontiguousarray(g.edges, np.int64),
                       np.ascontiguousarray(puzzle.label, np.int64),
                       np.ascontiguousarray(puzzle.ends, np.int64).reshape(-1, 2),
                       np.ascontiguousarray(state.seg), table)
    d = (table >= 0).sum(axis=1)
    if int((d * (d - 1) // 2).sum()) > MAX_LABEL_CLAUSES:
        return -np.ones_like(table), 0
    return table, nxt - len(g.edges)


@njit(cache=True)
def _label_table(cedge, edges, label, ends, seg, table):
    """:func:`labels`' walks: each cell an ON path from a number reaches
    is that number's, then each pair's path spreads from its first number
    over segments not OFF into cells no other number holds (stopping at
    numbers); the cells it reaches, in order, get the next booleans after
    the segments'.  Returns the first boolean not given."""
    n = cedge.shape[0]
    owner = np.zeros(n, np.int64)
    todo = np.zeros(4 * n + 2, np.int64)
    for p in range(1, ends.shape[0] + 1):
        for s in range(2):
            todo[0] = ends[p - 1, s]
            top = 1
            while top:
                top -= 1
                i = todo[top]
                owner[i] = p
                for d in range(4):
                    e = cedge[i, d]
                    if e >= 0 and not seg[e, OFF]:
                        j = edges[e, 0] + edges[e, 1] - i
                        if owner[j] == 0:
                            todo[top] = j
                            top += 1
    nxt = edges.shape[0]
    seen = np.zeros(n, np.int64)
    for p in range(1, ends.shape[0] + 1):
        start = ends[p - 1, 0]
        seen[start] = p
        todo[0] = start
        top = 1
        while top:
            top -= 1
            i = todo[top]
            for d in range(4):
                e = cedge[i, d]
                if e < 0 or not seg[e, ON]:
                    continue
                j = edges[e, 0] + edges[e, 1] - i
                if seen[j] != p and (owner[j] == 0 or owner[j] == p) and (
                        label[j] == 0 or label[j] == p):
                    seen[j] = p
                    if label[j] == 0:
                        todo[top] = j
                        top += 1
        for i in range(n):
            if seen[i] == p:
                table[i, p] = nxt
                nxt += 1
    return nxt


def _degree_clauses(puzzle):
    table, count = labels(puzzle)
    if count < 0:                            # the fixpoint found no answer
        return flat([[]])
    g = puzzle.grid
    args = (np.ascontiguousarray(g.cell_edges, np.int64), np.ascontiguousarray(g.edges, np.int64),
            np.ascontiguousarray(puzzle.label, np.int64), bool(puzzle.fill),
            np.ascontiguousarray(table), count > 0, puzzle.k)
    n_clauses, n_lits = _write_clauses(*args, np.zeros(1, np.int64), np.zeros(0, np.int64))
    starts = np.zeros(n_clauses + 1, np.int64)
    lits = np.zeros(n_lits, np.int64)
    _write_clauses(*args, starts, lits)
    return starts, lits


@njit(cache=True)
def _subsets(items, ni, r, plus, write, starts, lits, c, k):
    """Every ``r``-subset of ``items[:ni]`` (in ``itertools.combinations``
    order) as a clause of ``2 * item + plus``; ``(c, k)``, the clauses and
    literals written so far, moved on (only counted when ``write`` is off)."""
    if r > ni:
        return c, k
    at = np.arange(r)
    while True:
        for j in range(r):
            if write:
                lits[k] = 2 * items[at[j]] + plus
            k += 1
        c += 1
        if write:
            starts[c] = k
        j = r - 1
        while j >= 0 and at[j] == j + ni - r:
            j -= 1
        if j < 0:
            return c, k
        at[j] += 1
        for q in range(j + 1, r):
            at[q] = at[q - 1] + 1


@njit(cache=True)
def _put(lit, write, lits, k):
    if write:
        lits[k] = lit
    return k + 1


@njit(cache=True)
def _close(c, k, write, starts):
    if write:
        starts[c + 1] = k
    return c + 1


@njit(cache=True)
def _write_clauses(cedge, edges, label, fill, table, with_labels, pairs, starts, lits):
    """``deg`` and the paths' labels as clauses, written into ``starts`` and
    ``lits`` (the form of :func:`~puzzlekit.core.clauses.flat`) when they are
    long enough, else only counted: ``(clauses, literals)``."""
    write = lits.shape[0] > 0
    n = cedge.shape[0]
    m = edges.shape[0]
    segs = np.zeros(4, np.int64)
    on = np.zeros(table.shape[1], np.int64)
    c = 0
    k = 0
    for i in range(n):
        ns = 0
        for d in range(4):
            if cedge[i, d] >= 0:
                segs[ns] = cedge[i, d]
                ns += 1
        if label[i] > 0:
            lo, hi = 1, 1
        elif fill:
            lo, hi = 2, 2
        else:
            lo, hi = 0, 2
        c, k = _subsets(segs, ns, hi + 1, 1, write, starts, lits, c, k)   # at most hi ON
        if lo > ns:
            c = _close(c, k, write, starts)
        elif lo > 0:                         # at least lo ON
            c, k = _subsets(segs, ns, ns - lo + 1, 0, write, starts, lits, c, k)
        else:                                # no rule 3: an empty cell's ON segment needs another
            for a in range(ns):
                k = _put(2 * segs[a] + 1, write, lits, k)
                for b in range(ns):
                    if b != a:
                        k = _put(2 * segs[b], write, lits, k)
                c = _close(c, k, write, starts)
        if not with_labels:
            continue
        no = 0
        for p in range(table.shape[1]):
            if table[i, p] >= 0:
                on[no] = table[i, p]
                no += 1
        c, k = _subsets(on, no, 2, 1, write, starts, lits, c, k)        # on one path at most
        if fill or label[i] > 0:                                        # on one path
            for a in range(no):
                k = _put(2 * on[a], write, lits, k)
            c = _close(c, k, write, starts)
        else:                                # a cell on a path has an ON segment, and back
            for a in range(ns):
                k = _put(2 * segs[a] + 1, write, lits, k)
                for b in range(no):
                    k = _put(2 * on[b], write, lits, k)
                c = _close(c, k, write, starts)
            for b in range(no):
                k = _put(2 * on[b] + 1, write, lits, k)
                for a in range(ns):
                    k = _put(2 * segs[a], write, lits, k)
                c = _close(c, k, write, starts)
    for e in range(m):                       # an ON segment joins cells of one path
        for p in range(1, pairs + 1 if with_labels else 1):
            la = table[edges[e, 0], p]
            lb = table[edges[e, 1], p]
            if la >= 0 and lb >= 0:
                k = _put(2 * e + 1, write, lits, k)
                k = _put(2 * la + 1, write, lits, k)
                k = _put(2 * lb, write, lits, k)
                c = _close(c, k, write, starts)
                k = _put(2 * e + 1, write, lits, k)
                k = _put(2 * lb + 1, write, lits, k)
                k = _put(2 * la, write, lits, k)
                c = _close(c, k, write, starts)
            elif la >= 0 or lb >= 0:
                k = _put(2 * e + 1, write, lits, k)
                k = _put(2 * max(la, lb) + 1, write, lits, k)
                c = _close(c, k, write, starts)
    if pairs == 0:                           # no pair to join: every segment OFF, yet
        for e in range(m):                   # an answer draws a line: some segment ON
            k = _put(2 * e + 1, write, lits, k)
            c = _close(c, k, write, starts)
        for e in range(m):
            k = _put(2 * e, write, lits, k)
        c = _close(c, k, write, starts)
    return c, k


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
    return units(decided(state.seg[:, [OFF, ON]]))


def _row_of(state):
    """The booleans of a decided state: its segments, then each cell's
    pair (the path through it, followed from its numbers)."""
    puzzle = state.puzzle
    table, count = labels(puzzle)
    on = ~state.seg[:, OFF]
    m = on.size
    row = np.zeros(m + max(count, 0), np.int8)
    row[:m] = on
    cedge, edges = puzzle.grid.cell_edges, puzzle.grid.edges
    for p in range(1, puzzle.k + 1):
        todo = [int(i) for i in np.flatnonzero(puzzle.label == p)]
        while todo:
            i = todo.pop()
            if row[table[i, p]]:
                continue
            row[table[i, p]] = 1
            todo += [int(edges[e, 0] + edges[e, 1]) - i for e in cedge[i] if e >= 0 and on[e]]
    return row


def _state_of(puzzle, row):
    m = len(puzzle.grid.edges)
    return encode(puzzle, Answer(puzzle.h, puzzle.w, np.asarray(row[:m], bool)))


def blocks(puzzle) -> tuple:
    """``(sides, cells)``, one row per 2×2 block of cells (``Grid.blocks2x2``:
    ``a`` top left, ``b`` right of it, ``c`` below it, ``d`` diagonal): its
    four sides, the segments ``a-b``, ``c-d``, ``a-c`` and ``b-d``, and its
    cells ``a``, ``b``, ``c``, ``d``.

    >>> from puzzlekit.numberlink.model import Puzzle
    >>> sides, cells = blocks(Puzzle(2, 3, [[1, 0, 1], [2, 0, 2]]))
    >>> sides.tolist(), cells.tolist()
    ([[0, 2, 4, 5], [1, 3, 5, 6]], [[0, 1, 3, 4], [1, 2, 4, 5]])
    """
    g = puzzle.grid
    cells = g.blocks2x2.astype(np.int64)
    a, b, c = cells[:, 0], cells[:, 1], cells[:, 2]
    right, down = g.cell_edges[:, 1], g.cell_edges[:, 2]     # ``Grid.cell_edges``' order
    sides = np.stack([right[a], right[c], down[a], down[b]], axis=1).astype(np.int64)
    return sides.reshape(-1, 4), cells


def _kept_clauses(puzzle):
    """No block has three ON sides: for each block and side, one of the
    other three is OFF."""
    sides = blocks(puzzle)[0]
    three = np.concatenate([np.delete(sides, j, axis=1) for j in range(4)])
    return np.arange(0, 3 * len(three) + 1, 3, dtype=np.int64), (2 * three + 1).ravel()


def _step_down(puzzle, state):
    """A block with three ON sides: the fourth ON instead (another answer),
    or None when there is none."""
    on = decode(state).on.copy()
    sides = blocks(puzzle)[0]
    three = np.flatnonzero(on[sides].sum(axis=1) == 3)
    if not len(three):
        return None
    on[sides[three[0]]] ^= True
    return encode(puzzle, Answer(puzzle.h, puzzle.w, on))


def _step_up(puzzle, state):
    """An ON side of a block whose two cells beyond it are unused: the path
    round the other three sides instead (another answer), or None."""
    on = decode(state).on.copy()
    edges = puzzle.grid.edges
    used = np.zeros(puzzle.h * puzzle.w, bool)
    used[edges[on].ravel()] = True
    sides, cells = blocks(puzzle)
    a, b, c, d = (used[cells[:, i]] for i in range(4))
    beyond = (c | d, a | b, b | d, a | c)    # the two cells across from each side
    for side in range(4):
        free = np.flatnonzero(on[sides[:, side]] & ~beyond[side])
        if len(free):
            on[sides[free[0]]] ^= True
            return encode(puzzle, Answer(puzzle.h, puzzle.w, on))
    return None


#: Numberlink's dominance without rule 3 (the module docstring).
SHORTCUT = Dominance(applies=lambda p: not p.fill, clauses=_kept_clauses, down=_step_down,
                     up=_step_up)

#: Numberlink's part in clause learning (``ProofPolicy.learner``).
LEARNER = Learner(explain=_explain_jit, clauses=degree_clauses, data=arrays,
                  n_bools=lambda p: len(p.grid.edges) + max(labels(p)[1], 0),
                  state_clauses=_state_clauses, state_of=_state_of, row_of=_row_of,
                  dominance=SHORTCUT)
