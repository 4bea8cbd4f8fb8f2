"""Creek: shade cells so that every corner number counts the shaded cells
around it and the unshaded cells form one connected creek."""
from __future__ import annotations

from ..core.genre import genre_spec
from . import brute
from .brute import brute_count, brute_solutions
from .draw import draw, draw_state
from .generate import random_small, rebuild_bank
from .ladder import LADDER, NAMES, CreekState, decode, encode, initial_state
from .model import RULES, Answer, Puzzle, check, clue_field, full_puzzle

__all__ = ["SPEC", "LADDER", "NAMES", "RULES", "Puzzle", "Answer", "CreekState", "check",
           "clue_field", "full_puzzle", "initial_state", "decode", "encode", "brute_count",
           "brute_solutions", "random_small", "rebuild_bank", "draw", "draw_state", "brute"]


def _clues(puzzle) -> int:
    """Numbers on the corners."""
    return int((puzzle.clues >= 0).sum())


def _certificate(puzzle, answer):
    """The flip catalogue (:func:`certify.certificate`), the answer alone."""
    from .certify import certificate
    got = certificate(puzzle, answer)
    return None if got is None else got[1]


SPEC = genre_spec(__name__, clues=_clues, certificate=_certificate)
