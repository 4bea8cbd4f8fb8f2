"""Nanro's uniqueness-proof policy (``SPEC.proof``) and the evidence for it."""
from __future__ import annotations

from ..core.proof import ProofPolicy
from .learn import LEARNER

__all__ = ["POLICY"]

POLICY = ProofPolicy(
    # A search the first round leaves open goes to the core's clause learner
    # (``learn.py``: the ladder's cell and count variables as booleans,
    # ``block``, ``clash`` and the givens as clauses, ``count`` and ``reach``
    # as the explaining kernel).
    learner=LEARNER)
