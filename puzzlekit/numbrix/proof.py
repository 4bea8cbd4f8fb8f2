"""Numbrix's uniqueness-proof policy (``SPEC.proof``) and the evidence for it."""
from __future__ import annotations

import numpy as np

from ..core.proof import PROOF_CHEAP_NODES, ProofPolicy

__all__ = ["POLICY", "value_groups"]


def value_groups(puzzle) -> np.ndarray:
    """Row ``k``: value ``k + 1``'s bit in every cell (``cand[cell, k]`` is
    bit ``cell * n + k``); each value is in exactly one cell.

    >>> from puzzlekit.numbrix.model import Puzzle
    >>> value_groups(Puzzle(np.zeros((1, 2), dtype=int))).tolist()
    [[0, 2], [1, 3]]
    """
    n = puzzle.n
    return np.arange(n * n, dtype=np.int64).reshape(n, n).T


POLICY = ProofPolicy(
    # A first try without probe, capped at PROOF_CHEAP_NODES: most bank boards
    # finish in it, for less than a probe pass costs.
    cheap_nodes=PROOF_CHEAP_NODES,
    # One probe pass at a node: on large sparse boards with many answers the
    # root's probe is most of the proof, and its later passes remove little;
    # the last removes nothing and costs as much as the first.  Bank proofs
    # are unchanged (probe settles their roots in one pass or the search is
    # tiny); ``benchmarks/bench_policy.py numbrix --set probe_passes=None``
    # times both.
    probe_passes=1,
    # Where a value goes, not which value a cell holds: on a large sparse
    # board the value with fewest cells left is nearly always one next to a
    # placed neighbour, so the search walks the path outward from its clues,
    # where a cell's values are spread over the whole gap between two clues
    # and a wrong guess is found late.  ``benchmarks/bench_policy.py numbrix
    # --set groups=None`` times both.
    groups=value_groups)
