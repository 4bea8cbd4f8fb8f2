"""The Magnets ladder: pole < count < flux < gac < probe.

One variable per cell with three values (bit 0 = ``+``, 1 = ``-``, 2 = neutral).
An empty cell starts neutral and a given pole starts as that pole; everything
else starts open, and the margins are read by the rungs.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from ..core._nb import call
from ..core.ladder import Compiled, Ladder, Rung, State, probe_rung
from .kernels import _count_jit, _flux_jit, _pole_jit
from .lines import _gac_jit
from .model import Answer, Puzzle
from .tables import _fresh_memo, _fresh_snap, compiled_data, kernel_arrays, kernel_tables

__all__ = ["MagnetState", "initial_state", "decode", "encode", "LADDER", "pole", "count", "flux",
           "gac", "kernel_arrays"]


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
    s = initial_state(puzzle)
    s.assign_all(answer.grid)
    return s


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


# ---------------------------------------------------------------- the compiled loop

@njit(cache=True)
def _apply_jit(i, bits, data, work):
    """Rung ``i`` for the core's compiled loop (``data`` is :func:`compiled_data`)."""
    cells = bits.reshape((bits.size // 3, 3))
    if i == 0:
        r, w = call(_pole_jit, cells, data[0])
        work[0] += w
    elif i == 1:
        r, w = call(_count_jit, cells, data[1])
        work[1] += w
    elif i == 2:
        r, w = call(_flux_jit, cells, data[1])
        work[2] += w
    else:
        r, w, lines = call(_gac_jit, cells, data[0], data[1], data[2], data[3], data[4],
                           data[5])
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
    for line in range(lt.shape[0]):
        plus = 0
        minus = 0
        for i in range(lt[line, W2]):
            v = val[lt[line, i]]
            if v == 0:
                plus += 1
            elif v == 1:
                minus += 1
        if lt[line, W2 + 1] >= 0 and plus != lt[line, W2 + 1]:
            return False
        if lt[line, W2 + 2] >= 0 and minus != lt[line, W2 + 2]:
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
