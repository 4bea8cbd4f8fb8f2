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


sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from puzzlekit.core import banks, perf  # noqa: E402
from puzzlekit.stostone import SPEC, Puzzle, census  # noqa: E402


def main(quick=False, big_census=False):
    entries = banks.load("stostone")
    if quick:
        entries = entries[::10]
    df = perf.prove(SPEC, [Puzzle.from_json(e["clues"]) for e in entries],
                    [e["id"] for e in entries], time_limit=60.0, budget=0.05)
    perf.print_bank(df, (6, 8))
    sizes = (6, 10, 14, 20) if quick else (6, 8, 10, 12, 14, 16, 18, 20)
    sw = perf.sweep(SPEC, sizes, 1 if quick else 3, time_limit=60.0)
    perf.print_sweep(sw)
    cells = [(6, 4), (4, 8)] + ([(8, 4), (4, 10), (6, 6)] if big_census else [])
    for h, w in cells:
        t, c = perf.seconds(lambda: census.counts(h, w), warm=False)
        print(f"{h}x{w} census (exact, convex, count) {c} in {t:.1f} s")
    t = time.perf_counter()
    rep = banks.verify(SPEC)
    print(f"bank verify: {rep['verified']}/{rep['boards']} in {time.perf_counter() - t:.1f} s")


if __name__ == "__main__":
    main("--quick" in sys.argv, "--census" in sys.argv)
