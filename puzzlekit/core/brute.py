"""What the raw engines share: one way to call a counting kernel.

A raw engine (``<genre>/brute.py``) is a numba kernel that walks the rules
and counts answers.  Many take their arrays, then ``limit``, ``max_nodes``
and ``out`` (one row per kept answer), write the first ``len(out)`` answers
they find into ``out`` and return ``(found, nodes, capped)``.  :func:`run`
allocates ``out``, calls such a kernel and reports what it did as a
:class:`~puzzlekit.core.search.Count`, the one result type of every engine.
Nothing here knows a rule of any genre, and the ladder never imports it.

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

from .search import Count

__all__ = ["run"]


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
