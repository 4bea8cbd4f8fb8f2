"""Numberlink: join each pair of equal numbers by a path; paths never share a
cell; with rule 3 (``fill``) every cell is used.  Solved over the segments by
deg, chain, reach and probe."""
from __future__ import annotations

from ..core.genre import GenreSpec, sat_counter
from . import generate as _gen, proof, url
from .brute import count_solutions as brute_count, solutions as brute_solutions
from .draw import draw, draw_state
from .generate import random_small, rebuild_bank, repair, sample_paths
from .ladder import (
    LADDER,
    NAMES,
    LinkState,
    decode,
    encode,
    fast_count,
    initial_state,
    propagate,
    with_segments,
)
from .model import MAX_CELLS, RULES, Answer, Puzzle, check, paths_of

__all__ = ["SPEC", "LADDER", "NAMES", "RULES", "Puzzle", "Answer", "LinkState", "check",
           "initial_state", "decode", "encode", "propagate", "fast_count", "with_segments",
           "brute_count", "brute_solutions", "random_small", "rebuild_bank", "repair",
           "sample_paths", "paths_of", "draw", "draw_state", "url", "proof"]


def _clues(puzzle) -> int:
    """Numbered cells (two per pair)."""
    return int((puzzle.numbers > 0).sum())


def _refute(puzzle) -> bool:
    """The parity identity fails (:func:`certify.parity_ok`): no answer."""
    from .certify import parity_ok
    return not parity_ok(puzzle)


SPEC = GenreSpec(
    name="numberlink", Puzzle=Puzzle, Answer=Answer, ladder=LADDER,
    initial_state=initial_state, decode=decode, check=check, brute_count=brute_count,
    generate=lambda h, w, seed=None, grade=None: _gen.generate(h, w, seed, grade),
    draw=draw, draw_state=draw_state, article="puzzlekit.numberlink.article",
    rebuild_bank=lambda seed=None: _gen.rebuild_bank(seed), max_cells=MAX_CELLS,
    brute_solutions=brute_solutions, encode=encode, random_small=random_small,
    sat_count=sat_counter(__name__), sweep_board=_gen.sweep_board,
    url_decode=url.decode, url_encode=url.encode,
    clues=_clues, refute=_refute, proof=proof.POLICY)
