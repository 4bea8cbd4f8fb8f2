"""Heteromino's uniqueness-proof policy (``SPEC.proof``) and the evidence for it."""
from __future__ import annotations

from ..core.proof import PROOF_CHEAP_NODES, ProofPolicy

__all__ = ["POLICY"]

POLICY = ProofPolicy(
    # A first try without probe, capped at PROOF_CHEAP_NODES: most bank boards
    # finish in it, for less than a probe pass costs.
    cheap_nodes=PROOF_CHEAP_NODES,
    # ``hetero`` is a case of ``pair``, which the proof keeps, and inside
    # probe's trials it would only cost time (``tests/test_every_genre.py``
    # bounds how much leaving it out changes the proof's search,
    # ``benchmarks/bench_engines.py`` times the proof).  ``region`` stays:
    # without it, boards with no answer become long searches.
    without=("hetero",),
    # Of the open cells, one with the fewest candidates cubed over one more
    # than the times a child of a branching on it has died.  Plain
    # fewest-candidates branching left the hardest 12x12 bank boards to a
    # cheap search that ran out (300 nodes) and then a probe pass.  The power
    # was chosen on the cheap search's nodes over the 32 12x12 bank boards
    # (plain 3,484; powers 1, 2, 3, 4, 6: 3,646, 2,424, 2,127, 2,384, 2,571)
    # and held for 12 boards generated outside the bank (plain 1,609, squared
    # 924, cubed 823).  ``benchmarks/bench_policy.py heteromino --set
    # weighted=False`` times both on the sweep.
    weighted=True)
