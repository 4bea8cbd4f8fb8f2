"""Yajisan-Kazusan's uniqueness-proof policy (``SPEC.proof``) and the evidence for it."""
from __future__ import annotations

from ..core.proof import ProofPolicy
from .ladder import clue_order, shade_first
from .learn import LEARNER

__all__ = ["POLICY"]

POLICY = ProofPolicy(
    # The clue cells first (``ladder.clue_order``): whether a clue cell is
    # shaded decides whether its clue binds at all, so those are the choices
    # that split a board's answers.
    order=clue_order,
    # Shaded before unshaded (``ladder.shade_first``): a shaded clue cell is
    # exempt from its clue and unshades its neighbours, so that branch
    # propagates most and most often holds an answer.
    first=shade_first,
    # A search the first round (500 nodes) leaves open goes to the core's
    # clause learner (``learn.py``: the cells as booleans, shaded cells apart
    # as clauses, the clues' counts and the connected unshaded cells as the
    # explaining kernel) instead of further rounds.  janko.at's boards 30
    # (14x24), 205, 209 and 210 (14x14) (``benchmarks/real/yajisan_kazusan.json``)
    # are the real boards whose search runs past the root: the search alone
    # needs 1,309 to 6,723 nodes (15-226 ms); with the learner the proofs
    # take 180 to 439 conflicts after the first round, 10-30 ms, where
    # CP-SAT with one worker takes 0.15-0.5 s.  A first round of 500 nodes
    # rather than the default 2,000 hands them over sooner (209: 42 ms with
    # 2,000, 21 ms with 500); every other real board, the bank's and the
    # sweep's finish within 500 nodes or have two answers by then, so they
    # never reach the learner (``benchmarks/bench_policy.py yajisan_kazusan
    # --set learner=None`` times the sweep's boards the same either way).
    first_nodes=500,
    learner=LEARNER)
