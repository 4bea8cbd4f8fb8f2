"""Nanro: count, block, clash, reach and probe over one {blank, numbered}
variable per cell and one label variable per region."""
from __future__ import annotations

from ..core.genre import genre_spec
from . import url
from .brute import count_solutions as brute_count, solutions as brute_solutions
from .draw import draw, draw_state
from .generate import (
    generate,
    minimise,
    print_blanks,
    random_board,
    random_partition,
    random_small,
    rebuild_bank,
    reveal,
    spare_blanks,
)
from .ladder import (
    LADDER,
    NAMES,
    NanroState,
    decode_mask,
    encode,
    fast_count,
    fast_fixpoint,
    fast_grade,
    initial_state,
    propagate,
    search,
)
from .model import RULES, Answer, Puzzle, answer_from_mask, check

__all__ = ["SPEC", "LADDER", "NAMES", "RULES", "Puzzle", "Answer", "NanroState", "check",
           "answer_from_mask", "initial_state", "decode", "decode_mask", "propagate",
           "fast_grade", "search", "brute_count", "brute_solutions", "encode", "fast_fixpoint",
           "fast_count", "generate", "minimise", "random_board", "random_partition",
           "random_small", "reveal", "print_blanks", "spare_blanks", "rebuild_bank", "draw",
           "draw_state", "url"]


def decode(state) -> Answer:
    """The answer of a decided state (numbers are region counts)."""
    return answer_from_mask(state.puzzle, decode_mask(state))


def _verify_extra(entry, puzzle, answer):
    """Every clue and printed blank is load-bearing: dropping any one breaks
    the shipped grade."""
    g = entry.get("grade")
    for c in puzzle.clues:
        rest = {k: v for k, v in puzzle.clues.items() if k != c}
        if propagate(puzzle.with_givens(rest, puzzle.marks, puzzle.hints, puzzle.blanks),
                     g)[0] == "solved":
            return f"clue at {divmod(c, puzzle.w)} is not needed at level {g}"
    for c in puzzle.blanks:
        rest = puzzle.blanks - {c}
        if propagate(puzzle.with_givens(puzzle.clues, puzzle.marks, puzzle.hints, rest),
                     g)[0] == "solved":
            return f"printed blank at {divmod(c, puzzle.w)} is not needed at level {g}"
    return None


def _clues(puzzle) -> int:
    """Printed numbers, marks, hints and printed blanks."""
    return len(puzzle.clues) + len(puzzle.marks) + len(puzzle.hints) + len(puzzle.blanks)


SPEC = genre_spec(__name__, decode=decode, verify_extra=_verify_extra, clues=_clues,
                  variables="cells and regions")
