"""The ladder against CP-SAT on puzzles made by people (not a test).

    python benchmarks/bench_real.py [--genres nanro kojun] [--rounds 3] [--budget 0.5]
                                    [--time-limit 60] [--no-store]

For every puzzle of the corpus of real puzzles (``benchmarks/real/``, see
``benchmarks/real/corpus.py``): the ladder's uniqueness proof (count to 2,
``core.proof.proof_count`` with no node budget, the time limit alone, as
CP-SAT has) and the CP-SAT model (one worker), called alternately on the
same puzzle for ``--rounds`` rounds (``core.perf.alternating``), and more
(up to 100) while a puzzle's rounds total under ``--budget`` seconds, each
engine's median kept (the median of three readings of a proof of a fifth of
a millisecond moved by a tenth between runs); both are compiled first on
the genre's smallest puzzle, untimed (the clause learner too, where the
genre has one).  A run that
stops at the time limit is charged all of it.  Prints every puzzle's times
and ratio (CP-SAT's time over the ladder's: above 1, the ladder is faster)
and per genre the median and worst ratio and the slowest proof, and writes
``benchmarks/results/real.json``, which the Performance page reads (a run
of some genres replaces their entries).
"""
import argparse
import json
import platform
import sys
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE / "real"))

import corpus  # noqa: E402

import puzzlekit  # noqa: E402
from puzzlekit.core import perf  # noqa: E402
from puzzlekit.core.proof import warm_proof  # noqa: E402

OUT = HERE / "results" / "real.json"


def time_genre(genre: str, rounds: int, time_limit: float, budget: float = 0.0,
               spec=None, skip=()) -> list[dict]:
    """Per puzzle of the genre's corpus (less the ids in ``skip``): its id,
    size, each engine's median seconds and status, and the ratio.
    ``spec``: the genre's spec with another proof policy, say."""
    sp = puzzlekit.spec(genre) if spec is None else spec
    entries = [e for e in corpus.load(genre) if e["id"] not in set(skip)]
    puzzles = [corpus.puzzle(sp, e) for e in entries]
    small = min(puzzles, key=lambda p: p.h * p.w)       # compile both engines, untimed
    perf.prove(sp, [small], engines=("ladder", "sat"), max_nodes=None, time_limit=time_limit)
    warm_proof(sp, small)               # the clause learner too, which that proof may not reach
    df = perf.prove(sp, puzzles, [e["id"] for e in entries], engines=("ladder", "sat"),
                    max_nodes=None, time_limit=time_limit, alternate=rounds, warm=False,
                    budget=budget)
    wide = df.pivot(index="board", columns="engine", values="seconds")
    status = df.pivot(index="board", columns="engine", values="status")
    rows = []
    for e in entries:
        b = e["id"]
        rows.append({"board": b, "size": e["size"], "source": e["source"],
                     "ladder": float(wide.loc[b, "ladder"]), "sat": float(wide.loc[b, "sat"]),
                     "ladder status": status.loc[b, "ladder"],
                     "sat status": status.loc[b, "sat"],
                     "sat / ladder": float(wide.loc[b, "sat"] / wide.loc[b, "ladder"])})
    return rows


def summary(rows: list[dict], over: float = 10.0) -> dict:
    """Median and worst ratio, the slowest proof, and how many proofs took
    over ``over`` seconds or lost to CP-SAT."""
    r = np.array([x["sat / ladder"] for x in rows
                  if not (x["ladder status"] == "capped" and x["sat status"] == "capped")])
    slow = max(rows, key=lambda x: x["ladder"])
    return {"puzzles": len(rows), "median": float(np.median(r)), "worst": float(r.min()),
            "slowest": slow["board"], "slowest size": slow["size"],
            "slowest seconds": slow["ladder"],
            "over 10 s": sum(x["ladder"] > over or x["ladder status"] == "capped" for x in rows),
            "slower than CP-SAT": int((r < 1).sum())}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--genres", nargs="*", default=None,
                    help="the genres to time (default: every genre with a corpus)")
    ap.add_argument("--rounds", type=int, default=3,
                    help="rounds of the two engines called in turn (median kept)")
    ap.add_argument("--budget", type=float, default=0.5,
                    help="more rounds (up to 100) while a puzzle's rounds total under this "
                         "many seconds")
    ap.add_argument("--time-limit", type=float, default=60.0,
                    help="seconds per puzzle and engine; a capped run is charged all of it")
    ap.add_argument("--no-store", action="store_true", help="print only")
    a = ap.parse_args(argv)
    genres = a.genres or corpus.genres()
    report = {"machine": platform.processor() or platform.machine(),
              "python": platform.python_version(), "when": time.strftime("%Y-%m-%d"),
              "rounds": a.rounds, "budget": a.budget, "time_limit": a.time_limit,
              "genres": {}}
    if OUT.exists():
        report["genres"] = json.loads(OUT.read_text()).get("genres", {})
    for g in genres:
        t0 = time.perf_counter()
        rows = time_genre(g, a.rounds, a.time_limit, a.budget)
        print(f"{'puzzle':34s} {'size':>7s} {'ladder s':>10s} {'sat s':>10s}  sat/ladder")
        for x in rows:
            print(f"{x['board']:34s} {x['size']:>7s} {x['ladder']:10.4f} {x['sat']:10.4f} "
                  f"{x['sat / ladder']:10.1f}x  {x['ladder status']}")
        s = summary(rows)
        print(f"{g}: {s['puzzles']} puzzles, sat/ladder median {s['median']:.1f}x, worst "
              f"{s['worst']:.2f}x; slowest {s['slowest']} ({s['slowest size']}) "
              f"{s['slowest seconds']:.2f} s; over 10 s {s['over 10 s']}, slower than CP-SAT "
              f"{s['slower than CP-SAT']}  ({time.perf_counter() - t0:.0f} s)", flush=True)
        report["genres"][g] = {"puzzles": rows, "summary": s, "when": time.strftime("%Y-%m-%d")}
        if not a.no_store:
            OUT.parent.mkdir(exist_ok=True)
            OUT.write_text(json.dumps(report, indent=0))
    print(f"wrote {OUT}" if not a.no_store else "stored nothing (--no-store)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
