"""numba helpers shared across the core and the genres."""
from __future__ import annotations

from numba import njit

__all__ = ["live_counts_jit", "dead_jit", "solved_jit"]


@njit(cache=True)
def live_counts_jit(bits, offsets, out):
    """Write the number of live bits of each variable into ``out``."""
    for v in range(offsets.shape[0] - 1):
        c = 0
        for b in range(offsets[v], offsets[v + 1]):
            if bits[b]:
                c += 1
        out[v] = c


@njit(cache=True)
def dead_jit(bits, offsets):
    """True when some variable has no live bit."""
    for v in range(offsets.shape[0] - 1):
        alive = False
        for b in range(offsets[v], offsets[v + 1]):
            if bits[b]:
                alive = True
                break
        if not alive:
            return True
    return False


@njit(cache=True)
def solved_jit(bits, offsets):
    """True when every variable has exactly one live bit."""
    for v in range(offsets.shape[0] - 1):
        c = 0
        for b in range(offsets[v], offsets[v + 1]):
            if bits[b]:
                c += 1
        if c != 1:
            return False
    return True
