"""Nanro's rung ladder: one {blank, numbered} variable per cell plus one label
variable per region (values 1..size), narrowed by count, block, clash, reach
and probe.  The rung kernels run in the core's one compiled loop (fixpoint,
probe and counting search); ``propagate``, ``search`` and friends are thin
views of it."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numba import njit

from ..core._nb import call
from ..core.cache import puzzle_table
from ..core.graph import _components_jit, cut_dfs_jit
from ..core.ladder import Compiled, Ladder, Rung, State, probe_rung
from ..core.search import Budget, SearchResult, SearchSettings, count_solutions

__all__ = ["NanroState", "LADDER", "NAMES", "Geometry", "geometry", "initial_state",
           "decode_mask", "encode", "propagate", "fast_fixpoint", "fast_grade", "search",
           "fast_count", "WORK", "CELLS_ONLY"]

NAMES = ("count", "block", "clash", "reach", "probe")
WORK = ("count scans", "block scans", "clash scans", "reach searches", "cut tests", "probes")


@dataclass(frozen=True)
class Geometry:
    """Arrays the kernels read: region CSR, label offsets, neighbours, blocks,
    border edges and the variable offsets."""

    n: int
    rstart: np.ndarray
    rcells: np.ndarray
    roff: np.ndarray
    nbrs: np.ndarray
    blocks: np.ndarray
    xedges: np.ndarray
    offsets: np.ndarray

    def args(self):
        return (self.n, self.rstart, self.rcells, self.roff, self.nbrs, self.blocks,
                self.xedges, self.offsets)


def geometry(puzzle) -> Geometry:
    """The kernels' view of a puzzle's regions (cached on the puzzle)."""
    def build(puzzle):
        n, reg, sizes = puzzle.h * puzzle.w, puzzle.regions, puzzle.sizes
        rcells = np.argsort(reg, kind="stable").astype(np.int32)
        rstart = np.concatenate([[0], np.cumsum(sizes)]).astype(np.int64)
        e = puzzle.grid.edges
        xedges = np.ascontiguousarray(e[reg[e[:, 0]] != reg[e[:, 1]]], dtype=np.int32)
        offsets = np.concatenate([np.arange(0, 2 * n + 1, 2), 2 * n + rstart[1:]]).astype(np.int64)
        return Geometry(n, rstart, rcells, rstart.copy(), np.ascontiguousarray(puzzle.grid.nbrs),
                        np.ascontiguousarray(puzzle.grid.blocks2x2), xedges, offsets)
    return puzzle_table(puzzle, "nanro.geometry", build)


class NanroState(State):
    """State with views ``cell`` (n, 2: blank, numbered) and ``label`` (flat)."""

    __slots__ = ("cell", "label")

    def _init_views(self):
        n = self.puzzle.h * self.puzzle.w
        self.cell = self.bits[:2 * n].reshape(n, 2)
        self.label = self.bits[2 * n:]


def initial_state(puzzle) -> NanroState:
    """All options open, then every given written in: clue and mark cells
    numbered, printed blanks blank, clue and hint values on the labels.

    >>> from puzzlekit.nanro.model import Puzzle
    >>> p = Puzzle.make([[0, 0], [1, 1]], clues={0: 2}, blanks={2})
    >>> s = initial_state(p); s.cell[0].tolist(), s.cell[2].tolist(), s.label[:2].tolist()
    ([False, True], [True, False], [False, True])
    """
    g = geometry(puzzle)
    s = NanroState(puzzle, g.offsets)
    for c in list(puzzle.clues) + list(puzzle.marks):
        s.cell[c, 0] = False
    for c in puzzle.blanks:
        s.cell[c, 1] = False
    labels = list(puzzle.hints.items()) + [(puzzle.regions[c], v) for c, v in puzzle.clues.items()]
    for reg, v in labels:
        a, b = g.roff[reg], g.roff[reg + 1]
        keep = s.label[a + v - 1]
        s.label[a:b] = False
        s.label[a + v - 1] = keep
    return s


def decode_mask(state) -> np.ndarray:
    """Numbered cells of a decided state."""
    return ~state.cell[:, 0] & state.cell[:, 1]


def encode(puzzle, answer) -> NanroState:
    """The decided state of a legal answer (the inverse of decoding it).

    >>> from puzzlekit.nanro.model import Puzzle, answer_from_mask
    >>> p = Puzzle.make([[0, 0], [1, 1]])
    >>> s = encode(p, answer_from_mask(p, [1, 1, 0, 1]))
    >>> s.solved(), decode_mask(s).tolist()
    (True, [True, True, False, True])
    """
    num = np.asarray(answer.values).ravel() > 0
    counts = np.bincount(puzzle.regions[num], minlength=puzzle.k)
    if (counts == 0).any():
        raise ValueError("a region of the answer has no number: it cannot be encoded")
    g = geometry(puzzle)
    s = NanroState(puzzle, g.offsets, np.zeros(int(g.offsets[-1]), np.bool_))
    s.cell[np.arange(g.n), num.astype(np.int64)] = True
    s.label[g.roff[:-1] + counts - 1] = True
    return s




def propagate(puzzle, level=None, without=(), state=None, cells_only=False):
    """The compiled fixpoint (the same as ``LADDER.fixpoint``); returns
    ``(status, state)`` with status ``solved`` / ``stable`` / ``contradiction``.
    ``cells_only`` makes probe assume cell values only, never region labels."""
    status, s, _ = fast_fixpoint(puzzle, level, without, state, cells_only)
    return status, s


def fast_fixpoint(puzzle, level=None, without=(), state=None, cells_only=False):
    """The compiled fixpoint with its work: ``(status, state, counters)``, the
    counters named as the rungs name them (zeros left out).  ``cells_only``
    makes probe assume cell values only, never region labels.

    >>> from puzzlekit.nanro.model import Puzzle
    >>> st, s, work = fast_fixpoint(Puzzle.make([[0, 0], [1, 1]], clues={0: 2}), "count")
    >>> st, work["count scans"]
    ('stable', 4)
    """
    s = initial_state(puzzle) if state is None else state
    lad = CELLS_ONLY if cells_only else LADDER
    r = lad.fixpoint(s, LADDER.level(level), without, attribute=False)
    return r.status, s, dict(r.counters)


def fast_grade(puzzle, without=()):
    """Weakest finishing level by the compiled fixpoint (None if none finishes)."""
    for i, name in enumerate(NAMES):
        if i in {LADDER.level(x) for x in without}:
            continue
        if propagate(puzzle, i, without)[0] == "solved":
            return name
    return None


def search(puzzle, level="reach", limit=2, max_nodes=200_000, order=None, valfirst=None,
           without=()):
    """The core's compiled counting search: ``(count, nodes, capped, mask)``.

    Branches on the first undecided cell of ``order`` trying ``valfirst[c]``
    (1 numbered, 0 blank) first; ``mask`` is the first solution found.

    >>> from puzzlekit.nanro.model import Puzzle
    >>> search(Puzzle.make([[0, 0], [1, 1]]), limit=10)[:3]
    (4, 11, False)
    """
    cnt, nodes, capped, _, _, mask = _search(puzzle, level, limit, max_nodes, order, valfirst,
                                             without)
    return cnt, nodes, capped, mask


def fast_count(puzzle, level=None, limit=2, max_nodes=200_000) -> SearchResult:
    """The core's compiled counting search (the genre's ``legal`` kernel on
    the leaves): the first undecided cell, blank first; labels once every
    cell is decided.

    >>> from puzzlekit.nanro.model import Puzzle
    >>> r = fast_count(Puzzle.make([[0, 0], [1, 1]]), "reach", limit=10)
    >>> r.count, r.complete, r.branch_points
    (4, True, 5)
    """
    return count_solutions(initial_state(puzzle), LADDER, None, level, limit, Budget(max_nodes))


def _search(puzzle, level, limit, max_nodes, order, valfirst, without):
    s = initial_state(puzzle)
    n = puzzle.h * puzzle.w
    order = np.arange(n, dtype=np.int64) if order is None else np.ascontiguousarray(order, np.int64)
    first = np.full(s.n_vars, -1, np.int64)
    first[:n] = 1 if valfirst is None else np.asarray(valfirst, np.int64)
    r = count_solutions(s, LADDER, None, level, limit, Budget(max_nodes),
                        SearchSettings(order=order, first=first, without=without), keep=1)
    mask = decode_mask(r.solutions[0]) if r.solutions else np.zeros(n, np.bool_)
    return r.count, r.nodes, r.capped, r.branch_points, r.complete, mask


def _rung_fn(i):
    def fn(state, counters):
        g = geometry(state.puzzle)
        work = np.zeros(len(WORK), np.int64)
        r = _apply_jit(i, state.bits, *g.args(), work)
        for name, v in zip(WORK, work.tolist()):
            if v:
                counters[name] += v
        return int(r)
    fn.__name__ = NAMES[i]
    return fn




# ---------------------------------------------------------------- kernels
@njit(cache=True)
def _count_jit(bits, n, rstart, rcells, roff, work):
    changed = 0
    for r in range(len(rstart) - 1):
        work[0] += 1
        N = 0
        U = 0
        for j in range(rstart[r], rstart[r + 1]):
            c = rcells[j]
            b0, b1 = bits[2 * c], bits[2 * c + 1]
            if b1 and not b0:
                N += 1
            elif b1 and b0:
                U += 1
            elif not b0:
                return -1
        size = rstart[r + 1] - rstart[r]
        base = 2 * n + roff[r]
        lo, hi = max(N, 1), N + U
        lmin, lmax = size + 1, 0
        for v in range(1, size + 1):
            if bits[base + v - 1]:
                if v < lo or v > hi:
                    bits[base + v - 1] = False
                    changed = 1
                else:
                    lmin = min(lmin, v)
                    lmax = max(lmax, v)
        if lmax == 0:
            return -1
        if U > 0 and (lmax == N or lmin == N + U):
            kill = 1 if lmax == N else 0
            for j in range(rstart[r], rstart[r + 1]):
                c = rcells[j]
                if bits[2 * c] and bits[2 * c + 1]:
                    bits[2 * c + kill] = False
            changed = 1
    return changed


@njit(cache=True)
def _block_jit(bits, blocks, work):
    changed = 0
    for b in range(blocks.shape[0]):
        work[1] += 1
        nf = 0
        und = -1
        nu = 0
        for t in range(4):
            c = blocks[b, t]
            if bits[2 * c + 1] and not bits[2 * c]:
                nf += 1
            elif bits[2 * c + 1]:
                nu += 1
                und = c
        if nf == 4:
            return -1
        if nf == 3 and nu == 1:
            bits[2 * und + 1] = False
            changed = 1
    return changed


@njit(cache=True)
def _fixed_label(bits, base, size):
    v = 0
    for t in range(size):
        if bits[base + t]:
            if v:
                return 0
            v = t + 1
    return v


@njit(cache=True)
def _clash_jit(bits, n, reg, rstart, roff, xedges, work):
    changed = 0
    for e in range(xedges.shape[0]):
        work[2] += 1
        a, b = xedges[e, 0], xedges[e, 1]
        ra, rb = reg[a], reg[b]
        ba, bb = 2 * n + roff[ra], 2 * n + roff[rb]
        sa, sb = rstart[ra + 1] - rstart[ra], rstart[rb + 1] - rstart[rb]
        an = bits[2 * a + 1] and not bits[2 * a]
        bn = bits[2 * b + 1] and not bits[2 * b]
        la = _fixed_label(bits, ba, sa)
        lb = _fixed_label(bits, bb, sb)
        if an and bn:
            if la > 0 and la <= sb and bits[bb + la - 1]:
                bits[bb + la - 1] = False
                changed = 1
                if _fixed_label(bits, bb, sb) == 0 and not bits[bb:bb + sb].any():
                    return -1
            if lb > 0 and lb <= sa and bits[ba + lb - 1]:
                bits[ba + lb - 1] = False
                changed = 1
                if not bits[ba:ba + sa].any():
                    return -1
        elif la > 0 and la == lb:
            if an and bits[2 * b + 1] and bits[2 * b]:
                bits[2 * b + 1] = False
                changed = 1
            elif bn and bits[2 * a + 1] and bits[2 * a]:
                bits[2 * a + 1] = False
                changed = 1
    return changed


@njit(cache=True)
def _reach_rung_jit(bits, n, nbrs, work):
    mask = np.empty(n, np.bool_)
    first = -1
    npin = 0
    for c in range(n):
        mask[c] = bits[2 * c + 1]
        if mask[c] and not bits[2 * c]:
            npin += 1
            if first < 0:
                first = c
    if first < 0:
        return 0
    work[3] += 1
    labels = np.empty(n, np.int32)
    _components_jit(nbrs, mask, labels)
    pc = labels[first]
    changed = 0
    for c in range(n):
        if mask[c] and labels[c] != pc:
            if not bits[2 * c]:
                return -1
            bits[2 * c + 1] = False
            mask[c] = False
            changed = 1
    if npin < 2:
        return changed
    # one lowlink DFS from a pinned cell: an open cell p must be numbered when
    # some child subtree hanging only from p holds a pinned cell
    pinned = np.empty(n, np.bool_)
    for c in range(n):
        pinned[c] = mask[c] and not bits[2 * c]
    disc = np.full(n, -1, np.int64)
    cut = np.zeros(n, np.int8)
    cut_dfs_jit(nbrs, mask, pinned, first, disc, np.zeros(n, np.int64), np.empty(n, np.int64),
                np.zeros(n, np.int64), np.empty(n, np.int64), np.empty(n, np.int64), cut)
    for c in range(n):
        if cut[c] and not pinned[c]:
            work[4] += 1
            if cut[c] == 2:
                bits[2 * c] = False
                changed = 1
    return changed


@njit(cache=True)
def _apply_jit(i, bits, n, rstart, rcells, roff, nbrs, blocks, xedges, offsets, work):
    if i == 0:
        return call(_count_jit, bits, n, rstart, rcells, roff, work)
    if i == 1:
        return call(_block_jit, bits, blocks, work)
    if i == 2:
        reg = np.empty(n, np.int32)
        for r in range(len(rstart) - 1):
            for j in range(rstart[r], rstart[r + 1]):
                reg[rcells[j]] = r
        return call(_clash_jit, bits, n, reg, rstart, roff, xedges, work)
    return call(_reach_rung_jit, bits, n, nbrs, work)








@njit(cache=True)
def _legal_jit(bits, n, rstart, rcells, nbrs, blocks, xedges):
    num = np.empty(n, np.bool_)
    for c in range(n):
        num[c] = bits[2 * c + 1] and not bits[2 * c]
    lab = np.zeros(n, np.int64)
    for r in range(len(rstart) - 1):
        k = 0
        for j in range(rstart[r], rstart[r + 1]):
            k += num[rcells[j]]
        if k == 0:
            return False
        for j in range(rstart[r], rstart[r + 1]):
            lab[rcells[j]] = k
    for b in range(blocks.shape[0]):
        if num[blocks[b, 0]] and num[blocks[b, 1]] and num[blocks[b, 2]] and num[blocks[b, 3]]:
            return False
    for e in range(xedges.shape[0]):
        a, b = xedges[e, 0], xedges[e, 1]
        if num[a] and num[b] and lab[a] == lab[b]:
            return False
    labels = np.empty(n, np.int32)
    return _components_jit(nbrs, num, labels) == 1


@njit(cache=True)
def _apply_rung_jit(i, bits, data, work):
    """Rung ``i`` for the core's compiled loop (``data`` is the geometry tuple)."""
    n, rstart, rcells, roff, nbrs, blocks, xedges, offsets = data
    return _apply_jit(i, bits, n, rstart, rcells, roff, nbrs, blocks, xedges, offsets, work)


@njit(cache=True)
def _legal_rung_jit(bits, data):
    """The rules on a decided state, for the core's compiled search."""
    n, rstart, rcells, roff, nbrs, blocks, xedges, offsets = data
    return _legal_jit(bits, n, rstart, rcells, nbrs, blocks, xedges)


# ---------------------------------------------------------------- the ladder
LADDER = Ladder([
    Rung("count", _rung_fn(0), "#1f77b4",
         "numbered <= label <= numbered + unknown; both saturating ends"),
    Rung("block", _rung_fn(1), "#2ca02c", "three numbers in a 2x2 blank the fourth"),
    Rung("clash", _rung_fn(2), "#9467bd", "equal labels may not touch across a border, both ways"),
    Rung("reach", _rung_fn(3), "#ff7f0e",
         "unreachable cells blank; cut vertices of the pinned group numbered"),
    probe_rung(),
], compiled=Compiled(apply=_apply_rung_jit, data=lambda p: geometry(p).args(), work=WORK[:5],
                     legal=_legal_rung_jit))
CELLS_ONLY = Ladder(LADDER.rungs, compiled=LADDER.compiled, probe_vars=lambda p: p.h * p.w)
