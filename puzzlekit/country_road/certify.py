"""Search-free certificates.

The article's one certificate is a theorem: a loop through every country
once is a Hamiltonian cycle of the region graph, and a Hamiltonian graph is
2-connected, so a cut vertex or a bridge in the region graph proves that the
board has no answer, whatever its numbers (Hopcroft-Tarjan, linear time,
before any number is read).  With the skip switch on the theorem does not
apply and nothing is certified.
"""
from __future__ import annotations

from .ladder import two_connected
from .model import Puzzle

__all__ = ["no_answer"]


def no_answer(puzzle: Puzzle) -> str | None:
    """A sentence proving the board has no answer, or None.

    >>> import numpy as np
    >>> no_answer(Puzzle.make(np.repeat(np.arange(4), 4).reshape(4, 4)))
    'the region graph has a cut vertex or a bridge: no loop visits every country once'
    """
    if puzzle.skip or puzzle.k < 3 or two_connected(puzzle):
        return None
    return "the region graph has a cut vertex or a bridge: no loop visits every country once"
