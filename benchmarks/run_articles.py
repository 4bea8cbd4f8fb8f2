"""Every chapter at a scale (article scale by default), over Dask, timed.

    python benchmarks/run_articles.py [--workers 2] [--scale article] [--allow-dirty] [GENRE ...]

Each genre runs in a fresh process, exactly as
``python -m puzzlekit article GENRE --scale SCALE --workers N`` does, and
writes ``benchmarks/results/articles/<genre>.json``: the fidelity report
(every table's status, worst |z| and seconds; every claim), our frame of each
table, the wall time of the whole run, the number of workers, the machine's
load before and after, the date and the commit.  The Performance page and the
chapters read these files; nothing in them is typed in.

A stored run must be reproducible: the script refuses a working tree with
changes git has not committed (tracked files changed, or untracked files under
``puzzlekit/``), unless ``--allow-dirty`` is given; the file then records
``"dirty": true`` and the commit ends in ``-dirty``, which the book shows.
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "benchmarks" / "results" / "articles"


def _frame_json(df):
    if df is None:
        return None
    return json.loads(df.to_json(orient="split", default_handler=str))


def one(genre: str, scale: str, workers: int, out: Path) -> None:
    """Run one genre's report in this process and write its file."""
    import importlib

    import puzzlekit
    from puzzlekit.core import parallel, progress
    t0 = time.perf_counter()
    load0 = os.getloadavg()
    commit = _commit()                  # the code as it was imported
    parallel.configure(workers=workers)
    spec = puzzlekit.spec(genre)
    art = importlib.import_module(spec.article).ARTICLE
    rep = art.report(scale, progress=progress.bar)
    rep["frames"] = {tid: _frame_json(art.measure(tid, scale)) for tid in art.tables}
    rep.update(wall_seconds=round(time.perf_counter() - t0, 1), workers=workers,
               cpus=os.cpu_count(), load_before=[round(x, 2) for x in load0],
               load_after=[round(x, 2) for x in os.getloadavg()],
               date=datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
               commit=commit, dirty=commit.endswith("-dirty"),
               command=f"python -m puzzlekit article {genre} --scale {scale} --workers {workers}")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(rep, indent=1, ensure_ascii=True) + "\n")
    parallel.configure()


def _commit() -> str:
    """The commit the code was run from, ``-dirty`` when the tree had
    uncommitted changes a run could read (:func:`dirty`; the stored results
    a run writes do not count)."""
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                              capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + ("-dirty" if dirty() else "")


def dirty() -> list[str]:
    """The paths whose changes git has not committed and that a run could
    read: tracked files changed, untracked files in the package or banks
    (the stored results themselves are left out: a run writes them)."""
    try:
        out = subprocess.run(["git", "status", "--porcelain", "--untracked-files=all"], cwd=ROOT,
                             capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return ["(not a git checkout)"]
    paths = []
    for line in out.splitlines():
        status, path = line[:2], line[3:]
        if path.startswith("benchmarks/results/"):
            continue                    # what runs store, not what they read
        if status != "??" or path.startswith(("puzzlekit/", "banks/")):
            paths.append(path)
    return paths


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("genres", nargs="*", help="default: every genre")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--scale", default="article")
    ap.add_argument("--out", default=str(OUT))
    ap.add_argument("--allow-dirty", action="store_true",
                    help="run on a tree with uncommitted changes (the results say so)")
    ap.add_argument("--one", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    import puzzlekit
    genres = a.genres or list(puzzlekit.GENRES)
    unknown = [g for g in genres if g not in puzzlekit.GENRES]
    if unknown:
        ap.error(f"unknown genre(s): {', '.join(unknown)}")
    out = Path(a.out)
    changed = [] if a.one else dirty()         # the parent checks, once
    if changed and not a.allow_dirty:
        print(f"refusing to store results from a tree with uncommitted changes "
              f"({', '.join(changed[:5])}{' ...' if len(changed) > 5 else ''}); commit them, "
              f"or pass --allow-dirty", file=sys.stderr)
        return 2
    if a.one:
        one(genres[0], a.scale, a.workers, out / f"{genres[0]}.json")
        return 0
    failed = []
    for g in genres:
        t = time.perf_counter()
        r = subprocess.run([sys.executable, __file__, g, "--one", "--workers", str(a.workers),
                            "--scale", a.scale, "--out", str(out)]
                           + (["--allow-dirty"] if a.allow_dirty else []))
        print(f"{g}: {'ok' if r.returncode == 0 else 'FAILED'} in {time.perf_counter() - t:.0f} s",
              flush=True)
        if r.returncode:
            failed.append(g)
    if failed:
        print("failed:", ", ".join(failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
