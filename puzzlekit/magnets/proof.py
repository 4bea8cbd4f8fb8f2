"""Magnets' uniqueness-proof policy (``SPEC.proof``) and the evidence for it."""
from __future__ import annotations

from ..core.proof import ProofPolicy
from .learn import LEARNER

__all__ = ["POLICY"]

POLICY = ProofPolicy(
    # A search the first round leaves open goes to the core's clause learner
    # (``learn.py``: two booleans per domino, ``count`` as the explaining
    # kernel).  On fully clued 20x20 boards a wrong early guess is refuted far
    # below it, and no branching or value order tried closed the gap to
    # CP-SAT, which carries a clause from each conflict to the rest of its
    # search (``benchmarks/studies/magnets_dense.py`` times four orders and
    # randomised dives against CP-SAT's first answer).
    learner=LEARNER)
