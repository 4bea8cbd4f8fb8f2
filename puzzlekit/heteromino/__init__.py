"""Heteromino: cut the white cells into trominoes, no two of one shape
(rotations differ) sharing an edge.  The only clue is which cells are black.
Solved by fit < region < hetero < pair < probe over one candidate-piece
variable per white cell (``pair`` is ours; the article's ladder has the other
four)."""
from __future__ import annotations

from ..core.genre import genre_spec
from . import brute, census, certify, proof, url
from .brute import count_solutions as brute_count, solutions as brute_solutions
from .draw import draw, draw_state
from .generate import random_small, rebuild_bank, search_count, walk
from .ladder import LADDER, HeteroState, decode, encode, initial_state
from .model import RULES, SHAPE_NAMES, SHAPES, Answer, Puzzle, check, placements

__all__ = ["SPEC", "LADDER", "RULES", "SHAPES", "SHAPE_NAMES", "Puzzle", "Answer", "HeteroState",
           "check", "placements", "initial_state", "decode", "encode", "random_small", "walk",
           "search_count", "rebuild_bank", "draw", "draw_state", "brute", "census", "certify",
           "url", "proof", "brute_count", "brute_solutions"]


def _clues(puzzle) -> int:
    """Deleted (black) cells: the setter's only ink."""
    return int(puzzle.black.sum())


SPEC = genre_spec(__name__, clues=_clues, certificate=certify.swap_certificate,
                  variables="white cells")
