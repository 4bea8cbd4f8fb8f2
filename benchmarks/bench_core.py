"""Timings of the shared kernels (not a test): python benchmarks/bench_core.py

Times the second call of each numba kernel (the first compiles or loads the
cache) on a 30x30 grid with a random 70 % mask, and the pure overhead of one
fixpoint pass of the ladder loop.
"""
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from puzzlekit.core import STABLE, Ladder, Rung, State
from puzzlekit.core.graph import articulation_points, components, reachable
from puzzlekit.core.grid import Grid
from puzzlekit.core.perf import seconds


def best(fn, repeat=200):
    """Best of ``repeat`` calls after a warm-up call, in microseconds."""
    return seconds(fn, repeat)[0] * 1e+06


def main():
    g = Grid(30, 30)
    mask = np.random.default_rng(0).random(g.n) < 0.7
    print(f"components        30x30: {best(lambda: components(g.nbrs, mask)):8.1f} us")
    print(f"articulation      30x30: {best(lambda: articulation_points(g.nbrs, mask)):8.1f} us")
    print(f"reachable         30x30: {best(lambda: reachable(g.nbrs, mask, [0])):8.1f} us")
    lad = Ladder([Rung(f"r{i}", lambda s, c: STABLE) for i in range(4)])
    s = State(None, np.arange(0, 100 * 100 + 1, 100))
    print(f"fixpoint overhead, 4 idle rungs, 10,000 bits: "
          f"{best(lambda: lad.fixpoint(s), 50):8.1f} us")


if __name__ == "__main__":
    main()
