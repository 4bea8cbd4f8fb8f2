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
    # statue_park``).  The sweep's boards have many answers, and pay for
    # it: the first round finds one, and where the later rounds' dives find
    # a second in a few dozen nodes, the learner first builds its clauses
    # and the root's fixpoint again (about 0.1 s on 16x16) and then searches
    # a few dozen to a few hundred conflicts (about 1.3 ms each on 16x16).
    # ``benchmarks/bench_policy.py statue_park --set learner=None`` timed the
    # 45 sparse boards at 7.1 s in all without the learner against 12.4 s
    # with it (none capped), the dense ones (``--density dense``) at 10.4 s
    # against 9.9 s; with the first round at 2,000 nodes the sparse ones
    # took 23.9 s where 500 took 14.0 s in the same run.  Of the bank's
    # proofs, two pass 500 nodes and reach the learner (575 and 712 nodes
    # where the rounds took 825 and 527, the same answers); the bank's time
    # is a tenth of a second either way.
    learner=LEARNER,
    first_nodes=500)
