"""Three engines, timed on the same boards (not a test).

    python benchmarks/bench_engines.py [--genres nanro magnets] [--sizes 6 8 ... 20]
                                       [--per-size 2] [--time-limit 60] [--max-nodes 20000]
                                       [--sweep-max-nodes N]
                                       [--budget 0.05] [--no-sweep]

For every built genre with a CP-SAT model: the uniqueness proof (count to 2)
of every bank board by the ladder (``core.genre.proof_count``: probe at the
root, the rungs below it in the search until it grows large, then rounds with
randomised dives between them), the raw engine
and CP-SAT, each the
best of calls repeated up to ``--budget`` seconds, then a
size sweep (dense and sparse boards from 6x6 to 20x20) by the ladder and
CP-SAT.  Prints per-genre median and worst ratios (CP-SAT time over ladder
time; above 1, the ladder is faster) and writes everything to
``benchmarks/results/engines.json``, which the book's Performance page quotes.
"""
import argparse
import json
import platform
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import puzzlekit  # noqa: E402
from puzzlekit.core import banks, perf  # noqa: E402

OUT = Path(__file__).resolve().parent / "results" / "engines.json"


def _built():
    out = []
    for g in puzzlekit.GENRES:
        try:
            sp = puzzlekit.spec(g)
        except ValueError:
            continue
        if sp.sat_count is not None:
            out.append(g)
    return out


def bank_run(sp, time_limit, max_nodes, budget):
    entries = banks.load(sp.name)
    ps = [sp.Puzzle.from_json(e["clues"]) for e in entries]
    return perf.prove(sp, ps, [e["id"] for e in entries], time_limit=time_limit,
                      max_nodes=max_nodes, budget=budget)


def _fmt(s):
    return " ".join(f"{k} {v:.3g}" if isinstance(v, float) else f"{k} {v}" for k, v in s.items())


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--genres", nargs="*", default=None)
    ap.add_argument("--sizes", nargs="*", type=int, default=[6, 8, 10, 12, 14, 16, 18, 20])
    ap.add_argument("--per-size", type=int, default=2)
    ap.add_argument("--time-limit", type=float, default=60.0)
    ap.add_argument("--max-nodes", type=int, default=20_000,
                    help="the ladder search's node budget per bank board (beside the time limit)")
    ap.add_argument("--sweep-max-nodes", type=int, default=None,
                    help="its node budget per sweep board (default none: the time limit "
                         "alone, as CP-SAT has; a clause learner counts conflicts as nodes)")
    ap.add_argument("--budget", type=float, default=0.05,
                    help="seconds per board and engine: calls are repeated (best time kept) "
                         "until they add up to this, at most 100")
    ap.add_argument("--no-sweep", action="store_true",
                    help="time the bank only (a stored sweep of the genre is kept)")
    a = ap.parse_args(argv)
    genres = a.genres or _built()
    report = {"machine": platform.processor() or platform.machine(), "python": platform.python_version(),
              "when": time.strftime("%Y-%m-%d"), "time_limit": a.time_limit, "genres": {}}
    if OUT.exists():
        report["genres"] = json.loads(OUT.read_text()).get("genres", {})
    for g in genres:
        sp = puzzlekit.spec(g)
        t0 = time.perf_counter()
        bank = bank_run(sp, a.time_limit, a.max_nodes, a.budget)
        s = perf.summary(bank)
        print(f"{g:10s} bank: {_fmt(s)}  ({time.perf_counter() - t0:.0f} s)", flush=True)
        old = report["genres"].get(g, {})
        entry = {"bank": bank.to_dict(orient="records"), "bank summary": s,
                 "when": time.strftime("%Y-%m-%d"), "budget": a.budget}
        if a.no_sweep and old.get("sweep"):
            entry.update({k: old[k] for k in ("sweep", "sweep sizes", "sweep per size",
                                              "sweep when", "sweep max nodes") if k in old})
        if not a.no_sweep:
            t0 = time.perf_counter()
            perf.warm_proof(sp, sp.Puzzle.from_json(banks.load(g)[0]["clues"]))
            sw = perf.sweep(sp, a.sizes, a.per_size, time_limit=a.time_limit, warm=False,
                            max_nodes=a.sweep_max_nodes)
            print(perf.sweep_medians(sw).round(4).to_string(), flush=True)
            capped = sw[sw.status == "capped"].groupby(["engine"]).size().to_dict()
            print(f"{g:10s} sweep: capped runs {capped or 0}  ({time.perf_counter() - t0:.0f} s)",
                  flush=True)
            entry["sweep"] = sw.to_dict(orient="records")
            entry["sweep sizes"] = a.sizes
            entry["sweep per size"] = a.per_size
            entry["sweep when"] = time.strftime("%Y-%m-%d")
            entry["sweep max nodes"] = a.sweep_max_nodes
        report["genres"][g] = entry
        OUT.parent.mkdir(exist_ok=True)
        OUT.write_text(json.dumps(report, indent=0, default=lambda x: x.item()
                                  if isinstance(x, np.generic) else str(x)))
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
