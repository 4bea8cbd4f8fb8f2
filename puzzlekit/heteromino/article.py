"""The tables of "Heteromino" (puzzle #56 of a solver series, SEN LLC): its
figures, quoted, beside ours.  Bank tables run on our own 72 boards (40 at
8x8, 32 at 12x12, walked as the article describes); random boards come from
prefix-stable streams (:mod:`puzzlekit.core.measure`)."""
from __future__ import annotations

from functools import lru_cache

import numpy as np
import pandas as pd

from ..core import banks, measure as M
from ..core.genre import ladder_count
from ..core.tables import Article, Claim, Table, frame
from . import SPEC, brute, census
from .generate import bad_regions, legal_counts, scatter, walk
from .ladder import LADDER, initial_state
from .model import Answer, Puzzle

__all__ = ["ARTICLE", "SOURCE", "bank", "count2", "sample", "wall_pairs", "census_rows",
           "shape_shares", "ledger_grid", "WALK_BUDGET"]

SOURCE = "article: Heteromino (SEN LLC, solver series #56)"
#: The article's ladder: our ``pair`` rung is not in it, so the branch and
#: reach tables (``LADDER_COLUMNS``, in ladder order) measure these levels
#: without ``pair`` and show ``pair`` and ``probe with pair`` (probe over all
#: five rungs) beside them, as ours (``core.measure.ladder_tables``).
NAMES = tuple(n for n in LADDER.names if n != "pair")
SAMPLES = {  # smoke, book, article
    "bank": (4, 40, 40), "random 6": (20, 200, 4000), "random 8": (6, 60, 1500),
    "random 10": (3, 20, 600), "random 12": (2, 8, 300), "moves 8": (2, 6, 36),
    "moves 12": (1, 4, 121), "walk runs": (1, 1, 3), "walk sizes": ((6,), (6, 8), (6, 8, 10, 12)),
    "census sets": (20_000, 150_000, 10 ** 7), "ledger area": (40, 60, 84)}
WALK_BUDGET = dict(steps=60, restarts=2)        # per clue count tried, ours
RANDOM_K = {6: 9, 8: 13, 10: 22, 12: None}       # the article's best clue count per size
_x = "{0}×{0}".format


def sample(what: str, scale=None):
    """Sample size of a measurement at ``scale`` (see ``SAMPLES``)."""
    return M.sample_size(SAMPLES, what, scale)


def bank(n: int, scale=None):
    """The first bank boards of size ``n`` x ``n``: ``[(puzzle, answer)]``."""
    es = [e for e in banks.load("heteromino") if e["size"] == [n, n]]
    return [(Puzzle.from_json(e["clues"]), Answer.from_json(e["answer"]))
            for e in es[:sample("bank", scale)]]


def count2(p: Puzzle, max_nodes: int = 2_000_000):
    """Answers up to two: 0 at once when a region is not a multiple of three,
    else the scan engine; None when it was capped."""
    r = None if bad_regions(p) else brute.count_solutions(p, 2, max_nodes)
    return 0 if r is None else (None if r.capped and r.count < 2 else r.count)


# ------------------------------------------------------------ per-section measurements
def wall_pairs(p: Puzzle, a: Answer) -> int:
    """Pairs of same-shape pieces facing each other across one black cell."""
    own, sh, w = a.owner(p.h, p.w), a.shapes(), p.w
    pairs = set()
    for b in np.flatnonzero(p.black):
        r, c = divmod(int(b), w)
        for (r1, c1), (r2, c2) in (((r, c - 1), (r, c + 1)), ((r - 1, c), (r + 1, c))):
            if 0 <= r1 and 0 <= c1 and r2 < p.h and c2 < w:
                x, y = own[r1 * w + c1], own[r2 * w + c2]
                if x >= 0 and y >= 0 and x != y and sh[x] == sh[y]:
                    pairs.add((min(x, y), max(x, y)))
    return len(pairs)


def _wall(scale):
    s, bs = M.Summary("bank"), bank(8, scale) + bank(12, scale)
    k = [wall_pairs(p, a) for p, a in bs]
    s.given("shipped boards", "boards", len(bs))
    s.share("shipped boards", "with a pair %", [x > 0 for x in k])
    s.exact("shipped boards", "pairs", sum(k))
    s.given("shipped boards", "pieces", sum(len(a.pieces) for _, a in bs))
    s.exact("shipped boards", "median per board", float(np.median(k)))
    s.exact("shipped boards", "max per board", max(k))
    return s.frame()


_census = lru_cache(maxsize=None)(census.clue_census)


def census_rows(scale):
    """Every (board, k) of the census whose set count fits the scale."""
    cap = sample("census sets", scale)
    out = []
    for h, w in ((3, 4), (3, 5), (4, 4), (3, 6), (4, 5), (4, 6), (5, 5), (5, 6), (6, 6)):
        for k in legal_counts(h, w):
            if 2 * k <= h * w and census.n_choose(h * w, k) <= cap:
                out.append((h, w, k))
    return out


def _census_table(scale):
    rows = []
    for h, w, k in census_rows(scale):
        c = _census(h, w, k)
        n = c["sets"]
        rows.append([n] + [round(100 * c[x] / n, 1) for x in ("none", "many", "one")])
    idx = [f"{h}×{w}, k={k}" for h, w, k in census_rows(scale)]
    return frame(rows, idx, A_CENSUS.columns, "board")


def _fewest(scale):
    ks = [next(k for k in legal_counts(h, w) if _census(h, w, k)["one"]) for h, w in FEWEST_BOARDS]
    return frame([[h * w, k, round(100 * k / (h * w), 1)] for (h, w), k in zip(FEWEST_BOARDS, ks)],
                 [f"{h}×{w}" for h, w in FEWEST_BOARDS], A_FEWEST.columns, "board")


def _random(scale):
    s = M.Summary("board")
    for n, best in RANDOM_K.items():
        cnt = sample(f"random {n}", scale)
        ks = [k for k in legal_counts(n, n) if 3 * k <= n * n]
        rate = {k: [None if (c := count2(p)) is None else c == 1
                    for p in M.stream(("heteromino", "scatter", n, k),
                                      lambda i, rng, k=k: scatter(n, n, k, rng)).take(cnt)]
                for k in ks}
        mine = max(ks, key=lambda k: np.mean([x for x in rate[k] if x is not None] or [0]))
        s.given(_x(n), "samples per clue count", cnt)
        s.given(_x(n), "our best clue count", mine)
        s.given(_x(n), "our peak rate %", M.pct([x for x in rate[mine] if x is not None]))
        s.share(_x(n), "unique rate there %", rate[best] if best else sum(rate.values(), []))
    return s.frame()


def _walker(scale):
    s = M.Summary("board")
    for n in sample("walk sizes", scale):
        runs = []
        for run in range(sample("walk runs", scale)):
            rng = M.rng_for("heteromino", "walker", n, run)
            ks = [k for k in legal_counts(n, n) if k <= n * n // 5][::-1]
            best = None
            for k in ks:
                if walk(n, n, k, rng, **WALK_BUDGET) is None:
                    break
                best = k
            runs.append(best)
        s.median(_x(n), "sparsest clue set reached", runs)
        s.median(_x(n), "density %", [100 * k / (n * n) for k in runs if k is not None])
    return s.frame()


LADDER_COLUMNS = [(lv, lv, ("pair",)) for lv in NAMES[:-1]] + [
    ("pair", "pair", ()), ("probe", "probe", ("pair",)), ("probe with pair", "probe", ())]


@lru_cache(maxsize=None)
def _ladder(scale):
    return M.ladder_tables(SPEC, {_x(n): [p for p, _ in bank(n, scale)] for n in (8, 12)},
                           LADDER_COLUMNS, max_nodes=500_000)


def _ablation(scale):
    s = M.Summary("rule set")
    bs = [p for p, _ in bank(8, scale) + bank(12, scale)]
    for row, rule in (("nothing removed", "heteromino"), ("no same-shape rule", "packing"),
                      ("rotations merged (LITS)", "lits")):
        c = [ladder_count(SPEC, p.with_rule(rule), 2, "hetero", 500_000) for p in bs]
        s.exact(row, "stop being unique", sum(r.count != 1 for r in c))
        s.exact(row, "left with no answer", sum(r.count == 0 and r.complete for r in c))
        s.given(row, "capped (ours)", sum(r.capped and r.count < 2 for r in c))
    return s.frame()


def shape_shares(counts) -> list:
    """Shares (%) of the six shapes and of bars, from per-shape totals."""
    c = np.asarray(counts, dtype=float)
    t = max(c.sum(), 1.0)
    return [round(100 * x / t, 1) for x in c] + [round(100 * (c[0] + c[1]) / t, 1)]


def _shapes_bank(scale):
    sh = np.concatenate([a.shapes() for _, a in bank(8, scale) + bank(12, scale)])
    return frame([shape_shares(np.bincount(sh, minlength=6))], ["shipped answers"],
                 A_SHAPES.columns, "tilings")


def _shapes_blank(scale):
    shares = [shape_shares(brute.tilings(Puzzle.make(h, w)).shapes) for h, w in ((6, 6), (2, 12))]
    return frame(shares, A_BLANK.index, A_SHAPES.columns, "tilings")


def _moves(scale):
    s = M.Summary("board")
    for n in (8, 12):
        per, out = sample(f"moves {n}", scale), []
        for j, (p, _) in enumerate(bank(n, scale)):
            rng = M.rng_for("heteromino", "moves", n, j)
            for _ in range(per):
                b = p.black.copy()
                b[rng.choice(np.flatnonzero(b))] = False
                b[rng.choice(np.flatnonzero(~p.black))] = True
                out.append(count2(p.with_black(b)))
        s.given(_x(n), "single-clue moves tried", len(out))
        s.share(_x(n), "still exactly one answer %", [None if c is None else c == 1 for c in out])
        s.share(_x(n), "no answer at all %", [None if c is None else c == 0 for c in out])
    return s.frame()


LEDGER_CELLS = list(census.LEDGER) + list(census.LOWER_BOUNDS)


def _ledger(scale):
    area = sample("ledger area", scale)
    cells = [hw for hw in LEDGER_CELLS if hw[0] * hw[1] <= area]
    return frame([[census.blank_count(h, n)[0]] for h, n in cells],
                 [f"{h}×{n}" for h, n in cells], ["tilings"], "board")


def ledger_grid(df) -> pd.DataFrame:
    """A ledger frame in the article's grid layout (see :func:`census.ledger_grid`)."""
    return census.ledger_grid(dict(df["tilings"].items()))


# ------------------------------------------------------------ the article's figures
_N = np.nan
A_WALL = frame([[72, 90.3, 263, 1968, 3, 11]], ["shipped boards"], ["boards", "with a pair %",
               "pairs", "pieces", "median per board", "max per board"], "bank")
A_CENSUS = frame([[220, 37.3, 20.0, 42.7], [924, 79.7, 1.6, 18.7], [455, 34.3, 42.9, 22.9],
                  [816, 28.2, 54.2, 17.6], [48620, 91.8, 1.1, 7.1], [190, 2.1, 90.5, 7.4],
                  [15504, 57.9, 20.0, 22.1], [134596, 65.6, 18.8, 15.6],
                  [1307504, 89.5, 3.3, 7.2], [4060, 4.6, 93.5, 1.9], [593775, 48.2, 40.1, 11.7],
                  [7140, 2.6, 97.0, 0.3], [1947792, 33.7, 58.7, 7.6]],
                 ["3×4, k=3", "3×4, k=6", "3×5, k=3", "3×6, k=3", "3×6, k=9", "4×5, k=2",
                  "4×5, k=5", "4×6, k=6", "4×6, k=9", "5×6, k=3", "5×6, k=6", "6×6, k=3",
                  "6×6, k=6"], ["clue sets", "no answer %", "many answers %", "exactly one %"],
                 "board")
FEWEST_BOARDS = ((3, 4), (3, 5), (4, 4), (3, 6), (4, 5), (4, 6), (5, 5), (5, 6), (6, 6))
A_FEWEST = frame([[12, 3, 25.0], [15, 3, 20.0], [16, 4, 25.0], [18, 3, 16.7], [20, 2, 10.0],
                  [24, 3, 12.5], [25, 4, 16.0], [30, 3, 10.0], [36, 3, 8.3]],
                 [f"{h}×{w}" for h, w in FEWEST_BOARDS], ["cells", "sparsest unique clue set",
                 "density %"], "board")
A_RANDOM = frame([[4000, 9, 8.1], [1500, 13, 1.5], [600, 22, 0.7], [300, "—", 0.0]],
                 ["6×6", "8×8", "10×10", "12×12"],
                 ["samples per clue count", "best clue count", "unique rate there %"], "board")
A_WALKER = frame([[3, 8.3], [7, 10.9], [13, 13.0], [24, 16.7]], ["6×6", "8×8", "10×10", "12×12"],
                 ["sparsest clue set reached", "density %"], "board")
A_BRANCH = frame([[7046, 6547, 6537, 0], [103060, 78098, 77459, 39]], ["8×8", "12×12"],
                 list(NAMES), "bank")
A_REACH = frame([[2.1, 2.1, 2.1, 100.0], [3.9, 3.9, 4.2, 88.1]], ["8×8", "12×12"],
                [f"{lv} %" for lv in NAMES], "bank")
CANDIDATES = 9.5        # the article's mean starting candidates per open cell
A_ABL = frame([[0, 0], [72, 0], [72, 72]], ["nothing removed", "no same-shape rule",
              "rotations merged (LITS)"], ["stop being unique", "left with no answer"], "rule set")
A_SHAPES = frame([[16.1, 15.5, 16.5, 16.5, 17.7, 17.7, 31.6]], ["shipped answers"],
                 ["I— %", "I| %", "┌ %", "┐ %", "└ %", "┘ %", "bars %"], "tilings")
A_BLANK = frame([[14.9, 14.9, 17.5, 17.5, 17.5, 17.5, 29.9],
                 [0.0, 0.0, 25.0, 25.0, 25.0, 25.0, 0.0]],
                ["every tiling of a blank 6×6", "every tiling of a blank 2×12"],
                list(A_SHAPES.columns), "tilings")
A_MOVES = frame([[1440, 6.2, 30.8], [3888, 3.4, 41.0]], ["8×8", "12×12"],
                ["single-clue moves tried", "still exactly one answer %", "no answer at all %"],
                "board")
A_LEDGER = frame([[census.LEDGER.get(hw, _N)] for hw in LEDGER_CELLS],
                 [f"{h}×{n}" for h, n in LEDGER_CELLS], ["tilings"], "board")
_S = ("The clue is not a written thing", "1. The blank board", "2. Two rows",
      "3. Clue space", "4. A setter cannot scatter clues", "5. The ladder",
      "6. Dropping each half of the rule", "7. Two things I expected")
_T = [  # id, section, title, kind, article, compute, n, given, expect, note
    ("wall_job", _S[0], "Same-shape pieces facing across one black cell", "bank", A_WALL, _wall,
     None, ("boards", "pieces"), "match", "Pieces are ours by construction: the bank's black "
     "count per size was read off the article's piece total."),
    ("census", _S[3], "Every black-cell set of size k, by answer count", "exact", A_CENSUS,
     _census_table, None, (), "match", "Rows beyond the article's excerpt are every other k we "
     "computed; smaller scales skip the largest sets."),
    ("fewest", _S[3], "Fewest black cells giving a unique board", "exact", A_FEWEST, _fewest,
     None, (), "match", "From the exhaustive census."),
    ("random", _S[4], "Random placements: unique rate at the article's best k", "sampled",
     A_RANDOM, _random, {"6×6": 4000, "8×8": 1500, "10×10": 600, "12×12": 5100},
     ("samples per clue count", "best clue count"), "match",
     "Ours is compared at the article's best k (12×12: pooled over all 17 legal k); our own "
     "best k and peak rate are shown, not compared."),
    ("walker", _S[4], "Sparsest clue set the walker reaches in a fixed budget", "sampled",
     A_WALKER, _walker, None, (), "differs", f"Our budget: {WALK_BUDGET} per clue count, "
     "descending by 3 from a fifth of the board.  A budget bound, not a property of the puzzle."),
    ("branch", _S[5], "Branch points per rung, summed over the bank", "bank", A_BRANCH,
     lambda sc: _ladder(sc)["branch"], None, (), "match", "Our bank and our search order."),
    ("reach", _S[5], "Cells proved before any guess (%)", "bank", A_REACH,
     lambda sc: _ladder(sc)["reach"], None, (), "close", "Mean over the bank's boards; below "
     "probe our 8×8 boards settle more than our 12×12 ones, the article's the other way."),
    ("ablation", _S[6], "Rule ablation on the bank", "bank", A_ABL, _ablation, None,
     ("capped (ours)",), "match", "Counted by the ladder search under each rule set."),
    ("shapes_bank", _S[7], "Shape shares in the shipped answers", "bank", A_SHAPES, _shapes_bank,
     None, (), "match", "Compared as a shape: zeros and ordering."),
    ("shapes_blank", _S[7], "Shape shares over every tiling of a blank board", "exact", A_BLANK,
     _shapes_blank, None, (), "match", "Exhaustive."),
    ("moves", _S[7], "One black cell moved to a random white cell", "sampled", A_MOVES, _moves,
     {"8×8": 1440, "12×12": 3888}, ("single-clue moves tried",), "match",
     "Moves drawn per bank board, seeded."),
    ("ledger", _S[1], "Tilings of a blank h×n board", "exact", A_LEDGER, _ledger, None, (),
     "match", "The article's 6×12 and 7×12 cells are lower bounds (blank here, not compared; "
     "see the bounds claim); smaller scales count boards up to a smaller area."),
]
TABLES = [Table(i, sec, title, kind, art, fn, n_article=n, note=note, source=SOURCE, given=g,
                expect=exp) for i, sec, title, kind, art, fn, n, g, exp, note in _T]


# ------------------------------------------------------------ claims
def _verdict(cid, scale):
    def ours(tid):
        """Our frame for table ``tid`` at this scale."""
        return ARTICLE.measure(tid, scale)

    if cid == "strip":
        return (got := census.strips_that_tile(15)) == [3], f"1×n tiles for n in {got} (n ≤ 15)"
    if cid == "two_rows":
        ok, cs = census.two_row_identity(9)
        return ok, f"2×3m counts {cs}; no bar, no crossing piece"
    if cid == "rule_off":
        t = brute.tilings(Puzzle.make(2, 6), rule="packing")
        return t.count > 4 and t.shapes[0] > 0, f"{t.count} packings of a 2×6, {t.shapes[0]} bars"
    if cid == "bounds":
        led = ours("ledger")
        done = {hw: int(led.at[f"{hw[0]}×{hw[1]}", "tilings"]) for hw in census.LOWER_BOUNDS
                if f"{hw[0]}×{hw[1]}" in led.index}
        return (None if not done else all(v >= census.LOWER_BOUNDS[hw] for hw, v in done.items()),
                f"ours {done or 'not computed at this scale'} vs bounds {census.LOWER_BOUNDS}")
    if cid == "cliff":
        r = ours("reach")
        gap = (r["probe %"] - r["hetero %"]).min()
        return gap > 50, f"probe decides {gap:.1f} points more than hetero (least over sizes)"
    if cid == "candidates":
        ps = [p for p, _ in bank(8, scale) + bank(12, scale)]
        c = float(np.mean([initial_state(p).bits.size / p.white_count for p in ps]))
        return abs(c - CANDIDATES) < 1, (f"ours {c:.2f} candidates per open cell, "
                                         f"article {CANDIDATES}")
    if cid == "lits":
        a = ours("ablation").loc["rotations merged (LITS)"]
        return a["left with no answer"] == a["stop being unique"], (
            f"{a['left with no answer']} boards without an answer under LITS")
    c = ours("census")
    few, many = c["many answers %"], c["no answer %"]
    rows = [r for r in c.index if r.startswith("3×4")]
    return (few[rows[0]] > few[rows[-2]] and many[rows[-2]] > many[rows[0]],
            f"3×4: many {few[rows[0]]}% → {few[rows[-2]]}%, "
            f"none {many[rows[0]]}% → {many[rows[-2]]}%")


_C = [("strip", _S[1], "a 1×n strip tiles only at n = 3", 1),
      ("two_rows", _S[2], "a blank 2×3m board has 2^m tilings, all of 2×3 blocks of two Ls", 1),
      ("rule_off", _S[2], "without the same-shape rule a 2×6 has more tilings, bars included", 1),
      ("bounds", _S[1], "the article's starred cells are lower bounds of the exact counts", 0),
      ("flip", _S[3], "few black cells fail by many answers, many by none", 0),
      ("cliff", _S[5], "nothing below probe settles much; probe settles nearly all", 0),
      ("candidates", _S[5], "an open cell starts with about 9.5 candidate pieces", 0),
      ("lits", _S[6], "merging rotations leaves the bank's boards with no answer", 0)]
ARTICLE = Article("heteromino", SOURCE, TABLES, [
    Claim(cid, sec, text, lambda scale, cid=cid: _verdict(cid, scale), bool(thm))
    for cid, sec, text, thm in _C])
