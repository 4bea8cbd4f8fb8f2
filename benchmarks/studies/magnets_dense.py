"""Why fully clued 20x20 Magnets boards are slow for the ladder (not a test).

    python benchmarks/studies/magnets_dense.py [--size 20] [--boards 8] [--time-limit 10]

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
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from race import summarise_and_store, sweep_study

import puzzlekit
from puzzlekit.core import sat
from puzzlekit.core.genre import accepts, proof_count
from puzzlekit.core.search import Budget, SearchSettings, count_solutions
from puzzlekit.magnets.sat import model

OUT = Path(__file__).resolve().parents[1] / "results" / "magnets_dense.json"
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
        r = count_solutions(root, SP.ladder, acc, "gac", limit=1,
                            budget=Budget(time_limit=time_limit), settings=SearchSettings(**kw))
        rows.append((label, t_root + time.perf_counter() - t, r.count >= 1, r.nodes))
    rng = np.random.default_rng(0)
    t, nodes, found = time.perf_counter(), 0, False
    while not found and time.perf_counter() - t < time_limit:
        r = count_solutions(root, SP.ladder, acc, "gac", limit=1, budget=Budget(1000),
                            settings=SearchSettings(order=rng.permutation(root.n_vars),
                                                    first=rng.integers(0, 3, root.n_vars)))
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
    a, boards = sweep_study(__doc__, SP, "dense", 20, 8, argv)
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
    summarise_and_store(rows, OUT, lambda r: r["found"] > 0, "with an answer found",
                        size=a.size, time_limit=a.time_limit)


if __name__ == "__main__":
    main()
