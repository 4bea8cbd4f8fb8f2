"""Magnets' rung kernels: pole, count and flux.  ``gac``, which solves each
line exactly, has its own module (:mod:`puzzlekit.magnets.lines`)."""
from __future__ import annotations

from numba import njit

__all__ = []                    # private kernels only


@njit(cache=True)
def _pole_jit(cells, ct):
    """Pole's rules to their fixpoint, as :func:`_pole_scan_jit` reaches it,
    taking again only the cells that may fire.  ``ct`` columns 10-12 hold
    the output of an earlier call that ended without contradiction
    (``ct[0, 13]`` set): a fixpoint with no empty cell.  When the cells are
    a narrowing of it, only the cells that differ from it and their
    partners start the queue (column 5); otherwise one sweep over every
    cell does, queueing the cells it changes behind it.  Taking a cell
    couples it to its partner and, when it is a pinned pole, erases that
    pole from its neighbours; a cell that loses a value is queued with its
    partner.  A contradiction in the sweep stops it as the plain sweeps do;
    one found in the queue undoes the queue's removals (logged in columns
    6-8) and hands the cells, as the queue found them, to
    :func:`_pole_scan_jit`, so a contradiction always leaves the cells as
    the plain sweeps do.  The queued flags (column 9) are all zero between
    calls.  Work counts the cells taken."""
    n = cells.shape[0]
    size = 0
    work = 0
    narrowed = ct[0, 13] == 1
    if narrowed:
        for x in range(n):
            c0 = cells[x, 0]
            c1 = cells[x, 1]
            c2 = cells[x, 2]
            l0 = ct[x, 10] != 0
            l1 = ct[x, 11] != 0
            l2 = ct[x, 12] != 0
            if c0 != l0 or c1 != l1 or c2 != l2:
                if (c0 and not l0) or (c1 and not l1) or (c2 and not l2):
                    narrowed = False
                    break
                if ct[x, 9] == 0:
                    ct[x, 9] = 1
                    ct[size, 5] = x
                    size += 1
                z = ct[x, 4]
                if z >= 0 and ct[z, 9] == 0:
                    ct[z, 9] = 1
                    ct[size, 5] = z
                    size += 1
        if not narrowed:
            for t in range(size):
                ct[ct[t, 5], 9] = 0
            size = 0
        elif size == 0:
            return 0, 0
    changed = False
    if not narrowed:
        for a in range(n):
            b = ct[a, 4]
            if b >= 0:
                lost = False
                if cells[a, 0] and not cells[b, 1]:
                    cells[a, 0] = False
                    lost = True
                if cells[a, 1] and not cells[b, 0]:
                    cells[a, 1] = False
                    lost = True
                if cells[a, 2] and not cells[b, 2]:
                    cells[a, 2] = False
                    lost = True
                if lost:
                    changed = True
                    if b < a and ct[b, 9] == 0:
                        ct[b, 9] = 1
                        ct[size, 5] = b
                        size += 1
            c0 = cells[a, 0]
            c1 = cells[a, 1]
            if not (c0 or c1 or cells[a, 2]):
                for t in range(size):
                    ct[ct[t, 5], 9] = 0
                return -1, a + 1
            if c0 != c1 and not cells[a, 2]:
                v = 0 if c0 else 1
                for d in range(4):
                    j = ct[a, d]
                    if j >= 0 and cells[j, v]:
                        cells[j, v] = False
                        changed = True
                        if j <= a and ct[j, 9] == 0:
                            ct[j, 9] = 1
                            ct[size, 5] = j
                            size += 1
                        z = ct[j, 4]
                        if 0 <= z <= a and ct[z, 9] == 0:
                            ct[z, 9] = 1
                            ct[size, 5] = z
                            size += 1
        work = n
    # the queue: a ring of at most n cells, each at most once
    head = 0
    nlog = 0
    while size > 0:
        x = ct[head, 5]
        head = head + 1 if head + 1 < n else 0
        size -= 1
        ct[x, 9] = 0
        work += 1
        b = ct[x, 4]
        if b >= 0:
            lost = False
            for va, vb in ((0, 1), (1, 0), (2, 2)):
                if cells[x, va] and not cells[b, vb]:
                    cells[x, va] = False
                    ct[nlog // 3, 6 + nlog % 3] = 3 * x + va
                    nlog += 1
                    lost = True
            if lost and ct[b, 9] == 0:
                ct[b, 9] = 1
                t = head + size
                ct[t if t < n else t - n, 5] = b
                size += 1
        c0 = cells[x, 0]
        c1 = cells[x, 1]
        if not (c0 or c1 or cells[x, 2]):
            while size > 0:
                ct[ct[head, 5], 9] = 0
                head = head + 1 if head + 1 < n else 0
                size -= 1
            for t in range(nlog):
                e = ct[t // 3, 6 + t % 3]
                cells[e // 3, e % 3] = True
            if narrowed:
                return _pole_scan_jit(cells, ct)
            r, w = _pole_scan_jit(cells, ct)
            return r, work + w
        if c0 != c1 and not cells[x, 2]:
            v = 0 if c0 else 1
            for d in range(4):
                j = ct[x, d]
                if j >= 0 and cells[j, v]:
                    cells[j, v] = False
                    ct[nlog // 3, 6 + nlog % 3] = 3 * j + v
                    nlog += 1
                    if ct[j, 9] == 0:
                        ct[j, 9] = 1
                        t = head + size
                        ct[t if t < n else t - n, 5] = j
                        size += 1
                    z = ct[j, 4]
                    if z >= 0 and ct[z, 9] == 0:
                        ct[z, 9] = 1
                        t = head + size
                        ct[t if t < n else t - n, 5] = z
                        size += 1
    for x in range(n):
        ct[x, 10] = 1 if cells[x, 0] else 0
        ct[x, 11] = 1 if cells[x, 1] else 0
        ct[x, 12] = 1 if cells[x, 2] else 0
    ct[0, 13] = 1
    return (1 if changed or nlog > 0 else 0), work


@njit(cache=True)
def _pole_scan_jit(cells, ct):
    """Pole's rules by plain sweeps over every cell until one removes
    nothing; a cell found with no value stops the sweep at once."""
    n = cells.shape[0]
    changed = False
    work = 0
    again = True
    while again:
        again = False
        for a in range(n):
            work += 1
            b = ct[a, 4]
            # coupling: a+ needs b-, a- needs b+, a0 needs b0
            if b >= 0:
                for va, vb in ((0, 1), (1, 0), (2, 2)):
                    if cells[a, va] and not cells[b, vb]:
                        cells[a, va] = False
                        again = True
            live = 0
            v = -1
            for k in range(3):
                if cells[a, k]:
                    live += 1
                    v = k
            if live == 0:
                return -1, work
            if live == 1 and v < 2:
                for d in range(4):
                    j = ct[a, d]
                    if j >= 0 and cells[j, v]:
                        cells[j, v] = False
                        again = True
        if again:
            changed = True
    return (1 if changed else 0), work


@njit(cache=True)
def _count_jit(cells, lt):
    """Each clued sign of each line in turn (lines in order, plus before
    minus): its candidates and sure cells against the clue.  One scan gives
    both signs' tallies; minus is tallied again only when plus removed
    something from the line."""
    W2 = lt.shape[1] - 3
    changed = False
    work = 0
    for line in range(lt.shape[0]):
        P = lt[line, W2 + 1]
        M = lt[line, W2 + 2]
        if P < 0 and M < 0:
            continue
        n = lt[line, W2]
        cand0 = 0
        sure0 = 0
        cand1 = 0
        sure1 = 0
        for i in range(n):
            c = lt[line, i]
            a0 = cells[c, 0]
            a1 = cells[c, 1]
            a2 = cells[c, 2]
            if a0:
                cand0 += 1
                if not a1 and not a2:
                    sure0 += 1
            if a1:
                cand1 += 1
                if not a0 and not a2:
                    sure1 += 1
        for s in range(2):
            clue = P if s == 0 else M
            if clue < 0:
                continue
            work += 1
            cand = cand0 if s == 0 else cand1
            sure = sure0 if s == 0 else sure1
            if sure > clue or cand < clue:
                return -1, work
            hit = False
            if cand == clue and sure < cand:
                for i in range(n):
                    c = lt[line, i]
                    if cells[c, s]:
                        for k in range(3):
                            if k != s and cells[c, k]:
                                cells[c, k] = False
                                hit = True
            elif sure == clue and sure < cand:
                for i in range(n):
                    c = lt[line, i]
                    if cells[c, s] and (cells[c, 2] or cells[c, 1 - s]):
                        cells[c, s] = False
                        hit = True
            if hit:
                changed = True
                if s == 0:          # plus narrowed the line: tally minus again
                    cand1 = 0
                    sure1 = 0
                    for i in range(n):
                        c = lt[line, i]
                        if cells[c, 1]:
                            cand1 += 1
                            if not cells[c, 0] and not cells[c, 2]:
                                sure1 += 1
    return (1 if changed else 0), work


@njit(cache=True)
def _flux_jit(cells, lt):
    W2 = lt.shape[1] - 3
    changed = False
    work = 0
    for line in range(lt.shape[0]):
        if lt[line, W2 + 1] < 0 or lt[line, W2 + 2] < 0:
            continue
        work += 1
        d = lt[line, W2 + 1] - lt[line, W2 + 2]
        lo = 0
        hi = 0
        known = 0       # crossing cells known magnetised
        unknown = 0     # crossing cells whose magnetisation is open
        last = -1
        for i in range(lt[line, W2]):
            if not lt[line, W2 // 2 + i]:
                continue
            c = lt[line, i]
            mn, mx = _sign_bounds(cells, c)
            if mn > mx:
                return -1, work
            lo += mn
            hi += mx
            if not cells[c, 2]:
                known += 1
            elif cells[c, 0] or cells[c, 1]:
                unknown += 1
                last = c
        if d < lo or d > hi:
            return -1, work
        for i in range(lt[line, W2]):
            if not lt[line, W2 // 2 + i]:
                continue
            c = lt[line, i]
            mn, mx = _sign_bounds(cells, c)
            rest_lo = lo - mn
            rest_hi = hi - mx
            for k in range(3):
                if cells[c, k]:
                    sg = _SIGN[k]
                    if sg + rest_lo > d or sg + rest_hi < d:
                        cells[c, k] = False
                        changed = True
        par = (d - known) % 2
        if unknown == 0 and par != 0:
            return -1, work
        if unknown == 1 and (cells[last, 0] or cells[last, 1]) and cells[last, 2]:
            if par == 0:
                cells[last, 0] = False
                cells[last, 1] = False
            else:
                cells[last, 2] = False
            changed = True
    return (1 if changed else 0), work


_SIGN = (1, -1, 0)   # value index (+, -, neutral) -> signed contribution


@njit(cache=True)
def _sign_bounds(cells, c):
    """Least and greatest live sign of cell ``c`` (2, -2 when it has none)."""
    mn = 2
    mx = -2
    for k in range(3):
        if cells[c, k]:
            sg = _SIGN[k]
            if sg < mn:
                mn = sg
            if sg > mx:
                mx = sg
    return mn, mx
