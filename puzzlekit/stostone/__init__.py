"""Stostone: shade one connected stone in every region, stones apart, numbers
as sizes, and dropped straight down the stones fill the bottom half exactly.
col, clue, fit, drop and probe over one {blank, shaded} variable per cell."""
from __future__ import annotations

from ..core.genre import genre_spec
from . import brute, census, certify, proof, url
from .brute import brute_count, brute_solutions
from .draw import draw, draw_state
from .generate import buy, minimise, random_answer, random_small, rebuild_bank, sweep_board
from .ladder import LADDER, NAMES, StoState, decode, decode_mask, encode, initial_state
from .model import (
    RULE4,
    RULES,
    Answer,
    Puzzle,
    balanced,
    below_counts,
    check,
    lands,
    rule4_ok,
    stones,
)

__all__ = ["SPEC", "LADDER", "NAMES", "RULES", "RULE4", "Puzzle", "Answer", "StoState",
           "check", "stones", "balanced", "below_counts", "lands", "rule4_ok",
           "initial_state", "decode", "decode_mask", "encode", "brute_count",
           "brute_solutions", "random_answer", "buy", "minimise", "random_small",
           "sweep_board", "rebuild_bank", "draw", "draw_state", "brute", "census", "certify",
           "url", "proof"]


def _clues(puzzle) -> int:
    """Numbers, ``?`` included (the partition is not counted)."""
    return len(puzzle.numbers)


def _small_size(h, w):
    """A board has an even height: one drawn at an odd height is made 4 high."""
    return (4 if h % 2 else h), w


SPEC = genre_spec(__name__, clues=_clues, small_size=_small_size)
