"""A set of int64 keys for a compiled search's memo: an open-addressing hash
table of slots over a pool where each key is stored as its length then its
words.  Keys are compared word by word, so a hash collision never passes for
a match; the pool and the table double when full."""
from __future__ import annotations

import numpy as np
from numba import njit

from ._nb import copy_into

__all__ = ["key_hash", "key_slot", "key_add"]


@njit(cache=True)
def key_hash(key, n):
    """FNV-1a over the first ``n`` words of ``key`` (wrapping int64)."""
    h = -3750763034362895579
    for i in range(n):
        h = (h ^ key[i]) * 1099511628211
    return h


@njit(cache=True)
def key_slot(slots, hashes, pool, key, n, h):
    """The slot of ``key[:n]`` (hash ``h``) in the open-addressing table
    ``slots``/``hashes`` over ``pool`` (a key at ``pool[o]`` is its length
    then its words; a slot holds ``o + 1``, 0 when empty): where it is, or
    the empty slot where it would go.  Keys are compared word by word, so a
    hash collision never passes for a match."""
    mask = slots.size - 1
    j = h & mask
    while slots[j] != 0:
        if hashes[j] == h:
            o = slots[j] - 1
            if pool[o] == n:
                same = True
                for i in range(n):
                    if pool[o + 1 + i] != key[i]:
                        same = False
                        break
                if same:
                    return j
        j = (j + 1) & mask
    return j


@njit(cache=True)
def key_add(slots, hashes, pool, used, count, key, n, h):
    """Add ``key[:n]`` (hash ``h``, not in the table) to the table and its
    pool, growing either by doubling; returns ``(slots, hashes, pool,
    used, count)``."""
    if used + n + 1 > pool.size:
        grown = np.empty(max(2 * pool.size, used + n + 1), dtype=np.int64)
        copy_into(grown, 0, pool, used)
        pool = grown
    pool[used] = n
    copy_into(pool, used + 1, key, n)
    if 2 * (count + 1) > slots.size:
        s2 = np.zeros(2 * slots.size, dtype=np.int64)
        h2 = np.zeros(2 * slots.size, dtype=np.int64)
        mask = s2.size - 1
        for j in range(slots.size):
            if slots[j] != 0:
                t = hashes[j] & mask
                while s2[t] != 0:
                    t = (t + 1) & mask
                s2[t] = slots[j]
                h2[t] = hashes[j]
        slots, hashes = s2, h2
    j = key_slot(slots, hashes, pool, key, n, h)
    slots[j] = used + 1
    hashes[j] = h
    return slots, hashes, pool, used + n + 1, count + 1
