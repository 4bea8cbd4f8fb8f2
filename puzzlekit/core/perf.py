"""Speed measured, not assumed: uniqueness proofs by three engines, timed.

For every board: the ladder's search (count to 2), the genre's raw engine
and the CP-SAT model (``GenreSpec.sat_count``), each timed on its second call
(the first compiles and fills caches).  Ratios are CP-SAT's time over the
ladder's (and the raw engine's over the ladder's): above 1 means the ladder
is faster.  Used by ``benchmarks/bench_engines.py`` and the Performance page.
"""
from __future__ import annotations

import time
from typing import Callable, Sequence

import numpy as np
import pandas as pd

from .genre import GenreSpec, ladder_count
from .progress import bar

__all__ = ["ENGINES", "seconds", "prove", "ratios", "summary", "sweep"]

ENGINES = ("ladder", "raw", "sat")


def seconds(fn: Callable, repeat: int = 1, warm: bool = True):
    """``(best wall time of repeat calls, last result)``, after one warm-up
    call when ``warm`` (compilation and caches are not timed)."""
    out = fn() if warm else None
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - t)
    return best, out


def _runner(spec: GenreSpec, engine: str, puzzle, level, max_nodes, time_limit):
    if engine == "ladder":
        return lambda: ladder_count(spec, puzzle, 2, level, max_nodes, time_limit)
    if engine == "raw":
        return lambda: spec.brute_count(puzzle, 2)
    if engine == "sat":
        return lambda: spec.sat_count(puzzle, 2, time_limit)
    raise ValueError(f"unknown engine {engine!r}; choose from {ENGINES}")


def prove(spec: GenreSpec, puzzles: Sequence, labels: Sequence | None = None,
          engines: Sequence[str] = ENGINES, level=None, max_nodes: int = 2_000_000,
          time_limit: float = 120.0, repeat: int = 1, warm: bool = True) -> pd.DataFrame:
    """Time every engine's count-to-2 on every board (each engine under the
    same ``time_limit``; the ladder also under ``max_nodes``).

    ``warm=False`` skips the untimed warm-up call (for long runs, once the
    kernels are compiled).  Columns: ``board``, ``engine``, ``seconds``,
    ``status`` (``unique``, ``multiple``, ``none`` or ``capped``; a capped
    run's time is a lower bound).
    """
    labels = list(range(len(puzzles))) if labels is None else list(labels)
    engines = [e for e in engines if e != "sat" or spec.sat_count is not None]
    rows = []
    for b, p in zip(labels, bar(puzzles, desc=f"{spec.name} timings")):
        for e in engines:
            t, r = seconds(_runner(spec, e, p, level, max_nodes, time_limit), repeat, warm)
            rows.append({"board": b, "engine": e, "seconds": t, "status": r.status})
    return pd.DataFrame(rows, columns=["board", "engine", "seconds", "status"])


def ratios(df: pd.DataFrame) -> pd.DataFrame:
    """Per board: each engine's seconds and ``sat / ladder``, ``raw / ladder``."""
    wide = df.pivot(index="board", columns="engine", values="seconds")
    out = wide.copy()
    for e in ("sat", "raw"):
        if e in wide.columns:
            out[f"{e} / ladder"] = wide[e] / wide["ladder"]
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


def sweep(spec: GenreSpec, sizes: Sequence[int], per_size: int,
          densities: Sequence[str] = ("dense", "sparse"), engines: Sequence[str] = ("ladder", "sat"),
          seed: int = 0, **kw) -> pd.DataFrame:
    """Time uniqueness proofs on ``per_size`` boards of each size and density.

    Boards come from ``spec.sweep_board(rng, n, density)``.  Columns: ``size``,
    ``density``, ``board``, ``engine``, ``seconds``, ``status``.
    """
    parts = []
    for n in sizes:
        for d in densities:
            rng = np.random.default_rng([seed, n, len(d)])
            ps = [spec.sweep_board(rng, n, d) for _ in range(per_size)]
            df = prove(spec, ps, [f"{n}x{n} {d} #{i}" for i in range(per_size)], engines, **kw)
            df.insert(0, "density", d)
            df.insert(0, "size", n)
            parts.append(df)
    return pd.concat(parts, ignore_index=True)
