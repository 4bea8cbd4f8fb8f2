"""Would clause learning close the gap on fully clued Magnets boards? (not a test)

    python benchmarks/studies/magnets_learning.py [--size 20] [--boards 8] [--time-limit 120]
    python benchmarks/studies/magnets_learning.py --check     # agreement on small boards first

``magnets_dense.py`` finds that on the sweep's fully clued 20x20 boards
CP-SAT's edge over the ladder is the clauses it learns.  This study asks how
far learning alone goes with the ladder's own strongest line reasoning.  It
is a small conflict-driven clause-learning search written for the study (it
shares no code with the ladder and is not part of the library):

* one boolean per (cell, value) bit, "this is the cell's value";
* clauses: exactly one value per cell, a domino's halves opposite or both
  neutral, no equal poles side by side, empty cells neutral, given poles;
* one propagator per line, the exact line reasoning (a dynamic programme over
  the line's cells with counters of plus and minus), which explains each
  value it removes by the false bits of its line;
* first-UIP learning, activity-ordered branching with saved phases, Luby
  restarts (100 conflicts a unit); after an answer, a clause that blocks it.

On the same boards as ``magnets_dense.py`` it reports the conflicts and
seconds to two answers (the proof's count) and to the first, beside the
conflicts CP-SAT needed for a first answer there (read from
``benchmarks/results/magnets_dense.json``).  ``--check`` first compares its
counts with the ladder's proof on the sweep's 6x6, 8x8 and 10x10 boards of
both densities (8 each) and stops on any difference.  Writes
``benchmarks/results/magnets_learning.json``.
"""
import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np
from numba import njit

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import puzzlekit
from puzzlekit.core import perf
from puzzlekit.core.genre import proof_count
from puzzlekit.core.search import _luby

HERE = Path(__file__).resolve().parents[1] / "results"
OUT = HERE / "magnets_learning.json"
SP = puzzlekit.spec("magnets")
RESTART_UNIT = 100


@njit(cache=True)
def line_support(allow, plus, minus):
    """Which ``(cell, value)`` of a line (``allow``: ``(n, 3)``) some
    completion with exactly ``plus`` and ``minus`` poles uses (-1: any count)."""
    n = allow.shape[0]
    hp = plus + 1 if plus >= 0 else n + 1
    hm = minus + 1 if minus >= 0 else n + 1
    fw = np.zeros((n + 1, hp, hm), np.bool_)
    fw[0, 0, 0] = True
    for i in range(n):
        for p in range(hp):
            for m in range(hm):
                if fw[i, p, m]:
                    if allow[i, 0] and p + 1 < hp:
                        fw[i + 1, p + 1, m] = True
                    if allow[i, 1] and m + 1 < hm:
                        fw[i + 1, p, m + 1] = True
                    if allow[i, 2]:
                        fw[i + 1, p, m] = True
    bw = np.zeros((n + 1, hp, hm), np.bool_)
    for p in range(hp):
        for m in range(hm):
            bw[n, p, m] = (plus < 0 or p == plus) and (minus < 0 or m == minus)
    sup = np.zeros((n, 3), np.bool_)
    for i in range(n - 1, -1, -1):
        for p in range(hp):
            for m in range(hm):
                a = allow[i, 0] and p + 1 < hp and bw[i + 1, p + 1, m]
                b = allow[i, 1] and m + 1 < hm and bw[i + 1, p, m + 1]
                c = allow[i, 2] and bw[i + 1, p, m]
                bw[i, p, m] = a or b or c
                if fw[i, p, m]:
                    sup[i, 0] |= a
                    sup[i, 1] |= b
                    sup[i, 2] |= c
    return sup


class Learner:
    """The clause-learning search on one puzzle.  Literal ``2v`` says bit
    ``v`` (cell ``v // 3``, value ``v % 3``) holds, ``2v + 1`` that it does not."""

    def __init__(self, p):
        h, w = p.h, p.w
        n = h * w
        self.nv = 3 * n
        self.val = np.full(self.nv, -1, np.int8)           # -1 open, 1 true, 0 false
        self.level = np.zeros(self.nv, np.int64)
        self.reason = [None] * self.nv
        self.trail, self.lim, self.qhead = [], [], 0
        self.watches = [[] for _ in range(2 * self.nv)]     # by the literal whose truth wakes
        self.clauses = []
        self.act = np.zeros(self.nv)
        self.inc = 1.0
        self.phase = np.zeros(self.nv, np.int8)
        self.conflicts = 0
        self.answers = []
        self.lines = [(int(p.plus_rows[r]), int(p.minus_rows[r]), np.arange(r * w, r * w + w))
                      for r in range(h)]
        self.lines += [(int(p.plus_cols[c]), int(p.minus_cols[c]), np.arange(c, n, w))
                       for c in range(w)]
        self.lines_of = [[] for _ in range(n)]
        for i, (_, _, cells) in enumerate(self.lines):
            for c in cells:
                self.lines_of[c].append(i)
        self.dirty = set(range(len(self.lines)))
        self.units = []
        for c in range(n):
            self._clause([2 * (3 * c + k) for k in range(3)])
            for a in range(3):
                for b in range(a + 1, 3):
                    self._clause([2 * (3 * c + a) + 1, 2 * (3 * c + b) + 1])
            d = int(p.partner[c])
            if d < 0:
                self.units.append(2 * (3 * c + 2))
            elif c < d:
                for a, b in ((0, 1), (1, 0), (2, 2)):
                    self._clause([2 * (3 * c + a) + 1, 2 * (3 * d + b)])
                    self._clause([2 * (3 * d + b) + 1, 2 * (3 * c + a)])
            if p.given[c] >= 0:
                self.units.append(2 * (3 * c + int(p.given[c])))
            r, q = divmod(c, w)
            for e in ([c + 1] if q + 1 < w else []) + ([c + w] if r + 1 < h else []):
                for k in (0, 1):
                    self._clause([2 * (3 * c + k) + 1, 2 * (3 * e + k) + 1])

    def _clause(self, lits):
        self.clauses.append(lits)
        if len(lits) >= 2:
            self.watches[lits[0] ^ 1].append(len(self.clauses) - 1)
            self.watches[lits[1] ^ 1].append(len(self.clauses) - 1)

    def _value(self, lit):
        v = self.val[lit >> 1]
        return -1 if v < 0 else (int(v) if not lit & 1 else 1 - int(v))

    def _enqueue(self, lit, reason):
        v = lit >> 1
        self.val[v] = 0 if lit & 1 else 1
        self.level[v] = len(self.lim)
        self.reason[v] = reason
        self.trail.append(lit)
        self.dirty.update(self.lines_of[v // 3])

    def _propagate(self):
        """Units, then lines, to a fixpoint: a falsified clause, or None."""
        while True:
            while self.qhead < len(self.trail):
                lit = self.trail[self.qhead]
                self.qhead += 1
                false, ws, keep, i = lit ^ 1, self.watches[lit], [], 0
                while i < len(ws):
                    ci = ws[i]
                    i += 1
                    c = self.clauses[ci]
                    if c[0] == false:
                        c[0], c[1] = c[1], c[0]
                    if self._value(c[0]) == 1:
                        keep.append(ci)
                        continue
                    for k in range(2, len(c)):
                        if self._value(c[k]) != 0:
                            c[1], c[k] = c[k], c[1]
                            self.watches[c[1] ^ 1].append(ci)
                            break
                    else:
                        keep.append(ci)
                        if self._value(c[0]) == 0:
                            keep.extend(ws[i:])
                            self.watches[lit] = keep
                            return c
                        self._enqueue(c[0], c)
                self.watches[lit] = keep
            if not self.dirty:
                return None
            li = self.dirty.pop()
            plus, minus, cells = self.lines[li]
            bits = (3 * cells[:, None] + np.arange(3)).ravel()
            vals = self.val[bits].reshape(-1, 3)
            allow = vals != 0
            bad = allow & ~line_support(allow, plus, minus)
            if bad.any():
                why = [2 * int(b) for b in bits[vals.ravel() == 0]]
                for j, k in zip(*np.nonzero(bad)):
                    v = 3 * int(cells[j]) + int(k)
                    if self.val[v] == 1:
                        return [2 * v + 1] + why
                    self._enqueue(2 * v + 1, [2 * v + 1] + why)

    def _analyze(self, confl):
        """First-UIP clause (asserting literal first) and the level to go back to."""
        seen, learnt, here = set(), [None], len(self.lim)
        count, lit, idx, c = 0, None, len(self.trail) - 1, confl
        while True:
            for q in c:
                v = q >> 1
                if q == lit or v in seen or self.level[v] == 0:
                    continue
                seen.add(v)
                self.act[v] += self.inc
                if self.level[v] == here:
                    count += 1
                else:
                    learnt.append(q)
            while (self.trail[idx] >> 1) not in seen:
                idx -= 1
            lit = self.trail[idx]
            idx -= 1
            seen.discard(lit >> 1)
            count -= 1
            if count == 0:
                break
            c = self.reason[lit >> 1]
        learnt[0] = lit ^ 1
        self.inc *= 1.05
        if self.inc > 1e100:                 # keep activities finite
            self.act /= 1e100
            self.inc /= 1e100
        if len(learnt) == 1:
            return learnt, 0
        j = max(range(1, len(learnt)), key=lambda i: self.level[learnt[i] >> 1])
        learnt[1], learnt[j] = learnt[j], learnt[1]
        return learnt, int(self.level[learnt[1] >> 1])

    def _cancel(self, lvl):
        if len(self.lim) > lvl:
            for lit in self.trail[self.lim[lvl]:]:
                v = lit >> 1
                self.phase[v] = self.val[v]
                self.val[v] = -1
                self.reason[v] = None
            del self.trail[self.lim[lvl]:]
            del self.lim[lvl:]
            self.qhead = len(self.trail)
            self.dirty = set(range(len(self.lines)))

    def count(self, limit=2, time_limit=60.0):
        """``(status, answers, conflicts at the first answer or None)``;
        status is ``done`` (the search finished) or ``capped``."""
        t0 = time.perf_counter()
        first = None
        for u in self.units:
            if self._value(u) == 0:
                return "done", 0, None
            if self._value(u) < 0:
                self._enqueue(u, None)
        restart, next_restart = 1, RESTART_UNIT
        while time.perf_counter() - t0 < time_limit:
            confl = self._propagate()
            if confl is not None:
                self.conflicts += 1
                if not self.lim:
                    return "done", len(self.answers), first
                learnt, back = self._analyze(confl)
                self._cancel(back)
                self._clause(learnt)
                self._enqueue(learnt[0], learnt)
                if self.conflicts >= next_restart:
                    restart += 1
                    next_restart = self.conflicts + RESTART_UNIT * _luby(restart)
                    self._cancel(0)
                continue
            open_ = np.flatnonzero(self.val < 0)
            if len(open_) == 0:
                self.answers.append(np.flatnonzero(self.val == 1) % 3)
                first = self.conflicts if first is None else first
                if len(self.answers) >= limit:
                    return "done", len(self.answers), first
                block = [2 * int(v) + 1 for v in np.flatnonzero(self.val == 1)]
                self._cancel(0)
                block = [q for q in block if self._value(q) != 0]
                if not block:
                    return "done", len(self.answers), first
                if len(block) == 1:
                    self._enqueue(block[0], None)
                else:
                    self._clause(block)
                continue
            v = int(open_[np.argmax(self.act[open_])])
            self.lim.append(len(self.trail))
            self._enqueue(2 * v + (0 if self.phase[v] == 1 else 1), None)
        return "capped", len(self.answers), first


def check() -> int:
    """Counts against the ladder's proof on small sweep boards: differences."""
    bad = seen = 0
    for size in (6, 8, 10):
        for density in ("dense", "sparse"):
            for label, p in perf.sweep_boards(SP, size, density, 8):
                seen += 1
                status, n, _ = Learner(p).count(2, 60.0)
                r = proof_count(SP, p, 2, time_limit=60.0)
                ours = "multiple" if n >= 2 else ("unique" if n == 1 else "none")
                if status != "done" or r.status != ours:
                    bad += 1
                    print(f"DIFFERS {label}: learner {status} {n}, proof {r.status}")
    print(f"check: {bad} differences on {seen} boards")
    return bad


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", type=int, default=20)
    ap.add_argument("--boards", type=int, default=8)
    ap.add_argument("--time-limit", type=float, default=120.0)   # the stored run's
    ap.add_argument("--check", action="store_true")
    a = ap.parse_args(argv)
    if a.check and check():
        sys.exit(1)
    dense = HERE / "magnets_dense.json"
    sat = {}
    if dense.exists():
        d = json.loads(dense.read_text())
        if d["size"] == a.size:
            sat = {r["board"]: r for r in d["rows"] if r["engine"] == "CP-SAT without LP"}
    rows = []
    for label, p in perf.sweep_boards(SP, a.size, "dense", a.boards):
        t = time.perf_counter()
        lr = Learner(p)
        status, n, first = lr.count(2, a.time_limit)
        row = {"board": label, "status": status, "answers": n, "seconds": time.perf_counter() - t,
               "conflicts": lr.conflicts, "conflicts to first answer": first,
               "learnt clauses": len(lr.clauses),
               "CP-SAT without LP: conflicts to first answer":
                   sat[label]["work"] if label in sat and sat[label]["found"] else None}
        rows.append(row)
        print(f"{label:16s} {status:7s} answers {n}  {row['seconds']:6.1f} s  conflicts "
              f"{lr.conflicts:7d} (first answer at {first})  CP-SAT without LP: "
              f"{row['CP-SAT without LP: conflicts to first answer']}", flush=True)
    found = [r for r in rows if r["answers"] > 0]
    print(f"\nfirst answer within {a.time_limit:g} s on {len(found)} of {len(rows)} boards; "
          f"conflicts per board: median {np.median([r['conflicts'] for r in rows]):.0f}")
    OUT.write_text(json.dumps({"when": time.strftime("%Y-%m-%d"), "size": a.size,
                               "time_limit": a.time_limit, "restart_unit": RESTART_UNIT,
                               "rows": rows}, indent=0))
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
