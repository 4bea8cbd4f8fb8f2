"""The stored studies the Performance page quotes (``benchmarks/studies/``):
what each study's stored file says, as the page's glue figures
(:func:`studies_glue`), and the tables of Numberlink's real puzzles
(:func:`numberlink_real_table`) and of how their ratios move with the
engines' seeds (:func:`numberlink_seeds_table`).  Each reader takes the study's stored run
(``benchmarks/results/<study>.json``, read by :mod:`.results`)."""
from __future__ import annotations

import pandas as pd

from .across import listed, of_all
from .results import load as load_stored

__all__ = ["STUDIES", "studies_glue", "numberlink_real_table", "numberlink_seeds_table"]


def _magnets_dense(run: dict) -> dict:
    """Fully clued Magnets boards: the ladder's orders and CP-SAT with and
    without its LP relaxation, to a first answer."""
    rows = pd.DataFrame(run["rows"])
    t = rows.set_index(["board", "engine"])
    boards = list(dict.fromkeys(rows["board"]))
    sooner = sum(bool(t.loc[(b, "CP-SAT without LP"), "found"])
                 and t.loc[(b, "CP-SAT without LP"), "seconds"] < t.loc[(b, "CP-SAT"), "seconds"]
                 for b in boards)
    ladders = [e for e in dict.fromkeys(rows["engine"]) if e.startswith("ladder: ")]
    return {"st_md_size": f"{run['size']}×{run['size']}", "st_md_boards": str(len(boards)),
            "st_md_limit": f"{run['time_limit']:g} s", "st_md_orders": str(len(ladders)),
            "st_md_lp": of_all(sooner, len(boards))}


def _magnets_learning(run: dict) -> dict:
    """The first learning study for Magnets: boards with a first answer, and
    boards where the learner spent more conflicts than CP-SAT without its LP
    needed and found none."""
    rows = run["rows"]
    found = sum(r["answers"] > 0 for r in rows)
    beyond = sum(r["answers"] == 0 and r["CP-SAT without LP: conflicts to first answer"]
                 is not None and r["conflicts"] > r["CP-SAT without LP: conflicts to first answer"]
                 for r in rows)
    return {"st_ml_limit": f"{run['time_limit']:g} s", "st_ml_found": of_all(found, len(rows)),
            "st_ml_beyond": str(beyond)}


def _done(row: dict) -> bool:
    """A run that found two answers or finished its search."""
    return row["found"] >= 2 or row["complete"]


def _numberlink_sparse(run: dict) -> dict:
    """Numberlink's sparse boards under each reading order as the branching
    order, CP-SAT, and the proof without learning."""
    rows = run["rows"]
    boards = list(dict.fromkeys(r["board"] for r in rows))
    orders = [e for e in dict.fromkeys(r["engine"] for r in rows) if e.startswith("by ")]
    failing = sum(any(not _done(r) for r in rows if r["engine"] == o) for o in orders)
    solved = sum(any(_done(r) for r in rows if r["board"] == b and r["engine"] in orders)
                 for b in boards)
    sat = sum(_done(r) for r in rows if r["engine"] == "CP-SAT")
    plain = [f"{r['seconds']:.2g} s" + ("" if _done(r) else " without two answers")
             for r in rows if r["engine"] == "proof without learning"]
    return {"st_ns_size": f"{run['size']}×{run['size']}", "st_ns_boards": str(len(boards)),
            "st_ns_limit": f"{run['time_limit']:g} s", "st_ns_orders": str(len(orders)),
            "st_ns_failing": of_all(failing, len(orders)),
            "st_ns_solved": of_all(solved, len(boards)),
            "st_ns_sat": of_all(sat, len(boards)), "st_ns_plain": listed(plain)}


def _numberlink_learning(run: dict) -> dict:
    """Numberlink's proof with its clause learner on the same boards: two
    legal answers found, and the median seconds of it, CP-SAT and the proof
    without the learner."""
    rows = pd.DataFrame(run["rows"])
    shipped = rows[rows["engine"] == "proof as shipped"]
    two = int(((shipped["found"] >= 2) & shipped["answers legal"]).sum())
    median = rows.groupby("engine")["seconds"].median()
    return {"st_nl_checked": str(run["checked_boards"]), "st_nl_two": of_all(two, len(shipped)),
            "st_nl_med": f"{median['proof as shipped']:.2g} s",
            "st_nl_sat": f"{median['CP-SAT']:.2g} s",
            "st_nl_plain": f"{median['proof without learning']:.2g} s"}


def _numberlink_real(run: dict) -> dict:
    """Numberlink's real puzzles (``numberlink_real.py``): how many the
    proof leaves open within the study's limit, the fewest cells per pair
    and the smallest board among those, the most of the segments the rungs
    decide on any of them before a search, the most conflicts a proof the
    learner finished needed, the fewest an open one ran through, the
    boards the frontier scan closed (with their seconds), and whether the
    engines found a first answer of the smallest open board
    (:func:`_first_answer`).

    >>> run = {"time_limit": 10.0, "rows": [
    ...     {"puzzle": "a", "size": "9x9", "cells per pair": 12.0, "status": "unique",
    ...      "decided at the root (%)": 4.0, "conflicts": 900},
    ...     {"puzzle": "b", "size": "20x20", "cells per pair": 23.5, "status": "capped",
    ...      "decided at the root (%)": 1.7, "conflicts": 280000}]}
    >>> g = _numberlink_real(run)
    >>> g["st_nr_open"], g["st_nr_board"], g["st_nr_most"], g["st_nr_spent"]
    ('1 of the 2', '20×20', '900', '280,000')
    >>> run["rows"].append({"puzzle": "c", "size": "15x15", "cells per pair": 18.8,
    ...     "status": "unique", "closed by": "frontier scan", "seconds": 7.94,
    ...     "decided at the root (%)": 4.5, "conflicts": 57000})
    >>> g = _numberlink_real(run)
    >>> g["st_nr_scanned"], g["st_nr_most"]
    ('c (15×15, 7.9 s)', '900')

    """
    rows = pd.DataFrame(run["rows"])
    shut = rows[rows["status"] == "capped"]
    done = rows[rows["status"] != "capped"]
    if "closed by" in rows:
        scanned = rows[rows["closed by"] == "frontier scan"]
        done = done[done["closed by"] != "frontier scan"]
    else:
        scanned = rows.iloc[:0]
    scan = {"st_nr_scanned": ", ".join(
        f"{str(x['puzzle']).removeprefix('numberlink-')} ({x['size'].replace('x', '×')}, "
        f"{x['seconds']:.1f} s)" for _, x in scanned.iterrows()) or "none"}
    most = f"{int(done['conflicts'].max()):,}" if len(done) else "—"
    if shut.empty:
        return {"st_nr_open": f"None of the {len(rows)}",
                "st_nr_limit": f"{run['time_limit']:g} s", "st_nr_cells": "—",
                "st_nr_board": "—", "st_nr_root": "—",
                "st_nr_most": most, "st_nr_spent": "—", **scan, **_first_answer(None)}
    cells = shut["size"].map(lambda s: int(s.split("x")[0]) * int(s.split("x")[1]))
    return {"st_nr_open": of_all(len(shut), len(rows)), "st_nr_limit": f"{run['time_limit']:g} s",
            "st_nr_cells": f"{shut['cells per pair'].min():.1f}",
            "st_nr_board": shut.loc[cells.idxmin(), "size"].replace("x", "×"),
            "st_nr_root": f"{shut['decided at the root (%)'].max():.1f}%",
            "st_nr_most": most,
            "st_nr_spent": f"{int(shut['conflicts'].min()):,}", **scan,
            **_first_answer(run.get("first answer"))}


def _first_answer(hunt: dict | None) -> dict:
    """The search for a first answer on the smallest open board, in words:
    the board, the time each engine had, and what each found.

    >>> g = _first_answer({"puzzle": "numberlink-janko-560", "size": "20x20",
    ...     "time_limit": 300.0, "learner": {"found": False, "conflicts": 4923584},
    ...     "cp-sat": {"found": False}})
    >>> g["st_nr_hunt_board"], g["st_nr_hunt_limit"]
    ('janko-560 (20×20)', '300 s')
    >>> g["st_nr_hunt"]
    'neither the clause learner (4.9 million conflicts) nor CP-SAT finds a single answer'
    >>> _first_answer({"puzzle": "x", "size": "9x9", "time_limit": 5.0,
    ...     "learner": {"found": True, "conflicts": 812}, "cp-sat": {"found": False}})["st_nr_hunt"]
    'the clause learner finds one (after 812 conflicts) and CP-SAT finds none'
    """
    if not hunt:
        return {"st_nr_hunt_board": "?", "st_nr_hunt_limit": "?", "st_nr_hunt": "?"}
    learner, sat = hunt["learner"], hunt["cp-sat"]
    c = learner["conflicts"]
    spent = f"{c / 1e6:.1f} million" if c >= 1e6 else f"{c:,}"
    if not learner["found"] and not sat["found"]:
        said = f"neither the clause learner ({spent} conflicts) nor CP-SAT finds a single answer"
    else:
        said = (("the clause learner finds one (after " if learner["found"]
                 else "the clause learner finds none (in ") + f"{spent} conflicts) and CP-SAT "
                + ("finds one" if sat["found"] else "finds none"))
    return {"st_nr_hunt_board": f"{hunt['puzzle'].removeprefix('numberlink-')} "
                                f"({hunt['size'].replace('x', '×')})",
            "st_nr_hunt_limit": f"{hunt['time_limit']:g} s", "st_nr_hunt": said}


def numberlink_real_table(run: dict) -> pd.DataFrame:
    """The real Numberlink puzzles whose proof needs a search (the rungs
    leave some segment open at the root), fewest cells per pair first, by
    their corpus names less the genre: size, pairs, cells per pair, the
    share of segments decided at the root, and the proof's status, seconds
    and conflicts (``numberlink_real.py``)."""
    rows = pd.DataFrame(run["rows"])
    rows = rows[rows["decided at the root (%)"] < 100].sort_values("cells per pair")
    cols = ["size", "pairs", "cells per pair", "decided at the root (%)", "status"]
    cols += ["closed by"] if "closed by" in rows else []
    out = rows.set_index("puzzle")[cols + ["seconds", "conflicts"]]
    out["size"] = out["size"].str.replace("x", "×")
    out.index = [str(p).removeprefix("numberlink-") for p in out.index]
    return out.rename(columns={"cells per pair": "cells / pair",
                               "decided at the root (%)": "decided at root (%)"})


def _times(x: float) -> str:
    """A ratio as the page writes it: two decimals below 10, one above.

    >>> _times(0.3137), _times(14.104)
    ('0.31×', '14.1×')
    """
    return f"{x:.2f}×" if x < 10 else f"{x:.1f}×"


def _by_seed(run: dict, key: str = "sat / ladder") -> pd.DataFrame:
    """One figure of ``numberlink_seeds.py``'s run (default CP-SAT's time
    over the proof's) per puzzle (rows) and pair of seeds (columns, the
    proof's seed)."""
    return pd.DataFrame({r["proof seed"]: {x["board"]: x[key] for x in r["rows"]}
                         for r in run["runs"]})


def _span(xs, write=_times) -> str:
    """``"lowest to highest"`` of ``xs``, each written by ``write``."""
    return f"{write(min(xs))} to {write(max(xs))}"


def _short(board) -> str:
    return str(board).removeprefix("numberlink-")


def _numberlink_seeds(run: dict) -> dict:
    """How Numberlink's ratios move with the two engines' seeds
    (``numberlink_seeds.py``): the pairs of seeds, the range of the median
    and of the worst ratio over the puzzles, under how many pairs the median
    reaches ten and some puzzle loses to CP-SAT, the puzzles that lose
    under some pair, the puzzle closest to CP-SAT under the first pair (the
    stored run's seeds) with its ratio there and under the others, and the
    puzzle whose proof time spreads widest (most over fewest seconds), with
    its fewest and most seconds.

    >>> row = lambda b, r: {"board": b, "sat / ladder": r, "ladder": 1 / r}
    >>> run = {"runs": [
    ...     {"proof seed": 0, "median": 10.5, "worst": 1.2, "slower than CP-SAT": 0,
    ...      "rows": [row("numberlink-a", 1.2), row("numberlink-b", 20.0)]},
    ...     {"proof seed": 1, "median": 9.0, "worst": 0.4, "slower than CP-SAT": 1,
    ...      "rows": [row("numberlink-a", 0.4), row("numberlink-b", 18.0)]}]}
    >>> g = _numberlink_seeds(run)
    >>> g["st_sd_pairs"], g["st_sd_median"], g["st_sd_ten"], g["st_sd_worst"]
    ('2', '9.0× to 10.5×', '1 of the 2', '0.40× to 1.20×')
    >>> g["st_sd_behind"], g["st_sd_losers"]
    ('1 of the 2', 'a (0.40× to 1.20×)')
    >>> g["st_sd_close"], g["st_sd_close_first"], g["st_sd_close_rest"]
    ('a', '1.20×', '0.40× to 0.40×')
    >>> g["st_sd_widest"], g["st_sd_widest_range"]
    ('a', '0.83 s to 2.5 s')
    """
    runs = run["runs"]
    med = [r["median"] for r in runs]
    worst = [r["worst"] for r in runs]
    ratios = _by_seed(run)
    losers = ratios[ratios.min(axis=1) < 1]
    first = ratios[runs[0]["proof seed"]]
    close = first.idxmin()                   # the closest puzzle under the first pair
    rest = ratios.loc[close].drop(runs[0]["proof seed"])
    proofs = _by_seed(run, "ladder")         # each puzzle's proof seconds over the pairs
    widest = (proofs.max(axis=1) / proofs.min(axis=1)).idxmax()
    return {"st_sd_close": _short(close), "st_sd_close_first": _times(first[close]),
            "st_sd_close_rest": _span(rest) if len(rest) else "—",
            "st_sd_widest": _short(widest),
            "st_sd_widest_range": _span(proofs.loc[widest], lambda t: f"{t:.2g} s"),
            "st_sd_pairs": str(len(runs)),
            "st_sd_median": _span(med, lambda m: f"{m:.1f}×"),
            "st_sd_ten": of_all(sum(m >= 10 for m in med), len(runs)),
            "st_sd_worst": _span(worst),
            "st_sd_behind": of_all(sum(r["slower than CP-SAT"] > 0 for r in runs), len(runs)),
            "st_sd_losers": listed([f"{_short(b)} ({_span(x)})" for b, x in losers.iterrows()],
                                   "none")}


def numberlink_seeds_table(run: dict) -> pd.DataFrame:
    """The real Numberlink puzzles whose ratio crosses 1 or 10 from one pair
    of seeds to another (``numberlink_seeds.py``), lowest median ratio first:
    the proof's and CP-SAT's fewest and most seconds over the pairs, and the
    lowest, median and highest ratio (written, as the page's prose writes
    them).

    >>> row = lambda b, l, s: {"board": b, "ladder": l, "sat": s, "sat / ladder": s / l}
    >>> run = {"runs": [{"proof seed": 0, "rows": [row("numberlink-a", 1.0, 2.0),
    ...                                             row("numberlink-b", 1.0, 50.0)]},
    ...                 {"proof seed": 1, "rows": [row("numberlink-a", 4.0, 2.0),
    ...                                             row("numberlink-b", 1.0, 40.0)]}]}
    >>> numberlink_seeds_table(run).index.tolist()
    ['a']
    """
    ratios = _by_seed(run)
    low, high = ratios.min(axis=1), ratios.max(axis=1)
    crossing = ratios[((low < 1) & (high >= 1)) | ((low < 10) & (high >= 10))]
    proofs, sats = _by_seed(run, "ladder"), _by_seed(run, "sat")
    rows = [{"puzzle": _short(b),
             "proof (s)": _span(proofs.loc[b], lambda t: f"{t:.3g}"),
             "CP-SAT (s)": _span(sats.loc[b], lambda t: f"{t:.3g}"),
             "lowest ratio": _times(crossing.loc[b].min()),
             "median ratio": _times(crossing.loc[b].median()),
             "highest ratio": _times(crossing.loc[b].max())}
            for b in crossing.median(axis=1).sort_values().index]
    return pd.DataFrame(rows).set_index("puzzle") if rows else pd.DataFrame()


#: The stored studies the Performance page quotes: file -> (what reads its
#: figures, the glue keys it gives).
STUDIES = {
    "magnets_dense": (_magnets_dense, ("st_md_size", "st_md_boards", "st_md_limit",
                                       "st_md_orders", "st_md_lp")),
    "magnets_learning": (_magnets_learning, ("st_ml_limit", "st_ml_found", "st_ml_beyond")),
    "numberlink_sparse": (_numberlink_sparse, ("st_ns_size", "st_ns_boards", "st_ns_limit",
                                               "st_ns_orders", "st_ns_failing", "st_ns_solved",
                                               "st_ns_sat", "st_ns_plain")),
    "numberlink_learning": (_numberlink_learning, ("st_nl_checked", "st_nl_two", "st_nl_med",
                                                   "st_nl_sat", "st_nl_plain")),
    "numberlink_real": (_numberlink_real, ("st_nr_open", "st_nr_limit", "st_nr_cells",
                                           "st_nr_board", "st_nr_root", "st_nr_most",
                                           "st_nr_spent", "st_nr_scanned", "st_nr_hunt_board",
                                           "st_nr_hunt_limit", "st_nr_hunt")),
    "numberlink_seeds": (_numberlink_seeds, ("st_sd_pairs", "st_sd_median", "st_sd_ten",
                                             "st_sd_worst", "st_sd_behind", "st_sd_losers",
                                             "st_sd_close", "st_sd_close_first",
                                             "st_sd_close_rest", "st_sd_widest",
                                             "st_sd_widest_range")),
}


def studies_glue(root=None) -> dict:
    """The figures the Performance page quotes from the stored studies
    (:data:`STUDIES`, written by ``benchmarks/studies/<name>.py``), as glue
    strings by key; "?" for every figure of a study never stored."""
    out = {}
    for name, (read, keys) in STUDIES.items():
        run = load_stored(name, root)
        out.update(read(run) if run else dict.fromkeys(keys, "?"))
    return out
