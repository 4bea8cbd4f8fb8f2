"""The tables of "Kojun: the first clue is drawn, not written" (puzzle #46 of a
solver series, SEN LLC): its figures, quoted, beside ours.  Boards come from
prefix-stable streams (:mod:`puzzlekit.core.measure`): a random partition and
one fill attempt, nothing redrawn; givens revealed at random or adversarially."""
from __future__ import annotations

import numpy as np
import pandas as pd

from ..core import banks, measure
from ..core.tables import Article, frame
from . import SPEC, census, figures
from .certify import single_changes, swaps
from .generate import SIZES, VBIAS, minimise, partition_board, reveal, reveal_share
from .ladder import NAMES
from .model import Answer, Puzzle, column_regions

__all__ = ["ARTICLE", "SOURCE", "naked", "admitted", "revealed", "sample", "DIAL", "VBIASES",
           "RECTANGLES"]

SOURCE = figures.SOURCE
ARTICLE = Article("kojun", SOURCE)
FIRST_CLUE, COEXIST, VERTICAL, GIVENS, ROOF, CENSUS, SECOND = figures.SECTIONS
DIAL = ((1, 1), (2, 3), (2, 5), (3, 6), (4, 7), (5, 9))
VBIASES = (0.0, 0.5, 0.75, 1.0)
VB_ROWS = ("0.00 (flat)", "0.50", "0.75", "1.00 (tall)")
RECTANGLES = ((1, 5), (3, 2), (4, 2), (3, 3), (2, 5))
SWAP_SIZES = (4, 6, 8)
SAMPLES = {  # boards (or partitions) per row: smoke, book, article
    "partition": (6, 100, 200), "dial": (8, 80, 80), "median": (3, 15, 30),
    "givens": (8, 60, 100), "adversarial": (4, 30, 50), "ablation": (4, 20, 20),
    "swap": (12, 120, 250)}


def sample(what: str, scale=None) -> int:
    """Boards per row of a measurement at ``scale`` (see ``SAMPLES``)."""
    return measure.sample_size(SAMPLES, what, scale)


_x = "{0}×{0}".format


def _stream(key, draw):
    """The stream of boards ``draw`` makes, stored under ``key``."""
    return measure.stream(("kojun",) + key, draw, " ".join(map(str, key)))


def naked(n, sizes=SIZES, vbias=VBIAS, merge=False):
    """n x n partitions and one fill attempt each: ``(bare puzzle, digits | None | "capped")``.
    As the article's mean region sizes show its partitioner doing, a region that cannot
    grow to the range stays a fragment (``merge=True``: it merges into a neighbour)."""
    return _stream(("naked", n, *sizes, vbias, merge),
                   lambda i, rng: partition_board(n, n, sizes, vbias, rng, merge=merge))


def admitted(n, count, sizes=SIZES, vbias=VBIAS):
    """The partitions among the first ``count`` of :func:`naked` that admit a board."""
    return [(p, v) for p, v in naked(n, sizes, vbias).take(count) if isinstance(v, np.ndarray)]


def revealed(n, share, count):
    """Board ``i`` of the default stream with a random ``share`` of its cells revealed
    (``share`` "adv": givens minimised for probe); the partitions that admit no board
    are skipped."""
    def draw(i, rng):
        p, v = naked(n).item(i)
        if not isinstance(v, np.ndarray):
            return None
        return (reveal(p, v, minimise(p, v, "probe", rng)) if share == "adv"
                else reveal_share(p, v, share, rng)), v
    return _stream(("revealed", n, share), draw).take(count, skip_none=True)


def _admits(parts):
    """Whether each partition admits a board (None where the fill was capped)."""
    return [None if isinstance(v, str) else v is not None for _, v in parts]


def _pinned(ps, level):
    """The share of cells (%) the fixpoint at ``level`` leaves one value on each board."""
    return [measure.fix(SPEC, p, level).decided for p in ps]


def _flags(values):
    """True / False per value, None where it is missing."""
    return [None if x is None or pd.isna(x) else bool(x) for x in values]


def _median_givens(vb, count, tries=40):
    """Givens minimised for ``region`` on the first ``count`` 6x6 partitions at ``vbias``
    that admit a board (looking through at most ``tries * count`` partitions)."""
    def draw(i, rng):
        p, v = naked(6, SIZES, vb).item(i)
        return len(minimise(p, v, "region", rng)) if isinstance(v, np.ndarray) else None
    st, out = _stream(("median", vb), draw), []
    for i in range(tries * count):
        if len(out) >= count:
            break
        if st.item(i) is not None:
            out.append(st.item(i))
    return out


def _unique(ps):
    """Whether each board has exactly one answer (None when the search was capped)."""
    return _flags(measure.uniqueness(SPEC, ps)["unique"])


# ------------------------------------------------------------ tables, by article section
@ARTICLE.table("partition", printed=figures.PARTITION, section=FIRST_CLUE,
               title="Cells pinned by the partition alone, per level (naked boards, sizes 4–7)",
               expect="close",
               note="The article prints no sample size: our error alone.  Fragments below the "
                    "range are kept, as the granularity table's mean region sizes show the "
                    "article's partitioner doing.")
def partition(scale):
    """Mean share of cells each level pins on naked 6×6 and 10×10 boards."""
    s = measure.Summary("n")
    for n in (6, 10):
        ps = [p for p, _ in admitted(n, sample("partition", scale))]
        for lv in NAMES:
            s.mean(_x(n), f"`{lv}`" if lv != "probe" else "probe", _pinned(ps, lv))
    return s.frame()


@ARTICLE.table("granularity", printed=figures.GRANULARITY, section=COEXIST,
               title="Region-size dial at 8×8: existence and shape-pinning",
               kinds={"mean region size": "given"}, expect="differs",
               note="The article prints no sample size: our error alone.  Mean region size is "
                    "given: we keep fragments below the range because these figures show the "
                    "article's partitioner does.  Our fill attempt is a complete propagating "
                    "search, so 'admits' is existence itself.")
def granularity(scale):
    """Per region-size range: the share of 8×8 partitions that admit a board,
    their mean region size and what ``order`` pins on those that do."""
    s, cnt = measure.Summary("8×8, region sizes"), sample("dial", scale)
    for lo, hi, merge in [(lo, hi, False) for lo, hi in DIAL] + [(4, 7, True)]:
        key = f"{lo}–{hi}" + (", fragments merged (ours)" if merge else "")
        parts = naked(8, (lo, hi), VBIAS, merge).take(cnt)
        s.share(key, "admits a board %", _admits(parts))
        s.mean(key, "mean region size", [64 / p.k for p, _ in parts], 2)
        ok = [p for p, v in parts if isinstance(v, np.ndarray)]
        if ok:
            s.mean(key, "pinned by shape (`order`) %", _pinned(ok, "order"))
        s.given(key, "undecided (ours)", sum(isinstance(v, str) for _, v in parts))
    return s.frame()


@ARTICLE.table("verticality", printed=figures.VERTICALITY, section=VERTICAL,
               title="Verticality dial at 8×8 (and 6×6 ink cost)", expect="differs",
               note="The article prints no sample size: our error alone.  Same partitioner "
                    "and fill attempt as the granularity table; the 6×6 medians are over the "
                    "first partitions that admit a board.")
def verticality(scale):
    """Per growth bias: existence, column regions, shape-pinning and the
    median givens a ``region`` finish costs at 6×6."""
    s, cnt = measure.Summary("8×8, vbias"), sample("dial", scale)
    for vb, key in zip(VBIASES, VB_ROWS):
        parts = naked(8, SIZES, vb).take(cnt)
        s.share(key, "admits a board %", _admits(parts))
        s.mean(key, "cells in column regions %",
               [100 * column_regions(p).mean() for p, _ in parts])
        ok = [p for p, v in parts if isinstance(v, np.ndarray)]
        if ok:
            s.mean(key, "pinned by shape (`order`) %", _pinned(ok, "order"))
        med = _median_givens(vb, sample("median", scale))
        if med:
            s.median(key, "median givens, `region` finish (6×6)", med)
    return s.frame()


@ARTICLE.table("givens", printed=figures.GIVENS, section=GIVENS,
               title="Random reveals against adversarial givens", expect="differs",
               note="The article prints no sample size: our error alone.  Adversarial: "
                    "givens minimised for probe.")
def givens(scale):
    """Uniqueness after random reveals, and the median size of an
    adversarial (minimised) set of givens."""
    s = measure.Summary("n")
    for n in (6, 8):
        for share in (0.3, 0.5):
            ps = [p for p, _ in revealed(n, share, sample("givens", scale))]
            s.share(_x(n), f"unique at {share:.0%} revealed %", _unique(ps))
        adv = [p for p, _ in revealed(n, "adv", sample("adversarial", scale))]
        s.median(_x(n), "adversarial givens (median)", [len(p.givens) for p in adv])
    return s.frame()


@ARTICLE.table("ablation", printed=figures.ABLATION, section=ROOF,
               title="Ablation at 10×10, naked boards", cells={("−probe", "probes"): "derived"},
               expect="differs",
               note="Work counters belong to one implementation: compared all the same (a "
                    "rung that does its work differently shows here).  Without probe there "
                    "are no probes: derived.")
def ablation(scale):
    """Each rung removed in turn on naked 10×10 boards: cells pinned, the
    share of fixpoints that moved, and the work counters."""
    s = measure.Summary("10×10, variant")
    ps = [p for p, _ in admitted(10, sample("ablation", scale))]
    a = measure.ablation(SPEC, ps)
    work = "work: region assignments"
    for var in ["full"] + [measure.ablation_label(x) for x in NAMES[:4]]:
        rows = a[a["variant"] == var]
        s.mean(var, "cells pinned %", rows["decided %"])
        if var != "full":
            s.share(var, "fixpoints moved %", rows["moved"])
        s.mean(var, "region assignments", rows[work] if work in rows else [0.0] * len(rows), 0)
        s.mean(var, "probes", rows["probes"], 0)
    low = [measure.fix(SPEC, p, "region") for p in ps]
    top = [measure.fix(SPEC, p, "probe") for p in ps]
    s.mean("−probe", "cells pinned %", [f.decided for f in low])
    s.share("−probe", "fixpoints moved %", [not np.array_equal(f.bits, g.bits)
                                            for f, g in zip(low, top)])
    s.mean("−probe", "region assignments",
           [f.counters.get("region assignments", 0) for f in low], 0)
    s.mean("−probe", "probes", [0.0] * len(low), 0)
    return s.frame()


@ARTICLE.table("bank", printed=figures.BANK, section=ROOF, title="The bank's grades per size",
               kind="derived", expect="shown",
               note="Derived: our generator builds the bank grade by grade, so every grade is "
                    "filled by how it is made.  The article names no sizes.")
def bank(scale):
    """Whether the shipped bank holds a board of each grade at each size."""
    entries = banks.load("kojun")
    sizes = sorted({e["size"][0] for e in entries})
    got = [[sum(e["size"][0] == n and e["grade"] == g for e in entries) for g in NAMES]
           for n in sizes]
    return frame([["filled" if k else "empty" for k in r] + [sum(r)] for r in got],
                 [_x(n) for n in sizes], [*NAMES, "boards (ours)"], "size")


@ARTICLE.table("census", printed=figures.CENSUS, section=CENSUS,
               title="The multinomial census from the raw engine", kind="exact",
               kinds={"(pq)!/(p!)^q": "derived"}, expect="match",
               note="The raw engine's counts are exact; the formula column is derived.  k×1: "
                    "every column of heights 1..7 has one filling.")
def census_table(scale):
    """The raw engine's count of fillings of isolated p×q rectangles, beside
    the multinomial (pq)!/(p!)^q."""
    rows = [[census.rectangle_count(p, q)[0], census.multinomial(p, q)] for p, q in RECTANGLES]
    cols = [census.rectangle_count(k, 1)[0] for k in range(1, 8)]
    rows.append([max(cols) if min(cols) == max(cols) else -1, 1])
    return frame(rows, [f"{p}×{q}" for p, q in RECTANGLES] + ["k×1"],
                 ["raw engine fillings", "(pq)!/(p!)^q"], "rectangle (rows × columns)")


def _pool(scale):
    k = sample("swap", scale)
    return [p for n in SWAP_SIZES for sh in (0.3, 0.5) for p, _ in revealed(n, sh, k)]


@ARTICLE.table("engines", printed=figures.ENGINES, section=CENSUS,
               title="Raw engine against the ladder's search", expect="match",
               note="Over the swap table's boards.")
def engines(scale):
    """The share of boards on which the raw engine and the ladder's search
    count the same answers."""
    s = measure.Summary("engines")
    e = measure.engines(SPEC, _pool(scale))
    s.share("raw vs search", "agreed %", _flags(e["agree"]))
    s.given("raw vs search", "pairs compared", measure.engine_counts(e)["compared"])
    return s.frame()


@ARTICLE.table("swap", printed=figures.SWAP, section=SECOND,
               title="Non-unique boards explained by one swap", expect="match",
               note="Our boards: 30% and 50% random reveals of the default stream.")
def swap(scale):
    """Of the non-unique boards, the share a one-swap certificate explains,
    and its false alarms on unique boards."""
    s = measure.Summary("n")
    for n in SWAP_SIZES:
        items = [x for sh in (0.3, 0.5) for x in revealed(n, sh, sample("swap", scale))]
        u = _unique([p for p, _ in items])
        cert = [bool(swaps(p, v)) for p, v in items]
        s.share(_x(n), "explained by one swap %", [c for c, x in zip(cert, u) if x is False])
        s.exact(_x(n), "false alarms on unique boards", sum(c for c, x in zip(cert, u) if x))
        s.given(_x(n), "non-unique boards", sum(x is False for x in u))
    return s.frame()


@ARTICLE.table("probe_unique", printed=figures.PROBE_UNIQUE, section=SECOND,
               title="probe finishes ⇔ unique", expect="match",
               note="The swap table's boards, each once.")
def probe_unique(scale):
    """The share of boards on which probe finishes exactly when the board is
    unique, with the gaps and violations counted apart."""
    s = measure.Summary("boards")
    c = measure.probe_unique_counts(measure.probe_unique(SPEC, _pool(scale)))
    s.share("stream", "held %", [True] * c["held"] + [False] * (c["gaps"] + c["violations"]))
    s.exact("stream", "gaps", c["gaps"])
    s.exact("stream", "violations", c["violations"])
    s.given("stream", "boards", c["boards"])
    return s.frame()


# ------------------------------------------------------------ claims
SINGLETON_GRIDS = ((1, 2), (2, 2), (2, 3), (3, 3), (4, 4), (5, 5))


@ARTICLE.claim("singletons_empty", text="the all-singletons partition has no legal board",
               section=COEXIST, theorem=True, uses=("granularity",))
def singletons_empty(granularity):
    """No legal board on all-singletons grids (counted), and none at 8×8."""
    counts = [census.singletons_count(h, w) for h, w in SINGLETON_GRIDS]
    share = granularity.loc["1–1", "admits a board %"]
    return (all(c == 0 for c in counts) and share == 0,
            f"{sum(counts)} legal boards on the all-singletons partitions of "
            f"{len(counts)} grids, {share}% at 8×8")


@ARTICLE.claim("tall_vanishes", text="taller shapes pin more and exist less", section=VERTICAL,
               uses=("verticality",), smoke_undecided=True)
def tall_vanishes(verticality):
    """Existence falls from flat to tall while shape-pinning rises."""
    a = verticality["admits a board %"]
    p = verticality["pinned by shape (`order`) %"]
    return (a.iloc[0] > a.iloc[-1] and p.iloc[2] > p.iloc[0],
            f"admits {a.iloc[0]}% → {a.iloc[-1]}%, order pins {p.iloc[0]}% → {p.iloc[2]}%")


@ARTICLE.claim("roof", text="removing neigh, once or order leaves the probe fixpoint unmoved",
               section=ROOF, theorem=True, uses=("ablation",))
def roof(ablation):
    """No fixpoint moves when a cheap rung is removed."""
    moved = ablation.loc[["−neigh", "−once", "−order"], "fixpoints moved %"]
    return (moved == 0).all(), "moved: " + ", ".join(f"{k} {v}%" for k, v in moved.items())


@ARTICLE.claim("roof_quiet", text="on naked boards removing the roof leaves the fixpoint "
               "unmoved too", section=ROOF, uses=("ablation",), smoke_undecided=True)
def roof_quiet(ablation):
    """No fixpoint moves when ``region`` is removed."""
    v = ablation.loc["−region", "fixpoints moved %"]
    return v == 0, f"−region moves {v}% of naked fixpoints"


@ARTICLE.claim("neigh_bill", text="without neigh the roof enumerates more", section=ROOF,
               uses=("ablation",), smoke_undecided=True)
def neigh_bill(ablation):
    """``region`` assigns more without ``neigh`` than with it."""
    work = ablation["region assignments"]
    if not work["full"]:
        return None, "no region assignments on the full ladder: nothing to compare"
    ratio = work["−neigh"] / work["full"]
    return ratio > 1, f"−neigh asks {ratio:.2f}× the assignments"


@ARTICLE.claim("probe_above_roof", text="removing probe moves fixpoints", section=ROOF,
               uses=("ablation",), smoke_undecided=True)
def probe_above_roof(ablation):
    """Some fixpoints move when probe is removed."""
    v = ablation.loc["−probe", "fixpoints moved %"]
    return v > 0, f"−probe moves {v}% of the fixpoints"


@ARTICLE.claim("census", text="an isolated p×q rectangle has (pq)!/(p!)^q fillings",
               section=CENSUS, theorem=True, uses=("census",))
def census_claim(census_frame):
    """The raw engine's count equals the multinomial on every rectangle."""
    counts = census_frame["raw engine fillings"]
    return ((counts == census_frame["(pq)!/(p!)^q"]).all(),
            "; ".join(f"{r} = {int(v):,}" for r, v in counts.items()))


@ARTICLE.claim("engines_agree", text="the raw engine and the ladder's search agree",
               section=CENSUS, theorem=True, uses=("engines",))
def engines_agree(engines_frame):
    """Every compared count agrees (no pair compared is no verdict)."""
    e = engines_frame.iloc[0]
    if not e["pairs compared"]:
        return None, "no pairs compared"
    return e["agreed %"] == 100, f"agreed on {e['agreed %']}% of {e['pairs compared']:.0f}"


@ARTICLE.claim("no_silent_cell", text="no single cell of a legal answer can change alone",
               section=SECOND, theorem=True)
def no_silent_cell(answers=None):
    """No legal one-cell change on every eighth bank answer (or on the
    ``(puzzle, answer)`` pairs given)."""
    if answers is None:
        answers = [(Puzzle.from_json(e["clues"]), Answer.from_json(e["answer"]))
                   for e in banks.load("kojun")[::8]]
    bad = sum(single_changes(p, a) for p, a in answers)
    return bad == 0, f"{bad} legal one-cell changes over {len(answers)} answers"


@ARTICLE.claim("swap_no_false_alarm", text="a swap certificate never fires on a unique board",
               section=SECOND, theorem=True, uses=("swap",))
def swap_no_false_alarm(swap_frame):
    """No false alarm at any size."""
    alarms = swap_frame["false alarms on unique boards"]
    return (alarms == 0).all(), "false alarms: " + ", ".join(
        f"{k} {int(v)}" for k, v in alarms.items())


@ARTICLE.claim("probe_iff_unique", text="probe finishes ⇔ unique, in both directions",
               section=SECOND, uses=("probe_unique",))
def probe_iff_unique(probe_frame):
    """No unique board probe leaves open (gap) and no non-unique board probe
    finishes (violation); no boards is no verdict."""
    pu = probe_frame.iloc[0]
    if not pu["boards"]:
        return None, "no boards"
    return (pu["gaps"] == 0 and pu["violations"] == 0,
            f"{pu['boards']:.0f} boards, {pu['held %']}% held, {pu['gaps']:.0f} gaps, "
            f"{pu['violations']:.0f} violations")
