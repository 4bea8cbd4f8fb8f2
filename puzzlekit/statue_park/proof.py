"""Statue Park's uniqueness-proof policy (``SPEC.proof``) and the evidence for it."""
from __future__ import annotations

from ..core.proof import ProofPolicy
from .learn import LEARNER

__all__ = ["POLICY"]

POLICY = ProofPolicy(
    # Branch first on the variables (cells and placements) whose choices keep
    # dying (failure-weighted degree).  On a real 12x12 puzzle with the
    # pentomino bag, an example of the noqx solver,
    # ``https://puzz.link/p?statuepark/12/12/3g3g6000515100003ala0i003g3a0060515160003g3g0000//p``,
    # the proof with the fewest live values first opened 7,965 nodes in 12.4 s
    # of processor time; with this, 6,163 nodes in 2.2 s (the search alone,
    # without the proof's restarts, 2,163 nodes; CP-SAT with one worker, 1.3 s).
    # The bank's boards and the sweep's keep their nodes and time within a few
    # per cent (``benchmarks/bench_policy.py statue_park --set weighted=False``
    # times both on the sweep).
    weighted=True,
    # A search the first round leaves open goes to the core's clause learner
    # (``learn.py``).
    learner=LEARNER)
