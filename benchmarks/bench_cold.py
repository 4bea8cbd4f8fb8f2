"""A first solve after install, and the same solve again (not a test).

    python benchmarks/bench_cold.py [--genres magnets numbrix] [--no-store]

For every built genre with a bank (or those of ``--genres``): a fresh, empty
numba cache (``NUMBA_CACHE_DIR`` a new temporary folder), then a fresh
process running ``python -m puzzlekit solve GENRE <first bank board> --count 2``
(the cold run: every kernel it needs compiled), then the same command again
in another new process with the cache it filled (the warm run: every kernel
loaded from the cache).  Each run's wall seconds and processor seconds (the
child process's user plus system time) are measured; the machine's load
inflates the wall time, not the processor time.  Prints a table and writes
``benchmarks/results/cold.json`` (``{"genres": {genre: {"cold": s, "warm":
s, "cold cpu": s, "warm cpu": s, "board": id}}, "machine", "when"}``; a run
of some genres replaces their entries and keeps the others').
"""
import argparse
import json
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import puzzlekit  # noqa: E402
from puzzlekit.core import banks  # noqa: E402

OUT = ROOT / "benchmarks" / "results" / "cold.json"


def timed_solve(genre: str, board: Path, cache: str) -> tuple[float, float]:
    """Wall and processor seconds of one ``solve GENRE board --count 2`` in
    a new process whose numba cache is ``cache``."""
    env = dict(os.environ, NUMBA_CACHE_DIR=cache, PYTHONPATH=str(ROOT),
               PUZZLEKIT_PROGRESS="0")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "puzzlekit", "solve", genre, str(board),
                           "--count", "2"], env=env, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise RuntimeError(f"{genre}: solve exited {done.returncode}: {done.stderr.strip()}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def cold_and_warm(genre: str) -> dict:
    """The cold and the warm solve of the genre's first bank board."""
    entry = banks.load(genre)[0]
    with tempfile.TemporaryDirectory(prefix="puzzlekit-cold-") as tmp:
        board = Path(tmp) / "board.json"
        board.write_text(json.dumps(entry["clues"]))
        cache = str(Path(tmp) / "numba")
        cold, cold_cpu = timed_solve(genre, board, cache)
        warm, warm_cpu = timed_solve(genre, board, cache)
    return {"cold": round(cold, 2), "warm": round(warm, 2), "cold cpu": round(cold_cpu, 2),
            "warm cpu": round(warm_cpu, 2), "board": entry["id"]}


def _built() -> list:
    out = []
    for g in puzzlekit.GENRES:
        try:
            banks.load(g)
        except (ValueError, banks.BankMissing):
            continue
        out.append(g)
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--genres", nargs="*", help="genres to run (default: every one with a bank)")
    ap.add_argument("--no-store", action="store_true", help="print the table only")
    a = ap.parse_args(argv)
    report = {"machine": platform.processor() or platform.machine(),
              "cores": os.cpu_count(), "when": time.strftime("%Y-%m-%d"), "genres": {}}
    if OUT.exists():
        report["genres"] = json.loads(OUT.read_text()).get("genres", {})
    print(f"{'genre':16s} {'board':>10s} {'cold s':>8s} {'cpu':>7s} {'warm s':>8s} {'cpu':>7s}")
    for g in a.genres or _built():
        row = cold_and_warm(g)
        report["genres"][g] = row
        print(f"{g:16s} {row['board']:>10} {row['cold']:8.1f} {row['cold cpu']:7.1f} "
              f"{row['warm']:8.1f} {row['warm cpu']:7.1f}", flush=True)
        if not a.no_store:
            OUT.parent.mkdir(exist_ok=True)
            OUT.write_text(json.dumps(report, indent=1))
    print("stored nothing (--no-store)" if a.no_store else f"wrote {OUT}")


if __name__ == "__main__":
    main()
