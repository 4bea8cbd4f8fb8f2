"""Numbrix: fill the grid with 1..n so that consecutive numbers share an edge.

The answer is a Hamiltonian path of the grid graph; the ladder is
pin < link < block < edge < probe, and ``ruler`` ships beside it.
"""
from __future__ import annotations

import numpy as np

from ..core.genre import PROOF_CHEAP_NODES, GenreSpec, sat_counter
from . import brute, census, certify, generate as _gen, ladder, model
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
           "brute", "ladder", "model"]


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


#: The proof's search makes one probe pass at a node (``GenreSpec.proof_probe_passes``):
#: on large sparse boards with many answers the root's probe is most of the
#: proof, and its later passes remove little; the last removes nothing and
#: costs as much as the first.  Bank proofs are unchanged (probe settles their
#: roots in one pass or the search is tiny); ``benchmarks/bench_policy.py
#: numbrix --set proof_probe_passes=None`` times both.
PROOF_PROBE_PASSES = 1


def _value_groups(puzzle) -> np.ndarray:
    """Row ``k``: value ``k + 1``'s bit in every cell (``cand[cell, k]`` is
    bit ``cell * n + k``); each value is in exactly one cell.

    >>> _value_groups(Puzzle(np.zeros((1, 2), dtype=int))).tolist()
    [[0, 2], [1, 3]]
    """
    n = puzzle.n
    return np.arange(n * n, dtype=np.int64).reshape(n, n).T


#: The proof's search asks where a value goes, not which value a cell holds
#: (``GenreSpec.proof_groups``): on a large sparse board the value with fewest
#: cells left is nearly always one next to a placed neighbour, so the search
#: walks the path outward from its clues, where a cell's values are spread
#: over the whole gap between two clues and a wrong guess is found late.
#: ``benchmarks/bench_policy.py numbrix --set proof_groups=None`` times both.
PROOF_GROUPS = _value_groups

SPEC = GenreSpec(
    name="numbrix", Puzzle=Puzzle, Answer=Answer, ladder=LADDER,
    initial_state=initial_state, decode=decode, check=check,
    brute_count=brute_count, generate=_gen.generate, draw=draw, draw_state=draw_state,
    article="puzzlekit.numbrix.article", rebuild_bank=_gen.rebuild_bank,
    verify_extra=_verify_extra, max_cells=model.MAX_CELLS, brute_solutions=brute_solutions,
    encode=encode, random_small=random_small,
    sat_count=sat_counter(__name__), sweep_board=_gen.sweep_board,
    url_note="puzz.link has no Numbrix genre (its Hidato lets consecutive numbers touch "
             "diagonally, which Numbrix forbids)",
    clues=_clues, certificate=reversal, proof_cheap_nodes=PROOF_CHEAP_NODES,
    proof_probe_passes=PROOF_PROBE_PASSES, proof_groups=PROOF_GROUPS)
