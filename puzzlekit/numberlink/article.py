"""The tables of "Numberlink in the browser with a four-rung solver" (puzzle #54
of a solver series, SEN LLC): its figures, quoted, beside ours.  Random boards
come from prefix-stable streams (:mod:`puzzlekit.core.measure`); the tables
about rungs run on our bank (``banks/numberlink.json``), beside the article's
figures on its own bank."""
from __future__ import annotations

import numpy as np
import pandas as pd

from ..core import banks, measure, scales
from ..core.tables import Article, frame
from ..core.tables.stats import cell_z
from . import SPEC, brute, census, certify, figures
from .generate import random_small, sample_paths
from .ladder import LADDER, NAMES, with_segments
from .model import Answer, Puzzle, puzzle_from_paths

__all__ = ["ARTICLE", "SOURCE", "bank_boards", "partitions_stream", "sample", "PAIR_SIZE",
           "BRANCH_CAP", "comparisons"]

SOURCE = figures.SOURCE
ARTICLE = Article("numberlink", SOURCE)
(_, IDENTITY, WITNESS_SECTION, CONVENTION, FOUR_RUNGS, RULE3, _, COUNTING, BUG, ENGINE_SECTION,
 _) = figures.SECTIONS
PAIR_SIZE = 7            # the article does not say which board its pair-count table used
SAMPLES = {  # per row: smoke, book, article
    "taut 7": (12, 120, 800), "taut 9": (6, 40, 300), "random": (40, 400, 400),
    "partly drawn": (1, 4, 10)}
BRANCH_CAP = {"smoke": 2_000, "book": 20_000, "article": 300_000}
ROUTING_CAP = 10_000
SIZES = ((7, 7), (9, 9))
PAIR_BOARDS = ((2, 2), (2, 3), (2, 4), (2, 5), (3, 3), (3, 4), (3, 5), (4, 4))
BANK_NOTE = ("Measured on our bank (40 boards at 7×7, 36 at 9×9, from our generator), beside "
             "the article's figures on its own bank; the shape line says whether the zeros "
             "and the order of the rows agree.")
_x = "{0}×{1}".format
_BANK: dict = {}


def sample(what: str, scale=None) -> int:
    """Boards per row of a measurement at ``scale`` (see ``SAMPLES``)."""
    return measure.sample_size(SAMPLES, what, scale)


def partitions_stream(n: int, taut: bool):
    """``n`` x ``n`` boards numbered from sampled partitions, not repaired."""
    key = ("numberlink", "partition", n, taut)
    return measure.stream(key, lambda i, rng: puzzle_from_paths(n, n,
                                                                sample_paths(n, n, rng, taut)),
                          f"{'taut' if taut else 'loose'} {n}x{n}")


def bank_boards(size=None):
    """The shipped boards (of one size ``(h, w)``), each parsed once."""
    out = _BANK.get("all")
    if out is None:
        out = [(tuple(e["size"]), Puzzle.from_json(e["clues"]), Answer.from_json(e["answer"]))
               for e in banks.load("numberlink")]
        _BANK["all"] = out
    return [(p, a) for s, p, a in out if size is None or s == tuple(size)]


def _flags(xs):
    return [None if x is None or pd.isna(x) else bool(x) for x in xs]


def _unique(puzzles):
    return _flags(measure.uniqueness(SPEC, puzzles, max_nodes=50_000)["unique"])


def _bank_puzzles(size):
    return [p for p, _ in bank_boards(size)]


# ------------------------------------------------------------ the identity, the witness
@ARTICLE.table("parity", printed=figures.PARITY, section=IDENTITY,
               title="The parity identity on every path partition", kind="exact",
               expect="match",
               note="Counted by our partition scan; the identity is checked on each partition.")
def parity(scale):
    """Path partitions of the small boards, and those that break the identity."""
    rows = []
    for sizes in (((3, 4), (4, 4)), ((3, 4), (4, 4), (2, 3), (3, 3), (3, 5))):
        res = [census.partitions(h, w, parity=True) for h, w in sizes]
        rows.append([sum(c for c, _ in res), sum(v for _, v in res)])
    return frame(rows, list(figures.PARITY.rows), ["partitions", "violations"], "boards")


@ARTICLE.table("single_pair", printed=figures.SINGLE_PAIR, section=WITNESS_SECTION,
               title="One pair meeting the parity count: solvable / no answer", kind="exact",
               expect="match", note="Every unordered placement of one pair, every cell used.")
def single_pair(scale):
    """Single-pair placements that keep the count, with and without an answer."""
    return frame([list(census.single_pair(h, w)) for h, w in PAIR_BOARDS],
                 [_x(h, w) for h, w in PAIR_BOARDS], ["solvable", "no answer"], "board")


# ------------------------------------------------------------ the convention
@ARTICLE.table("taut_loose", printed=figures.TAUT_LOOSE, section=CONVENTION,
               title="Share of sampled partitions whose board is unique",
               kinds={"partitions sampled": "given"}, expect="close",
               note="Boards straight from a sampled partition, no repair.  Loose agrees (0%); "
                    "taut is lower because our taut paths run longer (fewer pairs a board); "
                    "the next table compares within a pair count.")
def taut_loose(scale):
    """The share of unique boards among loose and taut partitions."""
    s = measure.Summary("board")
    for n in (7, 9):
        cnt = sample(f"taut {n}", scale)
        for taut, col in ((False, "loose unique %"), (True, "taut unique %")):
            s.share(_x(n, n), col, _unique(partitions_stream(n, taut).take(cnt)))
        s.given(_x(n, n), "partitions sampled", cnt)
    return s.frame()


@ARTICLE.table("by_pairs", printed=figures.BY_PAIRS, section=CONVENTION,
               title=f"Unique share by pair count ({PAIR_SIZE}×{PAIR_SIZE}, our choice)",
               expect="match",
               note="The article does not name its board size; we bucket the 7×7 streams of "
                    "the previous table.  Buckets our samplers rarely produce stay empty.")
def by_pairs(scale):
    """The share of unique boards per pair count, loose and taut."""
    s = measure.Summary("pairs")
    cnt = sample("taut 7", scale)
    for taut, name in ((False, "loose"), (True, "taut")):
        puzzles = partitions_stream(PAIR_SIZE, taut).take(cnt)
        unique = _unique(puzzles)
        for k in range(5, 10):
            chosen = [x for p, x in zip(puzzles, unique) if p.k == k]
            if chosen:
                s.share(f"{k}, {name}", "unique %", chosen)
            s.given(f"{k}, {name}", "boards (ours)", len(chosen))
        s.given(f"all, {name}", "mean pairs (ours)",
                round(float(np.mean([p.k for p in puzzles])), 2))
    return s.frame()


# ------------------------------------------------------------ four rungs
@ARTICLE.table("reach_rungs", printed=figures.REACH_RUNGS, section=FOUR_RUNGS,
               title="Share of segments decided from the clues, cumulative by rung (bank)",
               shape=True, expect="close",
               note=BANK_NOTE + "  Mean over the bank boards of each size.")
def reach_rungs(scale):
    """The mean share of segments each level's fixpoint decides on the bank."""
    s = measure.Summary("board")
    for size in SIZES:
        r = measure.reach(SPEC, _bank_puzzles(size))
        for level in NAMES:
            s.mean(_x(*size), level, r.loc[r["level"] == level, "decided %"])
    return s.frame()


@ARTICLE.table("branch_points", printed=figures.BRANCH_POINTS, section=FOUR_RUNGS,
               title="Branch points to prove uniqueness, summed over the bank",
               kinds={"deg": "given", "deg capped": "given"}, shape=True, expect="match",
               note=BANK_NOTE + "  The deg row is a lower bound set by the branch cap (ours "
                    "smaller than the article's 300,000): given, as is the number of boards "
                    "that reach it.  The other totals are compared with their error from "
                    "the spread between boards.")
def branch_points(scale):
    """Branch points the ladder search needs at each level, summed over the bank."""
    cap = scales.pick(scale, **BRANCH_CAP)
    s = measure.Summary("board")
    for size in SIZES:
        b = measure.branch_points(SPEC, _bank_puzzles(size), max_nodes=cap)
        key = _x(*size)
        for level in NAMES:
            per_board = b.loc[b["level"] == level, "branch points"].tolist()
            if level == "deg":
                s.given(key, level, int(sum(per_board)))
            else:   # a total over n boards is n times their mean: its error is n times too
                s.total(key, level, per_board)
        s.given(key, "deg capped", int(b.loc[b["level"] == "deg", "capped"].sum()))
        s.given(key, "node cap (ours)", cap)
    return s.frame()


def comparisons(scale):
    """Boards on which ``chain`` and ``reach`` are compared: blank slates and
    partly drawn states of the bank, and random small boards."""
    out = [(p, None) for p, _ in bank_boards()]
    rng = measure.rng_for("numberlink", "partly drawn")
    for p, a in bank_boards():
        for _ in range(sample("partly drawn", scale)):
            on = np.flatnonzero(a.on)
            off = np.flatnonzero(~a.on)
            out.append((p, (rng.choice(on, len(on) // 3, replace=False),
                            rng.choice(off, len(off) // 3, replace=False))))
    rs = measure.stream(("numberlink", "random small"),
                        lambda i, rng: random_small(rng, 3 + i % 4, 3 + (i // 4) % 4), "random")
    out += [(p, None) for p in rs.take(sample("random", scale))]
    return out


def _outcome(p, drawn, level, without=()):
    s = SPEC.initial_state(p) if drawn is None else with_segments(p, *drawn)
    r = LADDER.fixpoint(s, level, without, attribute=False)
    return r.status, s.bits.tobytes() if r.status != "contradiction" else b""


@ARTICLE.table("reach_vs_chain", printed=figures.REACH_VS_CHAIN, section=FOUR_RUNGS,
               title="Does reach ever change the conclusion?",
               kinds={"comparisons": "given"}, expect="differs",
               note="Blank slates and partly drawn states of the bank boards, and random small "
                    "boards (some with no answer); the second row asks the same question "
                    "under probe.  The article's \"never\" is exact, its 2,488 comparisons "
                    "printed.")
def reach_vs_chain(scale):
    """The share of comparisons on which two fixpoints reach different conclusions."""
    s, cs = measure.Summary("comparison"), comparisons(scale)
    for key, a, b in (("chain vs reach", ("chain", ()), ("reach", ())),
                      ("probe with vs without reach", ("probe", ("reach",)), ("probe", ()))):
        diff = [_outcome(p, d, *a) != _outcome(p, d, *b) for p, d in cs]
        s.share(key, "different conclusion %", diff)
        s.given(key, "comparisons", len(diff))
        s.given(key, "differ on a board with an answer (ours)",
                sum(SPEC.brute_count(p, 1).count > 0 for (p, _), x in zip(cs, diff) if x))
    return s.frame()


# ------------------------------------------------------------ rule 3
def _routings(scale):
    """Per bank board (a prefix at smoke scale): its size and the router's
    rule-3-off count, up to ``ROUTING_CAP``."""
    key = ("routings", scale)
    if key not in _BANK:
        k = scales.pick(scale, smoke=12, book=None, article=None)
        _BANK[key] = [(size, brute.route_count(p.with_fill(False), ROUTING_CAP, 1_000_000))
                      for size in SIZES for p, _ in bank_boards(size)[:k]]
    return _BANK[key]


@ARTICLE.table("rule3_off", printed=figures.RULE3_OFF, section=RULE3,
               title="Rule 3 off on the bank", shape=True, expect="match",
               note=BANK_NOTE + f"  Routings counted by the pair-by-pair router, capped at "
                    f"{ROUTING_CAP:,} (a capped board is not counted as unique); smoke scale "
                    "uses the first 12 boards of each size.")
def rule3_off(scale):
    """The share of bank boards still unique with rule 3 off, and the median
    routing count."""
    s = measure.Summary("board")
    routed = _routings(scale)
    for size in SIZES:
        counts = [r for z, r in routed if z == size]
        key = _x(*size)
        s.share(key, "still unique %", [r.count == 1 and not r.capped for r in counts])
        s.median(key, "median routings", [r.count for r in counts])
        s.given(key, "boards", len(counts))
        s.given(key, "routings capped (ours)", sum(r.capped or r.count >= ROUTING_CAP
                                                   for r in counts))
        s.exact(key, "fewer routings than answers (ours)",
                sum(not r.capped and r.count < 1 for r in counts))
    return s.frame()


# ------------------------------------------------------------ ledger, engines
@ARTICLE.table("ledger", printed=figures.LEDGER, section=COUNTING,
               title="Path partitions of the blank grid", kind="exact", expect="match",
               note="Smoke scale computes a prefix of each row.  The recurrence is a fit "
                    "checked on every term, not a proof.")
def ledger(scale):
    """Path partitions of blank 2×n, 3×n and 4×n grids, and whether the 2×n
    recurrence holds on each term it predicts."""
    top = scales.pick(scale, smoke={2: 9, 3: 5, 4: 4}, book={2: 12, 3: 7, 4: 5},
                      article={2: 12, 3: 7, 4: 5})
    rows, idx = [], []
    for h in census.LEDGER:
        ours = [census.partitions(h, n)[0] for n in range(1, top[h] + 1)]
        fits = [None] * 4 + census.recurrence_holds(ours) if h == 2 else [None] * len(ours)
        for n, c in enumerate(ours, 1):
            idx.append(_x(h, n))
            rows.append([c, "—" if fits[n - 1] is None else ("yes" if fits[n - 1] else "no")])
    return frame(rows, idx, ["partitions", "recurrence"], "grid")


def _impossible():
    """Every single-pair placement on 2×2 … 4×4 that breaks the parity count."""
    out = []
    for h, w in PAIR_BOARDS:
        for a in range(h * w):
            for b in range(a + 1, h * w):
                nums = np.zeros(h * w, np.int32)
                nums[[a, b]] = 1
                p = Puzzle(h, w, nums.reshape(h, w))
                if not certify.parity_ok(p):
                    out.append(p)
    return out


@ARTICLE.table("engines", printed=figures.ENGINES, section=ENGINE_SECTION,
               title="The cutter against the segment search", expect="match",
               note="Answer counts up to 3; the second row: both engines find no answer.")
def engines(scale):
    """The share of boards on which the cutter and the ladder's search agree."""
    s = measure.Summary("boards")
    rs = measure.stream(("numberlink", "engines"),
                        lambda i, rng: random_small(rng, 3 + i % 2, 3 + (i // 2) % 2), "engines")
    e = measure.engines(SPEC, rs.take(sample("random", scale)), limit=3)
    s.share("random 3×3 to 4×4", "agreed %", _flags(e["agree"]))
    s.given("random 3×3 to 4×4", "boards", len(e))
    impossible = _impossible()
    agree = [SPEC.brute_count(p, 1).count == 0
             and measure.uniqueness(SPEC, [p])["count"].iloc[0] == 0 for p in impossible]
    s.share("parity-impossible placements", "agreed %", agree)
    s.given("parity-impossible placements", "boards", len(impossible))
    return s.frame()


# ------------------------------------------------------------ claims
@ARTICLE.claim("parity", text="the parity identity holds on every partition", section=IDENTITY,
               theorem=True, uses=("parity",))
def parity_claim(parity_frame):
    """No partition breaks the identity."""
    v = parity_frame["violations"]
    return (bool((v == 0).all()),
            f"{int(parity_frame['partitions'].max()):,} partitions, {int(v.max())} violations")


@ARTICLE.claim("witness", text="the identity is necessary, not sufficient: the 2×3 witness",
               section=WITNESS_SECTION, theorem=True)
def witness(board=None):
    """The witness (or ``board``, a puzzle's JSON) keeps the count and has no answer."""
    p = Puzzle.from_json(certify.WITNESS if board is None else board)
    ok = certify.parity_ok(p) and brute.count_solutions(p, 1).count == 0
    return ok, (f"the {p.h}×{p.w} board keeps the count: {certify.parity_ok(p)}; "
                f"answers: {brute.count_solutions(p, 1).count}")


@ARTICLE.claim("inequality", text="dropping rule 3 never lowers the count: the bank boards "
               "keep an answer", section=BUG, theorem=True, uses=("rule3_off",))
def inequality(rule3_frame):
    """No bank board has fewer routings with rule 3 off than its one answer."""
    fewer = rule3_frame["fewer routings than answers (ours)"]
    return (bool((fewer == 0).all()),
            f"{int(rule3_frame['boards'].sum())} bank boards, "
            f"{int(fewer.sum())} with fewer routings than answers")


@ARTICLE.claim("reach_silent", text="reach never reaches a different conclusion than chain",
               section=FOUR_RUNGS, uses=("reach_vs_chain",))
def reach_silent(reach_frame):
    """Not one comparison differs (the article's "never" is exact)."""
    row = reach_frame.loc["chain vs reach"]
    if not row["comparisons"]:
        return None, "no comparisons"
    share = row["different conclusion %"]
    return bool(share == 0), f"{int(row['comparisons'])} comparisons, {share}% differ"


@ARTICLE.claim("taut_matters", text="taut partitions are unique far more often than loose ones",
               section=CONVENTION, uses=("taut_loose",))
def taut_matters(taut_frame):
    """At every board size, taut partitions give a larger unique share."""
    loose, taut = taut_frame["loose unique %"], taut_frame["taut unique %"]
    return (bool((taut > loose).all()),
            "; ".join(f"{size}: loose {low}% / taut {high}%" for size, low, high in
                      zip(taut_frame.index, loose, taut)))


@ARTICLE.claim("taut_within_pairs", text="the taut effect survives fixing the pair count",
               section=CONVENTION, uses=("by_pairs",), smoke_undecided=True)
def taut_within_pairs(pairs_frame):
    """In every pair count where both samplers gave boards, taut partitions
    give the larger unique share (no such bucket is no verdict)."""
    share = pairs_frame["unique %"]
    both = [k for k in range(5, 10)
            if pd.notna(share.get(f"{k}, loose")) and pd.notna(share.get(f"{k}, taut"))]
    if not both:
        return None, "no pair count with boards from both samplers"
    return (all(share[f"{k}, taut"] > share[f"{k}, loose"] for k in both),
            "; ".join(f"{k} pairs: loose {share[f'{k}, loose']}% / taut {share[f'{k}, taut']}%"
                      for k in both))


@ARTICLE.claim("rule3_redundant", text="about nine bank boards in ten stay unique with rule 3 "
               "off", section=RULE3, uses=("rule3_off",), smoke_undecided=True)
def rule3_redundant(rule3_frame):
    """At every size our share of boards still unique without rule 3 is not
    below the article's by more than twice the two-sample standard error
    (the article prints its counts: 36 / 40 and 31 / 36)."""
    parts, ok = [], True
    for size in rule3_frame.index:
        fig = figures.RULE3_OFF.figure(size, "still unique %")
        boards = int(rule3_frame.loc[size, "boards"])
        unique = int(round(rule3_frame.loc[size, "still unique %"] / 100 * boards))
        _, _, z = cell_z("share", fig.value, [1] * unique + [0] * (boards - unique), fig.n)
        below = 100.0 * unique / boards < fig.value
        ok = ok and not (below and z > 2)
        parts.append(f"{size}: {unique}/{boards} against {fig.text} "
                     f"(z {z if below else 0.0:.2f} below)")
    return ok, "; ".join(parts)
