"""The Magnets ladder: pole < count < flux < gac < probe.

One variable per cell with three values (bit 0 = ``+``, 1 = ``-``, 2 = neutral).
"""
from __future__ import annotations

import numpy as np
from numba import njit

from ..core.ladder import Ladder, Rung, State, probe_rung
from .model import Answer, Puzzle

__all__ = ["MagnetState", "initial_state", "decode", "LADDER", "pole", "count", "flux", "gac",
           "kernel_arrays"]


class MagnetState(State):
    """Candidate values of every cell; ``cells`` is the ``(n, 3)`` view.

    ``snap`` remembers, per line, its cells' bits when ``gac`` last enumerated
    it; a line whose bits still equal its snapshot is already consistent and is
    skipped.  Copies inherit the snapshot.
    """

    def _init_views(self):
        self.cells = self.bits.reshape(-1, 3)
        if not hasattr(self, "snap"):
            self.snap = None

    def copy(self):
        new = super().copy()
        new.snap = None if self.snap is None else self.snap.copy()
        return new


def initial_state(puzzle: Puzzle) -> MagnetState:
    """Every cell open: clues are read by the rungs, never pre-applied.

    >>> p = Puzzle.from_json({"h": 1, "w": 2, "dominoes": ["LR"]})
    >>> int(initial_state(p).cells.sum())
    6
    """
    n = puzzle.h * puzzle.w
    return MagnetState(puzzle, np.arange(0, 3 * n + 1, 3))


def decode(state: State) -> Answer:
    """The answer of a fully decided state."""
    p = state.puzzle
    return Answer(state.values().reshape(p.h, p.w).astype(np.int8))


def kernel_arrays(p: Puzzle):
    """Arrays the kernels read, built once per puzzle."""
    if not hasattr(p, "_karr"):
        p._karr = (p.partner, np.ascontiguousarray(p.grid.nbrs), p.lines, p.line_len,
                   p.line_plus, p.line_minus, p.crossing)
    return p._karr


def pole(state: MagnetState, counters) -> int:
    """Domino coupling (+ faces -, neutral faces neutral) and a pinned pole erasing
    itself from its four neighbours, run to its own fixpoint.

    >>> p = Puzzle.from_json({"h": 1, "w": 4, "dominoes": ["LRLR"]})
    >>> s = initial_state(p); s.assign(1, 0)          # cell 1 is '+'
    >>> from collections import Counter
    >>> pole(s, Counter()), [s.options(i).tolist() for i in range(4)]
    (1, [[1], [0], [1, 2], [0, 2]])
    """
    part, nb = kernel_arrays(state.puzzle)[:2]
    r, work = _pole_jit(state.cells, part, nb)
    counters["pole scans"] += int(work)
    return int(r)


def count(state: MagnetState, counters) -> int:
    """Each margin number as a census of one sign over every cell of its line:
    as many cells may carry the sign as the clue says, and no more."""
    _, _, ln, ll, lp, lm, _ = kernel_arrays(state.puzzle)
    r, work = _count_jit(state.cells, ln, ll, lp, lm)
    counters["census checks"] += int(work)
    return int(r)


def flux(state: MagnetState, counters) -> int:
    """plus - minus = the signed sum over the line's crossing cells: interval
    bounds on that sum, and its parity (= number of magnetised crossing cells)."""
    _, _, ln, ll, lp, lm, cr = kernel_arrays(state.puzzle)
    r, work = _flux_jit(state.cells, ln, ll, lp, lm, cr)
    counters["flux sums"] += int(work)
    return int(r)


def gac(state: MagnetState, counters) -> int:
    """Exact enumeration of one line at a time (adjacency along the line, the
    line's own dominoes, both clues); values no assignment uses are removed."""
    part, _, ln, ll, lp, lm, _ = kernel_arrays(state.puzzle)
    if getattr(state, "snap", None) is None:
        state.snap = np.full((ln.shape[0], ln.shape[1], 3), -1, dtype=np.int8)
    r, work, lines = _gac_jit(state.cells, part, ln, ll, lp, lm, state.snap)
    counters["line assignments"] += int(work)
    counters["open lines enumerated"] += int(lines)
    return int(r)


LADDER = Ladder([
    Rung("pole", pole, "#7f7f7f", "domino coupling; a pinned pole erases that pole next door"),
    Rung("count", count, "#1f77b4", "per-sign census of each clue over its whole line"),
    Rung("flux", flux, "#2ca02c", "signed sum over crossing cells: bounds and parity"),
    Rung("gac", gac, "#9467bd", "every line enumerated exactly; unsupported values removed"),
    probe_rung("#d62728"),
])


# ---------------------------------------------------------------- kernels
@njit(cache=True)
def _pole_jit(cells, part, nb):
    n = cells.shape[0]
    changed = False
    work = 0
    again = True
    while again:
        again = False
        for a in range(n):
            work += 1
            b = part[a]
            # coupling: a+ needs b-, a- needs b+, a0 needs b0
            for va, vb in ((0, 1), (1, 0), (2, 2)):
                if cells[a, va] and not cells[b, vb]:
                    cells[a, va] = False
                    again = True
            live = 0
            v = -1
            for k in range(3):
                if cells[a, k]:
                    live += 1
                    v = k
            if live == 0:
                return -1, work
            if live == 1 and v < 2:
                for d in range(4):
                    j = nb[a, d]
                    if j >= 0 and cells[j, v]:
                        cells[j, v] = False
                        again = True
        if again:
            changed = True
    return (1 if changed else 0), work


@njit(cache=True)
def _count_jit(cells, ln, ll, lp, lm):
    changed = False
    work = 0
    for l in range(ln.shape[0]):
        for s in range(2):
            clue = lp[l] if s == 0 else lm[l]
            if clue < 0:
                continue
            work += 1
            cand = 0
            sure = 0
            for i in range(ll[l]):
                c = ln[l, i]
                if cells[c, s]:
                    cand += 1
                    if not cells[c, (s + 1) % 3] and not cells[c, (s + 2) % 3]:
                        sure += 1
            if sure > clue or cand < clue:
                return -1, work
            if cand == clue and sure < cand:
                for i in range(ll[l]):
                    c = ln[l, i]
                    if cells[c, s]:
                        for k in range(3):
                            if k != s and cells[c, k]:
                                cells[c, k] = False
                                changed = True
            elif sure == clue and sure < cand:
                for i in range(ll[l]):
                    c = ln[l, i]
                    if cells[c, s] and (cells[c, 2] or cells[c, 1 - s]):
                        cells[c, s] = False
                        changed = True
    return (1 if changed else 0), work


@njit(cache=True)
def _flux_jit(cells, ln, ll, lp, lm, cr):
    changed = False
    work = 0
    for l in range(ln.shape[0]):
        if lp[l] < 0 or lm[l] < 0:
            continue
        work += 1
        d = lp[l] - lm[l]
        lo = 0
        hi = 0
        known = 0       # crossing cells known magnetised
        unknown = 0     # crossing cells whose magnetisation is open
        last = -1
        for i in range(ll[l]):
            if not cr[l, i]:
                continue
            c = ln[l, i]
            mn, mx = _sign_bounds(cells, c)
            if mn > mx:
                return -1, work
            lo += mn
            hi += mx
            if not cells[c, 2]:
                known += 1
            elif cells[c, 0] or cells[c, 1]:
                unknown += 1
                last = c
        if d < lo or d > hi:
            return -1, work
        for i in range(ll[l]):
            if not cr[l, i]:
                continue
            c = ln[l, i]
            mn, mx = _sign_bounds(cells, c)
            rest_lo = lo - mn
            rest_hi = hi - mx
            for k in range(3):
                if cells[c, k]:
                    sg = _SIGN[k]
                    if sg + rest_lo > d or sg + rest_hi < d:
                        cells[c, k] = False
                        changed = True
        par = (d - known) % 2
        if unknown == 0 and par != 0:
            return -1, work
        if unknown == 1 and (cells[last, 0] or cells[last, 1]) and cells[last, 2]:
            if par == 0:
                cells[last, 0] = False
                cells[last, 1] = False
            else:
                cells[last, 2] = False
            changed = True
    return (1 if changed else 0), work


@njit(cache=True)
def _gac_jit(cells, part, ln, ll, lp, lm, snap):
    changed = False
    work = 0
    nlines = 0
    L = ln.shape[1]
    vals = np.zeros(L, dtype=np.int64)
    sup = np.zeros((L, 3), dtype=np.bool_)
    caps = np.zeros((L + 1, 2), dtype=np.int64)
    for l in range(ln.shape[0]):
        n = ll[l]
        P = lp[l]
        M = lm[l]
        clean = True
        for i in range(n):
            for k in range(3):
                if snap[l, i, k] != (1 if cells[ln[l, i], k] else 0):
                    clean = False
        if clean:
            continue
        # suffix capacity of each sign, for pruning
        caps[n, 0] = 0
        caps[n, 1] = 0
        for i in range(n - 1, -1, -1):
            c = ln[l, i]
            caps[i, 0] = caps[i + 1, 0] + (1 if cells[c, 0] else 0)
            caps[i, 1] = caps[i + 1, 1] + (1 if cells[c, 1] else 0)
        sup[:n, :] = False
        for i in range(n):
            c = ln[l, i]
            if (1 if cells[c, 0] else 0) + (1 if cells[c, 1] else 0) + (1 if cells[c, 2] else 0) > 1:
                nlines += 1
                break
        # iterative DFS: vals[i] = value tried at position i (-1 before first)
        i = 0
        vals[0] = -1
        np_ = 0
        nm = 0
        found = 0
        while i >= 0:
            c = ln[l, i]
            # undo the previous value at position i
            if vals[i] == 0:
                np_ -= 1
            elif vals[i] == 1:
                nm -= 1
            v = vals[i] + 1
            ok = False
            while v < 3:
                if cells[c, v]:
                    good = True
                    if i > 0:
                        pv = vals[i - 1]
                        if v < 2 and pv == v:
                            good = False
                        pc = ln[l, i - 1]
                        if good and part[c] == pc:
                            if (v == 2) != (pv == 2) or (v < 2 and pv == v):
                                good = False
                    if good:
                        a = np_ + (1 if v == 0 else 0)
                        b = nm + (1 if v == 1 else 0)
                        if P >= 0 and (a > P or a + caps[i + 1, 0] < P):
                            good = False
                        if M >= 0 and (b > M or b + caps[i + 1, 1] < M):
                            good = False
                    if good:
                        ok = True
                        break
                v += 1
            if not ok:
                vals[i] = -1
                i -= 1
                continue
            vals[i] = v
            if v == 0:
                np_ += 1
            elif v == 1:
                nm += 1
            if i == n - 1:
                found += 1
                for j in range(n):
                    sup[j, vals[j]] = True
            else:
                i += 1
                vals[i] = -1
        work += found
        if found == 0:
            return -1, work, nlines
        for j in range(n):
            c = ln[l, j]
            for k in range(3):
                if cells[c, k] and not sup[j, k]:
                    cells[c, k] = False
                    changed = True
        for j in range(n):
            for k in range(3):
                snap[l, j, k] = 1 if cells[ln[l, j], k] else 0
    return (1 if changed else 0), work, nlines


_SIGN = (1, -1, 0)   # value index (+, -, neutral) -> signed contribution


@njit(cache=True)
def _sign_bounds(cells, c):
    """Least and greatest live sign of cell ``c`` (2, -2 when it has none)."""
    mn = 2
    mx = -2
    for k in range(3):
        if cells[c, k]:
            sg = _SIGN[k]
            if sg < mn:
                mn = sg
            if sg > mx:
                mx = sg
    return mn, mx
