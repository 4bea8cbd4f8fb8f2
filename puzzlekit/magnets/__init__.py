"""Magnets: a board tiled into dominoes, each a magnet (+ and -) or neutral; like
poles never touch; margins count each line's + and - cells.  Real boards may
also have empty cells and given poles, and are read from puzz.link URLs."""
from __future__ import annotations

from ..core.genre import genre_spec
from . import brute, census, certify, generate, proof, url
from .draw import draw, draw_state
from .generate import random_small, sample
from .ladder import LADDER, MagnetState, decode, encode, initial_state
from .model import RULES, Answer, Puzzle, check

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


SPEC = genre_spec(__name__, generate=_generate, clues=_clues, certificate=certify.pair_certificate)
