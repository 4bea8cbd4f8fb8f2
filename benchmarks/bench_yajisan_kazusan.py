"""Timings of Yajisan-Kazusan's engines (not a test):
python benchmarks/bench_yajisan_kazusan.py [--quick]

For every bank board: the uniqueness proof (count to 2) by the ladder's
compiled search beside the CP-SAT model and the raw engine, second-call
timings, with the median and worst CP-SAT/ladder ratio per size; then a size
sweep to 20x20 on ``sweep_board`` boards (dense and sparse clues); then the
blank-board census (6x6 connected, 7x7 transfer matrix), the -adj ablation
at the article's 60,000-node cap, and the bank re-proof.
"""
import sys
from pathlib import Path


sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from puzzlekit.core import banks, perf  # noqa: E402
from puzzlekit.yajisan_kazusan import SPEC, Puzzle, census  # noqa: E402
from puzzlekit.yajisan_kazusan.brute import independent_sets  # noqa: E402
from puzzlekit.yajisan_kazusan.generate import count  # noqa: E402


def main(quick=False):
    entries = banks.load("yajisan_kazusan")
    if quick:
        entries = entries[::10]
    df = perf.prove(SPEC, [Puzzle.from_json(e["clues"]) for e in entries],
                    [e["id"] for e in entries], time_limit=60.0, budget=0.05)
    perf.print_bank(df, (6, 8, 10))
    sizes = (6, 10, 14, 20) if quick else (6, 8, 10, 12, 14, 16, 18, 20)
    sw = perf.sweep(SPEC, sizes, 1 if quick else 3, time_limit=60.0)
    perf.print_sweep(sw)
    t, c = perf.seconds(lambda: census.connected_count(6, 6), warm=False)
    print(f"6x6 connected census {c:,} in {t:.2f} s (cold)")
    t, c = perf.seconds(lambda: independent_sets(7, 7), warm=False)
    print(f"7x7 independent sets {c:,} by transfer matrix in {t:.3f} s")
    ps = [Puzzle.from_json(e["clues"]) for e in banks.load("yajisan_kazusan")]
    ps = ps[::10] if quick else ps
    t, runs = perf.seconds(lambda: [count(p, 2, 60_000, "probe", without=("adj",)) for p in ps], warm=False)
    print(f"-adj at 60,000 nodes: {len(ps)} boards in {t:.1f} s, "
          f"{sum(x.capped for x in runs)} over budget")
    t, rep = perf.seconds(lambda: banks.verify(SPEC), warm=False)
    print(f"bank verify: {rep['verified']}/{rep['boards']} in {t:.1f} s")


if __name__ == "__main__":
    main("--quick" in sys.argv)
