"""Timings of Country Road's engines (not a test): python benchmarks/bench_country_road.py

For every bank board, the uniqueness proof (count to 2) by the ladder
(``core.genre.proof_count``) beside the CP-SAT model and the loop-walking raw
engine, each the best of calls repeated for 0.05 s after a warm-up; then a size sweep of loop-first boards (every country numbered,
and a third of them) from 6x6 to 20x20, ladder against CP-SAT.  Ratios above
1 mean the ladder is faster.  ``--quick`` times a few bank boards and stops
the sweep at 12x12.
"""
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from puzzlekit.core import banks, perf  # noqa: E402
from puzzlekit.country_road import SPEC, Puzzle, catalogue  # noqa: E402


def main(quick=False):
    entries = banks.load("country_road")
    if quick:
        entries = entries[::10]
    ps = [Puzzle.from_json(e["clues"]) for e in entries]
    df = perf.prove(SPEC, ps, [e["id"] for e in entries], time_limit=60.0, budget=0.05)
    perf.print_bank(df)
    sizes = (6, 8, 10, 12) if quick else (6, 8, 10, 12, 14, 16, 18, 20)
    perf.print_sweep(perf.sweep(SPEC, sizes, 1 if quick else 3, time_limit=60.0, warm=True))
    for n in sizes:
        p = SPEC.sweep_board(np.random.default_rng(n), n, "dense")
        t = time.perf_counter()
        cat, complete = catalogue(p)
        print(f"{n}x{n}: {p.k} countries, catalogue {len(cat)} cycles "
              f"{'complete' if complete else 'capped (macro falls back)'}, "
              f"{time.perf_counter() - t:.3f} s")
    t = time.perf_counter()
    rep = banks.verify(SPEC)
    print(f"bank verify: {rep['verified']}/{rep['boards']} in {time.perf_counter() - t:.1f} s")


if __name__ == "__main__":
    main("--quick" in sys.argv)
