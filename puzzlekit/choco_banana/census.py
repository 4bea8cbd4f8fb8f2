"""Blank-board ledgers and the size-map census, by the integer enumerator.

Legal grids of clueless boards (the article's ledgers, none of them in OEIS),
the bar areas of an n x n board (OEIS A027424, the multiplication table's
distinct products), the banana-area theorem checked by brute force, and the
size-map ties: legal grids sharing their size map with another.
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np
from numba import njit

from .brute import MASK_CELLS, legal_masks
from .model import banana_areas, bar_areas

__all__ = ["legal_count", "LEDGERS", "LEDGER_SHAPES", "ledger_rows", "A027424", "bar_area_count",
           "ties", "tie_rows", "banana_area_census"]

LEDGERS = {           # the article's figures (and the issue's), legal clueless grids
    "nxn": [1, 5, 121, 4835, 584931],
    "1xn": [1] * 8,
    "2xn": [1, 5, 19, 57, 171, 509, 1505, 4441, 13105, 38689],
    "3xn": [1, 19, 121, 599, 3057, 15525, 78781, 399575],
}
A027424 = [1, 3, 6, 9, 14, 18, 25, 30, 36, 42]    # OEIS A027424(1..10)
LEDGER_SHAPES = {"n×n": (lambda n: (n, n), 5), "1×n": (lambda n: (1, n), 8),
                 "2×n": (lambda n: (2, n), 10), "3×n": (lambda n: (3, n), 8)}


def ledger_rows() -> list[str]:
    """Each ledger of :data:`LEDGER_SHAPES` as printed: legal grid counts, comma-separated."""
    return [", ".join(str(legal_count(*f(n))) for n in range(1, k + 1))
            for f, k in LEDGER_SHAPES.values()]


@lru_cache(maxsize=None)
def legal_count(h: int, w: int) -> int:
    """Legal grids of a clueless h x w board.

    >>> [legal_count(2, n) for n in (1, 2, 3)]
    [1, 5, 19]
    """
    if h * w > MASK_CELLS:
        raise ValueError(f"{h}x{w} is past the enumerator's {MASK_CELLS} cells")
    return int(len(legal_masks(h, w)))


def bar_area_count(n: int) -> int:
    """Distinct areas a bar can have on an n x n board.

    >>> [bar_area_count(n) for n in range(1, 6)]
    [1, 3, 6, 9, 14]
    """
    return len(bar_areas(n, n))


def banana_area_census(h: int, w: int) -> tuple[set, set]:
    """(banana areas found among all legal-or-not grids, the theorem's set):
    every unshaded group of every grid whose unshaded groups are all
    non-rectangles, by brute force.

    >>> a, b = banana_area_census(3, 3); a == b
    True
    """
    n = h * w
    found = _banana_areas_jit(h, w)
    return {int(v) for v in np.flatnonzero(found) if 0 < v <= n}, banana_areas(h, w)


@lru_cache(maxsize=None)
def ties(h: int, w: int) -> dict:
    """The size-map census of a clueless board: answers, distinct size maps,
    answers in a tied group, biggest tie.

    >>> ties(3, 4)["tied"]
    4
    """
    masks = legal_masks(h, w)
    maps = np.zeros((len(masks), h * w), np.int64)
    _maps_jit(masks, h, w, maps)
    _, inv, counts = np.unique(maps, axis=0, return_inverse=True, return_counts=True)
    per = counts[np.ravel(inv)]
    return {"answers": int(len(masks)), "maps": int(len(counts)),
            "tied": int((per > 1).sum()), "biggest": int(counts.max()) if len(counts) else 0}


def tie_rows(shapes) -> list[list]:
    """The tie table: boards 2x2, 2x3, 3x3 in one row (answer range, whether
    every size map is distinct, tied answers, biggest tie), then one row
    (answers, distinct maps, tied answers, biggest tie) per ``(h, w)``."""
    small = [ties(h, w) for h, w in ((2, 2), (2, 3), (3, 3))]
    rows = [[f"{small[0]['answers']} … {small[-1]['answers']}",
             "all distinct" if all(t["maps"] == t["answers"] for t in small) else "ties",
             sum(t["tied"] for t in small), max(t["biggest"] for t in small)]]
    return rows + [[t["answers"], t["maps"], t["tied"], t["biggest"]]
                   for t in (ties(h, w) for h, w in shapes)]


@njit(cache=True)
def _groups_of(m, h, w, lab, size, stack):
    n = h * w
    for c in range(n):
        lab[c] = -1
    k = 0
    for s in range(n):
        if lab[s] >= 0:
            continue
        colour = (m >> s) & 1
        lab[s] = k
        stack[0] = s
        top = 1
        cnt = 0
        while top > 0:
            top -= 1
            v = stack[top]
            cnt += 1
            r, c = v // w, v % w
            for u in (v - w if r > 0 else -1, v + w if r < h - 1 else -1,
                      v - 1 if c > 0 else -1, v + 1 if c < w - 1 else -1):
                if u >= 0 and lab[u] < 0 and (m >> u) & 1 == colour:
                    lab[u] = k
                    stack[top] = u
                    top += 1
        size[k] = cnt
        k += 1
    return k


@njit(cache=True)
def _maps_jit(masks, h, w, out):
    n = h * w
    lab = np.empty(n, np.int64)
    size = np.empty(n, np.int64)
    stack = np.empty(n, np.int64)
    for i in range(len(masks)):
        _groups_of(masks[i], h, w, lab, size, stack)
        for c in range(n):
            out[i, c] = size[lab[c]]


@njit(cache=True)
def _banana_areas_jit(h, w):
    n = h * w
    found = np.zeros(n + 1, np.bool_)
    lab = np.empty(n, np.int64)
    size = np.empty(n, np.int64)
    stack = np.empty(n, np.int64)
    for m in range(1 << n):
        k = _groups_of(m, h, w, lab, size, stack)
        for g in range(k):
            r0, r1, c0, c1 = h, -1, w, -1
            first = -1
            for c in range(n):
                if lab[c] == g:
                    if first < 0:
                        first = c
                    r0 = min(r0, c // w)
                    r1 = max(r1, c // w)
                    c0 = min(c0, c % w)
                    c1 = max(c1, c % w)
            if (m >> first) & 1 == 0 and (r1 - r0 + 1) * (c1 - c0 + 1) != size[g]:
                found[size[g]] = True
    return found
