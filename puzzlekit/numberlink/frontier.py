"""Numberlink's exact count by a frontier scan: the answers of a state counted
(up to a limit) cell by cell in reading order, without a search.

The scan passes over the board row by row along its shorter side, from the
side where the root decided the most (below).  After
each cell it keeps the *frontier states*: for every segment crossing the
line between the cells done and the cells to come, what it is joined to
above that line --

* nothing (the segment is OFF), 0;
* a number's path whose other number is still to come, its pair's label
  ``p`` (1..k);
* a bound pair: a pair whose two paths both cross the line, so that they
  must meet below it (which pair it is no longer matters), an id above k;
* an open strand, a path piece whose two ends both cross the line and
  which meets no number yet, a negative id shared by its two ends

(ids renumbered in order along the line, so that equal frontiers are one
state).  Each state carries how many ways of deciding the cells done lead
to it, capped at the limit.  The next cell chooses its right and down
segments among those its domains leave open (the root's fixpoint, so the
rungs' eliminations shrink the scan too) with the cell's degree (one at a
number, two elsewhere, or none with rule 3 off), and joins what meets
there: the two ends of a bound pair close its path, a path reaching its
pair's number closes too, an open strand takes the label of what it
reaches, two strands become one, and anything else (two ends of one
strand, a loop; two different pairs, a path joining two numbers) is no
state at all.  With no strand on the line, two bound pairs crossing each
other along it (``p q p q``) can never both close, and those states are
dropped (a strand can carry a path back above the line, so with one the
test would be wrong).  After the last cell, the one state with nothing
crossing holds the count.

An answer is read back through links kept for every state (the state it
came from and the segments its cell chose, and a second such link when a
second way reaches it): following the first links from the end gives one
answer, and the first state on that walk reached a second way gives
another, so ``limit`` 2 yields two answers whenever there are two.

Its cost is the number of frontier states, which grows with the width of
the board and how little the root decided: janko.at's Arukone 579 (15x15,
every cell used), which CP-SAT's search and the clause learner leave open
after minutes, has at most 1.17 million states on a line and is counted
in about five seconds.  ``count`` gives up (returns
None) when a line would hold more than ``max_states`` or the time runs out.

Which side the scan starts from matters as much as the width: on the
real corpus the states in all often differ tenfold or more between the
eight ways of turning a square board (Arukone 285, 13x13: 1.06 million
states from the bottom, 11 million from the top; Arukone 25, 15x15, fits
the cap only from the bottom).  The scan turns the board (:data:`TURNS`) so that it
starts where the root left the fewest segments open, rows weighted by
how early it meets them (:func:`_open_early`): the fewer choices early,
the fewer states the lines after them inherit.  On every board of the
corpus that choice needs no more states than the scan from the top did.
"""
from __future__ import annotations

import time
from collections import Counter
from functools import partial

import numpy as np
from numba import njit

from ..core.search import SearchResult
from .ladder import OFF, ON, encode
from .model import Answer

__all__ = ["count", "counter", "MAX_STATES", "MAX_WIDTH", "TURNS"]

#: The most frontier states on one line: each costs its labels (a byte or two
#: a segment crossing the line) while its line is built and nine bytes of
#: links for the rest of the scan.  Janko.at's Arukone 579 needs 1.17 million;
#: a board that needs more usually needs far more, and the scan gives up
#: sooner with a lower cap.
MAX_STATES = 1_500_000
#: The widest line the scan tries (the board's shorter side): the states
#: grow about geometrically with it.  In the real corpus every board up to
#: 15 cells across fits in :data:`MAX_STATES` (janko.at's Arukone 25, 15x15,
#: only from the bottom up, the side the scan picks), while none from 18
#: across does (Arukone 576, 18x26; 560, 20x20; 570, 25x32; 190, 35x48):
#: each of those took two to seven seconds to give up on.
MAX_WIDTH = 16
#: The ways the scan may turn a board, each applied in order: ``t`` about the
#: diagonal, then ``v`` top to bottom and ``h`` left to right (a board not
#: square takes those that leave its shorter side across).
TURNS = ("", "v", "h", "vh", "t", "tv", "th", "tvh")



@njit(cache=True)
def _hash(buf, width):
    h = np.int64(1469598103934665603)
    for i in range(width):
        h = (h ^ np.int64(buf[i] & 0xFFFF)) * np.int64(1099511628211)
    return h


@njit(cache=True)
def _normalise(buf, width, c, k, seen, stack, cnt, touched, cols):
    """Put ``buf`` in its one form, in order along the line (the first
    ``c + 1`` down segments, the right one, then the rest): a pair whose
    two ends both cross the line becomes a bound pair, and the strands are
    numbered -1, -2, ... and the bound pairs ``k + 1``, ``k + 2``, ... by
    first appearance; False when two bound pairs must cross.  A path that
    only passes through a cell moves its label between two neighbours on
    the line, which changes neither, so the scan calls this only when a
    path starts, ends or joins another."""
    w = width - 1
    n_cols = 0
    for i in range(width):
        v = buf[i]
        if 0 < v <= k:
            cnt[v] += 1
            cols[n_cols] = v
            n_cols += 1
    n_strands = 0
    n_bound = 0
    n_touched = 0
    for j in range(width):
        i = j if j <= c else (w if j == c + 1 else j - 1)
        v = buf[i]
        if v == 0 or (0 < v <= k and cnt[v] < 2):
            continue
        key = -v if v < 0 else width + 2 + v
        if seen[key] == 0:
            touched[n_touched] = key
            n_touched += 1
            if v < 0:
                n_strands += 1
                seen[key] = -n_strands
            else:
                n_bound += 1
                seen[key] = k + n_bound
        buf[i] = seen[key]
    for t in range(n_touched):
        seen[touched[t]] = 0
    for t in range(n_cols):
        cnt[cols[t]] = 0
    top = 0
    if n_strands == 0:                 # with a strand, two ends may meet through it
        for j in range(width):
            i = j if j <= c else (w if j == c + 1 else j - 1)
            v = buf[i]
            if v > k:
                if top > 0 and stack[top - 1] == v:
                    top -= 1
                else:
                    stack[top] = v
                    top += 1
    return top == 0


@njit(cache=True)
def _insert(buf, width, keys, counts, p1, p2, ch, table, stamp, n, parent, choice, add,
            limit):
    """Add ``add`` ways to the state ``buf`` (reached from ``parent`` by
    ``choice``); the new number of states.  A table entry holds the cell's
    stamp, sixteen bits of the hash and the state's index: entries of
    earlier cells read as empty, and most probes touch no key."""
    mask = table.shape[0] - 1
    hv = _hash(buf, width)
    tag = (stamp << 48) | (((hv >> 32) & 0xFFFF) << 32)
    h = hv & mask
    while True:
        e = table[h]
        if (e >> 48) != stamp:
            table[h] = tag | n
            keys[n, :width] = buf[:width]
            counts[n] = min(add, limit)
            p1[n] = parent
            p2[n] = -1
            ch[n] = choice
            return n + 1
        if (e >> 32) == (tag >> 32):
            s = e & 0xFFFFFFFF
            same = True
            for i in range(width):
                if keys[s, i] != buf[i]:
                    same = False
                    break
            if same:
                counts[s] = min(counts[s] + add, limit)
                if p2[s] < 0 and not (p1[s] == parent and (ch[s] & 3) == choice):
                    p2[s] = parent
                    ch[s] = (ch[s] & 3) | (choice << 2)
                return n
        h = (h + 1) & mask


@njit(cache=True)
def _cell(r, c, label, fill, right, down, keys, counts, n_old, limit, k,
          nk, nc, p1, p2, ch, table, stamp, most):
    """The states after cell ``(r, c)`` from the ``n_old`` before it, written
    to ``nk`` (labels), ``nc`` (ways) and ``p1``, ``p2``, ``ch`` (links):
    their number, or -1 when there would be more than ``most``.
    ``right``/``down``: the segment's OFF and ON possible (two booleans per
    cell); ``table`` (twice the room of ``nk``, a power of two) keeps
    entries stamped ``stamp``, one per cell."""
    width = keys.shape[1]
    w = width - 1
    cap = min(nk.shape[0], most)
    n = 0
    buf = np.zeros_like(keys[0])
    seen = np.zeros(k + 2 * width + 4, np.int16)
    stack = np.zeros(width, np.int16)
    cnt = np.zeros(k + 1, np.int16)
    touched = np.zeros(width, np.int64)
    cols = np.zeros(width, np.int64)
    fresh = -(width + 2)
    num = label[r, c]
    want = 1 if num > 0 else 2
    r_off, r_on = right[r, c, OFF], right[r, c, ON]
    d_off, d_on = down[r, c, OFF], down[r, c, ON]
    for s in range(n_old):
        up = keys[s, c]
        left = keys[s, w]
        inc = (1 if up != 0 else 0) + (1 if left != 0 else 0)
        for choice in range(4):
            rb = choice & 1
            db = choice >> 1
            if (rb == 1 and not r_on) or (rb == 0 and not r_off):
                continue
            if (db == 1 and not d_on) or (db == 0 and not d_off):
                continue
            out = rb + db
            if inc + out != want and not (num == 0 and fill == 0 and inc + out == 0):
                continue
            for i in range(width):
                buf[i] = keys[s, i]
            buf[c] = 0
            buf[w] = 0
            if out == 2:                   # a new strand starts here
                buf[c] = fresh
                buf[w] = fresh
            elif out == 1:                 # a path passes on, or leaves its number
                lab = num if num > 0 else (up if up != 0 else left)
                if rb == 1:
                    buf[w] = lab
                else:
                    buf[c] = lab
            elif inc == 1:                 # a path ends at this number
                x = up if up != 0 else left
                if x > 0:
                    if x != num:           # another pair's, or a bound pair's
                        continue
                else:
                    for i in range(width):
                        if buf[i] == x:
                            buf[i] = num
            elif inc == 2:                 # two ends meet here
                a, b = up, left
                if a > 0 and b > 0:        # only a bound pair's two ends may
                    if a != b or a <= k:
                        continue
                elif a > 0 or b > 0:
                    pair = a if a > 0 else b
                    strand = b if a > 0 else a
                    for i in range(width):
                        if buf[i] == strand:
                            buf[i] = pair
                else:
                    if a == b:
                        continue
                    for i in range(width):
                        if buf[i] == b:
                            buf[i] = a
            if out == 2 or (num > 0 and out == 1) or (
                    out == 0 and (up < 0 or left < 0 or up > k or left > k)):
                if not _normalise(buf, width, c, k, seen, stack, cnt, touched, cols):
                    continue
            if n == cap:
                return -1
            n = _insert(buf, width, nk, nc, p1, p2, ch, table, stamp, n, s, choice,
                        counts[s], limit)
    return n


def _states(room, width, kind):
    """Room for ``room`` states: their labels (``width`` of dtype ``kind``
    each) and ways."""
    return np.empty((room, width), kind), np.empty(room, np.int64)


def _links(room):
    """Room for the links of ``room`` states, and a hash table for them (a
    power of two entries, as the probe's mask needs)."""
    return (np.empty(room, np.int32), np.empty(room, np.int32), np.empty(room, np.int8),
            np.zeros(2 * room, np.int64))


def _domains(puzzle, state):
    """Per cell, its right and its down segment's (OFF possible, ON
    possible); a segment off the board is OFF."""
    h, w = puzzle.h, puzzle.w
    seg = np.asarray(state.seg, dtype=bool)
    right = np.zeros((h, w, 2), bool)
    down = np.zeros((h, w, 2), bool)
    right[:, :, OFF] = True
    down[:, :, OFF] = True
    nh = h * (w - 1)
    if w > 1:
        right[:, :-1] = seg[:nh].reshape(h, w - 1, 2)
    if h > 1:
        down[:-1, :] = seg[nh:].reshape(h - 1, w, 2)
    return right, down


def _turned(label, right, down, turn):
    """The board's numbers and segment domains (or an answer's segments,
    ``label`` ignored) turned as ``turn`` says (:data:`TURNS`).  Each step
    undoes itself, so turning back is the same steps in reverse order.  A
    segment off the board (the last column's right, the last row's down)
    stays off it."""
    for step in turn:
        if step == "t":
            label, right, down = label.swapaxes(0, 1), down.swapaxes(0, 1), right.swapaxes(0, 1)
        elif step == "v":
            label, right, down = label[::-1], right[::-1], np.roll(down[::-1], -1, axis=0)
        else:
            label, right, down = label[:, ::-1], np.roll(right[:, ::-1], -1, axis=1), \
                down[:, ::-1]
    return label, right, down


def _open_early(right, down) -> int:
    """How open the board is where a scan from its top meets it: per row,
    the segments the domains leave both ways, weighted by how many rows
    come after it (the first row counts as many times as there are rows)."""
    both = (right[..., OFF] & right[..., ON]).sum(axis=1) + \
        (down[..., OFF] & down[..., ON]).sum(axis=1)
    return int((both * np.arange(len(both), 0, -1)).sum())


def _best_turn(label, right, down) -> str:
    """The turn (:data:`TURNS`) that leaves the board's shorter side across
    and starts the scan where the fewest segments are open
    (:func:`_open_early`); ties to the first in :data:`TURNS`."""
    h, w = label.shape
    turns = [t for t in TURNS if h == w or ("t" in t) == (w > h)]
    return min(turns, key=lambda t: _open_early(*_turned(label, right, down, t)[1:]))


def count(puzzle, state, limit: int = 2, time_limit: float | None = None,
          max_states: int = MAX_STATES, max_width: int = MAX_WIDTH,
          turn: str | None = None) -> SearchResult | None:
    """The answers of ``state`` (a state of ``puzzle``, its root's fixpoint
    say), counted up to ``limit`` by the scan, with up to ``limit`` of them
    (decided states); None when the board is more than ``max_width``
    across both ways, a line would hold more than ``max_states`` states or
    ``time_limit`` seconds run out first.  ``nodes`` is the most
    states on one line.  ``turn`` (one of :data:`TURNS`) turns the board
    before the scan; by default the scan picks the turn
    (:func:`_best_turn`).

    >>> from puzzlekit.numberlink.model import Puzzle
    >>> from puzzlekit.numberlink.ladder import initial_state
    >>> p = Puzzle(2, 3, [[1, 0, 1], [2, 0, 2]])
    >>> r = count(p, initial_state(p)); r.status, r.count
    ('unique', 1)
    >>> p = Puzzle(3, 3, [[1, 0, 0], [0, 0, 0], [0, 0, 1]], fill=False)
    >>> count(p, initial_state(p), limit=100).count
    12
    """
    t0 = time.perf_counter()
    if puzzle.k == 0:            # no pair to join, and no line is no answer
        return SearchResult(0, True, False, 0, 0, limit, ())
    if min(puzzle.h, puzzle.w) > max_width:
        return None
    right, down = _domains(puzzle, state)
    label = puzzle.label.reshape(puzzle.h, puzzle.w)
    if turn is None:
        turn = _best_turn(label, right, down)
    elif turn not in TURNS:
        raise ValueError(f"turn {turn!r}: one of {TURNS}")
    label, right, down = (np.ascontiguousarray(a) for a in _turned(label, right, down, turn))
    h, w = label.shape
    limit = max(1, min(int(limit), 1 << 30))
    # a label in a byte where the pairs, the bound pairs' and a new strand's
    # ids fit: half the memory of two-byte labels
    kind = np.int8 if puzzle.k + w + 4 <= 127 else np.int16
    keys = np.zeros((1, w + 1), kind)
    counts = np.ones(1, np.int64)
    room = 1 << 12
    # two sets of states, the line read and the line written, in turn
    sets = [_states(room, w + 1, kind), _states(room, w + 1, kind)]
    p1, p2, ch, table = _links(room)
    links = []
    peak = 1
    for r in range(h):
        for c in range(w):
            out = 1 - len(links) % 2
            while True:
                if len(sets[out][0]) < room:
                    sets[out] = _states(room, w + 1, kind)
                nk, nc = sets[out]
                n = _cell(r, c, label, int(puzzle.fill), right, down, keys, counts,
                          len(counts), limit, int(puzzle.k), nk, nc, p1, p2, ch, table,
                          len(links) + 1, max_states)
                if n >= 0:
                    break
                if room >= max_states:
                    return None
                room *= 2                  # the cell again, with twice the room
                p1, p2, ch, table = _links(room)
            links.append((p1[:n].copy(), p2[:n].copy(), ch[:n].copy()))
            keys, counts = nk[:n], nc[:n]
            peak = max(peak, n)
        if time_limit is not None and time.perf_counter() - t0 > time_limit:
            return None
    end = np.flatnonzero(~keys.any(axis=1))
    total = int(counts[end[0]]) if len(end) else 0
    answers = _answers(puzzle, links, int(end[0]) if len(end) else -1, min(total, limit),
                       h, w, turn)
    return SearchResult(total, True, False, peak, 0, limit, tuple(answers),
                        Counter({"frontier states": peak}))


def counter(puzzle):
    """The proof's counter for ``puzzle`` (``ProofPolicy.exact``):
    ``(state, limit, time_limit) -> SearchResult | None`` by :func:`count`,
    or None for a board more than :data:`MAX_WIDTH` across both ways."""
    if min(puzzle.h, puzzle.w) > MAX_WIDTH:
        return None
    return partial(count, puzzle)


def _walk(links, s, t, h, w, second):
    """The choices of every cell on the way back from state ``s`` of line
    ``t``: first links only, or (``second``) the second link at the first
    state on that walk that has one (None when none has)."""
    right = np.zeros((h, w), bool)
    down = np.zeros((h, w), bool)
    switched = not second
    for i in range(t, -1, -1):
        p1, p2, ch = links[i]
        if not switched and p2[s] >= 0:
            choice, s = (int(ch[s]) >> 2) & 3, int(p2[s])
            switched = True
        else:
            choice, s = int(ch[s]) & 3, int(p1[s])
        r, c = divmod(i, w)
        right[r, c] = choice & 1
        down[r, c] = choice >> 1
    return (right, down) if switched else None


def _answers(puzzle, links, end, want, h, w, turn):
    """Up to ``want`` (at most two) answers read back from the end state
    ``end``, as decided states of ``puzzle`` (the scan ran on the board
    turned by ``turn``)."""
    out = []
    for second in (False, True)[:want]:
        got = _walk(links, end, len(links) - 1, h, w, second) if end >= 0 else None
        if got is None:
            break
        _, right, down = _turned(np.zeros((h, w)), *got, turn[::-1])
        on = np.concatenate([right[:, :-1].ravel(), down[:-1, :].ravel()])
        out.append(encode(puzzle, Answer(puzzle.h, puzzle.w, on)))
    return out
