"""Creek: shade cells so that every corner number counts the shaded cells
around it and the unshaded cells form one connected creek."""
from __future__ import annotations

from ..core.genre import GenreSpec, sat_counter
from . import brute, generate as _gen
from .brute import brute_count, brute_solutions
from .draw import draw, draw_state
from .generate import random_small, rebuild_bank, verify_extra
from .ladder import LADDER, NAMES, CreekState, decode, encode, initial_state
from .model import MAX_CELLS, RULES, Answer, Puzzle, check, clue_field, full_puzzle

__all__ = ["SPEC", "LADDER", "NAMES", "RULES", "Puzzle", "Answer", "CreekState", "check",
           "clue_field", "full_puzzle", "initial_state", "decode", "encode", "brute_count",
           "brute_solutions", "random_small", "rebuild_bank", "draw", "draw_state", "brute"]


def _url_decode(url):
    from .url import decode as dec
    return dec(url)


def _url_encode(puzzle):
    from .url import encode as enc
    return enc(puzzle)


def _clues(puzzle) -> int:
    """Numbers on the corners."""
    return int((puzzle.clues >= 0).sum())


def _certificate(puzzle, answer):
    """The flip catalogue (:func:`certify.certificate`), the answer alone."""
    from .certify import certificate
    got = certificate(puzzle, answer)
    return None if got is None else got[1]


SPEC = GenreSpec(
    name="creek", Puzzle=Puzzle, Answer=Answer, ladder=LADDER,
    initial_state=initial_state, decode=decode, check=check, brute_count=brute_count,
    generate=lambda h, w, seed=None, grade=None: _gen.generate(h, w, seed, grade),
    draw=draw, draw_state=draw_state, article="puzzlekit.creek.article",
    rebuild_bank=lambda seed=None: rebuild_bank(seed), verify_extra=verify_extra,
    max_cells=MAX_CELLS, brute_solutions=brute_solutions, encode=encode,
    random_small=random_small, sat_count=sat_counter(__name__), sweep_board=_gen.sweep_board,
    url_decode=_url_decode, url_encode=_url_encode,
    clues=_clues, certificate=_certificate)
