"""A genre's uniqueness-proof settings timed against others (not a test).

    python benchmarks/bench_policy.py numberlink --set probe_after=2000 \\
        [--sizes 12 14 16] [--density sparse] [--seeds 0 1 2] [--per-size 5] [--time-limit 10]
    python benchmarks/bench_policy.py heteromino --set weighted=False \\
        --generated 20 --sizes 12

Times ``core.genre.proof_count`` (count to 2) on sweep boards
(``GenreSpec.sweep_board``, the boards ``core.perf.sweep`` makes for each seed)
with the genre's own policy and with ``--set`` applied to it (fields of
``core.proof.ProofPolicy``, values read as Python literals: ``None``, ``2000``,
``('reach',)``).  Each timing is the best of fresh calls repeated for 0.05 s (one call
for a slow proof), capped at ``--time-limit`` seconds; a capped proof is
charged the whole limit.  The two settings must
agree on every count both finish (checked here).  ``--generated N`` times
instead ``N`` boards per size from the genre's generator (``GenreSpec.generate``,
seeds 1000 onwards, outside the bank's): unique boards like the bank's, for a
setting chosen on the bank to be checked on boards it was not chosen on
(generating them takes a while: a 12x12 Heteromino board about 15 s).  Prints every board, then
the totals, the median of the per-board ratios and how many boards each
setting wins by more than a quarter.
"""
import argparse
import ast
import dataclasses
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import puzzlekit
from puzzlekit.core import perf
from puzzlekit.core.genre import proof_count
from puzzlekit.core.progress import bar
from puzzlekit.core.proof import ProofPolicy


def _setting(text):
    key, _, value = text.partition("=")
    try:
        return key, ast.literal_eval(value)
    except (ValueError, SyntaxError):
        raise argparse.ArgumentTypeError(f"--set {text!r}: expected FIELD=LITERAL") from None


def timed(spec, puzzle, limit):
    t, r = perf.seconds(lambda: proof_count(spec, perf.fresh(spec, puzzle)(), 2, None, limit),
                        warm=False, budget=0.05)
    return (limit if r.capped else t), r


def _generated(spec, n, seed):
    """The genre's generated ``n`` x ``n`` board for ``seed`` (its puzzle)."""
    got = spec.generate(n, n, seed)
    return got[0] if isinstance(got, tuple) else got


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("genre")
    ap.add_argument("--set", dest="sets", type=_setting, action="append", required=True)
    ap.add_argument("--sizes", nargs="*", type=int, default=[12, 14, 16])
    ap.add_argument("--density", default="sparse", choices=["dense", "sparse"])
    ap.add_argument("--seeds", nargs="*", type=int, default=[0, 1, 2])
    ap.add_argument("--per-size", type=int, default=5)
    ap.add_argument("--time-limit", type=float, default=10.0)
    ap.add_argument("--generated", type=int, default=0,
                    help="time N generated boards per size instead of sweep boards")
    a = ap.parse_args(argv)
    try:
        own = puzzlekit.spec(a.genre)
    except ValueError as e:
        ap.error(str(e))
    fields = {f.name for f in dataclasses.fields(ProofPolicy)}
    bad = [k for k, _ in a.sets if k not in fields]
    if bad:
        ap.error(f"not a ProofPolicy field: {', '.join(bad)} "
                 f"(one of {', '.join(sorted(fields))})")
    other = dataclasses.replace(own, proof=dataclasses.replace(own.proof, **dict(a.sets)))
    label = ", ".join(f"{k}={v!r}" for k, v in a.sets)
    if a.generated:
        boards = [(f"generated {n}x{n} seed {s}", _generated(own, n, s)) for n in a.sizes
                  for s in bar(range(1000, 1000 + a.generated), desc=f"generating {n}x{n}")]
    else:
        boards = [(f"seed {s} {b}", p) for s in a.seeds for n in a.sizes
                  for b, p in perf.sweep_boards(own, n, a.density, a.per_size, s)]
    if not boards:
        ap.error("no boards: the genre has no sweep_board, or it made none")
    proof_count(own, boards[0][1], 2, None, a.time_limit)         # compile outside the clock
    rows = []
    for b, p in bar(boards, desc=f"{a.genre} proofs"):
        t0, r0 = timed(own, p, a.time_limit)
        t1, r1 = timed(other, p, a.time_limit)
        if not (r0.capped or r1.capped):
            assert r0.status == r1.status, (b, r0.status, r1.status)
        rows.append((b, t0, r0, t1, r1))
        print(f"{b:28s} own {r0.status:8s} {r0.nodes:9,d} {t0:7.3f} s | "
              f"{label}: {r1.status:8s} {r1.nodes:9,d} {t1:7.3f} s", flush=True)
    own_t = np.array([x[1] for x in rows])
    other_t = np.array([x[3] for x in rows])
    ratio = other_t / np.maximum(own_t, 1e-9)
    print(f"\n{len(rows)} boards; total own {own_t.sum():.1f} s, {label} {other_t.sum():.1f} s; "
          f"median ({label}) / own {np.median(ratio):.2f}; own faster by > 25% on "
          f"{int((ratio > 1.25).sum())}, slower by > 25% on {int((ratio < 0.8).sum())}; "
          f"capped: own {sum(x[2].capped for x in rows)}, {label} "
          f"{sum(x[4].capped for x in rows)}")


if __name__ == "__main__":
    main()
