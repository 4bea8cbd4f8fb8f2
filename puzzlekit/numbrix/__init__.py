"""Numbrix: fill the grid with 1..n so that consecutive numbers share an edge.

The answer is a Hamiltonian path of the grid graph; the ladder is
pin < link < block < edge < probe, and ``ruler`` ships beside it.
"""
from __future__ import annotations

from ..core.genre import genre_spec
from . import brute, census, certify, ladder, model, proof
from .brute import brute_count, brute_solutions, iter_solutions
from .certify import reversal, single_cell_proof
from .draw import draw, draw_state
from .generate import adversarial, backbite, random_answer, random_small, reveal_until_unique
from .ladder import LADDER, RULER, NumbrixState, encode, initial_state
from .model import RULES, Answer, Puzzle, check

__all__ = ["SPEC", "LADDER", "RULER", "RULES", "Puzzle", "Answer", "check", "NumbrixState",
           "initial_state", "encode", "decode", "brute_count", "brute_solutions",
           "iter_solutions", "random_answer", "random_small", "backbite",
           "adversarial", "reveal_until_unique",
           "reversal", "single_cell_proof", "draw", "draw_state", "census", "certify",
           "brute", "ladder", "model", "proof"]


def decode(state) -> Answer:
    """The answer of a decided state."""
    return Answer(ladder.decode_values(state))


def _verify_extra(entry, puzzle, answer):
    if reversal(puzzle, answer) is not None:
        return "the reversal certificate reads a second answer off it"
    g = entry.get("grade")
    for c, v in puzzle.printed():
        clues = puzzle.clues.copy()
        clues.flat[c] = 0
        if LADDER.fixpoint(initial_state(Puzzle(clues)), g).solved:
            return f"printed {v} is redundant at its grade {g}"
    return None


def _clues(puzzle) -> int:
    """Printed numbers."""
    return int((puzzle.clues > 0).sum())


SPEC = genre_spec(
    __name__, decode=decode, verify_extra=_verify_extra, clues=_clues, certificate=reversal,
    url_note="puzz.link has no Numbrix genre (its Hidato lets consecutive numbers touch "
             "diagonally, which Numbrix forbids)")
