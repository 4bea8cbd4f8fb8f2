"""Second answers without search.  A single cell never changes silently (its
region would repeat one digit and miss another), so the cheapest second
answer is a swap: two ungiven cells of one region trade digits and every
rule still holds.  One scan of the answer finds every such pair."""
from __future__ import annotations

import numpy as np

from .model import Answer, check

__all__ = ["swaps", "swap_certificate", "single_changes"]


def _ok_at(puzzle, val, c):
    """Rules around cell ``c`` only: its neighbours and its in-region column."""
    w, reg = puzzle.w, puzzle.regions
    for u in puzzle.grid.nbrs[c]:
        if u >= 0 and val[u] == val[c]:
            return False
    if c >= w and reg[c - w] == reg[c] and val[c - w] <= val[c]:
        return False
    if c + w < puzzle.n and reg[c + w] == reg[c] and val[c] <= val[c + w]:
        return False
    return True


def swaps(puzzle, values, first_only: bool = True) -> list:
    """Pairs ``(a, b)`` of ungiven cells of one region whose digits can be
    swapped with every rule intact (each is a second legal answer).

    >>> from puzzlekit.kojun.model import Puzzle
    >>> p = Puzzle.make([[0, 0, 0]])
    >>> swaps(p, [1, 2, 3])
    [(0, 1)]
    >>> swaps(p.with_givens({0: 1}), [1, 2, 3])
    [(1, 2)]
    >>> swaps(Puzzle.make([[0, 0], [1, 1]]), [2, 1, 1, 2])
    []
    """
    val = np.asarray(values, dtype=np.int64).copy()
    out = []
    for r in range(puzzle.k):
        cells = [int(c) for c in np.flatnonzero(puzzle.regions == r) if c not in puzzle.givens]
        for i, a in enumerate(cells):
            for b in cells[i + 1:]:
                val[a], val[b] = val[b], val[a]
                if _ok_at(puzzle, val, a) and _ok_at(puzzle, val, b):
                    out.append((a, b))
                val[a], val[b] = val[b], val[a]
                if out and first_only:
                    return out
    return out


def swap_certificate(puzzle, answer):
    """A second legal answer made by one swap, or None.  The result is
    re-checked by the referee, so a certificate is never a false alarm."""
    pairs = swaps(puzzle, answer.values)
    if not pairs:
        return None
    a, b = pairs[0]
    val = np.asarray(answer.values).copy()
    val[a], val[b] = val[b], val[a]
    alt = Answer(puzzle.h, puzzle.w, val)
    if check(puzzle, alt):
        raise AssertionError("a swap certificate broke a rule: the local scan is wrong")
    return alt


def single_changes(puzzle, answer) -> int:
    """How many one-cell changes of a legal answer (every cell, every other
    digit 1..k of its region) are legal; the theorem says none."""
    legal = 0
    val = np.asarray(answer.values).copy()
    for c in range(puzzle.n):
        keep = val[c]
        for v in range(1, int(puzzle.cell_size[c]) + 1):
            if v != keep:
                val[c] = v
                legal += not check(puzzle, Answer(puzzle.h, puzzle.w, val))
        val[c] = keep
    return legal
