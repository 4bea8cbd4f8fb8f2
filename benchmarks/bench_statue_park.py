"""Timings of Statue Park's engines (not a test):
python benchmarks/bench_statue_park.py [--quick]

For every bank board: the uniqueness proof (count to 2) by the ladder's
compiled search beside the CP-SAT model and the placement-first engine,
second-call timings, with the median and worst CP-SAT/ladder ratio per size;
then a size sweep to 20x20 on ``sweep_board`` boards (dense and sparse
circles; the ladder capped at SWEEP_NODES nodes, a capped time is a lower
bound); then the 7x7 three-pentomino park census and the bank re-proof.
"""
import sys
import time
from pathlib import Path


sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from puzzlekit.core import banks, perf  # noqa: E402
from puzzlekit.statue_park import SPEC, Puzzle, brute  # noqa: E402
from puzzlekit.statue_park import article as art  # noqa: E402


SWEEP_NODES = 300   # probe at every node costs ~0.1-0.5 s on a 20x20 board with ~30 pieces


def main(quick=False):
    entries = banks.load("statue_park")
    if quick:
        entries = entries[::8]
    df = perf.prove(SPEC, [Puzzle.from_json(e["clues"]) for e in entries],
                    [e["id"] for e in entries], time_limit=60.0, budget=0.05)
    perf.print_bank(df, (6, 8))
    sizes = (6, 10, 14, 20) if quick else (6, 8, 10, 12, 14, 16, 18, 20)
    sw = perf.sweep(SPEC, sizes, 1 if quick else 3, time_limit=60.0, max_nodes=SWEEP_NODES)
    perf.print_sweep(sw)
    t = time.perf_counter()
    without = sum(brute.count_solutions(p.with_drop(["park"]), 10**9, 10**9).count
                  for p in art.park_bags("7x7 3x size5").take(30))
    print(f"7x7 3x size-5 census: {without:,} answers without the park rule over 30 bags "
          f"in {time.perf_counter() - t:.1f} s")
    t = time.perf_counter()
    rep = banks.verify(SPEC)
    print(f"bank verify: {rep['verified']}/{rep['boards']} in {time.perf_counter() - t:.1f} s")


if __name__ == "__main__":
    main("--quick" in sys.argv)
