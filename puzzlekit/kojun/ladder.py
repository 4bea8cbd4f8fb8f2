"""Kojun's rung ladder: one variable per cell whose values are the digits
1..k of its region, narrowed by neigh, once, order, region and probe.  The
rung kernels run in the core's one compiled loop (fixpoint, probe and
counting search); ``propagate``, ``fast_count`` and friends are thin views
of it."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numba import njit

from ..core._nb import call
from ..core.cache import puzzle_table
from ..core.ladder import Compiled, State
from ..core.search import Budget, SearchResult, SearchSettings, count_solutions

__all__ = ["KojunState", "LADDER", "NAMES", "WORK", "REGION_BUDGET", "Geometry", "geometry",
           "initial_state", "encode", "decode_values", "propagate", "fast_grade", "fast_count",
           "search"]

NAMES = ("neigh", "once", "order", "region", "probe")
WORK = ("neigh scans", "once scans", "order scans", "region assignments")
#: Digits written per region by one ``region`` pass before it gives that
#: region up for the pass (leaving it as it was: always sound).  Each region
#: remembers its last input (its cells' digits, less those of pinned cells
#: across its border) and answer, so an unchanged region is not enumerated
#: twice; its assignments are still counted, so the work counter does not
#: depend on what ran before.  Far above
#: what any board of the chapter or the bank needs; it only keeps a hostile
#: board (a naked 36-cell region) from stalling a fixpoint.
REGION_BUDGET = 3_000_000


@dataclass(frozen=True)
class Geometry:
    """Arrays the kernels read: variable offsets, region size per cell,
    region CSR (cells row-major within a region), the in-region cell above
    each cell, neighbours, and the in-region vertical edges."""

    n: int
    offsets: np.ndarray
    size: np.ndarray
    reg: np.ndarray
    rstart: np.ndarray
    rcells: np.ndarray
    above: np.ndarray
    nbrs: np.ndarray
    vedges: np.ndarray
    budget: int
    memo: tuple

    def args(self):
        return (self.n, self.offsets, self.size, self.reg, self.rstart, self.rcells,
                self.above, self.nbrs, self.vedges, self.budget) + self.memo


def geometry(puzzle) -> Geometry:
    """The kernels' view of a puzzle (cached on the puzzle)."""
    def build(puzzle):
        n, w = puzzle.n, puzzle.w
        reg = np.ascontiguousarray(puzzle.regions, dtype=np.int64)
        size = np.ascontiguousarray(puzzle.cell_size, dtype=np.int64)
        offsets = np.concatenate([[0], np.cumsum(size)]).astype(np.int64)
        rcells = np.argsort(reg, kind="stable").astype(np.int64)
        rstart = np.concatenate([[0], np.cumsum(puzzle.sizes)]).astype(np.int64)
        cells = np.arange(n)
        above = np.where((cells >= w) & (reg[np.maximum(cells - w, 0)] == reg), cells - w, -1)
        lower = np.flatnonzero(above >= 0)
        vedges = np.ascontiguousarray(np.stack([above[lower], lower], axis=1).reshape(-1, 2),
                                      dtype=np.int64)
        k, big = puzzle.k, int(puzzle.sizes.max())
        memo = (np.zeros((k, big), np.int64), np.zeros((k, big), np.int64),
                np.zeros((k, 3), np.int64))
        return Geometry(n, offsets, size, reg, rstart, rcells, above.astype(np.int64),
                        np.ascontiguousarray(puzzle.grid.nbrs, dtype=np.int64), vedges,
                        REGION_BUDGET, memo)
    return puzzle_table(puzzle, "kojun.geometry", build)


class KojunState(State):
    """Candidate digits: variable ``c`` holds bits for the digits 1..k of
    cell ``c``'s region (``bits[offsets[c] + v - 1]`` for digit ``v``)."""

    __slots__ = ()

    def digits(self, c: int) -> list[int]:
        """The live digits of cell ``c``."""
        return (self.options(c) + 1).tolist()


def initial_state(puzzle) -> KojunState:
    """Every digit open, the givens written in.

    >>> from puzzlekit.kojun.model import Puzzle
    >>> s = initial_state(Puzzle.make([[0, 0], [1, 1]], {0: 2}))
    >>> s.digits(0), s.digits(1)
    ([2], [1, 2])
    """
    g = geometry(puzzle)
    s = KojunState(puzzle, g.offsets)
    for c, v in puzzle.givens.items():
        s.assign(c, v - 1)
    return s


def decode_values(state) -> np.ndarray:
    """The digit of every cell of a decided state."""
    return state.values() + 1


def encode(puzzle, answer) -> KojunState:
    """The decided state of an answer (the inverse of decoding it).

    >>> from puzzlekit.kojun.model import Puzzle, Answer
    >>> p = Puzzle.make([[0, 0], [1, 1]])
    >>> s = encode(p, Answer.of(p, [2, 1, 1, 2]))
    >>> s.solved(), decode_values(s).tolist()
    (True, [2, 1, 1, 2])
    """
    g = geometry(puzzle)
    vals = np.asarray(answer.values, dtype=np.int64).ravel()
    if ((vals < 1) | (vals > g.size)).any():
        raise ValueError("a digit of the answer lies outside its region's range: "
                         "it cannot be encoded")
    s = KojunState(puzzle, g.offsets, np.zeros(int(g.offsets[-1]), np.bool_))
    s.bits[g.offsets[:-1] + vals - 1] = True
    return s


def propagate(puzzle, level=None, without=(), state=None):
    """The compiled fixpoint: ``(status, state)`` with status ``solved`` /
    ``stable`` / ``contradiction``.

    >>> from puzzlekit.kojun.model import Puzzle
    >>> st, s = propagate(Puzzle.make([[0], [0], [0]]), "order")
    >>> st, decode_values(s).tolist()
    ('solved', [3, 2, 1])
    """
    s = initial_state(puzzle) if state is None else state
    r = LADDER.fixpoint(s, LADDER.level(level), without, attribute=False)
    return r.status, s


def fast_grade(puzzle, without=()):
    """Weakest finishing level by the compiled fixpoint (None if none finishes)."""
    drop = {LADDER.level(x) for x in without}
    for i, name in enumerate(NAMES):
        if i not in drop and propagate(puzzle, i, without)[0] == "solved":
            return name
    return None


def fast_count(puzzle, level=None, limit=2, max_nodes=200_000) -> SearchResult:
    """The core's compiled counting search (the rules' ``legal`` kernel on
    the leaves).

    >>> from puzzlekit.kojun.model import Puzzle
    >>> r = fast_count(Puzzle.make([[0, 0], [1, 1]]), "neigh", limit=10)
    >>> r.count, r.complete
    (2, True)
    """
    return count_solutions(initial_state(puzzle), LADDER, None, level, limit, Budget(max_nodes))


def search(puzzle, level="region", limit=1, max_nodes=20_000, order=None, first=None):
    """Compiled search branching on the cells of ``order`` first, each trying
    digit ``first[c]`` first: ``(count, capped, digits of the first answer or None)``."""
    s = initial_state(puzzle)
    n = puzzle.n
    order = None if order is None else np.ascontiguousarray(order, np.int64)
    f = None
    if first is not None:
        f = np.ascontiguousarray(first, np.int64) - 1
    r = count_solutions(s, LADDER, None, level, limit, Budget(max_nodes),
                        SearchSettings(order=order, first=f), keep=1)
    vals = decode_values(r.solutions[0]) if r.solutions else None
    assert vals is None or len(vals) == n
    return r.count, r.capped, vals


# ---------------------------------------------------------------- kernels
@njit(cache=True)
def _pinned(bits, a, b):
    """The digit of a cell with one live bit, else 0 (-1 when none is live)."""
    v = 0
    for t in range(a, b):
        if bits[t]:
            if v:
                return 0
            v = t - a + 1
    return v if v else -1


@njit(cache=True)
def _neigh_jit(bits, n, offsets, size, nbrs, work):
    changed = 0
    for c in range(n):
        v = _pinned(bits, offsets[c], offsets[c + 1])
        if v < 0:
            return -1
        if v == 0:
            continue
        work[0] += 1
        for d in range(4):
            u = nbrs[c, d]
            if u >= 0 and v <= size[u] and bits[offsets[u] + v - 1]:
                bits[offsets[u] + v - 1] = False
                changed = 1
                if _pinned(bits, offsets[u], offsets[u + 1]) < 0:
                    return -1
    return changed


@njit(cache=True)
def _once_jit(bits, offsets, rstart, rcells, work):
    changed = 0
    for r in range(len(rstart) - 1):
        work[1] += 1
        a, b = rstart[r], rstart[r + 1]
        k = b - a
        for j in range(a, b):                  # pinned cells erase their digit
            c = rcells[j]
            v = _pinned(bits, offsets[c], offsets[c + 1])
            if v < 0:
                return -1
            if v == 0:
                continue
            for i in range(a, b):
                u = rcells[i]
                if u != c and bits[offsets[u] + v - 1]:
                    bits[offsets[u] + v - 1] = False
                    changed = 1
                    if _pinned(bits, offsets[u], offsets[u + 1]) < 0:
                        return -1
        for v in range(1, k + 1):              # a digit with one home is pinned there
            home = -1
            homes = 0
            for j in range(a, b):
                c = rcells[j]
                if bits[offsets[c] + v - 1]:
                    homes += 1
                    home = c
            if homes == 0:
                return -1
            if homes == 1:
                for t in range(offsets[home], offsets[home + 1]):
                    if bits[t] and t != offsets[home] + v - 1:
                        bits[t] = False
                        changed = 1
    return changed


@njit(cache=True)
def _order_jit(bits, offsets, vedges, work):
    changed = 0
    for e in range(vedges.shape[0]):
        work[2] += 1
        upper, lower = vedges[e, 0], vedges[e, 1]
        k = offsets[upper + 1] - offsets[upper]
        lo = 0                                  # the lower cell's smallest digit
        for v in range(1, k + 1):
            if bits[offsets[lower] + v - 1]:
                lo = v
                break
        hi = 0                                  # the upper cell's largest digit
        for v in range(k, 0, -1):
            if bits[offsets[upper] + v - 1]:
                hi = v
                break
        if lo == 0 or hi == 0:
            return -1
        for v in range(1, lo + 1):              # upper > lower's minimum
            if bits[offsets[upper] + v - 1]:
                bits[offsets[upper] + v - 1] = False
                changed = 1
        for v in range(hi, k + 1):              # lower < upper's maximum
            if bits[offsets[lower] + v - 1]:
                bits[offsets[lower] + v - 1] = False
                changed = 1
        if hi <= lo:
            return -1
    return changed


@njit(cache=True)
def _region_jit(bits, offsets, size, reg, rstart, rcells, above, nbrs, budget, mkey, msup,
                mstat, work):
    changed = 0
    for r in range(len(rstart) - 1):
        a, b = rstart[r], rstart[r + 1]
        k = b - a
        dom = np.zeros(k, np.int64)
        pos = np.full(k, -1, np.int64)         # in-region index of the cell above
        for j in range(k):
            c = rcells[a + j]
            m = 0
            for v in range(1, k + 1):
                if bits[offsets[c] + v - 1]:
                    m |= 1 << v
            for d in range(4):                  # digits of pinned cells across the border
                u = nbrs[c, d]
                if u >= 0 and reg[u] != r:
                    pv = _pinned(bits, offsets[u], offsets[u + 1])
                    if pv > 0:
                        m &= ~(1 << pv)
            dom[j] = m
            if above[c] >= 0:
                for i in range(j):
                    if rcells[a + i] == above[c]:
                        pos[j] = i
        full = 0
        for j in range(k):
            if dom[j] != 0:
                full += 1
        if full < k:
            return -1
        # a region whose digits and pinned surroundings are as last time gives
        # the same answer: remembered per region (status, leaves, valid)
        same = mstat[r, 2] == 1
        for j in range(k):
            if mkey[r, j] != dom[j]:
                same = False
        if same:
            work[3] += mstat[r, 1]
            if mstat[r, 0] == 0:
                continue
            if mstat[r, 0] < 0:
                return -1
            for j in range(k):
                c = rcells[a + j]
                for v in range(1, k + 1):
                    if bits[offsets[c] + v - 1] and not (msup[r, j] >> v) & 1:
                        bits[offsets[c] + v - 1] = False
                        changed = 1
            continue
        sup = np.zeros(k, np.int64)
        val = np.zeros(k + 1, np.int64)
        nxt = np.ones(k + 1, np.int64)
        used = np.zeros(k + 1, np.int64)
        d = 0
        nodes = 0
        leaves = 0
        gave_up = False
        while d >= 0:
            if d == k:
                leaves += 1
                done = True
                for j in range(k):
                    sup[j] |= 1 << val[j]
                    if sup[j] != dom[j]:
                        done = False
                if done:
                    break
                d -= 1
                continue
            placed = False
            while nxt[d] <= k:
                v = nxt[d]
                nxt[d] += 1
                if not (dom[d] >> v) & 1 or (used[d] >> v) & 1:
                    continue
                if pos[d] >= 0 and val[pos[d]] <= v:
                    break                       # larger digits fail the cell above too
                nodes += 1
                val[d] = v
                used[d + 1] = used[d] | (1 << v)
                d += 1
                nxt[d] = 1
                placed = True
                break
            if not placed:
                d -= 1
            if nodes > budget:
                gave_up = True
                break
        work[3] += leaves
        for j in range(k):
            mkey[r, j] = dom[j]
            msup[r, j] = sup[j]
        mstat[r, 0] = 0 if gave_up else (1 if leaves else -1)
        mstat[r, 1] = leaves
        mstat[r, 2] = 1
        if gave_up:
            continue
        if leaves == 0:
            return -1
        for j in range(k):
            c = rcells[a + j]
            for v in range(1, k + 1):
                if bits[offsets[c] + v - 1] and not (sup[j] >> v) & 1:
                    bits[offsets[c] + v - 1] = False
                    changed = 1
    return changed


@njit(cache=True)
def _apply_jit(i, bits, n, offsets, size, reg, rstart, rcells, above, nbrs, vedges, budget,
               mkey, msup, mstat, work):
    if i == 0:
        return call(_neigh_jit, bits, n, offsets, size, nbrs, work)
    if i == 1:
        return call(_once_jit, bits, offsets, rstart, rcells, work)
    if i == 2:
        return call(_order_jit, bits, offsets, vedges, work)
    return call(_region_jit, bits, offsets, size, reg, rstart, rcells, above, nbrs, budget, mkey,
                       msup, mstat, work)


@njit(cache=True)
def _legal_jit(bits, n, offsets, size, reg, nbrs, vedges):
    val = np.zeros(n, np.int64)
    for c in range(n):
        v = _pinned(bits, offsets[c], offsets[c + 1])
        if v <= 0:
            return False
        val[c] = v
    for c in range(n):                          # equal neighbours (and so repeats
        for d in range(4):                      # are caught below, region by region)
            u = nbrs[c, d]
            if u >= 0 and val[u] == val[c]:
                return False
    k = 0
    for c in range(n):
        k = max(k, reg[c] + 1)
    seen = np.zeros((k, 64), np.bool_)
    for c in range(n):
        if seen[reg[c], val[c]]:
            return False
        seen[reg[c], val[c]] = True
    for e in range(vedges.shape[0]):
        if val[vedges[e, 0]] <= val[vedges[e, 1]]:
            return False
    return True


@njit(cache=True)
def _apply_rung_jit(i, bits, data, work):
    """Rung ``i`` for the core's compiled loop (``data`` is the geometry tuple)."""
    n, offsets, size, reg, rstart, rcells, above, nbrs, vedges, budget, mkey, msup, mstat = data
    return _apply_jit(i, bits, n, offsets, size, reg, rstart, rcells, above, nbrs, vedges,
                      budget, mkey, msup, mstat, work)


@njit(cache=True)
def _legal_rung_jit(bits, data):
    """The rules on a decided state, for the core's compiled search."""
    n, offsets, size, reg, rstart, rcells, above, nbrs, vedges, budget, mkey, msup, mstat = data
    return _legal_jit(bits, n, offsets, size, reg, nbrs, vedges)


# ---------------------------------------------------------------- the ladder
KERNELS = Compiled(apply=_apply_rung_jit, data=lambda p: geometry(p).args(), work=WORK,
                   legal=_legal_rung_jit)
LADDER = KERNELS.ladder([
    ("neigh", "#1f77b4",
     "a pinned grid neighbour erases its digit here"),
    ("once", "#2ca02c",
     "the region as a permutation: pinned cells erase, a digit with one home is pinned"),
    ("order", "#9467bd",
     "in-region vertical edges: upper > lower's minimum, lower < upper's maximum"),
    ("region", "#ff7f0e",
     "every complete assignment of one region, checked against pinned neighbours: "
     "keep exactly the supported digits"),
])
