"""Would clause learning close Numberlink's sparse gap? (not a test)

    python benchmarks/bench_numberlink_learning.py [--size 16] [--boards 4] [--time-limit 10]
    python benchmarks/bench_numberlink_learning.py --check     # agreement on small boards first

On the Performance sweep's sparse boards the ladder's proof can search for
seconds without meeting an answer, while CP-SAT finds two
(``bench_numberlink_sparse.py``).  This study asks whether learning from
conflicts, with the ladder's own rungs as the reasoning, does better.  It is
a small conflict-driven clause-learning search written for the study (it
shares no code with the ladder and is not part of the library):

* one boolean per segment, "this segment is ON";
* ``deg`` as clauses: of a cell's segments at most (and at least) its degree
  are ON, every subset one too large (or too small) refuted by one clause
  (without rule 3, an empty cell's single ON segment needs a second);
* ``chain`` as explained deductions: an open segment that would close a loop
  or weld two numbers goes OFF, explained by the ON segments of the paths it
  would join (and an ON segment that already does so is a conflict);
* ``reach`` as explained conflicts: when a pair's ends are apart over the
  segments not OFF, or (rule 3) a region of them holds no number, the OFF
  segments around that region are the explanation (one of them must be ON);
* first-UIP learning, activity-ordered branching (OFF tried first, then the
  saved phase), Luby restarts (100 conflicts a unit); after an answer, a
  clause that some of its ON segments goes OFF, so each answer is counted once.

On the sweep's first sparse boards of one size (the boards of
``bench_numberlink_sparse.py``) it times two answers (the
proof's count) by this search, by the uniqueness proof as shipped
(``core.genre.proof_count``) and by CP-SAT (``GenreSpec.sat_count``), each
with the same time limit, and checks every answer it reports with the
referee.  ``--check`` first compares its counts (to 1, 3 and 50) with the
proof's on the sweep's 4x4 to 6x6 boards of both densities and on random
small boards with and without rule 3, and stops on any difference (the
run records how many boards it compared).  Writes
``benchmarks/results/numberlink_learning.json``.
"""
import sys
import time
from itertools import combinations
from pathlib import Path

import numpy as np
from numba import njit

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import puzzlekit  # noqa: E402
from timing import summarise_and_store, sweep_study  # noqa: E402
from puzzlekit.core import perf  # noqa: E402
from puzzlekit.core._loop import _clock  # noqa: E402
from puzzlekit.core.genre import proof_count  # noqa: E402
from puzzlekit.core.search import _luby  # noqa: E402
from puzzlekit.numberlink.model import Answer, Puzzle  # noqa: E402

OUT = Path(__file__).resolve().parent / "results" / "numberlink_learning.json"
SP = puzzlekit.spec("numberlink")
RESTART_UNIT = 100
LUBY = np.array([_luby(i) for i in range(1, 1 << 12)], np.int64)   # terms 1.. (then again)
# a literal is 2 * segment (ON) or 2 * segment + 1 (OFF)


@njit(cache=True)
def _val(assign, lit):
    a = assign[lit >> 1]
    return -1 if a < 0 else a ^ (lit & 1)


@njit(cache=True)
def _root(par, x):
    """The root of ``x``'s set, every cell on the way pointed straight at it."""
    r = x
    while par[r] != r:
        r = par[r]
    while x != r:
        up = par[x]
        par[x] = r
        x = up
    return r


@njit(cache=True)
def _watch(watch, wcnt, lit, c):
    """Add clause ``c`` to ``lit``'s watch list (the table, grown if full)."""
    if wcnt[lit] >= watch.shape[1]:
        grown = np.empty((watch.shape[0], 2 * watch.shape[1]), np.int64)
        grown[:, :watch.shape[1]] = watch
        watch = grown
    watch[lit, wcnt[lit]] = c
    wcnt[lit] += 1
    return watch


@njit(cache=True)
def _store(db, starts, nc, buf, k):
    """Append clause ``buf[:k]``: ``(db, starts, nc)``; clause ``c`` is
    ``db[starts[c]:starts[c + 1]]``."""
    used = starts[nc]
    if used + k > db.size:
        grown = np.empty(2 * db.size + k, np.int64)
        grown[:used] = db[:used]
        db = grown
    if nc + 2 > starts.size:
        grown = np.empty(2 * starts.size, np.int64)
        grown[:nc + 1] = starts[:nc + 1]
        starts = grown
    db[used:used + k] = buf[:k]
    starts[nc + 1] = used + k
    return db, starts, nc + 1


@njit(cache=True)
def _add(db, starts, nc, watch, wcnt, buf, k):
    """Store clause ``buf[:k]`` and watch its first two literals:
    ``(db, starts, nc, watch)``."""
    db, starts, nc = _store(db, starts, nc, buf, k)
    if k >= 2:
        watch = _watch(watch, wcnt, buf[0], nc - 1)
        watch = _watch(watch, wcnt, buf[1], nc - 1)
    return db, starts, nc, watch


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
def _undo(trail, tlen, keep, assign, phase, reason):
    """Unassign the trail past ``keep``, saving each segment's phase."""
    for k in range(tlen - 1, keep - 1, -1):
        v = trail[k] >> 1
        phase[v] = assign[v]
        assign[v] = -1
        reason[v] = -1


@njit(cache=True)
def _path_from(u, skip, stop, assign, cedge, edges, buf, k):
    """Walk the ON segments from cell ``u`` (not back over ``skip``), up to
    cell ``stop`` or the path's end, writing their OFF literals from
    ``buf[k]`` on; returns the new ``k``."""
    prev = skip
    while u != stop:
        nxt = -1
        for d in range(4):
            g = cedge[u, d]
            if g >= 0 and g != prev and assign[g] == 1:
                nxt = g
                break
        if nxt < 0:
            break
        buf[k] = 2 * nxt + 1
        k += 1
        u = edges[nxt, 0] + edges[nxt, 1] - u
        prev = nxt
    return k


@njit(cache=True)
def _joined(e, loop, skip, assign, cedge, edges, buf):
    """The clause that segment ``e`` and the ON paths it would join (into a
    loop, or welding two numbers) are not all ON: its length, in ``buf``
    (``skip``: ``e`` when it is ON itself, else -1)."""
    buf[0] = 2 * e + 1
    if loop:
        return _path_from(edges[e, 0], skip, edges[e, 1], assign, cedge, edges, buf, 1)
    k = _path_from(edges[e, 0], skip, -1, assign, cedge, edges, buf, 1)
    return _path_from(edges[e, 1], skip, -1, assign, cedge, edges, buf, k)


@njit(cache=True)
def _lazy(assign, cedge, edges, label, ends, fill, par, lab, buf):
    """The rungs beyond the clauses: ``(mode, k)`` with the clause in ``buf[:k]``;
    mode 0 none, 1 a deduction (``buf[0]`` its literal), 2 a conflict."""
    n = label.size
    m = edges.shape[0]
    for i in range(n):
        par[i] = i
        lab[i] = label[i]
    for e in range(m):                       # chain over the ON segments
        if assign[e] != 1:
            continue
        ra, rb = _root(par, edges[e, 0]), _root(par, edges[e, 1])
        if ra == rb or (lab[ra] > 0 and lab[rb] > 0 and lab[ra] != lab[rb]):
            return 2, _joined(e, ra == rb, e, assign, cedge, edges, buf)
        par[rb] = ra
        if lab[ra] == 0:
            lab[ra] = lab[rb]
    for e in range(m):                       # chain's deductions
        if assign[e] >= 0:
            continue
        ra, rb = _root(par, edges[e, 0]), _root(par, edges[e, 1])
        if ra == rb or (lab[ra] > 0 and lab[rb] > 0 and lab[ra] != lab[rb]):
            return 1, _joined(e, ra == rb, -1, assign, cedge, edges, buf)
    for i in range(n):                       # reach over the segments not OFF
        par[i] = i
        lab[i] = 0
    for e in range(m):
        if assign[e] != 0:
            ra, rb = _root(par, edges[e, 0]), _root(par, edges[e, 1])
            if ra != rb:
                par[rb] = ra
    bad = -1
    for q in range(ends.shape[0]):
        if _root(par, ends[q, 0]) != _root(par, ends[q, 1]):
            bad = _root(par, ends[q, 0])
            break
    if bad < 0 and fill:
        for i in range(n):
            if label[i] > 0:
                lab[_root(par, i)] = 1
        for i in range(n):
            if lab[_root(par, i)] == 0:
                bad = _root(par, i)
                break
    if bad < 0:
        return 0, 0
    k = 0
    for e in range(m):                       # the OFF segments around the region
        if assign[e] == 0 and (_root(par, edges[e, 0]) == bad) != (_root(par, edges[e, 1]) == bad):
            buf[k] = 2 * e
            k += 1
    return 2, k


@njit(cache=True)
def learn_count(starts0, db0, cedge, edges, label, ends, fill, limit, seconds, seed, luby):
    """Count answers up to ``limit``: ``(count, finished, conflicts, answers)``
    (``finished``: the count is exact; answers: one row of segment values each;
    ``luby``: Luby's sequence, the restart lengths in units)."""
    nv = edges.shape[0]
    n = label.size
    db = np.empty(max(1024, 4 * db0.size), np.int64)
    starts = np.zeros(max(1024, 4 * starts0.size), np.int64)
    nc = 0
    watch = np.empty((2 * nv, 16), np.int64)
    wcnt = np.zeros(2 * nv, np.int64)
    assign = -np.ones(nv, np.int64)
    level = np.zeros(nv, np.int64)
    reason = -np.ones(nv, np.int64)
    trail = np.empty(nv, np.int64)
    lim = np.zeros(nv + 2, np.int64)
    act = np.zeros(nv)
    np.random.seed(seed)
    for v in range(nv):
        act[v] = np.random.random() * 1e-3    # ties broken at random, reproducibly
    phase = np.zeros(nv, np.int64)
    seen = np.zeros(nv, np.uint8)
    buf = np.empty(2 * nv + n + 2, np.int64)
    par = np.empty(n, np.int64)
    lab = np.empty(n, np.int64)
    answers = np.zeros((max(limit, 1), nv), np.int8)
    tlen = qhead = dl = found = conflicts = since = 0
    inc = 1.0
    restarts = 1
    restart_at = RESTART_UNIT
    deadline = _clock() + seconds
    for c in range(starts0.size - 1):        # the clauses; units assigned at once
        k = starts0[c + 1] - starts0[c]
        buf[:k] = db0[starts0[c]:starts0[c + 1]]
        if k == 0:
            return 0, True, 0, answers[:0]
        if k == 1:
            if _val(assign, buf[0]) == 0:
                return 0, True, 0, answers[:0]
            if _val(assign, buf[0]) < 0:
                tlen = _set(buf[0], 0, -1, assign, level, reason, trail, tlen)
            continue
        db, starts, nc, watch = _add(db, starts, nc, watch, wcnt, buf, k)
    while True:
        confl = -1                           # unit propagation over the watches
        while qhead < tlen and confl < 0:
            false = trail[qhead] ^ 1
            qhead += 1
            i = j = 0
            cnt = wcnt[false]
            while i < cnt:
                c = watch[false, i]
                i += 1
                s = starts[c]
                if db[s] == false:
                    db[s], db[s + 1] = db[s + 1], false
                if _val(assign, db[s]) == 1:
                    watch[false, j] = c
                    j += 1
                    continue
                moved = False
                for t in range(s + 2, starts[c + 1]):
                    if _val(assign, db[t]) != 0:
                        db[s + 1], db[t] = db[t], false
                        watch = _watch(watch, wcnt, db[s + 1], c)
                        moved = True
                        break
                if moved:
                    continue
                watch[false, j] = c
                j += 1
                if _val(assign, db[s]) == 0:
                    confl = c
                    while i < cnt:
                        watch[false, j] = watch[false, i]
                        j += 1
                        i += 1
                else:
                    tlen = _set(db[s], dl, c, assign, level, reason, trail, tlen)
            wcnt[false] = j
        if confl < 0:
            mode, k = _lazy(assign, cedge, edges, label, ends, fill, par, lab, buf)
            if mode == 2 and k == 0:
                return found, True, conflicts, answers[:found]
            if mode > 0:
                first = 1 if mode == 1 else 0    # the highest-level false literals watched
                for w in range(first, min(first + 2, k)):
                    best = w
                    for t in range(w, k):
                        if level[buf[t] >> 1] > level[buf[best] >> 1]:
                            best = t
                    buf[w], buf[best] = buf[best], buf[w]
                db, starts, nc, watch = _add(db, starts, nc, watch, wcnt, buf, k)
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
                _undo(trail, tlen, lim[top + 1], assign, phase, reason)
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
                        if act[v] > 1e100:
                            act *= 1e-100
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
                best = 1
                for t in range(2, k):
                    if level[buf[t] >> 1] > level[buf[best] >> 1]:
                        best = t
                buf[1], buf[best] = buf[best], buf[1]
                back = level[buf[1] >> 1]
            _undo(trail, tlen, lim[back + 1], assign, phase, reason)
            tlen = qhead = lim[back + 1]
            dl = back
            db, starts, nc, watch = _add(db, starts, nc, watch, wcnt, buf, k)
            tlen = _set(buf[0], dl, nc - 1, assign, level, reason, trail, tlen)
            if conflicts % 64 == 0 and _clock() > deadline:
                return found, False, conflicts, answers[:found]
            continue
        if since >= restart_at and dl > 0:   # restart
            since = 0
            restarts += 1
            restart_at = RESTART_UNIT * luby[(restarts - 1) % luby.size]
            _undo(trail, tlen, lim[1], assign, phase, reason)
            tlen = qhead = lim[1]
            dl = 0
            continue
        pick = -1
        for v in range(nv):
            if assign[v] < 0 and (pick < 0 or act[v] > act[pick]):
                pick = v
        if pick >= 0:                        # decide
            dl += 1
            lim[dl] = tlen
            tlen = _set(2 * pick + (0 if phase[pick] == 1 else 1), dl, -1, assign, level, reason,
                        trail, tlen)
            continue
        answers[found] = assign              # an answer: block its ON set, start again
        found += 1
        if found >= limit:
            return found, False, conflicts, answers[:found]
        k = 0
        for v in range(nv):
            if assign[v] == 1:
                buf[k] = 2 * v + 1
                k += 1
        if dl > 0:
            _undo(trail, tlen, lim[1], assign, phase, reason)
            tlen = qhead = lim[1]
            dl = 0
        open_ = 0                            # the literals still open at level 0 first
        for t in range(k):
            if assign[buf[t] >> 1] < 0:
                buf[open_], buf[t] = buf[t], buf[open_]
                open_ += 1
        if open_ == 0:
            return found, True, conflicts, answers[:found]
        db, starts, nc, watch = _add(db, starts, nc, watch, wcnt, buf, k)
        if open_ == 1:
            tlen = _set(buf[0], 0, nc - 1, assign, level, reason, trail, tlen)


def degree_clauses(puzzle):
    """``deg`` as clauses: ``(starts, literals)``."""
    clauses = []
    for i, row in enumerate(puzzle.grid.cell_edges):
        segs = [int(e) for e in row if e >= 0]
        if puzzle.label[i] > 0:
            lo = hi = 1
        else:
            lo, hi = (2, 2) if puzzle.fill else (0, 2)
        clauses += [[2 * e + 1 for e in sub] for sub in combinations(segs, hi + 1)]
        if lo > len(segs):
            clauses.append([])
        elif lo > 0:
            clauses += [[2 * e for e in sub] for sub in combinations(segs, len(segs) - lo + 1)]
        else:                                # no rule 3: an empty cell's ON segment needs another
            clauses += [[2 * e + 1] + [2 * f for f in segs if f != e] for e in segs]
    starts = np.zeros(len(clauses) + 1, np.int64)
    starts[1:] = np.cumsum([len(c) for c in clauses])
    return starts, np.array([x for c in clauses for x in c], np.int64)


def count(puzzle, limit=2, seconds=1e9, seed=0):
    """``(count, finished, conflicts, answers)`` for one board."""
    g = puzzle.grid
    starts, lits = degree_clauses(puzzle)
    found, finished, conflicts, rows = learn_count(
        starts, lits, np.asarray(g.cell_edges, np.int64), np.asarray(g.edges, np.int64),
        np.asarray(puzzle.label, np.int64), np.asarray(puzzle.ends, np.int64).reshape(-1, 2),
        bool(puzzle.fill), limit, float(seconds), seed, LUBY)
    answers = [Answer(puzzle.h, puzzle.w, r.astype(bool)) for r in rows]
    return int(found), bool(finished), int(conflicts), answers


def check(seed: int = 1) -> int:
    """Compare the counts with the proof's on small boards; the boards compared."""
    rng = np.random.default_rng(seed)
    boards = [p for n in (4, 5, 6) for d in ("dense", "sparse")
              for _, p in perf.sweep_boards(SP, n, d, 6)]
    boards += [SP.random_small(rng, int(rng.integers(2, 6)), int(rng.integers(2, 6)))
               for _ in range(150)]
    boards += [Puzzle(p.h, p.w, p.numbers, fill=False) for p in list(boards)]
    for p in boards:
        for limit in (1, 3, 50):
            got = count(p, limit)
            want = proof_count(SP, p, limit, max_nodes=None)
            if got[0] != want.count or any(SP.check(p, a) for a in got[3]):
                raise SystemExit(f"difference on {p} (limit {limit}): {got[:3]} against "
                                 f"{want.count}")
    return len(boards)


def main(argv=None):
    a, boards = sweep_study(__doc__, SP, "sparse", 16, 4, argv, {
        "--check": "first compare the counts with the proof's on small boards"})
    checked = None
    if a.check:
        checked = check()
        print(f"check: 0 differences on {checked} boards", flush=True)
    count(boards[0][1], 2, 1.0)              # compiled (or loaded) before any timing
    rows = []
    for label, p in boards:
        t = time.perf_counter()
        found, finished, conflicts, answers = count(p, 2, a.time_limit)
        rows.append({"board": label, "engine": "clause learning",
                     "seconds": time.perf_counter() - t, "found": found, "complete": finished,
                     "conflicts": conflicts,
                     "answers legal": all(not SP.check(p, x) for x in answers)})
        t = time.perf_counter()
        r = proof_count(SP, p, 2, max_nodes=None, time_limit=a.time_limit)
        rows.append({"board": label, "engine": "proof as shipped",
                     "seconds": time.perf_counter() - t, "found": int(r.count),
                     "complete": bool(r.complete)})
        t = time.perf_counter()
        c = SP.sat_count(p, 2, a.time_limit)
        rows.append({"board": label, "engine": "CP-SAT", "seconds": time.perf_counter() - t,
                     "found": int(c.count), "complete": not c.capped})
        for row in rows[-3:]:
            print(f"{row['board']:18s} {row['engine']:18s} {row['seconds']:7.3f} s "
                  f"found {row['found']}", flush=True)
    summarise_and_store(rows, OUT, lambda r: r["found"] >= 2 or r["complete"],
                        "with two answers (or a finished count)", size=a.size,
                        time_limit=a.time_limit, restart_unit=RESTART_UNIT,
                        checked_boards=checked)


if __name__ == "__main__":
    main()
