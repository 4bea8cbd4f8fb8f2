"""Stostone's uniqueness-proof policy (``SPEC.proof``) and the evidence for it."""
from __future__ import annotations

from ..core.proof import PROOF_CHEAP_NODES, ProofPolicy
from .ladder import column_order

__all__ = ["POLICY"]

POLICY = ProofPolicy(
    # Column by column (``ladder.column_order``): rule 4 counts along the
    # columns, so a column is finished, and its count checked, before the
    # next is started.
    order=column_order,
    # A first try without probe, capped at PROOF_CHEAP_NODES: most bank boards
    # finish in it, for less than a probe pass costs.
    cheap_nodes=PROOF_CHEAP_NODES,
    # Never probe below the root.
    probe_after=None,
    # ``fit`` prunes the proof's search (its nodes grow several times without
    # it), but listing every way each region's stone can still be drawn costs
    # more at every node than those nodes do.  Timed on the bank
    # (``bench_engines.py``, 2026-12-05): CP-SAT's time over the ladder's,
    # median 40.8x -> 47.4x, closest board 8.0x -> 12.1x; on the sweep every
    # size but sparse 16x16 is faster without it (there 7.6x -> 3.3x, two
    # boards), and ``benchmarks/bench_policy.py stostone --set "without=()"``
    # times both.
    without=("fit",))
