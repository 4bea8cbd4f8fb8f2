"""The Nanro article's tables: its figures (quoted) beside our measurements.

Source: "Nanro: the digit you never choose, and a clue that is two facts"
(puzzle #43 of a solver series).  Streams are cached per board, so a board is
drawn and measured once per process and smaller scales use a prefix.
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np
import pandas as pd

from ..core import scales
from ..core.progress import bar
from ..core.tables import Article, Claim, Table
from . import brute, census
from .generate import minimise, random_board, reveal
from .ladder import NAMES, fast_grade, propagate, search
from .model import Puzzle

__all__ = ["ARTICLE", "SOURCE", "board", "clued", "record", "pooled", "gap_boards",
           "HAND_5x5", "STREAM_ROWS", "ABLATION_Q", "DIAL_ROWS"]

SOURCE = "article: Nanro: the digit you never choose, and a clue that is two facts"
SEARCH_CAP = 200_000
BRUTE_CAP = 1_000_000
STREAM_ROWS = ((6, 0.8), (6, 0.9), (8, 0.9), (10, 0.9))
ABLATION_Q = {6: 0.9, 8: 0.95, 10: 0.95}
DIAL_ROWS = ((1, 1), (1, 2), (2, 2), (2, 3), (2, 4), (3, 5), (4, 7))
HAND_5x5 = {"size": [5, 5],
            "regions": [[0, 0, 1, 1, 1], [2, 0, 3, 3, 4], [2, 5, 6, 4, 4], [2, 5, 6, 4, 7],
                        [2, 8, 8, 8, 7]],
            "clues": [[0, 0, 2], [2, 1, 1], [3, 3, 1], [4, 0, 3], [4, 2, 1], [4, 4, 2]]}


def _x(n):
    return f"{n}×{n}"


# ------------------------------------------------------------ streams
@lru_cache(maxsize=None)
def board(n, i, lo=2, hi=4):
    """Board ``i`` of the ``n`` x ``n`` stream with region sizes lo..hi:
    ``(bare puzzle, mask)``, or ``None`` when the partition has no legal answer."""
    from .generate import random_answer, random_partition
    rng = np.random.default_rng([n, lo, hi, i, 43])
    if (lo, hi) == (2, 4):
        return random_board(n, n, rng)
    p = Puzzle.make(random_partition(n, n, (lo, hi), rng))
    mask, proved = random_answer(p, rng, max_nodes=4000, restarts=30)
    if mask is None and not proved:      # settle it: an exhaustive search, no restarts
        cnt, _, _, full = search(p, "reach", 1, 5_000_000)
        mask = full if cnt else None
    return None if mask is None else (p, mask)


def _q_cells(mask, q, rng):
    """Each numbered cell printed independently with probability ``q``."""
    return np.flatnonzero(mask & (rng.random(mask.size) < q))


def clued(n, q, i, lo=2, hi=4):
    """Board ``i`` with each of its numbers printed with probability ``q``."""
    b = board(n, i, lo, hi)
    if b is None:
        return None
    p, mask = b
    rng = np.random.default_rng([n, lo, hi, i, int(round(q * 100)), 7])
    return reveal(p, mask, _q_cells(mask, q, rng)), mask


def _unique(p, cap=SEARCH_CAP):
    cnt, nodes, capped, _ = search(p, "reach", 2, cap)
    return None if capped and cnt < 2 else cnt == 1


@lru_cache(maxsize=None)
def record(n, q, i, lo=2, hi=4, ablate=False):
    """What one clued board does: finishing per level, uniqueness, ablations."""
    c = clued(n, q, i, lo, hi)
    if c is None:
        return None
    p, mask = c
    out = {"p": p, "mask": mask, "k": p.k,
           "levels": [propagate(p, lv)[0] == "solved" for lv in range(5)],
           "unique": _unique(p)}
    if ablate:
        out["without"] = {x: propagate(p, "probe", (x,))[0] == "solved" for x in NAMES[:4]}
    return out


def _recs(n, q, count, lo=2, hi=4, ablate=False):
    return [r for r in (record(n, q, i, lo, hi, ablate)
                        for i in bar(range(count), desc=f"{n}x{n} q={q} stream")) if r]


def _pct(xs):
    xs = list(xs)
    return round(100.0 * sum(bool(x) for x in xs) / len(xs), 1) if xs else float("nan")


# ------------------------------------------------------------ 1. a clue is two facts
def halves(scale):
    cnt = scales.pick(scale, smoke=6, book=100, article=200)
    rows, ns = {}, {}
    for n, q in ((5, 1.0), (6, 1.0), (8, 1.0), (10, 1.0), (8, 0.8)):
        full, pos, val = [], [], []
        for i in range(cnt):
            p, mask = clued(n, q, i)
            cells = list(p.clues)
            reg = {int(p.regions[c]): v for c, v in p.clues.items()}
            full.append(_unique(p))
            pos.append(_unique(p.with_givens(marks=cells)))
            val.append(_unique(p.with_givens(hints=reg)))
        key = f"{_x(n)}, q={q:g}"
        rows[key] = {"full clue %": _pct(full), "position only %": _pct(pos),
                     "value only %": _pct(val),
                     "capped runs": sum(x is None for x in full + pos + val)}
        ns[key] = cnt
    df = pd.DataFrame.from_dict(rows, orient="index")
    df.index.name = "board"
    df.attrs["n"] = ns
    return df


# ------------------------------------------------------------ 2. the answer sets the budget
@lru_cache(maxsize=None)
def minimised_cells(n, i, j):
    """Clue cells of board ``i`` minimised for level ``j`` (its own stream)."""
    p, mask = board(n, i)
    return tuple(minimise(p, mask, j, np.random.default_rng([n, i, 99, j])))


def minimised(n, i):
    """Clue counts of board ``i`` minimised for each level."""
    return [len(minimised_cells(n, i, j)) for j in range(len(NAMES))]


def _budget_n(scale):
    return scales.pick(scale, smoke=3, book=30, article=30)


def budget(scale):
    cnt = _budget_n(scale)
    rows = {}
    for n in (6, 8, 10):
        bs = [board(n, i) for i in range(cnt)]
        mins = [minimised(n, i) for i in range(cnt)]
        rows[_x(n)] = {"regions": round(np.mean([p.k for p, _ in bs]), 1),
                       "numbered cells": round(np.mean([m.sum() for _, m in bs]), 1),
                       "share of the board %": round(100 * np.mean([m.mean() for _, m in bs]), 1),
                       "2×2 ceiling %": 75.0,
                       "share probe needs revealed %": round(
                           100 * np.mean([mm[-1] / m.sum() for mm, (_, m) in zip(mins, bs)]), 1)}
    df = pd.DataFrame.from_dict(rows, orient="index")
    df.index.name = "board"
    df.attrs["n"] = cnt
    return df


def minimised_table(scale):
    cnt = _budget_n(scale)
    rows = {}
    for n in (6, 8, 10):
        mins = np.array([minimised(n, i) for i in bar(range(cnt), desc=f"minimise {n}x{n}")])
        row = {"numbered cells": float(np.median([board(n, i)[1].sum() for i in range(cnt)]))}
        row.update({lv: float(np.median(mins[:, j])) for j, lv in enumerate(NAMES)})
        rows[_x(n)] = row
    df = pd.DataFrame.from_dict(rows, orient="index")
    df.index.name = "board"
    df.attrs["n"] = cnt
    return df


def adversarial(scale):
    cnt = _budget_n(scale)
    rows = {}
    for n in (6, 8, 10):
        adv, rnd, ks = [], [], []
        for i in range(cnt):
            p, mask = board(n, i)
            k = minimised(n, i)[-1]
            ks.append(k)
            rng = np.random.default_rng([n, i, 98])
            adv.append(_unique(reveal(p, mask, minimised_cells(n, i, len(NAMES) - 1))))
            rnd.append(_unique(reveal(p, mask, rng.choice(np.flatnonzero(mask), k, replace=False))))
        rows[_x(n)] = {"clues": float(np.median(ks)), "adversarial unique %": _pct(adv),
                       "random unique %": _pct(rnd)}
    df = pd.DataFrame.from_dict(rows, orient="index")
    df.index.name = "board"
    df.attrs["n"] = cnt
    return df


# ------------------------------------------------------------ 3. the unfiltered stream, ablation
def _stream_n(scale, n):
    return scales.pick(scale, smoke={6: 8, 8: 6, 10: 4}[n], book={6: 250, 8: 200, 10: 150}[n],
                       article={6: 250, 8: 200, 10: 150}[n])


def stream(scale):
    rows, ns = {}, {}
    for n, q in STREAM_ROWS:
        recs = _recs(n, q, _stream_n(scale, n))
        key = f"{_x(n)}, q={q:g}"
        row = {("count %" if j == 0 else f"+{lv} %"): _pct(r["levels"][j] for r in recs)
               for j, lv in enumerate(NAMES)}
        row["unique %"] = _pct(r["unique"] for r in recs)
        rows[key], ns[key] = row, len(recs)
    df = pd.DataFrame.from_dict(rows, orient="index")
    df.index.name = "board"
    df.attrs["n"] = ns
    return df


def _ablation_n(scale, n):
    return scales.pick(scale, smoke=6, book={6: 200, 8: 150, 10: 100}[n],
                       article={6: 200, 8: 150, 10: 100}[n])


def ablation(scale):
    rows, ns = {}, {}
    for n, q in ABLATION_Q.items():
        recs = _recs(n, q, _ablation_n(scale, n), ablate=True)
        row = {"full %": _pct(r["levels"][4] for r in recs)}
        row.update({f"−{x} %": _pct(r["without"][x] for r in recs) for x in NAMES[:4]})
        row["q (ours)"] = q
        rows[_x(n)], ns[_x(n)] = row, len(recs)
    df = pd.DataFrame.from_dict(rows, orient="index")
    df.index.name = "board"
    df.attrs["n"] = ns
    return df


# ------------------------------------------------------------ 4. granularity
def _dial_n(scale):
    return scales.pick(scale, smoke=5, book=120, article=120)


def dial(scale):
    cnt = _dial_n(scale)
    rows, ns = {}, {}
    for lo, hi in DIAL_ROWS:
        recs = _recs(8, 0.9, cnt, lo, hi)
        key = f"{lo}–{hi}"
        row = {"partitions tried": cnt, "with a legal answer": len(recs)}
        if recs:
            row.update({"regions": round(np.mean([r["p"].k for r in recs]), 1),
                        "numbered %": round(100 * np.mean([r["mask"].mean() for r in recs]), 1),
                        "count %": _pct(r["levels"][0] for r in recs),
                        "+reach %": _pct(r["levels"][3] for r in recs),
                        "+probe %": _pct(r["levels"][4] for r in recs),
                        "unique %": _pct(r["unique"] for r in recs)})
        else:
            row.update({c: "—" for c in ("regions", "numbered %", "count %", "+reach %",
                                         "+probe %", "unique %")})
        rows[key], ns[key] = row, max(len(recs), 1)
    df = pd.DataFrame.from_dict(rows, orient="index")
    df.index.name = "region sizes"
    df.attrs["n"] = ns
    return df


# ------------------------------------------------------------ 5. probe <=> unique, engines
def _extra_n(scale):
    return scales.pick(scale, smoke=6, book=250, article=500)


def pooled(scale):
    """Every board measured in the chapter's streams (plus an 8x8 q=0.7 row)."""
    out = []
    for n, q in STREAM_ROWS:
        out += _recs(n, q, _stream_n(scale, n))
    for n, q in ABLATION_Q.items():
        out += _recs(n, q, _ablation_n(scale, n), ablate=True)
    for lo, hi in DIAL_ROWS:
        out += _recs(8, 0.9, _dial_n(scale), lo, hi)
    out += _recs(8, 0.7, _extra_n(scale))
    return out


def gap_boards(scale):
    """Pooled boards that are unique while the probe fixpoint stalls."""
    return [r for r in pooled(scale) if r["unique"] is True and not r["levels"][4]]


def probe_unique(scale):
    recs = [r for r in pooled(scale) if r["unique"] is not None]
    gaps = sum(1 for r in recs if r["unique"] and not r["levels"][4])
    bad = sum(1 for r in recs if r["levels"][4] and not r["unique"])
    df = pd.DataFrame({"held %": [round(100 * (len(recs) - gaps - bad) / len(recs), 2)],
                       "gaps %": [round(100 * gaps / len(recs), 2)],
                       "violations %": [round(100 * bad / len(recs), 2)],
                       "boards (ours)": [len(recs)], "gaps (ours)": [gaps],
                       "capped, skipped (ours)": [len(pooled(scale)) - len(recs)]},
                      index=pd.Index(["pooled stream"], name="boards"))
    df.attrs["n"] = len(recs)
    return df


@lru_cache(maxsize=None)
def unique_minimised(n, i):
    """Board ``i`` with clues taken back while the search still proves it unique
    (not while a ladder level finishes): ``(puzzle, mask)``."""
    p, mask = board(n, i)
    rng = np.random.default_rng([n, i, 5])
    keep = list(rng.permutation(np.flatnonzero(mask)))
    for c in list(keep):
        trial = [x for x in keep if x != c]
        if _unique(reveal(p, mask, trial)) is True:
            keep = trial
    return reveal(p, mask, keep), mask


def _hunt_n(scale):
    return scales.pick(scale, smoke=16, book=60, article=100)


def gap_list(scale):
    """Every gap board (unique, probe stalls) with the raw engine's verdict:
    the stream's, then those among boards minimised for uniqueness."""
    rows = []
    for r in gap_boards(scale):
        rows.append(("stream", r["p"]))
    for n in (6, 8):
        for i in bar(range(_hunt_n(scale)), desc=f"gap hunt {n}x{n}"):
            q, _ = unique_minimised(n, i)
            if propagate(q, "probe")[0] != "solved":
                rows.append((f"{_x(n)} uniqueness-minimised #{i}", q))
    out = []
    for where, q in rows:
        b = brute.count_solutions(q, 2, 5 * BRUTE_CAP)
        out.append({"board": where, "clues": len(q.clues), "raw solutions": b.count,
                    "raw nodes": b.nodes, "raw capped": "yes" if b.capped else "no",
                    "ladder search": search(q, "reach", 2, SEARCH_CAP)[0]})
    return pd.DataFrame(out, columns=["board", "clues", "raw solutions", "raw nodes",
                                      "raw capped", "ladder search"])


def gaps_table(scale):
    gl = gap_list(scale)
    rows = {}
    for key, part in (("gap boards", gl[gl["board"] == "stream"]),
                      ("gaps among uniqueness-minimised boards (ours)", gl[gl["board"] != "stream"])):
        if len(part):
            rows[key] = {"raw solutions": float(part["raw solutions"].median()),
                         "raw capped": "yes" if (part["raw capped"] == "yes").any() else "no",
                         "gap boards (ours)": len(part),
                         "raw nodes, median (ours)": float(part["raw nodes"].median())}
        else:
            rows[key] = {"raw solutions": "—", "raw capped": "—", "gap boards (ours)": 0,
                         "raw nodes, median (ours)": "—"}
    rows["gaps among uniqueness-minimised boards (ours)"]["boards searched (ours)"] = 2 * _hunt_n(scale)
    df = pd.DataFrame.from_dict(rows, orient="index")
    df.index.name = "board"
    df.attrs["n"] = 1
    return df


@lru_cache(maxsize=None)
def engines_pairs(scale):
    """(boards compared, agreed, raw capped, ladder capped) over the pooled stream."""
    agree = compared = raw_cap = lad_cap = 0
    for r in pooled(scale):
        b = brute.count_solutions(r["p"], 2, BRUTE_CAP)
        cnt, _, capped, _ = search(r["p"], "reach", 2, SEARCH_CAP)
        raw_cap += b.capped and b.count < 2
        lad_cap += capped and cnt < 2
        if (b.capped and b.count < 2) or (capped and cnt < 2):
            continue
        compared += 1
        agree += min(b.count, 2) == min(cnt, 2)
    return compared, agree, raw_cap, lad_cap


def engines(scale):
    compared, agree, raw_cap, lad_cap = engines_pairs(scale)
    df = pd.DataFrame({"agreed %": [round(100 * agree / max(compared, 1), 1)],
                       "pairs compared (ours)": [compared],
                       "capped runs skipped (ours)": [raw_cap + lad_cap]},
                      index=pd.Index(["raw vs ladder"], name="engines"))
    df.attrs["n"] = compared
    return df


# ------------------------------------------------------------ 6. hand fixtures
def fixture(scale):
    from .ladder import LADDER
    from .ladder import initial_state
    from ..core.search import count_solutions
    from .model import check, answer_from_mask
    p = Puzzle.from_json(HAND_5x5)
    acc = lambda s: not check(p, answer_from_mask(p, s.cell[:, 1] & ~s.cell[:, 0]))  # noqa: E731
    lad = count_solutions(initial_state(p), LADDER, acc, limit=2)
    df = pd.DataFrame({"regions": [p.k], "clues": [len(p.clues)],
                       "raw engine solutions": [brute.count_solutions(p, 2).count],
                       "ladder search solutions": [lad.count], "grade": [fast_grade(p)]},
                      index=pd.Index(["5×5 hand fixture"], name="board"))
    return df


HAND_2x2 = {(1, 1, 1, 0), (1, 1, 0, 1), (1, 0, 1, 1), (0, 1, 1, 1)}


def tiny(scale):
    p = Puzzle.make([[0, 0], [1, 1]])
    raw = {tuple(int(x) for x in m) for m in brute.iter_solutions(p)}
    lad = search(p, "reach", 100)[0]
    df = pd.DataFrame({"legal boards by hand": [len(HAND_2x2)], "raw engine": [len(raw)],
                       "ladder search": [lad], "raw engine = hand list": [raw == HAND_2x2]},
                      index=pd.Index(["2×2 grid, two dominoes"], name="board"))
    return df


# ------------------------------------------------------------ the article's figures
def _art(rows, index_name, columns):
    df = pd.DataFrame([r[1:] for r in rows], index=[r[0] for r in rows], columns=columns)
    df.index.name = index_name
    return df


A_HALVES = _art([("5×5, q=1", 100.0, 36.0, 1.5), ("6×6, q=1", 100.0, 17.5, 0.5),
                 ("8×8, q=1", 100.0, 8.7, 0.0), ("10×10, q=1", 100.0, 3.0, 0.0),
                 ("8×8, q=0.8", 24.0, 0.0, 0.0)], "board",
                ["full clue %", "position only %", "value only %"])
A_BUDGET = _art([("6×6", 11.7, 21.3, 59.2, 75.0, 34.3), ("8×8", 20.7, 38.0, 59.3, 75.0, 32.1),
                 ("10×10", 32.2, 58.3, 58.3, 75.0, 32.4)], "board",
                ["regions", "numbered cells", "share of the board %", "2×2 ceiling %",
                 "share probe needs revealed %"])
A_MIN = _art([("6×6", 21, 17, 14, 14, 9, 8), ("8×8", 38, 32, 25, 24, 16, 13),
              ("10×10", 59, 49, 38, 37, 24, 19)], "board", ["numbered cells", *NAMES])
A_ADV = _art([("6×6", 7, 100.0, 0.0), ("8×8", 12, 100.0, 0.0), ("10×10", 19, 100.0, 0.0)],
             "board", ["clues", "adversarial unique %", "random unique %"])
A_STREAM = _art([("6×6, q=0.8", 3.6, 12.0, 12.8, 32.4, 40.8, 40.8),
                 ("6×6, q=0.9", 24.8, 38.0, 41.6, 58.4, 65.6, 65.6),
                 ("8×8, q=0.9", 6.0, 14.0, 16.5, 37.5, 45.5, 45.5),
                 ("10×10, q=0.9", 0.7, 6.0, 7.3, 21.3, 24.7, 24.7)], "board",
                ["count %", "+block %", "+clash %", "+reach %", "+probe %", "unique %"])
A_ABL = _art([("6×6", 64.0, 0.5, 49.5, 52.0, 44.5), ("8×8", 69.3, 0.0, 53.3, 50.0, 40.0),
              ("10×10", 54.0, 0.0, 37.0, 36.0, 24.0)], "board",
             ["full %", "−count %", "−block %", "−clash %", "−reach %"])
_D = "—"
A_DIAL = _art([("1–1", 120, 0, _D, _D, _D, _D, _D, _D), ("1–2", 120, 0, _D, _D, _D, _D, _D, _D),
               ("2–2", 120, 120, 29.4, 64.9, 6.7, 45.8, 80.0, 80.0),
               ("2–3", 120, 120, 24.0, 61.3, 9.2, 36.7, 54.2, 54.2),
               ("2–4", 120, 120, 20.8, 58.9, 7.5, 25.8, 38.3, 38.3),
               ("3–5", 120, 120, 14.6, 54.6, 4.2, 31.7, 40.0, 40.0),
               ("4–7", 120, 120, 10.4, 52.1, 6.7, 20.8, 27.5, 27.5)], "region sizes",
              ["partitions tried", "with a legal answer", "regions", "numbered %", "count %",
               "+reach %", "+probe %", "unique %"])
A_PU = _art([("pooled stream", round(100 * 2399 / 2400, 2), round(100 / 2400, 2), 0.0, 2400, 1)],
            "boards", ["held %", "gaps %", "violations %", "boards", "gaps"])
A_GAPS = _art([("gap boards", 1, "no", 5029)], "board",
              ["raw solutions", "raw capped", "raw nodes"])
A_ENG = _art([("raw vs ladder", 100.0, 614, 35)], "engines",
             ["agreed %", "pairs compared", "capped runs skipped"])
A_FIX = _art([("5×5 hand fixture", 9, 6, 1, 1, "reach")], "board",
             ["regions", "clues", "raw engine solutions", "ladder search solutions", "grade"])
A_TINY = _art([("2×2 grid, two dominoes", 4, 4, 4)], "board",
              ["legal boards by hand", "raw engine", "ladder search"])


def _n_by(rows, ns):
    return dict(zip(rows, ns))


TABLES = [
    Table("halves", "A clue is two facts", "Unique share: full clue, position only, value only",
          "sampled", A_HALVES, halves,
          _n_by(A_HALVES.index, [200, 200, 150, 100, 100]),
          "The article does not state its sample sizes; we read 200/200/150/100/100 off the "
          "granularity of its percentages.", SOURCE),
    Table("budget", "The answer sets the budget", "Regions, numbered cells and the probe's "
          "share of them", "sampled", A_BUDGET, budget, 30,
          "Sample size 30 per size, as in the article's adversarial comparison.", SOURCE),
    Table("minimised", "The answer sets the budget", "Median minimised clue count per level",
          "sampled", A_MIN, minimised_table, 30, "", SOURCE),
    Table("adversarial", "The answer sets the budget", "Minimised versus random clues at "
          "equal count", "sampled", A_ADV, adversarial, 30,
          "Ours draws, per board, as many random clues as that board's own probe-minimised "
          "set; the clue column is the median of those counts.", SOURCE),
    Table("stream", "Ablation and the incremental ladder", "The unfiltered stream: finishing "
          "level, cumulative", "sampled", A_STREAM, stream,
          _n_by(A_STREAM.index, [250, 250, 200, 150]), "", SOURCE),
    Table("ablation", "Ablation and the incremental ladder", "Probe with one rule removed",
          "sampled", A_ABL, ablation, _n_by(A_ABL.index, [200, 150, 100]),
          "The article runs the ablation 'at a slightly denser q per size' without naming "
          "it; we use q = 0.9 at 6×6 and 0.95 at 8×8 and 10×10 (column q).", SOURCE),
    Table("dial", "Granularity", "Region-size dial at 8×8, q = 0.9", "sampled", A_DIAL, dial,
          120, "", SOURCE),
    Table("probe_unique", "probe ⇔ unique", "Probe finishes ⇔ unique, over the pooled stream",
          "sampled", A_PU, probe_unique, 2400, "", SOURCE),
    Table("gaps", "probe ⇔ unique", "Gap boards re-solved by the raw engine", "sampled",
          A_GAPS, gaps_table, 1, "", SOURCE),
    Table("engines", "probe ⇔ unique", "Raw engine against the ladder's search", "sampled",
          A_ENG, engines, 614,
          "The article reports 34 capped runs and 1 capped board; counts of pairs and skips "
          "depend on sample size and are shown, not compared.", SOURCE),
    Table("fixture", "Generation, bank, tests", "The 5×5 hand fixture", "exact", A_FIX,
          fixture, None, "Our own 5×5 board with the article's description: nine regions, "
          "six clues, unique, needs reach.", SOURCE),
    Table("tiny", "Generation, bank, tests", "The legal boards of a 2×2 grid", "exact", A_TINY,
          tiny, None, "The article does not draw its 2×2 partition; the two-domino "
          "partitions are the ones with exactly four legal boards.", SOURCE),
]


# ------------------------------------------------------------ claims
def _halves_claim(scale):
    df = halves(scale)
    q1 = df[[i.endswith("q=1") for i in df.index]]
    ok = bool((q1["full clue %"] == 100).all()
              and (q1["value only %"] <= q1["position only %"]).all()
              and (q1["position only %"] < 100).all())
    return ok, "; ".join(f"{i}: {r['full clue %']}/{r['position only %']}/{r['value only %']}"
                         for i, r in q1.iterrows())


def _budget_claim(scale):
    df = budget(scale)
    share = df["share of the board %"]
    probe = df["share probe needs revealed %"]
    ok = bool(share.between(50, 67).all() and probe.between(20, 45).all())
    return ok, f"numbered share {share.min()}–{share.max()}%, probe reveals {probe.min()}–{probe.max()}%"


def _clash_claim(scale):
    st, ab = stream(scale), ablation(scale)
    inc = st.loc["8×8, q=0.9", "+clash %"] - st.loc["8×8, q=0.9", "+block %"]
    cost = ab.loc["8×8", "full %"] - ab.loc["8×8", "−clash %"]
    if scale == "smoke":
        return None, f"clash +{inc:.1f} by increment, −{cost:.1f} by ablation (too few boards)"
    return bool(cost > inc), f"clash adds {inc:.1f} points by increment, costs {cost:.1f} by ablation at 8×8"


def _singleton_claim(scale):
    sizes = [(1, 2), (2, 2), (2, 3), (3, 3), (3, 4), (4, 4), (5, 5), (6, 6), (8, 8)]
    ok = all(census.singleton_has_no_board(h, w) for h, w in sizes)
    d = dial(scale)
    return bool(ok and d.loc["1–1", "with a legal answer"] == 0), \
        f"all-singleton partitions of {len(sizes)} grid sizes up to 8×8 have no legal board"


def _probe_claim(scale):
    df = probe_unique(scale)
    return bool(df["violations %"].iloc[0] == 0), \
        f"{df['boards (ours)'].iloc[0]} boards, {df['gaps (ours)'].iloc[0]} gaps, no violation"


def _gaps_claim(scale):
    df = probe_unique(scale)
    return bool(df["gaps %"].iloc[0] <= 1.0), f"gap share {df['gaps %'].iloc[0]}%"


def _gaps_confirmed(scale):
    gl = gap_list(scale)
    ok = bool((gl["raw solutions"] == 1).all() and (gl["ladder search"] == 1).all())
    return ok, f"{len(gl)} gap boards, each re-solved: 1 solution by both engines"


def _engines_claim(scale):
    compared, agree, raw_cap, lad_cap = engines_pairs(scale)
    return compared == agree, (f"{agree}/{compared} boards agree; {raw_cap} raw and "
                               f"{lad_cap} ladder runs capped (skipped)")


def _wall_claim(scale):
    d = dial(scale)
    if scale == "smoke":
        return None, "too few boards per row at smoke scale"
    u = pd.to_numeric(d["unique %"], errors="coerce")
    return bool(u["2–2"] > u["4–7"]), f"unique {u['2–2']}% at 2–2 falls to {u['4–7']}% at 4–7"


CLAIMS = [
    Claim("conjunction", "A clue is two facts", "Value only < position only < full = 100% at q = 1",
          _halves_claim),
    Claim("budget", "The answer sets the budget", "Answers number 58–59% of the board; the "
          "ladder wants about a third printed", _budget_claim),
    Claim("clash_passenger", "Ablation and the incremental ladder", "clash earns little by "
          "increment and costs more by ablation", _clash_claim),
    Claim("singletons_illegal", "Granularity", "A partition into single cells has no legal "
          "board", _singleton_claim, theorem=True),
    Claim("probe_implies_unique", "probe ⇔ unique", "probe finishes ⇒ unique (soundness)",
          _probe_claim, theorem=True),
    Claim("gaps_rare", "probe ⇔ unique", "unique boards the probe cannot finish are rare",
          _gaps_claim),
    Claim("gaps_confirmed", "probe ⇔ unique", "every gap board is unique by the raw engine",
          _gaps_confirmed, theorem=True),
    Claim("engines_agree", "probe ⇔ unique", "raw engine and ladder search agree on every "
          "uncapped board", _engines_claim, theorem=True),
    Claim("granularity_wall", "Granularity", "coarser regions, fewer unique boards",
          _wall_claim),
]

ARTICLE = Article("nanro", SOURCE, TABLES, CLAIMS)


def label_probe_effect(scale):
    """Pooled boards whose probe verdict changes when probe assumes cell
    values only (never region labels): ``(boards, changed)``."""
    recs = pooled(scale)
    changed = sum((propagate(r["p"], "probe", cells_only=True)[0] == "solved") != r["levels"][4]
                  for r in recs)
    return len(recs), int(changed)
