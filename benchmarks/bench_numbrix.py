"""Numbrix timings (second call of every kernel): census, raw engine, ladder, bank.

Run: ``python benchmarks/bench_numbrix.py``.
"""
from __future__ import annotations

import time

import numpy as np

from puzzlekit.core import banks
from puzzlekit.numbrix import SPEC, LADDER, Puzzle, brute, initial_state
from puzzlekit.numbrix.generate import backbite, random_answer, snake


def _time(label, fn, repeat=1):
    fn()  # compile / warm
    t = time.perf_counter()
    for _ in range(repeat):
        out = fn()
    dt = (time.perf_counter() - t) / repeat
    print(f"{label:<48} {dt * 1000:10.1f} ms")
    return out


def main():
    _time("census 5x5 (8,648 directed paths)", lambda: brute.census(5, 5))
    _time("census 6x6 (458,696 directed paths)", lambda: brute.census(6, 6))
    _time("backbite 10x10, 60 moves per cell", lambda: backbite(snake(10, 10), 10, 10, 6000, 1), 20)
    bank = banks.load("numbrix")
    big = [Puzzle.from_json(e["clues"]) for e in bank if e["size"] == [10, 10]]
    _time("raw engine count<=2 on 16 bank 10x10 boards", lambda: [brute.brute_count(p, 2) for p in big])
    for lvl in ("link", "block", "edge", "probe"):
        _time(f"fixpoint at {lvl} on 16 bank 10x10 boards",
              lambda: [LADDER.fixpoint(initial_state(p), lvl) for p in big])
    rng = np.random.default_rng(1)
    sparse = [Puzzle.from_cells(10, 10, random_answer(10, 10, rng).grid.ravel(), rng.permutation(100)[:25])
              for _ in range(4)]
    _time("probe fixpoint, 4 10x10 boards at 25%", lambda: [
        LADDER.fixpoint(initial_state(p), "probe") for p in sparse])
    _time("the same without link (probe over pin+block+edge)", lambda: [
        LADDER.fixpoint(initial_state(p), "probe", ("link",)) for p in sparse])
    _time("bank verify (64 boards)", lambda: banks.verify(SPEC, bank))


if __name__ == "__main__":
    main()
