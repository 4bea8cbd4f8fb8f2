"""The article's tables (its figures, quoted) beside ours, and its claims.  Source:
"Stostone in the browser with a five-rung solver" (SEN LLC, puzzle #53)."""
from __future__ import annotations

from functools import partial

import numpy as np
import pandas as pd

from ..core import banks, measure, scales
from ..core.measure import Summary
from ..core.tables import Article, Claim, Table, frame
from . import SPEC, census
from .brute import fall_disagrees
from .certify import arch, witness
from .generate import count, four_counts, full_numbers, random_small, stone_stats
from .ladder import LADDER, initial_state
from .model import RULE4, Answer, Puzzle
from .sat import count_solutions as sat_count

__all__ = ["ARTICLE", "bank", "census_table", "reach", "attribution", "rung_ablation", "no_probe",
           "readings", "falls", "unclued", "clue_language", "numbers_needed", "answers", "engines"]

SRC = "article: Stostone in the browser with a five-rung solver (SEN LLC, #53)"
RUNGS = LADDER.names
SIZES = ("6×6", "8×8")
S_COUNT, S_CORO, S_NEC, S_HALF, S_CLUE, S_ANS, S_X = (
    "The counting half", "The corollary you can see",
    "Counting is necessary and is not sufficient",
    "The half that cannot open a board is the half you cannot do without",
    "The clue language, and what it cannot say", "What the answers look like", "Cross-checks")


def _n(scale, smoke, book, article):
    return scales.pick(scale, smoke=smoke, book=book, article=article)


def bank(size: str, scale) -> list:
    """The first bank boards of a size (all of them at book scale), as (puzzle, answer)."""
    n = int(size[0])
    es = [e for e in banks.load("stostone") if e["size"] == [n, n]]
    es = es[:_n(scale, 4, len(es), len(es))]
    return [(Puzzle.from_json(e["clues"]), Answer.from_json(e["answer"])) for e in es]


def _ps(items):
    return [p for p, _ in items]


CENSUS_ROWS = {"smoke": [(4, 2), (4, 4), (6, 2), (6, 4), (8, 2)],
               "book": [(4, 2), (4, 4), (6, 2), (6, 4), (8, 2), (8, 4)],
               "article": [(4, 2), (4, 4), (4, 10), (6, 2), (6, 4), (6, 6), (8, 2), (8, 4)]}
CEN_COLS = ["`exact`", "`convex`", "`count`", "exact/count %"]


def census_table(scale) -> pd.DataFrame:
    """Region-free census under three readings (balanced grids walked)."""
    two = all(census.counts(2, n) == (2 ** n,) * 3 for n in range(1, _n(scale, 6, 10, 12)))
    rows = [["2ⁿ" if two else "?"] * 3 + [100.0]]
    idx = ["2×n"]
    for h, w in CENSUS_ROWS[scale]:
        e, c, k = census.counts(h, w)
        rows.append([e, c, k, round(100.0 * e / k, 1)])
        idx.append(f"{h}×{w}")
    return frame(rows, idx, CEN_COLS, "board")


def reach(scale) -> pd.DataFrame:
    """Cumulative share of cells settled at each level, from the clues alone."""
    rows = []
    for size in SIZES:
        r = measure.reach(SPEC, _ps(bank(size, scale)))
        m = r.groupby("level", sort=False)["decided %"].mean()
        rows.append([round(float(m[x]), 1) for x in RUNGS])
    return frame(rows, list(SIZES), [measure.level_label(LADDER, i) for i in range(len(RUNGS))],
                 "size")


def attribution(scale) -> pd.DataFrame:
    """Share of every written cell, per rung that wrote it."""
    rows = []
    for size in SIZES:
        ps = _ps(bank(size, scale))
        tot = sum(np.bincount(a[a >= 0], minlength=len(RUNGS)) for a in
                  (LADDER.fixpoint(initial_state(p), "probe").attribution for p in ps))
        rows.append([len(ps)] + list(np.round(100.0 * tot / max(tot.sum(), 1), 1)))
    return frame(rows, list(SIZES), ["boards"] + [f"`{r}`" for r in RUNGS], "size")


ABL_NODES = 2_000


def _guesses(p, without, level):
    r = count(p, 2, ABL_NODES, level=level, without=without)
    return r.branch_points, r.capped


def _few(scale):
    """The bank boards the search-heavy tables use: 12 per size at book scale."""
    k = _n(scale, 4, 12, 10 ** 6)
    return _ps(bank("6×6", scale))[:k] + _ps(bank("8×8", scale))[:k]


def rung_ablation(scale) -> pd.DataFrame:
    """The full stack and each rung below probe removed: settled share, boards
    finished without guessing, and the search's guesses (branch points)."""
    ps = _few(scale)
    df = measure.ablation(SPEC, ps, "probe", ["col", "clue", "fit", "drop"])
    rows, idx = [], []
    for v, g in df.groupby("variant", sort=False):
        drop = () if v == "full" else (v[1:],)
        gs = [_guesses(p, drop, "probe") for p in ps]
        idx.append("all rungs" if v == "full" else f"− `{v[1:]}`")
        rows.append([round(float(g["decided %"].mean()), 1), int(g["finished"].sum()),
                     sum(x for x, _ in gs), sum(c for _, c in gs), len(g)])
    return frame(rows, idx, ["settled %", "finish without guessing", "assumptions",
                             "capped (ours)", "boards"], "variant")


def no_probe(scale) -> pd.DataFrame:
    """The search's guesses with col or drop removed and no probe on top."""
    ps = _few(scale)
    rows = []
    for r in ("col", "drop"):
        gs = [_guesses(p, (r,), "drop") for p in ps]
        rows.append([sum(x for x, _ in gs), sum(c for _, c in gs), len(ps)])
    return frame(rows, ["− `col`", "− `drop`"], ["assumptions", "capped (ours)", "boards"],
                 "variant")


READ_LIMIT = 200


def readings(scale) -> pd.DataFrame:
    """Bank boards still unique under each reading of rule 4, and the median
    number of answers (up to 200) among the boards that lose uniqueness under ``count``."""
    rows = []
    for size in SIZES:
        ps = _ps(bank(size, scale))[:_n(scale, 4, 12, 10 ** 6)]
        row = [sum(count(p.with_rule4(r), 2, 2_000).unique is True for p in ps) for r in RULE4]
        rows.append(row + [len(ps)])
    return frame(rows, list(SIZES), [f"`{r}`" for r in RULE4] + ["boards"], "size")


def falls(scale) -> pd.DataFrame:
    """8×8 bank boards that lose uniqueness under ``count``: median answers (up to 200)."""
    ps = _ps(bank("8×8", scale))[:_n(scale, 4, 12, 10 ** 6)]
    many = [count(p.with_rule4("count"), READ_LIMIT, 5_000) for p in ps]
    got = [r.count for r in many if r.count >= 2]
    return frame([[float(np.median(got)) if got else np.nan, len(got),
                   sum(r.capped for r in many)]], ["8×8"],
                 ["median answers", "boards that fall", "capped (ours)"], "size")


def unclued(scale) -> pd.DataFrame:
    """The 6×6 bank's region maps with no numbers: every answer under count and exact."""
    ps = _ps(bank("6×6", scale))[:_n(scale, 3, 12, 44)]
    tot = {}
    for r in ("count", "exact"):
        tot[r] = sum(count(p.with_numbers({}).with_rule4(r), 10 ** 6, 2_000_000,
                           level="drop").count for p in ps)
    return frame([[tot["count"], tot["exact"], round(100.0 * tot["exact"] / tot["count"], 1),
                   len(ps)]], ["6×6 maps"], ["`count` answers", "`exact` answers", "exact %",
                                             "maps"], "")


DIAL = {"6×6 2": (6, 2), "6×6 3": (6, 3), "6×6 4": (6, 4), "8×8 3": (8, 3), "8×8 4": (8, 4)}


def clue_language(scale) -> pd.DataFrame:
    """With the generator's filter off: how often the full number set pins the
    lifted answer, and the median number of answers (up to 50)."""
    s = Summary("board")
    k = _n(scale, 6, 20, 100)
    for row, (n, aim) in DIAL.items():
        ps = measure.stream(("stostone", "dial", n, aim),
                            lambda i, g, n=n, aim=aim: full_numbers(g, n, aim)).take(k)
        got = [sat_count(p, 50, 30.0) for p in ps]
        s.share(row, "pinned by every number %", [r.count == 1 for r in got if not r.capped])
        s.median(row, "median answers", [r.count for r in got if not r.capped])
        s.mean(row, "stones per board (ours)", [p.k for p in ps])
        s.given(row, "boards", len(ps))
    return s.frame()


def numbers_needed(scale) -> pd.DataFrame:
    """Numbers a bank board keeps (minimal) and its regions (= stones)."""
    ps = [_ps(bank(size, scale)) for size in SIZES]
    return frame([[round(float(np.mean([len(p.numbers) for p in x])), 1),
                   round(float(np.mean([p.k for p in x])), 1), len(x)] for x in ps],
                 list(SIZES), ["numbers", "regions", "boards"], "size")


def answers(scale) -> pd.DataFrame:
    """Stones of the bank's answers: count, mean size, mean fall, share never moving."""
    return frame([stone_stats(bank(size, scale)) for size in SIZES], list(SIZES),
                 ["stones", "mean stone", "mean fall", "never move %"], "size")


def _maps(scale):
    return measure.stream(("stostone", "4x4 maps"),
                          lambda i, g: random_small(g, 4, 4)).take(_n(scale, 10, 60, 60))


def _prefixes(scale):
    out = []
    for size in SIZES:
        for i, (p, _) in enumerate(bank(size, scale)):
            order = measure.rng_for("stostone", "prefix", size, i).permutation(sorted(p.numbers))
            out += [p.with_numbers({g: p.numbers[g] for g in order[:k]})
                    for k in range(1, len(order) + 1)]
    return out[:_n(scale, 20, 60, 876)]


def engines(scale) -> pd.DataFrame:
    """Random 4×4 maps under all four readings: the integer enumerator, the
    stone picker, the ladder search and CP-SAT count the same (up to 50); probe
    against uniqueness over clue prefixes of bank boards."""
    s = Summary("")
    got = [four_counts(p.with_rule4(r), 50) for p in _maps(scale) for r in RULE4]
    agree = [None if x is None else len(set(x)) == 1 for x in got]
    total = sum(x[0] for x in got if x is not None)
    s.share("random 4×4 maps", "agree %", agree)
    s.given("random 4×4 maps", "answers compared", total)
    df = measure.probe_unique(SPEC, _prefixes(scale), max_nodes=3_000)
    c = measure.probe_unique_counts(df)
    s.share("clue prefixes", "agree %",
            (df[df["unique"].notna()]["unique"].astype(bool)
             == df[df["unique"].notna()]["probe finishes"].astype(bool)).tolist())
    s.exact("clue prefixes", "probe finished a board with two answers", c["violations"])
    s.given("clue prefixes", "unique, probe needed a guess", c["gaps"])
    s.given("clue prefixes", "answers compared", c["boards"])
    return s.frame()


ART_CENSUS = frame([["2ⁿ", "2ⁿ", "2ⁿ", 100.0], [28, 36, 36, 77.8], [640, 1296, 1296, 49.4],
                    [7618204, 60466176, 60466176, 12.6], [226, 376, 400, 56.5],
                    [31820, 133760, 160000, 19.9], [4482592, 47582864, 64000000, 7.0],
                    [1940, 4248, 4900, 39.6], [1717396, 15963452, 24010000, 7.2]],
                   ["2×n", "4×2", "4×4", "4×10", "6×2", "6×4", "6×6", "8×2", "8×4"],
                   CEN_COLS, "board")
ART_REACH = frame([[0.0, 37.9, 75.4, 78.5, 100.0], [0.0, 11.7, 26.2, 28.5, 100.0]],
                  list(SIZES), [measure.level_label(LADDER, i) for i in range(len(RUNGS))],
                  "size")
ART_ATTR = frame([[44, 19.5, 37.8, 31.1, 5.5, 6.1], [33, 14.6, 29.2, 22.1, 7.9, 26.2]],
                 list(SIZES), ["boards"] + [f"`{r}`" for r in RUNGS], "size")
ART_ABL = frame([[100.0, 77, 0], [48.8, 1, 350027], [98.6, 75, 4], [90.1, 67, 47],
                 [76.1, 36, 4917]], ["all rungs", "− `col`", "− `clue`", "− `fit`", "− `drop`"],
                ["settled %", "finish without guessing", "assumptions"], "variant")
ART_NOPROBE = frame([[593084], [14306]], ["− `col`", "− `drop`"], ["assumptions"], "variant")
ART_READ = frame([[44, 34, 34, 0], [33, 2, 2, 0]], list(SIZES), [f"`{r}`" for r in RULE4],
                 "size")
ART_FALLS = frame([[37.0, 31]], ["8×8"], ["median answers", "boards that fall"], "size")
ART_UNCL = frame([[8081, 2870, 35.5]], ["6×6 maps"], ["`count` answers", "`exact` answers",
                                                     "exact %"], "")
ART_DIAL = frame([[57.1, 1.0], [32.7, 2.0], [20.6, 3.0], [50.0, 1.5], [33.3, 4.0]], list(DIAL),
                 ["pinned by every number %", "median answers"], "board")
ART_NEED = frame([[2.6, 9.5], [5.3, 11.5]], list(SIZES), ["numbers", "regions"], "size")
ART_ANS = frame([[418, 1.89, 1.50, 21.5], [381, 2.77, 2.03, 17.1]], list(SIZES),
                ["stones", "mean stone", "mean fall", "never move %"], "size")
ART_ENG = frame([[100.0, 0], [np.nan, 0]], ["random 4×4 maps", "clue prefixes"],
                ["agree %", "probe finished a board with two answers"], "")

BANK_NOTE = ("Our bank is our own (44 + 33 boards from our generator, not the article's), so "
             "the comparison is of shape: same zeros, same ordering of rows.")
T = partial(Table, source=SRC)
TABLES = [
    T("census", S_COUNT, "Region-free census under three readings of rule 4", "exact",
      ART_CENSUS, census_table, note="Smaller scales compute a prefix of the rows: 8×4 from "
      "book scale, 4×10 and 6×6 (60 and 64 million balanced grids) at article scale only.",
      expect="match"),
    T("reach", S_HALF, "Cells settled from the clues alone, cumulative by rung", "bank",
      ART_REACH, reach, note=BANK_NOTE, expect="match"),
    T("attribution", S_HALF, "Who writes every cell the full stack writes", "bank", ART_ATTR,
      attribution, note=BANK_NOTE, given=("boards",), expect="close"),
    T("rung-ablation", S_HALF, "One rung taken out of the full stack", "bank", ART_ABL,
      rung_ablation, note=BANK_NOTE + " Assumptions: our search's branch points counting to "
      "two, each board capped at 2,000 nodes (capped searches apart); 12 boards a size at book "
      "scale. Our −col is cheap: fit already refuses stones that overfill a column.",
      given=("capped (ours)", "boards"), expect="differs"),
    T("no-probe", S_HALF, "col and drop taken out, no probe on top", "bank", ART_NOPROBE,
      no_probe, note=BANK_NOTE + " Searches at the drop level, capped at 2,000 nodes; "
      "12 boards a size at book scale.",
      given=("capped (ours)", "boards"), expect="close"),
    T("readings", S_NEC, "Bank boards still unique under each reading of rule 4", "bank",
      ART_READ, readings, note=BANK_NOTE + " Searches capped at 2,000 nodes count as not "
      "unique; 12 boards a size at book scale.", given=("boards",), expect="differs"),
    T("falls", S_NEC, "8×8 boards that fall under `count`: how many answers", "bank", ART_FALLS,
      falls, note=BANK_NOTE + " Answers counted up to 200, searches capped at "
      "5,000 nodes (a capped count is a lower bound); 12 boards at book scale.",
      given=("capped (ours)",), expect="match"),
    T("unclued", S_NEC, "The 6×6 maps without numbers: every answer", "bank", ART_UNCL,
      unclued, note=BANK_NOTE + " Searches at the drop level; 12 maps at book scale, all 44 "
      "at article scale.", given=("maps",),
      expect="match"),
    T("clue-language", S_CLUE, "The full number set, generator filter off", "sampled",
      ART_DIAL, clue_language, note="Our dial is the piece size our cut aims at; the article's "
      "is the stone size it aims at. Lifting keeps the cuts it can lift, which favours larger "
      "pieces, so our stones per board are shown (not compared). Answers counted by CP-SAT up to "
      "50.", given=("stones per board (ours)", "boards"), expect="close"),
    T("numbers-needed", S_CLUE, "Numbers a bank board keeps", "bank", ART_NEED, numbers_needed,
      note=BANK_NOTE + " The article's figures are most likely measured on its bank too "
      "(9.5 and 11.5 are its stones per board); ours are measured on our bank.",
      given=("boards",), expect="match"),
    T("answers", S_ANS, "What the answers look like", "bank", ART_ANS, answers,
      note=BANK_NOTE + " Our cuts aim at pieces of 2 (6×6) and 3 (8×8) cells.",
      expect="match"),
    T("engines", S_X, "Engines and probe cross-checked", "sampled", ART_ENG, engines,
      {"random 4×4 maps": 240, "clue prefixes": 876}, "Random 4×4 maps (regions grown from a "
      "lifted answer, numbers partly printed or corrupted) under all four readings; counts "
      "compared up to 50; capped runs left out. Prefixes: each bank board's numbers in a random "
      "order, cut after each number; searches capped at 3,000 nodes are left out.",
      given=("answers compared", "unique, probe needed a guess"), expect="match"),
]


def _arch(scale):
    return witness(4, 3, arch()), "the 4x3 arch is convex-legal and does not land"


def _closed(scale):
    return census.closed_forms_hold(), "count = C(h,h/2)^w, 2-row and 1-column exact, 4xn"


def _recurrence(scale):
    got, ok = census.recurrence_evidence(_n(scale, 7, 8, 10))
    return ok, f"{got}; proved by the transfer matrix"


def _fall(scale):
    sizes = [(4, 3), (6, 2), (2, 4)] + ([(4, 4), (8, 2)] if scale != "smoke" else [])
    bad = fall_disagrees(sizes)
    return bad is None, "boards " + ", ".join(f"{h}x{w}" for h, w in sizes) + (
        "" if bad is None else f"; first disagreement {bad}")


def _probe(scale):
    v = ARTICLE.measure("engines", scale).loc["clue prefixes",
                                              "probe finished a board with two answers"]
    return v == 0, f"violations: {v}"


CLAIMS = [Claim(i, s, text, fn, theorem=True) for i, s, text, fn in [
    ("arch", S_CORO, "convex is weaker than exact: the 4x3 arch", _arch),
    ("closed-forms", S_COUNT, "the census's closed forms hold", _closed),
    ("recurrence", S_COUNT, "4 x n exact: a(n) = 6a(n-1) - 5a(n-2) - 4a(n-3), by transfer matrix",
     _recurrence),
    ("fall", S_X, "both fall schedules and the invariant agree on every balanced grid", _fall),
    ("probe-never-lies", S_X, "probe never finishes a board with a second answer", _probe)]]

ARTICLE = Article("stostone", SRC, TABLES, CLAIMS)
