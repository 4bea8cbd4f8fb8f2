"""Yajisan-Kazusan: shade cells, no two touching, the rest one region; an
arrow clue binds only when its own cell is unshaded.  adj, cap, ray, white and
probe over one {unshaded, shaded} variable per cell."""
from __future__ import annotations

from ..core.genre import GenreSpec, sat_counter
from . import brute, census, certify, generate as _gen, proof, url
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
    verify_extra,
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
from .model import MAX_CELLS, RULES, Answer, Puzzle, check

__all__ = ["SPEC", "LADDER", "NAMES", "RULES", "Puzzle", "Answer", "YKState", "check",
           "initial_state", "decode", "decode_mask", "encode", "line_totals", "max_total",
           "clue_order", "shade_first",
           "brute_count", "brute_solutions", "random_answer", "is_maximal", "buy", "minimise",
           "liar_board", "random_small", "sweep_board", "rebuild_bank", "draw", "draw_state",
           "brute", "census", "certify", "url", "proof"]


def _generate(h, w, seed=None, grade=None):
    return _gen.generate(h, w, seed, grade)


def _clues(puzzle) -> int:
    """Arrow clues."""
    return len(puzzle.clues)


SPEC = GenreSpec(
    name="yajisan_kazusan", Puzzle=Puzzle, Answer=Answer, ladder=LADDER,
    initial_state=initial_state, decode=decode, check=check, brute_count=brute_count,
    generate=_generate, draw=draw, draw_state=draw_state,
    article="puzzlekit.yajisan_kazusan.article", rebuild_bank=rebuild_bank,
    verify_extra=verify_extra, max_cells=MAX_CELLS, brute_solutions=brute_solutions,
    encode=encode, random_small=random_small,
    sat_count=sat_counter(__name__), sweep_board=sweep_board,
    url_decode=url.decode, url_encode=url.encode,
    clues=_clues, proof=proof.POLICY)
