"""The Numbrix rung ladder: pin < link < block < edge < probe, plus ``ruler``.

The state is one variable per cell with ``n`` bits (``cand[cell, value-1]``);
the chessboard colouring is never written down: ``link`` rediscovers it.
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np
from numba import njit

from ..core.graph import bridges_jit
from ..core.grid import Grid
from ..core.ladder import Compiled, Ladder, Rung, State, probe_rung

__all__ = ["NumbrixState", "initial_state", "encode", "decode_values", "LADDER", "RULER",
           "pin", "link", "block", "edge", "ruler", "RULER_LADDER", "LINK_LADDER"]


class NumbrixState(State):
    """Cell x value candidates; ``cand`` is an ``(n, n)`` view of ``bits``."""

    __slots__ = ("cand",)

    def _init_views(self):
        n = int(round(np.sqrt(self.bits.size)))
        self.cand = self.bits.reshape(n, n)


@lru_cache(maxsize=None)
def _geom(h, w):
    g = Grid(h, w)
    return (g, np.ascontiguousarray(g.nbrs), np.ascontiguousarray(g.edges),
            np.ascontiguousarray(g.cell_edges), np.ascontiguousarray(g.distance))


def initial_state(puzzle) -> NumbrixState:
    """All values open in every cell, printed cells fixed, nothing inferred.

    >>> from puzzlekit.numbrix.model import Puzzle
    >>> s = initial_state(Puzzle(np.array([[1, 0], [0, 0]])))
    >>> s.cand.sum(axis=1).tolist()
    [1, 4, 4, 4]
    """
    n = puzzle.n
    s = NumbrixState(puzzle, np.arange(0, n * n + 1, n, dtype=np.int64))
    for c, v in puzzle.printed():
        s.assign(int(c), int(v) - 1)
    return s


def encode(puzzle, answer) -> NumbrixState:
    """The fully decided state of ``answer`` (the inverse of decoding).

    >>> from puzzlekit.numbrix.model import Answer, Puzzle
    >>> p = Puzzle(np.array([[1, 0, 0], [0, 0, 0]]))
    >>> a = Answer(np.array([[1, 2, 3], [6, 5, 4]]))
    >>> s = encode(p, a); s.solved(), decode_values(s).tolist()
    (True, [[1, 2, 3], [6, 5, 4]])
    """
    n = puzzle.n
    bits = np.zeros((n, n), dtype=np.bool_)
    bits[np.arange(n), np.asarray(answer.grid).ravel() - 1] = True
    return NumbrixState(puzzle, np.arange(0, n * n + 1, n, dtype=np.int64), bits.ravel())


def decode_values(state) -> np.ndarray:
    """``(h, w)`` values (1..n) of a decided state."""
    p = state.puzzle
    return (state.values() + 1).reshape(p.h, p.w)


def _args(state):
    g, nbrs, edges, cedges, dist = _geom(state.puzzle.h, state.puzzle.w)
    return state.cand, nbrs, edges, cedges, dist


def pin(state, counters) -> int:
    """Bijection bookkeeping: a pinned value leaves every other cell; a value
    with one home is pinned there."""
    cand = state.cand
    counters["pin scans"] += cand.shape[0]
    return _pin_jit(cand)


def link(state, counters) -> int:
    """Arc consistency on the value chain 1-2-...-n: a home of v must
    neighbour some home of v-1 and some home of v+1 (two sweeps are exact)."""
    cand, nbrs, _, _, _ = _args(state)
    counters["link scans"] += cand.shape[0]
    return _link_jit(cand, nbrs)


def block(state, counters) -> int:
    """Hall's condition on value intervals a..b, from the values' side and
    from the cells' side (tight sets)."""
    counters["block scans"] += 1
    return _block_jit(state.cand, _CTZ)


def edge(state, counters) -> int:
    """Path degree: ends have degree 1, others 2; forced edges glue into
    runs with consecutive labels; no run closes a cycle; bridges are forced."""
    cand, nbrs, edges, cedges, _ = _args(state)
    counters["edge runs"] += 1
    return _edge_jit(cand, nbrs, edges, cedges)


def ruler(state, counters) -> int:
    """Distance span: a cell at grid distance d from every home of u cannot
    hold a value within d-1 of u."""
    cand, _, _, _, dist = _args(state)
    counters["ruler scans"] += cand.shape[0]
    return _ruler_jit(cand, dist)


PIN = Rung("pin", pin, "#7f7f7f", pin.__doc__)
LINK = Rung("link", link, "#1f77b4", link.__doc__)
BLOCK = Rung("block", block, "#2ca02c", block.__doc__)
EDGE = Rung("edge", edge, "#ff7f0e", edge.__doc__)
RULER = Rung("ruler", ruler, "#9467bd", ruler.__doc__)
RULER_LADDER = Ladder([PIN, RULER])
LINK_LADDER = Ladder([PIN, LINK, RULER])


# ---------------------------------------------------------------- kernels
@njit(cache=True)
def _pin_jit(cand):
    n = cand.shape[0]
    row = np.zeros(n, dtype=np.int64)        # live values of each cell
    col = np.zeros(n, dtype=np.int64)        # live homes of each value
    for c in range(n):
        r = 0
        for k in range(n):
            x = np.int64(cand[c, k])
            r += x
            col[k] += x
        row[c] = r
    # a queue of cells with one value (c) and of values with one home (n + k)
    queue = np.empty(2 * n, dtype=np.int64)
    top = 0
    for c in range(n):
        if row[c] == 0 or col[c] == 0:
            return -1
        if row[c] == 1:
            queue[top] = c
            top += 1
        if col[c] == 1:
            queue[top] = n + c
            top += 1
    changed = False
    while top > 0:
        top -= 1
        item = queue[top]
        if item < n:                         # a pinned cell: its value leaves the others
            c = item
            v = 0
            while not cand[c, v]:
                v += 1
            for d in range(n):
                if d != c and cand[d, v]:
                    cand[d, v] = False
                    changed = True
                    row[d] -= 1
                    col[v] -= 1
                    if row[d] == 0:
                        return -1
                    if row[d] == 1:
                        queue[top] = d
                        top += 1
        else:                                # a value with one home: pinned there
            k = item - n
            c = 0
            while not cand[c, k]:
                c += 1
            for j in range(n):
                if j != k and cand[c, j]:
                    cand[c, j] = False
                    changed = True
                    row[c] -= 1
                    col[j] -= 1
                    if col[j] == 0:
                        return -1
                    if col[j] == 1:
                        queue[top] = n + j
                        top += 1
    return 1 if changed else 0


@njit(cache=True)
def _link_jit(cand, nbrs):
    n = cand.shape[0]
    changed = False
    for sweep in range(2):
        for t in range(1, n):
            v = t if sweep == 0 else n - 1 - t
            u = v - 1 if sweep == 0 else v + 1
            alive = False
            for c in range(n):
                if cand[c, v]:
                    ok = False
                    for d in range(4):
                        x = nbrs[c, d]
                        if x >= 0 and cand[x, u]:
                            ok = True
                            break
                    if ok:
                        alive = True
                    else:
                        cand[c, v] = False
                        changed = True
            if not alive:
                return -1
    return 1 if changed else 0


_DEBRUIJN = 0x03F79D71B4CB0A89
_CTZ = np.zeros(64, dtype=np.int64)     # bit index by the top 6 bits of (bit * _DEBRUIJN)
for _i in range(64):
    _CTZ[(((1 << _i) * _DEBRUIJN) & ((1 << 64) - 1)) >> 58] = _i


@njit(cache=True)
def _ctz(low, table):
    """Index of the single set bit of ``low`` (de Bruijn multiplication)."""
    return table[(low * np.uint64(0x03F79D71B4CB0A89)) >> np.uint64(58)]


@njit(cache=True)
def _block_jit(cand, table):
    n = cand.shape[0]
    W = (n + 63) // 64
    home = np.zeros((n, W), dtype=np.uint64)
    lo = np.full(n, n, dtype=np.int64)
    hi = np.full(n, -1, dtype=np.int64)
    for c in range(n):
        for k in range(n):
            if cand[c, k]:
                home[k, c // 64] |= np.uint64(1) << np.uint64(c % 64)
                if k < lo[c]:
                    lo[c] = k
                hi[c] = k
        if hi[c] < 0:
            return -1
    changed = False
    U = np.zeros(W, dtype=np.uint64)
    over = np.zeros(n, dtype=np.int64)
    # values' side: the values a..b need b-a+1 cells among their homes.  ``out``
    # counts the cells of the union with a candidate outside a..b (the ones a
    # tight window trims), kept up to date as b grows, so a tight window with
    # nothing to trim costs O(1).
    for a in range(n):
        U[:] = 0
        over[a:] = 0
        size = 0
        out = 0
        for b in range(a, n):
            out -= over[b]              # cells whose top candidate is b are now inside
            for i in range(W):
                x = home[b, i] & ~U[i]
                if x == 0:
                    continue
                U[i] |= x
                while x:
                    low = x & (~x + np.uint64(1))
                    x ^= low
                    c = i * 64 + _ctz(low, table)
                    size += 1
                    if lo[c] < a or hi[c] > b:
                        out += 1
                        if lo[c] >= a:
                            over[hi[c]] += 1
            L = b - a + 1
            if size < L:
                return -1
            if size == L and L < n and out > 0:
                for i in range(W):
                    x = U[i]
                    while x:
                        low = x & (~x + np.uint64(1))
                        x ^= low
                        c = i * 64 + _ctz(low, table)
                        if lo[c] >= a and hi[c] <= b:
                            continue
                        if lo[c] >= a:
                            over[hi[c]] -= 1
                        out -= 1
                        for k in range(n):
                            if (k < a or k > b) and cand[c, k]:
                                cand[c, k] = False
                                changed = True
                        lo[c] = n
                        hi[c] = -1
                        for k in range(a, b + 1):
                            if cand[c, k]:
                                if k < lo[c]:
                                    lo[c] = k
                                hi[c] = k
                        if hi[c] < 0:
                            return -1
    # cells' side: b-a+1 cells holding nothing but a..b take a..b away from the
    # rest.  A tight window trims something exactly when the live bits of
    # values a..b outnumber the live bits of its cells.
    live = np.zeros(n, dtype=np.int64)
    col = np.zeros(n, dtype=np.int64)
    for c in range(n):
        for k in range(lo[c], hi[c] + 1):
            if cand[c, k]:
                live[c] += 1
                col[k] += 1
    cnt = np.zeros(n, dtype=np.int64)
    bits_in = np.zeros(n, dtype=np.int64)
    for a in range(n):
        cnt[a:] = 0
        bits_in[a:] = 0
        for c in range(n):
            if lo[c] >= a:
                cnt[hi[c]] += 1
                bits_in[hi[c]] += live[c]
        run = 0
        inside = 0
        total = 0
        for b in range(a, n):
            run += cnt[b]
            inside += bits_in[b]
            total += col[b]
            L = b - a + 1
            if run > L:
                return -1
            if run == L and L < n and total > inside:
                for c in range(n):
                    if lo[c] < a or hi[c] > b:
                        for k in range(a, b + 1):
                            if cand[c, k]:
                                cand[c, k] = False
                                changed = True
                                live[c] -= 1
                                col[k] -= 1
                                total -= 1
                                if lo[c] >= a:
                                    bits_in[hi[c]] -= 1
    return 1 if changed else 0


@njit(cache=True)
def _edge_jit(cand, nbrs, edges, cedges):
    n = cand.shape[0]
    if n == 1:
        return 0
    m = edges.shape[0]
    poss = np.zeros(m, dtype=np.bool_)
    forced = np.zeros(m, dtype=np.bool_)
    for e in range(m):
        a = edges[e, 0]
        b = edges[e, 1]
        for v in range(n):
            if cand[a, v] and ((v > 0 and cand[b, v - 1]) or (v < n - 1 and cand[b, v + 1])):
                poss[e] = True
                break
    canend = np.zeros(n, dtype=np.bool_)
    mustend = np.zeros(n, dtype=np.bool_)
    for c in range(n):
        canend[c] = cand[c, 0] or cand[c, n - 1]
        mustend[c] = True
        for k in range(1, n - 1):
            if cand[c, k]:
                mustend[c] = False
                break
    dp = np.zeros(n, dtype=np.int64)
    df = np.zeros(n, dtype=np.int64)
    fnext = np.full((n, 2), -1, dtype=np.int64)
    seen = np.zeros(n, dtype=np.bool_)
    br = np.zeros(m, dtype=np.bool_)
    while True:
        moved = False
        for c in range(n):
            dp[c] = 0
            df[c] = 0
            for d in range(4):
                e = cedges[c, d]
                if e >= 0 and poss[e]:
                    dp[c] += 1
                    if forced[e]:
                        df[c] += 1
            cap = 1 if mustend[c] else 2
            if dp[c] == 0 or df[c] > cap:
                return -1
            if not canend[c] and dp[c] < 2:
                return -1
            if df[c] == cap and dp[c] > cap:
                for d in range(4):
                    e = cedges[c, d]
                    if e >= 0 and poss[e] and not forced[e]:
                        poss[e] = False
                        moved = True
            elif dp[c] == cap and df[c] < cap and (mustend[c] or not canend[c]):
                for d in range(4):
                    e = cedges[c, d]
                    if e >= 0 and poss[e] and not forced[e]:
                        forced[e] = True
                        moved = True
        if moved:
            continue
        # runs of forced edges: no cycles, and no edge may close one
        fnext[:, :] = -1
        for e in range(m):
            if forced[e]:
                a = edges[e, 0]
                b = edges[e, 1]
                fnext[a, 0 if fnext[a, 0] < 0 else 1] = b
                fnext[b, 0 if fnext[b, 0] < 0 else 1] = a
        seen[:] = False
        for c in range(n):
            if seen[c] or fnext[c, 1] >= 0:
                continue
            prev = -1
            x = c
            seen[x] = True
            while True:
                y = fnext[x, 0] if fnext[x, 0] != prev else fnext[x, 1]
                if y < 0:
                    break
                prev = x
                x = y
                seen[x] = True
            if x != c:
                for d in range(4):
                    if nbrs[c, d] == x:
                        e = cedges[c, d]
                        if poss[e] and not forced[e]:
                            poss[e] = False
                            moved = True
        for c in range(n):
            if not seen[c]:
                return -1  # a closed cycle of forced edges
        if moved:
            continue
        br[:] = False
        if bridges_jit(nbrs, cedges, poss, br) > 1:
            return -1
        for e in range(m):
            if br[e] and not forced[e]:
                forced[e] = True
                moved = True
        if not moved:
            break
    ends = 0
    for c in range(n):
        if mustend[c] or dp[c] == 1:
            ends += 1
    if ends > 2:
        return -1
    # translate back into candidates
    changed = False
    for c in range(n):
        if dp[c] == 1:
            for k in range(1, n - 1):
                if cand[c, k]:
                    cand[c, k] = False
                    changed = True
        if df[c] == 2:
            if cand[c, 0] or cand[c, n - 1]:
                cand[c, 0] = False
                cand[c, n - 1] = False
                changed = True
    for c in range(n):  # a pinned cell's non-edges cannot hold its neighbours
        cnt = 0
        v = -1
        for k in range(n):
            if cand[c, k]:
                cnt += 1
                v = k
        if cnt != 1:
            continue
        for d in range(4):
            x = nbrs[c, d]
            e = cedges[c, d]
            if x >= 0 and not poss[e]:
                if v > 0 and cand[x, v - 1]:
                    cand[x, v - 1] = False
                    changed = True
                if v < n - 1 and cand[x, v + 1]:
                    cand[x, v + 1] = False
                    changed = True
    # each run carries consecutive labels, rising one way or the other
    run = np.empty(n, dtype=np.int64)
    ok = np.zeros((2, n), dtype=np.bool_)
    for c in range(n):
        if fnext[c, 0] < 0 or fnext[c, 1] >= 0:
            continue
        k = 0
        prev = -1
        x = c
        while x >= 0:
            run[k] = x
            k += 1
            y = fnext[x, 0] if fnext[x, 0] != prev else fnext[x, 1]
            prev = x
            x = y
        if run[k - 1] < c:
            continue  # each run once, from its smaller end
        for s in range(2):
            step = 1 if s == 0 else -1
            for t in range(n):
                good = True
                for j in range(k):
                    val = t + step * j
                    if val < 0 or val >= n or not cand[run[j], val]:
                        good = False
                        break
                ok[s, t] = good
        for j in range(k):
            x = run[j]
            for v in range(n):
                if not cand[x, v]:
                    continue
                t0 = v - j
                t1 = v + j
                sup = (t0 >= 0 and ok[0, t0]) or (t1 < n and ok[1, t1])
                if not sup:
                    cand[x, v] = False
                    changed = True
    for c in range(n):
        alive = False
        for k in range(n):
            if cand[c, k]:
                alive = True
                break
        if not alive:
            return -1
    return 1 if changed else 0


@njit(cache=True)
def _ruler_jit(cand, dist):
    n = cand.shape[0]
    D = np.empty(n, dtype=np.int64)
    changed = False
    for u in range(n):
        D[:] = 1 << 30
        any_home = False
        for h in range(n):
            if cand[h, u]:
                any_home = True
                for c in range(n):
                    if dist[c, h] < D[c]:
                        D[c] = dist[c, h]
        if not any_home:
            return -1
        for c in range(n):
            if D[c] > 0:
                lo = u - D[c] + 1
                hi = u + D[c] - 1
                if lo < 0:
                    lo = 0
                if hi > n - 1:
                    hi = n - 1
                for v in range(lo, hi + 1):
                    if cand[c, v]:
                        cand[c, v] = False
                        changed = True
    for c in range(n):
        alive = False
        for k in range(n):
            if cand[c, k]:
                alive = True
                break
        if not alive:
            return -1
    return 1 if changed else 0


def _compiled_data(puzzle):
    """What the compiled loop reads: neighbours, edges, cell-edges, the bit table."""
    _, nbrs, edges, cedges, _ = _geom(puzzle.h, puzzle.w)
    return nbrs, edges, cedges, _CTZ


@njit(cache=True)
def _apply_jit(i, bits, data, work):
    """Rung ``i`` of LADDER for the core's compiled loop."""
    nbrs, edges, cedges, table = data
    n = nbrs.shape[0]
    cand = bits.reshape((n, n))
    if i == 0:
        work[0] += n
        return _pin_jit(cand)
    if i == 1:
        work[1] += n
        return _link_jit(cand, nbrs)
    if i == 2:
        work[2] += 1
        return _block_jit(cand, table)
    work[3] += 1
    return _edge_jit(cand, nbrs, edges, cedges)


@njit(cache=True)
def _legal_jit(bits, data):
    """A decided state is a Numbrix answer: each number once, each next to the
    next (printed numbers are fixed in the initial state)."""
    nbrs = data[0]
    n = nbrs.shape[0]
    pos = np.full(n, -1, np.int64)
    for c in range(n):
        for v in range(n):
            if bits[c * n + v]:
                if pos[v] >= 0:
                    return False
                pos[v] = c
                break
    for v in range(n - 1):
        a, b = pos[v], pos[v + 1]
        if a < 0 or b < 0:
            return False
        near = False
        for d in range(nbrs.shape[1]):
            if nbrs[a, d] == b:
                near = True
        if not near:
            return False
    return True


LADDER = Ladder([PIN, LINK, BLOCK, EDGE, probe_rung()],
                compiled=Compiled(apply=_apply_jit, data=_compiled_data, legal=_legal_jit,
                                  work=("pin scans", "link scans", "block scans", "edge runs")))
