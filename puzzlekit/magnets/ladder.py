"""The Magnets ladder: pole < count < flux < gac < probe.

One variable per cell with three values (bit 0 = ``+``, 1 = ``-``, 2 = neutral).
An empty cell starts neutral and a given pole starts as that pole; everything
else starts open, and the margins are read by the rungs.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from ..core.ladder import Compiled, Ladder, Rung, State, probe_rung
from .model import Answer, Puzzle

__all__ = ["MagnetState", "initial_state", "decode", "encode", "LADDER", "pole", "count", "flux", "gac",
           "kernel_arrays"]


class MagnetState(State):
    """Candidate values of every cell; ``cells`` is the ``(n, 3)`` view.

    ``snap`` remembers, per line, its cells' bits when ``gac`` last solved
    it; a line whose bits still equal its snapshot is already consistent and is
    skipped.  Copies inherit the snapshot.
    """

    __slots__ = ("cells", "snap")

    def _init_views(self):
        self.cells = self.bits.reshape(-1, 3)
        if not hasattr(self, "snap"):
            self.snap = None

    def copy(self):
        new = super().copy()
        new.snap = None if self.snap is None else self.snap.copy()
        return new


def initial_state(puzzle: Puzzle) -> MagnetState:
    """Every cell open but the printed ones: an empty cell is neutral, a given
    pole is that pole.  Margin numbers are read by the rungs, never pre-applied.

    >>> p = Puzzle.from_json({"h": 1, "w": 2, "dominoes": ["LR"]})
    >>> int(initial_state(p).cells.sum())
    6
    >>> q = Puzzle.from_json({"h": 1, "w": 3, "dominoes": ["LR."], "given": ["-.."]})
    >>> initial_state(q).cells.astype(int).tolist()
    [[0, 1, 0], [1, 1, 1], [0, 0, 1]]
    """
    n = puzzle.h * puzzle.w
    s = MagnetState(puzzle, np.arange(0, 3 * n + 1, 3))
    holes = np.flatnonzero(puzzle.partner < 0)
    s.cells[holes] = (False, False, True)
    given = np.flatnonzero(puzzle.given >= 0)
    s.cells[given] = False
    s.cells[given, puzzle.given[given]] = True
    return s


def decode(state: State) -> Answer:
    """The answer of a fully decided state."""
    p = state.puzzle
    return Answer(state.values().reshape(p.h, p.w).astype(np.int8))


def encode(puzzle: Puzzle, answer: Answer) -> MagnetState:
    """The fully decided state of an answer (the inverse of :func:`decode`).

    >>> p = Puzzle.from_json({"h": 1, "w": 2, "dominoes": ["LR"]})
    >>> a = Answer.from_json({"grid": ["-+"]})
    >>> s = encode(p, a); s.solved(), decode(s) == a
    (True, True)
    """
    g = np.asarray(answer.grid).ravel()
    if g.size != puzzle.h * puzzle.w:
        raise ValueError(f"answer has {g.size} cells, puzzle {puzzle.h * puzzle.w}")
    s = initial_state(puzzle)
    s.cells[:] = False
    s.cells[np.arange(g.size), g] = True
    return s


def _fresh_snap(ln):
    return np.full((ln.shape[0], ln.shape[1], 3), -1, dtype=np.int8)


def compiled_data(p: Puzzle):
    """What the compiled loop reads: :func:`kernel_arrays` and one line
    snapshot shared by every state of one fixpoint or search.  A snapshot
    certifies that exactly those domains of a line are consistent, whatever
    state they come from, so sharing it across probe trials is exact."""
    arr = kernel_arrays(p)
    return arr + (_fresh_snap(arr[2]),)


def kernel_arrays(p: Puzzle):
    """Arrays the kernels read, built once per puzzle."""
    if not hasattr(p, "_karr"):
        p._karr = (p.partner, np.ascontiguousarray(p.grid.nbrs), p.lines, p.line_len,
                   p.line_plus, p.line_minus, p.crossing)
    return p._karr


def pole(state: MagnetState, counters) -> int:
    """Domino coupling (+ faces -, neutral faces neutral) and a pinned pole erasing
    itself from its four neighbours, run to its own fixpoint.  An empty cell
    has no partner to couple with (and, neutral, erases nothing).

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
    """Line consistency, one line at a time (adjacency along the line, the
    line's own dominoes, both clues): values no assignment of the line uses
    are removed.  A dynamic programme over (value, plus count, minus count),
    polynomial in the line's length; ``line assignments`` counts the line's
    legal assignments without enumerating them."""
    part, _, ln, ll, lp, lm, _ = kernel_arrays(state.puzzle)
    if getattr(state, "snap", None) is None:
        state.snap = _fresh_snap(ln)
    r, work, lines = _gac_jit(state.cells, part, ln, ll, lp, lm, state.snap)
    counters["line assignments"] += int(work)
    counters["open lines enumerated"] += int(lines)
    return int(r)




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
            if b >= 0:
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
    """Line consistency by dynamic programme: per line, the reachable
    (value, plus count, minus count) triples forward from the line's start
    and backward from its end; a value is kept when some forward triple at its
    cell meets a backward one.  Work counts the line's complete assignments
    (a rolling count, no enumeration)."""
    changed = False
    work = 0
    nlines = 0
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
        for i in range(n):
            c = ln[l, i]
            if (1 if cells[c, 0] else 0) + (1 if cells[c, 1] else 0) + (1 if cells[c, 2] else 0) > 1:
                nlines += 1
                break
        A = P + 1 if P >= 0 else 1
        B = M + 1 if M >= 0 else 1
        fwd = np.zeros((n, 3, A, B), dtype=np.bool_)
        cnt = np.zeros((3, A, B), dtype=np.float64)
        nxt = np.zeros((3, A, B), dtype=np.float64)
        c0 = ln[l, 0]
        for v in range(3):
            if cells[c0, v]:
                a = 1 if (v == 0 and P >= 0) else 0
                b = 1 if (v == 1 and M >= 0) else 0
                if a < A and b < B:
                    fwd[0, v, a, b] = True
                    cnt[v, a, b] = 1.0
        for i in range(1, n):
            c = ln[l, i]
            pc = ln[l, i - 1]
            dom = part[c] == pc
            nxt[:, :, :] = 0.0
            for v in range(3):
                if not cells[c, v]:
                    continue
                da = 1 if (v == 0 and P >= 0) else 0
                db = 1 if (v == 1 and M >= 0) else 0
                for pv in range(3):
                    if v < 2 and pv == v:
                        continue
                    if dom and ((v == 2) != (pv == 2)):
                        continue
                    for a in range(A - da):
                        for b in range(B - db):
                            if fwd[i - 1, pv, a, b]:
                                fwd[i, v, a + da, b + db] = True
                                nxt[v, a + da, b + db] += cnt[pv, a, b]
            cnt, nxt = nxt, cnt
        # backward: bwd[v, a, b] at position i = a completion to the end exists
        bwd = np.zeros((3, A, B), dtype=np.bool_)
        prv = np.zeros((3, A, B), dtype=np.bool_)
        fa = P if P >= 0 else 0
        fb = M if M >= 0 else 0
        total = 0.0
        for v in range(3):
            total += cnt[v, fa, fb]
        work += np.int64(min(total, 4.0e18))
        sup = np.zeros((n, 3), dtype=np.bool_)
        any_ok = False
        for v in range(3):
            if fwd[n - 1, v, fa, fb]:
                bwd[v, fa, fb] = True
                sup[n - 1, v] = True
                any_ok = True
        if not any_ok:
            return -1, work, nlines
        for i in range(n - 2, -1, -1):
            c = ln[l, i]
            nc = ln[l, i + 1]
            dom = part[nc] == c
            prv[:, :, :] = False
            for v in range(3):
                if not cells[c, v]:
                    continue
                for nv in range(3):
                    if not cells[nc, nv]:
                        continue
                    if nv < 2 and nv == v:
                        continue
                    if dom and ((v == 2) != (nv == 2)):
                        continue
                    da = 1 if (nv == 0 and P >= 0) else 0
                    db = 1 if (nv == 1 and M >= 0) else 0
                    for a in range(A - da):
                        for b in range(B - db):
                            if bwd[nv, a + da, b + db]:
                                prv[v, a, b] = True
            for v in range(3):
                for a in range(A):
                    for b in range(B):
                        if prv[v, a, b] and fwd[i, v, a, b]:
                            sup[i, v] = True
            bwd, prv = prv, bwd
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


@njit(cache=True)
def _apply_jit(i, bits, data, work):
    """Rung ``i`` for the core's compiled loop (``data`` is :func:`kernel_arrays`)."""
    part, nb, ln, ll, lp, lm, cr, snap = data
    cells = bits.reshape((bits.size // 3, 3))
    if i == 0:
        r, w = _pole_jit(cells, part, nb)
        work[0] += w
    elif i == 1:
        r, w = _count_jit(cells, ln, ll, lp, lm)
        work[1] += w
    elif i == 2:
        r, w = _flux_jit(cells, ln, ll, lp, lm, cr)
        work[2] += w
    else:
        r, w, lines = _gac_jit(cells, part, ln, ll, lp, lm, snap)
        work[3] += w
        work[4] += lines
    return r


@njit(cache=True)
def _legal_jit(bits, data):
    """The rules on a decided state: dominoes, untouching poles, margins
    (empty cells and given poles are fixed in the initial state)."""
    part, nb, ln, ll, lp, lm, cr, snap = data
    n = bits.size // 3
    val = np.empty(n, np.int64)
    for c in range(n):
        val[c] = 0 if bits[3 * c] else (1 if bits[3 * c + 1] else 2)
    for c in range(n):
        p = part[c]
        if p < 0:
            if val[c] != 2:
                return False
        elif (val[c] == 2) != (val[p] == 2) or (val[c] < 2 and val[c] == val[p]):
            return False
        for d in range(nb.shape[1]):
            m = nb[c, d]
            if m >= 0 and val[c] < 2 and val[c] == val[m]:
                return False
    for l in range(ln.shape[0]):
        plus = 0
        minus = 0
        for i in range(ll[l]):
            v = val[ln[l, i]]
            if v == 0:
                plus += 1
            elif v == 1:
                minus += 1
        if (lp[l] >= 0 and plus != lp[l]) or (lm[l] >= 0 and minus != lm[l]):
            return False
    return True


# ---------------------------------------------------------------- the ladder
LADDER = Ladder([
    Rung("pole", pole, "#7f7f7f", "domino coupling; a pinned pole erases that pole next door"),
    Rung("count", count, "#1f77b4", "per-sign census of each clue over its whole line"),
    Rung("flux", flux, "#2ca02c", "signed sum over crossing cells: bounds and parity"),
    Rung("gac", gac, "#9467bd", "every line solved exactly; unsupported values removed"),
    probe_rung("#d62728"),
], compiled=Compiled(apply=_apply_jit, data=compiled_data, legal=_legal_jit,
                     work=("pole scans", "census checks", "flux sums", "line assignments",
                           "open lines enumerated")))
