"""Blank-board counts and the exhaustive (partition, arrow mask) tables.

- :func:`ledger`: how many ways a blank h x w board falls into L-shapes (the
  scanner with the clues ignored);
- :func:`a052537`: OEIS A052537, a(n) = a(n-1) + 2 a(n-3), which the 2 x n row
  follows (the column index is n = 2, 3, ...);
- :func:`mask_table`: every partition of a board crossed with every way to
  put each piece's arrow on one of its two ends, circles on the bends (bare or
  numbered): how many of these boards have exactly one answer, and how many
  partitions no arrow placement pins;
- :func:`fit_counts`: over the same boards, fully numbered, how many L's each
  circle's ``fit`` leaves.

A board's answers are partitions with the same bends (the circles are the
bends), so :func:`mask_table` compares each partition only with those of its
bend set: partition Q answers board (P, mask) when every arrow sits on an end
of a piece of Q pointing home, no piece of Q holds two, and (numbered) Q's
pieces have P's sizes.
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np
from numba import njit

from .brute import partitions, piece_histogram as _histogram

__all__ = ["ledger", "pieces", "median_pieces", "a052537", "LEDGER_ROWS", "mask_table",
           "fit_counts", "piece_arrays"]

#: the article's ledger rows: rows h, columns n = 2 .. last
LEDGER_ROWS = {2: 14, 3: 10, 4: 8, 5: 7, 6: 6}


@lru_cache(maxsize=None)
def ledger(h: int, w: int) -> int:
    """The number of L-partitions of a blank ``h`` x ``w`` board.

    >>> [ledger(2, n) for n in range(2, 8)], ledger(3, 3), ledger(4, 4)
    ([0, 2, 2, 2, 6, 10], 0, 110)
    """
    return int(pieces(h, w).sum())


@lru_cache(maxsize=None)
def pieces(h: int, w: int) -> np.ndarray:
    """How many L-partitions of the blank board have k pieces, indexed by k
    (the same scan as :func:`ledger`).

    >>> pieces(3, 4).tolist()
    [0, 0, 0, 16, 4]
    """
    out = _histogram(h, w)
    out.setflags(write=False)
    return out


def median_pieces(h: int, w: int) -> float:
    """The median piece count of a partition drawn uniformly from all of them."""
    hst = pieces(h, w)
    cum = np.cumsum(hst)
    tot = int(cum[-1])
    lo = int(np.searchsorted(cum, (tot + 1) // 2))
    hi = int(np.searchsorted(cum, tot // 2 + 1))
    return (lo + hi) / 2


def a052537(n_terms: int) -> list:
    """The first terms of A052537 from its generating function (1-x)/(1-x-2x^3).

    >>> a052537(10)
    [1, 0, 0, 2, 2, 2, 6, 10, 14, 26]
    """
    a = []
    for n in range(n_terms):
        v = (1 if n == 0 else 0) - (1 if n == 1 else 0)
        v += (a[n - 1] if n >= 1 else 0) + 2 * (a[n - 3] if n >= 3 else 0)
        a.append(v)
    return a


@lru_cache(maxsize=None)
def piece_arrays(h: int, w: int):
    """Every partition of the blank board and, per piece, its bend, its two
    ends with their home directions and its size: ``(labels, k, bend, ends,
    dirs, size, endir, bsize)``, where ``endir[p, x]`` is the home direction
    of cell ``x`` if it is an end of its piece in partition ``p`` (else -1)
    and ``bsize[p, x]`` the size of the piece bent at ``x`` (else 0)."""
    labels = partitions(h, w)
    n_p, n = labels.shape
    kmax = n // 3 + 1
    k = np.zeros(n_p, np.int64)
    bend = np.full((n_p, kmax), -1, np.int64)
    ends = np.full((n_p, kmax, 2), -1, np.int64)
    dirs = np.full((n_p, kmax, 2), -1, np.int64)
    size = np.zeros((n_p, kmax), np.int64)
    endir = np.full((n_p, n), -1, np.int64)
    bsize = np.zeros((n_p, n), np.int64)
    if n_p:
        _pieces_jit(labels, w, k, bend, ends, dirs, size, endir, bsize)
    return labels, k, bend, ends, dirs, size, endir, bsize


def mask_table(h: int, w: int, numbered: bool) -> dict:
    """Exhaustive (partition, arrow mask) boards of a blank ``h`` x ``w``
    board: ``pairs``, ``unique`` (boards with exactly one answer),
    ``partitions`` and ``unpinnable`` (partitions no mask makes unique).

    >>> mask_table(2, 6, False)["pairs"], mask_table(2, 6, True)["unique"]
    (72, 72)
    """
    labels, k, bend, ends, dirs, size, endir, bsize = piece_arrays(h, w)
    if len(labels) == 0:
        return {"pairs": 0, "unique": 0, "partitions": 0, "unpinnable": 0}
    key = np.zeros((len(labels), h * w), np.bool_)
    for p in range(len(labels)):
        key[p, bend[p, :k[p]]] = True
    _, group = np.unique(np.packbits(key, axis=1), axis=0, return_inverse=True)
    group = np.asarray(group).ravel().astype(np.int64)
    order = np.argsort(group, kind="stable").astype(np.int64)
    uniq = np.zeros(len(labels), np.int64)
    pairs = _mask_jit(labels, k, bend, ends, dirs, bsize, endir, group, order, numbered, uniq)
    return {"pairs": int(pairs), "unique": int(uniq.sum()), "partitions": len(labels),
            "unpinnable": int((uniq == 0).sum())}


def fit_counts(h: int, w: int) -> np.ndarray:
    """Over every (partition, mask) board of ``h`` x ``w`` with every number
    printed: how many circles ``fit`` leaves with 0, 1, 2, 3, 4+ L's."""
    labels, k, bend, ends, dirs, size, endir, bsize = piece_arrays(h, w)
    out = np.zeros(5, np.int64)
    if len(labels):
        _fit_jit(h, w, k, bend, ends, dirs, size, out)
    return out


# ---------------------------------------------------------------- kernels
@njit(cache=True)
def _pieces_jit(labels, w, k, bend, ends, dirs, size, endir, bsize):
    n_p, n = labels.shape
    for p in range(n_p):
        kk = 0
        for x in range(n):
            kk = max(kk, labels[p, x] + 1)
        k[p] = kk
        for q in range(kk):
            # bend: the cell with a same-piece neighbour in its row and in its column
            m = 0
            for x in range(n):
                if labels[p, x] == q:
                    m += 1
            size[p, q] = m
            for x in range(n):
                if labels[p, x] != q:
                    continue
                c = x % w
                hn = (c > 0 and labels[p, x - 1] == q) or (c < w - 1 and labels[p, x + 1] == q)
                vn = (x - w >= 0 and labels[p, x - w] == q) or (x + w < n and labels[p, x + w] == q)
                if hn and vn:
                    bend[p, q] = x
            b = bend[p, q]
            br, bc = b // w, b % w
            # walk the vertical arm, then the horizontal one
            for dr in (-1, 1):
                y = b + dr * w
                while 0 <= y < n and labels[p, y] == q:
                    y += dr * w
                last = y - dr * w
                if last != b:
                    ends[p, q, 0] = last
                    dirs[p, q, 0] = 1 if dr == -1 else 0
            for dc in (-1, 1):
                cc = bc + dc
                while 0 <= cc < w and labels[p, br * w + cc] == q:
                    cc += dc
                last = br * w + cc - dc
                if last != b:
                    ends[p, q, 1] = last
                    dirs[p, q, 1] = 3 if dc == -1 else 2
            endir[p, ends[p, q, 0]] = dirs[p, q, 0]
            endir[p, ends[p, q, 1]] = dirs[p, q, 1]
            bsize[p, b] = m


@njit(cache=True)
def _mask_jit(labels, k, bend, ends, dirs, bsize, endir, group, order, numbered, uniq):
    n_p = labels.shape[0]
    start = 0
    pairs = 0
    used = np.zeros(labels.shape[1], np.int64)
    stamp = 0
    while start < n_p:
        stop = start
        while stop < n_p and group[order[stop]] == group[order[start]]:
            stop += 1
        for i in range(start, stop):
            p = order[i]
            kk = k[p]
            for m in range(1 << kk):
                pairs += 1
                answers = 1
                for j in range(start, stop):
                    q = order[j]
                    if q == p:
                        continue
                    ok = True
                    if numbered:
                        for t in range(kk):
                            if bsize[q, bend[p, t]] != bsize[p, bend[p, t]]:
                                ok = False
                                break
                    stamp += 1
                    for t in range(kk):
                        if not ok:
                            break
                        s = (m >> t) & 1
                        x = ends[p, t, s]
                        if endir[q, x] != dirs[p, t, s]:
                            ok = False
                            break
                        piece = labels[q, x]
                        if used[piece] == stamp:
                            ok = False
                            break
                        used[piece] = stamp
                    if ok:
                        answers += 1
                        break
                if answers == 1:
                    uniq[p] += 1
        start = stop
    return pairs


@njit(cache=True)
def _fit_jit(h, w, k, bend, ends, dirs, size, out):
    n_p = k.shape[0]
    n = h * w
    circle = np.zeros(n, np.int64)
    arrow = np.full(n, -1, np.int64)
    for p in range(n_p):
        kk = k[p]
        for t in range(kk):
            circle[bend[p, t]] = size[p, t]
        for m in range(1 << kk):
            for t in range(kk):
                s = (m >> t) & 1
                arrow[ends[p, t, s]] = dirs[p, t, s]
            for t in range(kk):
                b = bend[p, t]
                br, bc = b // w, b % w
                cnt = 0
                for sv in (-1, 1):
                    for sh in (-1, 1):
                        for a in range(1, size[p, t] - 1):
                            bb = size[p, t] - 1 - a
                            rr, cc = br + sv * a, bc + sh * bb
                            if rr < 0 or rr >= h or cc < 0 or cc >= w:
                                continue
                            nc, na, good = _arm_jit(circle, arrow, b, sv * w, a,
                                                    0 if sv == 1 else 1)
                            nc2, na2, good2 = _arm_jit(circle, arrow, b, sh, bb,
                                                       2 if sh == 1 else 3)
                            clear = nc + nc2 == 0 and na + na2 == 1 and arrow[b] < 0
                            if good and good2 and clear:
                                cnt += 1
                out[min(cnt, 4)] += 1
            for t in range(kk):
                arrow[ends[p, t, 0]] = -1
                arrow[ends[p, t, 1]] = -1
        for t in range(kk):
            circle[bend[p, t]] = 0


@njit(cache=True, inline="always")
def _arm_jit(circle, arrow, bend, step, length, home):
    """The circles and arrows on the arm of ``length`` cells from ``bend``
    (not itself), ``step`` apart, and whether every arrow on it is its far
    end pointing ``home`` (back at the bend)."""
    nc = 0
    na = 0
    good = True
    for i in range(1, length + 1):
        x = bend + step * i
        if circle[x] > 0:
            nc += 1
        if arrow[x] >= 0:
            na += 1
            if i != length or arrow[x] != home:
                good = False
    return nc, na, good
