"""Timings of Numberlink's engines (not a test): python benchmarks/bench_numberlink.py [--quick]

For every bank board: the uniqueness proof (count to 2) by the ladder
(``core.genre.proof_count``) beside the CP-SAT model and the cutter, each the
best of calls repeated for 0.05 s after a warm-up, with the ratios; then a size sweep 6x6 ... 20x20 of boards
straight from sampled partitions (taut: "dense", loose: "sparse"), ladder
against CP-SAT.  ``--quick`` times every fourth bank board and a shorter sweep.
"""
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from puzzlekit.core import banks, perf  # noqa: E402
from puzzlekit.numberlink import SPEC, Puzzle  # noqa: E402


def main(quick=False):
    entries = banks.load("numberlink")[::4 if quick else 1]
    ps = [Puzzle.from_json(e["clues"]) for e in entries]
    df = perf.prove(SPEC, ps, [e["id"] for e in entries], time_limit=60.0, budget=0.05)
    perf.print_bank(df)
    sizes = (6, 10, 14) if quick else (6, 8, 10, 12, 14, 16, 18, 20)
    perf.print_sweep(perf.sweep(SPEC, sizes, 1 if quick else 2, time_limit=60.0, warm=False))
    t = time.perf_counter()
    rep = banks.verify(SPEC)
    print(f"bank verify: {rep['verified']}/{rep['boards']} in {time.perf_counter() - t:.1f} s")


if __name__ == "__main__":
    main("--quick" in sys.argv)
