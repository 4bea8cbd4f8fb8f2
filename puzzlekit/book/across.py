"""Thirteen ladders side by side: the measurements of the closing chapter.

Every genre is measured the same way, through :class:`~puzzlekit.core.genre.GenreSpec`
alone:

- a stratified sample of each bank (:func:`bank_sample`): the fixpoint at every
  level (:func:`ladder_reach`, shape and grades) and the hand ladder with one
  rung removed (:func:`hand_ablation`);
- a stream of small random boards per genre (:func:`small_boards`): the raw
  engine's count up to two, the probe fixpoint, and the genre's search-free
  certificates (``GenreSpec.certificate``, ``GenreSpec.refute``), giving
  probe ⇔ unique (:func:`probe_unique`) and second answers (:func:`certificates`);
- every bank board's clue count (``GenreSpec.clues``, :func:`clue_density`);
- the stored engine benchmark (:func:`engines_stored`).

What the articles' stored reports say side by side (takeaways, figures,
disclosure, cross references) is :mod:`puzzlekit.book.articles`.

Sample sizes per scale are in :data:`SAMPLES`.
"""
from __future__ import annotations

import os

import numpy as np
import pandas as pd

import puzzlekit

from ..core import banks, measure, scales
from ..core.genre import display_name, size_text

__all__ = ["CHAPTERS", "GENRES", "SAMPLES", "warm", "sample", "bank_sample", "ladder_reach",
           "shape", "plot_shape", "grades", "bank_grades", "hand_ablation", "work", "plot_work",
           "small_boards", "probe_unique", "certificates", "clue_density", "plot_density",
           "engines_stored", "linked", "listed", "of_all", "readable"]

#: The book's chapter order (``_toc.yml``'s Genres part): :data:`puzzlekit.GENRES`
#: lists the genres in another order, the one they were built in.
CHAPTERS = ("numbrix", "magnets", "nanro", "kojun", "creek", "yajisan_kazusan", "heteromino",
            "choco_banana", "numberlink", "sashigane", "country_road", "statue_park",
            "stostone")

#: Every registered genre (:data:`puzzlekit.GENRES`) in chapter order; one with
#: no chapter yet comes last.
GENRES = (tuple(g for g in CHAPTERS if g in puzzlekit.GENRES)
          + tuple(g for g in puzzlekit.GENRES if g not in CHAPTERS))

#: Sample sizes per genre as (smoke, book, article): bank boards measured at
#: every level, and small random boards.
SAMPLES = {"bank": (2, 12, 10 ** 6), "small": (6, 100, 400)}

_NONE = "none"          # the grade of a board that no level finishes


def _warm_one(genre: str, scale: str | None) -> tuple:
    """The chapter's per-genre measurements of one genre, in a worker
    process: the bank sample's fixpoints and ablation and the small boards'
    rows, sent back to fill this process's memos (what they compile stays in
    numba's cache on disk as well)."""
    ladder_reach(scale, [genre])
    hand_ablation(scale, [genre])
    small_boards(scale, [genre])
    k, n = sample("bank", scale), sample("small", scale)
    return (genre, k, _REACH[(genre, k)], _ABLATION[(genre, k)],
            [_SMALL[(genre, i)] for i in range(n)])


def warm(genres=GENRES, scale: str | None = None, workers: int | None = None) -> int:
    """Run the chapter's per-genre measurements (:func:`ladder_reach`,
    :func:`hand_ablation`, :func:`small_boards`) for every genre in
    ``workers`` fresh processes at once (default: one per core, at most
    two), keep their results in this process's memos, and return how many
    genres ran.

    On a cold cache most of the chapter's time is numba compiling thirteen
    genres' kernels, one after another in one process.  Measured side by
    side instead, each genre is compiled and measured once, in a worker; the
    chapter's later calls read the same frames from the memos (every
    measurement is seeded by genre and board, so where it runs does not
    change it).  With one core, or ``workers=1``, it does nothing (returns 0).
    """
    n = min(2, os.cpu_count() or 1) if workers is None else int(workers)
    if n < 2:
        return 0
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    with ProcessPoolExecutor(n, mp_context=multiprocessing.get_context("spawn")) as pool:
        done = list(pool.map(_warm_one, genres, [scale] * len(genres)))
    for genre, k, reach, ablation, rows in done:
        _REACH[(genre, k)], _ABLATION[(genre, k)] = reach, ablation
        _SMALL.update(((genre, i), row) for i, row in enumerate(rows))
    return len(done)


def sample(what: str, scale: str | None = None) -> int:
    """The sample size of ``what`` (``bank`` or ``small``) at ``scale``.

    >>> sample("small", "smoke")
    6
    """
    return scales.pick(scale, **dict(zip(("smoke", "book", "article"), SAMPLES[what])))


def _spec(genre):
    return puzzlekit.spec(genre)


# ------------------------------------------------------------------ bank sample
def bank_sample(genre: str, scale: str | None = None, seed: int = 1) -> list[dict]:
    """A seeded sample of the bank, spread over its sizes: shuffle each size's
    boards, then deal one size at a time until ``sample("bank")`` boards are
    taken (the whole bank at article scale).  Sorted by id."""
    entries = banks.load(genre)
    k = sample("bank", scale)
    rng = measure.rng_for("across", genre, seed)
    by_size: dict = {}
    for e in entries:
        by_size.setdefault(tuple(e["size"]), []).append(e)
    piles = [[g[i] for i in rng.permutation(len(g))] for _, g in sorted(by_size.items())]
    out = []
    while len(out) < min(k, len(entries)):
        for p in piles:
            if p and len(out) < k:
                out.append(p.pop())
    return sorted(out, key=lambda e: e["id"])


_PUZZLES: dict = {}
_REACH: dict = {}        # (genre, bank sample size) -> ladder_reach's frame of that genre
_ABLATION: dict = {}     # (genre, bank sample size) -> hand_ablation's frame of that genre


def _puzzles(genre, entries):
    sp = _spec(genre)
    out = []
    for e in entries:
        key = (genre, e["id"])
        if key not in _PUZZLES:
            _PUZZLES[key] = sp.Puzzle.from_json(e["clues"])
        out.append(_PUZZLES[key])
    return out


def ladder_reach(scale: str | None = None, genres=GENRES) -> pd.DataFrame:
    """The fixpoint at every level on every sampled bank board
    (:func:`~puzzlekit.core.measure.reach`).

    Columns: ``genre``, ``board``, ``step`` (0 for the first rung), ``rung``,
    ``steps`` (rungs in the ladder), ``finished``, ``decided %`` (of the
    genre's variables), ``variables`` (what they are:
    :attr:`~puzzlekit.core.genre.GenreSpec.variables`), ``shipped`` (the
    bank's grade).  Decided shares of genres with different variables are
    not in one unit: set them side by side, never rank them.
    """
    parts = []
    for g in genres:
        key = (g, sample("bank", scale))
        if key not in _REACH:
            sp = _spec(g)
            es = bank_sample(g, scale)
            df = measure.reach(sp, _puzzles(g, es), labels=[e["id"] for e in es])
            df.insert(0, "genre", g)
            df["step"] = df["level"].map({n: i for i, n in enumerate(sp.ladder.names)})
            df["steps"] = len(sp.ladder)
            df["shipped"] = df["board"].map({e["id"]: e["grade"] or _NONE for e in es})
            df["variables"] = sp.variables
            _REACH[key] = df.rename(columns={"level": "rung"})
        parts.append(_REACH[key])
    return pd.concat(parts, ignore_index=True)[
        ["genre", "board", "step", "rung", "steps", "finished", "decided %", "variables",
         "shipped"]]


def shape(reach: pd.DataFrame) -> pd.DataFrame:
    """Per genre and rung: the mean share of decided variables (in the
    genre's own unit, named in ``variables``) and the share of boards
    finished after that rung's fixpoint (both in %), and the boards
    measured."""
    g = reach.groupby(["genre", "step", "rung"], sort=False)
    out = g.agg(**{"decided %": ("decided %", "mean"), "variables": ("variables", "first"),
                   "finished %": ("finished", lambda x: 100.0 * x.mean()),
                   "boards": ("board", "size")}).reset_index()
    return out


def plot_shape(sh: pd.DataFrame, genres=GENRES):
    """Small multiples, one panel per genre: decided share (line) and
    finished share (bars) after each rung, left to right."""
    from ..viz import style
    gs = [g for g in genres if g in set(sh["genre"])]
    fig, axes = style.panels(len(gs), cols=4, height=2.0, sharey=True)
    for ax, g in zip(axes, gs):
        d = sh[sh["genre"] == g].sort_values("step")
        x = np.arange(len(d))
        ax.bar(x, d["finished %"], color="#9ecae1", label="boards finished")
        ax.plot(x, d["decided %"], "o-", color="#08519c", ms=3, label="variables decided")
        ax.set_xticks(x, d["rung"], rotation=40, ha="right", fontsize=8)
        ax.set_title(f"{display_name(g)}\n({d['variables'].iloc[0]})", fontsize=8.5)
        ax.set_ylim(0, 105)
        ax.tick_params(axis="y", labelsize=8)
    handles, labels = axes[0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="upper center", ncol=2, fontsize=8, frameon=False)
    fig.supylabel("% after the rung's fixpoint", fontsize=9)
    fig.tight_layout(rect=(0, 0, 1, 0.96))
    return fig


# ------------------------------------------------------------------ where the work is
def grades(reach: pd.DataFrame) -> pd.DataFrame:
    """Per board: the measured grade (the weakest finishing level, ``none``
    when even probe stalls) beside the bank's shipped grade.

    Columns: ``genre``, ``board``, ``grade``, ``step`` (the grade's rung
    index; the number of rungs for ``none``), ``steps``, ``shipped``.
    """
    rows = []
    for (g, b), d in reach.groupby(["genre", "board"], sort=False):
        d = d.sort_values("step")
        fin = d[d["finished"]]
        steps = int(d["steps"].iloc[0])
        grade = fin["rung"].iloc[0] if len(fin) else _NONE
        step = int(fin["step"].iloc[0]) if len(fin) else steps
        rows.append({"genre": g, "board": b, "grade": grade, "step": step, "steps": steps,
                     "shipped": d["shipped"].iloc[0]})
    return pd.DataFrame(rows)


def bank_grades(genres=GENRES) -> pd.DataFrame:
    """Every bank board's shipped grade (re-proved by the bank tests), in the
    columns of :func:`grades` (``shipped`` equal to ``grade``)."""
    rows = []
    for g in genres:
        names = list(_spec(g).ladder.names)
        for e in banks.load(g):
            grade = e["grade"] or _NONE
            step = names.index(grade) if grade in names else len(names)
            rows.append({"genre": g, "board": e["id"], "grade": grade, "step": step,
                         "steps": len(names), "shipped": grade})
    return pd.DataFrame(rows)


def hand_ablation(scale: str | None = None, genres=GENRES) -> pd.DataFrame:
    """The hand ladder (every rung below probe) in full and with each of its
    rungs removed, on the sampled bank boards
    (:func:`~puzzlekit.core.measure.ablation`).

    Columns: ``genre``, ``board``, ``variant`` (``full`` or ``−name``),
    ``finished``, ``decided %`` (of the genre's ``variables``), ``moved``.
    """
    parts = []
    for g in genres:
        key = (g, sample("bank", scale))
        if key not in _ABLATION:
            sp = _spec(g)
            es = bank_sample(g, scale)
            hand = len(sp.ladder) - 2                 # the rung just below probe
            rungs = list(sp.ladder.names[:hand + 1])
            df = measure.ablation(sp, _puzzles(g, es), level=hand, rungs=rungs,
                                  labels=[e["id"] for e in es])
            df.insert(0, "genre", g)
            _ABLATION[key] = df[["genre", "board", "variant", "finished", "decided %", "moved"]]
        parts.append(_ABLATION[key])
    return pd.concat(parts, ignore_index=True)


def work(gr: pd.DataFrame, abl: pd.DataFrame, genres=GENRES) -> pd.DataFrame:
    """Per genre: the boards of ``gr`` (a :func:`grades` or :func:`bank_grades`
    frame), the share graded below probe, by probe, and by no level (probe
    stalls on a unique board), and, over the boards of ``abl``, the
    hand-ladder rung whose removal costs the most decided variables (judged
    within the genre, in its own variables, named in ``judged by``; ties go
    to the lower rung), the points of boards finished it costs (boards: one
    unit in every genre) and on how many boards its removal moved the
    fixpoint."""
    rows = {}
    for g in genres:
        d = gr[gr["genre"] == g]
        if not len(d):
            continue
        a = abl[abl["genre"] == g]
        mean = a.groupby("variant", sort=False)["decided %"].mean()
        finished = a.groupby("variant", sort=False)["finished"].mean()
        loss = (mean["full"] - mean.drop("full"))
        worst = loss.idxmax() if len(loss) else None
        rows[g] = {"boards": len(d),
                   "below probe %": 100.0 * (d["step"] < d["steps"] - 1).mean(),
                   "probe %": 100.0 * (d["step"] == d["steps"] - 1).mean(),
                   "none %": 100.0 * (d["grade"] == _NONE).mean(),
                   "costliest rung": None if worst is None else worst.lstrip("−"),
                   "judged by": f"decided {_spec(g).variables}",
                   "finished lost (points)": 100.0 * float(finished["full"] - finished[worst])
                   if worst is not None else float("nan"),
                   "boards moved": int(a[a["variant"] == worst]["moved"].sum())
                   if worst is not None else 0}
    df = pd.DataFrame.from_dict(rows, orient="index")
    df.index.name = "genre"
    return df


def plot_work(gr: pd.DataFrame, genres=GENRES):
    """One bar per genre, split by the rung that grades each board: the
    rungs below probe in shades of blue (weakest palest), probe dark, and
    ``none`` (probe stalls) grey; each segment names its rung."""
    import matplotlib.pyplot as plt
    from matplotlib import cm

    from ..viz import style
    style.use()
    gs = [g for g in genres if g in set(gr["genre"])]
    fig, ax = plt.subplots(figsize=(style.COLUMN_INCHES, 0.45 * len(gs) + 1))
    for y, g in enumerate(gs):
        d = gr[gr["genre"] == g]
        steps = int(d["steps"].iloc[0])
        names = list(_spec(g).ladder.names) + [_NONE]
        left = 0.0
        for s in range(steps + 1):
            share = 100.0 * (d["step"] == s).mean()
            if share == 0:
                continue
            colour = ("#bbbbbb" if s == steps else "#08306b" if s == steps - 1
                      else cm.Blues(0.25 + 0.5 * s / max(steps - 2, 1)))
            ax.barh(y, share, left=left, color=colour, edgecolor="white")
            if share >= 9:
                ax.text(left + share / 2, y, names[s], ha="center", va="center", fontsize=7,
                        color="white" if s >= steps - 1 and s != steps else "black")
            left += share
    ax.set_yticks(range(len(gs)), [display_name(g) for g in gs])
    ax.invert_yaxis()
    ax.set_xlim(0, 100)
    ax.set_xlabel("% of bank boards, by the rung that grades them")
    fig.tight_layout()
    return fig


# ------------------------------------------------------------------ small random boards
_SMALL: dict = {}


def _small_size(genre, rng):
    """Sides drawn from 3 to 5, then made a size the genre has boards of
    (``GenreSpec.small_size``, where it has one)."""
    h, w = int(rng.integers(3, 6)), int(rng.integers(3, 6))
    rule = _spec(genre).small_size
    return (h, w) if rule is None else rule(h, w)


def _small_row(genre: str, i: int) -> dict:
    """Board ``i`` of the genre's small stream, measured (cached)."""
    key = (genre, i)
    if key in _SMALL:
        return _SMALL[key]
    sp = _spec(genre)
    rng = measure.rng_for("across small", genre, i)
    h, w = _small_size(genre, rng)
    p = sp.random_small(rng, h, w)
    r = sp.brute_solutions(p, 2)
    row = {"genre": genre, "board": i, "size": size_text(h, w), "answers": min(int(r.count), 2),
           "capped": bool(r.capped and r.count < 2),
           "probe finishes": measure.fix(sp, p).finished,
           "certificate": None, "refuted": None}
    if sp.certificate is not None and r.count >= 1:
        first = r.solutions[0]
        alt = sp.certificate(p, first)
        if alt is None:
            row["certificate"] = "silent"
        elif sp.check(p, alt) or alt.to_json() == first.to_json():
            row["certificate"] = "false alarm"     # not a second legal answer
        else:
            row["certificate"] = "second answer"
    if sp.refute is not None:
        row["refuted"] = bool(sp.refute(p))
    _SMALL[key] = row
    return row


def small_boards(scale: str | None = None, genres=GENRES) -> pd.DataFrame:
    """``sample("small")`` random small boards per genre (sides 3 to 5, drawn
    by ``GenreSpec.random_small``, made a size the genre has boards of by
    ``GenreSpec.small_size``), each measured once:
    the raw engine's count up to two, whether the probe fixpoint finishes,
    what the certificate says of the first answer, and whether the
    no-answer certificate fires.

    Columns: ``genre``, ``board``, ``size``, ``answers`` (0, 1, 2 = two or
    more), ``capped``, ``probe finishes``, ``certificate`` (None without
    one; ``silent``, ``second answer`` or ``false alarm``), ``refuted``.
    """
    n = sample("small", scale)
    return pd.DataFrame([_small_row(g, i) for g in genres for i in range(n)])


def probe_unique(small: pd.DataFrame, genres=GENRES) -> pd.DataFrame:
    """Per genre, both directions of probe ⇔ unique over the small boards
    (:func:`~puzzlekit.core.measure.probe_unique_counts`), with the bank's
    shipped boards that no level grades (unique, probe stalls)."""
    rows = {}
    for g in genres:
        d = small[small["genre"] == g]
        if not len(d):
            continue
        pu = pd.DataFrame({"probe finishes": d["probe finishes"],
                           "unique": [None if c else a == 1
                                      for a, c in zip(d["answers"], d["capped"])]})
        c = measure.probe_unique_counts(pu)
        bank = banks.load(g)
        rows[g] = {"boards": c["boards"], "unique": int((d["answers"] == 1).sum()),
                   "held": c["held"],
                   "held %": 100.0 * c["held"] / c["boards"] if c["boards"] else float("nan"),
                   "gaps": c["gaps"], "violations": c["violations"],
                   "skipped": c["skipped"], "bank boards": len(bank),
                   "bank gaps": sum(e["grade"] is None for e in bank)}
    df = pd.DataFrame.from_dict(rows, orient="index")
    df.index.name = "genre"
    return df


def certificates(small: pd.DataFrame, genres=GENRES) -> pd.DataFrame:
    """Per genre, over the small boards: the second-answer certificate on
    the boards with two or more answers (explained share) and on the unique
    ones (firing there is a false alarm), and the no-answer certificate on
    the boards with none (refuted share; firing on a board with an answer
    is a false alarm).  NaN where the genre has no such certificate."""
    rows = {}
    for g in genres:
        sp = _spec(g)
        d = small[(small["genre"] == g) & ~small["capped"]]
        multi, uniq, none = d[d["answers"] == 2], d[d["answers"] == 1], d[d["answers"] == 0]
        row = {"non-unique": len(multi), "explained %": float("nan"),
               "false alarms": float("nan"), "no answer": len(none),
               "refuted %": float("nan"), "refute false alarms": float("nan")}
        if sp.certificate is not None:
            row["explained %"] = measure.pct(multi["certificate"] == "second answer")
            row["false alarms"] = int((d["certificate"] == "false alarm").sum()
                                      + (uniq["certificate"] != "silent").sum())
        if sp.refute is not None:
            row["refuted %"] = measure.pct(none["refuted"].astype(bool))
            row["refute false alarms"] = int(d[d["answers"] > 0]["refuted"].astype(bool).sum())
        rows[g] = row
    df = pd.DataFrame.from_dict(rows, orient="index")
    df.index.name = "genre"
    return df


# ------------------------------------------------------------------ clue economy
def clue_density(genres=GENRES) -> pd.DataFrame:
    """Every bank board's clue count (``GenreSpec.clues``) over its cells.

    Columns: ``genre``, ``board``, ``size`` (``H×W``), ``cells``, ``clues``,
    ``density`` (clues per cell), ``grade``.
    """
    rows = []
    for g in genres:
        sp = _spec(g)
        if sp.clues is None:
            continue
        es = banks.load(g)
        for e, p in zip(es, _puzzles(g, es)):
            h, w = e["size"]
            c = int(sp.clues(p))
            rows.append({"genre": g, "board": e["id"], "size": size_text(h, w), "cells": h * w,
                         "clues": c, "density": c / (h * w), "grade": e["grade"] or _NONE})
    return pd.DataFrame(rows)


def plot_density(dens: pd.DataFrame, genres=GENRES):
    """Median clues per cell for every genre (rows, lightest first) and bank
    size (columns), as a heat map with the value written in each cell."""
    import matplotlib.pyplot as plt
    med = dens.groupby(["genre", "size"])["density"].median().unstack("size")
    cells = dens.groupby("size")["cells"].first()
    med = med[sorted(med.columns, key=lambda c: cells[c])]
    order = dens.groupby("genre")["density"].median().sort_values().index
    med = med.reindex([g for g in order if g in genres])
    from ..viz import style
    style.use()
    fig, ax = plt.subplots(figsize=(min(1.0 * len(med.columns) + 2.5, style.COLUMN_INCHES),
                                    0.4 * len(med) + 1.2))
    ax.imshow(med.to_numpy(dtype=float), cmap="Blues", vmin=0, vmax=max(0.6, np.nanmax(med)),
              aspect="auto")
    for (y, x), v in np.ndenumerate(med.to_numpy(dtype=float)):
        if not np.isnan(v):
            ax.text(x, y, f"{v:.2f}", ha="center", va="center", fontsize=8,
                    color="white" if v > 0.4 else "black")
    ax.set_xticks(range(len(med.columns)), list(med.columns))
    ax.set_yticks(range(len(med)), [display_name(g) for g in med.index])
    ax.set_xlabel("bank board size")
    ax.set_title("clues per cell, median over the bank's boards of each size", fontsize=10)
    fig.tight_layout()
    return fig


# ------------------------------------------------------------------ engines (stored)
def engines_stored(results: dict, genres=GENRES) -> pd.DataFrame:
    """Per genre of a stored engine benchmark
    (:func:`puzzlekit.book.results.load`): bank boards proved by all
    three engines, the boards where all three agree (none capped), those
    where two engines with a verdict disagree, capped runs, CP-SAT's time
    over the ladder's (median and worst board), and the sweep's random
    boards where the ladder and CP-SAT both reached a verdict and the
    verdicts agree.  Genres missing from the run are left
    out (see ``missing`` in ``attrs``)."""
    rows = {}
    stored = results.get("genres", {}) if results else {}
    for g in genres:
        if g not in stored:
            continue
        r = stored[g]
        b = pd.DataFrame(r.get("bank", []))
        row = {"bank boards": 0, "all agree": 0, "disagree": 0, "capped runs": 0}
        if len(b):
            st = b.pivot(index="board", columns="engine", values="status")
            ok = (st != "capped").all(axis=1)
            decided = st.where(st != "capped")        # a capped run has no verdict
            row = {"bank boards": len(st),
                   "all agree": int((ok & st.nunique(axis=1).eq(1)).sum()),
                   "disagree": int(decided.nunique(axis=1).gt(1).sum()),
                   "capped runs": int((b["status"] == "capped").sum())}
        s = r.get("bank summary", {})
        row["sat/ladder median"] = s.get("sat median", float("nan"))
        row["sat/ladder worst"] = s.get("sat worst", float("nan"))
        sw = pd.DataFrame(r.get("sweep", []))
        if len(sw):
            key = ["size", "density", "board"]
            st = sw.pivot_table(index=key, columns="engine", values="status", aggfunc="first")
            both = st[(st != "capped").all(axis=1)]
            row["sweep compared"] = len(both)
            row["sweep agree"] = int(both.nunique(axis=1).eq(1).sum())
        rows[g] = row
    df = pd.DataFrame.from_dict(rows, orient="index")
    df.index.name = "genre"
    df.attrs["missing"] = [g for g in genres if g not in stored]
    df.attrs["when"] = results.get("when") if results else None
    return df


# ------------------------------------------------------------------ for the reader
def linked(genre: str) -> str:
    """The genre's display name as a MyST link to its chapter.

    >>> linked("statue_park")
    '{doc}`Statue Park <statue_park>`'
    """
    return f"{{doc}}`{display_name(genre)} <{genre}>`"


def of_all(k: int, n: int) -> str:
    """``"every one of the 8"`` or ``"3 of the 8"``.

    >>> of_all(8, 8), of_all(3, 8)
    ('every one of the 8', '3 of the 8')
    """
    return f"every one of the {n}" if k == n else f"{k} of the {n}"


def listed(words, empty: str = "") -> str:
    """``"a"``, ``"a and b"``, ``"a, b and c"``; ``empty`` for no words.

    >>> listed(["a"]), listed(["a", "b", "c"]), listed([], "none")
    ('a', 'a, b and c', 'none')
    """
    words = list(words)
    if not words:
        return empty
    return " and ".join([", ".join(words[:-1]), words[-1]]) if len(words) > 1 else words[0]


def _names(index: pd.Index) -> pd.Index:
    """An index with its ``genre`` level (or the index itself, when named
    ``genre``) in display names."""
    if isinstance(index, pd.MultiIndex):
        return index.set_levels([lv.map(display_name) if name == "genre" else lv
                                 for lv, name in zip(index.levels, index.names)])
    return index.map(display_name).rename(index.name) if index.name == "genre" else index


def readable(df: pd.DataFrame, decimals: int = 1) -> pd.DataFrame:
    """A frame as the book shows it: genres by their display names (the
    index, an index level or a column named ``genre``), floats rounded to
    ``decimals`` (whole-number columns as integers), and "—" where a cell
    holds no figure (NaN or None).

    A time column (named "seconds", "wall s" or "… (s)", at its last
    level) is left as it is: the book's table renderer writes it with its unit and three
    significant digits (:func:`~puzzlekit.core.tables.render.fmt_seconds`),
    which rounding here first would turn 42 ms into "0 µs".

    >>> t = pd.DataFrame({"n": [2.0, None], "share": [1.234, 5.0], "cold (s)": [0.0426, 12.3]},
    ...                  index=pd.Index(["statue_park", "kojun"], name="genre"))
    >>> readable(t).to_dict("index")["Statue Park"]
    {'n': 2, 'share': 1.2, 'cold (s)': 0.0426}
    >>> readable(t).to_dict("index")["Kojun"]["n"]
    '—'
    """
    out = df.copy()
    out.index = _names(out.index)
    if "genre" in out.columns:
        out["genre"] = out["genre"].map(display_name)
    for c in out.columns:
        col = out[c]
        last = str(c[-1] if isinstance(c, tuple) else c)
        timed = last in ("seconds", "wall s") or last.endswith(" (s)")
        if pd.api.types.is_bool_dtype(col) or timed:
            continue
        if pd.api.types.is_numeric_dtype(col):
            known = col.dropna()
            whole = bool(len(known)) and bool((known == known.round()).all())
            col = col.round(0 if whole else decimals)
            if col.isna().any():
                out[c] = [("—" if pd.isna(v) else int(v) if whole else v) for v in col]
            else:
                out[c] = col.astype(int) if whole else col
        elif col.isna().any():
            out[c] = col.astype(object).where(col.notna(), "—")
    return out


# ------------------------------------------------------------------ the prose's sentences
def _of_n(k: int, n: int, what: str) -> str:
    """``"every one of the 8 boards"`` or ``"3 of the 8 boards"``."""
    return f"every one of the {n:,} {what}" if k == n else f"{k:,} of the {n:,} {what}"


def probe_unique_glue(pu: pd.DataFrame) -> dict:
    """The sentences on probe ⇔ unique, from :func:`probe_unique`, as Markdown
    strings by glue key: ``pu_converse`` (on the small boards), ``pu_bank``
    (the bank gaps, naming the genres that have any) and ``pu_short`` (both,
    in a few words); no sentence lists an empty set or counts zero.

    >>> pu = pd.DataFrame({"boards": [10, 10], "gaps": [0, 0], "skipped": [0, 0],
    ...                    "bank boards": [5, 4], "bank gaps": [0, 0]},
    ...                   index=pd.Index(["kojun", "nanro"], name="genre"))
    >>> g = probe_unique_glue(pu)
    >>> print(g["pu_converse"])
    The converse holds on every one of the 20 small boards decided: probe finishes each unique one.
    >>> g["pu_bank"]
    'No bank board is a gap: probe finishes every shipped board.'
    """
    gaps, skipped, n = int(pu["gaps"].sum()), int(pu["skipped"].sum()), int(pu["boards"].sum())
    left = (f" ({skipped:,} more were left out because the engine ran out of nodes)"
            if skipped else "")
    converse = (f"The converse holds on every one of the {n:,} small boards decided{left}: "
                f"probe finishes each unique one." if not gaps else
                f"The converse fails on {gaps:,} of the {n:,} small boards decided{left}: "
                f"each has one answer, and probe stalls on it.")
    has = pu[pu["bank gaps"] > 0]
    if not len(has):
        return {"pu_converse": converse,
                "pu_bank": "No bank board is a gap: probe finishes every shipped board.",
                "pu_short": ("probe finishes exactly the unique boards, on every board measured"
                             if not gaps else f"the converse fails on {gaps:,} small boards")}
    share = (has["bank gaps"] / has["bank boards"]).sort_values()
    named = listed(f"{linked(g)} ({int(r['bank gaps']):,} of {int(r['bank boards']):,})"
                   for g, r in has.iterrows())
    bank = (f"The banks hold *gaps*, unique boards that probe cannot finish, in {len(has)} "
            f"genres: {named}. Nanro's article found gap boards rare in its stream; ours reach "
            f"{100 * share.iloc[-1]:.0f}% of the bank on {linked(share.index[-1])}: those "
            f"generators keep a board once it is unique, whether or not probe can finish it, "
            f"so a gap can be shipped with the grade *none*.")
    small = f"on {gaps:,} unique small boards and " if gaps else ""
    return {"pu_converse": converse, "pu_bank": bank,
            "pu_short": f"the converse fails {small}on bank boards of {len(has)} genres"}


def engines_glue(eng: pd.DataFrame) -> dict:
    """The sentences on the stored engine run, from :func:`engines_stored`,
    as Markdown strings by glue key: ``eng_capped`` (runs stopped at the time
    limit) and ``eng_missing`` (the genres the run leaves out, or that it
    leaves none out).

    >>> eng = pd.DataFrame({"capped runs": [0]}, index=pd.Index(["kojun"], name="genre"))
    >>> eng.attrs["missing"] = []
    >>> engines_glue(eng)     # doctest: +NORMALIZE_WHITESPACE
    {'eng_capped': 'no run stopped at the time limit',
     'eng_missing': 'Every genre is in the stored run.'}
    """
    capped = int(eng["capped runs"].sum()) if len(eng) else 0
    missing = eng.attrs.get("missing", [])
    return {"eng_capped": (f"{capped:,} runs stopped at the time limit, without a verdict"
                           if capped else "no run stopped at the time limit"),
            "eng_missing": (f"{listed([linked(g) for g in missing])} "
                            f"{'is' if len(missing) == 1 else 'are'} not in the stored run: the "
                            f"test suite checks that the three engines agree on random small "
                            f"boards and on every bank board, but no timing is quoted here."
                            if missing else "Every genre is in the stored run.")}
