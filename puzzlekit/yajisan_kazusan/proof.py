"""Yajisan-Kazusan's uniqueness-proof policy (``SPEC.proof``) and the evidence for it."""
from __future__ import annotations

from ..core.proof import ProofPolicy
from .ladder import clue_order, shade_first

__all__ = ["POLICY"]

POLICY = ProofPolicy(
    # The clue cells first (``ladder.clue_order``): whether a clue cell is
    # shaded decides whether its clue binds at all, so those are the choices
    # that split a board's answers.
    order=clue_order,
    # Shaded before unshaded (``ladder.shade_first``): a shaded clue cell is
    # exempt from its clue and unshades its neighbours, so that branch
    # propagates most and most often holds an answer.
    first=shade_first)
