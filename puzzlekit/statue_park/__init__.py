"""Statue Park: shade cells so the shaded groups are exactly a given bag of
polyominoes and the park (the rest) is one region; black circles shaded,
white ones not.  clue, place, fit, white and probe over one {park, shaded}
variable per cell and one {unused, used} variable per placement."""
from __future__ import annotations

from ..core.genre import GenreSpec, sat_counter
from . import brute, census, certify, generate as _gen, url
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
    verify_extra,
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
    MAX_CELLS,
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


def _generate(h, w, seed=None, grade=None):
    return _gen.generate(h, w, seed, grade)


def _clues(puzzle) -> int:
    """Black and white circles (the bag is not counted)."""
    return len(puzzle.black) + len(puzzle.white)


SPEC = GenreSpec(
    name="statue_park", Puzzle=Puzzle, Answer=Answer, ladder=LADDER,
    initial_state=initial_state, decode=decode, check=check, brute_count=brute_count,
    generate=_generate, draw=draw, draw_state=draw_state,
    article="puzzlekit.statue_park.article", rebuild_bank=rebuild_bank,
    verify_extra=verify_extra, max_cells=MAX_CELLS, brute_solutions=brute_solutions,
    encode=encode, random_small=random_small,
    sat_count=sat_counter(__name__), sweep_board=sweep_board,
    url_decode=url.decode, url_encode=url.encode,
    clues=_clues)
