"""The tables of the Statue Park article (puzzle #50 of a solver series), quoted,
beside ours, on prefix-stable streams: random bags of tetrominoes and pentominoes,
answers dropped piece by piece, circles bought greedily and minimised."""
from __future__ import annotations

import dataclasses

import numpy as np

from ..core import measure
from ..core.tables import Article, frame
from . import SPEC, brute, census, figures
from .certify import moved_bucket, peel
from .generate import (
    PENTOMINOES,
    TETROMINOES,
    buy,
    buy_grade,
    circle_prefixes,
    minimise,
    random_answer,
    random_bag,
)
from .ladder import LADDER_NO_COUNT, NAMES, search_without
from .model import NAMED, Puzzle, labelled_factor

__all__ = ["ARTICLE", "SOURCE", "boards", "minimal", "solve_min", "sample", "NON_RULE_BAGS",
           "PARK_ROWS", "cells_decided", "park_bags", "engine_boards", "prefixes"]

SOURCE = figures.SOURCE
ARTICLE = Article("statue_park", SOURCE)
(NON_RULE, ALPHABETS, PRICE, RUNGS, AMBIGUITY, PARK, GENERATOR,
 SOUNDNESS) = figures.SECTIONS
SAMPLES = {  # boards per row: smoke, book, article
    "6": (3, 8, 40), "8": (2, 4, 24), "bags": (3, 6, 30), "engines": (6, 16, 80)}
NON_RULE_BAGS = {  # our reading: the article names no shapes
    "2× the same tetromino": [NAMED["I4"]] * 2, "3× the same tetromino": [NAMED["I4"]] * 3,
    "one A + two B": [NAMED["I4"], NAMED["L4"], NAMED["L4"]]}
PARK_ROWS = {"6x6 2x size4/5": (6, 2, TETROMINOES + PENTOMINOES),
             "6x6 3x size4": (6, 3, TETROMINOES),
             "6x6 3x size5": (6, 3, PENTOMINOES), "7x7 3x size5": (7, 3, PENTOMINOES)}
SPEC_NO_COUNT = dataclasses.replace(SPEC, ladder=LADDER_NO_COUNT)
_x = "{0}x{0}".format


def _circles(p):
    """How many circles a board prints."""
    return len(p.black) + len(p.white)


def sample(what: str, scale=None) -> int:
    """Boards per row of a measurement at ``scale`` (see ``SAMPLES``)."""
    return measure.sample_size(SAMPLES, what, scale)


def _stream(key, draw):
    """The stream of boards ``draw`` makes, stored under ``key``."""
    return measure.stream(("statue_park",) + key, draw, " ".join(map(str, key)))


def boards(n):
    """n x n boards: ``(blank puzzle, answer mask)``, the answer dropped first."""
    def draw(i, rng):
        while True:
            bag = random_bag(n, n, rng)
            ans = random_answer(n, n, bag, rng)
            if ans is not None:
                return Puzzle.make(n, n, bag), ans
    return _stream(("board", n), draw)


def minimal(n, alphabet="mixed"):
    """Board ``i`` of :func:`boards` with circles bought in ``alphabet`` and minimised."""
    def draw(i, rng):
        p, ans = boards(n).item(i)
        return p.with_circles(*minimise(p, ans, *buy(p, ans, alphabet, rng), rng))
    return _stream(("minimal", n, alphabet), draw)


def solve_min(n):
    """The minimal mixed board with circles added until probe finishes, minimised for probe."""
    def draw(i, rng):
        p, ans = boards(n).item(i)
        return p.with_circles(*buy_grade(minimal(n).item(i), ans, "probe", rng))
    return _stream(("solvemin", n), draw)


def cells_decided(p, level, spec=SPEC, without=()) -> int:
    """Cells the fixpoint at ``level`` decides."""
    b = measure.fix(spec, p, level, without).bits[:2 * p.n].reshape(-1, 2)
    return int((b.sum(axis=1) == 1).sum())


# ------------------------------------------------------------ helpers of the tables
def park_bags(row):
    """The stream of empty boards (random bags, no circles) of a park-table row."""
    n, k, pool = PARK_ROWS[row]
    return _stream(("parkbag", row), lambda i, rng: Puzzle.make(
        n, n, random_bag(n, n, rng, k, pool)))


def engine_boards(scale):
    """6x6 clue sets for the engine comparison: the minimal mixed boards and
    their prefixes (every other circle), so counts of 0, 1 and many occur."""
    out = []
    k = sample("engines", scale)
    for i in range(k):
        p = minimal(6).item(i % sample("6", "article"))
        cs = sorted(p.black) + sorted(p.white)
        keep = cs[: (i // 2) % (len(cs) + 1)] if i % 2 else cs
        out.append(p.with_circles({c for c in keep if c in p.black},
                                  {c for c in keep if c in p.white}))
    return out


def prefixes(n, scale):
    """Every prefix of every minimal mixed board's circles, in a random order per board."""
    return [q for i, p in enumerate(minimal(n).take(sample(str(n), scale)))
            for q in circle_prefixes(p, measure.rng_for("statue_park", "prefix", n, i))]


VARIANTS = figures.VARIANTS
SEARCH_CAP = 2_000      # nodes per ablated uniqueness search (probe at every node is dear)


def _variant(name):
    """The spec and the rungs left out for an ablation variant."""
    if name == "−count":
        return SPEC_NO_COUNT, ()
    return SPEC, () if name == "full" else (name[1:],)


# ------------------------------------------------------------ tables, by article section
@ARTICLE.table("non_rule", printed=figures.NON_RULE, section=NON_RULE,
               title="Shadings against labelled answers, 5x5, park on, no circles",
               kind="given", kinds={"labelled": "derived", "ratio": "derived"}, expect="shown",
               note="The article names no shapes, so ours were found by search to give its "
                    "shadings: the I-tetromino gives 48 and 16, I + two L-tetrominoes 152 "
                    "(U-pentomino + two I-trominoes too).  The shadings are therefore given, "
                    "and the labelled counts follow from them by the factorial identity "
                    "(derived; the claim 'factorial' checks the identity).")
def non_rule(scale):
    """Shadings (cells-first engine) and labelled answers (placement-first
    engine) of the three bags on an empty 5x5 board."""
    rows = []
    for bag in NON_RULE_BAGS.values():
        p = Puzzle.make(5, 5, bag)
        shadings = brute.cells_count(p, 10**9).count
        labelled = brute.count_solutions(p, 10**9, labelled=True).count
        rows.append([shadings, labelled, labelled // shadings if shadings else 0])
    return frame(rows, list(NON_RULE_BAGS), ["shadings", "labelled", "ratio"], "bag")


@ARTICLE.table("price", printed=figures.PRICE, section=PRICE,
               title="Minimal circle sets per alphabet",
               kinds={"n": "given", "shaded share of board %": "given"}, expect="match",
               note="Our bags are random tetrominoes and pentominoes, as many as cover about "
                    "35% of the board (the article's boards are 35-36% shaded): the shaded "
                    "share follows from that setting of ours, so it is given.  The article "
                    "does not say how its bags are drawn.")
def price(scale):
    """Circles in the minimal mixed, black-only and white-only sets of the
    same boards, and what the mixed sets hold."""
    s = measure.Summary("size")
    for n in (6, 8):
        k = sample(str(n), scale)
        mixed = minimal(n).take(k)
        s.given(_x(n), "n", k)
        s.mean(_x(n), "mixed", [_circles(p) for p in mixed])
        s.mean(_x(n), "black-only", [_circles(p) for p in minimal(n, "black").take(k)])
        s.mean(_x(n), "white-only", [_circles(p) for p in minimal(n, "white").take(k)])
        s.mean(_x(n), "black share of mixed %", [100 * len(p.black) / max(_circles(p), 1)
                                                 for p in mixed])
        s.mean(_x(n), "shaded share of board %", [100 * p.area / p.n for p in mixed])
    return s.frame()


@ARTICLE.table("reach", printed=figures.REACH, section=RUNGS,
               title="Cells decided per rung on minimal unique boards", expect="match",
               note="Share of cells decided by each level's fixpoint (mean per board), and the "
                    "share of boards each level finishes (the article prints how many of its "
                    "boards).")
def reach(scale):
    """Per level: the cells its fixpoint decides and the boards it finishes."""
    s = measure.Summary("size")
    for n in (6, 8):
        ps = minimal(n).take(sample(str(n), scale))
        s.given(_x(n), "n", len(ps))
        for lv in NAMES:
            s.mean(_x(n), lv + " %", [100 * cells_decided(p, lv) / p.n for p in ps])
        for lv in NAMES:
            s.share(_x(n), f"{lv} finishes %", [measure.fix(SPEC, p, lv).finished for p in ps])
    return s.frame()


@ARTICLE.table("solve_min", printed=figures.SOLVE_MIN, section=RUNGS,
               title="Circles for uniqueness against circles for a search-free solve",
               kinds={"ratio": "derived"}, expect="match",
               note="solve-min: circles added until probe finishes, then minimised for probe.  "
                    "The ratio is the ratio of the two means: derived.")
def solve_min_table(scale):
    """Circles of the minimal boards, and of the same boards bought up to a probe finish."""
    s = measure.Summary("size")
    for n in (6, 8):
        k = sample(str(n), scale)
        unique_min = [_circles(p) for p in minimal(n).take(k)]
        search_free = [_circles(p) for p in solve_min(n).take(k)]
        s.mean(_x(n), "unique-min", unique_min)
        s.mean(_x(n), "solve-min", search_free)
        s.given(_x(n), "ratio", round(float(np.mean(search_free) / np.mean(unique_min)), 2))
    return s.frame()


@ARTICLE.table("ablation", printed=figures.ABLATION, section=RUNGS,
               title="Full probe ladder minus one rung, on boards it finishes",
               cells={(f"{size} full", col): "derived" for size in ("6x6", "8x8")
                      for col in ("fixpoint bits", "boards moved", "search assumptions")},
               expect="differs",
               note="The article prints totals over its boards (40 at 6x6, 24 at 8x8): ours "
                    "are our mean per board times that number, with the error that carries.  "
                    "On boards probe finishes the full ladder decides every cell, moves no "
                    "board (it is the yardstick) and never branches: derived.  −count is our "
                    "reading: the head count inside clue switched off.  Our searches stop at "
                    "2,000 nodes (counted apart).")
def ablation(scale):
    """Each rung removed in turn from the probe ladder, on the minimal boards
    probe finishes: bits decided, boards whose fixpoint moved, and the work."""
    s = measure.Summary("variant")
    for n in (6, 8):
        ps = [p for p in minimal(n).take(sample(str(n), scale))
              if measure.fix(SPEC, p, "probe").finished]
        for name in VARIANTS:
            key = f"{_x(n)} {name}"
            per = figures.ABLATION.n[key]      # the article's boards: it prints sums
            spec, without = _variant(name)
            fixed = [measure.fix(spec, p, "probe", without) for p in ps]
            searched = [search_without(spec, p, without, SEARCH_CAP) for p in ps]
            s.mean(key, "fixpoint bits",
                   [per * cells_decided(p, "probe", spec, without) for p in ps], 0)
            s.share(key, "boards moved", [not np.array_equal(f.bits, measure.fix(SPEC, p,
                                                                                 "probe").bits)
                                          for f, p in zip(fixed, ps)])
            s.mean(key, "probe assumptions", [per * f.counters.get("probes", 0)
                                              for f in fixed], 0)
            s.mean(key, "search assumptions", [per * b for b, _ in searched], 0)
            s.given(key, "searches capped (ours)", sum(c for _, c in searched))
    return s.frame()


@ARTICLE.table("ambiguity", printed=figures.AMBIGUITY, section=AMBIGUITY,
               title="Peel one circle: pieces the second answer moves",
               kinds={"ambiguous": "given"}, expect="match",
               note="One random circle removed from a minimal board (any removal makes it "
                    "ambiguous); the ambiguous boards are the sample.")
def ambiguity(scale):
    """Of the boards one circle short of minimal, how many pieces the second answer moves."""
    s = measure.Summary("size")
    for n in (6, 8):
        moved = [peel(p, boards(n).item(i)[1], measure.rng_for("statue_park", "peel", n, i))
                 for i, p in enumerate(minimal(n).take(sample(str(n), scale)))]
        moved = [k for k in moved if k is not None]
        s.given(_x(n), "ambiguous", len(moved))
        for col, bucket in (("one piece moved %", "1"), ("two %", "2"),
                            ("three or more %", ">=3")):
            s.share(_x(n), col, [moved_bucket(k) == bucket for k in moved])
        s.mean(_x(n), "avg pieces moved", moved, 2)
    return s.frame()


@ARTICLE.table("park", printed=figures.PARK, section=PARK,
               title="Answers with and without the park rule, random bags, no circles",
               kinds={"boards": "given", "killed %": "derived"},
               log=("with park", "without park"), expect="differs",
               note="The article prints answers summed over its 30 bags: ours are our mean per "
                    "bag times 30.  The share killed is 1 − with / without of the two sums on "
                    "both sides: derived.  Our empty boards hold 10-100x more answers per bag "
                    "than the article's sums imply, with and without the park rule alike: its "
                    "boards must be constrained in a way it does not say.  The answers per bag "
                    "spread over orders of magnitude, so the sums are compared on a log scale "
                    "(the gap a ratio).")
def park(scale):
    """Answers of random empty bags with and without the park rule."""
    s = measure.Summary("config")
    for row in PARK_ROWS:
        with_park, without_park = zip(*[census.park_counts(p) for p in park_bags(row).take(
            sample("bags", scale))])
        per = figures.PARK.n[row]      # the article's bags: it prints sums
        s.given(row, "boards", len(with_park))
        s.mean(row, "with park", [per * k for k in with_park], 0)
        s.mean(row, "without park", [per * k for k in without_park], 0)
        s.given(row, "killed %", round(100 * (1 - sum(with_park) / sum(without_park)), 1))
        s.mean(row, "killed, mean over bags % (ours)",
               [100 * (1 - a / b) for a, b in zip(with_park, without_park) if b])
    return s.frame()


@ARTICLE.table("engines", printed=figures.ENGINES, section=SOUNDNESS,
               title="Three engines and the ladder levels on 6x6 clue sets", kind="exact",
               kinds={"clue sets": "given"}, expect="match",
               note="Placement-first, cells-first and CP-SAT against the ladder search (white "
                    "and probe levels), counts up to 50; capped runs are left out and counted.")
def engines(scale):
    """Clue sets on which the engines disagree, and whether the count changes
    between the ladder's levels."""
    s, ps = measure.Summary("engines"), engine_boards(scale)
    runs = [census.three_engines(SPEC, p) for p in ps]
    row = "6x6 clue sets"
    changed = sum(same is False for _, same in runs)
    s.given(row, "clue sets", len(ps))
    s.exact(row, "disagreements", sum(agree is False for agree, _ in runs))
    s.exact(row, "count across the rungs", "unchanged" if not changed else f"{changed} changed")
    s.given(row, "capped runs skipped (ours)", sum(agree is None for agree, _ in runs))
    return s.frame()


@ARTICLE.table("ledgers", printed=figures.LEDGERS, section=SOUNDNESS,
               title="Ledgers: monomino independent sets (A006506) and the strip", kind="exact",
               expect="match", note="Strip rows use m = 3, 4, 5; the tests cover every m.")
def ledgers(scale):
    """Answers of the monomino bags with the park rule off, and of the 1 x m strip."""
    return frame([[v] for v in census.ledger_rows()], census.LEDGER_ROWS, ["answers"], "ledger")


@ARTICLE.table("probe_unique", printed=figures.PROBE_UNIQUE, section=SOUNDNESS,
               title="probe finishes against unique, over clue prefixes",
               kinds={"prefixes": "given", "finished but not unique": "exact",
                      "agreement %": "derived"}, expect="match",
               note="Every prefix of each minimal board's circles in a random order.  "
                    "Agreement is 100% less the two kinds of gap: derived.")
def probe_unique(scale):
    """Over clue prefixes: boards probe finishes that are not unique, unique
    boards it leaves open, and the agreement."""
    s = measure.Summary("size")
    for n in (6, 8):
        df = measure.probe_unique(SPEC, prefixes(n, scale), search_level="white")
        decided = df[df["unique"].notna()]
        unique = decided["unique"].astype(bool)
        finished = decided["probe finishes"].astype(bool)
        s.given(_x(n), "prefixes", len(df))
        s.exact(_x(n), "finished but not unique", int((finished & ~unique).sum()))
        s.share(_x(n), "unique but not finished %", list(unique & ~finished))
        s.share(_x(n), "agreement %", list(unique == finished))
    return s.frame()


# ------------------------------------------------------------ claims
@ARTICLE.claim("factorial", text="labelled answers = shadings × ∏ mₜ!", section=NON_RULE,
               theorem=True, uses=("non_rule",))
def factorial(non_rule_frame):
    """Every bag's labelled count is its shading count times the factorials of its repeats."""
    wrong = [bag for bag, row in non_rule_frame.iterrows()
             if row["labelled"] != row["shadings"] * labelled_factor(NON_RULE_BAGS[bag])]
    return not wrong, ("labelled = shadings × ∏ m! on " + ", ".join(non_rule_frame.index)
                       if not wrong else "fails on " + ", ".join(wrong))


@ARTICLE.claim("alphabets", text="a black-only and a white-only circle set exist for every "
               "board", section=ALPHABETS, theorem=True)
def alphabets(scale, black=None, white=None):
    """The minimal black-only and white-only sets of the price table's 6x6
    boards (or the boards given) hold one alphabet each and leave one answer."""
    k = sample("6", scale)
    black = minimal(6, "black").take(k) if black is None else black
    white = minimal(6, "white").take(k) if white is None else white
    one_alphabet = (all(not p.white for p in black) and all(not p.black for p in white))
    unique = one_alphabet and all(brute.count_solutions(p, 2).count == 1
                                  for p in [*black, *white])
    return unique, (f"{len(black)} black-only and {len(white)} white-only sets: "
                    + ("each one alphabet, each unique" if unique else "not all hold"))


def _paired_gap(price_frame, size):
    """White-only less black-only circles on the same boards: the mean and its error."""
    values = price_frame.attrs["values"]
    gaps = np.subtract(values[(size, "white-only")], values[(size, "black-only")])
    error = gaps.std(ddof=1) / np.sqrt(len(gaps)) if len(gaps) > 1 else float("inf")
    return float(gaps.mean()), float(error)


@ARTICLE.claim("black_cheaper", text="black-only sets are smaller than white-only ones",
               section=PRICE, uses=("price",), smoke_undecided=True)
def black_cheaper(price_frame):
    """At every size white-only sets hold more circles than black-only sets of
    the same boards, by more than twice the error of the paired difference."""
    gaps = {size: _paired_gap(price_frame, size) for size in price_frame.index}
    holds = all(gap > 2 * error for gap, error in gaps.values())
    return holds, "white-only − black-only: " + "; ".join(
        f"{size} {gap:+.1f} ± {error:.1f}" for size, (gap, error) in gaps.items())


@ARTICLE.claim("park_tight", text="the park rule kills more with bigger pieces and on a tighter "
               "board", section=PARK, uses=("park",), smoke_undecided=True)
def park_tight(park_frame):
    """Three pentominoes lose a larger share per bag than three tetrominoes on
    6x6, and than the same pentominoes on 7x7, each beyond twice the error."""
    values = park_frame.attrs["values"]
    column = "killed, mean over bags % (ours)"
    pairs = (("6x6 3x size5", "6x6 3x size4"), ("6x6 3x size5", "7x7 3x size5"))
    found = []
    for more, less in pairs:
        a, b = np.asarray(values[(more, column)]), np.asarray(values[(less, column)])
        error = np.sqrt(a.var(ddof=1) / len(a) + b.var(ddof=1) / len(b))
        found.append((more, less, a.mean() - b.mean(), error))
    return (all(gap > 2 * error for *_, gap, error in found),
            "; ".join(f"{more} − {less}: {gap:+.1f} ± {error:.1f} points"
                      for more, less, gap, error in found))


@ARTICLE.claim("probe_sound", text="probe never finishes a board that is not unique",
               section=SOUNDNESS, theorem=True, uses=("probe_unique",))
def probe_sound(probe_frame):
    """No prefix probe finishes has a second answer."""
    wrong = probe_frame["finished but not unique"]
    return bool((wrong == 0).all()), f"finished but not unique: {wrong.tolist()}"


@ARTICLE.claim("probe_gap", text="the other direction happens: some unique boards probe "
               "leaves open", section=SOUNDNESS, uses=("probe_unique",), smoke_undecided=True)
def probe_gap(probe_frame):
    """Some unique prefix is left open by probe at some size."""
    gaps = probe_frame["unique but not finished %"]
    return bool((gaps > 0).any()), "unique but not finished: " + ", ".join(
        f"{size} {value}%" for size, value in gaps.items())


@ARTICLE.claim("engines_agree", text="three engines agree, at every ladder level",
               section=SOUNDNESS, theorem=True, uses=("engines",))
def engines_agree(engines_frame):
    """No clue set on which the engines disagree, and no level changes the
    count; no clue set compared is no verdict."""
    row = engines_frame.iloc[0]
    if not row["clue sets"]:
        return None, "no clue sets compared"
    holds = bool(row["disagreements"] == 0 and row["count across the rungs"] == "unchanged")
    return holds, (f"{row['disagreements']} disagreements over {row['clue sets']} clue sets; "
                   f"the count across the rungs: {row['count across the rungs']}")


@ARTICLE.claim("ledgers", text="the monomino ledger is A006506 and the strip is 1, 2, 1, 0",
               section=SOUNDNESS, theorem=True, uses=("ledgers",))
def ledgers_claim(ledgers_frame):
    """Every ledger row equals the article's figure."""
    printed = figures.LEDGERS.frame()["answers"]
    wrong = [row for row in printed.index if ledgers_frame.loc[row, "answers"] != printed[row]]
    return not wrong, "A006506 and the strip" + (f"; wrong: {wrong}" if wrong else "")
