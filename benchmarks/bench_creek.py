"""Timings for Creek (not a test): python benchmarks/bench_creek.py [per_size] [max_n]

For every bank board, the uniqueness proof by the ladder
(``core.genre.proof_count``) beside the CP-SAT model and the raw engine, and
their ratios; then a
size sweep from 6×6 to 20×20 (every corner printed, and half of them) of the
ladder against CP-SAT.  Best of calls repeated for 0.05 s after a warm-up (numba compilation not timed).
"""
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


from puzzlekit.core import banks, perf  # noqa: E402
from puzzlekit.creek import SPEC  # noqa: E402


def main(per_size=2, max_n=20):
    bank = banks.load("creek")
    ps = [SPEC.Puzzle.from_json(e["clues"]) for e in bank]
    df = perf.prove(SPEC, ps, [e["id"] for e in bank], time_limit=60.0, budget=0.05)
    perf.print_bank(df)
    sizes = [n for n in (6, 8, 10, 12, 14, 16, 18, 20) if n <= int(max_n)]
    perf.print_sweep(perf.sweep(SPEC, sizes, int(per_size), time_limit=60.0))
    t = time.perf_counter()
    rep = banks.verify(SPEC)
    print(f"bank verify: {rep['verified']}/{rep['boards']} in {time.perf_counter() - t:.1f} s")


if __name__ == "__main__":
    main(*sys.argv[1:])
