"""Stostone's rung ladder: one {blank, shaded} variable per cell, narrowed by
col, clue, fit, drop and probe.

``col`` is the counting half of rule 4: a column holding h/2 shaded cells
blanks the rest, one holding h/2 blanks shades the rest.  ``clue`` reads the
numbers and the one-stone rules: a region's shaded cells may not outnumber its
number (and, once they reach it, the rest of the region is blank); a shaded
cell blanks its neighbours in other regions; the shaded cells of a region must
join through its unblanked cells (what they cannot reach is blank, a cell that
alone joins two of them is shaded, a cell too far from them for the number is
blank); a region with no way to hold its number, or no stone at all, is a
contradiction.  ``fit`` lists every way each region's stone can still be
drawn -- connected, of the printed size, holding the region's shaded cells,
none of its blanks, touching no other stone, overfilling no column, and (when
rule 4 asks for it) without a vertical gap -- and keeps what they all agree
on; a region with too many ways is left alone (:data:`FIT_STEPS`), and so
is an unnumbered region with more than :data:`FIT_FREE` cells left.  ``drop``
is the other half of rule 4: one stone per region, so two shaded cells of a
region in one column shade everything between them (no vertical hole), and,
under ``exact``, the cells of a stone agree on ``r + shaded cells below``, a
number each cell bounds from what is known below it.  The kernels run in the
core's one compiled loop.  ``clue`` and ``fit`` work region by region, and
each remembers a region's outcome under what it read (the region's cells;
for ``fit`` also the room the other regions leave in its columns), so a
region met again in the same state costs a lookup
(:data:`puzzlekit.stostone.tables.MEMO`).

The tables the kernels read are built in :mod:`puzzlekit.stostone.tables`;
``col``, ``clue`` and ``drop`` are in :mod:`puzzlekit.stostone.kernels`,
``fit`` in :mod:`puzzlekit.stostone.fit`.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from ..core._nb import call
from ..core.ladder import Compiled, KernelHints, ShadeState
from .fit import _fit_jit
from .kernels import _clue_jit, _col_jit, _drop_jit, _state
from .model import Answer, Puzzle
from .tables import (
    FIT_FREE,
    FIT_STEPS,
    N_BROWS,
    N_FLAGS,
    N_ROWS,
    S_EXT,
    S_MHS,
    S_MKEY,
    S_NUM,
    S_ORDER,
    S_REG,
    S_ROFF,
    S_SCR,
    _sec,
    data,
)

__all__ = ["StoState", "LADDER", "NAMES", "WORK", "KERNELS", "FIT_STEPS", "FIT_FREE", "data",
           "initial_state", "encode", "decode", "decode_mask", "column_order"]

NAMES = ("col", "clue", "fit", "drop", "probe")
WORK = ("column scans", "region scans", "stones listed", "stone scans")


StoState = ShadeState  # the view ``cell`` (n, 2): [blank possible, shaded possible]


def initial_state(puzzle: Puzzle) -> StoState:
    """Every cell open."""
    return StoState(puzzle, np.arange(0, 2 * puzzle.n + 1, 2))


def column_order(puzzle: Puzzle) -> np.ndarray:
    """The cells column by column, each from the bottom up: the order the
    uniqueness proof branches in (``ProofPolicy.order``).  Rule 4 counts
    each column, so a column finished first is checked against its count
    before the next is opened (row by row, every column stays open until the
    last rows, and a wrong early choice shows only there); and from the
    bottom up, the shaded cells below a cell are known when it is chosen,
    which is what ``drop`` bounds a stone's landing row with.

    >>> column_order(Puzzle.make([[0, 0], [1, 1]])).tolist()
    [2, 0, 3, 1]
    """
    return np.arange(puzzle.n, dtype=np.int64).reshape(puzzle.h, puzzle.w)[::-1].T.ravel().copy()


def decode_mask(state) -> np.ndarray:
    """Shaded cells of a decided state."""
    return state.shaded()


def decode(state) -> Answer:
    """The answer of a decided state."""
    return Answer.from_mask(state.puzzle.h, state.puzzle.w, state.shaded())


def encode(puzzle: Puzzle, answer: Answer) -> StoState:
    """The decided state of an answer.

    >>> p = Puzzle.make([[0], [0]])
    >>> s = encode(p, Answer.from_mask(2, 1, [0, 1])); s.solved(), decode(s).to_json()
    (True, {'grid': ['.', '#']})
    """
    s = initial_state(puzzle)
    s.shade(answer.shaded)
    return s

# ---------------------------------------------------------------- the compiled loop
@njit(cache=True)
def _apply_jit(i, bits, data, work):
    """Rung ``i`` for the core's compiled loop (``data`` is :func:`data`)."""
    nbrs, big, small = data
    flags = big[:N_FLAGS]
    if i == 0:
        return _col_jit(bits, flags, work)
    n, row = flags[4], flags[5]
    reg, order, roff = _sec(big, S_REG), _sec(big, S_ORDER), _sec(big, S_ROFF)
    scr = _sec(big, S_SCR).reshape((N_ROWS, row))
    bsc = small[:N_BROWS * n].reshape((N_BROWS, n))
    if i == 1:
        return call(_clue_jit, bits, nbrs, reg, order, roff, _sec(big, S_NUM), flags, work,
                    scr, bsc, big)
    if i == 2:
        return call(_fit_jit, bits, nbrs, reg, order, roff, _sec(big, S_NUM), flags, work,
                    big, scr, _sec(big, S_EXT), bsc, _sec(big, S_MHS).reshape((3, -1)),
                    _sec(big, S_MKEY))
    return call(_drop_jit, bits, nbrs, reg, order, roff, flags, work, scr)


@njit(cache=True)
def _legal_jit(bits, data):
    """The rules on a decided state (what the referee says)."""
    nbrs, big = data[0], data[1]
    flags = big[:N_FLAGS]
    reg, order, roff, num = _sec(big, S_REG), _sec(big, S_ORDER), _sec(big, S_ROFF), \
        _sec(big, S_NUM)
    h, w, r4, k = flags[0], flags[1], flags[2], flags[3]
    n = nbrs.shape[0]
    s = np.zeros(n, np.int64)
    for c in range(n):
        q = _state(bits, c)
        if q < 0:
            return False
        s[c] = q
    below = np.zeros(n, np.int64)
    for c in range(w):
        seen = 0
        for r in range(h - 1, -1, -1):
            below[r * w + c] = seen
            seen += s[r * w + c]
        if r4 < 3 and seen != h // 2:
            return False
    stack = np.empty(n, np.int64)
    lab = np.full(n, -1, np.int64)
    for g in range(k):
        a, b = roff[g], roff[g + 1]
        size = 0
        first = -1
        for t in range(a, b):
            if s[order[t]]:
                size += 1
                if first < 0:
                    first = order[t]
        if first < 0 or (num[g] > 0 and size != num[g]):
            return False
        lab[first] = g
        stack[0] = first
        top = 1
        got = 0
        key = first // w + below[first]
        while top > 0:
            top -= 1
            x = stack[top]
            got += 1
            if r4 == 0 and x // w + below[x] != key:
                return False
            for d in range(4):
                u = nbrs[x, d]
                if u < 0 or not s[u]:
                    continue
                if reg[u] != g:
                    return False
                if lab[u] < 0:
                    lab[u] = g
                    stack[top] = u
                    top += 1
        if got != size:
            return False
        if r4 == 1:
            for t in range(a, b):
                x = order[t]
                if not s[x]:
                    continue
                for y in range(x + 2 * w, n, w):
                    if s[y] and reg[y] == g:
                        for z in range(x + w, y, w):
                            if not s[z]:
                                return False
    return True


KERNELS = Compiled(apply=_apply_jit, data=data, work=WORK, legal=_legal_jit,
                   hints=KernelHints(settles=(0,)))
LADDER = KERNELS.ladder([
    ("col", "#7f7f7f",
     "every column holds h/2 shaded cells: a full column blanks the rest, "
     "a column with h/2 blanks shades the rest"),
    ("clue", "#1f77b4",
     "numbers as sizes, one stone per region, stones apart, reachability"),
    ("fit", "#2ca02c",
     "every way a region's stone can still be drawn; keep what they agree on"),
    ("drop", "#9467bd",
     "no vertical hole in a stone, and (exact) r + shaded-below is one number per stone"),
])
