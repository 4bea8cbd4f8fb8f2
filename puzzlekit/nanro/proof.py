"""Nanro's uniqueness-proof policy (``SPEC.proof``) and the evidence for it."""
from __future__ import annotations

from ..core.proof import ProofPolicy
from .learn import LEARNER

__all__ = ["POLICY"]

POLICY = ProofPolicy(
    # A search the first round leaves open goes to the core's clause learner
    # (``learn.py``: the ladder's cell and count variables as booleans,
    # ``block``, ``clash`` and the givens as clauses, ``count`` and ``reach``
    # as the explaining kernel) instead of further rounds.  On large boards
    # with few clues a wrong early guess about which cells are numbered is
    # refuted far below it, and propagate-and-branch meets the same dead end
    # again under each later choice: penpa-edit's 16x16 "Nanro 2"
    # (``benchmarks/real/nanro.json``) stays open after millions of nodes
    # without probe below the root and takes about 12,000 nodes with probe
    # at every node (a few ms each), where the learner proves it unique in
    # about 9,000 conflicts, a third of a second, ten times less than CP-SAT
    # with one worker; with some of its clues turned into marks (boards with
    # many answers) it finds two answers in under a second where the later
    # rounds were still open after ten.  The bank and the other real boards
    # finish at the root or within the first round, so they never reach the
    # learner (``benchmarks/bench_policy.py nanro --set learner=None`` and
    # ``benchmarks/bench_real.py --genres nanro`` time them).
    learner=LEARNER)
