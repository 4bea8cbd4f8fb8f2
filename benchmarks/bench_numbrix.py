"""Numbrix timings (second call of every kernel): census, raw engine, ladder, bank.

Run: ``python benchmarks/bench_numbrix.py``.
"""
from __future__ import annotations

import time

import numpy as np

from puzzlekit.core import banks
from puzzlekit.numbrix import SPEC, LADDER, Puzzle, brute, census, initial_state
from puzzlekit.numbrix.generate import backbite, snake


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
    _time("bank verify (64 boards)", lambda: banks.verify(SPEC, bank))


if __name__ == "__main__":
    main()
