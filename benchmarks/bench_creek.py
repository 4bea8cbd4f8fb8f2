"""Timings for Creek (not a test): python benchmarks/bench_creek.py [per_size] [max_n]

For every bank board, the uniqueness proof by the ladder's search (compiled
loop) beside the CP-SAT model and the raw engine, and their ratios; then a
size sweep from 6×6 to 20×20 (every corner printed, and half of them) of the
ladder against CP-SAT.  Second-call timings (numba compilation not timed).
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
    df = perf.prove(SPEC, ps, [e["id"] for e in bank], time_limit=60.0, repeat=3)
    r = perf.ratios(df)
    for e in bank:
        row = r.loc[e["id"]]
        print(f"{e['id']:<16} {e['grade']:<8} ladder {1e3 * row['ladder']:8.2f} ms   "
              f"CP-SAT {1e3 * row['sat']:8.2f} ms ({row['sat / ladder']:6.1f}x)   "
              f"raw {1e3 * row['raw']:8.2f} ms")
    s = perf.summary(df)
    print(f"bank: CP-SAT / ladder median {s['sat median']:.1f}x, worst {s['sat worst']:.1f}x; "
          f"raw / ladder median {s['raw median']:.1f}x, worst {s['raw worst']:.1f}x")
    sizes = [n for n in (6, 8, 10, 12, 14, 16, 18, 20) if n <= int(max_n)]
    sw = perf.sweep(SPEC, sizes, int(per_size), time_limit=60.0)
    med = sw.groupby(["size", "density", "engine"])["seconds"].median().unstack("engine")
    med["sat / ladder"] = med["sat"] / med["ladder"]
    capped = sw[sw["status"] == "capped"]
    print(med.to_string(float_format=lambda v: f"{v:.4f}"))
    print(f"capped runs: {len(capped)}")
    t = time.perf_counter()
    rep = banks.verify(SPEC)
    print(f"bank verify: {rep['verified']}/{rep['boards']} in {time.perf_counter() - t:.1f} s")


if __name__ == "__main__":
    main(*sys.argv[1:])
