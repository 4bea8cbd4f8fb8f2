"""The tables of "Sashigane" (SEN LLC, puzzle #55 of a solver series): its
figures, quoted, beside ours.  Exhaustive tables come from
:mod:`puzzlekit.sashigane.census`; random answers from prefix-stable streams
(:mod:`puzzlekit.core.measure`) drawn by
:func:`puzzlekit.sashigane.generate.random_partition`; bank tables from our bank."""
from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Decimal

import numpy as np

from ..core import banks, measure
from ..core.tables import Article, frame
from . import SPEC, census, figures
from .certify import budget_refutes
from .generate import answer_board, random_partition, random_small
from .ladder import LADDER, initial_state
from .model import Answer, Puzzle

__all__ = ["ARTICLE", "SOURCE", "sample", "answers", "bank_boards", "CLAUSE_ROWS",
           "fit_settles"]

SOURCE = figures.SOURCE
ARTICLE = Article("sashigane", SOURCE)
BLANK, PRINTED, BARE, CONVENTION, NEARLY_FREE, CLAUSE, LADDER_SECTION, BUDGET, _BUG = (
    figures.SECTIONS)
SAMPLES = {  # answers per row: smoke, book, article
    "dial 6": (8, 150, 1200), "dial 8": (6, 100, 1200), "dial 12": (3, 40, 400),
    "numbered": (3, 30, 200), "branch cap": (2_000, 5_000, 300_000)}
MASKS = 8                      # coin-flip masks per answer, as in the article
MEDIAN_BOARDS = 3              # the fewest boards a median of ours is shown over
NUMBERED_SIZES = (5, 6, 7, 8, 9, 10)
MASK_BOARDS = ((2, 6), (3, 4), (3, 5), (3, 6), (4, 4), (4, 5), (4, 6))
FIT_BOARDS = ((3, 5), (4, 4), (4, 5))
CLAUSE_ROWS = (("nothing", None), ("the arrow points home", "home"),
               ("the arrow sits at an end", "end"), ("the circle sits on the bend", "bend"),
               ("a number equals the piece size", "size"))
_x = "{0}×{1}".format


def sample(what: str, scale=None) -> int:
    """Answers (or a cap) per row of a measurement at ``scale``."""
    return measure.sample_size(SAMPLES, what, scale)


def _pct(num, den):
    """A percentage rounded half-up to one decimal, as the article prints."""
    return float(Decimal(str(100.0 * num / den)).quantize(Decimal("0.1"), ROUND_HALF_UP))


def answers(n):
    """Random n x n answers (flat piece labels), one per stream index."""
    def draw(i, rng):
        labels = None
        while labels is None:
            labels = random_partition(rng, n, n)
        return labels
    return measure.stream(("sashigane", "answer", n), draw, f"{n}x{n} answers")


def _boards(n, convention):
    """Bare-circle boards of :func:`answers` under one arrow convention; the
    coin stream holds :data:`MASKS` boards per answer."""
    if convention == "coin":
        def draw(i, rng):
            return [answer_board(answers(n).item(i), n, n, "coin", rng, numbers=False)
                    for _ in range(MASKS)]
    else:
        def draw(i, rng):
            return answer_board(answers(n).item(i), n, n, convention, rng, numbers=False)
    return measure.stream(("sashigane", convention, n), draw, f"{n}x{n} {convention}")


def bank_boards(size=None):
    """The shipped boards (puzzle, answer, entry), optionally of one size."""
    out = []
    for e in banks.load("sashigane"):
        if size is None or e["size"] == [size, size]:
            out.append((Puzzle.from_json(e["clues"]), Answer.from_json(e["answer"]), e))
    return out


def _flags(values):
    """True / False per value, None where it is missing (a capped search)."""
    return [None if u is None or u != u else bool(u) for u in values]


def _unique(puzzles):
    """Whether each board has one answer (None where the search was capped)."""
    return _flags(measure.uniqueness(SPEC, puzzles, level="cover")["unique"])


def fit_settles(puzzle) -> float:
    """Percentage of the circles' geometric candidate L's the ``fit`` fixpoint removes."""
    s = initial_state(puzzle)
    LADDER.fixpoint(s, "fit", attribute=False)
    return 100.0 * (1.0 - s.bits.mean())


# ------------------------------------------------------------ 1. the blank board
@ARTICLE.table("ledger", printed=figures.LEDGER, section=BLANK, kind="exact",
               title="Blank L-partitions of h × n boards", expect="match",
               note="The scanner with the clues ignored, every cell at every scale.")
def ledger(scale):
    """The scanner's count of L-partitions of every blank h × n board the
    article prints."""
    rows = [[census.ledger(h, n) if n <= last else "—" for n in range(2, 15)]
            for h, last in census.LEDGER_ROWS.items()]
    return frame(rows, [f"{h}×n" for h in census.LEDGER_ROWS], list(range(2, 15)), "rows")


@ARTICLE.table("squares", printed=figures.SQUARES, section=BLANK, kind="exact",
               title="Blank L-partitions of n × n squares", expect="match",
               note="The diagonal of the ledger, with 1×1.")
def squares(scale):
    """The scanner's count of L-partitions of the blank n × n squares, n = 1..6."""
    return frame([[census.ledger(n, n) for n in range(1, 7)]], ["n×n"], list(range(1, 7)),
                 "board")


# ------------------------------------------------------------ 2. every number printed
@ARTICLE.table("fit", printed=figures.FIT, section=PRINTED, kind="exact",
               title="fit candidates of a fully clued circle, every (partition, mask)",
               expect="match",
               note="Every circle of every arrow mask of every partition: exhaustive.  The "
                    "'none' column is ours (the answer's own L always survives).")
def fit(scale):
    """How many L's ``fit`` leaves each fully clued circle, over every
    partition and arrow mask of 3×5, 4×4 and 4×5."""
    counts = sum(census.fit_counts(h, w) for h, w in FIT_BOARDS)
    total = int(counts.sum())
    row = [total, _pct(counts[1], total), _pct(counts[2], total), int(counts[3:].sum()),
           int(counts[0])]
    return frame([row], ["3×5, 4×4, 4×5"],
                 ["circles", "one L %", "two L %", "three or more", "none"], "boards")


def _mask_rows(numbered: bool):
    """``(board, census.mask_table)`` for every board of :data:`MASK_BOARDS`."""
    return [(_x(h, w), census.mask_table(h, w, numbered)) for h, w in MASK_BOARDS]


@ARTICLE.table("numbered", printed=figures.NUMBERED, section=PRINTED, kind="exact",
               title="Every number printed: (partition, mask) pairs with one answer",
               expect="match", note="Exhaustive; the article's total leaves out 4×6.")
def numbered(scale):
    """Every (partition, arrow mask) board with every number printed: how
    many there are and the share with exactly one answer."""
    rows = _mask_rows(True)[:-1]
    pairs = sum(t["pairs"] for _, t in rows)
    unique = sum(t["unique"] for _, t in rows)
    data = [[t["pairs"], _pct(t["unique"], t["pairs"])] for _, t in rows]
    return frame(data + [[pairs, _pct(unique, pairs)]], [b for b, _ in rows] + ["all"],
                 ["pairs", "unique %"], "board")


@ARTICLE.table("numbered_random", printed=figures.NUMBERED_RANDOM, section=PRINTED,
               title="Every number printed, random answers: ambiguous share", expect="match",
               note="The article prints no sample size: our error alone.  Our answers, "
                    "coin-flip arrows.")
def numbered_random(scale):
    """The share of random answers with coin-flip arrows and every number
    printed that have a second answer."""
    s, count = measure.Summary("board"), sample("numbered", scale)
    for n in NUMBERED_SIZES:
        boards = [answer_board(labels, n, n, "coin", np.random.default_rng(i), numbers=True)
                  for i, labels in enumerate(answers(n).take(count))]
        s.share(_x(n, n), "ambiguous %", [None if u is None else not u for u in _unique(boards)])
        s.given(_x(n, n), "boards (ours)", count)
    return s.frame()


# ------------------------------------------------------------ 3. bare circles
@ARTICLE.table("bare", printed=figures.BARE, section=BARE, kind="exact",
               title="Bare circles: (partition, mask) pairs with one answer", expect="match",
               note="Exhaustive; 'answers' is the number of partitions.")
def bare(scale):
    """Every (partition, arrow mask) board with bare circles: the share with
    one answer, and the share of partitions no arrow placement pins."""
    data = [[t["pairs"], _pct(t["unique"], t["pairs"]),
             100.0 * t["unpinnable"] / t["partitions"], t["partitions"]]
            for _, t in _mask_rows(False)]
    return frame(data, [b for b, _ in _mask_rows(False)],
                 ["pairs", "unique %", "answers no mask pins", "answers"], "board")


# ------------------------------------------------------------ 4. the arrow end
@ARTICLE.table("dial", printed=figures.DIAL, section=CONVENTION,
               title="Arrow-end convention, bare circles: unique share", expect="differs",
               note="The article's answers per row are its sample size (its coin boards, "
                    "eight to an answer, are not independent).  Our random answers have more, "
                    "smaller pieces than the article's (median pieces), and piece count drives "
                    "ambiguity.  Ties in arm length: 'long' takes the vertical arm, 'short' "
                    "the horizontal one.  Answers and coin boards are our sample sizes.")
def dial(scale):
    """Random answers drawn with every arrow on the long arm, on the short
    arm, or one coin per piece: the share of unique boards, and the pieces."""
    s = measure.Summary("board")
    for n in (6, 8, 12):
        count = sample(f"dial {n}", scale)
        key = _x(n, n)
        s.median(key, "pieces", [int(labels.max()) + 1 for labels in answers(n).take(count)])
        s.share(key, "long arm %", _unique(_boards(n, "long").take(count)))
        s.share(key, "short arm %", _unique(_boards(n, "short").take(count)))
        coin = [p for masks in _boards(n, "coin").take(count) for p in masks]
        s.share(key, "coin flip %", _unique(coin))
        s.given(key, "answers", count)
        s.given(key, "coin boards", count * MASKS)
    return s.frame()


# ------------------------------------------------------------ 5. the bank
@ARTICLE.table("bank", printed=figures.BANK, section=NEARLY_FREE, shape=True,
               title="The bank after erasure", expect="differs",
               note="Each side's own bank.  Our generator's answers have smaller pieces, so "
                    "more numbers survive erasure.  The board counts are our bank's plan "
                    "(given).")
def bank(scale):
    """Per bank size: the pieces and the numbers left on each board, and the
    share of boards that stay unique with every number taken off."""
    s = measure.Summary("bank")
    for n in (8, 12):
        boards = bank_boards(n)
        numbers = [int((p.circle > 0).sum()) for p, _, _ in boards]
        stripped = [p.with_numbers(np.zeros(p.h * p.w, np.int64)) for p, _, _ in boards]
        key = _x(n, n)
        s.given(key, "boards", len(boards))
        s.median(key, "median pieces", [len(a.pieces) for _, a, _ in boards])
        s.median(key, "numbers median", numbers)
        s.share(key, "unique with no numbers", _unique(stripped))
    return s.frame()


# ------------------------------------------------------------ 6. which clause
@ARTICLE.table("ablation", printed=figures.CLAUSES, section=CLAUSE, shape=True,
               title="Clause ablation over the bank", expect="close",
               cells={("nothing", "boards losing uniqueness"): "derived"},
               note="Each side's own bank.  Answers counted up to 1000 at the cover level, "
                    "200,000 nodes per board; branch points summed over the bank.  A median "
                    "over fewer than three boards is too few to judge and is left out.  With "
                    "nothing removed no board loses uniqueness: every bank board is proved "
                    "unique (derived).")
def ablation(scale):
    """Each clause of the rules switched off in turn on every bank board: the
    share of boards that gain answers, their median answer count, and the
    branch points the search needs."""
    boards = bank_boards()
    s, lost_by = measure.Summary("rule removed"), {}
    for label, clause in CLAUSE_ROWS:
        ps = [p if clause is None else p.with_rules(off=[clause]) for p, _, _ in boards]
        found = measure.uniqueness(SPEC, ps, level="cover", limit=1000, max_nodes=200_000)
        lost = [None if u is None else not u for u in _flags(found["unique"])]
        lost_by[label] = [i for i, x in enumerate(lost) if x]
        s.share(label, "boards losing uniqueness", lost)
        if len(lost_by[label]) >= MEDIAN_BOARDS:
            s.median(label, "median answers then", found["count"].iloc[lost_by[label]])
        s.mean(label, "branch points", len(ps) * found["branch points"], 0)
    out = s.frame()
    out.attrs["lost"] = lost_by
    return out


# ------------------------------------------------------------ 7. the ladder
@ARTICLE.table("branch", printed=figures.BRANCH, section=LADDER_SECTION, shape=True,
               title="Branch points per rung over the bank", expect="differs",
               kinds={"fit": "given", "fit capped": "given"},
               note="Each side's own bank; branch points summed over it.  Our cap is on search "
                    "nodes and smaller below article scale, so the fit cells are lower bounds "
                    "set by the cap (given), as are the boards capped.  'fit removes' is our "
                    "reading of the article's 'settles 94.4%': the share of each circle's "
                    "geometric L's that fit deletes.")
def branch(scale):
    """Branch points the ladder's search needs at each level to prove every
    bank board unique, and what ``fit`` alone removes."""
    cap = sample("branch cap", scale)
    s = measure.Summary("bank")
    for n in (8, 12):
        ps = [p for p, _, _ in bank_boards(n)]
        key = _x(n, n)
        for level in LADDER.names:
            found = measure.uniqueness(SPEC, ps, level=level, max_nodes=cap)
            if level == "fit":
                s.given(key, "fit", int(found["branch points"].sum()))
                s.given(key, "fit capped", int(found["capped"].sum()))
            else:
                s.mean(key, level, len(ps) * found["branch points"], 0)
        s.mean(key, "fit removes % of L's", [fit_settles(p) for p in ps])
        s.given(key, "node cap", cap)
    return s.frame()


# ------------------------------------------------------------ claims
@ARTICLE.claim("a052537", text="the 2×n row is A052537, a(n) = a(n−1) + 2a(n−3)",
               section=BLANK, theorem=True, uses=("ledger",))
def a052537(ledger_frame):
    """The 2×n row equals A052537 term by term, and A052537 keeps its recurrence."""
    terms = census.a052537(16)
    row = ledger_frame.loc["2×n"]
    wrong = [n for n in range(2, 15) if row[n] != terms[n]]
    recurrence = all(terms[n] == terms[n - 1] + 2 * terms[n - 3] for n in range(3, 16))
    return (not wrong and recurrence,
            f"2×n for n = 2..14 against A052537: {len(wrong)} terms differ {wrong}")


@ARTICLE.claim("three_by_three", text="3×3 is the only square (3..6) with no L-partition",
               section=BLANK, theorem=True, uses=("squares",))
def three_by_three(squares_frame):
    """Among the squares 3×3 to 6×6, only 3×3 has no partition."""
    row = squares_frame.iloc[0]
    empty = [n for n in range(3, 7) if row[n] == 0]
    return empty == [3], f"squares 3..6 with no partition: {empty}"


@ARTICLE.claim("transposes", text="ledger entries equal their transposes", section=BLANK,
               theorem=True)
def transposes(count=census.ledger):
    """Every ledger entry of at most 30 cells equals its transpose, each
    counted by ``count`` (the scanner walks the two in different orders)."""
    pairs = [(h, n) for h, last in census.LEDGER_ROWS.items() for n in range(h + 1, last + 1)
             if h * n <= 30]
    differ = [(h, n) for h, n in pairs if count(h, n) != count(n, h)]
    return not differ, f"{len(pairs) - len(differ)} of {len(pairs)} entries equal their transposes"


@ARTICLE.claim("fit_two", text="a fully clued circle has at most two fit candidates",
               section=PRINTED, theorem=True, uses=("fit",))
def fit_two(fit_frame):
    """No circle keeps three or more L's, and none keeps none."""
    row = fit_frame.iloc[0]
    return (row["three or more"] == 0 and row["none"] == 0,
            f"{row['circles']:.0f} circles: {row['one L %']}% one L, {row['two L %']}% two, "
            f"{row['three or more']:.0f} three or more, {row['none']:.0f} none")


@ARTICLE.claim("budget", text="the size budget never rejects a solvable board", section=BUDGET,
               theorem=True)
def budget(boards=None, refutes=budget_refutes):
    """No board that ``refutes`` rejects has an answer (the scanner decides),
    over the bank and 200 random 5×5 boards, or the boards given."""
    if boards is None:
        rng = np.random.default_rng(55)
        boards = ([p for p, _, _ in bank_boards()]
                  + [random_small(rng, 5, 5) for _ in range(200)])
    refuted = [p for p in boards if refutes(p)]
    solvable = sum(SPEC.brute_count(p, 1).count > 0 for p in refuted)
    return (solvable == 0,
            f"{len(boards)} boards, {len(refuted)} refuted, {solvable} of those solvable")


@ARTICLE.claim("size_rule_self_check", text="exactly the boards carrying a number lose "
               "uniqueness without the size rule", section=CLAUSE, theorem=True,
               uses=("ablation",))
def size_rule_self_check(ablation_frame):
    """The boards that lose uniqueness without the size clause are exactly
    the bank boards that carry a number."""
    carry = [i for i, (p, _, _) in enumerate(bank_boards()) if (p.circle > 0).any()]
    lost = ablation_frame.attrs["lost"]["a number equals the piece size"]
    return lost == carry, f"{len(lost)} boards lose uniqueness; {len(carry)} carry a number"


def _share_gap(first, second, n_first, n_second):
    """The gap between two shares (percent) in standard errors of their
    difference (the pooled share's), 0 when neither side varies."""
    pooled = (first * n_first + second * n_second) / (100.0 * (n_first + n_second))
    se = 100.0 * math.sqrt(pooled * (1 - pooled) * (1 / n_first + 1 / n_second))
    if se == 0:
        return 0.0 if first == second else math.copysign(math.inf, first - second)
    return (first - second) / se


def _beats(gaps) -> bool | None:
    """True when every gap is above twice its standard error, False when one
    is below minus twice it (the data say the opposite), else None: the
    samples are too small to decide."""
    if all(gap > 2 for gap in gaps):
        return True
    return False if any(gap < -2 for gap in gaps) else None


@ARTICLE.claim("position_beats_direction", text="the arrow's position outweighs its direction",
               section=CLAUSE, uses=("ablation",))
def position_beats_direction(ablation_frame):
    """More bank boards lose uniqueness without "at an end" than without
    "points home", by more than twice the sampling error of the difference
    (fewer by as much fails; in between is undecided)."""
    col = "boards losing uniqueness"
    end, home = "the arrow sits at an end", "the arrow points home"
    boards = len(ablation_frame.attrs["values"][(end, col)])
    gap = _share_gap(ablation_frame.at[end, col], ablation_frame.at[home, col], boards, boards)
    return (_beats([gap]),
            f"without 'at an end' {ablation_frame.at[end, col]}% of {boards} boards lose "
            f"uniqueness, without 'points home' {ablation_frame.at[home, col]}% "
            f"({gap:.1f} standard errors apart)")


@ARTICLE.claim("cover_finishes_bank", text="cover finishes every bank board without a guess",
               section=LADDER_SECTION)
def cover_finishes_bank(boards=None):
    """The fixpoint at ``cover`` decides every bank board (or every board
    given), measured here rather than read from the stored grades."""
    if boards is None:
        boards = [p for p, _, _ in bank_boards()]
    open_boards = sum(not measure.fix(SPEC, p, "cover").finished for p in boards)
    return (open_boards == 0 and bool(boards),
            f"the cover fixpoint leaves {open_boards} of {len(boards)} boards open")


@ARTICLE.claim("consistency_wins", text="a consistent convention beats a coin flip",
               section=CONVENTION, uses=("dial",), smoke_undecided=True)
def consistency_wins(dial_frame):
    """At every size the better convention's unique share lies above the
    coin flip's by more than twice the sampling error of the difference (the
    coin boards counted as their answers, eight masks to one answer); below
    it by as much at any size fails; in between is undecided."""
    gaps = {}
    for row in dial_frame.index:
        best = max(dial_frame.at[row, "long arm %"], dial_frame.at[row, "short arm %"])
        count = dial_frame.at[row, "answers"]
        gaps[row] = (best, _share_gap(best, dial_frame.at[row, "coin flip %"], count, count))
    return (_beats([gap for _, gap in gaps.values()]),
            "best convention against the coin: " + "; ".join(
                f"{row} {best}% vs {dial_frame.at[row, 'coin flip %']}% ({gap:.1f} se)"
                for row, (best, gap) in gaps.items()))
