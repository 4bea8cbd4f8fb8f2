"""The Creek ladder: count < linear < pair < connect < probe.

One variable per cell with two values (bit 0 = unshaded, bit 1 = shaded), all
open at the start: the numbers sit on corners, not cells, so nothing is
printed into the state and every deduction is a rung's.
"""
from __future__ import annotations

from math import gcd

import numpy as np
from numba import njit

from ..core._nb import call
from ..core.cache import puzzle_table
from ..core.graph import one_region_jit
from ..core.grid import flood_jit
from ..core.ladder import Compiled, Ladder, Rung, State, probe_rung
from .model import Answer, Puzzle

__all__ = ["CreekState", "initial_state", "decode", "encode", "LADDER", "NAMES", "count",
           "linear", "pair", "connect", "kernel_arrays", "clue_rows", "reduced_rows"]


class CreekState(State):
    """Candidate colours of every cell; ``cells`` is the ``(n, 2)`` view
    (column 0 unshaded, column 1 shaded)."""

    __slots__ = ("cells",)

    def _init_views(self):
        self.cells = self.bits.reshape(-1, 2)


def initial_state(puzzle: Puzzle) -> CreekState:
    """Every cell open.

    >>> p = Puzzle.from_json({"h": 1, "w": 2, "clues": [[1, None, None], [None, None, None]]})
    >>> int(initial_state(p).cells.sum())
    4
    """
    return CreekState(puzzle, np.arange(0, 2 * puzzle.h * puzzle.w + 1, 2))


def decode(state: State) -> Answer:
    """The answer of a fully decided state."""
    p = state.puzzle
    return Answer(state.values().reshape(p.h, p.w).astype(np.int8))


def encode(puzzle: Puzzle, answer: Answer) -> CreekState:
    """The fully decided state of an answer (the inverse of :func:`decode`).

    >>> p = Puzzle.from_json({"h": 1, "w": 2, "clues": [[1, None, None], [None, None, None]]})
    >>> a = Answer.from_json({"grid": ["#."]})
    >>> s = encode(p, a); s.solved(), decode(s) == a
    (True, True)
    """
    s = initial_state(puzzle)
    s.assign_all(answer.grid)
    return s


# ---------------------------------------------------------------- the clue system
def clue_rows(puzzle: Puzzle):
    """The printed corners as linear equations ``A x = b`` over the cells."""
    cc, cl = puzzle.corners, puzzle.clues.ravel()
    ks = np.flatnonzero(cl >= 0)
    A = np.zeros((len(ks), puzzle.h * puzzle.w), dtype=np.int64)
    for r, k in enumerate(ks):
        A[r, cc[k][cc[k] >= 0]] = 1
    return A, cl[ks].astype(np.int64)


def reduced_rows(puzzle: Puzzle):
    """The clue system in reduced row echelon form with integer rows (each
    pivot's column is zero in every other row; rows divided by their gcd),
    exact: fraction-free elimination, never floats.  Returns ``(A, b, pivots)``;
    an inconsistent system keeps one all-zero row with a nonzero ``b``."""
    A, b = clue_rows(puzzle)
    A, b = A.copy(), b.copy()
    piv = np.full(A.shape[0], -1, dtype=np.int64)
    rank = _rref_jit(A, b, piv) if A.size else 0
    if rank < 0:                     # int64 would overflow: redo with Python integers
        A, b = clue_rows(puzzle)
        A, b, piv, rank = _rref_exact(A, b)
    keep = list(range(rank)) + [r for r in range(rank, len(b)) if b[r] != 0][:1]
    return A[keep], b[keep], piv[:rank]


def _rref_exact(A, b):
    rows = [list(map(int, a)) + [int(v)] for a, v in zip(A, b)]
    m, n = len(rows), A.shape[1]
    rank, piv = 0, []
    for col in range(n):
        r = next((i for i in range(rank, m) if rows[i][col]), None)
        if r is None:
            continue
        rows[rank], rows[r] = rows[r], rows[rank]
        p = rows[rank]
        for i in range(m):
            if i != rank and rows[i][col]:
                f, q = rows[i][col], p[col]
                row = [q * x - f * y for x, y in zip(rows[i], p)]
                g = 0
                for x in row:
                    g = gcd(g, x)
                rows[i] = [x // g for x in row] if g > 1 else row
        piv.append(col)
        rank += 1
    out = np.array([[x for x in r[:n]] for r in rows], dtype=object)
    if (np.abs(out.astype(float)).max(initial=0) >= 2 ** 62):
        raise ValueError("clue system too large for exact integer rows")
    return (out.astype(np.int64), np.array([r[n] for r in rows], dtype=np.int64),
            np.array(piv + [-1] * (m - rank), dtype=np.int64), rank)


def _csr(A, b):
    ptr = np.zeros(len(b) + 1, dtype=np.int64)
    idx, coef = [], []
    for r in range(len(b)):
        nz = np.flatnonzero(A[r])
        idx += nz.tolist()
        coef += A[r, nz].tolist()
        ptr[r + 1] = len(idx)
    return ptr, np.array(idx, dtype=np.int64), np.array(coef, dtype=np.int64), \
        np.ascontiguousarray(b, dtype=np.int64)


def _pairs(puzzle: Puzzle):
    """Printed corners one step apart: their cells (<= 6, padded -1), which of
    the two corners each cell touches (bit 1 first, bit 2 second), and the
    two numbers."""
    h, w, cc, cl = puzzle.h, puzzle.w, puzzle.corners, puzzle.clues.ravel()
    cells, mask, nums = [], [], []
    for i in range(h + 1):
        for j in range(w + 1):
            k = i * (w + 1) + j
            if cl[k] < 0:
                continue
            for k2 in ((k + 1) if j < w else -1, (k + w + 1) if i < h else -1):
                if k2 < 0 or cl[k2] < 0:
                    continue
                a, b2 = set(cc[k][cc[k] >= 0].tolist()), set(cc[k2][cc[k2] >= 0].tolist())
                u = sorted(a | b2)
                cells.append(u + [-1] * (6 - len(u)))
                mask.append([(1 if c in a else 0) + (2 if c in b2 else 0) for c in u]
                            + [0] * (6 - len(u)))
                nums.append([cl[k], cl[k2]])
    return (np.array(cells, dtype=np.int64).reshape(-1, 6),
            np.array(mask, dtype=np.int64).reshape(-1, 6),
            np.array(nums, dtype=np.int64).reshape(-1, 2))


def kernel_arrays(p: Puzzle):
    """Arrays the kernels read, built once per puzzle (the row reduction too)."""
    def build(p):
        A, b, _ = reduced_rows(p)
        return ((np.ascontiguousarray(p.corners, dtype=np.int64),
                 p.clues.ravel().astype(np.int64)) + _csr(A, b) + _pairs(p)
                + (np.ascontiguousarray(p.grid.nbrs, dtype=np.int64),
                   np.int64(1 if p.shade_required else 0)))
    return puzzle_table(p, "creek.kernel_arrays", build)


# ---------------------------------------------------------------- rungs
def count(state: CreekState, counters) -> int:
    """Each printed corner as a cardinality constraint on its <= 4 cells:
    enough shaded already means the rest are unshaded; too few open left
    means they are all shaded.

    >>> p = Puzzle.from_json({"h": 1, "w": 2, "clues": [[None, 2, None], [None, None, None]]})
    >>> s = initial_state(p); from collections import Counter
    >>> count(s, Counter()), s.values().tolist()
    (1, [1, 1])
    """
    a = kernel_arrays(state.puzzle)
    r, work = _count_jit(state.cells, a[0], a[1])
    counters["corner checks"] += int(work)
    return int(r)


def linear(state: CreekState, counters) -> int:
    """Bounds on every row of the reduced clue system: a cell whose value would
    push its row's reachable sum past the row's right-hand side loses it."""
    a = kernel_arrays(state.puzzle)
    r, work = _linear_jit(state.cells, a[2], a[3], a[4], a[5])
    counters["row bounds"] += int(work)
    return int(r)


def pair(state: CreekState, counters) -> int:
    """Two printed corners one step apart, solved together: every colouring of
    their <= 6 cells is tried; a value no colouring keeping both numbers uses
    is removed."""
    a = kernel_arrays(state.puzzle)
    r, work = _pair_jit(state.cells, a[6], a[7], a[8])
    counters["pair colourings"] += int(work)
    return int(r)


def connect(state: CreekState, counters) -> int:
    """The creek is one piece: open cells cut off from every unshaded cell are
    shaded; an open cell whose shading would split the unshaded cells stays
    unshaded.  With ``shade_required``, a last shadeable cell is shaded."""
    a = kernel_arrays(state.puzzle)
    r, work = _connect_jit(state.cells, a[9], a[10])
    counters["creek scans"] += int(work)
    return int(r)


# ---------------------------------------------------------------- kernels
@njit(cache=True)
def _rref_jit(A, b, piv):
    """Fraction-free Gauss-Jordan in place; the rank, or -1 if int64 might
    overflow (the caller redoes it with Python integers)."""
    m, n = A.shape
    rank = 0
    lim = np.int64(1) << 30
    for col in range(n):
        if rank == m:
            break
        r = -1
        for i in range(rank, m):
            if A[i, col] != 0:
                r = i
                break
        if r < 0:
            continue
        if r != rank:
            for j in range(n):
                A[r, j], A[rank, j] = A[rank, j], A[r, j]
            b[r], b[rank] = b[rank], b[r]
        if A[rank, col] < 0:
            for j in range(n):
                A[rank, j] = -A[rank, j]
            b[rank] = -b[rank]
        q = A[rank, col]
        for i in range(m):
            if i == rank or A[i, col] == 0:
                continue
            f = A[i, col]
            g = 0
            for j in range(n):
                x = q * A[i, j] - f * A[rank, j]
                if x > lim or x < -lim:
                    return -1
                A[i, j] = x
                g = _gcd(g, abs(x))
            bb = q * b[i] - f * b[rank]
            if bb > lim or bb < -lim:
                return -1
            b[i] = bb
            if g > 1 and b[i] % g == 0:
                for j in range(n):
                    A[i, j] //= g
                b[i] //= g
        piv[rank] = col
        rank += 1
    return rank


@njit(cache=True)
def _gcd(a, b):
    while b:
        a, b = b, a % b
    return a


@njit(cache=True)
def _count_jit(cells, cc, clues):
    changed = False
    work = 0
    for k in range(cc.shape[0]):
        t = clues[k]
        if t < 0:
            continue
        work += 1
        s = 0
        u = 0
        for q in range(4):
            c = cc[k, q]
            if c < 0:
                continue
            if not cells[c, 0]:
                s += 1
            elif cells[c, 1]:
                u += 1
        if s > t or s + u < t:
            return -1, work
        if u > 0 and (s == t or s + u == t):
            v = 1 if s == t else 0          # the value removed from every open cell
            for q in range(4):
                c = cc[k, q]
                if c >= 0 and cells[c, 0] and cells[c, 1]:
                    cells[c, v] = False
                    changed = True
    return (1 if changed else 0), work


@njit(cache=True)
def _linear_jit(cells, ptr, idx, coef, rhs):
    changed = False
    work = 0
    for r in range(rhs.size):
        lo = 0
        hi = 0
        nopen = 0
        for t in range(ptr[r], ptr[r + 1]):
            c = idx[t]
            a = coef[t]
            if not cells[c, 0]:
                lo += a
                hi += a
            elif cells[c, 1]:
                nopen += 1
                if a < 0:
                    lo += a
                else:
                    hi += a
        work += 1
        b = rhs[r]
        if b < lo or b > hi:
            return -1, work
        if nopen == 0:
            continue
        for t in range(ptr[r], ptr[r + 1]):
            c = idx[t]
            if not (cells[c, 0] and cells[c, 1]):
                continue
            a = coef[t]
            rlo = lo - (a if a < 0 else 0)
            rhi = hi - (a if a > 0 else 0)
            for v in range(2):
                if rlo + a * v > b or rhi + a * v < b:
                    cells[c, v] = False
                    changed = True
    return (1 if changed else 0), work


@njit(cache=True)
def _pair_jit(cells, pc, pm, pn):
    changed = False
    work = 0
    sup = np.zeros((6, 2), dtype=np.bool_)
    for p in range(pc.shape[0]):
        m = 0
        nopen = 0
        for q in range(6):
            c = pc[p, q]
            if c < 0:
                break
            m += 1
            if cells[c, 0] and cells[c, 1]:
                nopen += 1
        if nopen == 0:
            continue
        sup[:, :] = False
        anyok = False
        for code in range(1 << m):
            ok = True
            s1 = 0
            s2 = 0
            for q in range(m):
                v = (code >> q) & 1
                if not cells[pc[p, q], v]:
                    ok = False
                    break
                if v == 1:
                    if pm[p, q] & 1:
                        s1 += 1
                    if pm[p, q] & 2:
                        s2 += 1
            if not ok:
                continue
            work += 1
            if s1 != pn[p, 0] or s2 != pn[p, 1]:
                continue
            anyok = True
            for q in range(m):
                sup[q, (code >> q) & 1] = True
        if not anyok:
            return -1, work
        for q in range(m):
            c = pc[p, q]
            for v in range(2):
                if cells[c, v] and not sup[q, v]:
                    cells[c, v] = False
                    changed = True
    return (1 if changed else 0), work


@njit(cache=True)
def _connect_jit(cells, nb, req):
    n = cells.shape[0]
    work = n
    changed = False
    may = cells[:, 0].copy()                     # can be unshaded
    must = may & ~cells[:, 1]                    # is unshaded
    keep = np.zeros(n, dtype=np.bool_)
    cut = np.zeros(n, dtype=np.bool_)
    if one_region_jit(nb, may, must, keep, cut) < 0:
        return -1, work
    for c in range(n):
        if may[c] and not keep[c]:               # a dead piece: no unshaded cell can join it
            cells[c, 0] = False
            changed = True
        elif cut[c]:                             # shading it would split the creek
            cells[c, 1] = False
            changed = True
    if req:
        k = 0
        last = -1
        for c in range(n):
            if cells[c, 1]:
                k += 1
                last = c
        if k == 0:
            return -1, work
        if k == 1 and cells[last, 0]:
            cells[last, 0] = False
            changed = True
    return (1 if changed else 0), work


@njit(cache=True)
def _apply_jit(i, bits, data, work):
    """Rung ``i`` for the core's compiled loop (``data`` is :func:`kernel_arrays`)."""
    cc, clues, ptr, idx, coef, rhs, pc, pm, pn, nb, req = data
    cells = bits.reshape((bits.size // 2, 2))
    if i == 0:
        r, w = call(_count_jit, cells, cc, clues)
    elif i == 1:
        r, w = call(_linear_jit, cells, ptr, idx, coef, rhs)
    elif i == 2:
        r, w = call(_pair_jit, cells, pc, pm, pn)
    else:
        r, w = call(_connect_jit, cells, nb, req)
    work[i] += w
    return r


@njit(cache=True)
def _legal_jit(bits, data):
    """The rules on a decided state: every printed corner, one creek, and
    (when switched on) some shaded cell."""
    cc, clues, ptr, idx, coef, rhs, pc, pm, pn, nb, req = data
    n = bits.size // 2
    shaded = 0
    for c in range(n):
        if bits[2 * c + 1]:
            shaded += 1
    if req and shaded == 0:
        return False
    for k in range(cc.shape[0]):
        if clues[k] < 0:
            continue
        s = 0
        for q in range(4):
            c = cc[k, q]
            if c >= 0 and bits[2 * c + 1]:
                s += 1
        if s != clues[k]:
            return False
    if shaded == n:
        return True
    seen = bits[1::2].copy()             # the shaded cells: walls of the creek
    start = 0
    while seen[start]:
        start += 1
    return flood_jit(nb, start, seen, np.empty(n, dtype=np.int64)) == n - shaded


# ---------------------------------------------------------------- the ladder
LADDER = Ladder([
    Rung("count", count, "#7f7f7f", "one corner: a cardinality constraint on its <= 4 cells"),
    Rung("linear", linear, "#1f77b4", "the whole clue system, row-reduced once, bound-propagated"),
    Rung("pair", pair, "#2ca02c", "two corners one step apart, their <= 6 cells solved exactly"),
    Rung("connect", connect, "#9467bd", "dead pieces shaded, cut cells kept unshaded"),
    probe_rung("#d62728"),
], compiled=Compiled(apply=_apply_jit, data=kernel_arrays, legal=_legal_jit,
                     work=("corner checks", "row bounds", "pair colourings", "creek scans")))
NAMES = LADDER.names
