"""Timings of Kojun's engines (not a test): python benchmarks/bench_kojun.py [sweep sizes...]

For every bank board: the uniqueness proof (count to 2) by the ladder's
compiled search beside the CP-SAT model and the raw engine, each timed on its
second call, with the CP-SAT / ladder ratio (the ladder's search runs the
``region`` fixpoint at each node: probe finishes more boards with no branch,
but a probe at every node costs more than the branches it saves); then a size sweep up to 20x20
(dense and sparse reveals, ladder against CP-SAT); then the census's two
largest enumerations and the bank re-proof.
"""
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from puzzlekit.core import banks, perf  # noqa: E402
from puzzlekit.kojun import SPEC, Puzzle, propagate  # noqa: E402
from puzzlekit.kojun.census import rectangle_count  # noqa: E402
from puzzlekit.kojun.generate import partition_board  # noqa: E402

LEVEL = "region"      # the search's level at every node: the cheapest complete proof here


def main(sizes=(6, 10, 14, 20)):
    bank = banks.load("kojun")
    ps = [Puzzle.from_json(e["clues"]) for e in bank]
    df = perf.prove(SPEC, ps, [e["id"] for e in bank], level=LEVEL, time_limit=60.0)
    r = perf.ratios(df)
    print(r.to_string(float_format=lambda x: f"{x:.4g}"))
    s = perf.summary(df)
    print(f"bank: {s['boards']} boards; CP-SAT / ladder median {s['sat median']:.1f}x, "
          f"worst {s['sat worst']:.1f}x; raw / ladder median {s['raw median']:.2f}x")
    short = r[r["sat / ladder"] < 10]
    print(f"boards where the ladder is under 10x faster than CP-SAT: {len(short)}")
    sw = perf.sweep(SPEC, sizes, 3, level=LEVEL, time_limit=60.0)
    med = perf.sweep_medians(sw)
    print(med.to_string(float_format=lambda x: f"{x:.4g}"))
    print("capped runs in the sweep:", int((sw["status"] == "capped").sum()))
    for p, q in ((3, 3), (2, 5)):
        t = time.perf_counter()
        cnt, nodes, _ = rectangle_count(p, q)
        print(f"census {p}x{q}: {cnt:,} fillings, {nodes:,} nodes, {time.perf_counter() - t:.2f} s")
    rng = np.random.default_rng(0)
    p, _ = partition_board(8, 8, (9, 9), 0.5, rng, merge=False)
    t = time.perf_counter()
    propagate(p.with_givens(), "probe")
    print(f"probe fixpoint on a naked 8x8 of 9-cell targets: {time.perf_counter() - t:.2f} s")
    t = time.perf_counter()
    rep = banks.verify(SPEC)
    print(f"bank verify: {rep['verified']}/{rep['boards']} in {time.perf_counter() - t:.1f} s")


if __name__ == "__main__":
    main(tuple(int(x) for x in sys.argv[1:]) or (6, 10, 14, 20))
