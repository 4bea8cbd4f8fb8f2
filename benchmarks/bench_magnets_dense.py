"""Why fully clued 20x20 Magnets boards are slow for the ladder (not a test).

    python benchmarks/bench_magnets_dense.py [--size 20] [--boards 8] [--time-limit 10]

On the Performance sweep's fully clued boards of one size (the same boards,
``core.perf.sweep_boards``), the time to a first answer:

* by the ladder's search (the rungs below probe at every node, after probe
  at the root), with several branching and value orders, and by short
  randomised dives (random variable order and first values, 1,000 nodes
  each) repeated until the time limit;
* by CP-SAT with the project's fixed parameters, and again with its linear
  relaxation switched off (``linearization_level = 0``): its conflicts and
  time show whether its edge is the LP or the clauses it learns.

Also the uniqueness proof itself (``core.genre.proof_count``, count to 2), the
time the sweep measures.  Writes ``benchmarks/results/magnets_dense.json``.
"""
import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import puzzlekit  # noqa: E402
from puzzlekit.core import perf, sat  # noqa: E402
from puzzlekit.core.genre import accepts, proof_count  # noqa: E402
from puzzlekit.core.search import count_solutions  # noqa: E402
from puzzlekit.magnets.sat import model  # noqa: E402

OUT = Path(__file__).resolve().parent / "results" / "magnets_dense.json"
SP = puzzlekit.spec("magnets")


def orders(n_vars: int) -> dict:
    """The branching variants: search settings by label."""
    return {"fewest values first": {},
            "reading order": {"order": np.arange(n_vars)},
            "neutral first": {"first": np.full(n_vars, 2)},
            "reading order, neutral first": {"order": np.arange(n_vars),
                                             "first": np.full(n_vars, 2)}}


def ladder_first(puzzle, time_limit: float) -> list:
    """Rows ``(engine, seconds, found, nodes)`` for each search variant and the dives."""
    root = SP.initial_state(puzzle)
    t0 = time.perf_counter()
    SP.ladder.fixpoint(root, None, attribute=False)          # probe at the root
    t_root = time.perf_counter() - t0
    acc = accepts(SP, puzzle)
    rows = []
    for label, kw in orders(root.n_vars).items():
        t = time.perf_counter()
        r = count_solutions(root, SP.ladder, acc, "gac", limit=1, time_limit=time_limit, **kw)
        rows.append((label, t_root + time.perf_counter() - t, r.count >= 1, r.nodes))
    rng = np.random.default_rng(0)
    t, nodes, found = time.perf_counter(), 0, False
    while not found and time.perf_counter() - t < time_limit:
        r = count_solutions(root, SP.ladder, acc, "gac", limit=1, max_nodes=1000,
                            order=rng.permutation(root.n_vars),
                            first=rng.integers(0, 3, root.n_vars))
        nodes += r.nodes
        found = r.count >= 1
    rows.append(("random dives", t_root + time.perf_counter() - t, found, nodes))
    return rows


def sat_first(puzzle, time_limit: float, **params) -> tuple:
    """CP-SAT's first answer: ``(seconds, found, conflicts)``."""
    from ortools.sat.python import cp_model
    m, _, _ = model(puzzle)
    solver = cp_model.CpSolver()
    for k, v in {**sat.PARAMS, **params, "max_time_in_seconds": time_limit}.items():
        setattr(solver.parameters, k, v)
    t = time.perf_counter()
    st = solver.Solve(m)
    return (time.perf_counter() - t, st in (cp_model.OPTIMAL, cp_model.FEASIBLE),
            int(solver.NumConflicts()))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", type=int, default=20)
    ap.add_argument("--boards", type=int, default=8)
    ap.add_argument("--time-limit", type=float, default=10.0)
    a = ap.parse_args(argv)
    boards = perf.sweep_boards(SP, a.size, "dense", a.boards)
    proof_count(SP, boards[0][1], 2, time_limit=1.0)             # compile outside the timings
    rows = []
    for label, p in boards:
        t = time.perf_counter()
        r = proof_count(SP, p, 2, max_nodes=None, time_limit=a.time_limit)
        rows.append({"board": label, "engine": "proof (count to 2)",
                     "seconds": time.perf_counter() - t, "found": r.count, "work": r.nodes})
        for eng, sec, found, nodes in ladder_first(p, a.time_limit):
            rows.append({"board": label, "engine": f"ladder: {eng}", "seconds": sec,
                         "found": int(found), "work": nodes})
        for eng, params in (("CP-SAT", {}), ("CP-SAT without LP", {"linearization_level": 0})):
            sec, found, conflicts = sat_first(p, a.time_limit, **params)
            rows.append({"board": label, "engine": eng, "seconds": sec, "found": int(found),
                         "work": conflicts})
        for row in rows[-8:]:
            print(f"{row['board']:16s} {row['engine']:40s} {row['seconds']:7.2f} s "
                  f"found {row['found']}  nodes/conflicts {row['work']}", flush=True)
    print("\nper engine: boards with an answer found, median seconds (the limit where none)")
    for eng in dict.fromkeys(r["engine"] for r in rows):
        sub = [r for r in rows if r["engine"] == eng]
        print(f"  {eng:40s} {sum(r['found'] > 0 for r in sub)}/{len(sub)}  "
              f"{np.median([r['seconds'] for r in sub]):7.2f} s")
    OUT.write_text(json.dumps({"when": time.strftime("%Y-%m-%d"), "size": a.size,
                               "time_limit": a.time_limit, "rows": rows}, indent=0))
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
