"""Build the wheel, install it outside the repository, and use it as a user would.

Run by ``.ci/run`` after the test suite::

    python scripts/check_wheel.py [--python python3.11] [--genres nanro kojun ...]

In a fresh temporary folder: build the wheel from this checkout (``pip
wheel``, not editable), make a fresh virtualenv, install the wheel with its
dependencies (pinned by ``requirements-lock.txt``), and from that folder, with
the repository nowhere on the path, run the installed ``puzzlekit`` command:

- ``bank GENRE --verify --json`` for every genre: every board of the shipped
  bank re-proved, the count equal to the bank's size in this checkout;
- ``solve`` on a puzz.link URL (a bank board of Nanro's, encoded by this
  checkout) and ``generate`` a small board;
- ``bank`` with ``PUZZLEKIT_BANKS`` pointing at an empty folder: exit status 2
  and one line, never "0 of 0".

Prints one line per check and exits 1 on the first failure.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: Banks verified at once: the machine's two cores, idle once the tests are done.
WORKERS = 2


def run(cmd, cwd, env=None, check=True) -> subprocess.CompletedProcess:
    """Run ``cmd`` in ``cwd``; on an unexpected failure print its output and stop."""
    done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True)
    if check and done.returncode != 0:
        print(f"wheel: FAILED ({done.returncode}): {' '.join(map(str, cmd))}")
        print(done.stdout[-2000:], done.stderr[-2000:], sep="\n")
        sys.exit(1)
    return done


def clean_env(**extra) -> dict:
    """The environment without anything pointing back at the checkout."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PUZZLEKIT_BANKS")}
    env.update(PUZZLEKIT_PROGRESS="0", **extra)
    return env


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--python", default="python3.11", help="the interpreter for the venv")
    parser.add_argument("--genres", nargs="*", help="genres to verify (default: all)")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    from puzzlekit import GENRES, spec
    from puzzlekit.core import banks
    genres = args.genres or list(GENRES)

    start = time.time()
    with tempfile.TemporaryDirectory(prefix="pk-wheel-") as tmp:
        tmp = Path(tmp)
        run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", tmp / "dist", ROOT],
            cwd=tmp)
        wheel = next((tmp / "dist").glob("puzzlekit-*.whl"))
        run([args.python, "-m", "venv", tmp / "venv"], cwd=tmp)
        run([tmp / "venv/bin/pip", "install", "-q", "-c", ROOT / "requirements-lock.txt", wheel],
            cwd=tmp)
        print(f"wheel: built and installed {wheel.name} ({time.time() - start:.0f} s)")
        env = clean_env(NUMBA_CACHE_DIR=str(tmp / "numba"))
        exe = tmp / "venv/bin/puzzlekit"

        where = run([tmp / "venv/bin/python", "-c", "import puzzlekit; print(puzzlekit.__file__)"],
                    cwd=tmp, env=env).stdout.strip()
        if str(ROOT) in where:
            print(f"wheel: FAILED: the installed package is the checkout's ({where})")
            return 1

        def verify(genre: str) -> str | None:
            """None when the installed command re-proves the whole bank of ``genre``."""
            t = time.time()
            report = json.loads(run([exe, "bank", genre, "--verify", "--json"],
                                    cwd=tmp, env=env).stdout)
            size = len(banks.load(genre))
            if not (report["boards"] == report["verified"] == size > 0):
                return f"bank {genre}: {report}, shipped {size} boards"
            print(f"wheel: bank {genre} --verify: {size} of {size} ({time.time() - t:.0f} s)",
                  flush=True)
            return None

        with ThreadPoolExecutor(max_workers=WORKERS) as pool:     # each genre compiles cold
            failed = [msg for msg in pool.map(verify, genres) if msg]
        if failed:
            print("wheel: FAILED: " + "; ".join(failed))
            return 1

        board = banks.load("nanro")[0]
        url = spec("nanro").url_encode(spec("nanro").Puzzle.from_json(board["clues"]))
        out = run([exe, "solve", "nanro", url, "--count", "2", "--json"], cwd=tmp, env=env).stdout
        if json.loads(out).get("count") != 1:
            print(f"wheel: FAILED: solve {url}: {out[:300]}")
            return 1
        print("wheel: solve nanro <url>: unique")

        out = run([exe, "generate", "kojun", "--size", "5x5", "--seed", "1", "--json"],
                  cwd=tmp, env=env).stdout
        json.loads(out)
        print("wheel: generate kojun --size 5x5: a board")

        (tmp / "empty").mkdir()
        done = run([exe, "bank", "nanro", "--verify"], cwd=tmp, check=False,
                   env=clean_env(NUMBA_CACHE_DIR=str(tmp / "numba"),
                                 PUZZLEKIT_BANKS=str(tmp / "empty")))
        if done.returncode != 2 or done.stderr.count("\n") != 1 or "0 of 0" in done.stdout:
            print(f"wheel: FAILED: a missing bank gave {done.returncode}: {done.stderr!r}")
            return 1
        print(f"wheel: a missing bank: exit 2, {done.stderr.strip()!r}")
    print(f"wheel: all checks passed in {time.time() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
