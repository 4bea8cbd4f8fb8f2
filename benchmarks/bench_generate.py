"""The generators, timed per size (not a test).

    python benchmarks/bench_generate.py [--genres numbrix magnets] [--sizes 6 8 ... 20]
                                        [--seeds 3] [--timeout 60] [--big 30] [--no-store]

For every built genre (or those of ``--genres``): ``generate GENRE --size
NxN --seed S`` at every size of ``--sizes`` and every seed ``0 .. --seeds-1``,
each board made by the function the command line runs
(``puzzlekit.__main__._generate_report``: the genre's ``generate`` at its
default grade, then the board's grade) in a forked worker with a deadline
of ``--timeout`` seconds (``puzzlekit._worker.run_capped``), as ``generate
--timeout`` does.  The genre's kernels are compiled first, untimed: its
proof search (``_worker.warm``, as the command line does) and one board of
the smallest size made in this process, which every worker inherits.

A genre whose every 20x20 board (``BIG_AFTER``) took under ``BIG_IF``
seconds is also timed at ``--big`` (30 by default; 0 skips it).
Each board's status is ``ok``, ``timeout`` (killed at the deadline; its
seconds are the deadline), ``refused`` (the generator's one-line refusal,
kept as ``message``), ``memory`` (the worker's memory ceiling) or
``error`` (an internal error, kept as ``message``); ``seconds`` is the
worker's wall time and ``cpu`` its own CPU time (user and system), which a
loaded machine inflates less.  Prints the median and worst wall time per
genre and size, and writes every board to
``benchmarks/results/generate.json``: ``{"genres": {genre: [{"size",
"seed", "seconds", "cpu", "status", "grade"}]}, "machine", "when",
"timeout"}``; a run of some genres replaces their entries and keeps the
others'.
"""
import argparse
import json
import platform
import resource
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import puzzlekit
import puzzlekit.__main__ as cli
from puzzlekit import _worker

OUT = Path(__file__).resolve().parent / "results" / "generate.json"
SIZES = [6, 8, 10, 12, 14, 16, 18, 20]
BIG_AFTER = 20      # the side whose boards decide whether --big is timed
BIG_IF = 20.0       # seconds: every BIG_AFTER board under this, and --big is timed too


def _cpu() -> float:
    """This process's CPU seconds so far (user and system)."""
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def _timed(sp, n: int, seed: int) -> dict:
    """One board made as ``generate --size NxN --seed S`` makes it (in the worker)."""
    t0, c0 = time.perf_counter(), _cpu()
    obj = cli._generate_report(sp, n, n, seed, None)
    return {"seconds": time.perf_counter() - t0, "cpu": _cpu() - c0, "grade": obj["grade"]}


def one_board(sp, n: int, seed: int, timeout: float) -> dict:
    """A row of the table: one ``n`` x ``n`` board of ``seed`` in a forked worker."""
    row = {"size": n, "seed": seed, "seconds": timeout, "cpu": None, "status": "timeout",
           "grade": None}
    try:
        how, got = _worker.run_capped(lambda: _timed(sp, n, seed), timeout)
    except _worker.CliError as exc:
        return {**row, "seconds": None, "status": "refused", "message": str(exc)}
    except _worker.WorkerError as exc:
        return {**row, "seconds": None, "status": "error",
                "message": f"{exc.kind}: {_worker.first_line(exc)}"}
    if how == "ok":
        row.update(got, status="ok")
    elif how == "memory":
        row.update(seconds=None, status="memory")
    return row


def warm(sp, n: int) -> None:
    """Compile (or load from numba's cache) what the genre's generator runs:
    its proof search, then one ``n`` x ``n`` board made here, untimed."""
    _worker.warm(sp)
    try:
        sp.generate(n, n, seed=0)
    except ValueError:
        pass


def run_genre(sp, sizes, seeds: int, timeout: float, big: int) -> list[dict]:
    """Every size and seed of one genre, and ``big`` where every
    :data:`BIG_AFTER` board took under :data:`BIG_IF` seconds."""
    t0 = time.perf_counter()
    warm(sp, min(sizes))
    print(f"{sp.name}: warmed in {time.perf_counter() - t0:.0f} s", flush=True)
    rows = [one_printed(sp, n, s, timeout) for n in sizes for s in range(seeds)]
    top = [r for r in rows if r["size"] == BIG_AFTER]
    if big and big not in sizes and top and all(r["status"] == "ok" and r["seconds"] < BIG_IF
                                                 for r in top):
        rows += [one_printed(sp, big, s, timeout) for s in range(seeds)]
    return rows


def one_printed(sp, n: int, seed: int, timeout: float) -> dict:
    """:func:`one_board`, printed as it ends."""
    r = one_board(sp, n, seed, timeout)
    took = "" if r["seconds"] is None else f"{r['seconds']:.1f} s"
    cpu = "" if r["cpu"] is None else f" ({r['cpu']:.1f} s cpu)"
    print(f"  {sp.name} {n}x{n} seed {seed}: {r['status']} {took}{cpu} "
          f"{r.get('grade') or r.get('message', '')}", flush=True)
    return r


def table(genres: dict) -> str:
    """Median and worst wall seconds per genre and size, and how many boards were made."""
    lines = [f"{'genre':16s} {'size':>5s} {'made':>6s} {'median s':>9s} {'worst s':>8s} "
             f"{'worst cpu s':>11s}"]
    for g, rows in genres.items():
        for n in sorted({r["size"] for r in rows}):
            here = [r for r in rows if r["size"] == n]
            ok = [r for r in here if r["status"] == "ok"]
            timed = [r["seconds"] for r in here if r["status"] in ("ok", "timeout")]
            cpu = [r["cpu"] for r in ok if r["cpu"] is not None]
            worst = max(timed) if timed else None
            late = any(r["status"] == "timeout" for r in here)
            lines.append(f"{g:16s} {n:5d} {len(ok):>3d}/{len(here):<2d} "
                         f"{_fmt(statistics.median(timed) if timed else None):>9s} "
                         f"{(('>' if late else '') + _fmt(worst)):>8s} "
                         f"{_fmt(max(cpu) if cpu else None):>11s}")
    return "\n".join(lines)


def _fmt(x) -> str:
    return "-" if x is None else f"{x:.2f}"


def _parser():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--genres", nargs="*", default=None,
                    help="genres to time (default: every built genre)")
    ap.add_argument("--sizes", nargs="*", type=int, default=SIZES,
                    help="board sides (square boards; default 6 8 ... 20)")
    ap.add_argument("--seeds", type=int, default=3,
                    help="seeds 0 .. SEEDS-1 at every size (default 3)")
    ap.add_argument("--timeout", type=float, default=60.0,
                    help="seconds a board may take before its worker is killed (default 60)")
    ap.add_argument("--big", type=int, default=30,
                    help=f"a side timed too where every {BIG_AFTER}x{BIG_AFTER} board took under "
                         f"{BIG_IF:g} s (default 30; 0: never)")
    ap.add_argument("--no-store", action="store_true",
                    help="print the table only; the stored run is left as it is")
    return ap


def main(argv=None):
    a = _parser().parse_args(argv)
    genres = a.genres or [g for g in puzzlekit.GENRES if puzzlekit.available(g)]
    report = {"genres": {}}
    if OUT.exists() and not a.no_store:
        report["genres"] = json.loads(OUT.read_text()).get("genres", {})
    report.update(machine=platform.processor() or platform.machine(),
                  when=time.strftime("%Y-%m-%d"), timeout=a.timeout)
    here = {}
    for g in genres:
        here[g] = run_genre(puzzlekit.spec(g), sorted(a.sizes), a.seeds, a.timeout, a.big)
        report["genres"][g] = here[g]
        if not a.no_store:
            OUT.parent.mkdir(exist_ok=True)
            OUT.write_text(json.dumps(report, indent=0))
    print(table(here))
    print("stored nothing (--no-store)" if a.no_store else f"wrote {OUT}")


if __name__ == "__main__":
    main()
