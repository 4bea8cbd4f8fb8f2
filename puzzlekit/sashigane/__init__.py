"""Sashigane: cut the board into L-shaped pieces, one circle on each bend and
one arrow on an arm's far end pointing home.  Solved by fit < cover < area <
probe over one candidate-L variable per circle (under puzz.link's rules, where
a piece needs no clue, per cell a piece could bend on; a puzz.link URL is read
under those); the scanner (row-major cuts) and a CP-SAT model are the other
two engines."""
from __future__ import annotations

from ..core.genre import genre_spec
from . import brute
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
from .model import CLAUSES, RULES, Answer, Puzzle, check, l_parts

__all__ = ["SPEC", "LADDER", "RULES", "CLAUSES", "Puzzle", "Answer", "SashiState", "check",
           "l_parts", "initial_state", "decode", "encode", "owners", "brute_count",
           "brute_solutions", "random_partition", "answer_board", "random_small", "unique",
           "erase_numbers", "generate", "rebuild_bank", "verify_extra", "draw", "draw_state",
           "brute"]


def _clues(puzzle) -> int:
    """Circles (bare or numbered) and arrows."""
    return int((puzzle.circle >= 0).sum() + (puzzle.arrow >= 0).sum())


def _refute(puzzle) -> bool:
    """The size budget fails (:func:`certify.budget_refutes`): no answer."""
    from .certify import budget_refutes
    return budget_refutes(puzzle)


SPEC = genre_spec(__name__, clues=_clues, refute=_refute, variables="circles")
