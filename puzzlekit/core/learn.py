"""Clause learning: the compiled search for the counts propagate-and-branch
does not close soon.

Propagate-and-branch forgets why a subtree died, so on a board with many
near-answers it can search the same dead end under a thousand different
early choices (Numberlink's sparse boards, ``benchmarks/studies/numberlink_sparse.py``).
A conflict-driven clause-learning search keeps the reason as a clause and
never walks into it again.  Here it works over booleans with the genre's own
rungs as the reasoning:

* the rules a genre can write as clauses (a literal is ``2 * v`` for "``v``
  true" and ``2 * v + 1`` for "``v`` false", written with
  :mod:`puzzlekit.core.clauses`) go in once, watched by two literals each,
  but for those of two literals: each literal keeps one list of them, read
  in one run when it turns false, before its watches: on the real
  Numberlink boards the learner closes, its conflicts a second rose by 39%
  on janko.at's Arukone 570, whose paths' labels give 1.35 million such
  clauses, by 31% on 386, and by -1% to 8% on the other thirteen
  (``benchmarks/studies/learner_rate.py``, eight seeds each);
* the rungs that are not clauses run as a compiled kernel,
  ``explain(assign, data, buf) -> (mode, k)``, called whenever the clauses
  have nothing left to propagate: mode 0 nothing to say, mode 1 a deduction
  (``buf[0]`` the literal, made true), mode 2 a conflict; ``buf[:k]`` the
  clause that explains it, every literal but a deduction's first false now
  and no variable named twice (:mod:`puzzlekit.core.explain` holds pieces such kernels
  share: a count rule's reasons, a connectivity rule explained);
* first-UIP learning, activity-ordered branching (each variable tried with
  its saved phase, false first), Luby restarts of :data:`RESTART_UNIT`
  conflicts a unit; after an answer, a clause that some variable differs
  from it, so each answer is counted once;
* a bounded memory: past :data:`FORGET_AFTER` learnt clauses and
  explanations, or :data:`VOLUME_AFTER` literals in all, the search goes
  back to level 0 and forgets the longer half of them (each is implied by
  the rules, so forgetting one loses no answer and admits none).

A genre takes part with a :class:`Learner` (``ProofPolicy.learner``);
:func:`learn_count` runs it from a search state, and the uniqueness proof
hands it the searches its first round does not finish
(:func:`puzzlekit.core.genre.proof_count`).  The kernel is compiled into the
search from source, as the core loop's kernels are
(:func:`puzzlekit.core._specialise.specialised`), so a fresh process loads it
from numba's cache.
"""
from __future__ import annotations

import inspect
import time
from collections import Counter
from dataclasses import dataclass
from typing import Callable

import numpy as np
from numba import njit

from . import _ahead
from ._heap import pop, push, up
from ._loop import _clock
from ._nb import call, copy_into
from ._specialise import compile_beside, kernels_tag
from .clauses import flat, joined
from .dominance import Dominance, count_kept
from .ladder import State
from .search import SearchResult, _luby

__all__ = ["Learner", "learn_count", "RESTART_UNIT"]

#: Conflicts in one unit of Luby's restart sequence.
RESTART_UNIT = 100
#: Clauses that may be forgotten (learnt, or explanations) kept before the
#: longer half of them goes (a tenth more each time, up to five times as
#: many) ...
FORGET_AFTER = 20_000
#: ... or literals in all clauses (4 bytes each; a tenth more each time, up
#: to four times as many), whichever comes first.
VOLUME_AFTER = 2_000_000
#: Luby's sequence, the restart lengths in units (repeated past its end).
LUBY = np.array([_luby(i) for i in range(1, 1 << 12)], np.int64)


@dataclass(frozen=True)
class Learner:
    """A genre's part in clause learning.

    Attributes
    ----------
    explain : numba kernel ``(assign, data, buf) -> (mode, k)``
        The rungs that are not clauses (module docstring).  ``assign`` holds
        -1 (open), 0 or 1 per boolean.
    clauses : ``(puzzle) -> (starts, literals)``
        The rules as clauses: clause ``c`` is ``literals[starts[c]:starts[c + 1]]``.
    data : ``(puzzle) -> tuple``
        The kernel's arrays.
    n_bools : ``(puzzle) -> int``
    state_clauses : ``(state) -> (starts, literals)``
        What a search state has decided, as clauses in the form of
        :func:`~puzzlekit.core.clauses.flat` (a unit per decided boolean, say:
        :func:`~puzzlekit.core.clauses.units`).
    state_of : ``(puzzle, row) -> State``
        The decided state of an answer (``row``: one 0/1 per boolean).
    row_of : ``(state) -> array``
        The booleans of a decided state (the inverse of ``state_of``).
    dominance : :class:`~puzzlekit.core.dominance.Dominance`, optional
        A step from any answer down to another, for counts up to two that
        search the answers no step leaves alone (:func:`learn_count`).
    """

    explain: Callable
    clauses: Callable
    data: Callable
    n_bools: Callable
    state_clauses: Callable
    state_of: Callable
    row_of: Callable
    dominance: Dominance | None = None


def learn_count(learner: Learner, puzzle, state: State, limit: int = 2, found=(),
                max_conflicts: int | None = None, time_limit: float | None = None,
                seed: int = 0, forget_after: int = FORGET_AFTER,
                volume_after: int = VOLUME_AFTER, whole: bool = False) -> SearchResult:
    """Count the answers below ``state`` up to ``limit``, besides the
    answers ``found`` (decided states, each blocked by a clause first).

    ``nodes`` counts conflicts (the learner's unit of work);
    ``max_conflicts`` and ``time_limit`` (seconds) bound the search, and
    running out of either is ``capped``.  ``complete``: the count is exact.
    ``forget_after``, ``volume_after``: when the search forgets clauses
    (:data:`FORGET_AFTER`, :data:`VOLUME_AFTER`).

    ``whole``: ``state`` holds every answer of the puzzle (it is the
    initial state or a fixpoint of it).  Then a count up to two (``limit``
    and ``len(found)`` adding up to two at most) searches only the answers
    the learner's ``dominance`` keeps, when it has one that applies, and
    finds the rest by its steps (:mod:`puzzlekit.core.dominance`): the same
    count, the same kind of answers.
    """
    dom = learner.dominance
    if (whole and dom is not None and 0 < limit <= 2 - len(found)
            and dom.applies(puzzle)):
        def count(extra, want, told):
            return _learn(learner, puzzle, state, want, told, max_conflicts, time_limit, seed,
                          forget_after, volume_after, extra)
        return count_kept(dom, puzzle, limit, tuple(found), count)
    return _learn(learner, puzzle, state, limit, found, max_conflicts, time_limit, seed,
                  forget_after, volume_after)


def _learn(learner: Learner, puzzle, state: State, limit: int, found, max_conflicts, time_limit,
           seed, forget_after, volume_after, extra=None) -> SearchResult:
    """:func:`learn_count` without a dominance; ``extra``: clauses added to
    the rules."""
    rows = [np.asarray(learner.row_of(s), np.int64) for s in found]
    differs = [(np.array([0, r.size]), 2 * np.arange(r.size) + r) for r in rows]  # per answer
    rules = [learner.clauses(puzzle)] + ([] if extra is None else [extra])
    starts, lits = joined(rules + [learner.state_clauses(state)] + differs)
    cap = -1 if max_conflicts is None else int(max_conflicts)
    seconds = 1e18 if time_limit is None else max(float(time_limit), 0.0)
    args = _search_args(learner, puzzle, starts, lits, learner.n_bools(puzzle), limit, cap,
                        seconds, seed, forget_after, volume_after)
    _ahead.wait("learner")
    search = _compiled(learner.explain)
    t0 = time.perf_counter()
    count, finished, conflicts, rows = search(*args)
    count = int(count)
    answers = tuple(learner.state_of(puzzle, r) for r in rows)
    capped = not finished and count < limit
    counters = Counter({"conflicts": int(conflicts)})
    counters["learning seconds"] = time.perf_counter() - t0
    return SearchResult(count, bool(finished), capped, int(conflicts), 0, int(limit), answers,
                        counters)


def _search_args(learner, puzzle, starts, lits, n_bools, limit, cap, seconds, seed,
                 forget_after, volume_after) -> tuple:
    """The arguments of the learner's compiled search (:func:`learn_jit`, less its kernel)."""
    return (starts, lits, learner.data(puzzle), int(n_bools), max(int(limit), 1),
            int(cap), float(seconds), int(seed), LUBY, int(forget_after), int(volume_after))


def compile_learner(learner: Learner, puzzle) -> None:
    """Compile (or load from numba's cache) the learner's search for the
    types :func:`learn_count` hands it on ``puzzle``, without building the
    clauses or running it: what a head start does
    (:func:`puzzlekit.core.proof.head_start`)."""
    from numba import typeof
    none = flat([])
    # no clauses, and no count of booleans (which may take a fixpoint): their types only
    args = _search_args(learner, puzzle, *none, 0, 1, -1, 1.0, 0, FORGET_AFTER, VOLUME_AFTER)
    _compiled(learner.explain).compile(tuple(typeof(a) for a in args))


_COMPILED: dict = {}


def _compiled(explain):
    """:func:`learn_jit` without its kernel argument, compiled for ``explain``
    beside the kernel's file (cached on disk, named by a hash of the sources)."""
    got = _COMPILED.get(explain)
    if got is None:
        src_file = inspect.getfile(explain.py_func)
        name = f"_learn_{kernels_tag(src_file)}"
        src = inspect.getsource(learn_jit.py_func)
        src = src[src.index("def "):].replace("def learn_jit(explain, ", f"def {name}(")
        names = dict(globals())
        names.update(explain=explain, __name__=explain.py_func.__module__)
        compile_beside(src, src_file, names, [name])
        got = _COMPILED[explain] = names[name]
    return got


# ----------------------------------------------------------------- the search
@njit(cache=True)
def _val(assign, lit):
    a = assign[lit >> 1]
    return -1 if a < 0 else a ^ (lit & 1)


@njit(cache=True)
def _watch(watch, whead, wtail, lit, c):
    """Put clause ``c`` last on ``lit``'s watch list: the node table, grown
    if full.  Watch lists are chains of nodes (``watch[node]``: the clause,
    the next node or -1, the literal watched) from ``whead[lit]`` to
    ``wtail[lit]``; ``whead[-1]`` counts the nodes in use.  A node moves to
    the end of another literal's chain as its clause's watch moves, so the
    table holds two nodes per clause, however the watches pile up on one
    literal.  A clause's two nodes are made together, ``2i`` and ``2i + 1``,
    so each finds the other's literal at ``node ^ 1`` without reading the
    clause."""
    node = whead[-1]
    if node >= watch.shape[0]:
        grown = np.empty((2 * watch.shape[0], 3), np.int32)
        for i in range(node):
            for j in range(3):
                grown[i, j] = watch[i, j]
        watch = grown
    watch[node, 0] = c
    _append(watch, whead, wtail, lit, node)
    whead[-1] = node + 1
    return watch


@njit(cache=True)
def _append(watch, whead, wtail, lit, node):
    """Link ``node`` at the end of ``lit``'s chain."""
    watch[node, 1] = -1
    watch[node, 2] = lit
    if whead[lit] < 0:
        whead[lit] = node
    else:
        watch[wtail[lit], 1] = node
    wtail[lit] = node


@njit(cache=True)
def _add(db, starts, nc, watch, whead, wtail, buf, k):
    """Store clause ``buf[:k]`` (clause ``c`` is ``db[starts[c]:starts[c + 1]]``)
    and watch its first two literals: ``(db, starts, nc, watch)``."""
    used = starts[nc]
    if used + k > db.size:
        grown = np.empty(2 * db.size + k, np.int32)
        copy_into(grown, 0, db, used)
        db = grown
    if nc + 2 > starts.size:
        grown = np.empty(2 * starts.size, np.int64)
        copy_into(grown, 0, starts, nc + 1)
        starts = grown
    copy_into(db, used, buf, k)
    starts[nc + 1] = used + k
    if k >= 2:
        watch = _watch(watch, whead, wtail, buf[0], nc)
        watch = _watch(watch, whead, wtail, buf[1], nc)
    return db, starts, nc + 1, watch


@njit(cache=True)
def _mark(kept, c, permanent):
    """Record whether clause ``c`` is permanent (a rule or a blocked answer)
    or may be forgotten (learnt, or an explanation): the table, grown if full."""
    if c >= kept.size:
        grown = np.zeros(2 * kept.size + 1, np.uint8)
        copy_into(grown, 0, kept, kept.size)
        kept = grown
    kept[c] = permanent
    return kept


@njit(cache=True)
def _reduce(db, starts, nc, kept, watch, whead, wtail):
    """Forget the longer half of the clauses that may be forgotten (those of
    two literals stay), at level 0, where no kept reason points at them;
    the rest close up in order and every watch list is built again from the
    two first literals of each clause (but the rules' clauses of two
    literals, ``kept`` 2, which their own lists hold; they keep their
    places, being first).  The new clause count."""
    longest = 0
    for c in range(nc):
        longest = max(longest, starts[c + 1] - starts[c])
    many = np.zeros(longest + 1, np.int64)   # forgettable clauses per length
    m = 0
    for c in range(nc):
        if kept[c] == 0 and starts[c + 1] - starts[c] > 2:
            many[starts[c + 1] - starts[c]] += 1
            m += 1
    if m == 0:
        return nc, watch
    cut = 0                                  # the median length, the (m // 2)-th from 0
    below = many[0]
    while below <= m // 2:
        cut += 1
        below += many[cut]
    drop_eq = m // 2                         # clauses of the cut's length that may still go
    for c in range(nc):
        if kept[c] == 0 and starts[c + 1] - starts[c] > cut:
            drop_eq -= 1
    out = 0
    used = 0
    for x in range(whead.size):
        whead[x] = -1
    whead[-1] = 0
    for c in range(nc):
        a, b = starts[c], starts[c + 1]
        k = b - a
        if kept[c] == 0 and k > 2 and (k > cut or (k == cut and drop_eq > 0)):
            if k == cut:
                drop_eq -= 1
            continue
        for t in range(k):                   # forward, never past what is still to read
            db[used + t] = db[a + t]
        starts[out] = used
        kept[out] = kept[c]
        used += k
        out += 1
        starts[out] = used
    for c in range(out):
        if starts[c + 1] - starts[c] >= 2 and kept[c] != 2:
            watch = _watch(watch, whead, wtail, db[starts[c]], c)
            watch = _watch(watch, whead, wtail, db[starts[c] + 1], c)
    return out, watch


@njit(cache=True)
def _set(lit, lvl, why, assign, level, reason, trail, tlen):
    """Make ``lit`` true at level ``lvl`` for clause ``why`` (-1: a decision);
    the new trail length."""
    v = lit >> 1
    assign[v] = 1 - (lit & 1)
    level[v] = lvl
    reason[v] = why
    trail[tlen] = lit
    return tlen + 1


@njit(cache=True)
def _undo(trail, tlen, keep, assign, phase, reason, heap, pos, act):
    """Unassign the trail past ``keep``, saving each variable's phase, and
    put each variable back in the branching heap."""
    for k in range(tlen - 1, keep - 1, -1):
        v = trail[k] >> 1
        phase[v] = assign[v]
        assign[v] = -1
        reason[v] = -1
        if pos[v] < 0:
            push(heap, pos, act, v)


@njit(cache=True)
def _highest_first(buf, lo, hi, k, level):
    """Move the literals of highest level in ``buf[lo:k]`` to positions
    ``lo .. hi - 1`` (the ones a new clause watches)."""
    for w in range(lo, min(hi, k)):
        best = w
        for t in range(w, k):
            if level[buf[t] >> 1] > level[buf[best] >> 1]:
                best = t
        buf[w], buf[best] = buf[best], buf[w]


@njit(cache=True)
def learn_jit(explain, starts0, db0, data, nv, limit, max_conflicts, seconds, seed, luby,
              forget_after, volume_after):
    """Count answers up to ``limit``: ``(count, finished, conflicts, answers)``
    (``finished``: the count is exact; ``answers``: one row of values each).
    ``max_conflicts`` < 0: no cap; ``seconds``: processor time, read every
    64th conflict and every 256th decision."""
    # the clauses' literals and the watch nodes in 32 bits: half the memory
    # that propagation reads, where most of the learner's time goes
    db = np.empty(max(1024, 4 * db0.size), np.int32)
    starts = np.zeros(max(1024, 4 * starts0.size), np.int64)
    nc = 0
    watch = np.empty((max(1024, 2 * starts0.size), 3), np.int32)
    whead = -np.ones(2 * nv + 1, np.int64)
    whead[-1] = 0
    wtail = -np.ones(2 * nv, np.int64)
    assign = -np.ones(nv, np.int64)
    level = np.zeros(nv, np.int64)
    reason = -np.ones(nv, np.int64)
    trail = np.empty(nv, np.int64)
    lim = np.zeros(nv + 2, np.int64)
    act = np.zeros(nv)
    np.random.seed(seed)
    heap = np.zeros(nv + 1, np.int64)
    pos = -np.ones(nv, np.int64)
    for v in range(nv):
        act[v] = np.random.random() * 1e-3    # ties broken at random, reproducibly
        push(heap, pos, act, v)
    phase = np.zeros(nv, np.int64)
    seen = np.zeros(nv, np.uint8)
    buf = np.empty(2 * nv + 2, np.int64)
    answers = np.zeros((min(limit, 16), nv), np.int8)
    kept = np.zeros(max(1024, starts0.size), np.uint8)
    forgettable = 0
    max_forget = forget_after
    max_volume = max(volume_after, 2 * db0.size)
    tlen = qhead = dl = found = conflicts = since = decisions = 0
    inc = 1.0
    restarts = 1
    restart_at = RESTART_UNIT * luby[0]
    deadline = _clock() + seconds
    bfrom = np.zeros(2 * nv + 1, np.int64)   # the rules' clauses of two literals: for each
    for c in range(starts0.size - 1):        # literal, the other literals and their clauses,
        if starts0[c + 1] - starts0[c] == 2: # read in one run when it turns false instead
            bfrom[db0[starts0[c]] + 1] += 1  # of through two watches
            bfrom[db0[starts0[c] + 1] + 1] += 1
    for x in range(2 * nv):
        bfrom[x + 1] += bfrom[x]
    bnext = bfrom[:-1].copy()
    bother = np.empty(bfrom[-1], np.int32)
    bclause = np.empty(bfrom[-1], np.int32)
    node = 0                                 # the clauses, each watched by its first two
    for c in range(starts0.size - 1):        # literals; units assigned at once (the tables
        a = starts0[c]                       # are large enough: no call to grow them)
        k = starts0[c + 1] - a
        if k == 0 or (k == 1 and _val(assign, db0[a]) == 0):
            return 0, True, 0, answers[:0]
        if k == 1:
            if _val(assign, db0[a]) < 0:
                tlen = _set(db0[a], 0, -1, assign, level, reason, trail, tlen)
            continue
        used = starts[nc]
        for t in range(k):
            db[used + t] = db0[a + t]
        starts[nc + 1] = used + k
        if k == 2:
            for t in range(2):
                x = db0[a + t]
                bother[bnext[x]] = db0[a + 1 - t]
                bclause[bnext[x]] = nc
                bnext[x] += 1
            kept[nc] = 2
            nc += 1
            continue
        for t in range(2):
            watch[node, 0] = nc
            _append(watch, whead, wtail, db0[a + t], node)
            node += 1
        kept[nc] = 1
        nc += 1
    whead[-1] = node
    while True:
        confl = -1                           # unit propagation over the watches
        while qhead < tlen and confl < 0:
            false = trail[qhead] ^ 1
            qhead += 1
            for t in range(bfrom[false], bfrom[false + 1]):
                other = bother[t]
                val = _val(assign, other)
                if val == 1:
                    continue
                c = bclause[t]
                if val == 0:
                    confl = c
                    break
                s = starts[c]                # the literal it makes true first, as a reason's
                db[s], db[s + 1] = other, false
                tlen = _set(other, dl, c, assign, level, reason, trail, tlen)
            if confl >= 0:
                break
            prev = -1
            node = whead[false]
            while node >= 0:
                nxt = watch[node, 1]
                if _val(assign, watch[node ^ 1, 2]) == 1:
                    prev = node              # the other watch holds: the clause is not read
                    node = nxt               # (nor its two watched literals put in order,
                    continue                 # which every reader of them does first)
                c = watch[node, 0]
                s = starts[c]
                if db[s] == false:
                    db[s], db[s + 1] = db[s + 1], false
                if _val(assign, db[s]) == 1:
                    prev = node
                    node = nxt
                    continue
                moved = False
                for t in range(s + 2, starts[c + 1]):
                    if _val(assign, db[t]) != 0:
                        db[s + 1], db[t] = db[t], false
                        if prev < 0:             # the node moves to the new watch's chain
                            whead[false] = nxt
                        else:
                            watch[prev, 1] = nxt
                        if nxt < 0:
                            wtail[false] = prev
                        _append(watch, whead, wtail, db[s + 1], node)
                        moved = True
                        break
                if moved:
                    node = nxt
                    continue
                prev = node
                if _val(assign, db[s]) == 0:
                    confl = c
                    break
                tlen = _set(db[s], dl, c, assign, level, reason, trail, tlen)
                node = nxt
        if confl < 0:
            mode, k = call(explain, assign, data, buf)
            if mode == 2 and k == 0:
                return found, True, conflicts, answers[:found]
            if mode > 0:
                first = 1 if mode == 1 else 0    # the highest-level false literals watched
                _highest_first(buf, first, first + 2, k, level)
                db, starts, nc, watch = _add(db, starts, nc, watch, whead, wtail, buf, k)
                kept = _mark(kept, nc - 1, 0)
                forgettable += 1
                if mode == 1:
                    tlen = _set(buf[0], dl if k > 1 else 0, nc - 1, assign, level, reason,
                                trail, tlen)
                    continue
                confl = nc - 1
        if confl >= 0:
            conflicts += 1
            since += 1
            top = 0
            for t in range(starts[confl], starts[confl + 1]):
                top = max(top, level[db[t] >> 1])
            if top < dl:                     # a conflict of earlier levels: go back there
                _undo(trail, tlen, lim[top + 1], assign, phase, reason, heap, pos, act)
                tlen = qhead = lim[top + 1]
                dl = top
            if dl == 0:
                return found, True, conflicts, answers[:found]
            k = 1                            # first UIP: the learnt clause in buf[:k]
            pending = 0
            p = -1
            idx = tlen - 1
            c = confl
            while True:
                for t in range(starts[c] + (0 if p < 0 else 1), starts[c + 1]):
                    q = db[t]
                    v = q >> 1
                    if seen[v] == 0 and level[v] > 0:
                        seen[v] = 1
                        act[v] += inc
                        if pos[v] >= 0:
                            up(heap, pos, act, v, pos[v])
                        if act[v] > 1e100:
                            for u in range(nv):
                                act[u] *= 1e-100
                            for i in range(heap[-1]):    # tiny ones may tie now: re-order
                                up(heap, pos, act, heap[i], i)
                            inc *= 1e-100
                        if level[v] >= dl:
                            pending += 1
                        else:
                            buf[k] = q
                            k += 1
                while seen[trail[idx] >> 1] == 0:
                    idx -= 1
                p = trail[idx]
                idx -= 1
                c = reason[p >> 1]
                seen[p >> 1] = 0
                pending -= 1
                if pending <= 0:
                    break
            buf[0] = p ^ 1
            for t in range(1, k):
                seen[buf[t] >> 1] = 0
            inc /= 0.95
            back = 0
            if k > 1:
                _highest_first(buf, 1, 2, k, level)
                back = level[buf[1] >> 1]
            _undo(trail, tlen, lim[back + 1], assign, phase, reason, heap, pos, act)
            tlen = qhead = lim[back + 1]
            dl = back
            db, starts, nc, watch = _add(db, starts, nc, watch, whead, wtail, buf, k)
            kept = _mark(kept, nc - 1, 0)
            forgettable += 1
            tlen = _set(buf[0], dl, nc - 1, assign, level, reason, trail, tlen)
            if conflicts == max_conflicts or (conflicts % 64 == 0 and _clock() > deadline):
                return found, False, conflicts, answers[:found]
            continue
        if forgettable > max_forget or starts[nc] > max_volume:
            if dl > 0:                       # forget, from level 0
                _undo(trail, tlen, lim[1], assign, phase, reason, heap, pos, act)
                tlen = qhead = lim[1]
                dl = 0
            nc, watch = _reduce(db, starts, nc, kept, watch, whead, wtail)
            forgettable = 0
            for c in range(nc):
                forgettable += kept[c] == 0
            max_forget = max(min(max_forget + forget_after // 10, 5 * forget_after),
                             2 * forgettable)
            max_volume = max(min(max_volume + volume_after // 10, 4 * volume_after),
                             2 * starts[nc])
            continue
        if since >= restart_at and dl > 0:   # restart
            since = 0
            restarts += 1
            restart_at = RESTART_UNIT * luby[(restarts - 1) % luby.size]
            _undo(trail, tlen, lim[1], assign, phase, reason, heap, pos, act)
            tlen = qhead = lim[1]
            dl = 0
            continue
        pick = -1
        while heap[-1] > 0 and pick < 0:
            v = pop(heap, pos, act)
            if assign[v] < 0:
                pick = v
        if pick >= 0:                        # decide
            decisions += 1
            if decisions % 256 == 0 and _clock() > deadline:
                return found, False, conflicts, answers[:found]
            dl += 1
            lim[dl] = tlen
            tlen = _set(2 * pick + (0 if phase[pick] == 1 else 1), dl, -1, assign, level, reason,
                        trail, tlen)
            continue
        if found >= answers.shape[0]:        # an answer: keep it, block it, start again
            grown = np.zeros((2 * answers.shape[0], nv), np.int8)
            for i in range(found):
                for v in range(nv):
                    grown[i, v] = answers[i, v]
            answers = grown
        for v in range(nv):
            answers[found, v] = assign[v]
        found += 1
        if found >= limit:
            return found, False, conflicts, answers[:found]
        for v in range(nv):
            buf[v] = 2 * v + assign[v]       # "v differs": v's other literal
        if dl > 0:
            _undo(trail, tlen, lim[1], assign, phase, reason, heap, pos, act)
            tlen = qhead = lim[1]
            dl = 0
        open_ = 0                            # the literals still open at level 0 first
        for t in range(nv):
            if assign[buf[t] >> 1] < 0:
                buf[open_], buf[t] = buf[t], buf[open_]
                open_ += 1
        if open_ == 0:
            return found, True, conflicts, answers[:found]
        db, starts, nc, watch = _add(db, starts, nc, watch, whead, wtail, buf, nv)
        kept = _mark(kept, nc - 1, 1)
        if open_ == 1:
            tlen = _set(buf[0], 0, nc - 1, assign, level, reason, trail, tlen)
