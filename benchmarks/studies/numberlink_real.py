"""Why Numberlink's largest real puzzles stay open (not a test).

    python benchmarks/studies/numberlink_real.py [--time-limit 10] [--search 300]

Of the real Numberlink puzzles in ``benchmarks/real/``, the ladder proves
most in a fraction of a second, and neither it nor CP-SAT finishes the
largest janko.at Arukone boards within the real-puzzle run's limit
(``bench_real.py``); one 15x15 board only the frontier scan closes.  For
every puzzle this records what might tell them apart:

* its size, its pairs, and the cells per pair (how long the paths are);
* how much of it the rungs decide before any search: the share of segments
  the whole ladder's fixpoint (probe included, the policy's ``without``
  left out) decides, which is where the proof's clause learner starts
  (``core.proof._root``);
* the proof itself (``core.proof.proof_count``, count to 2, no node budget,
  ``--time-limit`` seconds, everything compiled first): its status, what
  closed it (the search, the clause learner or the frontier scan), time,
  and the learner's conflicts and conflicts per second.

Then, on the smallest open puzzle (fewest cells), it asks whether the
trouble is the proof or already the first answer: the clause learner from
the proof's root (the policy's seed) and CP-SAT (one worker) each search
for one answer, ``--search`` seconds each (0 skips this).

Prints one row per puzzle, fewest cells per pair first, and writes
``benchmarks/results/numberlink_real.json``, which the Performance page
reads.
"""
import argparse
import json
import math
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))
sys.path.insert(0, str(HERE.parent / "real"))

import corpus  # noqa: E402

import puzzlekit  # noqa: E402
from puzzlekit.core.learn import learn_count  # noqa: E402
from puzzlekit.core.proof import _root, proof_count, warm_proof  # noqa: E402

OUT = HERE.parent / "results" / "numberlink_real.json"


def row(sp, entry: dict, time_limit: float) -> dict:
    """One puzzle's row (see the module docstring)."""
    p = corpus.puzzle(sp, entry)
    start = sp.initial_state(p)
    t = time.perf_counter()
    root = _root(sp, start, sp.proof)
    root_seconds = time.perf_counter() - t
    decided = float((root.live_counts() == 1).mean())
    t = time.perf_counter()
    r = proof_count(sp, corpus.puzzle(sp, entry), 2, None, time_limit)
    seconds = time.perf_counter() - t
    conflicts = int(r.counters.get("conflicts", 0))
    if r.status == "capped":
        road = "—"
    elif r.counters.get("exact counts"):
        road = "frontier scan"
    else:
        road = "learner" if conflicts else "search"
    learning = float(r.counters.get("learning seconds", 0.0))
    return {"puzzle": entry["id"], "size": entry["size"], "pairs": int(p.k),
            "cells per pair": p.h * p.w / max(p.k, 1), "every cell used": bool(p.fill),
            "decided at the root (%)": 100 * decided, "root seconds": root_seconds,
            "status": r.status, "closed by": road, "seconds": seconds, "conflicts": conflicts,
            "conflicts per second": conflicts / learning if learning > 0 else None}


def first_answer(sp, entry: dict, seconds: float) -> dict:
    """Whether the clause learner (from the proof's root) and CP-SAT each
    find one answer of ``entry``'s board within ``seconds``."""
    p = corpus.puzzle(sp, entry)
    policy = sp.proof
    root = _root(sp, sp.initial_state(p), policy)
    t = time.perf_counter()
    r = learn_count(policy.learner, p, root, 1, time_limit=seconds, seed=policy.seed)
    learner = {"found": r.count > 0, "conflicts": int(r.nodes),
               "seconds": time.perf_counter() - t}
    t = time.perf_counter()
    s = sp.sat_count(p, 1, seconds)
    sat = {"found": s.count > 0, "seconds": time.perf_counter() - t}
    return {"puzzle": entry["id"], "size": entry["size"], "time_limit": seconds,
            "learner": learner, "cp-sat": sat}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--time-limit", type=float, default=10.0,
                    help="seconds for each proof (default 10)")
    ap.add_argument("--search", type=float, default=300.0,
                    help="seconds each engine gets to find a first answer of the smallest "
                         "open puzzle (default 300; 0 skips it)")
    a = ap.parse_args(argv)
    sp = puzzlekit.spec("numberlink")
    entries = corpus.load("numberlink")
    warm_proof(sp, corpus.puzzle(sp, entries[0]))      # compiled first (the learner too), untimed
    rows = []
    for e in entries:
        x = row(sp, e, a.time_limit)
        rows.append(x)
        rate = x["conflicts per second"]
        print(f"{x['puzzle']:28s} {x['size']:>6s} {x['pairs']:3d} pairs "
              f"{x['cells per pair']:5.1f} cells/pair  root {x['decided at the root (%)']:5.1f}%  "
              f"{x['status']:8s} {x['closed by']:13s} {x['seconds']:7.3f} s  "
              f"{x['conflicts']:7d} conflicts"
              + (f"  {rate:8.0f}/s" if rate else ""), flush=True)
    rows.sort(key=lambda x: x["cells per pair"])
    out = {"when": time.strftime("%Y-%m-%d"), "time_limit": a.time_limit, "rows": rows}
    shut = [x for x in rows if x["status"] == "capped"]
    if shut and a.search > 0:
        small = min(shut, key=lambda x: math.prod(int(n) for n in x["size"].split("x")))
        out["first answer"] = hunt = first_answer(
            sp, next(e for e in entries if e["id"] == small["puzzle"]), a.search)
        print(f"{hunt['puzzle']}: a first answer in {a.search:g} s: learner "
              f"{hunt['learner']['found']} ({hunt['learner']['conflicts']:,} conflicts), "
              f"CP-SAT {hunt['cp-sat']['found']}", flush=True)
    OUT.write_text(json.dumps(out, indent=0))
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
