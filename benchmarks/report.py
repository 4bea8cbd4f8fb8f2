"""Printing for the timing scripts: a bank's times and ratios, and a size
sweep's medians and statuses, from the frames of :mod:`puzzlekit.core.perf`.

    from report import print_bank, print_sweep   # beside the scripts in benchmarks/
"""
import re
from collections.abc import Sequence

import numpy as np
import pandas as pd

from puzzlekit.core.perf import ratios, summary, sweep_medians

__all__ = ["print_bank", "print_sweep"]


def print_bank(df: pd.DataFrame, sizes: Sequence[int] | None = None) -> None:
    """Print a :func:`~puzzlekit.core.perf.prove` frame of bank boards (ids
    holding ``NxN``): every board's times and CP-SAT/ladder ratio, the median
    and worst ratio per size (``sizes``, default every size in the ids), and
    over all boards (the benchmarks' first table)."""
    r = ratios(df)
    size_of = {b: int(m.group(1)) if (m := re.search(r"(\d+)x\1(?!\d)", str(b))) else None
               for b in r.index}
    print("board                           ladder ms     raw ms     sat ms   sat/ladder")
    for b, row in r.iterrows():
        raw = 1e3 * row["raw"] if "raw" in row else float("nan")
        print(f"{b:<30} {1e3 * row['ladder']:9.2f} {raw:10.2f} "
              f"{1e3 * row['sat']:10.2f} {row['sat / ladder']:10.1f}x")
    for n in sorted({v for v in size_of.values() if v}) if sizes is None else sizes:
        sub = r[[size_of[b] == n for b in r.index]]
        if len(sub):
            print(f"{n}x{n}: sat/ladder median {np.median(sub['sat / ladder']):.1f}x, "
                  f"worst {sub['sat / ladder'].min():.1f}x over {len(sub)} boards")
    s = summary(df)
    print(f"all bank boards: sat/ladder median {s['sat median']:.1f}x, worst {s['sat worst']:.1f}x")


def print_sweep(sw: pd.DataFrame) -> None:
    """Print a :func:`~puzzlekit.core.perf.sweep` frame: median milliseconds
    per size, density and engine with the CP-SAT/ladder ratio, then each
    cell's statuses."""
    med = sweep_medians(sw)
    status = sw.groupby(["size", "density", "engine"])["status"].agg(
        lambda x: ",".join(sorted(set(x))))
    print((med * [1e3, 1e3, 1]).round(2).rename(columns={"ladder": "ladder ms", "sat": "sat ms"}))
    print(status.unstack("engine"))
