"""A first solve after install, and the same solve again (not a test).

    python benchmarks/bench_cold.py [--genres magnets numbrix] [--real] [--no-store]

For every built genre with a bank (or those of ``--genres``): a fresh, empty
numba cache (``NUMBA_CACHE_DIR`` a new temporary folder), then a fresh
process running ``python -m puzzlekit solve GENRE <first bank board> --count 2``
(the cold run: every kernel it needs compiled), then the same command again
in another new process with the cache it filled (the warm run: every kernel
loaded from the cache).  ``--real`` times instead, per genre, the real puzzle
of ``benchmarks/real/`` whose proof took longest in the stored real-puzzle
run (``results/real.json``, the ones the ladder finished): a first bank board
never reaches the clause learner, a hard real puzzle may, and a first solve
then compiles the learner too.  Each run's wall seconds and processor seconds (the
child process's user plus system time) are measured; the machine's load
inflates the wall time, not the processor time.  Prints a table and writes
``benchmarks/results/cold.json`` (``{"genres": {genre: {"cold": s, "warm":
s, "cold cpu": s, "warm cpu": s, "board": id}}, "real": {the same, for the
real puzzles}, "machine", "when"}``; a run of some genres replaces their
entries and keeps the others').
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

sys.path.insert(0, str(ROOT / "benchmarks" / "real"))

import corpus  # noqa: E402

import puzzlekit  # noqa: E402
from puzzlekit.core import banks  # noqa: E402

OUT = ROOT / "benchmarks" / "results" / "cold.json"
REAL = ROOT / "benchmarks" / "results" / "real.json"


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


def cold_and_warm(genre: str, clues: dict, board_id: str) -> dict:
    """The cold and the warm solve of a board (``clues``, our JSON form)."""
    with tempfile.TemporaryDirectory(prefix="puzzlekit-cold-") as tmp:
        board = Path(tmp) / "board.json"
        board.write_text(json.dumps(clues))
        cache = str(Path(tmp) / "numba")
        cold, cold_cpu = timed_solve(genre, board, cache)
        warm, warm_cpu = timed_solve(genre, board, cache)
    return {"cold": round(cold, 2), "warm": round(warm, 2), "cold cpu": round(cold_cpu, 2),
            "warm cpu": round(warm_cpu, 2), "board": board_id}


def first_bank_board(genre: str) -> tuple:
    """The genre's first bank board: ``(clues, id)``."""
    entry = banks.load(genre)[0]
    return entry["clues"], entry["id"]


def slowest_real(genre: str) -> tuple | None:
    """The real puzzle whose proof took longest in the stored real-puzzle
    run, of those the ladder finished: ``(clues, id)``, or None."""
    run = json.loads(REAL.read_text())["genres"].get(genre) if REAL.exists() else None
    done = [x for x in (run or {}).get("puzzles", []) if x["ladder status"] != "capped"]
    if not done:
        return None
    slow = max(done, key=lambda x: x["ladder"])["board"]
    sp = puzzlekit.spec(genre)
    entry = next(e for e in corpus.load(genre) if e["id"] == slow)
    return corpus.puzzle(sp, entry).to_json(), slow


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
    ap.add_argument("--real", action="store_true",
                    help="the slowest real puzzle of each genre instead of its first bank board")
    ap.add_argument("--no-store", action="store_true", help="print the table only")
    a = ap.parse_args(argv)
    key = "real" if a.real else "genres"
    report = {"machine": platform.processor() or platform.machine(),
              "cores": os.cpu_count(), "when": time.strftime("%Y-%m-%d"), "genres": {}}
    if OUT.exists():
        stored = json.loads(OUT.read_text())
        report.update({k: stored[k] for k in ("genres", "real") if k in stored})
    report.setdefault(key, {})
    print(f"{'genre':16s} {'board':>10s} {'cold s':>8s} {'cpu':>7s} {'warm s':>8s} {'cpu':>7s}")
    for g in a.genres or _built():
        board = slowest_real(g) if a.real else first_bank_board(g)
        if board is None:
            print(f"{g:16s} no real puzzle the ladder finished in results/real.json")
            continue
        row = cold_and_warm(g, *board)
        report[key][g] = row
        print(f"{g:16s} {row['board']:>10} {row['cold']:8.1f} {row['cold cpu']:7.1f} "
              f"{row['warm']:8.1f} {row['warm cpu']:7.1f}", flush=True)
        if not a.no_store:
            OUT.parent.mkdir(exist_ok=True)
            OUT.write_text(json.dumps(report, indent=1))
    print("stored nothing (--no-store)" if a.no_store else f"wrote {OUT}")


if __name__ == "__main__":
    main()
