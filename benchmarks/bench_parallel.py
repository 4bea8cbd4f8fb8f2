"""One article-scale table on 1, 2 and 8 Dask workers: the time and the same frame.

    python benchmarks/bench_parallel.py [GENRE TABLE]   (default: creek density)

Measures the table in this process (1 worker), then on a local cluster of 2
worker processes and of 8, each time from a cold cache of results; before
each clock starts, a smoke-scale run of the same table on the same workers
loads their kernels, as the first tables of a long run would.  The frames and
their per-board values must be identical; the run stops with an error if they
are not.  Writes ``benchmarks/results/parallel.json``, which the Performance
page reads.
"""
from __future__ import annotations

import datetime
import importlib
import json
import os
import sys
import time
from pathlib import Path

import pandas as pd

import puzzlekit
from puzzlekit.core import measure, parallel

OUT = Path(__file__).resolve().parent / "results" / "parallel.json"


def _same(a: pd.DataFrame, b: pd.DataFrame) -> bool:
    try:
        pd.testing.assert_frame_equal(a, b)
    except AssertionError:
        return False
    return repr(a.attrs) == repr(b.attrs)


def main(genre: str = "creek", table: str = "density", scale: str = "article") -> dict:
    art = importlib.import_module(puzzlekit.spec(genre).article).ARTICLE
    parallel.configure()
    runs, frames = [], {}
    for n in (1, 2, 8):
        parallel.configure(workers=n)
        art.clear()
        measure.clear()
        art.measure(table, "smoke")             # warm the workers before the clock
        art.clear()
        measure.clear()
        t = time.perf_counter()
        frames[n] = art.measure(table, scale)
        runs.append({"workers": n, "seconds": round(time.perf_counter() - t, 1),
                     "load": round(os.getloadavg()[0], 2)})
        print(f"{genre} {table} at {scale} on {n} worker(s): {runs[-1]['seconds']} s", flush=True)
    parallel.configure()
    same = {n: _same(frames[1], frames[n]) for n in (2, 8)}
    if not all(same.values()):
        raise SystemExit(f"frames differ between worker counts: {same}")
    out = {"genre": genre, "table": table, "scale": scale, "runs": runs,
           "identical": {str(k): v for k, v in same.items()}, "cpus": os.cpu_count(),
           "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")}
    OUT.write_text(json.dumps(out, indent=1) + "\n")
    return out


if __name__ == "__main__":
    main(*sys.argv[1:3])
