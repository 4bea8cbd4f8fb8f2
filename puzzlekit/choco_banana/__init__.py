"""Choco Banana: shade cells so every shaded group is a rectangle and every
unshaded group is not; a number is its cell's group size, colour unsaid.
value, rect, size, anti and probe over one {banana, chocolate} variable per
cell."""
from __future__ import annotations

from ..core.genre import GenreSpec, sat_counter
from . import brute, census, certify, generate as _gen, proof, url
from .brute import brute_count, brute_solutions
from .draw import draw, draw_state
from .generate import (
    buy,
    forcing,
    minimise,
    random_answer,
    random_small,
    rebuild_bank,
    sweep_board,
    verify_extra,
)
from .ladder import LADDER, NAMES, CBState, decode, decode_mask, encode, initial_state
from .model import (
    MAX_CELLS,
    RULES,
    Answer,
    Puzzle,
    banana_areas,
    bar_areas,
    check,
    groups,
    is_rectangle,
    size_map,
)

__all__ = ["SPEC", "LADDER", "NAMES", "RULES", "Puzzle", "Answer", "CBState", "check",
           "groups", "is_rectangle", "size_map", "bar_areas", "banana_areas",
           "initial_state", "decode", "decode_mask", "encode", "brute_count",
           "brute_solutions", "random_answer", "forcing", "buy", "minimise", "random_small",
           "sweep_board", "rebuild_bank", "draw", "draw_state", "brute", "census", "certify",
           "url", "proof"]


def _generate(h, w, seed=None, grade=None):
    return _gen.generate(h, w, seed, grade)


def _clues(puzzle) -> int:
    """Printed numbers."""
    return len(puzzle.clues)


SPEC = GenreSpec(
    name="choco_banana", Puzzle=Puzzle, Answer=Answer, ladder=LADDER,
    initial_state=initial_state, decode=decode, check=check, brute_count=brute_count,
    generate=_generate, draw=draw, draw_state=draw_state,
    article="puzzlekit.choco_banana.article", rebuild_bank=rebuild_bank,
    verify_extra=verify_extra, max_cells=MAX_CELLS, brute_solutions=brute_solutions,
    encode=encode, random_small=random_small,
    sat_count=sat_counter(__name__), sweep_board=sweep_board,
    url_decode=url.decode, url_encode=url.encode,
    clues=_clues, proof=proof.POLICY)
