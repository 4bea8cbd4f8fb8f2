"""How much Numberlink's ratios to CP-SAT owe to the draw (not a test).

    python benchmarks/studies/numberlink_seeds.py [--seeds 8] [--time-limit 20]

The real-puzzle run (``bench_real.py``) times one proof and one CP-SAT
solve per puzzle, each with its seed fixed: the proof's seed
(``ProofPolicy.seed``, 0), which orders the clause learner's first
branchings, and CP-SAT's ``random_seed`` (1, ``core.sat.PARAMS``).  A
search that learns from its conflicts can take several times more of them
under one seed than under another, so a puzzle the learner closes may
change its ratio from one seed to the next.  This study runs the real-puzzle
run's timing (``bench_real.time_genre``: the two called alternately, the
median of the rounds) on every real Numberlink puzzle that one of the two
engines finished in the stored run, under ``--seeds`` pairs of seeds (the
proof's ``s`` and CP-SAT's ``s + 1``; pair 0 is the stored run's), and
writes per puzzle both engines' seconds under each pair, and per pair the
median and the worst ratio over the puzzles, to
``benchmarks/results/numberlink_seeds.json``, which the Performance page
reads.
"""
import argparse
import dataclasses
import json
import sys
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE.parent / "real"))

import bench_real  # noqa: E402

import puzzlekit  # noqa: E402
from puzzlekit.book import results  # noqa: E402
from puzzlekit.core import sat  # noqa: E402

OUT = HERE.parent / "results" / "numberlink_seeds.json"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=8, help="pairs of seeds (default 8)")
    ap.add_argument("--time-limit", type=float, default=20.0,
                    help="seconds per puzzle and engine, as the stored real-puzzle run's")
    a = ap.parse_args(argv)
    stored = results.load("real")["genres"]["numberlink"]["puzzles"]
    both_open = [x["board"] for x in stored
                 if x["ladder status"] == "capped" and x["sat status"] == "capped"]
    own = puzzlekit.spec("numberlink")
    default_seed = sat.PARAMS["random_seed"]
    runs = []
    try:
        for s in range(a.seeds):
            t0 = time.perf_counter()
            sp = dataclasses.replace(own, proof=dataclasses.replace(own.proof, seed=s))
            sat.PARAMS["random_seed"] = default_seed + s
            rows = bench_real.time_genre("numberlink", 1, a.time_limit, 0.5, spec=sp,
                                         skip=both_open)
            summary = bench_real.summary(rows)
            runs.append({"proof seed": s, "CP-SAT seed": default_seed + s, "rows": rows,
                         "median": summary["median"], "worst": summary["worst"],
                         "slower than CP-SAT": summary["slower than CP-SAT"]})
            print(f"seeds {s}/{default_seed + s}: median {summary['median']:.1f}x, worst "
                  f"{summary['worst']:.2f}x ({time.perf_counter() - t0:.0f} s)", flush=True)
    finally:
        sat.PARAMS["random_seed"] = default_seed
    boards = [x["board"] for x in runs[0]["rows"]]
    ratio = np.array([[x["sat / ladder"] for x in r["rows"]] for r in runs])
    for j in np.argsort(np.median(ratio, axis=0)):
        print(f"{boards[j]:28s} ratio {ratio[:, j].min():8.2f} .. {ratio[:, j].max():8.2f}")
    OUT.write_text(json.dumps({"when": time.strftime("%Y-%m-%d"), "time_limit": a.time_limit,
                               "left out (both engines open)": both_open, "runs": runs},
                              indent=0))
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
