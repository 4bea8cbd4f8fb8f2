"""Magnets' tables: each cell's neighbours and partner, each line's cells and
margins, packed into the int32 arrays the kernels read, with their scratch;
and ``gac``'s memory of lines it has solved (:func:`compiled_data`)."""
from __future__ import annotations

import numpy as np

from ..core.cache import puzzle_table
from .model import Puzzle

__all__ = ["kernel_arrays", "kernel_tables", "compiled_data"]


def _fresh_snap(p: Puzzle):
    """gac's memory, flat int8: per line of more than 21 cells its cells' bits
    when gac last solved it (``3 * (line * W + i) + k``, all -1 at first: equal
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
    return puzzle_table(p, "magnets.kernel_tables", _build_tables)


def _build_tables(p: Puzzle):
    """:func:`kernel_tables`, built."""
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
    return (ct, np.ascontiguousarray(lt), np.zeros(4 * W + 6 * W * B, np.uint64),
            np.zeros(384 + 6 * B * A, np.float64))


def kernel_arrays(p: Puzzle):
    """The puzzle's arrays by name, built once per puzzle: partner,
    neighbours, lines, line lengths, plus and minus margins, crossing flags
    (:func:`kernel_tables` packs them for the kernels)."""
    return puzzle_table(p, "magnets.kernel_arrays", _build_arrays)


def _build_arrays(p: Puzzle):
    """:func:`kernel_arrays`, gathered."""
    return (p.partner, np.ascontiguousarray(p.grid.nbrs), p.lines, p.line_len,
            p.line_plus, p.line_minus, p.crossing)
