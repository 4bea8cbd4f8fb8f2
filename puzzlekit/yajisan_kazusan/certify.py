"""Second answers: how far a rival lies from the intended answer once one
clue of a minimal board is dropped, and the existence proof's two cases as
checkable certificates."""
from __future__ import annotations

import numpy as np

from .generate import count
from .ladder import LADDER, decode_mask, initial_state, max_total
from .model import Answer, Puzzle, check, line_cells

__all__ = ["second_answer", "moved", "kills", "clue_ledger", "prefixes", "rival_agrees"]


def second_answer(puzzle: Puzzle, mask, drop, max_nodes: int = 200_000):
    """Drop the clue at ``drop`` (a cell, or a generator choosing one): an
    answer other than ``mask``, or None."""
    if isinstance(drop, np.random.Generator):
        drop = sorted(puzzle.clues)[int(drop.integers(len(puzzle.clues)))]
    rest = {k: v for k, v in puzzle.clues.items() if k != drop}
    r = count(puzzle.with_clues(rest), 2, max_nodes, keep=2)
    for s in r.solutions:
        m = decode_mask(s)
        if not np.array_equal(m, mask):
            return m
    return None


def moved(a, b) -> np.ndarray:
    """Cells where two shadings differ."""
    return np.flatnonzero(np.asarray(a, bool) != np.asarray(b, bool))


def kills(puzzle: Puzzle, cell: int, arrow: int, number: int, rival) -> bool:
    """Whether adding the clue ``(arrow, number)`` at ``cell`` makes ``rival`` illegal."""
    p = puzzle.with_clues({**puzzle.clues, int(cell): (int(arrow), int(number))})
    return bool(check(p, Answer.from_mask(p.h, p.w, rival)))


def clue_ledger(puzzle: Puzzle, mask) -> list[dict]:
    """Per clue: its cell, whether the answer ``mask`` exempts it, whether its
    number is unsayable on its line, and whether it happens to be true."""
    mask = np.asarray(mask, bool)
    out = []
    for c, (d, v) in sorted(puzzle.clues.items()):
        ln = line_cells(puzzle.h, puzzle.w, c, d)
        out.append({"c": c, "exempt": bool(mask[c]), "unsayable": v > max_total(len(ln)),
                    "true": int(mask[ln].sum()) == v})
    return out


def prefixes(puzzle: Puzzle, rng):
    """For each prefix of the clues in a shuffled order: ``(probe finishes,
    unique)``, uniqueness by the counting search (None if it capped)."""
    order = rng.permutation(sorted(puzzle.clues))
    for k in range(1, len(order) + 1):
        q = puzzle.with_clues({int(c): puzzle.clues[int(c)] for c in order[:k]})
        yield LADDER.fixpoint(initial_state(q), "probe", attribute=False).solved, count(q, 2).unique


def rival_agrees(puzzle: Puzzle, mask) -> list[bool]:
    """For each exempt clue: drop it, take the second answer, and say whether
    that rival counts as many shaded cells along the clue's line as the answer."""
    mask = np.asarray(mask, bool)
    out = []
    for c, (d, _) in sorted(puzzle.clues.items()):
        b = second_answer(puzzle, mask, c) if mask[c] else None
        if b is not None:
            ln = line_cells(puzzle.h, puzzle.w, c, d)
            out.append(int(b[ln].sum()) == int(mask[ln].sum()))
    return out
