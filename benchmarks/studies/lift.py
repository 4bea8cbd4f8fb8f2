"""The lifted probe in the search, timed against the plain one (not a test).

    python benchmarks/studies/lift.py [--genres magnets] [--sizes 10 16 20] [--per-size 2]

For every genre with compiled kernels: the count-to-2 of every bank board and
of sweep boards (``GenreSpec.sweep_board``, dense and sparse) by the compiled
search at the top level, with ``lift`` on and off.  Both must give the same
count, nodes and branch points (checked here); the script prints the probe
trials and CPU seconds of each and writes ``benchmarks/results/lift.json``
(genres not run keep their stored rows).
"""
import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import puzzlekit
from puzzlekit.core import banks, perf
from puzzlekit.core.genre import accepts
from puzzlekit.core.search import Budget, SearchSettings, count_solutions

OUT = Path(__file__).resolve().parents[1] / "results" / "lift.json"


def run(sp, p, lift, max_nodes):
    t = time.process_time()
    r = count_solutions(sp.initial_state(p), sp.ladder, accepts(sp, p), None, 2,
                        Budget(max_nodes), SearchSettings(lift=lift))
    return time.process_time() - t, r


def boards(sp, sizes, per_size):
    for e in banks.load(sp.name):
        yield f"bank {e['id']}", sp.Puzzle.from_json(e["clues"])
    for n in sizes:
        for d in ("dense", "sparse"):
            yield from perf.sweep_boards(sp, n, d, per_size)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--genres", nargs="*", default=None)
    ap.add_argument("--sizes", nargs="*", type=int, default=[10, 16, 20])
    ap.add_argument("--per-size", type=int, default=2)
    ap.add_argument("--max-nodes", type=int, default=2000)
    a = ap.parse_args(argv)
    genres = a.genres or [g for g in puzzlekit.built() if puzzlekit.spec(g).ladder.compiled]
    out = json.loads(OUT.read_text()) if OUT.exists() else {}
    for g in genres:
        sp = puzzlekit.spec(g)
        rows = []
        for label, p in boards(sp, a.sizes, a.per_size):
            run(sp, p, True, 1)                       # compile outside the timing
            (t0, r0), (t1, r1) = run(sp, p, False, a.max_nodes), run(sp, p, True, a.max_nodes)
            assert (r0.count, r0.nodes, r0.branch_points, r0.capped) == \
                (r1.count, r1.nodes, r1.branch_points, r1.capped), (g, label)
            rows.append({"board": label, "nodes": r0.nodes, "status": r0.status,
                         "plain s": t0, "lift s": t1,
                         "plain probes": r0.counters.get("probes", 0),
                         "lift probes": r1.counters.get("probes", 0)})
            print(f"{g:9s} {label:22s} nodes {r0.nodes:5d} {r0.status:9s} "
                  f"probes {rows[-1]['plain probes']:8d} -> {rows[-1]['lift probes']:8d}  "
                  f"{t0:8.3f} s -> {t1:8.3f} s", flush=True)
        sp_ = [r["plain s"] / max(r["lift s"], 1e-6) for r in rows if r["plain s"] > 0.01]
        print(f"{g}: median speed-up {np.median(sp_) if sp_ else float('nan'):.2f}x "
              f"over {len(sp_)} boards taking > 10 ms")
        out[g] = rows
        OUT.parent.mkdir(exist_ok=True)
        OUT.write_text(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
