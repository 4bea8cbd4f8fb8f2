"""Timings for Magnets (not tests): brute proofs, ladder fixpoints, chapter tables.

Run: python benchmarks/bench_magnets.py [scale]
"""
import sys
import time

import numpy as np

from puzzlekit.magnets import LADDER, brute, initial_state
from puzzlekit.magnets.article import ARTICLE
from puzzlekit.magnets.generate import sample


def _time(f, *a):
    f(*a)                                  # warm the numba cache; time the second call
    t = time.perf_counter()
    f(*a)
    return time.perf_counter() - t


def main(scale="smoke"):
    rng = np.random.default_rng(0)
    for n in (6, 8, 10):
        boards = [sample(n, n, 0.5, 0.7, rng)[0] for _ in range(20)]
        tb = sum(_time(brute.count_solutions, p, 2) for p in boards) / 20
        tl = sum(_time(lambda q: LADDER.fixpoint(initial_state(q)), p) for p in boards) / 20
        print(f"{n}x{n}: raw engine count<=2 {1e3 * tb:.1f} ms, full ladder fixpoint {1e3 * tl:.1f} ms")
    t = time.perf_counter()
    ARTICLE.report(scale)
    print(f"every article table and claim at scale {scale}: {time.perf_counter() - t:.1f} s")


if __name__ == "__main__":
    main(*sys.argv[1:])
