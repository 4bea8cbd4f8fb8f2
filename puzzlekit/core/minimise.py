"""Clue minimisation for the generators: the fewest clues, in a given order,
that a test accepts, then every one of them it can do without.

A test here is monotone: when it accepts some clues it accepts any more of
them (a fixpoint that finishes with fewer clues finishes with more, a board
unique with fewer clues stays unique with more), so the shortest accepted
prefix of an order is found by bisection.
"""
from __future__ import annotations

from typing import Callable, Sequence

__all__ = ["shortest_prefix", "minimal", "take_back"]


def shortest_prefix(order: Sequence, ok: Callable, top: bool = False) -> int:
    """The length of the shortest prefix of ``order`` that ``ok`` accepts
    (``len(order)`` when only the whole is; the caller checks that), by
    bisection over the prefix lengths.  With ``top``, the prefixes are first
    shortened from the whole by 1, 2, 4, ... until one is refused, and the
    bisection runs between: fewer tests of short prefixes, for tests that
    are dear on few clues when most clues are needed.

    >>> shortest_prefix([5, 3, 8, 1], lambda cells: 8 in list(cells))
    3
    >>> shortest_prefix([5, 3, 8, 1], lambda cells: 8 in list(cells), top=True)
    3
    """
    lo, hi = 0, len(order)
    step = 1
    while top and hi - step > lo:
        if not ok(order[:hi - step]):
            lo = hi - step + 1
            break
        hi -= step
        step *= 2
    while lo < hi:
        mid = (lo + hi) // 2
        if ok(order[:mid]):
            hi = mid
        else:
            lo = mid + 1
    return lo


def minimal(order: Sequence, ok: Callable, rng, top: bool = False) -> list[int]:
    """The shortest prefix of ``order`` that ``ok`` accepts (``top``: found
    as :func:`shortest_prefix` says), then each of its clues taken back, in
    an order drawn from ``rng``, when ``ok`` still accepts the rest: a set no
    clue can leave (sorted).  ``ok`` must accept the whole of ``order``.

    >>> import numpy as np
    >>> minimal([5, 3, 8, 1], lambda cells: {3, 8} <= set(cells), np.random.default_rng(0))
    [3, 8]
    """
    keep = list(order[:shortest_prefix(order, ok, top)])
    for c in rng.permutation(keep):
        trial = [x for x in keep if x != c]
        if ok(trial):
            keep = trial
    return sorted(int(c) for c in keep)


def take_back(clues: dict, ok: Callable, rng) -> dict:
    """The clues (a dict, cell -> clue) left when each one, in an order
    drawn from ``rng``, is taken back whenever ``ok`` accepts the rest.

    >>> import numpy as np
    >>> take_back({1: "a", 5: "b", 7: "c"}, lambda rest: 5 in rest, np.random.default_rng(0))
    {5: 'b'}
    """
    for c in rng.permutation(sorted(clues)):
        rest = {k: v for k, v in clues.items() if k != c}
        if ok(rest):
            clues = rest
    return clues
