"""Speed measured, not assumed: uniqueness proofs by three engines, timed.

For every board: the ladder's search (count to 2), the genre's raw engine
and the CP-SAT model (``GenreSpec.sat_count``), timed in one of two ways
after an untimed first call (which compiles and fills caches): hot, each
engine's call repeated back to back and the best time kept
(:func:`seconds`), or alternating, the engines called in turn on the board
for a few rounds and each one's median kept (:func:`alternating`), as one
proof among other work meets it.  Ratios are CP-SAT's time over the
ladder's (and the raw engine's over the ladder's): above 1 means the ladder
is faster.  Used by ``benchmarks/bench_engines.py`` and the other timing
scripts (which print with ``benchmarks/report.py``), the Performance page and
the chapters' speed sections (:mod:`puzzlekit.book.performance`).
"""
from __future__ import annotations

import re
import time
from collections.abc import Callable, Sequence

import numpy as np
import pandas as pd

from .cache import without_tables
from .genre import GenreSpec, ladder_count, proof_count, warm_proof
from .progress import bar

__all__ = ["ENGINES", "warm_proof", "fresh", "seconds", "alternating", "prove", "ratios",
           "summary", "sweep", "sweep_boards", "sweep_medians"]

ENGINES = ("ladder", "raw", "sat")


def seconds(fn: Callable, repeat: int = 1, warm: bool = True, budget: float = 0.0,
            most: int = 100):
    """``(best wall time of the timed calls, last result)``, after one warm-up
    call when ``warm`` (compilation and caches are not timed).  At least
    ``repeat`` calls are timed, and more (up to ``most``) while their total is
    under ``budget`` seconds, so that a sub-millisecond run is not judged on
    one reading of the clock.

    >>> calls = []
    >>> t, out = seconds(lambda: calls.append(1) or len(calls), repeat=2, warm=False)
    >>> out, t >= 0
    (2, True)
    """
    out = fn() if warm else None
    best = float("inf")
    spent = 0.0
    done = 0
    while done < repeat or (spent < budget and done < most):
        t = time.perf_counter()
        out = fn()
        dt = time.perf_counter() - t
        best = min(best, dt)
        spent += dt
        done += 1
    return best, out


def fresh(spec: GenreSpec, puzzle):
    """A function returning copies of ``puzzle`` without what its engines
    have cached on it: no tables (:func:`~puzzlekit.core.cache.without_tables`)
    and, of its other attributes, only those a freshly parsed board has (an
    engine's catalogues or memos kept elsewhere on it go too).  Each timed
    call gets one, so no engine's time leaves out the work of building its
    tables, nor gains from an earlier call on the same board."""
    if not hasattr(puzzle, "__dict__"):
        return lambda: puzzle
    base = set(vars(spec.Puzzle.from_json(puzzle.to_json())))

    def make():
        q = without_tables(puzzle)
        for k in [k for k in vars(q) if k not in base]:
            del q.__dict__[k]
        return q
    return make


def _runner(spec: GenreSpec, engine: str, puzzle, level, max_nodes, time_limit):
    new = fresh(spec, puzzle)
    if engine == "ladder":
        if level is None:
            return lambda: proof_count(spec, new(), 2, max_nodes, time_limit)
        return lambda: ladder_count(spec, new(), 2, level, max_nodes, time_limit)
    if engine == "raw":
        return lambda: spec.brute_count(new(), 2)
    if engine == "sat":
        return lambda: spec.sat_count(new(), 2, time_limit)
    raise ValueError(f"unknown engine {engine!r}; choose from {ENGINES}")


def alternating(runners: dict, rounds: int = 3, warm: bool = True,
                final: Callable | None = None, budget: float = 0.0, most: int = 100) -> dict:
    """Each engine's median wall time over ``rounds`` rounds in which every
    engine of ``runners`` (name -> function) is called once, in turn, on the
    same board: ``{name: (seconds, last result)}``.  Unlike :func:`seconds`,
    which repeats one engine's call back to back and keeps the best, no call
    here follows a call of its own: each runs after the other engines have
    touched memory and caches, as one proof among other work does.  After
    one untimed call of each when ``warm``.  ``final(result)``: an engine
    whose call returns a result it holds true (one stopped at its time
    limit, say) is not called in later rounds.  At least ``rounds`` rounds
    run, and more (up to ``most``) while the timed calls so far total under
    ``budget`` seconds: a median of three readings of a sub-millisecond
    proof moved by a tenth from one run to the next, one of a hundred by
    about a hundredth.

    >>> out = alternating({"a": lambda: 1, "b": lambda: 2}, rounds=3, warm=False)
    >>> sorted((k, r) for k, (_, r) in out.items())
    [('a', 1), ('b', 2)]
    >>> calls = []
    >>> _ = alternating({"a": lambda: calls.append(1)}, rounds=2, warm=False, budget=1.0, most=7)
    >>> len(calls)
    7
    """
    if warm:
        for fn in runners.values():
            fn()
    times = {e: [] for e in runners}
    last = {}
    spent = 0.0
    done = 0
    while done < max(1, rounds) or (spent < budget and done < most):
        for e, fn in runners.items():
            if e in last and final is not None and final(last[e]):
                continue
            t = time.perf_counter()
            last[e] = fn()
            dt = time.perf_counter() - t
            times[e].append(dt)
            spent += dt
        done += 1
    return {e: (float(np.median(times[e])), last[e]) for e in runners}


def prove(spec: GenreSpec, puzzles: Sequence, labels: Sequence | None = None,
          engines: Sequence[str] = ENGINES, level=None, max_nodes: int | None = 20_000,
          time_limit: float = 120.0, repeat: int = 1, warm: bool = True,
          budget: float = 0.0, alternate: int = 0) -> pd.DataFrame:
    """Time every engine's count-to-2 on every board (CP-SAT and the ladder
    under ``time_limit``, the ladder also under its node budget
    ``max_nodes``; the raw engine under its own node cap).  The ladder runs its uniqueness proof
    (:func:`puzzlekit.core.genre.proof_count`: probe at the root, the rungs
    below it in the search), or with ``level`` its search with the rungs up
    to that level at every node.

    Every timed call starts from a copy of the board without its cached
    tables (:func:`fresh`).  ``warm=False`` skips the untimed warm-up call
    (for long runs, once the kernels are compiled).  ``repeat`` and ``budget``: see :func:`seconds`;
    every engine gets the same.  ``alternate``: instead, the median of that
    many rounds in which the engines are called in turn on the board
    (:func:`alternating`, more rounds while they total under ``budget``
    seconds; ``repeat`` is then unused; an engine that stops at its limit
    is charged it once and not called again).
    Columns: ``board``, ``engine``, ``seconds``,
    ``status`` (``unique``, ``multiple``, ``none`` or ``capped``).  A
    capped ladder or CP-SAT run is charged the whole ``time_limit``, however
    soon it stopped: a search that gives up on its node budget has not
    answered, and must not look faster than one that has.
    """
    labels = list(range(len(puzzles))) if labels is None else list(labels)
    engines = [e for e in engines if e != "sat" or spec.sat_count is not None]
    rows = []
    for b, p in zip(labels, bar(puzzles, desc=f"{spec.name} timings")):
        runners = {e: _runner(spec, e, p, level, max_nodes, time_limit) for e in engines}
        if alternate:
            timed = alternating(runners, alternate, warm,
                                final=lambda r: r.status == "capped", budget=budget)
        else:
            timed = {e: seconds(fn, repeat, warm, budget) for e, fn in runners.items()}
        for e in engines:
            t, r = timed[e]
            if r.status == "capped" and e != "raw":
                t = max(t, time_limit)
            rows.append({"board": b, "engine": e, "seconds": t, "status": r.status})
    return pd.DataFrame(rows, columns=["board", "engine", "seconds", "status"])


def ratios(df: pd.DataFrame) -> pd.DataFrame:
    """Per board: each engine's seconds and ``sat / ladder``, ``raw / ladder``,
    the boards in natural order (``4x4`` before ``10x10``).  ``attrs["units"]``
    names each column's unit ("s", or "×" for a ratio), so a chapter shows
    the times with their units.

    >>> t = pd.DataFrame({"board": ["b-10x10", "b-10x10", "b-4x4", "b-4x4"],
    ...                   "engine": ["ladder", "sat"] * 2, "seconds": [0.1, 0.4, 0.01, 0.05]})
    >>> r = ratios(t)
    >>> list(r.index), list(r["sat / ladder"].round(1)), r.attrs["units"]["ladder"]
    (['b-4x4', 'b-10x10'], [5.0, 4.0], 's')
    """
    def natural(board) -> tuple:
        return tuple(int(p) if p.isdigit() else p for p in re.split(r"(\d+)", str(board)))

    wide = df.pivot(index="board", columns="engine", values="seconds")
    out = wide.loc[sorted(wide.index, key=natural)]
    units = {e: "s" for e in wide.columns}
    for e in ("sat", "raw"):
        if e in wide.columns:
            out[f"{e} / ladder"] = out[e] / out["ladder"]
            units[f"{e} / ladder"] = "×"
    out.attrs["units"] = units
    return out


def summary(df: pd.DataFrame) -> dict:
    """Median and worst (smallest) ratio of CP-SAT and raw time over the ladder's."""
    r = ratios(df)
    out = {"boards": int(len(r))}
    for e in ("sat", "raw"):
        col = f"{e} / ladder"
        if col in r.columns:
            out[f"{e} median"] = float(np.median(r[col]))
            out[f"{e} worst"] = float(r[col].min())
    return out


def sweep_boards(spec: GenreSpec, n: int, density: str, per_size: int, seed: int = 0) -> list:
    """The sweep's boards of one size and density, ``(label, puzzle)`` pairs
    labelled ``"NxN density #i"``: the same boards for every caller with the
    same ``seed`` (one the generator fails to make is left out)."""
    rng = np.random.default_rng([seed, n, len(density)])
    out = []
    for i in range(per_size):
        try:
            out.append((f"{n}x{n} {density} #{i}", spec.sweep_board(rng, n, density)))
        except ValueError:                 # the generator found no board in its tries
            continue
    return out


def sweep(spec: GenreSpec, sizes: Sequence[int], per_size: int,
          densities: Sequence[str] = ("dense", "sparse"),
          engines: Sequence[str] = ("ladder", "sat"), seed: int = 0, **kw) -> pd.DataFrame:
    """Time uniqueness proofs on ``per_size`` boards of each size and density.

    Boards come from ``spec.sweep_board(rng, n, density)``.  Columns: ``size``,
    ``density``, ``board``, ``engine``, ``seconds``, ``status``.
    """
    parts = []
    for n in sizes:
        for d in densities:
            bs = sweep_boards(spec, n, d, per_size, seed)
            df = prove(spec, [p for _, p in bs], [b for b, _ in bs], engines, **kw)
            df.insert(0, "density", d)
            df.insert(0, "size", n)
            parts.append(df)
    return pd.concat(parts, ignore_index=True)


def sweep_medians(sw: pd.DataFrame) -> pd.DataFrame:
    """Median seconds per size, density and engine, with the CP-SAT / ladder ratio."""
    med = sw.groupby(["size", "density", "engine"])["seconds"].median().unstack("engine")
    if "sat" in med.columns and "ladder" in med.columns:
        med["sat / ladder"] = med["sat"] / med["ladder"]
    return med
