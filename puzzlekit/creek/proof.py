"""Creek's uniqueness-proof policy (``SPEC.proof``) and the evidence for it."""
from __future__ import annotations

from ..core.proof import ProofPolicy
from .learn import LEARNER

__all__ = ["POLICY"]

POLICY = ProofPolicy(
    # A search the first round leaves open goes to the core's clause learner
    # (``learn.py``: the cells as booleans, the corner numbers as clauses,
    # the connected unshaded cells as the explaining kernel) instead of
    # further rounds.  On janko.at's Creek 440 (29x41,
    # ``benchmarks/real/creek.json``) the whole ladder's fixpoint leaves 356
    # of its 1,189 cells open, and the search below it found no answer in a
    # minute (211,831 nodes); after the first round the learner proves it
    # unique in 148 conflicts, and the proof takes about 1.6 s, where CP-SAT
    # with one worker does not finish in 20 s.  The bank's boards, the other
    # real ones and the sweep's finish at the root or within the first round,
    # so they never reach the learner (``benchmarks/bench_policy.py creek
    # --set learner=None`` times the sweep's boards the same either way).
    learner=LEARNER)
