"""Choco Banana's rung ladder: one {banana, chocolate} variable per cell,
narrowed by value, rect, size, anti and probe.

``value`` reads a number alone: 1 and 2 (and the whole board's area) can only
be chocolate, an area off the h x w times table can only be banana, because a
banana of area v exists exactly when 3 <= v <= h*w - 1 on a board with both
sides at least 2.  ``rect`` fills the bounding box of every known chocolate
group.  ``size`` holds each clued group to its number from below (what it
already holds, merges included) and above (what it can still reach), and
matches a clued bar against every area-v rectangle that still fits; what a
group can reach stops at a cell that would join a group with another number.
``anti``
is the only rung that knows a banana may not be a rectangle; it returns the
moment it writes, because a write can merge two bananas and leave the rest of
its group list stale.  The kernels run in the core's one compiled loop.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from ..core._nb import call
from ..core.cache import puzzle_table
from ..core.ladder import Compiled, KernelHints, ShadeState
from .model import Answer, Puzzle, banana_areas, bar_areas

__all__ = ["CBState", "LADDER", "NAMES", "WORK", "KERNELS", "data", "initial_state",
           "encode", "decode", "decode_mask", "clue_distance_order"]

NAMES = ("value", "rect", "size", "anti", "probe")
WORK = ("value reads", "rect groups", "size groups", "bar placements", "anti groups")
B, C = 0, 1          # bit order within a cell: banana (unshaded), chocolate (shaded)


def data(puzzle: Puzzle) -> tuple:
    """The kernels' arrays (cached on the puzzle): neighbours, per-cell
    numbers (-1 none or ``?``), which areas each colour may have, and
    ``[h, w, rect rule, banana rule]``."""
    def build(puzzle):
        n, h, w = puzzle.n, puzzle.h, puzzle.w
        clue = np.full(n, -1, np.int64)
        for c, v in puzzle.clues.items():
            clue[c] = v
        choco_ok = np.ones(n + 1, np.bool_)
        banana_ok = np.ones(n + 1, np.bool_)
        if puzzle.rect_rule:
            choco_ok[:] = False
            choco_ok[sorted(bar_areas(h, w))] = True
        if puzzle.banana_rule:
            banana_ok[:] = False
            banana_ok[sorted(banana_areas(h, w))] = True
        choco_ok[0] = banana_ok[0] = False
        flags = np.array([h, w, int(puzzle.rect_rule), int(puzzle.banana_rule)], np.int64)
        return (np.ascontiguousarray(puzzle.grid.nbrs, np.int64), clue, choco_ok, banana_ok, flags)
    return puzzle_table(puzzle, "choco_banana.data", build)


CBState = ShadeState  # the view ``cell`` (n, 2): [banana possible, chocolate possible]


def initial_state(puzzle: Puzzle) -> CBState:
    """Every cell open: a number fixes nothing by itself."""
    return CBState(puzzle, np.arange(0, 2 * puzzle.n + 1, 2))


def clue_distance_order(puzzle: Puzzle) -> np.ndarray:
    """The cells by their distance from the nearest number, ties in reading
    order: the order the uniqueness proof branches in
    (``ProofPolicy.order``).  A cell next to a numbered group decides
    whether that group grows, so its size bound acts at once; a cell far
    from every number is chosen once the groups around it are fixed.

    >>> clue_distance_order(Puzzle.make(2, 3, {5: 4})).tolist()
    [5, 2, 4, 1, 3, 0]
    """
    clued = sorted(puzzle.clues)
    dist = (puzzle.grid.distance[clued].min(axis=0) if clued
            else np.zeros(puzzle.n, np.int32))          # Manhattan: the board has no walls
    return np.lexsort((np.arange(puzzle.n), dist)).astype(np.int64)


def decode_mask(state) -> np.ndarray:
    """Shaded cells of a decided state."""
    return state.shaded()


def decode(state) -> Answer:
    """The answer of a decided state."""
    return Answer.from_mask(state.puzzle.h, state.puzzle.w, state.shaded())


def encode(puzzle: Puzzle, answer: Answer) -> CBState:
    """The decided state of an answer.

    >>> p = Puzzle.make(1, 2)
    >>> s = encode(p, Answer.from_mask(1, 2, [1, 1])); s.solved(), decode(s).to_json()
    (True, {'grid': ['##']})
    """
    s = initial_state(puzzle)
    s.shade(answer.shaded)
    return s


# ---------------------------------------------------------------- kernels
@njit(cache=True)
def _known(bits, n):
    """Per cell: 0 known banana, 1 known chocolate, -1 open, -2 dead."""
    col = np.empty(n, np.int64)
    for c in range(n):
        b, k = bits[2 * c], bits[2 * c + 1]
        col[c] = -2 if not (b or k) else (-1 if (b and k) else (1 if k else 0))
    return col


@njit(cache=True)
def _label(nbrs, col, lab, size):
    """Label the groups of known cells of one colour; sizes into ``size``."""
    n = nbrs.shape[0]
    stack = np.empty(n, np.int64)
    for c in range(n):
        lab[c] = -1
    k = 0
    for s in range(n):
        if lab[s] >= 0 or col[s] < 0:
            continue
        lab[s] = k
        stack[0] = s
        top = 1
        cnt = 0
        while top > 0:
            top -= 1
            v = stack[top]
            cnt += 1
            for d in range(4):
                u = nbrs[v, d]
                if u >= 0 and lab[u] < 0 and col[u] == col[s]:
                    lab[u] = k
                    stack[top] = u
                    top += 1
        size[k] = cnt
        k += 1
    return k


@njit(cache=True)
def _boxes(col, lab, k, w):
    """Rows and columns spanned by each chocolate group (``r1 = -1`` for a
    banana group): ``(r0, r1, c0, c1)``."""
    r0 = np.full(k, 1 << 30, np.int64)
    r1 = np.full(k, -1, np.int64)
    c0 = np.full(k, 1 << 30, np.int64)
    c1 = np.full(k, -1, np.int64)
    for c in range(col.shape[0]):
        if col[c] == 1:
            g = lab[c]
            r0[g] = min(r0[g], c // w)
            r1[g] = max(r1[g], c // w)
            c0[g] = min(c0[g], c % w)
            c1[g] = max(c1[g], c % w)
    return r0, r1, c0, c1


@njit(cache=True)
def _drop(bits, c, x):
    """Remove colour ``x`` from cell ``c``: -1 if it dies, 1 if it changed, 0 if not."""
    if not bits[2 * c + x]:
        return 0
    bits[2 * c + x] = False
    return -1 if not bits[2 * c + 1 - x] else 1


@njit(cache=True)
def _value_jit(bits, clue, choco_ok, banana_ok, work):
    changed = 0
    for c in range(clue.shape[0]):
        v = clue[c]
        if v < 1:
            continue
        work[0] += 1
        if not choco_ok[v]:
            r = _drop(bits, c, C)
            if r < 0:
                return -1
            changed |= r
        if not banana_ok[v]:
            r = _drop(bits, c, B)
            if r < 0:
                return -1
            changed |= r
    return changed


@njit(cache=True)
def _rect_jit(bits, nbrs, flags, work):
    if flags[2] == 0:
        return 0
    n, w = nbrs.shape[0], flags[1]
    col = _known(bits, n)
    lab = np.empty(n, np.int64)
    size = np.empty(n, np.int64)
    k = _label(nbrs, col, lab, size)
    r0, r1, c0, c1 = _boxes(col, lab, k, w)
    changed = 0
    for g in range(k):
        if r1[g] < 0:
            continue
        work[1] += 1
        for r in range(r0[g], r1[g] + 1):
            for cc in range(c0[g], c1[g] + 1):
                x = _drop(bits, r * w + cc, B)
                if x < 0:
                    return -1
                changed |= x
    return changed


@njit(cache=True)
def _joins_other(nbrs, col, lab, gclue, u, x, v):
    """Whether colour ``x`` at ``u`` would join a known group whose number is
    not ``v``: then ``u`` is not part of a ``v`` group of that colour."""
    for d in range(4):
        t = nbrs[u, d]
        if t >= 0 and col[t] == x and gclue[lab[t]] > 0 and gclue[lab[t]] != v:
            return True
    return False


@njit(cache=True)
def _size_jit(bits, nbrs, clue, flags, work):
    n, h, w = nbrs.shape[0], flags[0], flags[1]
    col = _known(bits, n)
    lab = np.empty(n, np.int64)
    size = np.empty(n, np.int64)
    k = _label(nbrs, col, lab, size)
    gclue = np.full(k, -1, np.int64)
    for c in range(n):
        if clue[c] > 0 and col[c] >= 0:
            g = lab[c]
            if gclue[g] >= 0 and gclue[g] != clue[c]:
                return -1                      # one group, two different numbers
            gclue[g] = clue[c]
    for g in range(k):
        work[2] += 1
        if gclue[g] > 0 and size[g] > gclue[g]:
            return -1
    # lower bound: an open cell may not take a colour whose merge overflows a number
    changed = 0
    seen = np.full(4, -1, np.int64)
    for u in range(n):
        if col[u] != -1:
            continue
        for x in range(2):
            tot = 1
            v = clue[u] if clue[u] > 0 else -1
            bad = False
            for d in range(4):
                seen[d] = -1
                t = nbrs[u, d]
                if t < 0 or col[t] != x:
                    continue
                g = lab[t]
                dup = False
                for e in range(d):
                    if seen[e] == g:
                        dup = True
                if dup:
                    continue
                seen[d] = g
                tot += size[g]
                if gclue[g] > 0:
                    if v > 0 and v != gclue[g]:
                        bad = True
                    v = gclue[g]
            if bad or (v > 0 and tot > v):
                r = _drop(bits, u, x)
                if r < 0:
                    return -1
                changed = 1
                break
    if changed:
        return 1
    # upper bound: what a clued cell can still reach in each colour
    mark = np.zeros(n, np.int64)
    stamp = 0
    stack = np.empty(n, np.int64)
    for c in range(n):
        v = clue[c]
        if v < 1:
            continue
        for x in range(2):
            if not bits[2 * c + x]:
                continue
            stamp += 1
            mark[c] = stamp
            stack[0] = c
            top = 1
            cnt = 0
            while top > 0 and cnt <= v:
                top -= 1
                p = stack[top]
                cnt += 1
                for d in range(4):
                    u = nbrs[p, d]
                    if u >= 0 and mark[u] != stamp and bits[2 * u + x] and \
                            (clue[u] < 1 or clue[u] == v) and \
                            not _joins_other(nbrs, col, lab, gclue, u, x, v):
                        mark[u] = stamp
                        stack[top] = u
                        top += 1
            if cnt < v:
                r = _drop(bits, c, x)
                if r < 0:
                    return -1
                return 1
            if cnt == v and top == 0 and not bits[2 * c + 1 - x]:
                for u in range(n):
                    if mark[u] == stamp:
                        r = _drop(bits, u, 1 - x)
                        if r < 0:
                            return -1
                        changed |= r
                if changed:
                    return 1
    if flags[2] == 0:
        return 0
    # a clued bar: intersect the area-v rectangles that still fit around its
    # group; each group once (its clued cells all read the same number), and
    # only inside the window its rectangles and their rims can reach
    gr0, gr1, gc0, gc1 = _boxes(col, lab, k, w)
    inn = np.zeros(n, np.int64)
    rim = np.zeros(n, np.int64)
    done = np.zeros(k, np.bool_)
    for c in range(n):
        v = clue[c]
        if v < 1 or col[c] != 1 or done[lab[c]]:
            continue
        g = lab[c]
        done[g] = True
        # the window: the group's box and every rectangle holding it, one
        # cell more around (inn and rim are zero in it, and left so after)
        wr0, wr1, wc0, wc1 = gr0[g], gr1[g], gc0[g], gc1[g]
        fits = 0
        for a in range(1, h + 1):
            if v % a != 0 or v // a > w:
                continue
            b = v // a
            wr0 = min(wr0, max(0, gr1[g] - a + 1))
            wr1 = max(wr1, min(gr0[g], h - a) + a - 1)
            wc0 = min(wc0, max(0, gc1[g] - b + 1))
            wc1 = max(wc1, min(gc0[g], w - b) + b - 1)
            for top in range(max(0, gr1[g] - a + 1), min(gr0[g], h - a) + 1):
                for left in range(max(0, gc1[g] - b + 1), min(gc0[g], w - b) + 1):
                    work[3] += 1
                    ok = True
                    for r in range(top, top + a):
                        for q in range(left, left + b):
                            t = r * w + q
                            if not bits[2 * t + 1] or (clue[t] > 0 and clue[t] != v):
                                ok = False
                    for r in range(top, top + a):
                        if left > 0 and not bits[2 * (r * w + left - 1)]:
                            ok = False
                        if left + b < w and not bits[2 * (r * w + left + b)]:
                            ok = False
                    for q in range(left, left + b):
                        if top > 0 and not bits[2 * ((top - 1) * w + q)]:
                            ok = False
                        if top + a < h and not bits[2 * ((top + a) * w + q)]:
                            ok = False
                    if not ok:
                        continue
                    fits += 1
                    for r in range(top, top + a):
                        for q in range(left, left + b):
                            inn[r * w + q] += 1
                    for r in range(top, top + a):
                        if left > 0:
                            rim[r * w + left - 1] += 1
                        if left + b < w:
                            rim[r * w + left + b] += 1
                    for q in range(left, left + b):
                        if top > 0:
                            rim[(top - 1) * w + q] += 1
                        if top + a < h:
                            rim[(top + a) * w + q] += 1
        if fits == 0:
            return -1
        wr0, wr1 = max(0, wr0 - 1), min(h - 1, wr1 + 1)
        wc0, wc1 = max(0, wc0 - 1), min(w - 1, wc1 + 1)
        for r in range(wr0, wr1 + 1):
            for q in range(wc0, wc1 + 1):
                t = r * w + q
                if inn[t] == fits:
                    x = _drop(bits, t, B)
                elif rim[t] == fits:
                    x = _drop(bits, t, C)
                elif inn[t] == 0 and col[t] == -1 and _touches(nbrs, lab, col, t, g):
                    x = _drop(bits, t, C)
                else:
                    x = 0
                inn[t] = 0
                rim[t] = 0
                if x < 0:
                    return -1
                changed |= x
        if changed:
            return 1
    return 0


@njit(cache=True)
def _touches(nbrs, lab, col, t, g):
    for d in range(4):
        u = nbrs[t, d]
        if u >= 0 and col[u] == 1 and lab[u] == g:
            return True
    return False


@njit(cache=True)
def _anti_jit(bits, nbrs, flags, work):
    if flags[3] == 0:
        return 0
    n, w = nbrs.shape[0], flags[1]
    col = _known(bits, n)
    for u in range(n):                 # walled in by chocolate: a lone banana is a rectangle
        if col[u] != -1:
            continue
        walled = True
        for d in range(4):
            t = nbrs[u, d]
            if t >= 0 and col[t] != 1:
                walled = False
        if walled:
            bits[2 * u] = False
            return 1
    lab = np.empty(n, np.int64)
    size = np.empty(n, np.int64)
    banana = np.empty(n, np.int64)
    for c in range(n):
        banana[c] = 0 if col[c] == 0 else -1
    k = _label(nbrs, banana, lab, size)
    for g in range(k):
        work[4] += 1
        r0, r1, c0, c1 = 1 << 30, -1, 1 << 30, -1
        for c in range(n):
            if lab[c] == g:
                r0 = min(r0, c // w)
                r1 = max(r1, c // w)
                c0 = min(c0, c % w)
                c1 = max(c1, c % w)
        if (r1 - r0 + 1) * (c1 - c0 + 1) != size[g]:
            continue                       # not a rectangle now: it may stay so
        way = _one_exit(nbrs, lab, col, g, n)
        if way == -1:
            return -1                      # a sealed rectangular banana
        if way >= 0:
            bits[2 * way + 1] = False      # its one way out is banana; the list is stale now
            return 1
    return 0


@njit(cache=True)
def _one_exit(nbrs, lab, col, g, n):
    """The group's open neighbours: -1 none, the cell when there is one, -2 more."""
    first = -1
    for c in range(n):
        if lab[c] != g:
            continue
        for d in range(4):
            u = nbrs[c, d]
            if u >= 0 and col[u] == -1:
                if first < 0:
                    first = u
                elif u != first:
                    return -2
    return first


@njit(cache=True)
def _apply_jit(i, bits, data, work):
    """Rung ``i`` for the core's compiled loop (``data`` is :func:`data`)."""
    nbrs, clue, choco_ok, banana_ok, flags = data
    if i == 0:
        return call(_value_jit, bits, clue, choco_ok, banana_ok, work)
    if i == 1:
        return call(_rect_jit, bits, nbrs, flags, work)
    if i == 2:
        return call(_size_jit, bits, nbrs, clue, flags, work)
    return call(_anti_jit, bits, nbrs, flags, work)


@njit(cache=True)
def _legal_jit(bits, data):
    """The rules on a decided state (what the referee says)."""
    nbrs, clue, choco_ok, banana_ok, flags = data
    n, w = nbrs.shape[0], flags[1]
    col = _known(bits, n)
    lab = np.empty(n, np.int64)
    size = np.empty(n, np.int64)
    k = _label(nbrs, col, lab, size)
    r0 = np.full(k, 1 << 30, np.int64)
    r1 = np.full(k, -1, np.int64)
    c0 = np.full(k, 1 << 30, np.int64)
    c1 = np.full(k, -1, np.int64)
    for c in range(n):
        if col[c] < 0:
            return False
        g = lab[c]
        if clue[c] > 0 and size[g] != clue[c]:
            return False
        r0[g] = min(r0[g], c // w)
        r1[g] = max(r1[g], c // w)
        c0[g] = min(c0[g], c % w)
        c1[g] = max(c1[g], c % w)
    for c in range(n):
        g = lab[c]
        rect = (r1[g] - r0[g] + 1) * (c1[g] - c0[g] + 1) == size[g]
        if col[c] == 1 and flags[2] == 1 and not rect:
            return False
        if col[c] == 0 and flags[3] == 1 and rect:
            return False
    return True


# ---------------------------------------------------------------- the ladder
# every removal goes through _drop (which reports a cell left without a
# colour) or takes a colour from a cell known to have both
KERNELS = Compiled(apply=_apply_jit, data=data, work=WORK, legal=_legal_jit,
                   hints=KernelHints(reports_empty=True))
LADDER = KERNELS.ladder([
    ("value", "#7f7f7f",
     "the number alone names the colour: 1, 2 and h*w chocolate, off the times table banana"),
    ("rect", "#8c564b",
     "every known chocolate group fills its bounding box"),
    ("size", "#1f77b4",
     "a clued group is exactly its number: merges that overflow it are refused, a group "
     "that can reach no more (short of groups with other numbers) takes all it reaches, "
     "a bar is cut to the rectangles that fit"),
    ("anti", "#2ca02c",
     "a banana is no rectangle: sealed rectangles refute, one way out is taken, a cell "
     "walled in by chocolate is chocolate"),
])
