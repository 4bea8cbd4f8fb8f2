"""Timings of Sashigane's engines (not a test): python benchmarks/bench_sashigane.py

For every bank board, the uniqueness proof (count to 2) by the ladder's
search beside the CP-SAT model and the scanner, each timed on its second
call; then a size sweep to 20x20 on random answers' boards (every number
printed, or bare circles), ladder against CP-SAT.  Ratios above 1: the ladder is
faster.  ``--level`` picks the level the search runs at each node.
"""
import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from puzzlekit.core import banks, perf  # noqa: E402
from puzzlekit.sashigane import SPEC, Puzzle  # noqa: E402


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--level", default="cover")
    ap.add_argument("--sizes", default="6,8,10,12,14,16,18,20")
    ap.add_argument("--per-size", type=int, default=2)
    args = ap.parse_args(argv)
    entries = banks.load("sashigane")
    ps = [Puzzle.from_json(e["clues"]) for e in entries]
    df = perf.prove(SPEC, ps, [e["id"] for e in entries], level=args.level, max_nodes=20_000)
    r = perf.ratios(df)
    print(r.to_string(float_format=lambda x: f"{x:.4f}"))
    s = perf.summary(df)
    print(f"bank, level {args.level}: CP-SAT / ladder median {s['sat median']:.1f}x, worst "
          f"{s['sat worst']:.1f}x; scan / ladder median {s['raw median']:.1f}x, worst "
          f"{s['raw worst']:.1f}x over {s['boards']} boards")
    for size in (8, 12):
        sub = r[[b.startswith(f"sg-{size}x") for b in r.index]]
        print(f"  {size}x{size}: CP-SAT / ladder median {np.median(sub['sat / ladder']):.1f}x, "
              f"worst {sub['sat / ladder'].min():.1f}x")
    sizes = [int(x) for x in args.sizes.split(",")]
    sw = perf.sweep(SPEC, sizes, args.per_size, level=args.level, max_nodes=20_000)
    med = sw.groupby(["size", "engine"])["seconds"].median().unstack()
    med["sat / ladder"] = med["sat"] / med["ladder"]
    print(med.to_string(float_format=lambda x: f"{x:.4f}"))
    print("statuses:", sw.groupby(["engine", "status"]).size().to_dict())


if __name__ == "__main__":
    main()
