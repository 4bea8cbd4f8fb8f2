"""Timings of Numberlink's engines (not a test): python benchmarks/bench_numberlink.py [--quick]

For every bank board: the uniqueness proof (count to 2) by the ladder's
compiled search beside the CP-SAT model and the cutter, each timed on its
second call, with the ratios; then a size sweep 6x6 ... 20x20 of boards
straight from sampled partitions (taut: "dense", loose: "sparse"), ladder
against CP-SAT.  ``--quick`` times every fourth bank board and a shorter sweep.
"""
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from puzzlekit.core import banks, perf  # noqa: E402
from puzzlekit.numberlink import SPEC, Puzzle  # noqa: E402


def main(quick=False):
    entries = banks.load("numberlink")[::4 if quick else 1]
    ps = [Puzzle.from_json(e["clues"]) for e in entries]
    df = perf.prove(SPEC, ps, [e["id"] for e in entries], time_limit=60.0)
    r = perf.ratios(df)
    pd.set_option("display.width", 140)
    print(r.round(4).to_string())
    s = perf.summary(df)
    print(f"bank: {s['boards']} boards; CP-SAT / ladder median {s['sat median']:.1f}x, "
          f"worst {s['sat worst']:.1f}x; cutter / ladder median {s['raw median']:.2f}x, "
          f"worst {s['raw worst']:.2f}x")
    sizes = (6, 10, 14) if quick else (6, 8, 10, 12, 14, 16, 18, 20)
    sw = perf.sweep(SPEC, sizes, 1 if quick else 2, time_limit=60.0, warm=False)
    med = sw.groupby(["size", "density", "engine"])["seconds"].median().unstack("engine")
    med["sat / ladder"] = med["sat"] / med["ladder"]
    print(med.round(4).to_string())
    print("capped runs:", int((sw["status"] == "capped").sum()))
    t = time.perf_counter()
    rep = banks.verify(SPEC)
    print(f"bank verify: {rep['verified']}/{rep['boards']} in {time.perf_counter() - t:.1f} s")


if __name__ == "__main__":
    main("--quick" in sys.argv)
