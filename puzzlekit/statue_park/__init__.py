"""Statue Park: shade cells so the shaded groups are exactly a given bag of
polyominoes and the park (the rest) is one region; black circles shaded,
white ones not.  clue, place, fit, white and probe over one {park, shaded}
variable per cell and one {unused, used} variable per placement."""
from __future__ import annotations

from ..core.genre import genre_spec
from . import brute, census, certify, url
from .brute import count_solutions as brute_count, solutions as brute_solutions
from .draw import draw, draw_bag, draw_state
from .generate import (
    ALPHABETS,
    buy,
    buy_grade,
    grade_of,
    minimise,
    random_answer,
    random_bag,
    random_small,
    rebuild_bank,
    sweep_board,
)
from .ladder import (
    LADDER,
    LADDER_NO_COUNT,
    NAMES,
    SPState,
    catalogue,
    decode,
    decode_mask,
    encode,
    initial_state,
)
from .model import (
    NAMED,
    RULES,
    Answer,
    Puzzle,
    canonical,
    check,
    groups,
    labelled_factor,
    orientations,
    piece_rows,
)

__all__ = ["SPEC", "LADDER", "LADDER_NO_COUNT", "NAMES", "RULES", "NAMED", "Puzzle", "Answer",
           "SPState", "check", "groups", "canonical", "orientations", "piece_rows",
           "labelled_factor", "catalogue", "initial_state", "decode", "decode_mask", "encode",
           "brute_count", "brute_solutions", "random_answer", "random_bag", "buy", "buy_grade",
           "minimise", "grade_of", "random_small", "sweep_board", "rebuild_bank", "draw",
           "draw_bag", "draw_state", "brute", "census", "certify", "url", "ALPHABETS"]


def _clues(puzzle) -> int:
    """Black and white circles (the bag is not counted)."""
    return len(puzzle.black) + len(puzzle.white)


SPEC = genre_spec(__name__, clues=_clues, variables="cells and placements")
