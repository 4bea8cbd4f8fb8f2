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
    # A search the first round (500 nodes) leaves open goes to the core's
    # clause learner (``learn.py``: cells and placements as booleans, the
    # placements' cells, rims and cover, a shape held once at most once, as
    # clauses; the copies of a shape held more than once and the connected
    # park as the explaining kernel) instead of further rounds.  On the noqx
    # example above the first round is followed by about 450 conflicts, a
    # tenth of a second: the proof takes about 0.25 s instead of 2.1 s, under
    # CP-SAT's time on every real board (``benchmarks/bench_real.py --genres
    # statue_park``).  The sweep's sparse boards have many answers; the first
    # round finds one, and the learner a second in a few dozen to a few
    # hundred conflicts: ``benchmarks/bench_policy.py statue_park`` with
    # ``--set learner=None`` and ``--set first_nodes=2000`` timed its 45
    # boards at 17.6 s and 23.9 s in all, against 14.0 s with this (none
    # capped).  Of the bank's proofs, two pass 500 nodes and reach the
    # learner (575 and 712 nodes where the rounds took 825 and 527); the
    # bank's time is a tenth of a second either way.
    learner=LEARNER,
    first_nodes=500)
