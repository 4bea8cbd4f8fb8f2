"""Numberlink's rung ladder over the segments: deg, chain, reach and probe.

Every segment between two neighbouring cells is one variable with two bits,
OFF and ON.  Rule 3 ("every cell used") lives only in the degree line: a
numbered cell has one ON segment, any other cell two (0 or 2 with ``fill``
off).  The rung kernels run in the core's one compiled loop (fixpoint, probe
and counting search); the Python rungs are views of the same kernels.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from ..core._nb import call
from ..core.cache import puzzle_table
from ..core.ladder import Compiled, KernelHints, State
from ..core.search import Budget, SearchResult, SearchSettings, count_solutions
from .model import Answer

__all__ = ["LinkState", "LADDER", "NAMES", "WORK", "initial_state", "decode", "encode",
           "arrays", "fast_count", "propagate", "with_segments"]

NAMES = ("deg", "chain", "reach", "probe")
WORK = ("degree scans", "chain unions", "reach searches")
OFF, ON = 0, 1


def arrays(puzzle) -> tuple:
    """The kernels' view of a puzzle (cached on it): cell-segment table,
    segment ends, pair labels, pair ends, the fill switch, and the kernels'
    working memory (rows of one entry per cell, set afresh by every call,
    so shared by every state of the puzzle in one process)."""
    def build(puzzle):
        g = puzzle.grid
        n = len(puzzle.label)
        return (np.ascontiguousarray(g.cell_edges), np.ascontiguousarray(g.edges, dtype=np.int32),
                np.ascontiguousarray(puzzle.label, dtype=np.int32),
                np.ascontiguousarray(puzzle.ends, dtype=np.int32).reshape(-1, 2),
                np.array([1 if puzzle.fill else 0], dtype=np.int64),
                np.zeros((3, max(n, 1)), dtype=np.int64))
    return puzzle_table(puzzle, "numberlink.arrays", build)


class LinkState(State):
    """State with the view ``seg`` (m, 2): column 0 OFF possible, 1 ON possible."""

    __slots__ = ("seg",)

    def _init_views(self):
        self.seg = self.bits.reshape(-1, 2)


def initial_state(puzzle) -> LinkState:
    """Every segment undecided.

    >>> from puzzlekit.numberlink.model import Puzzle
    >>> s = initial_state(Puzzle(2, 2, [[1, 1], [2, 2]]))
    >>> s.n_vars, s.solved()
    (4, False)
    """
    m = len(puzzle.grid.edges)
    return LinkState(puzzle, np.arange(0, 2 * m + 1, 2, dtype=np.int64))


def decode(state) -> Answer:
    """The answer of a decided state (ON where the OFF bit is gone)."""
    p = state.puzzle
    return Answer(p.h, p.w, ~state.seg[:, OFF] & state.seg[:, ON])


def encode(puzzle, answer) -> LinkState:
    """The decided state of an answer.

    >>> from puzzlekit.numberlink.model import Puzzle, Answer
    >>> p = Puzzle(1, 3, [[1, 0, 1]])
    >>> s = encode(p, Answer(1, 3, [True, True])); s.solved(), decode(s) == Answer(1, 3, [1, 1])
    (True, True)
    """
    s = initial_state(puzzle)
    on = np.asarray(answer.on, dtype=bool)
    s.seg[:, OFF] = ~on
    s.seg[:, ON] = on
    return s


def with_segments(puzzle, on=(), off=()) -> LinkState:
    """A partly drawn state: the given segments fixed ON or OFF."""
    s = initial_state(puzzle)
    for e in on:
        s.seg[e, OFF] = False
    for e in off:
        s.seg[e, ON] = False
    return s


def propagate(puzzle, level=None, without=(), state=None):
    """The compiled fixpoint: ``(status, state, counters)``.

    >>> from puzzlekit.numberlink.model import Puzzle
    >>> propagate(Puzzle(1, 3, [[1, 0, 1]]), "deg")[0]
    'solved'
    """
    s = initial_state(puzzle) if state is None else state
    r = LADDER.fixpoint(s, level, without, attribute=False)
    return r.status, s, dict(r.counters)


def fast_count(puzzle, level=None, limit=2, max_nodes=200_000, without=()) -> SearchResult:
    """The core's compiled counting search with the ``legal`` kernel on leaves.

    >>> from puzzlekit.numberlink.model import Puzzle
    >>> r = fast_count(Puzzle(2, 2, [[1, 0], [1, 0]]), limit=5)
    >>> r.count, r.complete
    (1, True)
    """
    return count_solutions(initial_state(puzzle), LADDER, None, level, limit, Budget(max_nodes),
                           SearchSettings(without=without))


# ---------------------------------------------------------------- kernels
@njit(cache=True)
def _find(parent, x):
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x


@njit(cache=True)
def _deg_jit(bits, cedge, edges, label, fill, dirty, work):
    """Degree counting, saturating both ways, to its own fixpoint: every
    cell once, then again each cell a segment of which it decided (marked in
    ``dirty``: a later cell in the same sweep, an earlier one in the next)."""
    changed = 0
    n = cedge.shape[0]
    dirty[:n] = 1
    lo = 0
    hi = n - 1
    while lo <= hi:
        i = lo
        top = hi
        lo = n
        hi = -1
        while i <= top:
            if dirty[i] == 0:
                i += 1
                continue
            dirty[i] = 0
            work[0] += 1
            on = 0
            und = 0
            for d in range(4):
                e = cedge[i, d]
                if e < 0:
                    continue
                if not bits[2 * e]:
                    on += 1
                elif bits[2 * e + 1]:
                    und += 1
            if label[i] > 0:
                need_lo, need_hi = 1, 1
            elif fill:
                need_lo, need_hi = 2, 2
            else:
                need_lo, need_hi = 0, 2
            bad = on > need_hi or on + und < need_lo or (
                und == 0 and not fill and label[i] == 0 and on == 1)
            if bad:
                return -1
            kill = -1                        # und == 0: nothing left to decide
            if und == 0:
                pass
            elif on == need_hi:
                kill = 1                     # every other segment OFF
            elif on + und == need_lo:
                kill = 0                     # every open segment ON
            elif not fill and label[i] == 0:
                if on == 1 and und == 1:
                    kill = 0                 # 1 + 1: the last one completes degree 2
                elif on == 0 and und == 1:
                    kill = 1                 # degree 1 is illegal: stay at 0
            if kill >= 0:
                for d in range(4):
                    e = cedge[i, d]
                    if e >= 0 and bits[2 * e] and bits[2 * e + 1]:
                        bits[2 * e + kill] = False
                        j = edges[e, 0] + edges[e, 1] - i
                        dirty[j] = 1
                        if j > i:
                            top = max(top, j)
                        else:
                            lo = min(lo, j)
                            hi = max(hi, j)
                changed = 1
            i += 1
    return changed


@njit(cache=True)
def _join_on(bits, edges, label, parent, lab):
    """Union-find over the ON segments, ``parent`` and ``lab`` (each root's
    number, 0 for none) set afresh: ``(ok, unions)``, ``ok`` False when an
    ON segment closes a loop or welds two different numbers, ``unions`` the
    ON segments read (the failing one included)."""
    n = len(label)
    for i in range(n):
        parent[i] = i
        lab[i] = label[i]
    unions = 0
    for e in range(edges.shape[0]):
        if bits[2 * e]:
            continue
        unions += 1
        ra, rb = _find(parent, edges[e, 0]), _find(parent, edges[e, 1])
        if ra == rb or (lab[ra] > 0 and lab[rb] > 0 and lab[ra] != lab[rb]):
            return False, unions
        parent[rb] = ra
        if lab[ra] == 0:
            lab[ra] = lab[rb]
    return True, unions


@njit(cache=True)
def _chain_jit(bits, edges, label, parent, lab, work):
    """Union-find over ON segments: a segment that would close a loop or weld
    two different numbers onto one path goes OFF."""
    ok, unions = _join_on(bits, edges, label, parent, lab)
    work[1] += unions
    if not ok:
        return -1
    m = edges.shape[0]
    changed = 0
    for e in range(m):
        if not (bits[2 * e] and bits[2 * e + 1]):
            continue
        ra, rb = _find(parent, edges[e, 0]), _find(parent, edges[e, 1])
        if ra == rb or (lab[ra] > 0 and lab[rb] > 0 and lab[ra] != lab[rb]):
            bits[2 * e + 1] = False
            changed = 1
    return changed


@njit(cache=True)
def _reach_jit(bits, edges, label, ends, fill, parent, numbered, work):
    """Both ends of every pair meet over non-OFF segments; a region of the
    non-OFF graph with no number is a contradiction (fill) or unused.  A
    board with no pair is a contradiction: an answer draws a line."""
    n = len(label)
    if ends.shape[0] == 0:
        return -1
    for i in range(n):
        parent[i] = i
        numbered[i] = 0
    m = edges.shape[0]
    work[2] += 1
    for e in range(m):
        if bits[2 * e + 1]:
            ra, rb = _find(parent, edges[e, 0]), _find(parent, edges[e, 1])
            if ra != rb:
                parent[rb] = ra
    for j in range(ends.shape[0]):
        if _find(parent, ends[j, 0]) != _find(parent, ends[j, 1]):
            return -1
    for i in range(n):
        if label[i] > 0:
            numbered[_find(parent, i)] = 1
    changed = 0
    for i in range(n):
        if numbered[_find(parent, i)] == 1:
            continue
        if fill:
            return -1
    if not fill:
        for e in range(m):
            if bits[2 * e + 1] and numbered[_find(parent, edges[e, 0])] == 0:
                if not bits[2 * e]:
                    return -1
                bits[2 * e + 1] = False
                changed = 1
    return changed


@njit(cache=True)
def _apply_rung_jit(i, bits, data, work):
    """Rung ``i`` for the core's compiled loop."""
    cedge, edges, label, ends, fill, iw = data
    if i == 0:
        return call(_deg_jit, bits, cedge, edges, label, fill[0] == 1, iw[0], work)
    if i == 1:
        return call(_chain_jit, bits, edges, label, iw[0], iw[1], work)
    return call(_reach_jit, bits, edges, label, ends, fill[0] == 1, iw[0], iw[1], work)


@njit(cache=True)
def _residue_jit(bits, data, out):
    """The key of what is left to decide (``KernelHints.residue``): the open
    segments, then for each cell touching one (in order) its ON segments,
    the first such cell of its ON path and that path's number.  Two states
    with one key have the same answers' worth of open segments: a way of
    deciding them is legal in one exactly when in the other (the degrees
    it needs, and the loops and welds it would make, read only these).
    -1 (no key) when the decided segments break a rule already (a cell
    over or short of its degree, a loop, a weld) or the key is longer
    than ``out``."""
    cedge, edges, label, ends, fill, iw = data
    parent, lab, rep = iw[0], iw[1], iw[2]
    n = len(label)
    if not _join_on(bits, edges, label, parent, lab)[0]:
        return -1
    size = out.size
    k = 1
    for e in range(edges.shape[0]):
        if bits[2 * e] and bits[2 * e + 1]:  # open
            if k >= size:
                return -1
            out[k] = e
            k += 1
    out[0] = k - 1
    rep[:n] = -1
    fl = fill[0] == 1
    for i in range(n):
        on = 0
        und = 0
        for d in range(4):
            e = cedge[i, d]
            if e >= 0:
                if not bits[2 * e]:
                    on += 1
                elif bits[2 * e + 1]:
                    und += 1
        if und == 0:
            if on != (1 if label[i] > 0 else 2) and not (not fl and label[i] == 0 and on == 0):
                return -1
            continue
        if k >= size:
            return -1
        r = _find(parent, i)
        if rep[r] < 0:
            rep[r] = i
        out[k] = ((rep[r] * 4 + on) << 32) | lab[r]
        k += 1
    return k


@njit(cache=True)
def _legal_rung_jit(bits, data):
    """The rules on a decided state: degrees, no loop, no welded numbers, and
    a line at all (a board with no pair has no answer)."""
    cedge, edges, label, ends, fill, iw = data
    n = len(label)
    if ends.shape[0] == 0:
        return False
    for i in range(n):
        on = 0
        for d in range(4):
            e = cedge[i, d]
            if e >= 0 and bits[2 * e + 1] and not bits[2 * e]:
                on += 1
        if label[i] > 0:
            if on != 1:
                return False
        elif on != 2 and not (fill[0] == 0 and on == 0):
            return False
    return _join_on(bits, edges, label, np.empty(n, np.int64), np.empty(n, np.int64))[0]


KERNELS = Compiled(apply=_apply_rung_jit, data=arrays, work=WORK, legal=_legal_rung_jit,
                   # removals keep a value; each settles
                   hints=KernelHints(reports_empty=True, settles=(0, 1, 2), residue=_residue_jit))

LADDER = KERNELS.ladder([
    ("deg", "#1f77b4",
     "a numbered cell has one ON segment, any other two (0 or 2 without rule 3)"),
    ("chain", "#2ca02c",
     "a segment closing a loop or welding two numbers goes OFF"),
    ("reach", "#ff7f0e",
     "pairs still meet over non-OFF segments; no region without a number"),
])
