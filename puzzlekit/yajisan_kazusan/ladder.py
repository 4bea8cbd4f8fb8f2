"""Yajisan-Kazusan's rung ladder: one {unshaded, shaded} variable per cell,
narrowed by adj, cap, ray, white and probe.

One line DP serves ``cap`` and ``ray``: walking the cells beyond a clue it
keeps the reachable shaded totals as a bitmask, split by whether the last cell
was shaded (two shaded cells on the line may not touch; cells off the line
are ignored, so it is a relaxation and never rules out a real answer).  The
rung kernels run in the core's one compiled loop (fixpoint, probe, search).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numba import njit

from ..core._nb import call
from ..core.cache import puzzle_table
from ..core.graph import _components_jit, one_region_jit
from ..core.ladder import Compiled, ShadeState
from .model import NONE, Answer, Puzzle, line_cells

__all__ = ["YKState", "LADDER", "NAMES", "WORK", "Data", "data", "initial_state", "encode",
           "decode", "decode_mask", "line_totals", "max_total", "clue_order", "shade_first"]

NAMES = ("adj", "cap", "ray", "white", "probe")
WORK = ("adj scans", "cap lines", "ray lines", "white searches")
S = 1                # the shaded bit of a cell (ShadeState: unshaded, shaded)


@dataclass(frozen=True)
class Data:
    """What the kernels read: neighbours, the binding-capable clues (cell,
    number) and their lines (CSR), and the need-shade switch."""

    nbrs: np.ndarray
    ccell: np.ndarray
    cnum: np.ndarray
    lstart: np.ndarray
    lcells: np.ndarray
    flags: np.ndarray

    def args(self):
        return (self.nbrs, self.ccell, self.cnum, self.lstart, self.lcells, self.flags)


def data(puzzle: Puzzle) -> Data:
    """The kernels' arrays of a puzzle (cached on it).  Clues with no arrow
    or a ``?`` can never bind and are left out."""
    def build(puzzle):
        act = [(c, a, v) for c, (a, v) in sorted(puzzle.clues.items()) if a != NONE and v >= 0]
        lines = [line_cells(puzzle.h, puzzle.w, c, a) for c, a, _ in act]
        lstart = np.zeros(len(act) + 1, np.int64)
        lstart[1:] = np.cumsum([len(x) for x in lines]) if lines else []
        return Data(np.ascontiguousarray(puzzle.grid.nbrs, np.int64),
                    np.array([c for c, _, _ in act], np.int64),
                    np.array([min(v, 63) for _, _, v in act], np.int64), lstart,
                    np.array([x for ln in lines for x in ln], np.int64),
                    np.array([1 if puzzle.need_shade else 0], np.int64))
    return puzzle_table(puzzle, "yajisan_kazusan.data", build)


YKState = ShadeState  # the view ``cell`` (n, 2): [unshaded possible, shaded possible]


def initial_state(puzzle: Puzzle) -> YKState:
    """Every cell open: nothing is given but the clues, and a clue fixes nothing."""
    return YKState(puzzle, np.arange(0, 2 * puzzle.n + 1, 2))


def clue_order(puzzle: Puzzle) -> np.ndarray:
    """The clue cells first, in reading order: the order the uniqueness proof
    branches in (``ProofPolicy.order``).  Whether a clue cell is shaded
    decides whether its clue binds at all, so those are the choices that
    split a board's answers; a clue still open when its line's cells are
    chosen leaves those choices unchecked until it is.

    >>> clue_order(Puzzle.make(2, 2, {3: ("U", 1), 1: ("L", 0)})).tolist()
    [1, 3]
    """
    return np.array(sorted(puzzle.clues), dtype=np.int64)


def shade_first(puzzle: Puzzle) -> np.ndarray:
    """Shaded tried before unshaded at every cell: the value order of the
    uniqueness proof (``ProofPolicy.first``).  A shaded clue cell is
    exempt from its clue and unshades its neighbours, so that branch is the
    one that propagates most and most often holds an answer.

    >>> shade_first(Puzzle.make(1, 2)).tolist()
    [1, 1]
    """
    return np.full(puzzle.n, S, dtype=np.int64)


def decode_mask(state) -> np.ndarray:
    """Shaded cells of a decided state."""
    return state.shaded()


def decode(state) -> Answer:
    """The answer of a decided state."""
    return Answer.from_mask(state.puzzle.h, state.puzzle.w, state.shaded())


def encode(puzzle: Puzzle, answer: Answer) -> YKState:
    """The decided state of an answer.

    >>> p = Puzzle.make(1, 3)
    >>> a = Answer.from_mask(1, 3, [0, 0, 1])
    >>> s = encode(p, a)
    >>> s.solved(), decode(s) == a
    (True, True)
    """
    s = initial_state(puzzle)
    s.shade(answer.shaded)
    return s


def line_totals(cells) -> int:
    """The line DP on a list of cell states (0 unshaded, 1 shaded, -1 open):
    the bitmask of reachable shaded totals.

    >>> bin(line_totals([-1, -1, -1])), bin(line_totals([-1, 1, -1]))
    ('0b111', '0b10')
    """
    bits = np.zeros(2 * len(cells), np.bool_)
    for i, v in enumerate(cells):
        bits[2 * i] = v != 1
        bits[2 * i + 1] = v != 0
    return int(_totals_jit(bits, np.arange(len(cells), dtype=np.int64), 0, len(cells), -1, 0))


def max_total(L: int) -> int:
    """The largest total the DP reaches on an empty line of ``L`` cells."""
    return int(line_totals([-1] * L)).bit_length() - 1


# ---------------------------------------------------------------- kernels
@njit(cache=True)
def _totals_jit(bits, lcells, a, b, force, fval):
    """Reachable shaded totals on ``lcells[a:b]`` (cell ``force`` pinned to
    ``fval``): bit t set when some in-line-legal filling shades t cells."""
    d0 = np.int64(1)       # totals with the previous cell unshaded
    d1 = np.int64(0)       # ... with the previous cell shaded
    for i in range(a, b):
        c = lcells[i]
        if c == force:
            cw = fval == 0
            cs = fval == 1
        else:
            cw = bits[2 * c]
            cs = bits[2 * c + 1]
        n0 = (d0 | d1) if cw else np.int64(0)
        n1 = (d0 << 1) if cs else np.int64(0)
        d0 = n0
        d1 = n1
        if d0 == 0 and d1 == 0:
            return np.int64(0)
    return d0 | d1


@njit(cache=True)
def _has(mask, v):
    return v < 63 and (mask >> v) & 1 == 1


@njit(cache=True)
def _adj_jit(bits, nbrs, work):
    changed = 0
    n = nbrs.shape[0]
    for c in range(n):
        work[0] += 1
        if bits[2 * c + 1] and not bits[2 * c]:
            for d in range(4):
                u = nbrs[c, d]
                if u >= 0 and bits[2 * u + 1]:
                    if not bits[2 * u]:
                        return -1
                    bits[2 * u + 1] = False
                    changed = 1
    return changed


@njit(cache=True)
def _cap_jit(bits, ccell, cnum, lstart, lcells, work):
    changed = 0
    for k in range(len(ccell)):
        c = ccell[k]
        if not bits[2 * c]:
            continue
        work[1] += 1
        if not _has(_totals_jit(bits, lcells, lstart[k], lstart[k + 1], -1, 0), cnum[k]):
            if not bits[2 * c + 1]:
                return -1
            bits[2 * c] = False
            changed = 1
    return changed


@njit(cache=True)
def _ray_jit(bits, ccell, cnum, lstart, lcells, work):
    changed = 0
    for k in range(len(ccell)):
        c = ccell[k]
        if bits[2 * c + 1] or not bits[2 * c]:
            continue                   # not known unshaded: the clue may be exempt
        work[2] += 1
        a, b = lstart[k], lstart[k + 1]
        if not _has(_totals_jit(bits, lcells, a, b, -1, 0), cnum[k]):
            return -1
        for i in range(a, b):
            x = lcells[i]
            if not (bits[2 * x] and bits[2 * x + 1]):
                continue
            for v in range(2):
                if not _has(_totals_jit(bits, lcells, a, b, x, v), cnum[k]):
                    bits[2 * x + v] = False
                    changed = 1
    return changed


@njit(cache=True)
def _white_jit(bits, nbrs, flags, work):
    n = nbrs.shape[0]
    mask = np.empty(n, np.bool_)
    first = -1
    can_shade = 0
    shaded = 0
    last_open = -1
    for c in range(n):
        mask[c] = bits[2 * c]
        if bits[2 * c + 1]:
            can_shade += 1
            if bits[2 * c]:
                last_open = c
            else:
                shaded += 1
        if first < 0 and mask[c] and not bits[2 * c + 1]:
            first = c
    changed = 0
    if flags[0] == 1 and shaded == 0:      # need_shade: something must be shaded
        if can_shade == 0:
            return -1
        if can_shade == 1:
            bits[2 * last_open] = False
            return 1
    if first < 0:
        return changed
    work[3] += 1
    must = np.empty(n, np.bool_)
    for c in range(n):
        must[c] = mask[c] and not bits[2 * c + 1]
    keep = np.zeros(n, np.bool_)
    cut = np.zeros(n, np.bool_)
    if one_region_jit(nbrs, mask, must, keep, cut) < 0:
        return -1
    for c in range(n):
        if mask[c] and not keep[c]:             # cut off from the unshaded cells: shaded
            bits[2 * c] = False
            changed = 1
        elif cut[c]:                            # shading it would split them: unshaded
            bits[2 * c + 1] = False
            changed = 1
    return changed


@njit(cache=True)
def _apply_jit(i, bits, data, work):
    """Rung ``i`` for the core's compiled loop (``data`` is :meth:`Data.args`)."""
    nbrs, ccell, cnum, lstart, lcells, flags = data
    if i == 0:
        return call(_adj_jit, bits, nbrs, work)
    if i == 1:
        return call(_cap_jit, bits, ccell, cnum, lstart, lcells, work)
    if i == 2:
        return call(_ray_jit, bits, ccell, cnum, lstart, lcells, work)
    return call(_white_jit, bits, nbrs, flags, work)


@njit(cache=True)
def _legal_jit(bits, data):
    """The rules on a decided state (what the referee says)."""
    nbrs, ccell, cnum, lstart, lcells, flags = data
    n = nbrs.shape[0]
    sh = np.empty(n, np.bool_)
    white = np.empty(n, np.bool_)
    any_shaded = False
    for c in range(n):
        sh[c] = bits[2 * c + 1] and not bits[2 * c]
        white[c] = not sh[c]
        any_shaded = any_shaded or sh[c]
    if flags[0] == 1 and not any_shaded:
        return False
    for c in range(n):
        if sh[c]:
            for d in range(4):
                u = nbrs[c, d]
                if u >= 0 and sh[u]:
                    return False
    for k in range(len(ccell)):
        if white[ccell[k]]:
            t = 0
            for j in range(lstart[k], lstart[k + 1]):
                if sh[lcells[j]]:
                    t += 1
            if t != cnum[k]:
                return False
    labels = np.empty(n, np.int32)
    return _components_jit(nbrs, white, labels) == 1


# ---------------------------------------------------------------- the ladder
KERNELS = Compiled(apply=_apply_jit, data=lambda p: data(p).args(), work=WORK, legal=_legal_jit)
LADDER = KERNELS.ladder([
    ("adj", "#7f7f7f",
     "the four neighbours of a shaded cell are unshaded"),
    ("cap", "#1f77b4",
     "a number the line cannot show: the clue cell is shaded"),
    ("ray", "#2ca02c",
     "a known-unshaded clue binds: line DP, each open cell tried both ways"),
    ("white", "#ff7f0e",
     "one unshaded region: unreachable cells shaded, cut cells unshaded"),
])
