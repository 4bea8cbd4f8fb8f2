"""The Performance page and the chapters' speed and article-scale sections:
what they measure live, the sentences and tables they glue in, and the plots.

The timings themselves are :mod:`puzzlekit.core.perf`'s (``sweep_medians``,
a sweep's median times, is re-exported from there); the stored runs they are
set beside are read by :mod:`puzzlekit.book.results`, the stored studies'
figures by :mod:`puzzlekit.book.studies`.  The README's speed table is
:func:`speed_table` of the stored engine run.
"""
from __future__ import annotations

import io
import json
import math
import re
from collections.abc import Sequence

import numpy as np
import pandas as pd

from ..core import banks, scales
from ..core.genre import GenreSpec, display_name, size_text
from ..core.perf import prove, ratios, sweep, sweep_medians
from ..core.tables.render import fmt_seconds
from .across import GENRES, linked, listed, of_all, readable
from .results import article_run, load as load_stored

__all__ = ["page_sample", "sweep_medians", "plot_sweep", "duration", "chapter_speed", "commit_text",
           "speed_glue", "policy_table", "policy_sentence", "sweep_slowest", "sweep_sentence",
           "sweep_sample",
           "speed_table", "article_tables", "article_runs", "article_glue", "run_frame",
           "run_glue", "RATIO_COLUMNS", "ratio_table", "sweep_table",
           "sweep_ratios", "lift_table", "stored_glue", "frame_panels"]


def page_sample(spec: GenreSpec, scale: str, seed: int = 1) -> tuple[pd.DataFrame, pd.DataFrame]:
    """What the Performance page measures live: a sample of bank boards
    (every engine) and a small size sweep (ladder and CP-SAT), sized by scale."""
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


def plot_sweep(sweeps: dict, title: str = "Time against board size"):
    """Median seconds against board size, one small panel per genre (log
    time, shared axes): the ladder solid, CP-SAT dashed, a circle for dense
    boards and a square for sparse ones.  Returns the Figure."""
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    from ..viz import style
    shown = {g: sw for g, sw in sweeps.items() if sw is not None and len(sw)}
    fig, axes = style.panels(max(len(shown), 1), cols=4, height=1.45, sharex=True, sharey=True)
    engines = (("ladder", "-", "#1f77b4", "ladder"), ("sat", "--", "#d62728", "CP-SAT"))
    for ax, (genre, sw) in zip(axes, shown.items()):
        med = sweep_medians(sw)
        for density, marker in (("dense", "o"), ("sparse", "s")):
            if density not in med.index.get_level_values("density"):
                continue
            part = med.xs(density, level="density")
            for eng, ls, colour, _ in engines:
                if eng in part.columns:
                    ax.plot(part.index, part[eng], ls, marker=marker, ms=3, lw=1.2,
                            color=colour, mfc="white" if density == "sparse" else colour)
        ax.set_yscale("log")
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.set_title(display_name(genre), fontsize=9)
        ax.tick_params(labelsize=8)
    handles = [plt.Line2D([], [], ls=ls, color=c, label=name) for _, ls, c, name in engines]
    handles += [plt.Line2D([], [], ls="none", marker=m, color="#555555", mfc=f, label=d)
                for d, m, f in (("dense", "o", "#555555"), ("sparse", "s", "white"))]
    return frame_panels(fig, title, "median seconds to prove unique", handles)


def frame_panels(fig, title: str, ylabel: str, handles: list):
    """Title, shared axis labels (board side against ``ylabel``) and one
    legend row of ``handles`` above a figure of size panels; returns it."""
    fig.suptitle(title, fontsize=11)
    fig.supxlabel("board side n (n×n)", fontsize=9)
    fig.supylabel(ylabel, fontsize=9)
    fig.tight_layout(rect=(0, 0, 1, 0.93))
    fig.legend(handles=handles, loc="upper center", ncol=len(handles), fontsize=8,
               frameon=False, bbox_to_anchor=(0.5, 0.955))
    return fig


def run_frame(run: dict, table_id: str) -> pd.DataFrame | None:
    """Our frame of one table from a stored run
    (:func:`~puzzlekit.book.results.article_run`; None when absent)."""
    f = (run.get("frames") or {}).get(table_id)
    return None if f is None else pd.read_json(io.StringIO(json.dumps(f)), orient="split")


def duration(seconds: float) -> str:
    """A wall time to the second: ``"47 s"``, else as
    :func:`~puzzlekit.core.tables.render.fmt_seconds` writes minutes and hours.

    >>> duration(47.2), duration(185), duration(3725)
    ('47 s', '3 min 05 s', '1 h 02 min')
    """
    s = int(round(seconds))
    return f"{s} s" if s < 60 else fmt_seconds(s)


def article_tables(run: dict) -> pd.DataFrame:
    """Every table of a stored run: kind, status, expect (the book-scale
    status), ``worst |z|`` and seconds, slowest first."""
    cols = ["kind", "status", "expect", "worst_z", "seconds"]
    if not run:
        return pd.DataFrame(columns=cols)
    df = pd.DataFrame(run["tables"]).set_index("id")[cols]
    return df.sort_values("seconds", ascending=False).rename(columns={"worst_z": "worst |z|"})


def article_runs(genres: Sequence[str], root=None) -> pd.DataFrame:
    """One row per genre: the stored article-scale run's wall time, workers,
    tables by status, claims that hold, and its slowest table (``root``: the
    stored results, :func:`~puzzlekit.book.results.article_run`)."""
    rows = []
    for g in genres:
        run = article_run(g, root)
        if not run:
            rows.append({"genre": g})
            continue
        st = pd.Series([t["status"] for t in run["tables"]]).value_counts()
        slow = max(run["tables"], key=lambda t: t.get("seconds") or 0)
        rows.append({"genre": g, "wall": duration(run["wall_seconds"]),
                     "wall s": run["wall_seconds"], "workers": run["workers"],
                     "tables": len(run["tables"]),
                     **{s: int(st.get(s, 0)) for s in ("match", "close", "differs", "missing")},
                     "claims hold": f"{sum(c['holds'] is True for c in run['claims'])}"
                                    f"/{len(run['claims'])}",
                     "slowest table": f"{slow['id']} ({duration(slow.get('seconds') or 0)})",
                     "date": run["date"][:10]})
    return pd.DataFrame(rows).set_index("genre")


def article_glue(run: dict) -> dict:
    """The strings a chapter's "At article scale" paragraph glues in
    (``art_claims_sentence``: how many claims hold, naming the others only
    when there are any)."""
    if not run:
        return {"art_wall": "(no stored run)", "art_workers": "?", "art_date": "never",
                "art_changed": "?", "art_claims_sentence": "No article-scale run is stored.",
                "art_commit": "none"}
    changed = sum(t["status"] != t["expect"] for t in run["tables"])
    held = sum(c["holds"] is True for c in run["claims"])
    verdict = {False: "fails", None: "undecided"}
    other = [f"{c['id']} {verdict[c['holds']]}: {c['detail']}" for c in run["claims"]
             if c["holds"] is not True]
    n = len(run["claims"])
    sentence = (f"All {n} claims hold." if held == n else
                f"{held} of {n} claims hold (the others: {'; '.join(other)}).")
    return {"art_wall": duration(run["wall_seconds"]), "art_workers": str(run["workers"]),
            "art_date": run["date"][:10], "art_changed": str(changed),
            "art_claims_sentence": sentence,
            "art_commit": commit_text(run)}


def commit_text(run: dict) -> str:
    """The commit a stored run was made from, as a chapter prints it: the
    short hash, and a warning where the tree had uncommitted changes.

    >>> commit_text({"commit": "5924dee-dirty"})
    '5924dee (with uncommitted changes: not reproducible from the commit alone)'
    >>> commit_text({"commit": "a1b2c3d"})
    'a1b2c3d'
    """
    commit = str(run.get("commit") or "unknown")
    if commit.endswith("-dirty") or run.get("dirty"):
        return (commit.removesuffix("-dirty")
                + " (with uncommitted changes: not reproducible from the commit alone)")
    return commit


def chapter_speed(spec: GenreSpec, bank: Sequence[dict], scale: str,
                  time_limit: float = 30.0) -> tuple[list, pd.DataFrame, dict]:
    """A chapter's "Speed" section: the first bank boards of each size (one
    at smoke scale, three in the book, twenty at article scale), each proved
    unique by the ladder and by CP-SAT (:func:`~puzzlekit.core.perf.prove`, the best of calls
    repeated for a twentieth of a second).  Returns the picked bank entries,
    the timings and the strings the paragraph glues in (:func:`speed_glue`)."""
    k = scales.pick(scale, smoke=1, book=3, article=20)
    sizes = sorted({tuple(e["size"]) for e in bank})
    picks = [e for size in sizes for e in [x for x in bank if tuple(x["size"]) == size][:k]]
    times = prove(spec, [spec.Puzzle.from_json(e["clues"]) for e in picks],
                  [e["id"] for e in picks], engines=("ladder", "sat"), time_limit=time_limit,
                  budget=0.05)
    return picks, times, speed_glue(spec.name, times)


def speed_glue(genre: str, times: pd.DataFrame, results: dict | None = None) -> dict:
    """The strings a chapter's "Speed" paragraph glues in: from ``times``
    (:func:`~puzzlekit.core.perf.prove` on the boards timed live) the count and the median and
    closest CP-SAT / ladder ratio, and from the stored engine run
    (:func:`~puzzlekit.book.results.load`) the same over every bank board, with how many fall
    short of ten times.

    >>> t = pd.DataFrame({"board": [0, 0, 1, 1], "engine": ["ladder", "sat"] * 2,
    ...                   "seconds": [1.0, 30.0, 1.0, 5.0], "status": ["unique"] * 4})
    >>> g = speed_glue("magnets", t, results={})
    >>> g["sp_n_timed"], g["sp_sat_med"], g["sp_sat_worst"], g["sp_all_n"]
    ('2', '17', '5', '0')
    """
    r = ratios(times)["sat / ladder"]
    out = {"sp_n_timed": str(len(r)), "sp_sat_med": _times(float(r.median())).rstrip("×"),
           "sp_sat_worst": _times(float(r.min())).rstrip("×"), "sp_policy": policy_sentence(genre)}
    stored = (load_stored() if results is None else results).get("genres", {}).get(genre, {})
    out["sp_sweep"] = sweep_sentence(stored)
    if not stored.get("bank"):
        out.update(sp_all_n="0", sp_all_med="?", sp_all_worst="?",
                   sp_target="no stored benchmark run covers this genre yet")
        return out
    per = ratios(pd.DataFrame(stored["bank"]))["sat / ladder"]
    short = int((per < 10).sum())
    out.update(sp_all_n=str(len(per)), sp_all_med=_times(float(per.median())).rstrip("×"),
               sp_all_worst=_times(float(per.min())).rstrip("×"),
               sp_target=("every bank board is proved unique at least ten times faster than by "
                          "CP-SAT" if short == 0 else
                          f"{short} of {len(per)} bank boards fall short of ten times faster"))
    return out


def _value_text(value) -> str:
    """A policy value in prose: a function by the lead of its docstring."""
    if callable(value) and not isinstance(value, type):
        lead = " ".join((value.__doc__ or value.__name__).split()).split(":")[0].split(".")[0]
        return f"`{value.__name__}` ({lead[:1].lower() + lead[1:]})"
    if isinstance(value, tuple):
        return ", ".join(f"`{v}`" for v in value) or "none"
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:,}"
    return "a clause learner" if type(value).__name__ == "Learner" else str(value)


def _plain(doc: str) -> str:
    """A field's ``doc`` as Markdown prose: its leading type signature
    dropped, Sphinx roles and double backquotes made plain code."""
    if doc.startswith("``") and "``: " in doc:
        doc = doc.split("``: ", 1)[1]
    doc = re.sub(r":\w+:`~?(?:[\w.]*\.)?(\w+)`", r"`\1`", doc).replace("``", "`")
    return doc[:1].upper() + doc[1:]


def policy_table(genres: Sequence[str] | None = None) -> pd.DataFrame:
    """Each genre's proof settings that differ from the common proof's, one
    row per setting: the value, what it does and why a genre sets it, read
    from the :class:`~puzzlekit.core.proof.ProofPolicy` fields' metadata
    (plain text: a table shows no Markdown).

    >>> t = policy_table(["kojun", "numberlink"])
    >>> sorted(set(t["genre"])), "memo" in set(t["setting"])
    (['numberlink'], True)
    """
    import puzzlekit
    rows = [{"genre": g, "setting": s.name, "value": _value_text(s.value).replace("`", ""),
             "what it does": _plain(s.doc).replace("`", ""), "why": _plain(s.why).replace("`", "")}
            for g in (genres or puzzlekit.GENRES) for s in puzzlekit.spec(g).proof.describe()]
    return pd.DataFrame(rows, columns=["genre", "setting", "value", "what it does", "why"])


def policy_sentence(genre: str) -> str:
    """What the genre's proof policy (``GenreSpec.proof``) changes from the
    common proof, a sentence per setting read from the policy's metadata
    ("" when it changes nothing).

    >>> policy_sentence("kojun")
    ''
    >>> policy_sentence("numberlink").split(":")[0]
    'Its proof sets `without` to `reach`'
    """
    import puzzlekit
    sentences = []
    for s in puzzlekit.spec(genre).proof.describe():
        doc = _plain(s.doc).rstrip(".")
        sentences.append(f"Its proof sets `{s.name}` to {_value_text(s.value)}: "
                         f"{doc[:1].lower() + doc[1:]}.")
    return " ".join(sentences)


def _times(v: float) -> str:
    """A ratio as the README prints it: whole numbers from 10, two
    significant digits below, cut rather than rounded, so that a ratio
    just under 1 or 10 never reads as 1 or 10.

    >>> _times(83.9), _times(5.073), _times(0.0364), _times(0.999), _times(9.96)
    ('83×', '5×', '0.036×', '0.99×', '9.9×')
    """
    if v >= 10:
        return f"{math.floor(v)}×"
    if not v > 0:
        return "0×"
    d = 1 - math.floor(math.log10(v))            # decimals that keep two digits
    cut = math.floor(v * 10 ** d + 1e-9) / 10 ** d
    return f"{cut:.{max(d, 0)}f}".rstrip("0").rstrip(".") + "×"


def sweep_slowest(entry: dict) -> dict:
    """Per density, the sweep size where the ladder does worst against
    CP-SAT: ``{density: (ratio of medians, size)}`` from a stored genre
    entry (:func:`~puzzlekit.book.results.load`); empty without a sweep.

    >>> rows = [{"size": n, "density": "dense", "board": 0, "engine": e, "seconds": t,
    ...          "status": "unique"} for n, e, t in [(6, "ladder", 1.0), (6, "sat", 4.0),
    ...                                              (8, "ladder", 2.0), (8, "sat", 1.0)]]
    >>> sweep_slowest({"sweep": rows})
    {'dense': (0.5, 8)}
    """
    if not entry.get("sweep"):
        return {}
    med = sweep_medians(pd.DataFrame(entry["sweep"]))["sat / ladder"]
    out = {}
    for density in ("dense", "sparse"):
        if density not in med.index.get_level_values("density"):
            continue
        part = med.xs(density, level="density").dropna()
        if len(part):
            n = int(part.idxmin())
            out[density] = (float(part[n]), n)
    return out


def sweep_sentence(entry: dict) -> str:
    """A chapter's sentence on the stored size sweep of its genre: whether
    the ladder's median time is ahead of CP-SAT's at every size and density,
    and if not, where it is furthest behind.

    >>> sweep_sentence({})
    'No stored size sweep covers this genre yet.'
    """
    if not entry.get("sweep"):
        return "No stored size sweep covers this genre yet."
    sw = pd.DataFrame(entry["sweep"])
    med = sweep_medians(sw)["sat / ladder"].dropna()
    sizes = sorted(set(int(n) for n in sw["size"]))
    head = (f"In the stored size sweep ({sizes[0]}×{sizes[0]} to {sizes[-1]}×{sizes[-1]}, "
            f"{entry.get('sweep per size', '?')} random boards per size and clue density, "
            f"uniqueness not asked for)")
    hit = sw[sw["status"] == "capped"]
    names = {"ladder": "the ladder", "sat": "CP-SAT"}
    counts = hit["engine"].value_counts().sort_index()
    whose = ", ".join(f"{names.get(e, e)} {k}" for e, k in counts.items())
    tail = (f"; {len(hit)} of {len(sw)} runs hit the time or node limit ({whose}), "
            f"and count at it" if len(hit) else "")
    behind = med[med < 1]
    if not len(behind):
        return f"{head} the ladder's median time is ahead of CP-SAT's at every size{tail}."
    (n, d), v = behind.idxmin(), float(behind.min())
    return (f"{head} the ladder's median time is behind CP-SAT's in {len(behind)} of "
            f"{len(med)} size and density cells, furthest at {n}×{n} {d} "
            f"(CP-SAT's median time is {_times(v)} the ladder's){tail}.")


def sweep_sample(entry: dict) -> str:
    """The boards of a stored genre entry's sweep (:func:`~puzzlekit.book.results.load`): its
    sizes, and in brackets the boards per size and clue density; "—"
    without a sweep.  A run of sizes two apart reads as a range.

    >>> sweep_sample({"sweep": [{}], "sweep sizes": [6, 8, 10, 12], "sweep per size": 8})
    '6–12 by 2 (8)'
    >>> sweep_sample({"sweep": [{}], "sweep sizes": [6, 8, 12], "sweep per size": 2})
    '6, 8, 12 (2)'
    """
    if not entry.get("sweep"):
        return "—"
    sizes = [int(n) for n in entry.get("sweep sizes", [])]
    if len(sizes) > 2 and all(b - a == 2 for a, b in zip(sizes, sizes[1:])):
        where = f"{sizes[0]}–{sizes[-1]} by 2"
    else:
        where = ", ".join(map(str, sizes)) or "?"
    return f"{where} ({entry.get('sweep per size', '?')})"


def speed_table(results: dict, name=str) -> str:
    """The README's table of CP-SAT time over ladder time, as Markdown, from
    a stored engine run (:func:`~puzzlekit.book.results.load`): per genre the bank boards,
    the median and worst board, per clue density the sweep size where the
    ratio of median times is lowest (:func:`sweep_slowest`), and the sweep's
    sizes and boards (:func:`sweep_sample`); "—" where the run had no sweep.
    The bank's ratios are given both ways it was timed: hot (each engine's
    call repeated, best kept) and alternating (the engines called in turn,
    median kept; "—" where the run has none).  ``name`` writes a genre's
    cell (default: its package name, as the README has it)."""
    lines = ["| genre | bank boards | hot: median | worst board | alternating: median | "
             "worst board | sweep, slowest size: dense | sparse | sweep sizes (boards each) |",
             "|---|---|---|---|---|---|---|---|---|"]
    for g, r in results.get("genres", {}).items():
        s = r["bank summary"]
        alt = r.get("bank alternating summary")
        slow = sweep_slowest(r)
        cells = [f"{_times(slow[d][0])} ({slow[d][1]}×{slow[d][1]})" if d in slow else "—"
                 for d in ("dense", "sparse")]
        alts = [_times(alt["sat median"]), _times(alt["sat worst"])] if alt else ["—", "—"]
        lines.append(f"| {name(g)} | {s['boards']} | {_times(s['sat median'])} | "
                     f"{_times(s['sat worst'])} | {alts[0]} | {alts[1]} | {cells[0]} | "
                     f"{cells[1]} | {sweep_sample(r)} |")
    return "\n".join(lines)


def run_glue(results: dict) -> dict:
    """From the stored engine run: its time limit per engine and board, the
    days its genres were run, and per clue density the genres whose sweep
    has its lowest CP-SAT / ladder ratio at its largest size (``"?"``
    without a stored run).

    >>> rows = [{"size": n, "density": "sparse", "board": 0, "engine": e, "seconds": t,
    ...          "status": "unique"} for n, e, t in [(6, "ladder", 1.0), (6, "sat", 4.0),
    ...                                              (8, "ladder", 2.0), (8, "sat", 3.0)]]
    >>> g = run_glue({"time_limit": 10.0, "genres": {"a": {"when": "2026-12-02", "sweep": rows},
    ...                                              "b": {"sweep when": "2026-12-05"}}})
    >>> g["full_limit"], g["full_days"], g["full_largest_sparse"]
    ('10 s', '2026-12-02 to 2026-12-05', 'every one of the 1')
    """
    keys = ("full_limit", "full_days", "full_largest_dense", "full_largest_sparse")
    if not results:
        return dict.fromkeys(keys, "?")
    genres = results["genres"].values()
    days = sorted({v for g in genres for k, v in g.items() if k in ("when", "sweep when")})
    out = {"full_limit": f"{results['time_limit']:g} s",
           "full_days": days[0] if len(days) == 1 else f"{days[0]} to {days[-1]}"}
    for density in ("dense", "sparse"):
        at = [(slowest[density][1], max(int(n) for n in pd.DataFrame(g["sweep"])["size"]))
              for g in genres if density in (slowest := sweep_slowest(g))]
        out[f"full_largest_{density}"] = of_all(sum(n == top for n, top in at), len(at))
    return out


# ------------------------------------------------------------------ the page's tables
#: The columns of :func:`~puzzlekit.core.perf.summary` as the page heads them.
RATIO_COLUMNS = {"boards": "bank boards", "sat median": "CP-SAT / ladder, median board (×)",
                 "sat worst": "CP-SAT / ladder, closest board (×)",
                 "raw median": "raw / ladder, median board (×)",
                 "raw worst": "raw / ladder, closest board (×)"}


def _in_order(genres) -> list:
    """``genres`` in the book's chapter order."""
    return [g for g in GENRES if g in genres] + [g for g in genres if g not in GENRES]


def ratio_table(summaries: dict) -> pd.DataFrame:
    """Per genre (display names, chapter order), the
    :func:`~puzzlekit.core.perf.summary` of its bank boards: the boards and
    each engine's time over the ladder's, median and closest board.

    >>> t = ratio_table({"statue_park": {"boards": 3, "sat median": 12.345, "sat worst": 2.5}})
    >>> t.loc["Statue Park"].to_dict()    # doctest: +NORMALIZE_WHITESPACE
    {'bank boards': 3.0, 'CP-SAT / ladder, median board (×)': 12.3,
     'CP-SAT / ladder, closest board (×)': 2.5}
    """
    t = pd.DataFrame(summaries).T.reindex(_in_order(summaries))
    t = t[[c for c in RATIO_COLUMNS if c in t.columns]].rename(columns=RATIO_COLUMNS)
    t.index.name = "genre"
    return readable(t.astype(float))


def sweep_table(sweeps: dict) -> pd.DataFrame:
    """The median times of every genre's sweep (:func:`sweep_medians`) in
    milliseconds, with the CP-SAT / ladder ratio: one row per genre, size
    (``6×6``, smallest first) and clue density."""
    parts = {}
    for g in _in_order(sweeps):
        sw = sweeps[g]
        if sw is None or not len(sw):
            continue
        med = sweep_medians(sw)
        med.index = med.index.set_levels(
            [size_text(int(n)) for n in med.index.levels[0]], level=0)
        parts[g] = pd.DataFrame({"ladder (ms)": 1000 * med.get("ladder"),
                                 "CP-SAT (ms)": 1000 * med.get("sat"),
                                 "CP-SAT / ladder (×)": med.get("sat / ladder")})
    t = pd.concat(parts, names=["genre"])
    return readable(t, 2)


def sweep_ratios(sweeps: dict) -> pd.DataFrame:
    """CP-SAT's median time over the ladder's (×) in every genre's sweep
    (:func:`sweep_medians`): one row per genre and clue density, one column
    per size (``6×6``, smallest first); "—" where a genre's sweep has no
    such size."""
    parts = {g: sweep_medians(sweeps[g])["sat / ladder"].unstack("size")
             for g in _in_order(sweeps) if sweeps[g] is not None and len(sweeps[g])}
    t = pd.concat(parts, names=["genre"])
    t = t[sorted(t.columns)]
    t.columns = [size_text(int(n)) for n in t.columns]
    return readable(t, 1)


def lift_table(lift: dict) -> pd.DataFrame:
    """Per genre of the stored lift study (``benchmarks/studies/lift.py``):
    the boards, the share of the plain search's probe trials the lifted
    search runs, the boards over 10 ms, and on those the median and largest
    speed-up; numbers, not yet :func:`~puzzlekit.book.across.readable`."""
    rows = {}
    for g in _in_order(lift):
        d = pd.DataFrame(lift[g])
        slow = d[d["plain s"] > 0.01]
        up = slow["plain s"] / slow["lift s"]
        rows[g] = {"boards": len(d),
                   "trials kept %": 100 * d["lift probes"].sum() / max(d["plain probes"].sum(), 1),
                   "boards over 10 ms": len(slow),
                   "median speed-up (×)": float(up.median()) if len(slow) else float("nan"),
                   "largest speed-up (×)": float(up.max()) if len(slow) else float("nan")}
    t = pd.DataFrame.from_dict(rows, orient="index")
    t.index.name = "genre"
    return t


def stored_glue(full: dict, policies: pd.DataFrame) -> dict:
    """The page's sentences on the stored engine run
    (:func:`~puzzlekit.book.results.load`) and the proof policies
    (:func:`policy_table`), as Markdown strings by glue key; none lists an
    empty set.  ``"?"`` for the run's figures when no run is stored.

    >>> g = stored_glue({}, policy_table(["kojun"]))
    >>> g["learn_genres"], g["full_n"]
    ('no genre', '?')
    """
    learn = policies.loc[policies["setting"] == "learner", "genre"]
    out = {"learn_genres": listed([linked(g) for g in _in_order(list(learn))], "no genre")}
    if not full:
        return {**out, **dict.fromkeys(("full_when", "full_n", "full_ahead", "full_ahead_of",
                                        "full_ten", "full_sweep_behind", "full_per_size"), "?")}
    stored = full["genres"]
    med = {g: r["bank summary"]["sat median"] for g, r in stored.items()}
    ten = _in_order([g for g, r in stored.items() if r["bank summary"]["sat worst"] >= 10])
    ahead = sum(v > 1 for v in med.values())
    out.update(full_when=str(full.get("when", "?")), full_n=str(len(stored)),
               full_ahead=str(ahead), full_ahead_of=of_all(ahead, len(stored)))
    out["full_ten"] = ("and at least ten times faster on every bank board in every one of them"
                       if len(ten) == len(stored) else
                       f"and at least ten times faster on every bank board in {len(ten)} "
                       f"({listed([linked(g) for g in ten])})" if ten else
                       "though in no genre ten times faster on every bank board")
    slowest = {g: sweep_slowest(r) for g, r in stored.items() if r.get("sweep")}
    behind = _in_order([g for g, s in slowest.items() if any(v < 1 for v, _ in s.values())])
    out["full_sweep_behind"] = (
        f"Of the {len(slowest)} genres with a stored size sweep, CP-SAT's median time is lower "
        f"at some size and clue density in {len(behind)}: {listed([linked(g) for g in behind])}."
        if behind else f"In every one of the {len(slowest)} genres with a stored size sweep the "
        f"ladder's median time is ahead of CP-SAT's at every size and clue density.")
    per: dict = {}                      # boards per size and density -> genres
    for g in _in_order(list(slowest)):
        per.setdefault(stored[g].get("sweep per size", "?"), []).append(g)
    out["full_per_size"] = "; ".join(
        f"{k} for {listed([display_name(g) for g in gs])}" if len(per) > 1 else
        f"{k} for every genre" for k, gs in sorted(per.items(), key=lambda kv: -len(kv[1])))
    return out
