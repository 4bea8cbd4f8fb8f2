"""The tables of "Stostone in the browser with a five-rung solver" (puzzle #53
of a solver series, SEN LLC): its figures, quoted, beside ours, and its claims.
Most tables are measured on our bank beside the article's own bank: compared
cell by cell like any other measurement, their shape (zeros, row order) a line
of detail."""
from __future__ import annotations

import numpy as np
import pandas as pd

from ..core import banks, measure, scales
from ..core.measure import Summary
from ..core.tables import Article, frame
from . import SPEC, census, figures
from .brute import fall_disagrees
from .certify import arch, witness
from .generate import count, four_counts, full_numbers, random_small
from .ladder import LADDER, initial_state
from .model import RULE4, Answer, Puzzle, below_counts, stones
from .sat import count_solutions as sat_count

__all__ = ["ARTICLE", "SOURCE", "bank", "census_table", "reach", "attribution", "rung_ablation",
           "no_probe", "readings", "falls", "unclued", "clue_language", "numbers_needed",
           "answers", "engines"]

SOURCE = figures.SOURCE
ARTICLE = Article("stostone", SOURCE)
COUNTING, COROLLARY, NECESSARY, HALF, CLUES, ANSWERS, CROSS = figures.SECTIONS
RUNGS = LADDER.names
SIZES = ("6×6", "8×8")
LEVELS = [f"`{r}`" for r in RUNGS]
BANK_NOTE = ("Our bank is our own (44 + 33 boards from our generator, not the article's): "
             "compared cell by cell all the same, with the shape (zeros, row order) a line of "
             "detail.")


def _n(scale, smoke, book, article):
    """A sample size by scale."""
    return scales.pick(scale, smoke=smoke, book=book, article=article)


def bank(size: str, scale) -> list:
    """The first bank boards of a size (all of them at book scale), as (puzzle, answer)."""
    n = int(size[0])
    es = [e for e in banks.load("stostone") if e["size"] == [n, n]]
    es = es[:_n(scale, 4, len(es), len(es))]
    return [(Puzzle.from_json(e["clues"]), Answer.from_json(e["answer"])) for e in es]


def _ps(items):
    """The puzzles of (puzzle, answer) pairs."""
    return [p for p, _ in items]


CENSUS_ROWS = {"smoke": [(4, 2), (4, 4), (6, 2), (6, 4), (8, 2)],
               "book": [(4, 2), (4, 4), (6, 2), (6, 4), (8, 2), (8, 4)],
               "article": [(4, 2), (4, 4), (4, 10), (6, 2), (6, 4), (6, 6), (8, 2), (8, 4)]}
CENSUS_COLUMNS = ["`exact`", "`convex`", "`count`", "exact/count %"]


# ------------------------------------------------------------ tables, by article section
@ARTICLE.table("census", printed=figures.CENSUS, section=COUNTING,
               title="Region-free census under three readings of rule 4", kind="exact",
               kinds={"exact/count %": "derived"}, expect="match",
               note="Smaller scales compute a prefix of the rows: 8×4 from book scale, 4×10 and "
                    "6×6 (60 and 64 million balanced grids) at article scale only.  The last "
                    "column is the ratio of two others: derived.")
def census_table(scale) -> pd.DataFrame:
    """Region-free census under three readings (balanced grids walked)."""
    two = all(census.counts(2, n) == (2 ** n,) * 3 for n in range(1, _n(scale, 6, 10, 12)))
    rows = [["2ⁿ" if two else "?"] * 3 + [100.0]]
    idx = ["2×n"]
    for h, w in CENSUS_ROWS[scale]:
        e, c, k = census.counts(h, w)
        rows.append([e, c, k, round(100.0 * e / k, 1)])
        idx.append(f"{h}×{w}")
    return frame(rows, idx, CENSUS_COLUMNS, "board")


@ARTICLE.table("reach", printed=figures.REACH, section=HALF,
               title="Cells settled from the clues alone, cumulative by rung", shape=True,
               kinds={"`col`": "exact"}, expect="differs",
               note=BANK_NOTE + "  `col` alone settles nothing from the clues: no column is "
                    "full either way at the start, so that column is exact.")
def reach(scale) -> pd.DataFrame:
    """Per board, the share of cells each cumulative level settles from the clues alone."""
    s = Summary("size")
    for size in SIZES:
        r = measure.reach(SPEC, _ps(bank(size, scale)))
        for rung, label in zip(RUNGS, LEVELS):
            s.mean(size, label, r[r["level"] == rung]["decided %"])
    return s.frame()


@ARTICLE.table("attribution", printed=figures.ATTRIBUTION, section=HALF,
               title="Who writes every cell the full stack writes", shape=True,
               kinds={"boards": "given"}, expect="differs",
               note=BANK_NOTE + "  Ours: each board's share of its written cells, averaged "
                    "over boards.")
def attribution(scale) -> pd.DataFrame:
    """Per board, the share of the cells the full stack writes that each rung wrote."""
    s = Summary("size")
    for size in SIZES:
        ps = _ps(bank(size, scale))
        written = [np.bincount(a[a >= 0], minlength=len(RUNGS)) for a in
                   (LADDER.fixpoint(initial_state(p), "probe").attribution for p in ps)]
        written = [w for w in written if w.sum()]
        s.given(size, "boards", len(ps))
        for i, label in enumerate(LEVELS):
            s.mean(size, label, [100.0 * w[i] / w.sum() for w in written])
    return s.frame()


ABLATION_NODES = 2_000


def _guesses(p, without, level):
    """Branch points of a count to two with rungs left out, and whether it was capped."""
    r = count(p, 2, ABLATION_NODES, level=level, without=without)
    return r.branch_points, r.capped


def _few(scale):
    """The bank boards the search-heavy tables use: 12 per size at book scale."""
    k = _n(scale, 4, 12, 10 ** 6)
    return _ps(bank("6×6", scale))[:k] + _ps(bank("8×8", scale))[:k]


@ARTICLE.table("rung-ablation", printed=figures.RUNG_ABLATION, section=HALF,
               title="One rung taken out of the full stack", shape=True, expect="differs",
               note=BANK_NOTE + "  The article sums assumptions over its 77 boards: ours are "
                    "our mean per board times 77.  Ours are branch points of our search "
                    "counting to two, each board capped at 2,000 nodes (capped searches "
                    "apart); 12 boards a size at book scale.  Our −col is cheap: fit already "
                    "refuses stones that overfill a column.")
def rung_ablation(scale) -> pd.DataFrame:
    """The full stack and each rung below probe removed: settled share, boards
    finished without guessing, and the search's guesses (branch points)."""
    ps = _few(scale)
    df = measure.ablation(SPEC, ps, "probe", ["col", "clue", "fit", "drop"])
    s = Summary("variant")
    for variant, rows in df.groupby("variant", sort=False):
        drop = () if variant == "full" else (variant[1:],)
        key = "all rungs" if variant == "full" else f"− `{variant[1:]}`"
        per = figures.RUNG_ABLATION.n[key]      # the article sums over its boards
        guesses = [_guesses(p, drop, "probe") for p in ps]
        s.mean(key, "settled %", rows["decided %"])
        s.share(key, "finish without guessing", rows["finished"])
        s.mean(key, "assumptions", [per * g for g, _ in guesses], 0)
        s.given(key, "capped (ours)", sum(c for _, c in guesses))
        s.given(key, "boards", len(rows))
    return s.frame()


@ARTICLE.table("no-probe", printed=figures.NO_PROBE, section=HALF,
               title="col and drop taken out, no probe on top", shape=True, expect="differs",
               note=BANK_NOTE + "  The article sums over its 77 boards: ours are our mean per "
                    "board times 77.  Searches at the drop level, capped at 2,000 nodes; 12 "
                    "boards a size at book scale.")
def no_probe(scale) -> pd.DataFrame:
    """The search's guesses with col or drop removed and no probe on top."""
    ps = _few(scale)
    s = Summary("variant")
    for rung in ("col", "drop"):
        key = f"− `{rung}`"
        per = figures.NO_PROBE.n[key]      # the article sums over its boards
        guesses = [_guesses(p, (rung,), "drop") for p in ps]
        s.mean(key, "assumptions", [per * g for g, _ in guesses], 0)
        s.given(key, "capped (ours)", sum(c for _, c in guesses))
        s.given(key, "boards", len(ps))
    return s.frame()


READ_LIMIT = 200


@ARTICLE.table("readings", printed=figures.READINGS, section=NECESSARY,
               title="Bank boards still unique under each reading of rule 4", shape=True,
               kinds={"`exact`": "derived"}, expect="close",
               note=BANK_NOTE + "  Every bank board is proved unique under `exact` when it is "
                    "built: derived.  Searches capped at 2,000 nodes count as not unique; 12 "
                    "boards a size at book scale.")
def readings(scale) -> pd.DataFrame:
    """The share of bank boards still unique under each reading of rule 4."""
    s = Summary("size")
    for size in SIZES:
        ps = _ps(bank(size, scale))[:_n(scale, 4, 12, 10 ** 6)]
        for rule in RULE4:
            s.share(size, f"`{rule}`",
                    [count(p.with_rule4(rule), 2, 2_000).unique is True for p in ps])
        s.given(size, "boards", len(ps))
    return s.frame()


@ARTICLE.table("falls", printed=figures.FALLS, section=NECESSARY,
               title="8×8 boards that fall under `count`: how many answers", shape=True,
               expect="match",
               note=BANK_NOTE + "  Answers counted up to 200, searches capped at 5,000 nodes "
                    "(a capped count is a lower bound); 12 boards at book scale.")
def falls(scale) -> pd.DataFrame:
    """8×8 bank boards under ``count``: the share that lose uniqueness and the
    median number of answers (up to 200) of those that do."""
    ps = _ps(bank("8×8", scale))[:_n(scale, 4, 12, 10 ** 6)]
    many = [count(p.with_rule4("count"), READ_LIMIT, 5_000) for p in ps]
    s = Summary("size")
    s.median("8×8", "median answers", [r.count for r in many if r.count >= 2])
    s.share("8×8", "boards that fall %", [r.count >= 2 for r in many])
    s.given("8×8", "capped (ours)", sum(r.capped for r in many))
    return s.frame()


@ARTICLE.table("unclued", printed=figures.UNCLUED, section=NECESSARY,
               title="The 6×6 maps without numbers: every answer", shape=True,
               kinds={"exact %": "derived"}, expect="match",
               note=BANK_NOTE + "  The article sums the answers over its 44 maps: ours are "
                    "our mean per map times 44.  exact % is the ratio of the two sums on both "
                    "sides: derived.  Searches at the drop level; 12 maps at book scale, all "
                    "44 at article scale.")
def unclued(scale) -> pd.DataFrame:
    """The 6×6 bank's region maps with no numbers: every answer under count and exact."""
    ps = _ps(bank("6×6", scale))[:_n(scale, 3, 12, 44)]
    row = "6×6 maps"
    per = figures.UNCLUED.n[row]      # the article sums over its maps
    answers = {rule: [count(p.with_numbers({}).with_rule4(rule), 10 ** 6, 2_000_000,
                            level="drop").count for p in ps] for rule in ("count", "exact")}
    s = Summary("")
    s.mean(row, "`count` answers", [per * k for k in answers["count"]], 0)
    s.mean(row, "`exact` answers", [per * k for k in answers["exact"]], 0)
    s.given(row, "exact %", round(100.0 * sum(answers["exact"]) / sum(answers["count"]), 1))
    s.given(row, "maps", len(ps))
    return s.frame()


DIAL = {"6×6 2": (6, 2), "6×6 3": (6, 3), "6×6 4": (6, 4), "8×8 3": (8, 3), "8×8 4": (8, 4)}


@ARTICLE.table("clue-language", printed=figures.CLUE_LANGUAGE, section=CLUES,
               title="The full number set, generator filter off", expect="close",
               note="The article prints no sample size: our error alone.  Our dial is the piece "
                    "size our cut aims at; the article's is the stone size it aims at.  Lifting "
                    "keeps the cuts it can lift, which favours larger pieces, so our stones per "
                    "board are shown (not compared).  Answers counted by CP-SAT up to 50.")
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


@ARTICLE.table("numbers-needed", printed=figures.NUMBERS_NEEDED, section=CLUES,
               title="Numbers a bank board keeps", shape=True, kinds={"regions": "given"},
               expect="match",
               note=BANK_NOTE + "  Regions are stones, and how many a board holds is set by "
                    "the piece size our cut aims at, a setting of ours chosen beside the "
                    "article's: given.")
def numbers_needed(scale) -> pd.DataFrame:
    """Per bank board: the numbers it keeps (minimal) and its regions (= stones)."""
    s = Summary("size")
    for size in SIZES:
        ps = _ps(bank(size, scale))
        s.mean(size, "numbers", [len(p.numbers) for p in ps])
        s.mean(size, "regions", [p.k for p in ps])
        s.given(size, "boards", len(ps))
    return s.frame()


def _stones(items):
    """Every stone of the answers: (size, how far it falls)."""
    out = []
    for p, a in items:
        below = below_counts(p.h, p.w, a.shaded)
        out += [(len(g), p.h - 1 - (g[0] // p.w + int(below[g[0]])))
                for g in stones(p.h, p.w, a.shaded)]
    return out


@ARTICLE.table("answers", printed=figures.ANSWERS, section=ANSWERS,
               title="What the answers look like", shape=True,
               kinds={"stones": "given", "mean stone": "given"}, expect="match",
               note=BANK_NOTE + "  Per stone, as the article counts.  Our cuts aim at pieces of "
                    "2 (6×6) and 3 (8×8) cells, a setting of ours: the stones and their mean "
                    "size are given.")
def answers(scale) -> pd.DataFrame:
    """The stones of the bank's answers: how many, their size, their fall,
    and the share that never move."""
    s = Summary("size")
    for size in SIZES:
        found = _stones(bank(size, scale))
        s.given(size, "stones", len(found))
        s.mean(size, "mean stone", [k for k, _ in found], 2)
        s.mean(size, "mean fall", [f for _, f in found], 2)
        s.share(size, "never move %", [f == 0 for _, f in found])
    return s.frame()


def _maps(scale):
    """Random 4×4 maps for the engine comparison."""
    return measure.stream(("stostone", "4x4 maps"),
                          lambda i, g: random_small(g, 4, 4)).take(_n(scale, 10, 60, 60))


def _prefixes(scale):
    """Each bank board's numbers in a random order, cut after each number."""
    out = []
    for size in SIZES:
        for i, (p, _) in enumerate(bank(size, scale)):
            order = measure.rng_for("stostone", "prefix", size, i).permutation(sorted(p.numbers))
            out += [p.with_numbers({g: p.numbers[g] for g in order[:k]})
                    for k in range(1, len(order) + 1)]
    return out[:_n(scale, 20, 60, 876)]


@ARTICLE.table("engines", printed=figures.ENGINES, section=CROSS,
               title="Engines and probe cross-checked",
               kinds={"agree %": "exact", "maps": "given", "prefixes": "given",
                      "probe finished a board with two answers": "exact"}, expect="match",
               note="Random 4×4 maps (regions grown from a lifted answer, numbers partly "
                    "printed or corrupted) under all four readings; counts compared up to 50; "
                    "capped runs left out.  Prefixes: each bank board's numbers in a random "
                    "order, cut after each number; searches capped at 3,000 nodes are left "
                    "out.")
def engines(scale) -> pd.DataFrame:
    """Random 4×4 maps under all four readings: the integer enumerator, the
    stone picker, the ladder search and CP-SAT count the same (up to 50); probe
    against uniqueness over clue prefixes of bank boards."""
    s = Summary("")
    maps = _maps(scale)
    got = [four_counts(p.with_rule4(r), 50) for p in maps for r in RULE4]
    s.share("random 4×4 maps", "agree %", [None if x is None else len(set(x)) == 1 for x in got])
    s.given("random 4×4 maps", "maps", len(maps))
    s.given("random 4×4 maps", "answers compared", sum(x[0] for x in got if x is not None))
    df = measure.probe_unique(SPEC, _prefixes(scale), max_nodes=3_000)
    decided = df[df["unique"].notna()]
    unique = decided["unique"].astype(bool)
    finished = decided["probe finishes"].astype(bool)
    s.exact("clue prefixes", "probe finished a board with two answers",
            int((finished & ~unique).sum()))
    s.share("clue prefixes", "unique, probe needed a guess %", list(unique & ~finished))
    s.given("clue prefixes", "prefixes", len(df))
    return s.frame()


# ------------------------------------------------------------ claims
@ARTICLE.claim("arch", text="convex is weaker than exact: the 4x3 arch", section=COROLLARY,
               theorem=True)
def arch_claim(grid=None):
    """The 4x3 arch (or the 4x3 grid given) passes ``convex`` and fails ``exact``."""
    grid = arch() if grid is None else grid
    return witness(4, 3, grid), "the 4x3 grid is convex-legal and does not land"


@ARTICLE.claim("closed-forms", text="the census's closed forms hold", section=COUNTING,
               theorem=True)
def closed_forms():
    """count = C(h, h/2)^w, the 2-row and 1-column exact counts, convex = count at 4 rows."""
    return census.closed_forms_hold(), "count = C(h,h/2)^w, 2-row and 1-column exact, 4xn"


@ARTICLE.claim("recurrence", text="4 x n exact: a(n) = 6a(n-1) - 5a(n-2) - 4a(n-3), by "
               "transfer matrix", section=COUNTING, theorem=True)
def recurrence(scale, terms=None):
    """The enumerated 4 x n counts (or the terms given) equal the article's and
    the transfer matrix's and satisfy the recurrence, which is proved."""
    if terms is None:
        terms, holds = census.recurrence_evidence(_n(scale, 7, 8, 10))
    else:
        holds = census.recurrence_holds(terms)
    return holds, f"{terms}; proved by the transfer matrix"


@ARTICLE.claim("col-cannot-open", text="col alone settles nothing from the clues",
               section=HALF, theorem=True, uses=("reach",))
def col_cannot_open(reach_frame):
    """The `col` level settles no cell from the clues alone, at every size."""
    settled = reach_frame["`col`"]
    return bool((settled == 0).all()), "col settles " + ", ".join(
        f"{size} {value}%" for size, value in settled.items())


@ARTICLE.claim("col-dearer", text="without col the search guesses more than without drop",
               section=HALF, uses=("rung-ablation", "no-probe"), smoke_undecided=True)
def col_dearer(ablation_frame, no_probe_frame):
    """Taking col out costs the search more guesses than taking drop out, with
    probe on top and without it, each beyond twice the error of the difference."""
    found = []
    for name, table in (("with probe", ablation_frame), ("no probe", no_probe_frame)):
        values = table.attrs["values"]
        col = np.asarray(values[("− `col`", "assumptions")])
        drop = np.asarray(values[("− `drop`", "assumptions")])
        gaps = col - drop            # the same boards on both sides
        error = gaps.std(ddof=1) / np.sqrt(len(gaps)) if len(gaps) > 1 else float("inf")
        found.append((name, gaps.mean(), error))
    return (all(gap > 2 * error for _, gap, error in found),
            "−col less −drop, over 77 boards: " + "; ".join(
                f"{name} {gap:+,.0f} ± {error:,.0f}" for name, gap, error in found))


@ARTICLE.claim("count-not-enough", text="under count alone some boards lose their single "
               "answer, at every size", section=NECESSARY, uses=("readings",),
               smoke_undecided=True)
def count_not_enough(readings_frame):
    """At every size a share of the bank boards is not unique under `count`."""
    kept = readings_frame["`count`"]
    return bool((kept < 100).all()), "unique under count: " + ", ".join(
        f"{size} {value}%" for size, value in kept.items())


@ARTICLE.claim("fall", text="both fall schedules and the invariant agree on every balanced grid",
               section=CROSS, theorem=True)
def fall(scale):
    """The two fall schedules and the invariant agree on every balanced grid
    of the small boards."""
    sizes = [(4, 3), (6, 2), (2, 4)] + ([(4, 4), (8, 2)] if scale != "smoke" else [])
    bad = fall_disagrees(sizes)
    return bad is None, "boards " + ", ".join(f"{h}x{w}" for h, w in sizes) + (
        "" if bad is None else f"; first disagreement {bad}")


@ARTICLE.claim("probe-never-lies", text="probe never finishes a board with a second answer",
               section=CROSS, theorem=True, uses=("engines",))
def probe_never_lies(engines_frame):
    """No clue prefix probe finishes has a second answer."""
    wrong = engines_frame.loc["clue prefixes", "probe finished a board with two answers"]
    return bool(wrong == 0), f"violations: {wrong:.0f}"


@ARTICLE.claim("probe-gap", text="the gap points one way: some unique prefixes still need a "
               "guess", section=CROSS, uses=("engines",), smoke_undecided=True)
def probe_gap(engines_frame):
    """Some unique clue prefix is left open by probe.  None found fails the
    claim only where the article's rate would show one gap in twenty
    samples at least: on fewer prefixes it is no verdict."""
    row = engines_frame.loc["clue prefixes"]
    gap, prefixes = row["unique, probe needed a guess %"], int(row["prefixes"])
    if gap > 0:
        return True, f"unique, probe needed a guess: {gap}% of {prefixes} prefixes"
    rate = figures.ENGINES.figure("clue prefixes", "unique, probe needed a guess %").value / 100
    unseen = (1 - rate) ** prefixes
    detail = (f"no gap in {prefixes} prefixes; at the article's rate none would show "
              f"{unseen:.0%} of the time")
    return (False if unseen < 0.05 else None), detail
