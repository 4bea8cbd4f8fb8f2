"""Heteromino: cut the white cells into trominoes, no two of one shape
(rotations differ) sharing an edge.  The only clue is which cells are black.
Solved by fit < region < hetero < pair < probe over one candidate-piece
variable per white cell (``pair`` is ours; the article's ladder has the other
four)."""
from __future__ import annotations

from ..core.genre import GenreSpec, sat_counter
from . import brute, census, certify, generate as _gen, proof, url
from .brute import count_solutions as brute_count, solutions as brute_solutions
from .draw import draw, draw_state
from .generate import random_small, rebuild_bank, search_count, verify_extra, walk
from .ladder import LADDER, HeteroState, decode, encode, initial_state
from .model import MAX_CELLS, RULES, SHAPE_NAMES, SHAPES, Answer, Puzzle, check, placements

__all__ = ["SPEC", "LADDER", "RULES", "SHAPES", "SHAPE_NAMES", "Puzzle", "Answer", "HeteroState",
           "check", "placements", "initial_state", "decode", "encode", "random_small", "walk",
           "search_count", "rebuild_bank", "draw", "draw_state", "brute", "census", "certify",
           "url", "proof", "brute_count", "brute_solutions"]


def _clues(puzzle) -> int:
    """Deleted (black) cells: the setter's only ink."""
    return int(puzzle.black.sum())


SPEC = GenreSpec(
    name="heteromino", Puzzle=Puzzle, Answer=Answer, ladder=LADDER,
    initial_state=initial_state, decode=decode, check=check, brute_count=brute_count,
    generate=lambda h, w, seed=None, grade=None: _gen.generate(h, w, seed, grade),
    draw=draw, draw_state=draw_state, article="puzzlekit.heteromino.article",
    rebuild_bank=lambda seed=None: rebuild_bank(seed), verify_extra=verify_extra,
    max_cells=MAX_CELLS, brute_solutions=brute_solutions, encode=encode,
    random_small=random_small, sat_count=sat_counter(__name__), sweep_board=_gen.sweep_board,
    url_decode=url.decode, url_encode=url.encode,
    clues=_clues, certificate=certify.swap_certificate, proof=proof.POLICY)
