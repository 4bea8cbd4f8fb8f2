"""Sashigane: cut the board into L-shaped pieces, one circle on each bend and
one arrow on an arm's far end pointing home.  Solved by fit < cover < area <
probe over one candidate-L variable per circle; the scanner (row-major cuts)
and a CP-SAT model are the other two engines."""
from __future__ import annotations

from ..core.genre import GenreSpec, sat_counter
from . import brute, generate as _gen
from .brute import brute_count, brute_solutions
from .draw import draw, draw_state
from .generate import (
    answer_board,
    erase_numbers,
    generate,
    random_partition,
    random_small,
    rebuild_bank,
    unique,
    verify_extra,
)
from .ladder import LADDER, SashiState, decode, encode, initial_state, owners
from .model import CLAUSES, MAX_CELLS, RULES, Answer, Puzzle, check, l_parts

__all__ = ["SPEC", "LADDER", "RULES", "CLAUSES", "Puzzle", "Answer", "SashiState", "check",
           "l_parts", "initial_state", "decode", "encode", "owners", "brute_count",
           "brute_solutions", "random_partition", "answer_board", "random_small", "unique",
           "erase_numbers", "generate", "rebuild_bank", "draw", "draw_state", "brute"]


def _url_decode(url):
    from .url import decode as dec
    return dec(url)


def _url_encode(puzzle):
    from .url import encode as enc
    return enc(puzzle)


def _clues(puzzle) -> int:
    """Circles (bare or numbered) and arrows."""
    return int((puzzle.circle >= 0).sum() + (puzzle.arrow >= 0).sum())


def _refute(puzzle) -> bool:
    """The size budget fails (:func:`certify.budget_refutes`): no answer."""
    from .certify import budget_refutes
    return budget_refutes(puzzle)


SPEC = GenreSpec(
    name="sashigane", Puzzle=Puzzle, Answer=Answer, ladder=LADDER,
    initial_state=initial_state, decode=decode, check=check, brute_count=brute_count,
    generate=lambda h, w, seed=None, grade=None: _gen.generate(h, w, seed, grade),
    draw=draw, draw_state=draw_state, article="puzzlekit.sashigane.article",
    rebuild_bank=lambda seed=None: rebuild_bank(seed), verify_extra=verify_extra,
    max_cells=MAX_CELLS, brute_solutions=brute_solutions, encode=encode,
    random_small=random_small, sat_count=sat_counter(__name__), sweep_board=_gen.sweep_board,
    url_decode=_url_decode, url_encode=_url_encode,
    clues=_clues, refute=_refute)
