"""Timings of Stostone's engines (not a test):
python benchmarks/bench_stostone.py [--quick] [--census]

For every bank board: the uniqueness proof (count to 2) by the ladder's
compiled search beside the CP-SAT model and the stone picker, second-call
timings, with the median and worst CP-SAT/ladder ratio per size; then a size
sweep to 20x20 on ``sweep_board`` boards (numbers in every region, or in a
third of them); then the bank re-proof.  ``--census`` also times the big
census cells (4x10, 6x6 and 8x4: 60, 64 and 24 million balanced grids).
"""
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from puzzlekit.core import banks, perf  # noqa: E402
from puzzlekit.stostone import SPEC, Puzzle, census  # noqa: E402


def _clock(fn):
    t = time.perf_counter()
    out = fn()
    return time.perf_counter() - t, out


def main(quick=False, big_census=False):
    entries = banks.load("stostone")
    if quick:
        entries = entries[::10]
    df = perf.prove(SPEC, [Puzzle.from_json(e["clues"]) for e in entries],
                    [e["id"] for e in entries], time_limit=60.0, repeat=3)
    r = perf.ratios(df)
    print("board                           ladder ms     raw ms     sat ms   sat/ladder")
    for b, row in r.iterrows():
        print(f"{b:<30} {1e3 * row['ladder']:9.2f} {1e3 * row['raw']:10.2f} "
              f"{1e3 * row['sat']:10.2f} {row['sat / ladder']:10.1f}x")
    for n in (6, 8):
        sub = r[[b.split("-")[1] == f"{n}x{n}" for b in r.index]]
        if len(sub):
            print(f"{n}x{n}: sat/ladder median {np.median(sub['sat / ladder']):.1f}x, "
                  f"worst {sub['sat / ladder'].min():.1f}x over {len(sub)} boards")
    s = perf.summary(df)
    print(f"all bank boards: sat/ladder median {s['sat median']:.1f}x, worst {s['sat worst']:.1f}x")
    sizes = (6, 10, 14, 20) if quick else (6, 8, 10, 12, 14, 16, 18, 20)
    sw = perf.sweep(SPEC, sizes, 1 if quick else 3, time_limit=60.0)
    med = sw.groupby(["size", "density", "engine"])["seconds"].median().unstack("engine")
    med["sat / ladder"] = med["sat"] / med["ladder"]
    status = sw.groupby(["size", "density", "engine"])["status"].agg(
        lambda x: ",".join(sorted(set(x))))
    print((med * [1e3, 1e3, 1]).round(2).rename(columns={"ladder": "ladder ms", "sat": "sat ms"}))
    print(status.unstack("engine"))
    cells = [(6, 4), (4, 8)] + ([(8, 4), (4, 10), (6, 6)] if big_census else [])
    for h, w in cells:
        t, c = _clock(lambda: census.counts(h, w))
        print(f"{h}x{w} census (exact, convex, count) {c} in {t:.1f} s")
    t = time.perf_counter()
    rep = banks.verify(SPEC)
    print(f"bank verify: {rep['verified']}/{rep['boards']} in {time.perf_counter() - t:.1f} s")


if __name__ == "__main__":
    main("--quick" in sys.argv, "--census" in sys.argv)
