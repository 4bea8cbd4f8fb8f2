"""What the raw engines share: one way to call a counting kernel.

A raw engine (``<genre>/brute.py``) is a numba kernel that walks the rules
and counts answers.  Many take their arrays, then ``limit``, ``max_nodes``
and ``out`` (one row per kept answer), write the first ``len(out)`` answers
they find into ``out`` (:func:`found_jit`) and return ``(found, nodes,
capped)``.  :func:`run` allocates ``out``, calls such a kernel and reports
what it did as a :class:`~puzzlekit.core.search.Count`, the one result type
of every engine.  Nothing here knows a rule of any genre, and the ladder
never imports it.

>>> def _rows(n, limit, max_nodes, out):        # every 0/1 row of length n
...     found = 0
...     for m in range(1 << n):
...         if m >= max_nodes:
...             return found, m, True
...         if found < out.shape[0]:
...             out[found] = [(m >> i) & 1 for i in range(n)]
...         found += 1
...         if found >= limit:
...             return found, m + 1, False
...     return found, 1 << n, False
>>> r, rows = run(_rows, (2,), 2, limit=10, max_nodes=100, keep=2)
>>> r.count, r.capped, r.nodes, [row.astype(int).tolist() for row in rows]
(4, False, 4, [[0, 0], [1, 0]])
>>> r = run(_rows, (3,), 3, limit=10, max_nodes=5, keep=0)[0]
>>> r.count, r.capped, r.unique
(5, True, False)
"""
from __future__ import annotations

from typing import Callable

import numpy as np
from numba import njit

from .search import Count

__all__ = ["run", "found_jit", "engine_hooks"]


def run(kernel: Callable, arrays: tuple, width: int, limit: int, max_nodes: int, keep: int,
        dtype=np.bool_) -> tuple[Count, list]:
    """Call ``kernel(*arrays, limit, max_nodes, out)`` with room for ``keep``
    answers of ``width`` entries each.

    Parameters
    ----------
    kernel : callable
        A raw engine's kernel returning ``(found, nodes, capped)``.
    arrays : tuple
        Its arguments before ``limit``.
    width : int
        Entries per answer (a row of ``out``).
    limit, max_nodes : int
        Stop counting at ``limit`` answers, or after ``max_nodes`` nodes
        (then ``capped``).
    keep : int
        Answers to keep (rows of ``out``); 0 to only count.
    dtype : numpy dtype
        The type of ``out``.

    Returns
    -------
    tuple
        ``(Count, rows)``: the count, cap and nodes, and copies of the first
        ``min(found, keep)`` rows of ``out``.
    """
    out = np.zeros((max(int(keep), 0), int(width)), dtype)
    found, nodes, capped = kernel(*arrays, int(limit), int(max_nodes), out)
    rows = [row.copy() for row in out[:min(int(found), out.shape[0])]]
    return Count(int(found), bool(capped), int(nodes), int(limit)), rows


def engine_hooks(engine: Callable, max_nodes: int, iter_limit: int = 1000) -> tuple:
    """The three functions a genre's ``brute.py`` offers, from its engine
    ``engine(puzzle, limit, max_nodes, keep=None) -> Count`` (the first
    ``keep`` answers kept, by default ``limit``).

    Parameters
    ----------
    engine : callable
        The raw engine.
    max_nodes : int
        The default node budget of all three.
    iter_limit : int
        The default ``limit`` of ``iter_solutions``.

    Returns
    -------
    tuple
        ``(brute_count, brute_solutions, iter_solutions)``: the count up to
        ``limit`` with no answers kept (the GenreSpec hook); the count and
        its answers; the answers one at a time, a RuntimeError when the node
        budget runs out first.  Each belongs to the engine's module.

    Examples
    --------
    >>> def engine(puzzle, limit, max_nodes, keep=None):
    ...     keep = limit if keep is None else keep
    ...     return Count(3, 3 > max_nodes, 3, limit, tuple(range(min(3, keep))))
    >>> count, solutions, answers = engine_hooks(engine, 10)
    >>> count(None).solutions, solutions(None, 5).solutions, list(answers(None))
    ((), (0, 1, 2), [0, 1, 2])
    >>> list(answers(None, max_nodes=2))
    Traceback (most recent call last):
    ...
    RuntimeError: node cap reached
    """
    def brute_count(puzzle, limit: int = 2, max_nodes: int = max_nodes) -> Count:
        return engine(puzzle, limit, max_nodes, keep=0)

    def brute_solutions(puzzle, limit: int = 2, max_nodes: int = max_nodes) -> Count:
        return engine(puzzle, limit, max_nodes)

    def iter_solutions(puzzle, limit: int = iter_limit, max_nodes: int = max_nodes):
        r = engine(puzzle, limit, max_nodes)
        if r.capped:
            raise RuntimeError("node cap reached")
        yield from r.solutions

    name = f"the raw engine (``{engine.__name__}``)"
    brute_count.__doc__ = f"The count of {name} up to ``limit``, no answers kept."
    brute_solutions.__doc__ = f"The count of {name} and its answers (at most ``limit``)."
    iter_solutions.__doc__ = (f"The answers of {name} (at most ``limit``), one at a time; "
                              "RuntimeError when the node budget runs out first.")
    hooks = (brute_count, brute_solutions, iter_solutions)
    for f in hooks:
        f.__module__ = engine.__module__
        f.__qualname__ = f.__name__
    return hooks


@njit(cache=True)
def found_jit(out, found, answer):
    """One more answer: ``answer`` copied into row ``found`` of ``out`` while
    ``out`` has room (cast to its type: 0/1 values to booleans); returns
    ``found + 1``.

    >>> out = np.zeros((1, 3), np.bool_)
    >>> a = np.array([1, 0, 1])
    >>> found_jit(out, 0, a), found_jit(out, 1, a), out.astype(int).tolist()
    (1, 2, [[1, 0, 1]])
    """
    if found < out.shape[0]:
        out[found, :] = answer
    return found + 1
