"""Timings of Choco Banana's engines (not a test):
python benchmarks/bench_choco_banana.py [--quick]

For every bank board: the uniqueness proof (count to 2) by the ladder's
compiled search beside the CP-SAT model and the raw engine, second-call
timings, with the median and worst CP-SAT/ladder ratio per size; then a size
sweep to 20x20 on ``sweep_board`` boards (dense and sparse clues); then the
ledgers and the size-map census, and the bank re-proof.
"""
import sys
import time
from pathlib import Path


sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from puzzlekit.core import banks, perf  # noqa: E402
from puzzlekit.choco_banana import SPEC, Puzzle, census  # noqa: E402


def main(quick=False):
    entries = banks.load("choco_banana")
    if quick:
        entries = entries[::10]
    df = perf.prove(SPEC, [Puzzle.from_json(e["clues"]) for e in entries],
                    [e["id"] for e in entries], time_limit=60.0, budget=0.05)
    perf.print_bank(df, (6, 8))
    sizes = (6, 10, 14, 20) if quick else (6, 8, 10, 12, 14, 16, 18, 20)
    sw = perf.sweep(SPEC, sizes, 1 if quick else 3, time_limit=60.0)
    perf.print_sweep(sw)
    for h, w in ((5, 5), (3, 8), (2, 10)):
        t, c = perf.seconds(lambda: census.legal_count(h, w), warm=False)
        print(f"{h}x{w} ledger {c:,} in {t:.2f} s")
    t, c = perf.seconds(lambda: census.ties(4, 5), warm=False)
    print(f"4x5 size-map census {c} in {t:.2f} s")
    t = time.perf_counter()
    rep = banks.verify(SPEC)
    print(f"bank verify: {rep['verified']}/{rep['boards']} in {time.perf_counter() - t:.1f} s")


if __name__ == "__main__":
    main("--quick" in sys.argv)
