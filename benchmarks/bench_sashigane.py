"""Timings of Sashigane's engines (not a test): python benchmarks/bench_sashigane.py

For every bank board, the uniqueness proof (count to 2) by the ladder's
search beside the CP-SAT model and the scanner, each timed on its second
call; then a size sweep to 20x20 on random answers' boards (every number
printed, or bare circles), ladder against CP-SAT.  Ratios above 1: the ladder is
faster.  ``--level`` runs one level at every node instead of the proof's policy.
"""
import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from puzzlekit.core import banks, perf  # noqa: E402
from puzzlekit.sashigane import SPEC, Puzzle  # noqa: E402


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--level", default=None,
                    help="run this level at every search node (default: the proof, core.genre.proof_count)")
    ap.add_argument("--sizes", default="6,8,10,12,14,16,18,20")
    ap.add_argument("--per-size", type=int, default=2)
    args = ap.parse_args(argv)
    entries = banks.load("sashigane")
    ps = [Puzzle.from_json(e["clues"]) for e in entries]
    df = perf.prove(SPEC, ps, [e["id"] for e in entries], level=args.level, max_nodes=20_000,
                    budget=0.05)
    perf.print_bank(df, sizes=(8, 12))
    s = perf.summary(df)
    print(f"scan / ladder median {s['raw median']:.1f}x, worst {s['raw worst']:.1f}x "
          f"over {s['boards']} boards (level {args.level or 'proof'})")
    sizes = [int(x) for x in args.sizes.split(",")]
    perf.print_sweep(perf.sweep(SPEC, sizes, args.per_size, level=args.level, max_nodes=20_000))


if __name__ == "__main__":
    main()
