"""Speed measured, not assumed: uniqueness proofs by three engines, timed.

For every board: the ladder's search (count to 2), the genre's raw engine
and the CP-SAT model (``GenreSpec.sat_count``), each timed on its second call
(the first compiles and fills caches).  Ratios are CP-SAT's time over the
ladder's (and the raw engine's over the ladder's): above 1 means the ladder
is faster.  Used by ``benchmarks/bench_engines.py`` and the Performance page.
"""
from __future__ import annotations

import math
import time
from typing import Callable, Sequence

import numpy as np
import pandas as pd

from .genre import PROOF_PROBE_AFTER, GenreSpec, ladder_count, proof_count, warm_proof
from .progress import bar

__all__ = ["ENGINES", "warm_proof", "fresh", "policy_sentence", "ARTICLE_RUNS", "article_run", "run_frame", "duration", "article_tables",
           "article_runs", "article_glue", "chapter_speed", "speed_glue", "speed_table", "seconds", "prove", "ratios", "summary", "sweep",
           "sweep_boards", "sweep_sample", "print_bank", "print_sweep"]

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
    have cached on it (tables, catalogues, memos): only the attributes a
    freshly parsed board has.  Each timed call gets one, so no engine's time
    leaves out the work of building its tables, nor gains from an earlier
    call on the same board."""
    import copy
    if not hasattr(puzzle, "__dict__"):
        return lambda: puzzle
    base = set(vars(spec.Puzzle.from_json(puzzle.to_json())))

    def make():
        q = copy.copy(puzzle)
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


def prove(spec: GenreSpec, puzzles: Sequence, labels: Sequence | None = None,
          engines: Sequence[str] = ENGINES, level=None, max_nodes: int | None = 20_000,
          time_limit: float = 120.0, repeat: int = 1, warm: bool = True,
          budget: float = 0.0) -> pd.DataFrame:
    """Time every engine's count-to-2 on every board (CP-SAT and the ladder
    under ``time_limit``, the ladder also under its node budget
    ``max_nodes``; the raw engine under its own node cap).  The ladder runs its uniqueness proof
    (:func:`puzzlekit.core.genre.proof_count`: probe at the root, the rungs
    below it in the search), or with ``level`` its search with the rungs up
    to that level at every node.

    Every timed call starts from a copy of the board without its cached
    tables (:func:`fresh`).  ``warm=False`` skips the untimed warm-up call
    (for long runs, once the kernels are compiled).  ``repeat`` and ``budget``: see :func:`seconds`;
    every engine gets the same.  Columns: ``board``, ``engine``, ``seconds``,
    ``status`` (``unique``, ``multiple``, ``none`` or ``capped``).  A
    capped ladder or CP-SAT run is charged the whole ``time_limit``, however
    soon it stopped: a search that gives up on its node budget has not
    answered, and must not look faster than one that has.
    """
    labels = list(range(len(puzzles))) if labels is None else list(labels)
    engines = [e for e in engines if e != "sat" or spec.sat_count is not None]
    rows = []
    for b, p in zip(labels, bar(puzzles, desc=f"{spec.name} timings")):
        for e in engines:
            t, r = seconds(_runner(spec, e, p, level, max_nodes, time_limit), repeat, warm,
                           budget)
            if r.status == "capped" and e != "raw":
                t = max(t, time_limit)
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
          densities: Sequence[str] = ("dense", "sparse"), engines: Sequence[str] = ("ladder", "sat"),
          seed: int = 0, **kw) -> pd.DataFrame:
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


def print_bank(df: pd.DataFrame, sizes: Sequence[int] | None = None) -> None:
    """Print a :func:`prove` frame of bank boards (ids holding ``NxN``): every
    board's times and CP-SAT/ladder ratio, the median and worst ratio per
    size (``sizes``, default every size in the ids), and over all boards (the
    benchmarks' first table)."""
    import re
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


ARTICLE_RUNS = "benchmarks/results/articles"


def article_run(genre: str, root=None) -> dict:
    """A genre's stored article-scale run (``benchmarks/run_articles.py``:
    the fidelity report with every table's seconds and frame, the wall time,
    the workers, the machine's load, the date and the commit), or {}."""
    import json
    from pathlib import Path
    p = Path(root or Path(__file__).resolve().parents[2]) / ARTICLE_RUNS / f"{genre}.json"
    return json.loads(p.read_text()) if p.exists() else {}


def run_frame(run: dict, table_id: str) -> pd.DataFrame | None:
    """Our frame of one table from a stored run (None when absent)."""
    import io
    import json
    f = (run.get("frames") or {}).get(table_id)
    return None if f is None else pd.read_json(io.StringIO(json.dumps(f)), orient="split")


def duration(seconds: float) -> str:
    """``"47 s"``, ``"3 min 05 s"`` or ``"1 h 02 min"``.

    >>> duration(47.2), duration(185), duration(3725)
    ('47 s', '3 min 05 s', '1 h 02 min')
    """
    s = int(round(seconds))
    if s < 60:
        return f"{s} s"
    if s < 3600:
        return f"{s // 60} min {s % 60:02d} s"
    return f"{s // 3600} h {s % 3600 // 60:02d} min"


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
    tables by status, claims that hold, and its slowest table."""
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
    """The strings a chapter's "At article scale" paragraph glues in."""
    if not run:
        return {"art_wall": "(no stored run)", "art_workers": "?", "art_date": "never",
                "art_changed": "?", "art_claims": "?", "art_claims_not": "?"}
    changed = sum(t["status"] != t["expect"] for t in run["tables"])
    held = sum(c["holds"] is True for c in run["claims"])
    verdict = {False: "fails", None: "undecided"}
    other = [f"{c['id']} {verdict[c['holds']]}: {c['detail']}" for c in run["claims"]
             if c["holds"] is not True]
    return {"art_wall": duration(run["wall_seconds"]), "art_workers": str(run["workers"]),
            "art_date": run["date"][:10], "art_changed": str(changed),
            "art_claims": f"{held} of {len(run['claims'])}",
            "art_claims_not": "; ".join(other) if other else "none"}


def chapter_speed(spec: GenreSpec, bank: Sequence[dict], scale: str,
                  time_limit: float = 30.0) -> tuple[list, pd.DataFrame, dict]:
    """A chapter's "Speed" section: the first bank boards of each size (one
    at smoke scale, three in the book, twenty at article scale), each proved
    unique by the ladder and by CP-SAT (:func:`prove`, the best of calls
    repeated for a twentieth of a second).  Returns the picked bank entries,
    the timings and the strings the paragraph glues in (:func:`speed_glue`)."""
    from . import scales
    k = scales.pick(scale, smoke=1, book=3, article=20)
    sizes = sorted({tuple(e["size"]) for e in bank})
    picks = [e for size in sizes for e in [x for x in bank if tuple(x["size"]) == size][:k]]
    times = prove(spec, [spec.Puzzle.from_json(e["clues"]) for e in picks],
                  [e["id"] for e in picks], engines=("ladder", "sat"), time_limit=time_limit,
                  budget=0.05)
    return picks, times, speed_glue(spec.name, times)


def speed_glue(genre: str, times: pd.DataFrame, results: dict | None = None) -> dict:
    """The strings a chapter's "Speed" paragraph glues in: from ``times``
    (:func:`prove` on the boards timed live) the count and the median and
    closest CP-SAT / ladder ratio, and from the stored engine run
    (:func:`load_results`) the same over every bank board, with how many fall
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
    stored = (load_results() if results is None else results).get("genres", {}).get(genre, {})
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


def policy_sentence(genre: str) -> str:
    """What the genre's own proof settings (``GenreSpec.proof_cheap_nodes``,
    ``proof_order``, ``proof_first``, ``proof_probe_after``, ``proof_probe_passes``,
    ``proof_groups``, ``proof_weighted``, ``proof_memo``, ``proof_without``) add to the common
    proof, in a few
    sentences ("" when it has none).

    >>> policy_sentence("stostone").startswith("Before its probe pass")
    True
    >>> policy_sentence("nanro")
    ''
    >>> policy_sentence("magnets").startswith("A search its first round leaves open")
    True
    >>> policy_sentence("numberlink").startswith("Below the root it never runs probe")
    True
    >>> "Its proof leaves `reach` out" in policy_sentence("numberlink")
    True
    >>> "one pass over the variables" in policy_sentence("numbrix")
    True
    >>> "clause learner" in policy_sentence("numberlink")
    True
    >>> "At the root probe makes one pass" in policy_sentence("numberlink")
    True
    >>> "keep failing" in policy_sentence("heteromino")
    True
    >>> "no answer" in policy_sentence("numberlink")
    True
    """
    import puzzlekit
    sp = puzzlekit.spec(genre)
    out = []
    if sp.proof_cheap_nodes:
        out.append(f"Before its probe pass at the root this genre's proof tries the rungs below "
                   f"probe alone, in a search capped at {sp.proof_cheap_nodes:,} nodes "
                   f"(GenreSpec.proof_cheap_nodes): a board that search finishes, or on which "
                   f"it finds two answers, costs no probe trial.")
    def lead(fn) -> str:                 # a hook's docstring up to its first colon or stop
        doc = " ".join((fn.__doc__ or "").split()).split(":")[0].split(".")[0]
        return doc[:1].lower() + doc[1:]

    if sp.proof_order is not None:
        out.append(f"Its search branches in the genre's own order (GenreSpec.proof_order): "
                   f"{lead(sp.proof_order)}.")
    if sp.proof_first is not None:
        out.append(f"Its value order (GenreSpec.proof_first): {lead(sp.proof_first)}.")
    if sp.proof_probe_after is None:
        out.append("Below the root it never runs probe (GenreSpec.proof_probe_after is None), "
                   "however large the search grows.")
    elif sp.proof_probe_after != PROOF_PROBE_AFTER:
        out.append(f"It runs probe at every node again once its search has opened "
                   f"{sp.proof_probe_after:,} nodes (GenreSpec.proof_probe_after), where the "
                   f"common proof waits for {PROOF_PROBE_AFTER:,}.")
    if sp.proof_probe_passes is not None:
        n = sp.proof_probe_passes
        where = "At the root" if sp.proof_probe_after is None else "At a node of its search"
        out.append(f"{where} probe makes {'one pass' if n == 1 else f'{n} passes'} "
                   f"over the variables (GenreSpec.proof_probe_passes), not passes until one "
                   f"removes nothing: the passes after the first remove little, and the last, "
                   f"which removes nothing, costs as much as the first.")
    if sp.proof_groups is not None:
        out.append("Where it can, its search branches on a group of values of which every "
                   "answer holds exactly one, the group with fewest left, one child per value "
                   "(GenreSpec.proof_groups), rather than on one cell's values.")
    if sp.proof_weighted:
        out.append("It branches on the open variable with the fewest live values cubed over "
                   "one more than the times a child of a branching on it has died so far "
                   "(GenreSpec.proof_weighted): the cells whose choices keep failing are taken "
                   "sooner.")
    if sp.proof_memo:
        out.append("Its search keeps the key of every subtree it finished without an answer, "
                   "what was left to decide at its root, and closes at once a node whose open "
                   "part has one of those keys (GenreSpec.proof_memo): different ways through "
                   "the board often leave the same open part behind, already known to have no "
                   "answer.")
    if sp.proof_without:
        names = " and ".join(f"`{w}`" for w in sp.proof_without)
        out.append(f"Its proof leaves {names} out at every node, probe's trials included "
                   f"(GenreSpec.proof_without): on the bank and the sweep the time it cost at "
                   f"every node was more than the nodes it saved; the ladder's levels and "
                   f"grades keep it.")
    if sp.learner is not None:
        out.append(f"A search its first round leaves open ({PROOF_PROBE_AFTER:,} nodes) goes to "
                   f"a clause learner whose reasoning is the genre's own rungs "
                   f"(GenreSpec.learner, core.learn) instead of further rounds: it keeps, as a "
                   f"clause, why each dead end failed, and never walks into it again.")
    return " ".join(out)


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
    entry (:func:`load_results`); empty without a sweep.

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
    whose = ", ".join(f"{names.get(e, e)} {k}" for e, k in hit["engine"].value_counts().sort_index().items())
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
    """The boards of a stored genre entry's sweep (:func:`load_results`): its
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


def speed_table(results: dict) -> str:
    """The README's table of CP-SAT time over ladder time, as Markdown, from
    a stored engine run (:func:`load_results`): per genre the bank boards,
    the median and worst board, per clue density the sweep size where the
    ratio of median times is lowest (:func:`sweep_slowest`), and the sweep's
    sizes and boards (:func:`sweep_sample`); "—" where the run had no sweep."""
    lines = ["| genre | bank boards | median | worst board | sweep, slowest size: dense | sparse "
             "| sweep sizes (boards each) |",
             "|---|---|---|---|---|---|---|"]
    for g, r in results.get("genres", {}).items():
        s = r["bank summary"]
        slow = sweep_slowest(r)
        cells = [f"{_times(slow[d][0])} ({slow[d][1]}×{slow[d][1]})" if d in slow else "—"
                 for d in ("dense", "sparse")]
        lines.append(f"| {g} | {s['boards']} | {_times(s['sat median'])} | "
                     f"{_times(s['sat worst'])} | {cells[0]} | {cells[1]} | {sweep_sample(r)} |")
    return "\n".join(lines)
