"""The Magnets ladder: pole < count < flux < gac < probe.

One variable per cell with three values (bit 0 = ``+``, 1 = ``-``, 2 = neutral).
An empty cell starts neutral and a given pole starts as that pole; everything
else starts open, and the margins are read by the rungs.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from ..core._nb import lowbit64
from ..core.ladder import Compiled, Ladder, Rung, State, probe_rung
from .model import Answer, Puzzle

__all__ = ["MagnetState", "initial_state", "decode", "encode", "LADDER", "pole", "count", "flux", "gac",
           "kernel_arrays"]


class MagnetState(State):
    """Candidate values of every cell; ``cells`` is the ``(n, 3)`` view.

    ``snap`` and ``memo`` remember, per line, its cells' bits when ``gac``
    last solved it; a line whose bits still equal its snapshot is already
    consistent and is skipped.  Copies inherit them (see :func:`_fresh_snap`
    and :func:`_fresh_memo`).
    """

    __slots__ = ("cells", "snap", "memo")

    def _init_views(self):
        self.cells = self.bits.reshape(-1, 3)
        if not hasattr(self, "snap"):
            self.snap = None
            self.memo = None

    def copy(self):
        new = super().copy()
        new.snap = None if self.snap is None else self.snap.copy()
        new.memo = None if self.memo is None else self.memo.copy()
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


def _fresh_snap(p: Puzzle):
    """gac's memory, flat int8: per line of more than 21 cells its cells' bits
    when gac last solved it (``3 * (l * W + i) + k``, all -1 at first: equal
    to nothing; shorter lines keep theirs in :func:`_fresh_memo`), then
    gac's last output (``3n``), per line whether it changed after gac passed
    it in that call (``L``), and whether that output is set (1)."""
    L, W = p.lines.shape
    snap = np.full(3 * L * W + 3 * p.h * p.w + L + 1, -1, dtype=np.int8)
    snap[-1] = 0
    return snap


def compiled_data(p: Puzzle):
    """What the compiled loop reads: ``(ct, lt, snap, U, F, memo)``, the
    tables of :func:`kernel_tables`, and one line snapshot and one memory of
    line outcomes shared by every state of one fixpoint or search.  A
    snapshot certifies that exactly those domains of a line are consistent,
    and a remembered outcome is a function of the line's domains alone,
    whatever state they come from, so sharing them across probe trials is
    exact.  (Every array of this tuple costs each rung call a little, hence
    few arrays.)"""
    ct, lt, U, F = kernel_tables(p)
    return ct, lt, _fresh_snap(p), U, F, _fresh_memo(p)


_MEMO_WAYS = 8
_MEMO_STRIDE = 2 + 3 * _MEMO_WAYS


def _fresh_memo(p: Puzzle):
    """gac's memory of lines of at most 21 cells, uint64, per line: the index
    of the next entry to replace, the line's bits (3 a cell) when gac last
    solved it (its snapshot), then a ring of ``_MEMO_WAYS`` entries of
    outcomes (the line's bits; the bits left after gac, all ones for no
    assignment; the work).  All ones is no line's bits (they use 63 bits at
    most)."""
    memo = np.full(p.lines.shape[0] * _MEMO_STRIDE, np.iinfo(np.uint64).max, dtype=np.uint64)
    memo[::_MEMO_STRIDE] = 0
    return memo


def kernel_tables(p: Puzzle):
    """The kernels' tables, built once per puzzle: ``(ct, lt, U, F)``.

    ``ct`` (int32, one row per cell): columns 0-3 the neighbours
    (:func:`kernel_arrays`), 4 the partner, then pole's scratch: 5 its
    queue, 6-8 its removal log (entry ``k`` at ``[k // 3, 6 + k % 3]``), 9
    the queued flag, 10-12 its last output and ``[0, 13]`` whether that is
    set; 14-15 the cell's row and column (line indices).  ``lt`` (int32, one
    row per line, ``W`` = the longest line): its cells (``W`` columns, -1
    padded), its crossing flags (``W``), then its length, plus and minus
    margins.  ``U`` (uint64) and ``F`` (float64): gac's
    scratch, support masks ``U[:W]``, the words of :func:`_gac_word_jit`
    ``U[W:4W]`` and its counts ``F[:384]``, then the arrays of
    :func:`_gac_bits_jit` (margins capped at 62).  Scratch never outlives
    one kernel call, but pole's last output, which is always a fixpoint of
    its rules with no empty cell.
    """
    if not hasattr(p, "_ktab"):
        part, nb, ln, ll, lp, lm, cr = kernel_arrays(p)
        n, W = p.h * p.w, ln.shape[1]
        ct = np.zeros((n, 16), np.int32)
        ct[:, 14] = np.arange(n) // p.w
        ct[:, 15] = p.h + np.arange(n) % p.w
        ct[:, :4] = nb
        ct[:, 4] = part
        lt = np.concatenate([ln, cr.astype(np.int32), np.stack([ll, lp, lm], axis=1)],
                            axis=1).astype(np.int32)
        A = min(max(int(lp.max(initial=0)), 0), 62) + 1
        B = min(max(int(lm.max(initial=0)), 0), 62) + 1
        p._ktab = (ct, np.ascontiguousarray(lt), np.zeros(4 * W + 6 * W * B, np.uint64),
                   np.zeros(384 + 6 * B * A, np.float64))
    return p._ktab


def kernel_arrays(p: Puzzle):
    """The puzzle's arrays by name, built once per puzzle: partner,
    neighbours, lines, line lengths, plus and minus margins, crossing flags
    (:func:`kernel_tables` packs them for the kernels)."""
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
    r, work = _pole_jit(state.cells, kernel_tables(state.puzzle)[0])
    counters["pole scans"] += int(work)
    return int(r)


def count(state: MagnetState, counters) -> int:
    """Each margin number as a census of one sign over every cell of its line:
    as many cells may carry the sign as the clue says, and no more."""
    r, work = _count_jit(state.cells, kernel_tables(state.puzzle)[1])
    counters["census checks"] += int(work)
    return int(r)


def flux(state: MagnetState, counters) -> int:
    """plus - minus = the signed sum over the line's crossing cells: interval
    bounds on that sum, and its parity (= number of magnetised crossing cells)."""
    r, work = _flux_jit(state.cells, kernel_tables(state.puzzle)[1])
    counters["flux sums"] += int(work)
    return int(r)


def gac(state: MagnetState, counters) -> int:
    """Line consistency, one line at a time (adjacency along the line, the
    line's own dominoes, both clues): values no assignment of the line uses
    are removed.  A dynamic programme over (value, plus count, minus count),
    polynomial in the line's length; ``line assignments`` counts the line's
    legal assignments without enumerating them."""
    ct, lt, U, F = kernel_tables(state.puzzle)
    if getattr(state, "snap", None) is None or getattr(state, "memo", None) is None:
        state.snap = _fresh_snap(state.puzzle)
        state.memo = _fresh_memo(state.puzzle)
    r, work, lines = _gac_jit(state.cells, ct, lt, state.snap, U, F, state.memo)
    counters["line assignments"] += int(work)
    counters["open lines enumerated"] += int(lines)
    return int(r)




# ---------------------------------------------------------------- kernels
@njit(cache=True)
def _pole_jit(cells, ct):
    """Pole's rules to their fixpoint, as :func:`_pole_scan_jit` reaches it,
    taking again only the cells that may fire.  ``ct`` columns 10-12 hold
    the output of an earlier call that ended without contradiction
    (``ct[0, 13]`` set): a fixpoint with no empty cell.  When the cells are
    a narrowing of it, only the cells that differ from it and their
    partners start the queue (column 5); otherwise one sweep over every
    cell does, queueing the cells it changes behind it.  Taking a cell
    couples it to its partner and, when it is a pinned pole, erases that
    pole from its neighbours; a cell that loses a value is queued with its
    partner.  A contradiction in the sweep stops it as the plain sweeps do;
    one found in the queue undoes the queue's removals (logged in columns
    6-8) and hands the cells, as the queue found them, to
    :func:`_pole_scan_jit`, so a contradiction always leaves the cells as
    the plain sweeps do.  The queued flags (column 9) are all zero between
    calls.  Work counts the cells taken."""
    n = cells.shape[0]
    size = 0
    work = 0
    narrowed = ct[0, 13] == 1
    if narrowed:
        for x in range(n):
            c0 = cells[x, 0]
            c1 = cells[x, 1]
            c2 = cells[x, 2]
            l0 = ct[x, 10] != 0
            l1 = ct[x, 11] != 0
            l2 = ct[x, 12] != 0
            if c0 != l0 or c1 != l1 or c2 != l2:
                if (c0 and not l0) or (c1 and not l1) or (c2 and not l2):
                    narrowed = False
                    break
                if ct[x, 9] == 0:
                    ct[x, 9] = 1
                    ct[size, 5] = x
                    size += 1
                z = ct[x, 4]
                if z >= 0 and ct[z, 9] == 0:
                    ct[z, 9] = 1
                    ct[size, 5] = z
                    size += 1
        if not narrowed:
            for t in range(size):
                ct[ct[t, 5], 9] = 0
            size = 0
        elif size == 0:
            return 0, 0
    changed = False
    if not narrowed:
        for a in range(n):
            b = ct[a, 4]
            if b >= 0:
                lost = False
                if cells[a, 0] and not cells[b, 1]:
                    cells[a, 0] = False
                    lost = True
                if cells[a, 1] and not cells[b, 0]:
                    cells[a, 1] = False
                    lost = True
                if cells[a, 2] and not cells[b, 2]:
                    cells[a, 2] = False
                    lost = True
                if lost:
                    changed = True
                    if b < a and ct[b, 9] == 0:
                        ct[b, 9] = 1
                        ct[size, 5] = b
                        size += 1
            c0 = cells[a, 0]
            c1 = cells[a, 1]
            if not (c0 or c1 or cells[a, 2]):
                for t in range(size):
                    ct[ct[t, 5], 9] = 0
                return -1, a + 1
            if c0 != c1 and not cells[a, 2]:
                v = 0 if c0 else 1
                for d in range(4):
                    j = ct[a, d]
                    if j >= 0 and cells[j, v]:
                        cells[j, v] = False
                        changed = True
                        if j <= a and ct[j, 9] == 0:
                            ct[j, 9] = 1
                            ct[size, 5] = j
                            size += 1
                        z = ct[j, 4]
                        if 0 <= z <= a and ct[z, 9] == 0:
                            ct[z, 9] = 1
                            ct[size, 5] = z
                            size += 1
        work = n
    # the queue: a ring of at most n cells, each at most once
    head = 0
    nlog = 0
    while size > 0:
        x = ct[head, 5]
        head = head + 1 if head + 1 < n else 0
        size -= 1
        ct[x, 9] = 0
        work += 1
        b = ct[x, 4]
        if b >= 0:
            lost = False
            for va, vb in ((0, 1), (1, 0), (2, 2)):
                if cells[x, va] and not cells[b, vb]:
                    cells[x, va] = False
                    ct[nlog // 3, 6 + nlog % 3] = 3 * x + va
                    nlog += 1
                    lost = True
            if lost and ct[b, 9] == 0:
                ct[b, 9] = 1
                t = head + size
                ct[t if t < n else t - n, 5] = b
                size += 1
        c0 = cells[x, 0]
        c1 = cells[x, 1]
        if not (c0 or c1 or cells[x, 2]):
            while size > 0:
                ct[ct[head, 5], 9] = 0
                head = head + 1 if head + 1 < n else 0
                size -= 1
            for t in range(nlog):
                e = ct[t // 3, 6 + t % 3]
                cells[e // 3, e % 3] = True
            if narrowed:
                return _pole_scan_jit(cells, ct)
            r, w = _pole_scan_jit(cells, ct)
            return r, work + w
        if c0 != c1 and not cells[x, 2]:
            v = 0 if c0 else 1
            for d in range(4):
                j = ct[x, d]
                if j >= 0 and cells[j, v]:
                    cells[j, v] = False
                    ct[nlog // 3, 6 + nlog % 3] = 3 * j + v
                    nlog += 1
                    if ct[j, 9] == 0:
                        ct[j, 9] = 1
                        t = head + size
                        ct[t if t < n else t - n, 5] = j
                        size += 1
                    z = ct[j, 4]
                    if z >= 0 and ct[z, 9] == 0:
                        ct[z, 9] = 1
                        t = head + size
                        ct[t if t < n else t - n, 5] = z
                        size += 1
    for x in range(n):
        ct[x, 10] = 1 if cells[x, 0] else 0
        ct[x, 11] = 1 if cells[x, 1] else 0
        ct[x, 12] = 1 if cells[x, 2] else 0
    ct[0, 13] = 1
    return (1 if changed or nlog > 0 else 0), work


@njit(cache=True)
def _pole_scan_jit(cells, ct):
    """Pole's rules by plain sweeps over every cell until one removes
    nothing; a cell found with no value stops the sweep at once."""
    n = cells.shape[0]
    changed = False
    work = 0
    again = True
    while again:
        again = False
        for a in range(n):
            work += 1
            b = ct[a, 4]
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
                    j = ct[a, d]
                    if j >= 0 and cells[j, v]:
                        cells[j, v] = False
                        again = True
        if again:
            changed = True
    return (1 if changed else 0), work


@njit(cache=True)
def _count_jit(cells, lt):
    """Each clued sign of each line in turn (lines in order, plus before
    minus): its candidates and sure cells against the clue.  One scan gives
    both signs' tallies; minus is tallied again only when plus removed
    something from the line."""
    W2 = lt.shape[1] - 3
    changed = False
    work = 0
    for l in range(lt.shape[0]):
        P = lt[l, W2 + 1]
        M = lt[l, W2 + 2]
        if P < 0 and M < 0:
            continue
        n = lt[l, W2]
        cand0 = 0
        sure0 = 0
        cand1 = 0
        sure1 = 0
        for i in range(n):
            c = lt[l, i]
            a0 = cells[c, 0]
            a1 = cells[c, 1]
            a2 = cells[c, 2]
            if a0:
                cand0 += 1
                if not a1 and not a2:
                    sure0 += 1
            if a1:
                cand1 += 1
                if not a0 and not a2:
                    sure1 += 1
        for s in range(2):
            clue = P if s == 0 else M
            if clue < 0:
                continue
            work += 1
            cand = cand0 if s == 0 else cand1
            sure = sure0 if s == 0 else sure1
            if sure > clue or cand < clue:
                return -1, work
            hit = False
            if cand == clue and sure < cand:
                for i in range(n):
                    c = lt[l, i]
                    if cells[c, s]:
                        for k in range(3):
                            if k != s and cells[c, k]:
                                cells[c, k] = False
                                hit = True
            elif sure == clue and sure < cand:
                for i in range(n):
                    c = lt[l, i]
                    if cells[c, s] and (cells[c, 2] or cells[c, 1 - s]):
                        cells[c, s] = False
                        hit = True
            if hit:
                changed = True
                if s == 0:          # plus narrowed the line: tally minus again
                    cand1 = 0
                    sure1 = 0
                    for i in range(n):
                        c = lt[l, i]
                        if cells[c, 1]:
                            cand1 += 1
                            if not cells[c, 0] and not cells[c, 2]:
                                sure1 += 1
    return (1 if changed else 0), work


@njit(cache=True)
def _flux_jit(cells, lt):
    W2 = lt.shape[1] - 3
    changed = False
    work = 0
    for l in range(lt.shape[0]):
        if lt[l, W2 + 1] < 0 or lt[l, W2 + 2] < 0:
            continue
        work += 1
        d = lt[l, W2 + 1] - lt[l, W2 + 2]
        lo = 0
        hi = 0
        known = 0       # crossing cells known magnetised
        unknown = 0     # crossing cells whose magnetisation is open
        last = -1
        for i in range(lt[l, W2]):
            if not lt[l, W2 // 2 + i]:
                continue
            c = lt[l, i]
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
        for i in range(lt[l, W2]):
            if not lt[l, W2 // 2 + i]:
                continue
            c = lt[l, i]
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
def _gac_jit(cells, ct, lt, snap, U, F, memo):
    """Line consistency, line by line in order.  A line whose cells equal its
    snapshot is skipped; otherwise its supported values come from
    :func:`_gac_word_jit`, :func:`_gac_bits_jit` or :func:`_gac_dense_jit`;
    a line with no assignment is a contradiction (the lines before it stay
    narrowed), and every unsupported value of any other line is removed.
    When this snapshot's last output is set, only the lines through a cell
    that differs from it, or that changed after the pass went by, are
    compared with their snapshots: the others still equal theirs.  A line
    of at most 21 cells is first looked up in ``memo`` (see
    :func:`_fresh_memo`) by its bits: the outcome of a line is a function
    of its bits alone.  Work counts the line's complete assignments."""
    W2 = lt.shape[1] - 3
    W = W2 // 2
    nl = lt.shape[0]
    zero = np.uint64(0)
    one = np.uint64(1)
    nc = cells.shape[0]
    z0 = 3 * nl * W             # the last output
    d0 = z0 + 3 * nc            # per line: compare it with its snapshot
    if snap[d0 + nl] == 1:
        for c in range(nc):
            z = z0 + 3 * c
            if (snap[z] != (1 if cells[c, 0] else 0) or snap[z + 1] != (1 if cells[c, 1] else 0)
                    or snap[z + 2] != (1 if cells[c, 2] else 0)):
                snap[d0 + ct[c, 14]] = 1
                snap[d0 + ct[c, 15]] = 1
    else:
        for l in range(nl):
            snap[d0 + l] = 1
    snap[d0 + nl] = 0
    changed = False
    work = 0
    nlines = 0
    for l in range(nl):
        if snap[d0 + l] == 0:
            continue
        snap[d0 + l] = 0
        n = lt[l, W2]
        e = l * _MEMO_STRIDE
        opened = False
        key = ~zero
        hit = -1
        if n <= 21:                 # the line's bits as one word
            key = zero
            for i in range(n):
                c = lt[l, i]
                code = (1 if cells[c, 0] else 0) | (2 if cells[c, 1] else 0) | (4 if cells[c, 2] else 0)
                if code & (code - 1):
                    opened = True
                key |= np.uint64(code) << np.uint64(3 * i)
            if key == memo[e + 1]:
                continue
            for t in range(_MEMO_WAYS):
                if memo[e + 2 + 3 * t] == key:
                    hit = e + 2 + 3 * t
                    break
        else:
            clean = True
            for i in range(n):
                c = lt[l, i]
                q = 3 * (l * W + i)
                if (snap[q] != (1 if cells[c, 0] else 0) or snap[q + 1] != (1 if cells[c, 1] else 0)
                        or snap[q + 2] != (1 if cells[c, 2] else 0)):
                    clean = False
                    break
            if clean:
                continue
            for i in range(n):
                c = lt[l, i]
                if (1 if cells[c, 0] else 0) + (1 if cells[c, 1] else 0) + (1 if cells[c, 2] else 0) > 1:
                    opened = True
                    break
        if opened:
            nlines += 1
        P = lt[l, W2 + 1]
        M = lt[l, W2 + 2]
        if hit >= 0:
            ok = memo[hit + 1] != ~zero
            w = np.int64(memo[hit + 2])
            sc = memo[hit + 1]
            if ok:
                for j in range(n):
                    U[j] = (sc >> np.uint64(3 * j)) & np.uint64(7)
        elif P < 63 and (P + 1 if P >= 0 else 1) * (M + 1 if M >= 0 else 1) <= 64:
            ok, total = _gac_word_jit(cells, ct, lt, l, n, P, M, U, F, opened)
        elif P < 63 and M < 63:
            B = (U.size - 4 * W) // (6 * W)
            A = (F.size - 384) // (6 * B)
            ok, total = _gac_bits_jit(cells, ct, lt, l, n, P, M,
                                      U[4 * W:4 * W + 3 * W * B].reshape((W, 3, B)),
                                      U[4 * W + 3 * W * B:].reshape((W, 3, B)),
                                      F[384:].reshape((2, 3, B, A)), U[:W])
        else:
            ok, total = _gac_dense_jit(cells, ct, lt, l, n, P, M, U[:W])
        if hit < 0:
            w = np.int64(min(total, 4.0e18))
            sc = ~zero
            if key != ~zero:        # remember the line's outcome
                t = e + 2 + 3 * np.int64(memo[e])
                memo[e] = (memo[e] + one) % np.uint64(_MEMO_WAYS)
                memo[t] = key
                memo[t + 2] = np.uint64(w)
                if ok:
                    sc = zero
                    for j in range(n):
                        sc |= U[j] << np.uint64(3 * j)
                memo[t + 1] = sc
        work += w
        if not ok:
            return -1, work, nlines
        for j in range(n):
            c = lt[l, j]
            s = int(U[j])
            for k in range(3):
                if cells[c, k] and not (s >> k) & 1:
                    cells[c, k] = False
                    changed = True
                    x = ct[c, 15] if ct[c, 14] == l else ct[c, 14]
                    snap[d0 + x] = 1
            if key == ~zero:
                q = 3 * (l * W + j)
                for k in range(3):
                    snap[q + k] = 1 if cells[c, k] else 0
        if key != ~zero:
            memo[e + 1] = sc        # the line's bits now
    for c in range(nc):
        z = z0 + 3 * c
        snap[z] = 1 if cells[c, 0] else 0
        snap[z + 1] = 1 if cells[c, 1] else 0
        snap[z + 2] = 1 if cells[c, 2] else 0
    snap[d0 + nl] = 1
    return (1 if changed else 0), work, nlines


@njit(cache=True)
def _gac_word_jit(cells, ct, lt, l, n, P, M, U, F, opened):
    """One line's dynamic programme with every (plus count, minus count) pair
    of a value as one bit of one word, bit ``a + A * b`` (``A * B`` <= 64).
    Word ``U[W + 3 * i + v]``: the pairs some prefix ending at cell ``i``
    with value ``v`` reaches; narrowed in place, backward, to those some
    completion carries to the margins.  ``U[i]`` gets the bit mask of the
    values of cell ``i`` on some complete assignment.  Returns (any
    assignment, number of complete assignments); the count runs over the
    pairs left in the words (``F[:384]`` its scratch), or is 1 when
    ``opened`` is false (every cell decided)."""
    W = (lt.shape[1] - 3) // 2
    one = np.uint64(1)
    zero = np.uint64(0)
    A = P + 1 if P >= 0 else 1
    B = M + 1 if M >= 0 else 1
    AB = A * B
    full = ~zero if AB == 64 else (one << np.uint64(AB)) - one
    top = zero                    # pairs whose plus count is A - 1
    for b in range(B):
        top |= one << np.uint64(A - 1 + A * b)
    low = full & ~top
    sa = np.uint64(A)
    # forward; the start is the pair (0, 0) before the first cell
    f0 = zero
    f1 = zero
    f2 = one
    dom = False
    for i in range(n):
        c = lt[l, i]
        if i > 0:
            dom = ct[c, 4] == lt[l, i - 1]
        g0 = f1 if dom else f1 | f2
        g1 = f0 if dom else f0 | f2
        g2 = f2 if dom else f0 | f1 | f2
        if P >= 0:
            g0 = (g0 & low) << one
        if M >= 0:
            g1 = (g1 << sa) & full
        f0 = g0 if cells[c, 0] else zero
        f1 = g1 if cells[c, 1] else zero
        f2 = g2 if cells[c, 2] else zero
        U[W + 3 * i + 0] = f0
        U[W + 3 * i + 1] = f1
        U[W + 3 * i + 2] = f2
    fa = P if P >= 0 else 0
    fb = M if M >= 0 else 0
    last = one << np.uint64(fa + A * fb)
    s = 0
    for v in range(3):
        m = U[W + 3 * (n - 1) + v] & last
        U[W + 3 * (n - 1) + v] = m
        if m != zero:
            s |= 1 << v
    U[n - 1] = s
    if s == 0:
        return False, 0.0
    for i in range(n - 2, -1, -1):
        dom = ct[lt[l, i + 1], 4] == lt[l, i]
        p0 = U[W + 3 * (i + 1) + 0]
        if P >= 0:
            p0 = (p0 >> one) & low
        p1 = U[W + 3 * (i + 1) + 1]
        if M >= 0:
            p1 = p1 >> sa
        p2 = U[W + 3 * (i + 1) + 2]
        g0 = U[W + 3 * i + 0] & (p1 if dom else p1 | p2)
        g1 = U[W + 3 * i + 1] & (p0 if dom else p0 | p2)
        g2 = U[W + 3 * i + 2] & (p2 if dom else p0 | p1 | p2)
        U[W + 3 * i + 0] = g0
        U[W + 3 * i + 1] = g1
        U[W + 3 * i + 2] = g2
        U[i] = (1 if g0 != zero else 0) | (2 if g1 != zero else 0) | (4 if g2 != zero else 0)
    if not opened:              # every cell decided: that one assignment
        return True, 1.0
    # count the complete assignments over the pairs left in fw: every pair
    # of a complete assignment is there, and so is every pair feeding one.
    # F[(3 * (i & 1) + v) * 64 + k] holds the count of pair k of cell i's
    # value v; every other entry of F[:384] is zero on entry and on return
    for v in range(3):
        if U[W + v] != zero:
            F[v * 64 + lowbit64(U[W + v])] = 1.0
    for i in range(1, n):
        c0 = 3 * (i & 1) * 64
        p0 = 3 * (1 - (i & 1)) * 64
        p1 = p0 + 64
        p2 = p0 + 128
        dom = ct[lt[l, i], 4] == lt[l, i - 1]
        m = U[W + 3 * i]                    # +: from - (or neutral)
        sh = 1 if P >= 0 else 0
        while m != zero:
            k = lowbit64(m)
            m &= m - one
            F[c0 + k] = F[p1 + k - sh] if dom else F[p1 + k - sh] + F[p2 + k - sh]
        m = U[W + 3 * i + 1]                # -: from + (or neutral)
        sh = A if M >= 0 else 0
        while m != zero:
            k = lowbit64(m)
            m &= m - one
            F[c0 + 64 + k] = F[p0 + k - sh] if dom else F[p0 + k - sh] + F[p2 + k - sh]
        m = U[W + 3 * i + 2]                # neutral: from neutral (or any)
        while m != zero:
            k = lowbit64(m)
            m &= m - one
            F[c0 + 128 + k] = F[p2 + k] if dom else F[p0 + k] + F[p1 + k] + F[p2 + k]
        for v in range(3):                  # cell i - 1 is read: clear it
            m = U[W + 3 * (i - 1) + v]
            while m != zero:
                F[p0 + 64 * v + lowbit64(m)] = 0.0
                m &= m - one
    total = 0.0
    r0 = 3 * ((n - 1) & 1) * 64
    for v in range(3):
        m = U[W + 3 * (n - 1) + v]
        if m != zero:
            total += F[r0 + 64 * v + fa + A * fb]
        while m != zero:
            F[r0 + 64 * v + lowbit64(m)] = 0.0
            m &= m - one
    return True, total


@njit(cache=True)
def _gac_bits_jit(cells, ct, lt, l, n, P, M, fw, bw, cnt, sup):
    """One line's dynamic programme over (value, plus count, minus count) with
    the plus counts of one (value, minus count) as the bits of one word
    (``P``, ``M`` < 63).  ``fw[i, v, b]``: plus counts some prefix ending at
    cell ``i`` with value ``v`` and ``b`` minuses reaches; ``bw[i, v, b]``:
    those of them some completion carries to the margins.  ``sup[i]`` gets
    the bit mask of the values of cell ``i`` on some complete assignment.
    Returns (any assignment, number of complete assignments), the count
    taken over the states of ``bw`` only."""
    one = np.uint64(1)
    zero = np.uint64(0)
    A = P + 1 if P >= 0 else 1
    B = M + 1 if M >= 0 else 1
    full = (one << np.uint64(A)) - one
    c0 = lt[l, 0]
    for v in range(3):
        for b in range(B):
            fw[0, v, b] = zero
        if cells[c0, v]:
            a = 1 if (v == 0 and P >= 0) else 0
            b = 1 if (v == 1 and M >= 0) else 0
            if a < A and b < B:
                fw[0, v, b] = one << np.uint64(a)
    for i in range(1, n):
        c = lt[l, i]
        dom = ct[c, 4] == lt[l, i - 1]
        for v in range(3):
            for b in range(B):
                fw[i, v, b] = zero
            if not cells[c, v]:
                continue
            up = v == 0 and P >= 0
            db = 1 if (v == 1 and M >= 0) else 0
            for pv in range(3):
                if v < 2 and pv == v:
                    continue
                if dom and ((v == 2) != (pv == 2)):
                    continue
                for b in range(B - db):
                    m = fw[i - 1, pv, b]
                    if m != zero:
                        if up:
                            m = (m << one) & full
                        fw[i, v, b + db] |= m
    fa = P if P >= 0 else 0
    fb = M if M >= 0 else 0
    last = one << np.uint64(fa)
    s = 0
    for v in range(3):
        for b in range(B):
            bw[n - 1, v, b] = zero
        m = fw[n - 1, v, fb] & last
        bw[n - 1, v, fb] = m
        if m != zero:
            s |= 1 << v
    sup[n - 1] = s
    if s == 0:
        return False, 0.0
    for i in range(n - 2, -1, -1):
        c = lt[l, i]
        dom = ct[lt[l, i + 1], 4] == c
        s = 0
        for v in range(3):
            for b in range(B):
                bw[i, v, b] = zero
            if not cells[c, v]:
                continue
            for nv in range(3):
                if nv < 2 and nv == v:
                    continue
                if dom and ((v == 2) != (nv == 2)):
                    continue
                down = nv == 0 and P >= 0
                db = 1 if (nv == 1 and M >= 0) else 0
                for b in range(B - db):
                    m = bw[i + 1, nv, b + db]
                    if m != zero:
                        if down:
                            m = m >> one
                        bw[i, v, b] |= m
            live = zero
            for b in range(B):
                m = bw[i, v, b] & fw[i, v, b]
                bw[i, v, b] = m
                live |= m
            if live != zero:
                s |= 1 << v
        sup[i] = s
    # count the complete assignments, one (value, minus count) row of plus
    # counts at a time, over the rows of bw that hold a state: every state of
    # a complete assignment lies in such a row, and other entries never feed
    # the final state
    for v in range(3):
        for b in range(B):
            if bw[0, v, b] != zero:
                for a in range(A):
                    cnt[0, v, b, a] = 0.0
                a = 1 if (v == 0 and P >= 0) else 0
                cnt[0, v, b, a] = 1.0
    for i in range(1, n):
        cur = i & 1
        prv = 1 - cur
        dom = ct[lt[l, i], 4] == lt[l, i - 1]
        for v in range(3):
            da = 1 if (v == 0 and P >= 0) else 0
            db = 1 if (v == 1 and M >= 0) else 0
            for b in range(B):
                if bw[i, v, b] == zero:
                    continue
                row = cnt[cur, v, b]
                for a in range(A):
                    row[a] = 0.0
                if b < db:
                    continue
                for pv in range(3):
                    if v < 2 and pv == v:
                        continue
                    if dom and ((v == 2) != (pv == 2)):
                        continue
                    if bw[i - 1, pv, b - db] == zero:
                        continue
                    src = cnt[prv, pv, b - db]
                    for a in range(A - da):
                        row[a + da] += src[a]
    total = 0.0
    for v in range(3):
        if bw[n - 1, v, fb] != zero:
            total += cnt[(n - 1) & 1, v, fb, fa]
    return True, total


@njit(cache=True)
def _gac_dense_jit(cells, ct, lt, l, n, P, M, sup):
    """:func:`_gac_bits_jit` for any margins, one boolean per (value, plus
    count, minus count): forward reachability with rolling counts, then
    backward reachability meeting it."""
    A = P + 1 if P >= 0 else 1
    B = M + 1 if M >= 0 else 1
    fwd = np.zeros((n, 3, A, B), dtype=np.bool_)
    cnt = np.zeros((3, A, B), dtype=np.float64)
    nxt = np.zeros((3, A, B), dtype=np.float64)
    c0 = lt[l, 0]
    for v in range(3):
        if cells[c0, v]:
            a = 1 if (v == 0 and P >= 0) else 0
            b = 1 if (v == 1 and M >= 0) else 0
            if a < A and b < B:
                fwd[0, v, a, b] = True
                cnt[v, a, b] = 1.0
    for i in range(1, n):
        c = lt[l, i]
        pc = lt[l, i - 1]
        dom = ct[c, 4] == pc
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
    bwd = np.zeros((3, A, B), dtype=np.bool_)
    prv = np.zeros((3, A, B), dtype=np.bool_)
    fa = P if P >= 0 else 0
    fb = M if M >= 0 else 0
    total = 0.0
    for v in range(3):
        total += cnt[v, fa, fb]
    s = 0
    for v in range(3):
        if fwd[n - 1, v, fa, fb]:
            bwd[v, fa, fb] = True
            s |= 1 << v
    sup[n - 1] = s
    if s == 0:
        return False, total
    for i in range(n - 2, -1, -1):
        c = lt[l, i]
        nc = lt[l, i + 1]
        dom = ct[nc, 4] == c
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
        s = 0
        for v in range(3):
            for a in range(A):
                for b in range(B):
                    if prv[v, a, b] and fwd[i, v, a, b]:
                        s |= 1 << v
        sup[i] = s
        bwd, prv = prv, bwd
    return True, total


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
    """Rung ``i`` for the core's compiled loop (``data`` is :func:`compiled_data`)."""
    cells = bits.reshape((bits.size // 3, 3))
    if i == 0:
        r, w = _pole_jit(cells, data[0])
        work[0] += w
    elif i == 1:
        r, w = _count_jit(cells, data[1])
        work[1] += w
    elif i == 2:
        r, w = _flux_jit(cells, data[1])
        work[2] += w
    else:
        r, w, lines = _gac_jit(cells, data[0], data[1], data[2], data[3], data[4], data[5])
        work[3] += w
        work[4] += lines
    return r


@njit(cache=True)
def _legal_jit(bits, data):
    """The rules on a decided state: dominoes, untouching poles, margins
    (empty cells and given poles are fixed in the initial state)."""
    ct = data[0]
    lt = data[1]
    W2 = lt.shape[1] - 3
    n = bits.size // 3
    val = np.empty(n, np.int64)
    for c in range(n):
        val[c] = 0 if bits[3 * c] else (1 if bits[3 * c + 1] else 2)
    for c in range(n):
        p = ct[c, 4]
        if p < 0:
            if val[c] != 2:
                return False
        elif (val[c] == 2) != (val[p] == 2) or (val[c] < 2 and val[c] == val[p]):
            return False
        for d in range(4):
            m = ct[c, d]
            if m >= 0 and val[c] < 2 and val[c] == val[m]:
                return False
    for l in range(lt.shape[0]):
        plus = 0
        minus = 0
        for i in range(lt[l, W2]):
            v = val[lt[l, i]]
            if v == 0:
                plus += 1
            elif v == 1:
                minus += 1
        if (lt[l, W2 + 1] >= 0 and plus != lt[l, W2 + 1]) or (lt[l, W2 + 2] >= 0 and minus != lt[l, W2 + 2]):
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
