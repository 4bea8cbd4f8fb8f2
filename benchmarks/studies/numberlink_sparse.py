"""Why sparse 16x16 Numberlink boards are slow for the ladder (not a test).

    python benchmarks/studies/numberlink_sparse.py [--size 16] [--boards 4] [--time-limit 10]

On the Performance sweep's sparsely clued boards of one size (the same
boards, ``core.perf.sweep_boards``: the sweep times the first two), the
time to two answers:

* by the uniqueness proof's propagate-and-branch search
  (``core.genre.proof_count`` without the clause learner it hands a long
  search to, ``numberlink_learning.py``: rounds with randomised dives
  between them), in its own branching order;
* by the same search with its branching order replaced by each of the eight
  reading orders of the board: by rows or by columns, from each corner
  (every other setting unchanged: probe at the root, restarts and dives);
* by CP-SAT, the sweep's yardstick (``GenreSpec.sat_count``).

These boards have many answers, so finding two is a search for answers, and
how soon a depth-first search meets one depends on where it starts.
Writes ``benchmarks/results/numberlink_sparse.json``.
"""
import sys
import time
from dataclasses import replace
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from race import summarise_and_store, sweep_study

import puzzlekit
from puzzlekit.core.genre import accepts
from puzzlekit.core.search import Budget, count_with_restarts

OUT = Path(__file__).resolve().parents[1] / "results" / "numberlink_sparse.json"
SP = puzzlekit.spec("numberlink")
DEFAULT = "proof without learning"


def reading_orders(puzzle) -> dict:
    """The segments in each of the board's eight reading orders, by label: a
    segment is read at its midpoint, by rows (or columns) from a corner."""
    e = np.asarray(puzzle.grid.edges)
    h, w = puzzle.h, puzzle.w
    r = (e[:, 0] // w + e[:, 1] // w) / 2.0
    c = (e[:, 0] % w + e[:, 1] % w) / 2.0
    out = {}
    for by in ("rows", "columns"):
        for vert in ("top", "bottom"):
            for side in ("left", "right"):
                rr = r if vert == "top" else h - 1 - r
                cc = c if side == "left" else w - 1 - c
                key = rr * (w + 1) + cc if by == "rows" else cc * (h + 1) + rr
                out[f"by {by} from {vert}-{side}"] = np.argsort(key, kind="stable")
    return out


def proof_in_order(puzzle, order, time_limit: float):
    """The proof's search (count to 2) without the learner, with ``order``
    (None: the proof's own) as its branching order."""
    policy = SP.proof
    settings = replace(policy.search(puzzle), order=order)
    return count_with_restarts(SP.initial_state(puzzle), SP.ladder, accepts(SP, puzzle), 2,
                               Budget(None, time_limit), settings,
                               first_nodes=policy.first_nodes, dive_nodes=policy.dive_nodes,
                               seed=policy.seed, cheap_nodes=policy.cheap_nodes)


def main(argv=None):
    a, boards = sweep_study(__doc__, SP, "sparse", 16, 4, argv)
    rows = []
    for label, p in boards:
        runs = [(DEFAULT, None)] + list(reading_orders(p).items())
        for eng, order in runs:
            t = time.perf_counter()
            r = proof_in_order(p, order, a.time_limit)
            rows.append({"board": label, "pairs": int(p.k), "engine": eng,
                         "seconds": time.perf_counter() - t, "found": int(r.count),
                         "complete": bool(r.complete), "work": int(r.nodes)})
        t = time.perf_counter()
        c = SP.sat_count(p, 2, a.time_limit)
        rows.append({"board": label, "pairs": int(p.k), "engine": "CP-SAT",
                     "seconds": time.perf_counter() - t, "found": int(c.count),
                     "complete": not c.capped, "work": None})
        for row in rows[-len(runs) - 1:]:
            print(f"{row['board']:18s} {row['engine']:34s} {row['seconds']:7.2f} s "
                  f"found {row['found']}  nodes {row['work']}", flush=True)
    summarise_and_store(rows, OUT, lambda r: r["found"] >= 2 or r["complete"],
                        "with two answers (or a finished count)",
                        size=a.size, time_limit=a.time_limit)


if __name__ == "__main__":
    main()
