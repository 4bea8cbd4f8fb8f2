"""Region-free census: every shading of a clueless, region-free h x w board,
stones being the connected groups of shaded cells, counted under the three
readings of rule 4 that say anything (``exact``, ``convex``, ``count``).

Only balanced grids (every column h/2 shaded) are walked, as a product of
columns, since the other readings all begin with that count; ``count`` is the
closed form C(h, h/2)**w, and is asserted, not just printed.  A big census is
cut by its last column's pattern into independent parts, mapped with
:func:`~puzzlekit.core.parallel.pmap` (so it spreads over Dask workers).
"""
from __future__ import annotations

from functools import partial
from math import comb

import numpy as np
from numba import njit

from ..core.parallel import pmap

__all__ = ["counts", "count_closed", "A4N", "ARTICLE", "recurrence_holds", "four_by_n",
           "closed_forms_hold", "transfer_matrix", "transfer_count", "recurrence_proved",
           "recurrence_evidence", "SPLIT"]

#: The article's census (exact, convex, count) per board.
ARTICLE = {(4, 2): (28, 36, 36), (4, 4): (640, 1296, 1296),
           (4, 10): (7618204, 60466176, 60466176), (6, 2): (226, 376, 400),
           (6, 4): (31820, 133760, 160000), (6, 6): (4482592, 47582864, 64000000),
           (8, 2): (1940, 4248, 4900), (8, 4): (1717396, 15963452, 24010000)}
#: 4 x n under ``exact``, n = 1..10, as the article lists them.
A4N = (6, 28, 134, 640, 3058, 14612, 69822, 333640, 1594282, 7618204)


def count_closed(h: int, w: int) -> int:
    """C(h, h/2)**w: balanced grids.

    >>> count_closed(4, 4)
    1296
    """
    return comb(h, h // 2) ** w


def counts(h: int, w: int) -> tuple[int, int, int]:
    """(exact, convex, count) over every balanced h x w grid.

    >>> counts(4, 2)
    (28, 36, 36)
    """
    if h % 2 or h < 2 or w < 1:
        raise ValueError("the census needs an even height and a positive width")
    cols = _balanced(h)
    if w < 2 or len(cols) ** w <= SPLIT:
        e, c, k = _census_jit(h, w, cols, -1)
        return int(e), int(c), int(k)
    parts = pmap(partial(_census_part, h, w), range(len(cols)),
                 desc=f"{h}×{w} census, {len(cols)} parts")
    return tuple(int(sum(p[i] for p in parts)) for i in range(3))


#: a census of more grids than this is split by its last column (one part per pattern)
SPLIT = 2_000_000


def _balanced(h):
    return np.array([m for m in range(1 << h) if bin(m).count("1") == h // 2], np.int64)


def _census_part(h, w, last):
    return tuple(int(x) for x in _census_jit(h, w, _balanced(h), last))


def four_by_n(n_max: int) -> list[int]:
    """exact counts of 4 x n boards, n = 1..n_max."""
    return [counts(4, n)[0] for n in range(1, n_max + 1)]


def recurrence_holds(seq) -> bool:
    """a(n) = 6 a(n-1) - 5 a(n-2) - 4 a(n-3) for every term from the fourth on.

    >>> recurrence_holds(A4N)
    True
    """
    return all(seq[i] == 6 * seq[i - 1] - 5 * seq[i - 2] - 4 * seq[i - 3]
               for i in range(3, len(seq)))


@njit(cache=True)
def _census_jit(h, w, cols, last):
    # last >= 0: only the grids whose last column is pattern ``last``
    n = h * w
    nc = cols.shape[0]
    idx = np.zeros(w, np.int64)
    top_col = w
    if last >= 0:
        idx[w - 1] = last
        top_col = w - 1
    s = np.zeros(n, np.uint8)
    below = np.zeros(n, np.int64)
    lab = np.empty(n, np.int64)
    stack = np.empty(n, np.int64)
    cmin = np.empty(w, np.int64)
    cmax = np.empty(w, np.int64)
    ccnt = np.empty(w, np.int64)
    n_exact = 0
    n_convex = 0
    total = 0
    while True:
        total += 1
        for c in range(w):
            pat = cols[idx[c]]
            seen = 0
            for r in range(h - 1, -1, -1):
                bit = (pat >> r) & 1
                s[r * w + c] = bit
                below[r * w + c] = seen
                seen += bit
        for v in range(n):
            lab[v] = -1
        ex = True
        cv = True
        for v0 in range(n):
            if not s[v0] or lab[v0] >= 0:
                continue
            lab[v0] = v0
            stack[0] = v0
            top = 1
            key = v0 // w + below[v0]
            for c in range(w):
                cmin[c] = 1 << 30
                cmax[c] = -1
                ccnt[c] = 0
            while top > 0:
                top -= 1
                v = stack[top]
                r = v // w
                c = v % w
                if r + below[v] != key:
                    ex = False
                cmin[c] = min(cmin[c], r)
                cmax[c] = max(cmax[c], r)
                ccnt[c] += 1
                if r > 0 and s[v - w] and lab[v - w] < 0:
                    lab[v - w] = v0
                    stack[top] = v - w
                    top += 1
                if r < h - 1 and s[v + w] and lab[v + w] < 0:
                    lab[v + w] = v0
                    stack[top] = v + w
                    top += 1
                if c > 0 and s[v - 1] and lab[v - 1] < 0:
                    lab[v - 1] = v0
                    stack[top] = v - 1
                    top += 1
                if c < w - 1 and s[v + 1] and lab[v + 1] < 0:
                    lab[v + 1] = v0
                    stack[top] = v + 1
                    top += 1
            for c in range(w):
                if ccnt[c] > 0 and cmax[c] - cmin[c] + 1 != ccnt[c]:
                    cv = False
        if ex:
            n_exact += 1
        if cv:
            n_convex += 1
        c = 0
        while c < top_col:
            idx[c] += 1
            if idx[c] < nc:
                break
            idx[c] = 0
            c += 1
        if c == top_col:
            return n_exact, n_convex, total


def closed_forms_hold() -> bool:
    """count = C(h, h/2)**w; two rows: exact = 2**w; one column: exact =
    C(h, h/2); four rows: convex = count -- on the boards cheap to walk."""
    ok = all(counts(h, w)[2] == comb(h, h // 2) ** w for h in (2, 4, 6) for w in (1, 2, 3))
    ok &= all(counts(2, w)[0] == 2 ** w for w in range(1, 8))
    ok &= all(counts(h, 1)[0] == comb(h, h // 2) for h in (2, 4, 6, 8, 10))
    ok &= all(counts(4, n)[1] == counts(4, n)[2] for n in range(1, 6))
    return bool(ok)


def transfer_matrix(h: int) -> np.ndarray:
    """Which balanced columns may stand side by side under ``exact``: ``M[a, b]``
    is 1 when every row shaded in both has as many shaded cells below it in
    each (vertical neighbours always agree, so this pairwise test is the whole
    invariant).  Then exact(h, w) = 1' M^(w-1) 1.

    >>> int(transfer_matrix(4).sum())
    28
    """
    cols = [m for m in range(1 << h) if bin(m).count("1") == h // 2]

    def below(m):
        return [bin(m >> (r + 1)).count("1") for r in range(h)]
    bs = [below(m) for m in cols]
    k = len(cols)
    out = np.zeros((k, k), np.int64)
    for i in range(k):
        for j in range(k):
            both = cols[i] & cols[j]
            out[i, j] = all(bs[i][r] == bs[j][r] for r in range(h) if both >> r & 1)
    return out


def transfer_count(h: int, w: int) -> int:
    """exact(h, w) by the transfer matrix (exact integers).

    >>> [transfer_count(4, n) for n in (1, 2, 3)]
    [6, 28, 134]
    """
    m = [[int(x) for x in row] for row in transfer_matrix(h)]
    v = [1] * len(m)
    for _ in range(w - 1):
        v = [sum(m[i][j] * v[j] for j in range(len(v))) for i in range(len(v))]
    return sum(v)


def recurrence_proved(h: int = 4, q=(1, -6, 5, 4)) -> bool:
    """A proof that a(n) = 6a(n-1) - 5a(n-2) - 4a(n-3) for every n >= 4 on 4 x n:
    a(n) = 1' M^(n-1) 1, so the recurrence holds for all n exactly when
    1' M^k q(M) 1 = 0 for k = 0 .. size-1 (Cayley-Hamilton bounds the k needed),
    with q(x) = x^3 - 6x^2 + 5x + 4; checked in exact integers.

    >>> recurrence_proved()
    True
    """
    m = [[int(x) for x in row] for row in transfer_matrix(h)]
    k = len(m)

    def mul(v):
        return [sum(m[i][j] * v[j] for j in range(k)) for i in range(k)]
    powers = [[1] * k]
    for _ in range(len(q) - 1):
        powers.append(mul(powers[-1]))
    d = len(q) - 1
    v = [sum(q[d - e] * powers[e][i] for e in range(d + 1)) for i in range(k)]
    for _ in range(k):
        if sum(v) != 0:
            return False
        v = mul(v)
    return True


def recurrence_evidence(n_max: int):
    """The 4 x n exact counts enumerated up to ``n_max``, and whether they equal
    the article's terms and the transfer matrix's, satisfy the recurrence, and
    the recurrence is proved."""
    got = four_by_n(n_max)
    ok = got == list(A4N[:n_max]) == [transfer_count(4, n) for n in range(1, n_max + 1)]
    return got, bool(ok and recurrence_holds(got) and recurrence_proved())
