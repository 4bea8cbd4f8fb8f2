"""The tables of "Choco Banana in the browser with five rule sets inside" (puzzle
#52 of a solver series, SEN LLC): its figures, quoted, beside ours.  The tables
about rungs and rules run on our own bank (``banks/choco_banana.json``), beside
the article's figures on its own bank; the arithmetic, the ties and the ledgers
are exact."""
from __future__ import annotations

from functools import lru_cache

import numpy as np
import pandas as pd

from ..core import banks, measure, scales
from ..core.measure import Summary
from ..core.tables import Article, frame
from . import SPEC, census, figures
from .brute import by_mask
from .generate import DIALECTS, buy, count, forcing, guess_free, minimise, random_small
from .ladder import LADDER, initial_state
from .model import Answer, Puzzle, banana_areas, bar_areas

__all__ = ["ARTICLE", "SOURCE", "bank", "guess_free_bank", "attribution", "reach",
           "rung_ablation", "rule_ablation", "number_says", "self_naming", "bank_clues", "ties",
           "dialects", "prefixes", "minimality", "ledgers", "engines"]

SOURCE = figures.SOURCE
ARTICLE = Article("choco_banana", SOURCE)
(_, DIRECTIONS, FACTORISATION, PIN_DOWN, DIALECT_SECTION, PROBE_SECTION, LEDGER_SECTION,
 ENGINE_SECTION, _, GENERATION, _) = figures.SECTIONS
RUNGS = LADDER.names
LEVELS = [measure.level_label(LADDER, i) for i in range(len(RUNGS))]
SIZES = ("6x6", "8x8")
ANSWERS = 100               # answer counts in the rule ablation and minimality stop here
RULE_COLS = ["full rules", "without \"banana ≠ rectangle\"", "without \"chocolate = rectangle\"",
             "median answers without \"banana ≠ rectangle\""]
DIALECT_COLS = {"free": ("unrestricted", "price unrestricted (median)"),
                "forcing": ("forcing only", "price forcing (median)"),
                "silent": ("silent only", "price silent (median)")}
BOTH_SIZES = "6x6 and 8x8"
BANK_NOTE = ("Our bank is our own (38 + 30 boards from our generator, not the article's), "
             "measured beside the article's figures on its bank; the shape line says whether "
             "the zeros and the order of the rows agree.")
FREE_NOTE = (" On guess-free clue sets, as the article's: each bank answer's size map cut to "
             "the numbers probe needs to finish (the generator's second minimisation).")


def _n(scale, smoke, book, article):
    return scales.pick(scale, smoke=smoke, book=book, article=article)


def bank(size: str, scale) -> list:
    """The first bank boards of a size (all of them at book scale), as (puzzle, answer)."""
    es = [e for e in banks.load("choco_banana") if f"{e['size'][0]}x{e['size'][1]}" == size]
    return [(Puzzle.from_json(e["clues"]), Answer.from_json(e["answer"]))
            for e in es[:_n(scale, 4, len(es), len(es))]]


def _puzzles(items):
    return [p for p, _ in items]


@lru_cache(maxsize=None)
def guess_free_bank(size: str, scale) -> tuple:
    """The bank's answers with the generator's second minimisation (:func:`~.generate.guess_free`),
    as the article's shipped boards were minimised: the tables about rungs use these."""
    return tuple(guess_free(p.h, p.w, a.shaded, measure.rng_for("cb", size, i))
                 for i, (p, a) in enumerate(bank(size, scale)))






# ------------------------------------------------------------------ the two directions
def _written(p):
    """Bits removed per rung by the full fixpoint (attribution)."""
    r = LADDER.fixpoint(initial_state(p), "probe")
    return np.bincount(r.attribution[r.attribution >= 0], minlength=len(RUNGS))


@ARTICLE.table("attribution", printed=figures.ATTRIBUTION, section=DIRECTIONS,
               title="Attribution of every written cell, per rung", kinds={"boards": "given"},
               shape=True, expect="differs",
               note=BANK_NOTE + FREE_NOTE + " A cell written = a bit removed; each share is "
                    "pooled over the boards (its error by the delta method).  Our `rect` writes "
                    "(almost) nothing: our `size` boxes a numbered bar in first.  The number "
                    "of boards is given: our bank was built to the article's sizes.")
def attribution(scale) -> pd.DataFrame:
    """Share of every written cell, per rung that wrote it (guess-free sets)."""
    s = Summary("size")
    for size in SIZES:
        written = np.array([_written(p) for p in guess_free_bank(size, scale)])
        totals = written.sum(axis=1)
        for k, rung in enumerate(RUNGS):
            s.pooled(size, f"`{rung}`", written[:, k], totals)
        s.given(size, "boards", len(written))
    return s.frame()


@ARTICLE.table("reach", printed=figures.REACH, section=DIRECTIONS,
               title="Cumulative share of cells settled, 6×6 bank",
               cells={("6x6", "+probe"): "derived"}, shape=True, expect="differs",
               note=BANK_NOTE + FREE_NOTE + " probe settles every cell by how the guess-free "
                    "sets are made: derived.")
def reach(scale) -> pd.DataFrame:
    """Mean share of cells settled at each level (6x6, guess-free sets)."""
    r = measure.reach(SPEC, list(guess_free_bank("6x6", scale)))
    s = Summary("size")
    for rung, label in zip(RUNGS, LEVELS):
        s.mean("6x6", label, r.loc[r["level"] == rung, "decided %"])
    return s.frame()


@ARTICLE.table("rung-ablation", printed=figures.RUNG_ABLATION, section=DIRECTIONS,
               title="One rung removed from the full stack",
               cells={("all rungs", "settled %"): "derived",
                      ("all rungs", "finishes with no guessing %"): "derived"},
               shape=True, expect="differs",
               note=BANK_NOTE + FREE_NOTE + " The full ladder finishes them all by "
                    "construction: derived.  We show probe trials, not the article's search "
                    "guesses (its assumptions column is not ours to compare).  Last columns: "
                    "our bank as shipped (uniqueness-minimal).")
def rung_ablation(scale) -> pd.DataFrame:
    """The full ladder and each of value, rect, anti, size removed, on the
    guess-free sets (as the article's shipped boards are); beside it, how
    many of the bank's uniqueness-minimal boards each variant finishes."""
    drop = ["value", "rect", "anti", "size"]
    df = measure.ablation(SPEC, [p for s in SIZES for p in guess_free_bank(s, scale)], "probe",
                          drop)
    shipped = measure.ablation(SPEC, [p for s in SIZES for p in _puzzles(bank(s, scale))],
                               "probe", drop).groupby("variant", sort=False)["finished"].sum()
    s = Summary("variant")
    for variant, g in df.groupby("variant", sort=False):
        row = "all rungs" if variant == "full" else f"− `{variant[1:]}`"
        s.mean(row, "settled %", g["decided %"])
        s.share(row, "finishes with no guessing %", g["finished"].astype(bool))
        s.given(row, "probes (ours)", int(g["probes"].sum()))
        s.given(row, "finishes, uniqueness-minimal bank (ours)", int(shipped[variant]))
        s.given(row, "boards", len(g))
    return s.frame()


@ARTICLE.table("rule-ablation", printed=figures.RULE_ABLATION, section=DIRECTIONS,
               title="Boards still unique with a rule dropped", kinds={"full rules": "derived"},
               shape=True, expect="close",
               note=BANK_NOTE + " Every bank board is proved unique under the full rules before "
                    "it ships: derived.  Searches capped at 20,000 nodes count as not unique; "
                    "answer counts stop at 100 answers or 20,000 nodes (a lower bound then).")
def rule_ablation(scale) -> pd.DataFrame:
    """The share of boards still unique with a rule of the puzzle dropped;
    the median answer count without the banana rule (counts stop at
    ``ANSWERS``)."""
    s = Summary("size")
    for size in SIZES:
        puzzles, capped = _puzzles(bank(size, scale)), 0
        for drop, col in zip(((), ("banana",), ("rect",)), RULE_COLS):
            rs = [count(p.with_drop(drop), ANSWERS if drop == ("banana",) else 2, 20_000)
                  for p in puzzles]
            s.share(size, col, [r.unique is True for r in rs])
            capped += sum(r.unique is None for r in rs)
            if drop == ("banana",):
                s.median(size, RULE_COLS[-1], [r.count for r in rs])
        s.given(size, "capped (ours)", capped)
        s.given(size, "boards", len(puzzles))
    return s.frame()


# ------------------------------------------------------------------ a number is a factorisation
def _says(v, n):
    c, b = v in bar_areas(n, n), v in banana_areas(n, n)
    return "either" if c and b else ("chocolate" if c else ("banana" if b else "neither"))


@ARTICLE.table("number-says", printed=figures.NUMBER_SAYS, section=FACTORISATION,
               title="What a number alone says", kind="exact", expect="match")
def number_says(scale) -> pd.DataFrame:
    """What a number alone says about its colour on n x n boards."""
    rows = {"1, 2": (1, 2), "7": (7,), "11, 13": (11, 13), "14": (14,)}
    out = [["/".join(sorted({_says(v, n) for v in vs})) for n in (6, 8, 10)]
           for vs in rows.values()]
    return frame(out, list(rows), ["6×6", "8×8", "10×10"], "v")


@ARTICLE.table("self-naming", printed=figures.SELF_NAMING, section=FACTORISATION,
               title="Sizes that name their own colour", kind="exact",
               kinds={"sizes": "derived", "%": "derived"}, expect="match",
               note="The number of sizes is the board's area and the share follows from the "
                    "two counts: derived.")
def self_naming(scale) -> pd.DataFrame:
    """Sizes that name their own colour, per board size."""
    named = {n: sum(forcing(v, n, n) for v in range(1, n * n + 1)) for n in (6, 8, 10)}
    rows = [[k, n * n, round(100.0 * k / (n * n), 1)] for n, k in named.items()]
    return frame(rows, ["6×6", "8×8", "10×10"], ["self-naming", "sizes", "%"], "board")


@ARTICLE.table("bank-clues", printed=figures.BANK_CLUES, section=FACTORISATION,
               title="Self-naming clues on the 6×6 bank", shape=True, expect="differs",
               note=BANK_NOTE + " Counts are totals over the boards and the share is pooled "
                    "over them, each with its error from the spread between boards.")
def bank_clues(scale) -> pd.DataFrame:
    """The 6x6 bank's clues: how many name their colour, and why."""
    per_board = [[v for v in p.clues.values() if v > 0] for p in _puzzles(bank("6x6", scale))]
    clues = [len(c) for c in per_board]
    small = [sum(v <= 2 for v in c) for c in per_board]
    off = [sum(forcing(v, 6, 6) and v > 2 for v in c) for c in per_board]
    named = [a + b for a, b in zip(small, off)]
    s = Summary("size")
    s.total("6x6", "clues", clues)
    s.total("6x6", "self-naming", named)
    s.pooled("6x6", "%", named, clues)
    s.total("6x6", "1 or 2", small)
    s.total("6x6", "off the table", off)
    s.given("6x6", "boards", len(per_board))
    return s.frame()


TIE_ROWS = {"3×4": (3, 4), "3×5": (3, 5), "4×4": (4, 4), "4×5": (4, 5)}


@ARTICLE.table("ties", printed=figures.TIES, section=PIN_DOWN,
               title="Size-map ties, every legal grid", kind="exact", expect="match",
               note="The article prints each tied count with its share of the answers; the "
                    "count is compared.")
def ties(scale) -> pd.DataFrame:
    """Legal grids of clueless boards sharing their size map with another."""
    return frame(census.tie_rows(TIE_ROWS.values()), ["2×2 … 3×3"] + list(TIE_ROWS),
                 ["answers", "distinct size maps", "answers in a tied group", "biggest tie"],
                 "board")


# ------------------------------------------------------------------ dialects
@ARTICLE.table("dialects", printed=figures.DIALECTS, section=DIALECT_SECTION,
               title="Clue dialects on the 6×6 bank's answers",
               cells={("6x6", "unrestricted"): "derived"}, kinds={"boards": "given"},
               shape=True, expect="close",
               note=BANK_NOTE + " Every bank answer was pinned by unrestricted clues when it was "
                    "made: derived.  Rival searches are capped at 2,000 nodes (a capped rival "
                    "is answered by a random clue of the dialect).")
def dialects(scale) -> pd.DataFrame:
    """The 6x6 bank's answers re-clued in each dialect: the share pinned, and
    the median minimal clue set of those pinned."""
    items = bank("6x6", scale)[:_n(scale, 3, 20, 38)]
    s = Summary("size")
    prices = {}
    for k in DIALECTS:
        sizes = []
        for i, (p, a) in enumerate(items):
            rng = measure.rng_for("choco_banana", "dialect", k, i)
            c = buy(p.h, p.w, a.shaded, rng, k, 2_000)
            sizes.append(None if c is None else
                         len(minimise(Puzzle.make(p.h, p.w, c), rng, 2_000).clues))
        s.share("6x6", DIALECT_COLS[k][0], [x is not None for x in sizes])
        prices[k] = [x for x in sizes if x is not None]
    for k in DIALECTS:
        s.median("6x6", DIALECT_COLS[k][1], prices[k])
    s.given("6x6", "boards", len(items))
    return s.frame()


# ------------------------------------------------------------------ probe
def _prefixes(scale):
    out = []
    for size in SIZES:
        for i, (p, _) in enumerate(bank(size, scale)):
            order = measure.rng_for("choco_banana", "prefix", size, i).permutation(sorted(p.clues))
            out += [p.with_clues({c: p.clues[c] for c in order[:k]})
                    for k in range(1, len(order) + 1)]
    return out[:_n(scale, 30, 200, 581)]


@ARTICLE.table("probe-unique", printed=figures.PROBE_UNIQUE, section=PROBE_SECTION,
               title="probe vs uniqueness over clue prefixes",
               kinds={"clue prefixes tested": "given"}, expect="close",
               note="Our prefixes: the bank boards' clues in a random order, cut after each "
                    "clue; searches capped at 20,000 nodes are left out.  A prefix probe "
                    "finishes that is not unique would be a soundness bug: exact.")
def prefixes(scale) -> pd.DataFrame:
    """probe finishes ⇔ the board is unique, over clue prefixes of bank boards."""
    df = measure.probe_unique(SPEC, _prefixes(scale), max_nodes=20_000)
    counts = measure.probe_unique_counts(df)
    decided = df[df["unique"].notna()]
    unique = decided["unique"].astype(bool)
    finishes = decided["probe finishes"].astype(bool)
    s = Summary("")
    s.given("prefixes", "clue prefixes tested", counts["boards"])
    s.share("prefixes", "agreement %", (unique == finishes).tolist())
    s.share("prefixes", "unique but probe stalls %", (unique & ~finishes).tolist())
    s.exact("prefixes", "probe finishes but the board is not unique", counts["violations"])
    s.given("prefixes", "unique but probe stalls", counts["gaps"])
    return s.frame()


# ------------------------------------------------------------------ generation
@ARTICLE.table("minimality", printed=figures.MINIMALITY, section=GENERATION,
               title="Every kept clue is load-bearing",
               kinds={"still unique after removing one": "derived", "boards": "given"},
               shape=True, expect="differs",
               note=BANK_NOTE + " The minimiser restores any clue whose removal breaks "
                    "uniqueness, so no kept clue can go: derived (the claim below re-checks "
                    "it).  The article's 518 clues and 26 answers are over both sizes; so is "
                    "our last row (one random clue removed per board, counts stop at 100).")
def minimality(scale) -> pd.DataFrame:
    """Every clue load-bearing; the median answer count with one clue removed
    (one random clue per board, counts stop at ``ANSWERS``); the median
    uniqueness-minimal and guess-free clue sets."""
    s = Summary("size")
    clues_all, still_all, grown_all = [], 0, []
    for size in SIZES:
        puzzles, still, grown = _puzzles(bank(size, scale)), 0, []
        free = [len(q.clues) for q in guess_free_bank(size, scale)]
        for i, p in enumerate(puzzles):
            pick = measure.rng_for("cb", "grown", size, i).choice(sorted(p.clues))
            for c in p.clues:
                r = count(p.with_clues({k: v for k, v in p.clues.items() if k != c}),
                          ANSWERS if c == pick else 2, 20_000)
                still += r.unique is True
                grown += [r.count] if c == pick else []
        clues = [len(p.clues) for p in puzzles]
        s.total(size, "clues", clues)
        s.given(size, "still unique after removing one", still)
        s.median(size, "median answers, one clue removed", grown)
        s.median(size, "median clues (unique)", clues)
        s.median(size, "median clues (guess-free)", free)
        s.given(size, "boards", len(puzzles))
        clues_all, still_all, grown_all = clues_all + clues, still_all + still, grown_all + grown
    s.total(BOTH_SIZES, "clues", clues_all)
    s.given(BOTH_SIZES, "still unique after removing one", still_all)
    s.median(BOTH_SIZES, "median answers, one clue removed", grown_all)
    s.given(BOTH_SIZES, "boards", len(clues_all))
    return s.frame()


# ------------------------------------------------------------------ ledgers, engines
@ARTICLE.table("ledgers", printed=figures.LEDGERS, section=LEDGER_SECTION,
               title="Legal clueless grids", kind="exact", expect="match")
def ledgers(scale) -> pd.DataFrame:
    """Legal grids on clueless boards, by the integer enumerator."""
    return frame([[r] for r in census.ledger_rows()], list(census.LEDGER_SHAPES),
                 ["legal grids"], "grid")


@ARTICLE.table("engines", printed=figures.ENGINES, section=ENGINE_SECTION,
               title="Engine agreement", expect="match",
               note="Shipped boards: ladder search vs the raster walker; random boards: all "
                    "three.")
def engines(scale) -> pd.DataFrame:
    """Ladder search vs the raster walker on the bank, and all three on random boards."""
    puzzles = _puzzles(bank("6x6", scale)) + _puzzles(bank("8x8", scale))
    df = measure.engines(SPEC, puzzles, limit=2)
    boards = measure.stream(("choco_banana", "random small"), lambda i, g: random_small(
        g, int(g.integers(2, 5)), int(g.integers(2, 5))), "random small boards").take(
        _n(scale, 20, 100, 100))
    three = [min(by_mask(p, 3).count, 3) == min(SPEC.brute_count(p, 3).count, 3)
             == min(count(p, 3).count, 3) for p in boards]
    s = Summary("")
    for row, flags, k in (("shipped boards", df["agree"].tolist(), len(puzzles)),
                          ("random small boards", three, len(boards))):
        s.share(row, "agree %", flags)
        s.given(row, "boards", k)
    return s.frame()


# ------------------------------------------------------------------ claims
@ARTICLE.claim("banana-areas", text="a banana of area v exists iff 3 <= v <= h*w - 1 "
               "(h, w >= 2)", section=FACTORISATION, theorem=True)
def banana_areas_claim(scale, boards=None):
    """Every grid of small boards (or of the ``(h, w)`` boards given): the
    banana areas are exactly 3 .. h*w - 1."""
    if boards is None:
        boards = [(2, 2), (2, 3), (3, 3), (3, 4)] + ([(4, 4)] if scale != "smoke" else [])
    wrong = [(h, w) for h, w in boards
             if census.banana_area_census(h, w)[0] != set(range(3, h * w))]
    return not wrong, ("boards " + ", ".join(f"{h}x{w}" for h, w in boards)
                       + (f"; wrong on {wrong}" if wrong else ""))


@ARTICLE.claim("a027424", text="bar areas on n x n are OEIS A027424", section=LEDGER_SECTION,
               theorem=True)
def a027424(counts=None):
    """The number of bar areas on n x n boards, n = 1..10 (or ``counts``),
    is A027424."""
    got = [census.bar_area_count(n) for n in range(1, 11)] if counts is None else list(counts)
    return got == census.A027424, f"{got}"


@ARTICLE.claim("tie-3x4", text="3x4: a 2x3 bar in any corner, four answers with one size map",
               section=PIN_DOWN, theorem=True)
def tie_3x4(board=(3, 4)):
    """The biggest size-map tie on a clueless 3x4 board (or ``board``) is four."""
    t = census.ties(*board)
    return t["biggest"] == 4, str(t)


@ARTICLE.claim("probe-never-lies", text="probe never finishes a board with a second answer",
               section=PROBE_SECTION, theorem=True, uses=("probe-unique",))
def probe_never_lies(prefix_frame):
    """No clue prefix that probe finishes has a second answer."""
    v = prefix_frame["probe finishes but the board is not unique"]
    return bool((v == 0).all()), f"violations: {v.tolist()}"


@ARTICLE.claim("probe-incomplete", text="probe stalls on some boards that have one answer",
               section=PROBE_SECTION, uses=("probe-unique",), smoke_undecided=True)
def probe_incomplete(prefix_frame):
    """Some unique clue prefix is left stalled by probe (the other direction
    of probe ⇔ unique fails)."""
    gaps = prefix_frame["unique but probe stalls"]
    return bool((gaps > 0).all()), f"unique prefixes probe leaves stalled: {gaps.tolist()}"


@ARTICLE.claim("anti-dearer", text="without anti the ladder finishes fewer boards than without "
               "rect", section=DIRECTIONS, uses=("rung-ablation",), smoke_undecided=True)
def anti_dearer(ablation_frame):
    """Removing `anti` costs more finishes than removing `rect`."""
    fin = ablation_frame["finishes with no guessing %"]
    return (bool(fin["− `anti`"] < fin["− `rect`"]),
            f"finishes without anti {fin['− `anti`']}%, without rect {fin['− `rect`']}%")


@ARTICLE.claim("rules-both-bind", text="dropping either rectangle rule leaves boards with a "
               "second answer", section=DIRECTIONS, uses=("rule-ablation",),
               smoke_undecided=True)
def rules_both_bind(rule_frame):
    """At every size, fewer boards stay unique without either rule."""
    cols = RULE_COLS[1:3]
    shares = rule_frame[cols]
    return (bool((shares < 100).all().all()),
            "; ".join(f"{size}: {a}% / {b}% still unique" for size, (a, b)
                      in zip(shares.index, shares.values)))


@ARTICLE.claim("dialects-incomplete", text="neither restricted clue dialect pins every answer",
               section=DIALECT_SECTION, uses=("dialects",), smoke_undecided=True)
def dialects_incomplete(dialect_frame):
    """Self-naming numbers alone, and silent numbers alone, each leave some
    answer unpinned."""
    row = dialect_frame.iloc[0]
    return (bool(row["forcing only"] < 100 and row["silent only"] < 100),
            f"pinned: forcing only {row['forcing only']}%, silent only {row['silent only']}%")


@ARTICLE.claim("minimal", text="removing any one clue of a bank board breaks uniqueness",
               section=GENERATION, theorem=True, uses=("minimality",))
def minimal(minimality_frame):
    """No bank board stays unique with one of its clues removed."""
    v = minimality_frame["still unique after removing one"]
    return bool((v == 0).all()), f"still unique after removing one: {v.tolist()}"
