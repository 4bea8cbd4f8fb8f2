"""Choco Banana: shade cells so every shaded group is a rectangle and every
unshaded group is not; a number is its cell's group size, colour unsaid.
value, rect, size, anti and probe over one {banana, chocolate} variable per
cell."""
from __future__ import annotations

from ..core.genre import genre_spec
from . import brute, census, certify, proof, url
from .brute import brute_count, brute_solutions
from .draw import draw, draw_state
from .generate import buy, forcing, minimise, random_answer, random_small, rebuild_bank, sweep_board
from .ladder import LADDER, NAMES, CBState, decode, decode_mask, encode, initial_state
from .model import (
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


def _clues(puzzle) -> int:
    """Printed numbers."""
    return len(puzzle.clues)


SPEC = genre_spec(__name__, clues=_clues)
