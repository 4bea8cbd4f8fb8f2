"""Timings of Nanro's engines (not a test): python benchmarks/bench_nanro.py

Second-call timings, on fixed boards of the bank and the stream, of the
compiled fixpoint at each level (``propagate``, the core's one compiled loop on
Nanro's kernels), the same through ``LADDER.fixpoint``, the counting search
with the compiled leaf check alone (``fast_count``, what the measurements use)
against ``ladder_count``, the raw engine, minimisation and the bank re-proof.
"""
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from timing import best as _best  # noqa: E402

from puzzlekit.core import banks  # noqa: E402
from puzzlekit.core.genre import ladder_count  # noqa: E402
from puzzlekit.nanro import (LADDER, SPEC, Puzzle, brute, fast_count,  # noqa: E402
                             initial_state, minimise, propagate, random_board, search)


def best(fn, repeat=5):
    return _best(fn, repeat) * 1000


def main():
    bank = banks.load("nanro")
    for n in (6, 8, 10):
        e = next(x for x in bank if x["size"] == [n, n] and x["grade"] == "probe")
        p = Puzzle.from_json(e["clues"])
        print(f"{n}x{n} probe-grade bank board ({len(p.clues)} clues)")
        for lv in LADDER.names:
            print(f"  fixpoint {lv:<12} {best(lambda: propagate(p, lv)):8.2f} ms")
        print(f"  LADDER.fixpoint      {best(lambda: LADDER.fixpoint(initial_state(p))):8.2f} ms")
        print(f"  search (reach)       {best(lambda: search(p, 'reach', 2)):8.2f} ms")
        fast, core = best(lambda: fast_count(p, 4, 2)), best(lambda: ladder_count(SPEC, p, 2), 2)
        print(f"  count at probe: fast_count {fast:8.2f} ms, ladder_count {core:8.2f} ms "
              f"({core / fast:.1f}x)")
        print(f"  raw engine           {best(lambda: brute.count_solutions(p, 2)):8.2f} ms "
              f"({brute.count_solutions(p, 2).nodes:,} nodes)")
        rng = np.random.default_rng(n)
        q, mask = random_board(n, n, rng)
        print(f"  minimise for probe   {best(lambda: minimise(q, mask, 'probe', 1), 2):8.2f} ms")
    t = time.perf_counter()
    rep = banks.verify(SPEC)
    print(f"bank verify: {rep['verified']}/{rep['boards']} in {time.perf_counter() - t:.1f} s")


if __name__ == "__main__":
    main()
