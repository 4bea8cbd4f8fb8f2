"""Stostone's rung ladder: one {blank, shaded} variable per cell, narrowed by
col, clue, fit, drop and probe.

``col`` is the counting half of rule 4: a column holding h/2 shaded cells
blanks the rest, one holding h/2 blanks shades the rest.  ``clue`` reads the
numbers and the one-stone rules: a region's shaded cells may not outnumber its
number (and, once they reach it, the rest of the region is blank); a shaded
cell blanks its neighbours in other regions; the shaded cells of a region must
join through its unblanked cells (what they cannot reach is blank, a cell that
alone joins two of them is shaded, a cell too far from them for the number is
blank); a region with no way to hold its number, or no stone at all, is a
contradiction.  ``fit`` lists every way each region's stone can still be
drawn -- connected, of the printed size, holding the region's shaded cells,
none of its blanks, touching no other stone, overfilling no column, and (when
rule 4 asks for it) without a vertical gap -- and keeps what they all agree
on; a region with too many ways is left alone (:data:`FIT_STEPS`), and so
is an unnumbered region with more than :data:`FIT_FREE` cells left.  ``drop``
is the other half of rule 4: one stone per region, so two shaded cells of a
region in one column shade everything between them (no vertical hole), and,
under ``exact``, the cells of a stone agree on ``r + shaded cells below``, a
number each cell bounds from what is known below it.  The kernels run in the
core's one compiled loop.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from ..core.ladder import Compiled, Ladder, Rung, State, probe_rung
from .model import RULE4, Answer, Puzzle

__all__ = ["StoState", "LADDER", "NAMES", "WORK", "KERNELS", "FIT_STEPS", "FIT_FREE", "data",
           "initial_state", "encode", "decode", "decode_mask"]

NAMES = ("col", "clue", "fit", "drop", "probe")
WORK = ("column scans", "region scans", "stones listed", "stone scans")
BL, SH = 0, 1            # bit order within a cell: blank, shaded
FIT_STEPS = 3_000        # fit gives up on a region after listing this many partial stones
FIT_FREE = 8             # fit lists an unnumbered region's stones only up to this many open cells


def data(puzzle: Puzzle) -> tuple:
    """The kernels' arrays (cached on the puzzle): neighbours, region of each
    cell, the regions' cells (flat, with offsets), each region's number (-1
    none) and ``[h, w, rule4 index, k]``."""
    d = puzzle.__dict__.get("_kdata")
    if d is None:
        reg = np.ascontiguousarray(puzzle.regions, np.int64)
        order = np.argsort(reg, kind="stable").astype(np.int64)
        roff = np.zeros(puzzle.k + 1, np.int64)
        roff[1:] = np.cumsum(np.bincount(reg, minlength=puzzle.k))
        num = np.full(puzzle.k, -1, np.int64)
        for g, v in puzzle.numbers.items():
            num[g] = v
        flags = np.array([puzzle.h, puzzle.w, RULE4.index(puzzle.rule4), puzzle.k], np.int64)
        d = (np.ascontiguousarray(puzzle.grid.nbrs, np.int64), reg, order, roff, num, flags)
        puzzle.__dict__["_kdata"] = d
    return d


class StoState(State):
    """State with the view ``cell`` (n, 2): [blank possible, shaded possible]."""

    __slots__ = ("cell",)

    def _init_views(self):
        self.cell = self.bits.reshape(-1, 2)


def initial_state(puzzle: Puzzle) -> StoState:
    """Every cell open."""
    return StoState(puzzle, np.arange(0, 2 * puzzle.n + 1, 2))


def decode_mask(state) -> np.ndarray:
    """Shaded cells of a decided state."""
    return state.cell[:, SH] & ~state.cell[:, BL]


def decode(state) -> Answer:
    p = state.puzzle
    return Answer.from_mask(p.h, p.w, decode_mask(state))


def encode(puzzle: Puzzle, answer: Answer) -> StoState:
    """The decided state of an answer.

    >>> p = Puzzle.make([[0], [0]])
    >>> s = encode(p, Answer.from_mask(2, 1, [0, 1])); s.solved(), decode(s).to_json()
    (True, {'grid': ['.', '#']})
    """
    sh = np.asarray(answer.shaded, bool).ravel()
    s = initial_state(puzzle)
    s.cell[:, BL] = ~sh
    s.cell[:, SH] = sh
    return s


# ---------------------------------------------------------------- helpers
@njit(cache=True)
def _set(bits, c, x):
    """Remove value ``1 - x`` of cell ``c`` (so it becomes ``x``): -1 dead, 1 changed, 0 not."""
    y = 1 - x
    if not bits[2 * c + y]:
        return -1 if not bits[2 * c + x] else 0
    bits[2 * c + y] = False
    return -1 if not bits[2 * c + x] else 1


@njit(cache=True)
def _state(bits, c):
    """0 blank, 1 shaded, -1 open, -2 dead."""
    b, s = bits[2 * c], bits[2 * c + 1]
    if b and s:
        return -1
    if s:
        return 1
    if b:
        return 0
    return -2


# ---------------------------------------------------------------- col
@njit(cache=True)
def _col_jit(bits, flags, work):
    h, w, r4 = flags[0], flags[1], flags[2]
    if r4 == 3:
        return 0
    half = h // 2
    changed = 0
    for c in range(w):
        work[0] += 1
        ns = 0
        nb = 0
        for r in range(h):
            x = _state(bits, r * w + c)
            if x == 1:
                ns += 1
            elif x == 0:
                nb += 1
            elif x == -2:
                return -1
        if ns > half or nb > half:
            return -1
        if ns == half and nb < half:
            for r in range(h):
                if _state(bits, r * w + c) == -1:
                    bits[2 * (r * w + c) + 1] = False
                    changed = 1
        elif nb == half and ns < half:
            for r in range(h):
                if _state(bits, r * w + c) == -1:
                    bits[2 * (r * w + c)] = False
                    changed = 1
    return changed


# ---------------------------------------------------------------- clue
@njit(cache=True)
def _clue_jit(bits, nbrs, reg, order, roff, num, flags, work):
    n = nbrs.shape[0]
    k = flags[3]
    changed = 0
    # stones apart: a shaded cell blanks its neighbours in other regions
    for v in range(n):
        if _state(bits, v) != 1:
            continue
        for d in range(4):
            u = nbrs[v, d]
            if u >= 0 and reg[u] != reg[v]:
                r = _set(bits, u, 0)
                if r < 0:
                    return -1
                changed |= r
    dist = np.full(n, -1, np.int64)
    queue = np.empty(n, np.int64)
    comp = np.full(n, -1, np.int64)
    csize = np.zeros(n, np.int64)
    for g in range(k):
        work[1] += 1
        a, b = roff[g], roff[g + 1]
        v = num[g]
        nmust = 0
        nmay = 0
        for t in range(a, b):
            x = _state(bits, order[t])
            if x == -2:
                return -1
            if x == 1:
                nmust += 1
            if x != 0:
                nmay += 1
        if nmay == 0:
            return -1                               # a region with no stone
        if v > 0 and nmust > v:
            return -1
        if v > 0 and nmust == v:
            for t in range(a, b):
                if _state(bits, order[t]) == -1:
                    bits[2 * order[t] + 1] = False
                    changed = 1
            continue
        if nmust == 0:
            # components of the open cells; a component smaller than the number is blank
            for t in range(a, b):
                comp[order[t]] = -1
            nc = 0
            for t in range(a, b):
                s0 = order[t]
                if comp[s0] >= 0 or _state(bits, s0) != -1:
                    continue
                comp[s0] = nc
                queue[0] = s0
                qh, qt = 0, 1
                while qh < qt:
                    p = queue[qh]
                    qh += 1
                    for d in range(4):
                        u = nbrs[p, d]
                        if u >= 0 and reg[u] == g and comp[u] < 0 and _state(bits, u) == -1:
                            comp[u] = nc
                            queue[qt] = u
                            qt += 1
                csize[nc] = qt
                nc += 1
            if v > 0:
                alive = 0
                for t in range(a, b):
                    c = order[t]
                    if comp[c] >= 0 and csize[comp[c]] < v:
                        bits[2 * c + 1] = False
                        changed = 1
                    elif comp[c] >= 0:
                        alive += 1
                if alive == 0:
                    return -1
            if nc == 1 and csize[0] == 1:
                for t in range(a, b):
                    if comp[order[t]] == 0:
                        bits[2 * order[t]] = False
                        changed = 1
            continue
        # distances from the shaded cells through unblanked cells of the region
        for t in range(a, b):
            dist[order[t]] = -1
        qt = 0
        for t in range(a, b):
            c = order[t]
            if _state(bits, c) == 1:
                dist[c] = 0
                queue[qt] = c
                qt += 1
        qh = 0
        while qh < qt:
            p = queue[qh]
            qh += 1
            for d in range(4):
                u = nbrs[p, d]
                if u >= 0 and reg[u] == g and dist[u] < 0 and _state(bits, u) != 0:
                    dist[u] = dist[p] + 1
                    queue[qt] = u
                    qt += 1
        for t in range(a, b):
            c = order[t]
            if _state(bits, c) == -1 and (dist[c] < 0 or (v > 0 and nmust + dist[c] > v)):
                bits[2 * c + 1] = False
                changed = 1
        # joined: every shaded cell in one piece; cut cells are shaded
        r = _join(bits, nbrs, reg, order, a, b, g, queue)
        if r < 0:
            return -1
        changed |= r
        if v > 0:
            room = 0
            for t in range(a, b):
                if _state(bits, order[t]) != 0:
                    room += 1
            if room < v:
                return -1
            if room == v:
                for t in range(a, b):
                    if _state(bits, order[t]) == -1:
                        bits[2 * order[t]] = False
                        changed = 1
    return changed


@njit(cache=True)
def _join(bits, nbrs, reg, order, a, b, g, stack):
    """Articulation points of the region's unblanked cells that separate two
    shaded cells are shaded; shaded cells in two pieces are a contradiction."""
    n = nbrs.shape[0]
    root = -1
    nmust = 0
    for t in range(a, b):
        if _state(bits, order[t]) == 1:
            nmust += 1
            if root < 0:
                root = order[t]
    if nmust < 2:
        return 0
    disc = np.full(n, -1, np.int64)
    low = np.zeros(n, np.int64)
    parent = np.full(n, -1, np.int64)
    it = np.zeros(n, np.int64)
    held = np.zeros(n, np.int64)
    cut = np.zeros(n, np.bool_)
    disc[root] = 0
    held[root] = 1
    stack[0] = root
    top = 1
    tm = 1
    while top > 0:
        v = stack[top - 1]
        if it[v] < 4:
            u = nbrs[v, it[v]]
            it[v] += 1
            if u < 0 or reg[u] != g or _state(bits, u) == 0:
                continue
            if disc[u] < 0:
                parent[u] = v
                disc[u] = tm
                low[u] = tm
                tm += 1
                held[u] = 1 if _state(bits, u) == 1 else 0
                stack[top] = u
                top += 1
            elif u != parent[v] and disc[u] < low[v]:
                low[v] = disc[u]
            continue
        top -= 1
        p = parent[v]
        if p < 0:
            continue
        if low[v] < low[p]:
            low[p] = low[v]
        held[p] += held[v]
        if low[v] >= disc[p] and held[v] > 0 and held[v] < nmust:
            cut[p] = True
    if held[root] < nmust:
        return -1
    changed = 0
    for t in range(a, b):
        c = order[t]
        if cut[c] and _state(bits, c) == -1:
            bits[2 * c] = False
            changed = 1
    return changed


# ---------------------------------------------------------------- fit
@njit(cache=True)
def _fit_jit(bits, nbrs, reg, order, roff, num, flags, work):
    n = nbrs.shape[0]
    h, w, r4, k = flags[0], flags[1], flags[2], flags[3]
    half = h // 2
    st = np.empty(n, np.int64)
    for c in range(n):
        st[c] = _state(bits, c)
        if st[c] == -2:
            return -1
    colsh = np.zeros(w, np.int64)
    colop = np.zeros(w, np.int64)
    for c in range(n):
        if st[c] == 1:
            colsh[c % w] += 1
        elif st[c] == -1:
            colop[c % w] += 1
    blocked = np.zeros(n, np.bool_)         # next to a shaded cell of another region
    for c in range(n):
        if st[c] == 1:
            for d in range(4):
                u = nbrs[c, d]
                if u >= 0 and reg[u] != reg[c]:
                    blocked[u] = True
    inn = np.zeros(n, np.int64)
    rim = np.zeros(n, np.int64)
    stamp = np.zeros(n, np.int64)
    cur = 0
    inS = np.zeros(n, np.bool_)
    nadj = np.zeros(n, np.int64)
    S = np.empty(n, np.int64)
    colcnt = np.zeros(w, np.int64)
    cmin = np.zeros(w, np.int64)
    cmax = np.zeros(w, np.int64)
    ccnt = np.zeros(w, np.int64)
    osh = np.zeros(w, np.int64)
    oop = np.zeros(w, np.int64)
    changed = 0
    for g in range(k):
        a, b = roff[g], roff[g + 1]
        m = b - a
        v = num[g]
        allowed = np.zeros(n, np.bool_)
        nmust = 0
        root = -1
        nallow = 0
        for t in range(a, b):
            c = order[t]
            if st[c] != 0 and not blocked[c]:
                allowed[c] = True
                nallow += 1
            if st[c] == 1:
                nmust += 1
                if root < 0:
                    root = c
        if nmust > 0 and not allowed[root]:
            return -1
        if v <= 0 and nallow > FIT_FREE:
            continue                            # an unnumbered region with too many shapes
        maxsize = v if v > 0 else nallow
        for t in range(a, b):                   # the columns without this region
            c = order[t]
            osh[c % w] = colsh[c % w]
            oop[c % w] = colop[c % w]
        for t in range(a, b):
            c = order[t]
            if st[c] == 1:
                osh[c % w] -= 1
            elif st[c] == -1:
                oop[c % w] -= 1
        # region-local extension sets, one per depth
        ext = np.empty((maxsize + 2, m), np.int64)
        extlen = np.zeros(maxsize + 2, np.int64)
        for t in range(a, b):
            inn[order[t]] = 0
        fits = 0
        steps = 0
        gave_up = False
        nroots = 1 if nmust > 0 else m
        for ri in range(nroots):
            r0 = root if nmust > 0 else order[a + ri]
            if not allowed[r0]:
                continue
            minmode = nmust == 0
            # push the root
            S[0] = r0
            inS[r0] = True
            colcnt[r0 % w] += 1
            mustin = 1 if st[r0] == 1 else 0
            for d in range(4):
                u = nbrs[r0, d]
                if u >= 0:
                    nadj[u] += 1
            extlen[1] = 0
            for d in range(4):
                u = nbrs[r0, d]
                if u >= 0 and allowed[u] and (not minmode or u > r0):
                    ext[1, extlen[1]] = u
                    extlen[1] += 1
            depth = 1
            fresh = True
            while depth > 0:
                if fresh:
                    fresh = False
                    steps += 1
                    if steps > FIT_STEPS:
                        gave_up = True
                        break
                    ok = mustin == nmust and (v <= 0 or depth == v)
                    if ok:
                        ok = _fit_ok(S, depth, w, r4, half, osh, oop, colcnt, order, a, b,
                                     cmin, cmax, ccnt)
                    if ok:
                        fits += 1
                        cur += 1
                        for q in range(depth):
                            c = S[q]
                            inn[c] += 1
                            for d in range(4):
                                u = nbrs[c, d]
                                if u >= 0 and reg[u] != g and stamp[u] != cur:
                                    stamp[u] = cur
                                    rim[u] += 1
                if depth < maxsize and extlen[depth] > 0:
                    extlen[depth] -= 1
                    x = ext[depth, extlen[depth]]
                    nl = extlen[depth]
                    for q in range(nl):
                        ext[depth + 1, q] = ext[depth, q]
                    for d in range(4):
                        u = nbrs[x, d]
                        if u >= 0 and allowed[u] and not inS[u] and nadj[u] == 0 and \
                                (not minmode or u > r0):
                            ext[depth + 1, nl] = u
                            nl += 1
                    extlen[depth + 1] = nl
                    S[depth] = x
                    inS[x] = True
                    colcnt[x % w] += 1
                    if st[x] == 1:
                        mustin += 1
                    for d in range(4):
                        u = nbrs[x, d]
                        if u >= 0:
                            nadj[u] += 1
                    depth += 1
                    fresh = True
                else:
                    depth -= 1
                    x = S[depth]
                    inS[x] = False
                    colcnt[x % w] -= 1
                    if st[x] == 1:
                        mustin -= 1
                    for d in range(4):
                        u = nbrs[x, d]
                        if u >= 0:
                            nadj[u] -= 1
            if gave_up:
                while depth > 0:            # unwind what is still pushed
                    depth -= 1
                    x = S[depth]
                    inS[x] = False
                    colcnt[x % w] -= 1
                    for d in range(4):
                        u = nbrs[x, d]
                        if u >= 0:
                            nadj[u] -= 1
                break
        work[2] += steps
        if gave_up:
            # forget this region's rim counts: stamps only, counts rebuilt below
            for c in range(n):
                rim[c] = 0
            cur += 1
            continue
        if fits == 0:
            return -1
        for t in range(a, b):
            c = order[t]
            if st[c] != -1:
                continue
            if inn[c] == fits:
                bits[2 * c] = False
                changed = 1
            elif inn[c] == 0:
                bits[2 * c + 1] = False
                changed = 1
        for c in range(n):
            if rim[c] > 0:
                if rim[c] == fits and st[c] == -1:
                    bits[2 * c + 1] = False
                    changed = 1
                rim[c] = 0
        if changed:
            return 1
    return changed


@njit(cache=True)
def _fit_ok(S, size, w, r4, half, osh, oop, colcnt, order, a, b, cmin, cmax, ccnt):
    """A listed stone fits the columns (and has no vertical gap when asked):
    with the shaded cells outside its region it overfills no column, and the
    cells open outside its region can still fill every column it meets."""
    if r4 < 3:
        for t in range(a, b):
            c = order[t] % w
            if osh[c] + colcnt[c] > half or osh[c] + oop[c] + colcnt[c] < half:
                return False
    if r4 <= 1:
        for q in range(size):
            c = S[q] % w
            cmin[c] = 1 << 30
            cmax[c] = -1
            ccnt[c] = 0
        for q in range(size):
            c = S[q] % w
            r = S[q] // w
            cmin[c] = min(cmin[c], r)
            cmax[c] = max(cmax[c], r)
            ccnt[c] += 1
        for q in range(size):
            c = S[q] % w
            if cmax[c] - cmin[c] + 1 != ccnt[c]:
                return False
    return True


# ---------------------------------------------------------------- drop
@njit(cache=True)
def _drop_jit(bits, nbrs, reg, order, roff, flags, work):
    h, w, r4, k = flags[0], flags[1], flags[2], flags[3]
    if r4 > 1:
        return 0
    n = nbrs.shape[0]
    half = h // 2
    changed = 0
    # no vertical hole: two shaded cells of one region in a column shade the cells between
    for g in range(k):
        work[3] += 1
        for t in range(roff[g], roff[g + 1]):
            x = order[t]
            if _state(bits, x) != 1:
                continue
            for y in range(x + 2 * w, n, w):
                if reg[y] == g and _state(bits, y) == 1:
                    for z in range(x + w, y, w):
                        if reg[z] != g:
                            return -1
                        r = _set(bits, z, 1)
                        if r < 0:
                            return -1
                        changed |= r
    if changed or r4 == 1:
        return changed
    # exact: r + (shaded below) is one number K per stone
    kb = np.zeros(n, np.int64)        # known shaded below
    ob = np.zeros(n, np.int64)        # open below
    for c in range(w):
        s1 = 0
        s2 = 0
        for r in range(h - 1, -1, -1):
            x = r * w + c
            kb[x] = s1
            ob[x] = s2
            q = _state(bits, x)
            if q == 1:
                s1 += 1
            elif q == -1:
                s2 += 1
    for g in range(k):
        kmin = -1
        kmax = 1 << 30
        any_sh = False
        for t in range(roff[g], roff[g + 1]):
            x = order[t]
            if _state(bits, x) != 1:
                continue
            any_sh = True
            r = x // w
            kmin = max(kmin, r + kb[x])
            kmax = min(kmax, r + min(kb[x] + ob[x], half - 1))
        if not any_sh:
            continue
        if kmin > kmax:
            return -1
        for t in range(roff[g], roff[g + 1]):
            x = order[t]
            q = _state(bits, x)
            r = x // w
            if q == 1 and ob[x] > 0:
                if kmax - r == kb[x]:
                    val = 0
                elif kmin - r == kb[x] + ob[x]:
                    val = 1
                else:
                    continue
                for y in range(x + w, n, w):
                    if _state(bits, y) == -1:
                        rr = _set(bits, y, val)
                        if rr < 0:
                            return -1
                        changed = 1
                return 1
            if q == -1:
                lo = r + kb[x]
                hi = r + min(kb[x] + ob[x], half - 1)
                if hi < kmin or lo > kmax:
                    bits[2 * x + 1] = False
                    changed = 1
    return changed


# ---------------------------------------------------------------- the compiled loop
@njit(cache=True)
def _apply_jit(i, bits, data, work):
    """Rung ``i`` for the core's compiled loop (``data`` is :func:`data`)."""
    nbrs, reg, order, roff, num, flags = data
    if i == 0:
        return _col_jit(bits, flags, work)
    if i == 1:
        return _clue_jit(bits, nbrs, reg, order, roff, num, flags, work)
    if i == 2:
        return _fit_jit(bits, nbrs, reg, order, roff, num, flags, work)
    return _drop_jit(bits, nbrs, reg, order, roff, flags, work)


@njit(cache=True)
def _legal_jit(bits, data):
    """The rules on a decided state (what the referee says)."""
    nbrs, reg, order, roff, num, flags = data
    h, w, r4, k = flags[0], flags[1], flags[2], flags[3]
    n = nbrs.shape[0]
    s = np.zeros(n, np.int64)
    for c in range(n):
        q = _state(bits, c)
        if q < 0:
            return False
        s[c] = q
    below = np.zeros(n, np.int64)
    for c in range(w):
        seen = 0
        for r in range(h - 1, -1, -1):
            below[r * w + c] = seen
            seen += s[r * w + c]
        if r4 < 3 and seen != h // 2:
            return False
    stack = np.empty(n, np.int64)
    lab = np.full(n, -1, np.int64)
    for g in range(k):
        a, b = roff[g], roff[g + 1]
        size = 0
        first = -1
        for t in range(a, b):
            if s[order[t]]:
                size += 1
                if first < 0:
                    first = order[t]
        if first < 0 or (num[g] > 0 and size != num[g]):
            return False
        lab[first] = g
        stack[0] = first
        top = 1
        got = 0
        key = first // w + below[first]
        while top > 0:
            top -= 1
            x = stack[top]
            got += 1
            if r4 == 0 and x // w + below[x] != key:
                return False
            for d in range(4):
                u = nbrs[x, d]
                if u < 0 or not s[u]:
                    continue
                if reg[u] != g:
                    return False
                if lab[u] < 0:
                    lab[u] = g
                    stack[top] = u
                    top += 1
        if got != size:
            return False
        if r4 == 1:
            for t in range(a, b):
                x = order[t]
                if not s[x]:
                    continue
                for y in range(x + 2 * w, n, w):
                    if s[y] and reg[y] == g:
                        for z in range(x + w, y, w):
                            if not s[z]:
                                return False
    return True


KERNELS = Compiled(apply=_apply_jit, data=data, work=WORK, legal=_legal_jit)
LADDER = Ladder([
    Rung("col", KERNELS.rung(0, "col"), "#7f7f7f",
         "every column holds h/2 shaded cells: a full column blanks the rest, "
         "a column with h/2 blanks shades the rest"),
    Rung("clue", KERNELS.rung(1, "clue"), "#1f77b4",
         "numbers as sizes, one stone per region, stones apart, reachability"),
    Rung("fit", KERNELS.rung(2, "fit"), "#2ca02c",
         "every way a region's stone can still be drawn; keep what they agree on"),
    Rung("drop", KERNELS.rung(3, "drop"), "#9467bd",
         "no vertical hole in a stone, and (exact) r + shaded-below is one number per stone"),
    probe_rung(),
], compiled=KERNELS)
