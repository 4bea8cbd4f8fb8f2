"""The clause learner's branching order (:mod:`puzzlekit.core.learn`).

The open variables by activity, the most active first: a binary max-heap,
``heap[:heap[-1]]`` (``heap[-1]`` counts the variables in it), ``pos[v]``
v's place (-1: not in it), keyed by ``act``.  A variable assigned since it
went in may still be in (the search passes over it when it comes up), and
every open variable is in, so the first open one out is the most active
open variable, as a scan over all of them would find (ties to the lower
variable)."""
from __future__ import annotations

from numba import njit

__all__ = ["push", "up", "pop"]


@njit(cache=True)
def _before(act, u, v):
    return act[u] > act[v] or (act[u] == act[v] and u < v)


@njit(cache=True)
def push(heap, pos, act, v):
    i = heap[-1]
    heap[-1] = i + 1
    up(heap, pos, act, v, i)


@njit(cache=True)
def up(heap, pos, act, v, i):
    """Move ``v`` from place ``i`` towards the top past the less active."""
    while i > 0:
        parent = (i - 1) >> 1
        u = heap[parent]
        if _before(act, u, v):
            break
        heap[i] = u
        pos[u] = i
        i = parent
    heap[i] = v
    pos[v] = i


@njit(cache=True)
def pop(heap, pos, act):
    """Take out the most active variable."""
    v = heap[0]
    pos[v] = -1
    n = heap[-1] - 1
    heap[-1] = n
    if n > 0:
        last = heap[n]
        i = 0
        while 2 * i + 1 < n:
            child = 2 * i + 1
            if child + 1 < n and _before(act, heap[child + 1], heap[child]):
                child += 1
            u = heap[child]
            if _before(act, last, u):
                break
            heap[i] = u
            pos[u] = i
            i = child
        heap[i] = last
        pos[last] = i
    return v
