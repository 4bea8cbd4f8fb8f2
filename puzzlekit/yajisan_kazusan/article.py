"""The tables of "Yajisan-Kazusan: a clue is allowed to lie" (solver series #51): its
figures, quoted, beside ours.  Bank tables run on our shipped boards, sampled tables on
prefix-stable streams of fresh answers (:mod:`puzzlekit.core.measure`)."""
from __future__ import annotations

import copy

import numpy as np

from ..core import banks, measure as M
from ..core.tables import Article, Claim, Table, frame
from . import SPEC, census
from .certify import clue_ledger, moved, prefixes, second_answer
from .generate import PACKED, bought, count, dialect_sample, liar_sample, minimise
from .ladder import LADDER, NAMES
from .model import Puzzle

__all__ = ["ARTICLE", "SOURCE", "bank", "sample", "DROP_CAP"]

SOURCE = "article: Yajisan-Kazusan — a clue is allowed to lie (SEN LLC, solver series #51)"
SIZES = (6, 8, 10)
DROP_CAP = 200                  # answers counted after dropping a liar (the article's cap)
SAMPLES = {"liar": (6, 60, 60), "dialect": (3, 40, 40), "dialect packed 8": (3, 30, 30),
           "density": (4, 40, 40), "prefix boards": (3, 40, 40), "bank": (4, 999, 999),
           "ablation cap": (2000, 2000, 60_000)}
_x = "{0}×{0}".format


def sample(what, scale=None) -> int:
    """Boards per row of a measurement at ``scale`` (``SAMPLES``)."""
    return M.sample_size(SAMPLES, what, scale)


def bank(n, scale=None):
    """The shipped ``n`` x ``n`` boards ``(entry, puzzle, answer mask)``, the
    first few at smoke scale."""
    out = [(e, Puzzle.from_json(e["clues"]), np.array([ch == "#" for r in e["answer"]["grid"]
                                                       for ch in r]))
           for e in banks.load("yajisan_kazusan") if e["size"][0] == n]
    return out[:sample("bank", scale)]


def _stream(key, draw):
    return M.stream(("yajisan_kazusan",) + key, draw, " ".join(map(str, key)))


def _dn(d):
    return "packed" if d == PACKED else f"{d:g}"


# ------------------------------------------------------------ streams
def _items(kind, n, d):
    f = liar_sample if kind == "liar" else dialect_sample
    return _stream((kind, n, _dn(d)), lambda i, rng: f(n, d, rng))


# ------------------------------------------------------------ bank tables
def _reach(scale):
    s = M.Summary("size")
    for n in SIZES:
        ps = [p for _, p, _ in bank(n, scale)]
        r = M.reach(SPEC, ps)
        s.given(_x(n), "boards", len(ps))
        for lv in NAMES:
            s.mean(_x(n), f"{lv} %", r.loc[r["level"] == lv, "decided %"])
    return s.frame()


def _liars(scale):
    s, t = M.Summary("size"), M.Summary("size")
    for n in SIZES:
        rows, k = [dict(r, p=p) for _, p, m in bank(n, scale) for r in clue_ledger(p, m)], _x(n)
        ex = [r for r in rows if r["exempt"]]
        s.given(k, "clues", len(rows))
        s.given(k, "exempt", len(ex))
        s.mean(k, "exempt share %", [100.0 * r["exempt"] for r in rows])
        s.given(k, "unsayable", sum(r["unsayable"] for r in rows))
        s.mean(k, "share %", [100.0 * r["unsayable"] for r in rows])
        s.given(k, "exempt but accidentally true", sum(r["true"] for r in ex))
        after = [count(r["p"].with_clues({a: b for a, b in r["p"].clues.items() if a != r["c"]}),
                       DROP_CAP, 200_000).count for r in ex]
        t.given(k, "exempt clues tried", len(ex))
        t.median(k, "answers after the drop (median)", after)
        t.given(k, "max", max(after, default=0))
        t.given(k, "stayed unique", sum(a == 1 for a in after))
    return {"liars": s.frame(), "liar_drops": t.frame()}


def _minimums(scale):
    s = M.Summary("size")
    for n in SIZES:
        es = bank(n, scale)
        solve = [len(minimise(Puzzle(n, n, b[1]), copy.deepcopy(b[2]), keep="probe").clues)
                 for b in (bought(n, n, e["seed"]) for e, _, _ in es)]
        uniq = [len(p.clues) for _, p, _ in es]
        s.mean(_x(n), "unique-min", uniq)
        s.mean(_x(n), "solve-min", solve)
        s.mean(_x(n), "ratio", [b / a for a, b in zip(uniq, solve)], 2)
        for g in ("probe", "white", "ray"):
            s.given(_x(n), f"grade {g}", sum(e["grade"] == g for e, _, _ in es))
    return s.frame()


def _ablation(scale):
    s = M.Summary("size, variant")
    cap = sample("ablation cap", scale)
    for n in SIZES:
        ps = [p for _, p, _ in bank(n, scale)]
        a = M.ablation(SPEC, ps, rungs=list(NAMES))
        for v in ["full"] + [M.ablation_label(x) for x in NAMES]:
            d = a[a["variant"] == v]
            wo = () if v == "full" else (LADDER.level(v[1:]),)
            runs = [count(p, 2, cap, "probe", without=wo) for p in ps]
            key = f"{_x(n)} {v}"
            s.given(key, "fixpoint bits", int(round(sum(d["decided %"]) * n * n / 100)))
            s.given(key, "boards moved", int(d["moved"].sum()))
            s.given(key, "probes", int(d["probes"].sum()))
            s.given(key, "search assumptions", sum(r.branch_points for r in runs))
            s.given(key, "over budget", sum(r.capped for r in runs))
    return s.frame()


def _second(scale):
    s = M.Summary("size")
    for n in SIZES:
        mv, on = [], []
        for e, p, m in bank(n, scale):
            cells = moved(m, second_answer(p, m, M.rng_for("yajisan_kazusan", "second", e["id"])))
            mv.append(len(cells))
            on += [int(c) in p.clues for c in cells]
        k = _x(n)
        s.given(k, "ambiguous boards", len(mv))
        s.mean(k, "cells moved (avg)", mv, 2)
        s.mean(k, "≤2 %", [100.0 * (x <= 2) for x in mv])
        s.mean(k, "3–4 %", [100.0 * (3 <= x <= 4) for x in mv])
        s.mean(k, "≥5 %", [100.0 * (x >= 5) for x in mv])
        s.mean(k, "on a clue %", [100.0 * x for x in on])
    return s.frame()


# ------------------------------------------------------------ sampled tables
def _liar_theorem(scale):
    s = M.Summary("size, density")
    for n in (5, 6, 7):
        for d in (0.18, 0.24, PACKED):
            items = _items("liar", n, d).take(sample("liar", scale))
            k = f"{_x(n)} {_dn(d)}"
            s.given(k, "answers", len(items))
            s.share(k, "maximal %", [mx for mx, _ in items])
            s.share(k, "of those, unique %", [u for mx, u in items if mx])
            s.given(k, "non-maximal unique", sum(u for mx, u in items if not mx))
    return s.frame()


def _dialects(scale):
    out = {}
    for tid, d, rows in (("dialects_sparse", 0.2, ((6, "dialect"), (8, "dialect"))),
                         ("dialects_packed", PACKED, ((6, "dialect"), (8, "dialect packed 8")))):
        s = M.Summary("size")
        for n, what in rows:
            it, k = _items("dialect", n, d).take(sample(what, scale)), _x(n)
            s.given(k, "boards", len(it))
            s.share(k, "maximal %", [x["maximal"] for x in it])
            s.mean(k, "free-choice clues", [x["free"] for x in it])
            s.share(k, "liar-only works %", [x["liar"] is not None for x in it])
            if d == PACKED:
                s.mean(k, "liar-only clues", [x["liar"] for x in it])
            s.share(k, "honest-only works %", [x["honest"] is not None for x in it])
            s.mean(k, "honest-only clues", [x["honest"] for x in it])
        out[tid] = s.frame()
    return out


def _prefixes(scale):
    s = M.Summary("size")
    for n in (6, 8):
        flags, pfs, us = [], [], []
        for e, p, _ in bank(n, "book")[:sample("prefix boards", scale)]:
            for pf, u in prefixes(p, M.rng_for("yajisan_kazusan", "prefix", e["id"])):
                flags, pfs, us = flags + [pf == u], pfs + [pf], us + [bool(u)]
        k = _x(n)
        s.given(k, "prefixes", len(flags))
        s.given(k, "probe completes", sum(pfs))
        s.given(k, "unique", sum(us))
        s.share(k, "agree %", flags)
        s.exact(k, "probe not unique", sum(a and not b for a, b in zip(pfs, us)))
        s.exact(k, "unique not probe", sum(b and not a for a, b in zip(pfs, us)))
    return s.frame()


def _density(scale):
    s = M.Summary("density")
    for d in (0.14, 0.18, 0.22, PACKED):
        it = _items("dialect", 6, d).take(sample("density", scale))
        s.mean(_dn(d), "avg shaded", [x["shaded"] for x in it])
        s.share(_dn(d), "maximal %", [x["maximal"] for x in it])
        s.exact(_dn(d), "answers with no clues", census.connected_6x6())
        s.mean(_dn(d), "clues for uniqueness", [x["free"] for x in it])
    return s.frame()


# ------------------------------------------------------------ the article's figures
_S = [_x(n) for n in SIZES]
A_REACH = frame([[40, 0.0, 32.4, 52.9, 59.6, 100.0], [40, 0.0, 37.7, 58.0, 67.1, 100.0],
                 [30, 0.0, 34.2, 59.7, 64.3, 100.0]], _S,
                ["boards", *(f"{lv} %" for lv in NAMES)], "size")
_LT = [(0, None, 60), (7, 7, 53), (60, 60, 0), (0, None, 60), (10, 10, 50), (60, 60, 0),
       (0, None, 60), (4, 4, 56), (60, 60, 0)]
A_LIAR = frame([[60, round(100 * m / 60, 1), None if u is None else 100.0, 0] for m, u, _ in _LT],
               [f"{_x(n)} {d}" for n in (5, 6, 7) for d in ("0.18", "0.24", "packed")],
               ["answers", "maximal %", "of those, unique %", "non-maximal unique"],
               "size, density")
A_DS = frame([[40, 0.0, 11.9, 0.0, 22.5, 14.1], [40, 0.0, 21.1, 0.0, 10.0, 23.0]], _S[:2],
             ["boards", "maximal %", "free-choice clues", "liar-only works %",
              "honest-only works %", "honest-only clues"], "size")
A_DP = frame([[40, 100.0, 10.4, 100.0, 10.4, 57.5, 11.1],
              [30, 100.0, 17.5, 100.0, 18.3, 16.7, 18.6]], _S[:2],
             [*A_DS.columns[:4], "liar-only clues", *A_DS.columns[4:]], "size")
A_LIARS = frame([[478, 217, 45.4, 90, 18.8, 20], [842, 366, 43.5, 184, 21.9, 26],
                 [931, 379, 40.7, 206, 22.1, 25]], _S,
                ["clues", "exempt", "exempt share %", "unsayable", "share %",
                 "exempt but accidentally true"], "size")
A_DROPS = frame([[217, 8, 200, 0], [366, 10, 200, 0], [378, 11, 200, 0]], _S,
                ["exempt clues tried", "answers after the drop (median)", "max", "stayed unique"],
                "size")
A_MIN = frame([[11.9, 11.9, 1.00, 35, 5, 0], [21.1, 21.1, 1.00, 32, 8, 0],
               [31.0, 31.0, 1.00, 26, 4, 0]], _S,
              ["unique-min", "solve-min", "ratio", "grade probe", "grade white", "grade ray"],
              "size")
A_PREF = frame([[358, 40, 40, 100.0, 0, 0], [360, 40, 40, 100.0, 0, 0]], _S[:2],
               ["prefixes", "probe completes", "unique", "agree %", "probe not unique",
                "unique not probe"], "size")
_AB = {6: [(1440, 0, 436, 0, 0), (127, 40, 3892, 2387173, 39), (1421, 1, 2040, 4, 0),
           (1339, 6, 2210, 28, 0), (1106, 37, 1652, 4854, 0), (858, 35, 0, 426, 0)],
       8: [(2560, 0, 800, 0, 0), (244, 40, 7358, 2400558, 40), (2492, 2, 3828, 10, 0),
           (2324, 8, 4110, 208, 0), (2072, 38, 2512, 23674, 0), (1717, 32, 0, 2244, 0)],
       10: [(3000, 0, 840, 0, 0), (252, 30, 8476, 1800166, 30), (2957, 1, 4642, 2, 0),
            (2474, 20, 6510, 790, 0), (2661, 25, 2328, 22448, 0), (1928, 26, 0, 7478, 0)]}
_VARIANTS = ["full"] + [M.ablation_label(x) for x in NAMES]
A_ABL = frame([list(r) for n in SIZES for r in _AB[n]],
              [f"{_x(n)} {v}" for n in SIZES for v in _VARIANTS],
              ["fixpoint bits", "boards moved", "probes", "search assumptions", "over budget"],
              "size, variant")
A_SECOND = frame([[40, 3.13, 45.0, 37.5, 17.5, 40.8], [40, 5.53, 25.0, 22.5, 52.5, 38.9],
                  [30, 4.17, 43.3, 23.3, 33.3, 31.2]], _S,
                 ["ambiguous boards", "cells moved (avg)", "≤2 %", "3–4 %", "≥5 %",
                  "on a clue %"], "size")
A_LEDGER = frame([[", ".join(map(str, x)), True] for x in (
    census.A006506, census.A001333, census.A051736, (census.SEVEN,), census.CONNECTED_NXN,
    (1, 3, 4, 4, 4, 4, 4, 4))], census.LEDGER_ROWS, ["counts", "engines agree"], "grid")
A_DENS = frame([[5.0, 0.0, 1646096, 12.8], [6.0, 0.0, 1646096, 12.9], [8.0, 0.0, 1646096, 11.8],
                [10.3, 100.0, 1646096, 10.3]], ["0.14", "0.18", "0.22", "packed"],
               ["avg shaded", "maximal %", "answers with no clues", "clues for uniqueness"],
               "density")
_LINE = ["DP maximum", "brute maximum", "every total below it reachable"]
A_LINE = frame([[(L + 1) // 2, (L + 1) // 2, True] for L in range(11)], list(range(11)), _LINE, "L")

_E, _LI, _D, _M = ("The contrapositive is the engine", "An all-liar clue set works exactly on "
                   "maximal answers", "The honest dialect is the weaker one",
                   "Four clues in ten are liars, and not one of them is spare")
_G = ("boards", "answers", "prefixes", "probe completes", "unique", "non-maximal unique")
_T = [  # id, section, title, kind, article, n_article, expect, note
    ("reach", _E, "Share of cells settled by each cumulative level, on the bank", "bank",
     A_REACH, None, "close", "Our buyer writes more unsayable numbers: cap confesses more."),
    ("liar_theorem", _LI, "Liar-only clue sets on random answers", "sampled", A_LIAR, 60, "close",
     "The article's counts out of 60 as shares.  Our sampler reaches ⊆-maximal answers at "
     "density 0.24 more or less often than the article's; the theorem holds in every row."),
    ("dialects_sparse", _D, "Dialects, same buyer: sparse answers (~20% shaded)", "sampled",
     A_DS, {"6×6": 40, "8×8": 40}, "differs", "No sample spread in the article: ours alone."),
    ("dialects_packed", _D, "Dialects, same buyer: packed answers", "sampled", A_DP,
     {"6×6": 40, "8×8": 30}, "differs", "No sample spread in the article: ours alone."),
    ("liars", _M, "Liars in the minimal clue sets of the bank", "bank", A_LIARS, None, "differs",
     "Counts and shares on our bank."),
    ("liar_drops", _M, "Each liar dropped: answers after (cap 200)", "bank", A_DROPS, None,
     "close", "The article prints its cap as '200+', here 200."),
    ("minimums", "`probe` and uniqueness agree exactly", "Unique-min against solve-min, grades",
     "bank", A_MIN, None, "differs",
     "Solve-min: the same bought set, same order, kept probe-solvable."),
    ("probe_unique", "`probe` and uniqueness agree exactly", "probe ⇔ unique over clue prefixes",
     "sampled", A_PREF, {"6×6": 358, "8×8": 360}, "match", "Bank boards' clues, seeded shuffle."),
    ("ablation", "Ablation: the row that argues with the headline", "One rung dropped, on the "
     "bank", "bank", A_ABL, None, "differs", "Search assumptions: branch points of a counting "
     "search capped at 2,000 nodes a board (60,000, the article's cap, at article scale)."),
    ("second", "How far away is the second answer", "Drop one clue: cells the impostor moves",
     "bank", A_SECOND, None, "differs", "One seeded clue dropped per bank board."),
    ("ledgers", "External ledgers", "Blank-board counts by every engine", "exact", A_LEDGER,
     None, "match", "Independent sets (connectivity off) and connected counts."),
    ("density", "Generation", "Density dial, 6×6", "sampled", A_DENS, 40, "close",
     "Answers with no clues: the exact connected census of the blank 6×6 board, counted."),
    ("line_dp", "The five rungs", "Line DP against brute force, L = 0..10", "exact", A_LINE,
     None, "match", "The article states the check; the figures are ⌈L/2⌉."),
]
_PARTS = {"ledgers": lambda sc: frame(census.ledger_rows(), census.LEDGER_ROWS,
                                      ["counts", "engines agree"], "grid"),
          "line_dp": lambda sc: frame(census.line_dp_rows(), list(range(11)), _LINE, "L"),
          "reach": _reach, "liar_theorem": _liar_theorem, "minimums": _minimums,
          "probe_unique": _prefixes, "ablation": _ablation, "second": _second,
          "density": _density,
          **{t: lambda sc, t=t: _liars(sc)[t] for t in ("liars", "liar_drops")},
          **{t: lambda sc, t=t: _dialects(sc)[t] for t in ("dialects_sparse", "dialects_packed")}}

TABLES = [Table(i, sec, title, kind, art, _PARTS[i], n_article=n,
                note=note, source=SOURCE, given=tuple(c for c in art.columns if c in _G)
                if kind != "bank" else (), expect=exp)
          for i, sec, title, kind, art, n, exp, note in _T]


# ------------------------------------------------------------ claims
def _verdict(cid, scale):
    def ours(tid):
        """Our frame for table ``tid`` at this scale."""
        return ARTICLE.measure(tid, scale)

    if cid == "liar_theorem":
        t = ours("liar_theorem")
        return ((t["of those, unique %"].dropna() == 100).all() and (t["non-maximal unique"] == 0)
                .all(), f"{t['answers'].sum():.0f} answers: maximal ones unique, no other")
    if cid == "no_spare_liar":
        d = ours("liar_drops")
        return (d["stayed unique"] == 0).all(), (
            f"{d['exempt clues tried'].sum():.0f} liars dropped, "
            f"{d['stayed unique'].sum():.0f} stayed unique")
    if cid == "probe_iff_unique":
        p = ours("probe_unique")
        return p["probe not unique"].sum() == 0, (
            f"{p['prefixes'].sum():.0f} prefixes: "
            f"{p['probe not unique'].sum():.0f} probe-not-unique, "
            f"{p['unique not probe'].sum():.0f} unique-not-probe")
    if cid == "ledgers":
        return bool(ours("ledgers")["engines agree"].all()), "every engine gives every ledger"
    if cid == "cap_is_a_shortcut":
        a = ours("ablation")
        moved = [int(a.loc[f"{_x(n)} −cap", "boards moved"]) for n in SIZES]
        ratio = [a.loc[f"{_x(n)} −cap", "probes"] / max(a.loc[f"{_x(n)} full", "probes"], 1)
                 for n in SIZES]
        return (None if scale == "smoke" else max(moved) <= 2 and min(ratio) > 1,
                f"−cap moves {moved} boards; probes ×{', ×'.join(f'{r:.1f}' for r in ratio)}")
    if cid == "honest_weaker":
        d = ours("dialects_packed")
        return (None if scale == "smoke" else
                (d["honest-only works %"] < d["liar-only works %"]).all(),
                f"packed: honest works {list(d['honest-only works %'])}%, liar "
                f"{list(d['liar-only works %'])}%")
    d = ours("density")["clues for uniqueness"]
    return (None if scale == "smoke" else d["packed"] < d["0.14"],
            f"clues for uniqueness {d['0.14']} at 0.14, {d['packed']} packed")


_C = [("liar_theorem", _LI, "a liar-only clue set works iff the answer is ⊆-maximal", 1),
      ("no_spare_liar", _M, "no liar of a minimal board can be dropped", 1),
      ("probe_iff_unique", "`probe` and uniqueness agree exactly", "probe finishes ⇒ unique", 1),
      ("ledgers", "External ledgers", "every engine agrees on every ledger", 1),
      ("cap_is_a_shortcut", "Ablation: the row that argues with the headline",
       "−cap moves at most 2 boards but costs probes", 0),
      ("honest_weaker", _D, "the honest dialect works less often than the liar dialect", 0),
      ("density_price", "Generation", "packed answers need fewer clues than sparse ones", 0)]
ARTICLE = Article("yajisan_kazusan", SOURCE, TABLES, [
    Claim(cid, sec, text, lambda scale, cid=cid: _verdict(cid, scale), bool(thm))
    for cid, sec, text, thm in _C])
