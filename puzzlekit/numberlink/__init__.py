"""Numberlink: join each pair of equal numbers by a path; paths never share a
cell; with rule 3 (``fill``) every cell is used.  Solved over the segments by
deg, chain, reach and probe."""
from __future__ import annotations

from ..core.genre import genre_spec
from . import proof, url
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
from .model import RULES, Answer, Puzzle, check, paths_of

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


SPEC = genre_spec(__name__, clues=_clues, refute=_refute, variables="segments")
