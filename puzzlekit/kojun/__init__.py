"""Kojun: regions of k cells each hold 1..k once, equal digits never touch,
and within a region the upper of two stacked cells is larger.  The ladder:
neigh, once, order, region and probe over one digit variable per cell."""
from __future__ import annotations

from ..core.genre import genre_spec
from . import url
from .brute import count_solutions as brute_count, solutions as brute_solutions
from .draw import draw, draw_state
from .generate import (
    fill,
    generate,
    minimise,
    partition_board,
    random_board,
    random_partition,
    random_small,
    rebuild_bank,
    reveal,
    reveal_share,
)
from .ladder import (
    LADDER,
    NAMES,
    KojunState,
    decode_values,
    encode,
    fast_count,
    fast_grade,
    initial_state,
    propagate,
    search,
)
from .model import MAX_CELLS, MAX_REGION, RULES, Answer, Puzzle, check, column_regions

__all__ = ["SPEC", "LADDER", "NAMES", "RULES", "Puzzle", "Answer", "KojunState", "check",
           "column_regions", "initial_state", "decode", "decode_values", "encode", "propagate",
           "fast_grade", "fast_count", "search", "brute_count", "brute_solutions", "fill",
           "generate", "minimise", "partition_board", "random_board", "random_partition",
           "random_small", "rebuild_bank", "reveal", "reveal_share", "draw", "draw_state",
           "url", "MAX_CELLS", "MAX_REGION"]


def decode(state) -> Answer:
    """The answer of a decided state."""
    return Answer.of(state.puzzle, decode_values(state))


def _verify_extra(entry, puzzle, answer):
    """Every given is load-bearing at the shipped grade, and no swap
    certificate exists (a unique board has no second answer)."""
    from .certify import swaps
    g = entry.get("grade")
    for c in puzzle.givens:
        rest = {k: v for k, v in puzzle.givens.items() if k != c}
        if propagate(puzzle.with_givens(rest), g)[0] == "solved":
            return f"given at {divmod(c, puzzle.w)} is not needed at level {g}"
    if swaps(puzzle, answer.values):
        return "a swap certificate exists on a board shipped as unique"
    return None


def _clues(puzzle) -> int:
    """Printed digits (the partition is not counted)."""
    return len(puzzle.givens)


def _certificate(puzzle, answer):
    """The in-region swap certificate (:func:`certify.swap_certificate`)."""
    from .certify import swap_certificate
    return swap_certificate(puzzle, answer)


SPEC = genre_spec(__name__, decode=decode, verify_extra=_verify_extra, clues=_clues,
                   certificate=_certificate)
