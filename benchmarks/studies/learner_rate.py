"""How fast the clause learner runs on real Numberlink boards (not a test).

    python benchmarks/studies/learner_rate.py [--seeds 8] [--time-limit 20]

The uniqueness proof hands most real Numberlink boards to the core's clause
learner (``core/learn.py``).  Its time is conflicts times the cost of one,
and the conflicts move with the seed as much as with the code, so a change
to how the learner propagates is best judged by its conflicts a second.
For every real board in ``benchmarks/real/numberlink.json`` that the
learner closed in the stored study of the real puzzles
(``results/numberlink_real.json``), this runs the learner alone, from the
board's initial state, counting to two, under seeds ``0 .. --seeds - 1``,
and writes per board its seconds and conflicts under each seed and its
conflicts a second over all of them to
``benchmarks/results/learner_rate.json``.  Compare two commits by running
it on each.
"""
import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))
sys.path.insert(0, str(HERE.parent / "real"))

import corpus  # noqa: E402

import puzzlekit  # noqa: E402
from puzzlekit.core.learn import learn_count  # noqa: E402

OUT = HERE.parent / "results" / "learner_rate.json"
STUDY = HERE.parent / "results" / "numberlink_real.json"


def boards() -> list[str]:
    """The real boards the learner closed in the stored study of the real
    puzzles, as it lists them."""
    rows = json.loads(STUDY.read_text())["rows"]
    return [r["puzzle"] for r in rows if r["closed by"] == "learner"]


def run_board(sp, entry: dict, seeds: range, time_limit: float) -> dict:
    """One board's seconds and conflicts under each seed, and its rate."""
    learner = sp.proof.learner
    p = corpus.puzzle(sp, entry)
    seconds, conflicts = [], []
    for s in seeds:
        t = time.perf_counter()
        r = learn_count(learner, p, sp.initial_state(p), 2, seed=s, time_limit=time_limit,
                        whole=True)
        seconds.append(time.perf_counter() - t)
        conflicts.append(int(r.nodes))
        if r.capped:
            raise SystemExit(f"{entry['id']}: the learner stopped at {time_limit:g} s "
                             f"under seed {s}")
    return {"puzzle": entry["id"], "size": entry["size"], "seconds": seconds,
            "conflicts": conflicts, "conflicts per second": sum(conflicts) / sum(seconds)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=8, help="seeds per board (default 8)")
    ap.add_argument("--time-limit", type=float, default=20.0,
                    help="seconds for each run of the learner (default 20)")
    a = ap.parse_args(argv)
    sp = puzzlekit.spec("numberlink")
    entries = {e["id"]: e for e in corpus.load("numberlink")}
    names = boards()
    first = corpus.puzzle(sp, entries[names[0]])
    learn_count(sp.proof.learner, first, sp.initial_state(first), 2, whole=True)  # compiled
    rows = []
    for name in names:
        x = run_board(sp, entries[name], range(a.seeds), a.time_limit)
        rows.append(x)
        print(f"{name:28s} {x['size']:>6s}  median {np.median(x['seconds']):7.3f} s  "
              f"most {max(x['seconds']):7.3f} s  {x['conflicts per second']:8.0f} conflicts/s",
              flush=True)
    OUT.write_text(json.dumps({"when": time.strftime("%Y-%m-%d"), "seeds": a.seeds,
                               "time_limit": a.time_limit, "rows": rows}, indent=0))
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
