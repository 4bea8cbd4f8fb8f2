"""What a user meets: the real-puzzle run (``benchmarks/bench_real.py``),
the bank timed hot and alternating, a first solve with an empty numba cache
(``benchmarks/bench_cold.py``) and the generators at size
(``benchmarks/bench_generate.py``), as the Performance page, the front door
and the README show them.  The stored runs are read by
:mod:`puzzlekit.book.results`; the bank's and the sweep's own tables are
:mod:`puzzlekit.book.performance`'s.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from ..core.genre import display_name, size_text
from ..core.perf import ratios
from ..core.tables.render import fmt_seconds
from .across import linked, listed
from .performance import _in_order, _times, frame_panels

__all__ = ["real_table", "real_glue", "real_speed_table", "timing_compare", "first_run_table",
           "generate_frame", "generate_table", "plot_generate"]


def real_table(real: dict) -> pd.DataFrame:
    """Per genre of the stored real-puzzle run (``benchmarks/bench_real.py``,
    ``results/real.json``): the puzzles, their sizes, CP-SAT's time over the
    ladder's (median and closest puzzle, engines called in turn), the
    slowest proof, and how many proofs took over ten seconds or lost to
    CP-SAT, and the open ones (neither engine finished: no ratio); numbers,
    not yet :func:`~puzzlekit.book.across.readable`.

    >>> t = real_table({"genres": {"nanro": {"puzzles": [
    ...     {"board": "a", "size": "4x4", "ladder": 0.001, "sat": 0.01, "ladder status": "unique",
    ...      "sat / ladder": 10.0}, {"board": "b", "size": "16x16", "ladder": 2.0, "sat": 4.0,
    ...      "ladder status": "unique", "sat / ladder": 2.0}]}}})
    >>> [str(v) for v in t.loc["Nanro", ["puzzles", "sizes", "slowest puzzle", "over 10 s"]]]
    ['2', '4×4 to 16×16', 'b (16×16)', '0']
    """
    rows = {}
    for g in _in_order(real.get("genres", {})):
        ps = real["genres"][g]["puzzles"]
        r = np.array([p["sat / ladder"] for p in ps if not _open(p)])
        cells = sorted(ps, key=lambda p: np.prod([int(x) for x in p["size"].split("x")]))
        slow = max(ps, key=lambda p: p["ladder"])
        rows[display_name(g)] = {
            "puzzles": len(ps),
            "sizes": f"{_size(cells[0]['size'])} to {_size(cells[-1]['size'])}",
            "CP-SAT / ladder, median (×)": float(np.median(r)),
            "CP-SAT / ladder, closest (×)": float(r.min()),
            "slowest puzzle": f"{slow['board']} ({_size(slow['size'])})",
            "slowest proof (s)": float(slow["ladder"]),
            "over 10 s": int(sum(p["ladder"] > 10 or p["ladder status"] == "capped" for p in ps)),
            "slower than CP-SAT": int((r < 1).sum()),
            "open (neither finished)": int(sum(_open(p) for p in ps))}
    t = pd.DataFrame.from_dict(rows, orient="index")
    t.index.name = "genre"
    return t


def _open(p: dict) -> bool:
    """A timed real puzzle neither engine finished: its ratio says nothing."""
    return p["ladder status"] == "capped" and p.get("sat status") == "capped"


def _size(hxw: str) -> str:
    """``"16x12"`` as the book prints it."""
    h, w = (int(x) for x in hxw.split("x"))
    return size_text(h, w)


#: Numbers of rounds as the page writes them.
_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
          9: "nine", 10: "ten"}


def _rounds_text(real: dict) -> str:
    """How many rounds the stored real-puzzle run called the two engines
    in, in words.

    >>> _rounds_text({"rounds": 3})
    'three rounds'
    >>> _rounds_text({"rounds": 3, "budget": 0.5})
    "at least three rounds, and more (up to 100) while a puzzle's rounds total under 0.5 s"
    """
    n = int(real.get("rounds", 3))
    word = {1: "one round"}.get(n, f"{_WORDS.get(n, str(n))} rounds")
    budget = float(real.get("budget", 0.0))
    if budget <= 0:
        return word
    return (f"at least {word}, and more (up to 100) while a puzzle's rounds total "
            f"under {budget:g} s")


def real_glue(real: dict) -> dict:
    """The page's sentences on the real-puzzle run, by glue key (``"?"``
    without a run)."""
    keys = ("real_n", "real_genres", "real_ten", "real_behind", "real_slow", "real_when",
            "real_rounds")
    if not real or not real.get("genres"):
        return dict.fromkeys(keys, "?")
    t = real_table(real)
    n = int(t["puzzles"].sum())
    ten = [g for g in t.index if t.loc[g, "CP-SAT / ladder, median (×)"] >= 10]
    behind = [g for g in t.index if t.loc[g, "slower than CP-SAT"] > 0]
    slow = [g for g in t.index if t.loc[g, "over 10 s"] > 0]
    names = {display_name(g): g for g in real["genres"]}
    link = [linked(names[g]) for g in ten]
    return {"real_n": f"{n:,}", "real_genres": str(len(t)), "real_when": str(real.get("when", "?")),
            "real_rounds": _rounds_text(real),
            "real_ten": (f"in every one of the {len(t)} genres" if len(ten) == len(t) else
                         f"in {len(ten)} of the {len(t)} genres ({listed(link)})" if ten else
                         f"in none of the {len(t)} genres"),
            "real_behind": (f"CP-SAT is faster on at least one puzzle in "
                            f"{listed([linked(names[g]) for g in behind])}" if behind else
                            "the ladder is ahead of CP-SAT on every puzzle"),
            "real_slow": (f"proofs over ten seconds in {listed([linked(names[g]) for g in slow])}"
                          if slow else "no proof takes ten seconds")}


def timing_compare(full: dict) -> pd.DataFrame:
    """Per genre of the stored engine run, the bank boards' CP-SAT / ladder
    ratio timed both ways: hot (each engine's call repeated, best kept) and
    alternating (the engines called in turn, median kept), median and
    closest board, and the boards under 10× each way; genres without an
    alternating run are left out."""
    rows = {}
    for g in _in_order(full.get("genres", {})):
        r = full["genres"][g]
        if "bank alternating" not in r:
            continue
        hot = ratios(pd.DataFrame(r["bank"]))["sat / ladder"]
        alt = ratios(pd.DataFrame(r["bank alternating"]))["sat / ladder"]
        rows[display_name(g)] = {"bank boards": len(hot),
                                 "hot: median (×)": float(hot.median()),
                                 "hot: closest (×)": float(hot.min()),
                                 "hot: boards under 10×": int((hot < 10).sum()),
                                 "alternating: median (×)": float(alt.median()),
                                 "alternating: closest (×)": float(alt.min()),
                                 "alternating: boards under 10×": int((alt < 10).sum())}
    t = pd.DataFrame.from_dict(rows, orient="index")
    t.index.name = "genre"
    return t


def first_run_table(cold: dict, which: str = "genres") -> pd.DataFrame:
    """Per genre of the stored first-run timing (``benchmarks/bench_cold.py``,
    ``results/cold.json``): the seconds of ``solve --count 2`` on the first
    bank board (``which="real"``: on the real puzzle whose proof took
    longest) in a new process with an empty numba cache (cold) and again
    with the cache filled (warm), wall and processor seconds."""
    runs = cold.get(which, {})
    rows = {display_name(g): {"board": v.get("board", "?"), "cold (s)": float(v["cold"]),
                              "cold, processor (s)": float(v.get("cold cpu", np.nan)),
                              "warm (s)": float(v["warm"]),
                              "warm, processor (s)": float(v.get("warm cpu", np.nan))}
            for g, v in ((g, runs[g]) for g in _in_order(runs))}
    t = pd.DataFrame.from_dict(rows, orient="index")
    t.index.name = "genre"
    return t


def generate_frame(gen: dict) -> pd.DataFrame:
    """The stored generator timings (``benchmarks/bench_generate.py``,
    ``results/generate.json``) as one frame: genre, size, seed, seconds,
    status."""
    rows = [dict(r, genre=g) for g in _in_order(gen.get("genres", {}))
            for r in gen["genres"][g]]
    return pd.DataFrame(rows)


def generate_table(gen: dict) -> pd.DataFrame:
    """Per genre and size: the boards made of those asked for, and the
    median and slowest seconds of the ones made; one row per genre, one
    column pair per size."""
    d = generate_frame(gen)
    if d.empty:
        return d
    out = {}
    for (g, n), s in d.groupby(["genre", "size"]):
        ok = s[s["status"] == "ok"]
        key = display_name(g)
        out.setdefault(key, {})[(size_text(int(n)), "made")] = f"{len(ok)} of {len(s)}"
        out[key][(size_text(int(n)), "median (s)")] = (float(ok["seconds"].median())
                                                        if len(ok) else float("nan"))
        out[key][(size_text(int(n)), "slowest (s)")] = (float(ok["seconds"].max())
                                                         if len(ok) else float("nan"))
    t = pd.DataFrame.from_dict(out, orient="index")
    sizes = sorted({c[0] for c in t.columns}, key=lambda s: int(s.split("×")[0]))
    t = t[[c for s in sizes for c in t.columns if c[0] == s]]
    t.index.name = "genre"
    return t


def plot_generate(gen: dict, title: str = "Time to generate a board against its size"):
    """One small panel per genre (log time, shared axes, as
    :func:`plot_sweep`): the median seconds over seeds of the boards made
    against the board's side, the slowest as a thin line above it, and a red
    × at a size where some board was not made.  Returns the Figure."""
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    from ..viz import style
    d = generate_frame(gen)
    genres = list(dict.fromkeys(d["genre"])) if len(d) else []
    fig, axes = style.panels(max(len(genres), 1), cols=4, height=1.45, sharex=True, sharey=True)
    for ax, g in zip(axes, genres):
        s = d[d["genre"] == g]
        ok = s[s["status"] == "ok"].groupby("size")["seconds"]
        if len(s[s["status"] == "ok"]):
            ax.plot(ok.median().index, ok.median().values, "-o", ms=3, lw=1.2, color="#1f77b4")
            ax.plot(ok.max().index, ok.max().values, "-", lw=0.7, color="#1f77b4", alpha=0.5)
        bad = sorted(set(s.loc[s["status"] != "ok", "size"]))
        if bad:
            top = float(s["seconds"].max()) if len(s) else 1.0
            ax.plot(bad, [top] * len(bad), "x", ms=5, color="#d62728")
        ax.set_yscale("log")
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.set_title(display_name(g), fontsize=9)
        ax.tick_params(labelsize=8)
    handles = [plt.Line2D([], [], marker="o", ms=3, color="#1f77b4", label="median"),
               plt.Line2D([], [], lw=0.7, color="#1f77b4", alpha=0.5, label="slowest"),
               plt.Line2D([], [], ls="none", marker="x", color="#d62728", label="not made")]
    return frame_panels(fig, title, "seconds per board", handles)


def real_speed_table(real: dict, name=str) -> str:
    """The README's table of the real-puzzle run (:func:`real_table`), as
    Markdown: per genre the puzzles, CP-SAT's time over the ladder's
    (median and closest puzzle, engines called in turn; a puzzle neither
    engine finished within the limit has no ratio, and is counted as open),
    and the slowest proof with its puzzle."""
    lines = ["| genre | real puzzles | median | closest puzzle | slowest proof | open |",
             "|---|---|---|---|---|---|"]
    for g in _in_order(real.get("genres", {})):
        ps = real["genres"][g]["puzzles"]
        r = [p["sat / ladder"] for p in ps if not _open(p)]
        slow = max(ps, key=lambda p: p["ladder"])
        took = ("capped" if slow["ladder status"] == "capped" else fmt_seconds(slow["ladder"]))
        lines.append(f"| {name(g)} | {len(ps)} | {_times(float(np.median(r)))} | "
                     f"{_times(min(r))} | {took} ({_size(slow['size'])}) | "
                     f"{sum(_open(p) for p in ps)} |")
    return "\n".join(lines)
