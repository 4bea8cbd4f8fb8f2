"""Choco Banana's uniqueness-proof policy (``SPEC.proof``) and the evidence for it."""
from __future__ import annotations

from ..core.proof import ProofPolicy
from .ladder import clue_distance_order

__all__ = ["POLICY"]

POLICY = ProofPolicy(
    # Cells nearest a clue first (``ladder.clue_distance_order``): a cell
    # next to a numbered group decides that group's size soonest.
    order=clue_distance_order,
    # Probe at every node after 200 nodes, not 2,000: on the bank's hardest
    # boards a search with probe opens a tenth of the nodes, and each costs a
    # few probe passes.
    probe_after=200)
