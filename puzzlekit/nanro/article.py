"""The tables of "Nanro: the digit you never choose, and a clue that is two facts"
(puzzle #43 of a solver series): its figures, quoted, beside ours.  Boards come from
prefix-stable streams (:mod:`puzzlekit.core.measure`); clues are printed as we read
the article: each number of the answer independently with probability q."""
from __future__ import annotations

import numpy as np
import pandas as pd

from ..core import measure
from ..core.genre import ladder_count
from ..core.tables import Article, frame
from ..core.tables.stats import Z_MATCH, cell_z
from . import SPEC, brute, census, figures
from .generate import (
    halve,
    minimise,
    minimise_unique,
    partition_board,
    print_numbers,
    random_board,
    reveal,
)
from .ladder import LADDER, NAMES, fast_grade
from .model import Puzzle

__all__ = ["ARTICLE", "SOURCE", "boards", "clued", "dial_boards", "minimised", "sample", "pooled",
           "gap_boards", "HALVES_ROWS", "STREAM_ROWS", "ABLATION_Q", "DIAL_ROWS", "CEILING"]

SOURCE = figures.SOURCE
ARTICLE = Article("nanro", SOURCE)
_, TWO_FACTS, BUDGET, ABLATION, GRANULARITY, PROBE_UNIQUE, GENERATION = figures.SECTIONS
HALVES_ROWS = ((5, 1.0), (6, 1.0), (8, 1.0), (10, 1.0), (8, 0.8))
STREAM_ROWS = ((6, 0.8), (6, 0.9), (8, 0.9), (10, 0.9))
ABLATION_Q = {6: 0.9, 8: 0.95, 10: 0.95}      # our guess: the article names no q
DIAL_ROWS = ((1, 1), (1, 2), (2, 2), (2, 3), (2, 4), (3, 5), (4, 7))
#: The no-2×2 rule's cap: at most three numbers in each of an even board's disjoint 2×2 blocks.
CEILING = 100 * 3 / 4
BUDGET_SIZES = ((6, "6×6"), (8, "8×8"), (10, "10×10"))
SAMPLES = {  # boards per row: smoke, book, article
    "halves": (6, 100, 200), "minimised": (3, 30, 30), "stream 6": (8, 250, 250),
    "stream 8": (6, 200, 200), "stream 10": (4, 150, 150), "ablation 6": (6, 200, 200),
    "ablation 8": (6, 150, 150), "ablation 10": (4, 100, 100), "dial": (5, 120, 120),
    "q=0.7": (6, 250, 500), "lean": (20, 60, 100)}


def sample(what: str, scale=None) -> int:
    """Boards per row of a measurement at ``scale`` (see ``SAMPLES``)."""
    return measure.sample_size(SAMPLES, what, scale)


_x = "{0}×{0}".format


def _flags(values):
    """True / False per value, None where it is missing."""
    return [None if x is None or pd.isna(x) else bool(x) for x in values]


def _unique(ps):
    """Whether each board has exactly one answer (None when the search was capped)."""
    return _flags(measure.uniqueness(SPEC, ps)["unique"])


def _stream(key, draw):
    """The stream of boards ``draw`` makes, stored under ``key`` (each board drawn once,
    prefix-stable)."""
    return measure.stream(("nanro",) + key, draw, " ".join(map(str, key)))


def boards(n, sizes=(2, 4)):
    """n x n partitions (regions of ``sizes`` cells) with a legal answer: ``(puzzle, mask)``."""
    return _stream(("board", n, *sizes), lambda i, rng: random_board(n, n, rng, sizes))


def clued(n, q, sizes=(2, 4), half=None):
    """Board ``i`` of :func:`boards`, each number printed with probability
    ``q``; with ``half``, only the ``position`` or the ``value`` half of each."""
    if half:
        return _stream(("halved", n, q, half, *sizes),
                       lambda i, rng: halve(clued(n, q, sizes).item(i), half))
    return _stream(("clued", n, q, *sizes),
                   lambda i, rng: print_numbers(*boards(n, sizes).item(i), q, rng))


def dial_boards(lo, hi):
    """8x8 partitions, regions of ``lo..hi`` cells, not redrawn: ``(puzzle, mask, clued at
    q = 0.9)``, mask and clued None without an answer (mask ``"capped"`` if undecided)."""
    def draw(i, rng):
        p, m = partition_board(8, 8, (lo, hi), rng)
        return p, m, (print_numbers(p, m, 0.9, rng) if isinstance(m, np.ndarray) else None)
    return _stream(("dial", lo, hi), draw)


def minimised(n, level):
    """Clue cells of board ``i`` of :func:`boards` minimised for ``level``."""
    return _stream(("minimised", n, level),
                   lambda i, rng: minimise(*boards(n).item(i), level, rng))


def _spent(n, how):
    """Board ``i`` with as many clues as its probe-minimised set: that set itself
    (``how="minimised"``) or as many numbered cells drawn at random."""
    def draw(i, rng):
        (p, m), k = boards(n).item(i), minimised(n, "probe").item(i)
        return reveal(p, m, k if how == "minimised" else
                      rng.choice(np.flatnonzero(m), len(k), replace=False))
    return _stream(("spent", n, how), draw)


def _finished(summary, key, ps, levels):
    """Add to ``summary`` the share of boards each level finishes, and the unique share."""
    r = measure.reach(SPEC, ps, levels=levels)
    for lv in levels:
        summary.share(key, f"{measure.level_label(LADDER, LADDER.level(lv))} %",
                      r.loc[r["level"] == lv, "finished"])
    summary.share(key, "unique %", _unique(ps))


def pooled(scale):
    """Every clued board of the chapter's streams, each once, plus an 8x8 q = 0.7 row."""
    out = [clued(n, q).take(sample(f"stream {n}", scale)) for n, q in STREAM_ROWS]
    out += [clued(n, q).take(sample(f"ablation {n}", scale)) for n, q in ABLATION_Q.items()]
    out += [[c for _, _, c in dial_boards(lo, hi).take(sample("dial", scale)) if c]
            for lo, hi in DIAL_ROWS]
    out.append(clued(8, 0.7).take(sample("q=0.7", scale)))
    return list({id(p): p for ps in out for p in ps}.values())


def _lean(n):
    """Board ``i`` of :func:`boards` with clues taken back while the search still proves
    it unique (not while a ladder level finishes)."""
    def draw(i, rng):
        p, m = boards(n).item(i)
        return reveal(p, m, minimise_unique(p, m, rng))
    return _stream(("lean", n), draw)


def _gaps(ps):
    """The unique boards among ``ps`` the probe fixpoint leaves unfinished."""
    df = measure.probe_unique(SPEC, ps)
    return [p for p, unique, done in zip(ps, df["unique"], df["probe finishes"])
            if unique is True and not done]


def _lean_boards(scale):
    """The lean 6x6 and 8x8 boards (:func:`_lean`) of the chapter."""
    return [p for n in (6, 8) for p in _lean(n).take(sample("lean", scale))]


def gap_boards(scale):
    """Unique boards the probe fixpoint leaves unfinished: ``(in the pooled stream,
    among 6x6 and 8x8 boards with clues taken back while the search proves uniqueness)``."""
    return _gaps(pooled(scale)), _gaps(_lean_boards(scale))


def _z(table_frame, row, col, figure) -> float:
    """|z| of our cell against a figure the article prints outside the table,
    from our per-board values (the article's n where the figure states it)."""
    values = table_frame.attrs["values"][(row, col)]
    stat = table_frame.attrs["stat"][col]
    return cell_z(stat, figure.value, values, figure.n, figure.unit / 2,
                  (figure.low, figure.high))[2]


# ------------------------------------------------------------ tables, by article section
@ARTICLE.table("halves", printed=figures.HALVES, section=TWO_FACTS,
               title="Unique share: full clue, position only, value only",
               cells={(f"{_x(n)}, q=1", "full clue %"): "derived" for n in (5, 6, 8, 10)},
               expect="match",
               note="The article prints no sample size: our error alone.  At q = 1 the full "
                    "clue prints the whole answer, so those boards are unique by how they are "
                    "made: derived.")
def halves(scale):
    """The unique share with every printed clue whole, with only its position
    half, and with only its value half."""
    s, cnt = measure.Summary("board"), sample("halves", scale)
    for n, q in HALVES_ROWS:
        us = [_unique(clued(n, q, half=h).take(cnt)) for h in (None, "position", "value")]
        for col, u in zip(("full clue %", "position only %", "value only %"), us):
            s.share(f"{_x(n)}, q={q:g}", col, u)
        s.given(f"{_x(n)}, q={q:g}", "undecided (ours)", sum(u.count(None) for u in us))
    return s.frame()


@ARTICLE.table("budget", printed=figures.BUDGET, section=BUDGET,
               title="Regions, numbered cells and the probe's share",
               kinds={"2×2 ceiling %": "derived"}, expect="differs",
               note="The article prints no sample size: our error alone.  The 2×2 ceiling "
                    "follows from the rule (three numbers in each disjoint 2×2 block): "
                    "derived.  Our partitioner cuts more, smaller regions than the article's.")
def budget(scale):
    """Per size: regions, numbered cells and their share of the board, and the
    share of the numbers a probe-minimised clue set keeps."""
    s, cnt = measure.Summary("board"), sample("minimised", scale)
    for n, key in BUDGET_SIZES:
        bs, mins = boards(n).take(sample(f"stream {n}", scale)), minimised(n, "probe").take(cnt)
        s.mean(key, "regions", [p.k for p, _ in bs])
        s.mean(key, "numbered cells", [m.sum() for _, m in bs])
        s.mean(key, "share of the board %", [100 * m.mean() for _, m in bs])
        s.given(key, "2×2 ceiling %", CEILING)
        s.mean(key, "share probe needs revealed %",
               [100 * len(k) / m.sum() for k, (_, m) in zip(mins, bs)])
    return s.frame()


@ARTICLE.table("minimised", printed=figures.MINIMISED, section=BUDGET,
               title="Median minimised clue count per level", expect="close",
               note="The article prints no sample size: our error alone.  The numbered cells "
                    "are the median over the boards minimised (the budget table has the mean "
                    "over the whole stream).")
def minimised_table(scale):
    """Per size: the median numbered cells, and the median clue count
    minimised for each level."""
    s, cnt = measure.Summary("board"), sample("minimised", scale)
    for n, key in BUDGET_SIZES:
        bs = boards(n).take(sample(f"stream {n}", scale))
        s.median(key, "numbered cells", [m.sum() for _, m in bs[:cnt]])
        for lv in NAMES:
            s.median(key, lv, [len(k) for k in minimised(n, lv).take(cnt)])
    return s.frame()


@ARTICLE.table("adversarial", printed=figures.ADVERSARIAL, section=BUDGET,
               title="Minimised against random clues, same count",
               kinds={"adversarial unique %": "derived"}, expect="match",
               note="The article prints 0 of 30 for the random clues.  A probe-minimised set "
                    "is unique by how it is made (probe finishing proves uniqueness): derived.")
def adversarial(scale):
    """Per size: the median size of a probe-minimised clue set, and the unique
    share with that set and with as many numbers drawn at random."""
    s, cnt = measure.Summary("board"), sample("minimised", scale)
    for n, key in BUDGET_SIZES:
        s.median(key, "clues", [len(k) for k in minimised(n, "probe").take(cnt)])
        for col, how in (("adversarial unique %", "minimised"), ("random unique %", "random")):
            s.share(key, col, _unique(_spent(n, how).take(cnt)))
    return s.frame()


@ARTICLE.table("stream", printed=figures.STREAM, section=ABLATION,
               title="The unfiltered stream: finishing level, cumulative", expect="close",
               note="The article prints no sample size: our error alone.")
def stream(scale):
    """Per size and q: the share of boards each level finishes, and the unique share."""
    s = measure.Summary("board")
    for n, q in STREAM_ROWS:
        _finished(s, f"{_x(n)}, q={q:g}", clued(n, q).take(sample(f"stream {n}", scale)),
                  NAMES)
    return s.frame()


@ARTICLE.table("ablation", printed=figures.ABLATION, section=ABLATION,
               title="Probe with one rule removed", expect="close",
               note="The article prints no sample size: our error alone.  Its 'slightly "
                    "denser q per size' is unnamed: our q is a guess, shown as ours.")
def ablation(scale):
    """Per size: the share of boards probe finishes with every rule, and with
    each rule below probe removed in turn."""
    s = measure.Summary("board")
    for n, q in ABLATION_Q.items():
        a = measure.ablation(SPEC, clued(n, q).take(sample(f"ablation {n}", scale)))
        for variant in ["full"] + [measure.ablation_label(x) for x in NAMES[:4]]:
            s.share(_x(n), f"{variant} %", a.loc[a["variant"] == variant, "finished"])
        s.given(_x(n), "q (ours)", q)
    return s.frame()


@ARTICLE.table("dial", printed=figures.DIAL, section=GRANULARITY,
               title="Region-size dial at 8×8, q = 0.9", kinds={"partitions tried": "given"},
               cells={("1–1", "with a legal answer %"): "exact"}, expect="differs",
               note="The article prints 120 partitions per row, and its legal-answer column as "
                    "a count of them.  A partition into single cells has no legal board (a "
                    "theorem): exact.  Our 2–2 partitions are domino tilings; the article's "
                    "regions are larger.")
def dial(scale):
    """Per region-size range: the share of partitions with a legal answer, and
    on the boards clued from them regions, numbers and finishing levels."""
    s, cnt = measure.Summary("region sizes"), sample("dial", scale)
    for lo, hi in DIAL_ROWS:
        key, parts = f"{lo}–{hi}", dial_boards(lo, hi).take(cnt)
        s.given(key, "partitions tried", cnt)
        s.share(key, "with a legal answer %",
                [None if isinstance(m, str) else m is not None for _, m, _ in parts])
        pairs = [(c, m) for _, m, c in parts if c]
        if pairs:
            s.mean(key, "regions", [c.k for c, _ in pairs])
            s.mean(key, "numbered %", [100 * m.mean() for _, m in pairs])
            _finished(s, key, [c for c, _ in pairs], ("count", "reach", "probe"))
    return s.frame()


@ARTICLE.table("probe_unique", printed=figures.PROBE_UNIQUE, section=PROBE_UNIQUE,
               title="Probe finishes ⇔ unique, over the pooled stream", expect="match",
               note="Each board once; capped searches counted apart.  Violations (probe "
                    "finishes a board that is not unique) are ruled out by soundness: exact.")
def probe_unique(scale):
    """Over the pooled stream: the share of boards on which probe finishes
    exactly when the board is unique, the violations, and the gaps."""
    s, key = measure.Summary("boards"), "pooled stream"
    df = measure.probe_unique(SPEC, pooled(scale))
    pairs = list(zip(_flags(df["unique"]), df["probe finishes"]))
    s.share(key, "held %", [None if u is None else u == bool(p) for u, p in pairs], 2)
    counts = measure.probe_unique_counts(df)
    s.exact(key, "violations", counts["violations"])
    for col, name in (("boards", "boards"), ("gaps", "gaps"),
                      ("capped, skipped (ours)", "skipped")):
        s.given(key, col, counts[name])
    return s.frame()


@ARTICLE.table("gaps", printed=figures.GAPS, section=PROBE_UNIQUE,
               title="Gap boards re-solved by the raw engine",
               kinds={"ladder search solutions": "derived"}, expect="match",
               note="Gap boards of the stream and of the lean boards (the largest raw count "
                    "shown).  A gap board is unique by the ladder's search by definition: "
                    "derived.  Node counts belong to one engine and one board: not quoted.")
def gaps(scale):
    """The raw engine's verdict on every gap board: its largest count, the
    runs it capped, and the ladder search's count."""
    s, key = measure.Summary("board"), "gap boards"
    stream_gaps, lean_gaps = gap_boards(scale)
    found = stream_gaps + lean_gaps
    raw = [SPEC.brute_count(p, 2) for p in found]
    s.exact(key, "raw solutions", max((r.count for r in raw), default=float("nan")))
    s.exact(key, "raw capped", sum(r.capped for r in raw) if raw else float("nan"))
    s.exact(key, "ladder search solutions",
            max(measure.uniqueness(SPEC, found)["count"], default=float("nan")))
    s.given(key, "raw nodes (median)",
            float(np.median([r.nodes for r in raw])) if raw else float("nan"))
    s.given(key, "in the stream (ours)", len(stream_gaps))
    s.given(key, "among lean boards (ours)",
            f"{len(lean_gaps)} of {2 * sample('lean', scale)}")
    return s.frame()


@ARTICLE.table("engines", printed=figures.ENGINES, section=PROBE_UNIQUE,
               title="Raw engine against the ladder's search", expect="match",
               note="The pooled stream and the lean boards; capped runs are skipped, not "
                    "counted as agreement.")
def engines(scale):
    """The share of boards on which the raw engine and the ladder's search
    count the same answers."""
    s, key = measure.Summary("engines"), "raw vs ladder"
    e = measure.engines(SPEC, pooled(scale) + gap_boards(scale)[1])
    counts = measure.engine_counts(e)
    s.share(key, "agreed %", _flags(e["agree"]))
    s.given(key, "pairs compared", counts["compared"])
    s.given(key, "capped runs skipped", counts["ladder capped"] + counts["raw capped"])
    return s.frame()


@ARTICLE.table("fixture", printed=figures.FIXTURE, section=GENERATION,
               title="5×5 hand fixture", kind="exact", kinds={"regions": "given",
                                                               "clues": "given"},
               expect="match",
               note="Ours, drawn to the article's description: its regions and clues are "
                    "given; its answers and grade are fixed by the rules.")
def fixture(scale):
    """Our 5×5 hand fixture: regions, clues, answers by both engines, grade."""
    p = Puzzle.from_json(census.HAND_5x5)
    return frame([[p.k, len(p.clues), SPEC.brute_count(p, 2).count,
                   ladder_count(SPEC, p).count, fast_grade(p)]],
                 ["5×5 hand fixture"], list(figures.FIXTURE.columns), "board")


@ARTICLE.table("tiny", printed=figures.TINY, section=GENERATION,
               title="The legal boards of a 2×2 grid", kind="exact",
               kinds={"legal boards by hand": "given"}, expect="match",
               note="The article does not draw its 2×2 partition; ours is two dominoes, listed "
                    "by hand (given), whose legal boards both engines must count.")
def tiny(scale):
    """The legal boards of a 2×2 grid of two dominoes: by hand, by the raw
    engine, by the ladder's search."""
    board, hand = Puzzle.make(census.TWO_DOMINOES), census.TWO_DOMINOES_BY_HAND
    raw = {tuple(int(x) for x in m) for m in brute.iter_solutions(board)}
    return frame([[len(hand), len(raw), ladder_count(SPEC, board, 100).count, raw == hand]],
                 ["2×2 grid, two dominoes"], [*figures.TINY.columns, "raw engine = hand list"],
                 "board")


# ------------------------------------------------------------ claims
SINGLETON_GRIDS = ((1, 2), (2, 2), (2, 3), (3, 3), (3, 4), (4, 4), (5, 5), (6, 6), (8, 8))


@ARTICLE.claim("conjunction", text="value only ≤ position only < full = 100% at q = 1",
               section=TWO_FACTS, uses=("halves",))
def conjunction(halves_frame):
    """At q = 1 the whole clue pins every board, position alone does not, and
    value alone pins no more than position."""
    q1 = halves_frame.loc[[f"{_x(n)}, q=1" for n in (5, 6, 8, 10)]]
    full, position, value = q1["full clue %"], q1["position only %"], q1["value only %"]
    holds = ((full == 100) & (value <= position) & (position < 100)).all()
    return holds, "full/position/value: " + "; ".join(
        f"{a}/{b}/{c}" for a, b, c in zip(full, position, value))


@ARTICLE.claim("budget", text="answers number 58–59% of the board; the ladder wants about "
               "a third printed", section=BUDGET, uses=("budget",), smoke_undecided=True)
def budget_claim(budget_frame):
    """Every size's numbered share lies within our sampling error of the
    article's 58–59%, and the probe's share within it of a third."""
    share = [_z(budget_frame, key, "share of the board %", figures.BUDGET_SHARE)
             for _, key in BUDGET_SIZES]
    third = [_z(budget_frame, key, "share probe needs revealed %", figures.PROBE_THIRD)
             for _, key in BUDGET_SIZES]
    worst = max(share + third)
    if np.isnan(worst):
        return None, "no boards"
    numbered = budget_frame["share of the board %"]
    probe = budget_frame["share probe needs revealed %"]
    return worst <= Z_MATCH, (f"numbered share {numbered.min()}–{numbered.max()}% (worst |z| "
                              f"{max(share):.1f}), probe reveals {probe.min()}–{probe.max()}% "
                              f"(worst |z| {max(third):.1f})")


@ARTICLE.claim("clash_passenger", text="clash earns little by increment and costs more by "
               "ablation", section=ABLATION, uses=("stream", "ablation"), smoke_undecided=True)
def clash_passenger(stream_frame, ablation_frame):
    """At 8×8, removing clash from probe costs more than clash adds on top of block."""
    row, abl = stream_frame.loc["8×8, q=0.9"], ablation_frame.loc["8×8"]
    gained, cost = row["+clash %"] - row["+block %"], abl["full %"] - abl["−clash %"]
    return cost > gained, (f"clash adds {gained:.1f} points by increment, costs {cost:.1f} "
                           f"by ablation at 8×8")


@ARTICLE.claim("singletons_illegal", text="a partition into single cells has no legal board",
               section=GRANULARITY, theorem=True, uses=("dial",))
def singletons_illegal(dial_frame):
    """No legal board on all-singleton partitions (the raw engine), and none at 8×8."""
    none = all(census.singleton_has_no_board(h, w) for h, w in SINGLETON_GRIDS)
    share = dial_frame.loc["1–1", "with a legal answer %"]
    return none and share == 0, (f"no legal board on the all-singleton partitions of "
                                 f"{len(SINGLETON_GRIDS)} grids: {none}; {share}% at 8×8")


@ARTICLE.claim("granularity_wall", text="coarser regions, fewer unique boards",
               section=GRANULARITY, uses=("dial",), smoke_undecided=True)
def granularity_wall(dial_frame):
    """The unique share at 2–2 is above the one at 4–7."""
    unique = dial_frame["unique %"]
    return unique["2–2"] > unique["4–7"], (f"unique {unique['2–2']}% at 2–2, "
                                           f"{unique['4–7']}% at 4–7")


@ARTICLE.claim("probe_implies_unique", text="probe finishes ⇒ unique (soundness)",
               section=PROBE_UNIQUE, theorem=True, uses=("probe_unique",))
def probe_implies_unique(probe_frame):
    """No board that probe finishes has a second answer; no boards is no verdict."""
    row = probe_frame.iloc[0]
    if not row["boards"]:
        return None, "no boards"
    return row["violations"] == 0, (f"{row['boards']:.0f} boards, "
                                       f"{row['violations']:.0f} violations")


@ARTICLE.claim("gaps_rare", text="unique boards the probe cannot finish are as rare as the "
               "article's one in 2,400", section=PROBE_UNIQUE, uses=("probe_unique",))
def gaps_rare(probe_frame):
    """Our share of boards where probe ⇔ unique holds is within the sampling
    error of both samples of the article's 2,399 of 2,400."""
    row = probe_frame.iloc[0]
    if not row["boards"]:
        return None, "no boards"
    article = figures.PROBE_UNIQUE.figure("pooled stream", "held %")
    z = _z(probe_frame, "pooled stream", "held %", article)
    return z <= Z_MATCH, (f"held on {row['held %']}% of {row['boards']:.0f} boards "
                          f"({row['gaps']:.0f} gaps) against {article.text}: |z| {z:.1f}")


@ARTICLE.claim("gaps_confirmed", text="every gap board is unique by the raw engine",
               section=PROBE_UNIQUE, theorem=True, uses=("gaps",))
def gaps_confirmed(gaps_frame):
    """The raw engine counts exactly one answer on every gap board found, with
    no cap; no gap board is no verdict."""
    row = gaps_frame.iloc[0]
    if pd.isna(row["raw solutions"]):
        return None, "no gap board found"
    return (row["raw solutions"] == 1 and row["raw capped"] == 0,
            f"raw-engine count {row['raw solutions']:.0f} (largest), {row['raw capped']:.0f} "
            "capped")


@ARTICLE.claim("engines_agree", text="the raw engine and the ladder search agree",
               section=PROBE_UNIQUE, theorem=True, uses=("engines",))
def engines_agree(engines_frame):
    """Every compared count agrees (no pair compared is no verdict)."""
    row = engines_frame.iloc[0]
    if not row["pairs compared"]:
        return None, "no pairs compared"
    return row["agreed %"] == 100, (f"agreed on {row['agreed %']}% of "
                                    f"{row['pairs compared']:.0f} boards; "
                                    f"{row['capped runs skipped']:.0f} capped runs skipped")
