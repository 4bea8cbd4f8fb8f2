"""Three engines, timed on the same boards (not a test).

    python benchmarks/bench_engines.py [--genres nanro magnets] [--sizes 6 8 ... 20]
                                       [--per-size 2] [--time-limit 60] [--max-nodes 20000]
                                       [--sweep-max-nodes N] [--budget 0.05] [--no-sweep]
                                       [--quick] [--level RUNG] [--no-store]

For every built genre with a CP-SAT model (or those of ``--genres``): the
uniqueness proof (count to 2) of every bank board by the ladder
(``core.genre.proof_count``: probe at the root, the rungs below it in the
search until it grows large, then rounds with randomised dives between them),
the raw engine and CP-SAT, each the best of calls repeated up to ``--budget``
seconds (hot; ``--alternate N`` instead times N rounds of the engines called
in turn on each board and keeps each one's median, stored beside the hot
run), then a size sweep (dense and sparse boards from 6x6 to 20x20) by the
ladder and CP-SAT.  Prints every bank board's times, the median and worst
ratio per size (CP-SAT time over ladder time; above 1, the ladder is faster)
and the sweep's median times per size and clue density, and writes everything
to ``benchmarks/results/engines.json``, which the README's speed table, the
book's Performance page and the chapters read (a genre run replaces its entry;
the others keep theirs).

``--quick`` times every tenth bank board and a short sweep (6, 10 and 14, one
board each); ``--level RUNG`` runs that rung's fixpoint at every node of the
ladder's search instead of the proof's settings.  Either prints its tables
and stores nothing, as does ``--no-store``: the stored run is the full one of
the proof.
"""
import argparse
import json
import platform
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from report import print_bank, print_sweep

import puzzlekit
from puzzlekit.core import banks, perf

OUT = Path(__file__).resolve().parent / "results" / "engines.json"
ALTERNATING_KEYS = ("bank alternating", "bank alternating summary", "alternating rounds",
                    "alternating when")
SWEEP_KEYS = ("sweep", "sweep sizes", "sweep per size", "sweep when", "sweep max nodes")


def _store(report: dict) -> None:
    OUT.parent.mkdir(exist_ok=True)
    OUT.write_text(json.dumps(report, indent=0, default=lambda x: x.item()
                              if isinstance(x, np.generic) else str(x)))


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


def bank_run(sp, a):
    """The bank's timings (every board, or every tenth with ``--quick``)."""
    entries = banks.load(sp.name)[::10 if a.quick else 1]
    ps = [sp.Puzzle.from_json(e["clues"]) for e in entries]
    return perf.prove(sp, ps, [e["id"] for e in entries], level=a.level,
                      time_limit=a.time_limit, max_nodes=a.max_nodes, budget=a.budget,
                      alternate=a.alternate)


def sweep_run(sp, a):
    """The size sweep's timings, the proof compiled first outside the clock
    (with ``--level``, each board's search is called once untimed instead)."""
    sizes, per_size = ([6, 10, 14], 1) if a.quick else (a.sizes, a.per_size)
    perf.warm_proof(sp, sp.Puzzle.from_json(banks.load(sp.name)[0]["clues"]))
    return perf.sweep(sp, sizes, per_size, time_limit=a.time_limit, warm=a.level is not None,
                      level=a.level, max_nodes=a.sweep_max_nodes)


def _fmt(s):
    return " ".join(f"{k} {v:.3g}" if isinstance(v, float) else f"{k} {v}" for k, v in s.items())


def _parser():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--genres", nargs="*", default=None,
                    help="the genres to time (default: every genre with a CP-SAT model)")
    ap.add_argument("--sizes", nargs="*", type=int, default=[6, 8, 10, 12, 14, 16, 18, 20])
    ap.add_argument("--per-size", type=int, default=2,
                    help="sweep boards per size and clue density")
    ap.add_argument("--time-limit", type=float, default=60.0,
                    help="seconds per board and engine; a capped run is charged all of it")
    ap.add_argument("--max-nodes", type=int, default=20_000,
                    help="the ladder search's node budget per bank board (beside the time limit)")
    ap.add_argument("--sweep-max-nodes", type=int, default=None,
                    help="its node budget per sweep board (default none: the time limit "
                         "alone, as CP-SAT has; a clause learner counts conflicts as nodes)")
    ap.add_argument("--budget", type=float, default=0.05,
                    help="seconds per board and engine: calls are repeated (best time kept) "
                         "until they add up to this, at most 100")
    ap.add_argument("--alternate", type=int, default=0, metavar="ROUNDS",
                    help="time the bank the other way: ROUNDS rounds in which the engines are "
                         "called in turn on each board, median kept (no call follows one of "
                         "its own); stored beside the hot run (as 'bank alternating'), which "
                         "is kept; implies --no-sweep (the sweep already calls each engine "
                         "once, in turn)")
    ap.add_argument("--no-sweep", action="store_true",
                    help="time the bank only (a stored sweep of the genre is kept)")
    ap.add_argument("--quick", action="store_true",
                    help="every tenth bank board and a sweep of 6, 10 and 14 (one board "
                         "each); stores nothing")
    ap.add_argument("--level", default=None,
                    help="run this rung's fixpoint at every search node instead of the "
                         "proof's settings; stores nothing")
    ap.add_argument("--no-store", action="store_true",
                    help="print the tables only; the stored run is left as it is")
    return ap


def main(argv=None):
    a = _parser().parse_args(argv)
    store = not (a.quick or a.level or a.no_store)
    genres = a.genres or _built()
    report = {"machine": platform.processor() or platform.machine(),
              "python": platform.python_version(), "when": time.strftime("%Y-%m-%d"),
              "time_limit": a.time_limit, "genres": {}}
    if OUT.exists():
        report["genres"] = json.loads(OUT.read_text()).get("genres", {})
    if a.alternate:
        a.no_sweep = True
    for g in genres:
        sp = puzzlekit.spec(g)
        t0 = time.perf_counter()
        bank = bank_run(sp, a)
        print_bank(bank)
        s = perf.summary(bank)
        print(f"{g:10s} bank: {_fmt(s)}  ({time.perf_counter() - t0:.0f} s)", flush=True)
        old = report["genres"].get(g, {})
        if a.alternate:
            report["genres"][g] = dict(old, **{
                "bank alternating": bank.to_dict(orient="records"),
                "bank alternating summary": s, "alternating rounds": a.alternate,
                "alternating when": time.strftime("%Y-%m-%d")})
            if store:
                _store(report)
            continue
        entry = {"bank": bank.to_dict(orient="records"), "bank summary": s,
                 "when": time.strftime("%Y-%m-%d"), "budget": a.budget}
        entry.update({k: old[k] for k in ALTERNATING_KEYS if k in old})
        if a.no_sweep and old.get("sweep"):
            entry.update({k: old[k] for k in SWEEP_KEYS if k in old})
        if not a.no_sweep:
            t0 = time.perf_counter()
            sw = sweep_run(sp, a)
            print_sweep(sw)
            capped = sw[sw.status == "capped"].groupby(["engine"]).size().to_dict()
            print(f"{g:10s} sweep: capped runs {capped or 0}  ({time.perf_counter() - t0:.0f} s)",
                  flush=True)
            entry["sweep"] = sw.to_dict(orient="records")
            entry["sweep sizes"] = a.sizes
            entry["sweep per size"] = a.per_size
            entry["sweep when"] = time.strftime("%Y-%m-%d")
            entry["sweep max nodes"] = a.sweep_max_nodes
        report["genres"][g] = entry
        if store:
            _store(report)
    print(f"wrote {OUT}" if store else "stored nothing (--quick, --level or --no-store)")


if __name__ == "__main__":
    main()
