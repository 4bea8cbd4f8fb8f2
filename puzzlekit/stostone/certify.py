"""Witnesses that the readings of rule 4 differ, checked without search.

The 4x3 arch (rows ``#.#``, ``###``, ``...``, ``.#.``) holds two shaded
cells in every column and neither stone has a vertical gap, so it passes
``convex``; yet its middle prong lands on the lone cell below and the arch
comes to rest one row high, so it fails ``exact``.  :func:`arch` returns it;
:func:`witness` checks a grid separates two readings.
"""
from __future__ import annotations

import numpy as np

from .model import rule4_ok

__all__ = ["ARCH", "arch", "witness"]

ARCH = ("#.#", "###", "...", ".#.")


def arch() -> np.ndarray:
    """The 4x3 arch as a flat bool array.

    >>> arch().reshape(4, 3).sum(axis=0).tolist()
    [2, 2, 2]
    """
    return np.array([[ch == "#" for ch in row] for row in ARCH], bool).ravel()


def witness(h: int, w: int, shaded, weaker: str = "convex", stronger: str = "exact") -> bool:
    """True when the grid passes ``weaker`` and fails ``stronger``.

    >>> witness(4, 3, arch())
    True
    """
    return rule4_ok(h, w, shaded, weaker) and not rule4_ok(h, w, shaded, stronger)
