"""Clauses in the form the clause learner (:mod:`puzzlekit.core.learn`) reads,
as a genre writes them for its ``Learner``: a literal is ``2 * v`` for
"boolean ``v`` true" and ``2 * v + 1`` for "``v`` false", and a list of
clauses is ``(starts, literals)``, clause ``c`` being
``literals[starts[c]:starts[c + 1]]``."""
from __future__ import annotations

import numpy as np

__all__ = ["flat", "units", "decided", "values_row", "joined"]


def flat(lists) -> tuple:
    """Lists of literals (clauses, or a kernel's lines) as ``(starts,
    literals)``: list ``c`` is ``literals[starts[c]:starts[c + 1]]``.

    >>> starts, lits = flat([[0, 3], [5]]); starts.tolist(), lits.tolist()
    ([0, 2, 3], [0, 3, 5])
    """
    starts = np.zeros(len(lists) + 1, np.int64)
    starts[1:] = np.cumsum([len(c) for c in lists])
    return starts, np.array([x for c in lists for x in c], np.int64)


def decided(pairs, offset: int = 0) -> np.ndarray:
    """The literals a two-valued variable's bits have decided, boolean
    ``offset + i`` for row ``i`` of ``pairs`` (``[false possible, true
    possible]``, a state's ``(n, 2)`` view): true where its false bit is
    gone, false where its true bit is (for :func:`units`).

    >>> decided(np.array([[True, True], [False, True], [True, False]]), 10).tolist()
    [22, 25]
    """
    pairs = np.asarray(pairs, dtype=np.bool_)
    return np.concatenate([2 * (offset + np.flatnonzero(~pairs[:, 0])),
                           2 * (offset + np.flatnonzero(~pairs[:, 1])) + 1])


def values_row(state) -> np.ndarray:
    """The booleans of a decided state whose variables are the booleans
    (two values each, the second "true"): its values (a ``Learner.row_of``)."""
    return state.values().astype(np.int8)


def units(*literals) -> tuple:
    """One unit clause per literal (of the arrays given, in order), in the
    form of :func:`flat`.

    >>> starts, lits = units([4, 1], [7]); starts.tolist(), lits.tolist()
    ([0, 1, 2, 3], [4, 1, 7])
    """
    lits = np.concatenate([np.asarray(x, np.int64).ravel() for x in literals] or
                          [np.zeros(0, np.int64)])
    return np.arange(lits.size + 1, dtype=np.int64), lits


def joined(parts) -> tuple:
    """Clauses in the form of :func:`flat`, one after another.

    >>> starts, lits = joined([flat([[0, 3]]), units([5, 6])]); starts.tolist(), lits.tolist()
    ([0, 2, 3, 4], [0, 3, 5, 6])
    """
    starts = [np.zeros(1, np.int64)]
    at = 0
    for s, _ in parts:
        starts.append(np.asarray(s[1:], np.int64) + at)
        at += int(s[-1])
    return np.concatenate(starts), np.concatenate([np.asarray(x, np.int64) for _, x in parts])
