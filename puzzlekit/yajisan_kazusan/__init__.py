"""Yajisan-Kazusan: shade cells, no two touching, the rest one region; an
arrow clue binds only when its own cell is unshaded.  adj, cap, ray, white and
probe over one {unshaded, shaded} variable per cell."""
from __future__ import annotations

from ..core.genre import genre_spec
from . import brute, census, certify, proof, url
from .brute import brute_count, brute_solutions
from .draw import draw, draw_state
from .generate import (
    buy,
    is_maximal,
    liar_board,
    minimise,
    random_answer,
    random_small,
    rebuild_bank,
    sweep_board,
)
from .ladder import (
    LADDER,
    NAMES,
    YKState,
    clue_order,
    decode,
    decode_mask,
    encode,
    initial_state,
    line_totals,
    max_total,
    shade_first,
)
from .model import RULES, Answer, Puzzle, check

__all__ = ["SPEC", "LADDER", "NAMES", "RULES", "Puzzle", "Answer", "YKState", "check",
           "initial_state", "decode", "decode_mask", "encode", "line_totals", "max_total",
           "clue_order", "shade_first",
           "brute_count", "brute_solutions", "random_answer", "is_maximal", "buy", "minimise",
           "liar_board", "random_small", "sweep_board", "rebuild_bank", "draw", "draw_state",
           "brute", "census", "certify", "url", "proof"]


def _clues(puzzle) -> int:
    """Arrow clues."""
    return len(puzzle.clues)


SPEC = genre_spec(__name__, clues=_clues)
