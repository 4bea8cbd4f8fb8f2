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

__all__ = ["ENGINES", "seconds", "prove", "ratios", "summary", "sweep", "print_bank",
           "print_sweep"]

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
        return lambda: ladder_count(spec, puzzle, 2, level, max_nodes)
    if engine == "raw":
        return lambda: spec.brute_count(puzzle, 2)
    if engine == "sat":
        return lambda: spec.sat_count(puzzle, 2, time_limit)
    raise ValueError(f"unknown engine {engine!r}; choose from {ENGINES}")


def prove(spec: GenreSpec, puzzles: Sequence, labels: Sequence | None = None,
          engines: Sequence[str] = ENGINES, level=None, max_nodes: int = 20_000,
          time_limit: float = 120.0, repeat: int = 1, warm: bool = True) -> pd.DataFrame:
    """Time every engine's count-to-2 on every board (CP-SAT under
    ``time_limit``, the ladder under its node budget ``max_nodes``, so that it
    runs in the compiled loop, which has no clock; the raw engine under its
    own node cap).

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
            ps = []
            for _ in range(per_size):
                try:
                    ps.append(spec.sweep_board(rng, n, d))
                except ValueError:         # the generator found no board in its tries
                    continue
            df = prove(spec, ps, [f"{n}x{n} {d} #{i}" for i in range(per_size)], engines, **kw)
            df.insert(0, "density", d)
            df.insert(0, "size", n)
            parts.append(df)
    return pd.concat(parts, ignore_index=True)


def print_bank(df: pd.DataFrame, sizes: Sequence[int] = (6, 8)) -> None:
    """Print a :func:`prove` frame of bank boards (ids ``genre-HxW-k``): every
    board's times and CP-SAT/ladder ratio, the median and worst ratio per
    size in ``sizes``, and over all boards (the benchmarks' first table)."""
    r = ratios(df)
    print("board                           ladder ms     raw ms     sat ms   sat/ladder")
    for b, row in r.iterrows():
        print(f"{b:<30} {1e3 * row['ladder']:9.2f} {1e3 * row['raw']:10.2f} "
              f"{1e3 * row['sat']:10.2f} {row['sat / ladder']:10.1f}x")
    for n in sizes:
        sub = r[[str(b).split("-")[1] == f"{n}x{n}" for b in r.index]]
        if len(sub):
            print(f"{n}x{n}: sat/ladder median {np.median(sub['sat / ladder']):.1f}x, "
                  f"worst {sub['sat / ladder'].min():.1f}x over {len(sub)} boards")
    s = summary(df)
    print(f"all bank boards: sat/ladder median {s['sat median']:.1f}x, worst {s['sat worst']:.1f}x")


def print_sweep(sw: pd.DataFrame) -> None:
    """Print a :func:`sweep` frame: median milliseconds per size, density and
    engine with the CP-SAT/ladder ratio, then each cell's statuses."""
    med = sweep_medians(sw)
    status = sw.groupby(["size", "density", "engine"])["status"].agg(
        lambda x: ",".join(sorted(set(x))))
    print((med * [1e3, 1e3, 1]).round(2).rename(columns={"ladder": "ladder ms", "sat": "sat ms"}))
    print(status.unstack("engine"))


# ------------------------------------------------------------------ the book's page
RESULTS = "benchmarks/results/engines.json"


def page_sample(spec: GenreSpec, scale: str, seed: int = 1) -> tuple[pd.DataFrame, pd.DataFrame]:
    """What the Performance page measures live: a sample of bank boards
    (every engine) and a small size sweep (ladder and CP-SAT), sized by scale."""
    from . import banks, scales
    k = scales.pick(scale, smoke=2, book=5, article=10 ** 6)
    sizes = scales.pick(scale, smoke=(6,), book=(6, 12), article=(6, 8, 10, 12, 14, 16, 18, 20))
    per = scales.pick(scale, smoke=1, book=1, article=3)
    entries = banks.load(spec.name)
    idx = np.random.default_rng(seed).permutation(len(entries))[:k]
    chosen = [entries[i] for i in sorted(idx)]
    bank = prove(spec, [spec.Puzzle.from_json(e["clues"]) for e in chosen],
                 [e["id"] for e in chosen], time_limit=30.0)
    sw = (sweep(spec, sizes, per, time_limit=scales.pick(scale, smoke=5.0, book=10.0,
                                                          article=60.0), warm=False)
          if spec.sweep_board is not None else pd.DataFrame())
    return bank, sw


def load_results(root=None, name: str = "engines") -> dict:
    """A stored benchmark run, ``benchmarks/results/<name>.json``, or {}:
    ``engines`` (``benchmarks/bench_engines.py``) or ``lift``
    (``benchmarks/bench_lift.py``)."""
    import json
    from pathlib import Path
    p = Path(root or Path(__file__).resolve().parents[2]) / Path(RESULTS).with_name(f"{name}.json")
    return json.loads(p.read_text()) if p.exists() else {}


def sweep_medians(sw: pd.DataFrame) -> pd.DataFrame:
    """Median seconds per size, density and engine, with the CP-SAT / ladder ratio."""
    med = sw.groupby(["size", "density", "engine"])["seconds"].median().unstack("engine")
    if "sat" in med.columns and "ladder" in med.columns:
        med["sat / ladder"] = med["sat"] / med["ladder"]
    return med


def plot_sweep(sweeps: dict, ax=None, title: str = "Time against board size"):
    """Median seconds against size, log scale: ladder solid, CP-SAT dashed, one
    colour per genre and marker per density."""
    import matplotlib.pyplot as plt
    if ax is None:
        _, ax = plt.subplots(figsize=(7, 4.2))
    colours = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    for k, (genre, sw) in enumerate(sweeps.items()):
        if sw is None or not len(sw):
            continue
        med = sweep_medians(sw)
        for density, marker in (("dense", "o"), ("sparse", "s")):
            if density not in med.index.get_level_values("density"):
                continue
            part = med.xs(density, level="density")
            for eng, ls in (("ladder", "-"), ("sat", "--")):
                if eng in part.columns:
                    ax.plot(part.index, part[eng], ls, marker=marker, color=colours[k % 10],
                            label=f"{genre} {density} {'ladder' if eng == 'ladder' else 'CP-SAT'}")
    ax.set_yscale("log")
    ax.set_xlabel("board side n (n x n)")
    ax.set_ylabel("seconds to prove (count to 2), median")
    ax.set_title(title)
    ax.legend(fontsize=7, ncol=2)
    return ax
