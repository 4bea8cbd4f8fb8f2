"""Magnets: a board tiled into dominoes, each a magnet (+ and -) or neutral; like
poles never touch; margins count each line's + and - cells.  Real boards may
also have empty cells and given poles, and are read from puzz.link URLs."""
from __future__ import annotations

from ..core.genre import GenreSpec, sat_counter
from . import brute, census, certify, generate, proof, url
from .draw import draw, draw_state
from .generate import random_small, rebuild_bank, sample, verify_extra
from .ladder import LADDER, MagnetState, decode, encode, initial_state
from .model import MAX_CELLS, RULES, Answer, Puzzle, check

__all__ = ["SPEC", "LADDER", "Puzzle", "Answer", "check", "RULES", "initial_state", "decode",
           "encode", "random_small", "draw", "draw_state", "sample", "brute", "census", "certify",
           "generate", "url", "proof", "MagnetState"]


def _generate(h, w, seed=None, grade=None):
    """A board of any shape: an odd area leaves a cell or two empty, as real
    puzzles with an odd area do."""
    holes = 0.0 if (h * w) % 2 == 0 else 0.5 / (h * w)
    return generate.generate(h, w, seed=seed, grade=grade, holes=holes)


def _clues(puzzle) -> int:
    """Printed margin numbers and given poles."""
    margins = (puzzle.plus_rows, puzzle.minus_rows, puzzle.plus_cols, puzzle.minus_cols)
    return int(sum((m >= 0).sum() for m in margins) + (puzzle.given >= 0).sum())


SPEC = GenreSpec(
    name="magnets", Puzzle=Puzzle, Answer=Answer, ladder=LADDER,
    initial_state=initial_state, decode=decode, check=check,
    brute_count=brute.brute_count, generate=_generate, draw=draw, draw_state=draw_state,
    article="puzzlekit.magnets.article", rebuild_bank=rebuild_bank, verify_extra=verify_extra,
    max_cells=MAX_CELLS, brute_solutions=brute.brute_solutions, encode=encode,
    random_small=random_small, sat_count=sat_counter(__name__), sweep_board=generate.sweep_board,
    url_decode=url.decode, url_encode=url.encode,
    clues=_clues, certificate=certify.pair_certificate, proof=proof.POLICY)
