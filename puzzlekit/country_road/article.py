"""The tables of "Country Road" (puzzle #49 of a solver series, SEN LLC): its
figures, quoted, beside ours.  Boards come from prefix-stable streams
(:mod:`puzzlekit.core.measure`), drawn the article's way: a loop inflated from
a 2x2 square, cut into consecutive arcs, empty blobs handed out whole, every
country numbered; numbers are then erased where a table says so."""
from __future__ import annotations

import math

import numpy as np
import pandas as pd

from ..core import banks, measure
from ..core.genre import ladder_count
from ..core.tables import Article, frame
from ..core.tables.stats import cell_z
from . import SPEC, brute, census, figures
from .generate import board_from_loop, erase, random_partition
from .ladder import LADDER, NAMES, catalogue, region_graph, two_connected
from .model import Puzzle

__all__ = ["ARTICLE", "SOURCE", "full", "partitions", "sample", "finished_first", "macro_cycles",
           "same_order", "ABLATION_SIZES", "DIAL_ROWS", "TRAP_ROWS"]

SOURCE = figures.SOURCE
ARTICLE = Article("country_road", SOURCE)
_RULES, CONTRACT, REACH, ABLATION, EASY_HALF, TRAP, ENGINES, _LESSON = figures.SECTIONS
ABLATION_SIZES = (6, 8)
DIAL_ROWS = ((6, 2.5), (6, 3.5), (6, 4.5), (6, 6.0), (8, 2.5), (8, 6.0))
TRAP_ROWS = (4, 6, 8, 12)
SAMPLES = {  # boards per row: smoke, book, article
    "reach 6": (6, 80, 80), "reach 8": (4, 80, 80), "reach 10": (2, 40, 40),
    "ablation 6": (4, 40, 40), "ablation 8": (3, 30, 30), "half 6": (10, 100, 100),
    "half 8": (6, 40, 40), "dial": (4, 30, 60), "trap": (8, 120, 120), "erase": (4, 30, 60),
    "probe": (10, 60, 60)}
_x = "{0}×{0}".format


def sample(what: str, scale=None) -> int:
    """Boards per row of a measurement at ``scale`` (see ``SAMPLES``)."""
    return measure.sample_size(SAMPLES, what, scale)


def _stream(key, draw):
    return measure.stream(("country_road",) + key, draw, " ".join(map(str, key)))


def full(n, avg=None):
    """Loop-first ``n`` x ``n`` boards, every country numbered: ``(puzzle, answer)``."""
    return _stream(("full", n, avg), lambda i, rng: board_from_loop(rng, n, n, avg))


def partitions(n, k):
    """Random ``n`` x ``n`` partitions into ``k`` countries, no numbers."""
    return _stream(("partition", n, k), lambda i, rng: Puzzle.make(random_partition(rng, n, n, k)))


def _erased(n, adversarial):
    def draw(i, rng):
        p = full(n).item(i)[0]
        return erase(rng, p, "probe", adversarial) if measure.fix(SPEC, p).finished else None
    return _stream(("erased", n, adversarial), draw)


def finished_first(st, count: int, tries: int = 40):
    """The first ``count`` items of a stream that are not None (capped draws)."""
    xs = (st.item(i) for i in range(tries * count))
    return [x for _, x in zip(range(count), (x for x in xs if x is not None))]


def macro_cycles(p) -> int | None:
    """Hamiltonian cycles of the region graph (None when the catalogue was capped)."""
    return len(catalogue(p)[0]) if catalogue(p)[1] else None


def same_order(p) -> bool | None:
    """On an ambiguous board: do two answers walk the countries in the same
    cyclic order?  (The same crossed country pairs; None if not ambiguous.)"""
    r = ladder_count(SPEC, p, 2)
    if r.count < 2:
        return None
    pair = region_graph(p)[2]
    a, b = (frozenset(pair[SPEC.decode(s).edges & (pair >= 0)].tolist()) for s in r.solutions[:2])
    return a == b


def _flags(values):
    """True / False per value, None where it is missing (a capped search)."""
    return [None if x is None or pd.isna(x) else bool(x) for x in values]


def _unique(ps):
    return _flags(measure.uniqueness(SPEC, ps)["unique"])


def _decided_vars(p, level, without=()):
    b = measure.fix(SPEC, p, level, without).bits.reshape(-1, 2)
    return int((b.sum(axis=1) == 1).sum())


# ------------------------------------------------------------ contract the countries
@ARTICLE.table("contraction", printed=figures.CONTRACTION, section=CONTRACT, kind="exact",
               title="Rows as countries: cut vertex, no Hamiltonian cycle, no answer",
               expect="match", note="Our brute-force walker counts the answers.")
def contraction(scale):
    """Boards cut into their rows: whether the region graph has a cut vertex
    or a Hamiltonian cycle, and the walker's count of answers."""
    rows = [census.strip(n) for n in (4, 5, 6)]
    return frame([[r["cut vertex"], r["hamiltonian"], r["solutions"]] for r in rows],
                 [f"{_x(n)} rows" for n in (4, 5, 6)], list(figures.CONTRACTION.columns),
                 "partition")


# ------------------------------------------------------------ what each rung reaches
@ARTICLE.table("reach", printed=figures.REACH, section=REACH, expect="close",
               title="Share of bits decided at each rung's fixpoint, every country numbered",
               note="Our rungs are not the article's code: see the chapter.")
def reach(scale):
    """The mean share of cell and edge variables each level's fixpoint
    decides on fully numbered boards, and the share macro finishes."""
    s = measure.Summary("board")
    for n in (6, 8, 10):
        ps = [p for p, _ in full(n).take(sample(f"reach {n}", scale))]
        r = measure.reach(SPEC, ps)
        for lv in NAMES:
            s.mean(_x(n), f"{lv} %", r.loc[r["level"] == lv, "decided %"])
        s.share(_x(n), "macro finishes %", r.loc[r["level"] == "macro", "finished"])
    return s.frame()


@ARTICLE.table("bank", printed=figures.BANK, section=REACH, shape=True, expect="differs",
               kinds={"weakest grade": "measured"},
               title="The bank's weakest grade per size",
               note="Each side's own bank.  Ours: 20 boards per size picked from a scan of a "
                    "fixed seed budget; the scan found one 10×10 board that macro finishes, "
                    "where the article's weakest at 10×10 is probe.  The weakest grade is "
                    "compared as the word.")
def bank(scale):
    """Per size: the weakest grade in our bank, and the share of its boards
    that region or once alone finishes."""
    s = measure.Summary("size")
    entries = banks.load("country_road")
    for n in (6, 8, 10):
        grades = [e["grade"] for e in entries if e["size"] == [n, n]]
        low = min((NAMES.index(g) for g in grades), default=None)
        s.given(_x(n), "weakest grade", NAMES[low] if low is not None else "—")
        s.share(_x(n), "graded region %", [g == "region" for g in grades])
        s.share(_x(n), "graded once %", [g == "once" for g in grades])
    return s.frame()


# ------------------------------------------------------------ ablation
@ARTICLE.table("ablation", printed=figures.ABLATION, section=ABLATION, expect="differs",
               title="Probe with one rung dropped",
               note="Bits lost is a total over the article's 40 or 30 boards (that number "
                    "times our mean); the probe change is the ratio of totals, its error "
                    "taking the full ladder's total as fixed.  The article's boards per row "
                    "are its sample size.")
def ablation(scale):
    """Probe over every rung and with one rung dropped: the variables lost,
    the share of boards whose final state moves, and the change in probe
    assumptions."""
    s = measure.Summary("size, drop")
    for n in ABLATION_SIZES:
        ps = [p for p, _ in full(n).take(sample(f"ablation {n}", scale))]
        boards, top = len(ps), len(LADDER) - 1
        base = [_decided_vars(p, top) for p in ps]
        probes = [measure.fix(SPEC, p, top).counters.get("probes", 0) for p in ps]
        total = max(sum(probes), 1)
        for dropped in NAMES[:-1]:
            key = f"{_x(n)}, −{dropped}"
            scale_to = figures.ABLATION.n[key]          # the article's boards in this row
            fixes = [measure.fix(SPEC, p, top, (dropped,)) for p in ps]
            lost = [b - _decided_vars(p, top, (dropped,)) for b, p in zip(base, ps)]
            s.mean(key, "bits lost (total)", [scale_to * x for x in lost], 0)
            s.share(key, "boards moved %",
                    [not np.array_equal(f.bits, measure.fix(SPEC, p, top).bits)
                     for f, p in zip(fixes, ps)])
            s.mean(key, "probe assumptions %",
                   [100.0 * boards * f.counters.get("probes", 0) / total - 100.0
                    for f in fixes])
            s.given(key, "boards (ours)", boards)
    return s.frame()


# ------------------------------------------------------------ the easy half
def _numbered_boards(n, scale):
    """The fully numbered boards the easy-half tables measure."""
    return [p for p, _ in full(n).take(sample(f"half {n}", scale))]


@ARTICLE.table("order", printed=figures.ORDER, section=EASY_HALF, expect="match",
               title="Ambiguous boards: does a second answer keep the country order?",
               note="The same cyclic order = the same crossed country pairs.  The ambiguous "
                    "boards are our sample's (given); the article's are its sample size.")
def order(scale):
    """Of the ambiguous fully numbered boards, the share whose second answer
    walks the countries in the same cyclic order."""
    s = measure.Summary("size")
    for n in (6, 8):
        flags = [same_order(p) for p in _numbered_boards(n, scale)]
        ambiguous = [f for f in flags if f is not None]
        s.given(_x(n), "ambiguous boards", len(ambiguous))
        s.share(_x(n), "same order %", ambiguous)
        s.share(_x(n), "different order %", [not f for f in ambiguous])
    return s.frame()


@ARTICLE.table("numbered_unique", printed=figures.NUMBERED_UNIQUE, section=EASY_HALF,
               expect="close", title="Every country numbered: the unique share",
               note="The order table's boards.  The article prints no sample size: our error "
                    "alone.")
def numbered_unique(scale):
    """The share of fully numbered boards with exactly one answer."""
    s = measure.Summary("size")
    for n in (6, 8):
        s.share(_x(n), "unique %", _unique(_numbered_boards(n, scale)))
    return s.frame()


@ARTICLE.table("cycles", printed=figures.CYCLES, section=EASY_HALF, expect="match",
               title="Uniqueness by Hamiltonian cycles of the region graph (6×6)",
               note="Board counts are our sample's (given); the article's are its sample "
                    "sizes.")
def cycles(scale):
    """Fully numbered 6×6 boards sorted by the Hamiltonian cycles of their
    region graph: the unique share in each bucket."""
    s = measure.Summary("macro cycles")
    ps = _numbered_boards(6, scale)
    counts = [macro_cycles(p) for p in ps]
    unique = _unique(ps)
    for key, lo, hi in (("exactly 1", 1, 1), ("2–4", 2, 4), ("5–16", 5, 16)):
        chosen = [u for c, u in zip(counts, unique) if c is not None and lo <= c <= hi]
        s.given(key, "6×6 boards", len(chosen))
        s.share(key, "unique %", chosen)
    return s.frame()


@ARTICLE.table("dial", printed=figures.DIAL, section=EASY_HALF, expect="differs",
               title="The country-size dial",
               note="The article prints no sample size: our error alone.  Mean country size "
                    "is our generator's parameter (given).  'Ladder reach' read as the share "
                    "decided at the macro fixpoint.")
def dial(scale):
    """Per mean country size: the unique share, the median number of
    Hamiltonian cycles of the region graph and the macro fixpoint's reach."""
    s = measure.Summary("size, avg country")
    for n, avg in DIAL_ROWS:
        key = f"{_x(n)}, {avg:.1f}"
        ps = [p for p, _ in full(n, avg).take(sample("dial", scale))]
        s.given(key, "avg country", round(float(np.mean([p.n / p.k for p in ps])), 1))
        s.share(key, "unique %", _unique(ps))
        s.median(key, "median macro cycles", [macro_cycles(p) for p in ps])
        r = measure.reach(SPEC, ps, levels=["macro"])
        s.mean(key, "ladder reach %", r["decided %"])
    return s.frame()


# ------------------------------------------------------------ the partition trap
def _solvable(p):
    r = brute.walk(p, 1, 2_000_000, keep=0)
    return None if r.capped and r.count == 0 else r.count > 0


@ARTICLE.table("trap", printed=figures.TRAP, section=TRAP, expect="close",
               title="Random partitions before any number",
               note="The article prints no sample size: our error alone.  Our partitions grow "
                    "countries from random seeds; the article does not say how it cut its "
                    "own.")
def trap(scale):
    """Random 6×6 partitions: how often the region graph has a cut vertex,
    how often it is Hamiltonian, and how often the board has a loop."""
    s = measure.Summary("size, countries")
    for k in TRAP_ROWS:
        ps = partitions(6, k).take(sample("trap", scale))
        key = f"6×6, {k}"
        s.share(key, "cut vertex %", [not two_connected(p) for p in ps])
        s.share(key, "region graph Hamiltonian %", [bool(macro_cycles(p)) for p in ps])
        s.share(key, "board solvable %", [_solvable(p) for p in ps])
    return s.frame()


@ARTICLE.table("erasure", printed=figures.ERASURE, section=TRAP, expect="match",
               title="Numbers kept: adversarial against random erasure",
               note="The article prints no sample size: our error alone.  Countries follow "
                    "from our generator's size parameter (given).  Random erasure stops at "
                    "the first number the ladder cannot spare.")
def erasure(scale):
    """Numbers kept on boards erased adversarially (skipping a number the
    ladder cannot spare) and at random (stopping at the first)."""
    s = measure.Summary("size")
    for n in (6, 8):
        count = sample("erase", scale)
        adversarial = finished_first(_erased(n, True), count)
        random = finished_first(_erased(n, False), count)
        s.given(_x(n), "countries", round(float(np.mean([q.k for q in adversarial])), 1))
        s.mean(_x(n), "numbers kept (adversarial)", [len(q.clues) for q in adversarial])
        s.mean(_x(n), "numbers kept (random erasure)", [len(q.clues) for q in random])
    return s.frame()


# ------------------------------------------------------------ three engines
@ARTICLE.table("engines", printed=figures.ENGINES, section=ENGINES, expect="match",
               title="Walker, ladder search and CP-SAT on the bank",
               note="Our third engine is CP-SAT; the loops-first and cells-first counters are "
                    "checked against the walker on small boards in the tests.")
def engines(scale):
    """The share of bank boards that all three engines find unique."""
    s = measure.Summary("boards")
    entries = banks.load("country_road")
    agree = []
    for e in entries:
        p = Puzzle.from_json(e["clues"])
        counts = (SPEC.brute_count(p, 2), ladder_count(SPEC, p, 2), SPEC.sat_count(p, 2))
        agree.append(all(c.count == 1 and not c.capped for c in counts))
    s.share("bank", "three engines agree", agree)
    s.given("bank", "boards", len(entries))
    return s.frame()


@ARTICLE.table("ledger", printed=figures.LEDGER, section=ENGINES, kind="exact",
               title="Singleton countries, no numbers: OEIS A003763", expect="match",
               note="Counted by the loops-first engine (every simple cycle of the grid).")
def ledger(scale):
    """The loops-first engine's count of answers on boards of singleton
    countries: the grid's Hamiltonian cycles."""
    sizes = ((2, 2), (4, 4), (6, 6), *((2, m) for m in range(3, 9)))
    return frame([[census.ledger(h, w)[0]] for h, w in sizes], list(figures.LEDGER.rows),
                 ["solutions"], "board")


@ARTICLE.table("probe", printed=figures.PROBE, section=ENGINES, expect="match",
               kinds={"finished but ambiguous %": "exact"},
               title="Finished without search ⇔ unique",
               note="Every-country-numbered boards, 6×6 and 8×8.  A board the ladder finishes "
                    "has one answer whenever every rung is sound: exact.")
def probe(scale):
    """Of fully numbered boards, the share probe finishes that are ambiguous,
    and the share that are unique and that probe leaves open."""
    s = measure.Summary("boards")
    ps = [p for n in (6, 8) for p, _ in full(n).take(sample("probe", scale))]
    df = measure.probe_unique(SPEC, ps)
    unique, finished = _flags(df["unique"]), df["probe finishes"].tolist()
    s.share("pooled", "finished but ambiguous %",
            [None if u is None else bool(f) and not u for u, f in zip(unique, finished)])
    s.share("pooled", "unique but stalled %",
            [None if u is None else u and not f for u, f in zip(unique, finished)])
    s.given("pooled", "boards", len(ps))
    return s.frame()


# ------------------------------------------------------------ claims
@ARTICLE.claim("cut_vertex_zero", text="a cut vertex or bridge in the region graph: no answer",
               section=CONTRACT, theorem=True)
def cut_vertex_zero(scale, cut=None):
    """The walker finds no answer on any random partition whose region graph
    has a cut vertex or a bridge (or on the boards ``cut`` given)."""
    if cut is None:
        cut = [p for k in TRAP_ROWS for p in partitions(6, k).take(sample("trap", scale))
               if not two_connected(p)]
    walks = [brute.walk(p, 1, 10_000_000, keep=0) for p in cut]
    with_answer = sum(r.count > 0 for r in walks)
    capped = sum(r.capped for r in walks)
    return (with_answer == 0 and capped == 0,
            f"{len(cut)} random partitions with a cut vertex or bridge: {with_answer} with "
            f"an answer, {capped} walks capped")


@ARTICLE.claim("ledger", text="singleton boards count the grid's Hamiltonian cycles",
               section=ENGINES, theorem=True, uses=("ledger",))
def ledger_claim(ledger_frame):
    """The loops-first count equals A003763 and the 2×m strips' 1, board by board."""
    article = figures.LEDGER.frame()["solutions"]
    ours = ledger_frame["solutions"].reindex(article.index)
    wrong = [b for b in article.index if ours[b] != article[b]]
    return not wrong, f"{len(article) - len(wrong)} of {len(article)} counts equal; differ: {wrong}"


@ARTICLE.claim("engines_agree", text="three engines agree on every bank board", section=ENGINES,
               theorem=True, uses=("engines",))
def engines_agree(engines_frame):
    """Every bank board is proved unique by all three engines (no boards is
    no verdict)."""
    row = engines_frame.iloc[0]
    if not row["boards"]:
        return None, "no boards"
    return (row["three engines agree"] == 100,
            f"the three engines agree on {row['three engines agree']}% of {row['boards']:.0f}")


@ARTICLE.claim("probe_sound", text="finished without search ⇒ unique", section=ENGINES,
               theorem=True, uses=("probe",))
def probe_sound(probe_frame):
    """No board that probe finishes has a second answer."""
    share = probe_frame.iloc[0]["finished but ambiguous %"]
    return share == 0, f"{share}% of boards finished by the ladder yet ambiguous"


@ARTICLE.claim("probe_complete", text="unique ⇒ finished without search", section=ENGINES,
               uses=("probe",))
def probe_complete(probe_frame):
    """No unique board is left open by probe: one such board refutes the
    direction, so the share must be zero (no boards is no verdict)."""
    row = probe_frame.iloc[0]
    if not row["boards"]:
        return None, "no boards"
    share = row["unique but stalled %"]
    return share == 0, f"{share}% of {row['boards']:.0f} boards unique yet left open by probe"


@ARTICLE.claim("micro", text="most ambiguity keeps the country order", section=EASY_HALF,
               uses=("order",), smoke_undecided=True)
def micro(order_frame):
    """At each size our share of ambiguous boards whose second answer keeps
    the country order is not below the article's figure by more than twice
    the sampling error (the article's ambiguous boards its sample size)."""
    col, verdicts = "same order %", []
    for row in order_frame.index:
        fig = figures.ORDER.figure(row, col)
        values = order_frame.attrs["values"][(row, col)]
        ours, _, z = cell_z("share", fig.value, values, fig.n, fig.unit / 2)
        verdicts.append((row, ours, fig.text, ours >= fig.value or z <= 2, z))
    return (all(ok for *_, ok, _ in verdicts),
            "; ".join(f"{row}: {ours:.1f}% keep the order (article {text}, z {z:.1f})"
                      for row, ours, text, _, z in verdicts))


@ARTICLE.claim("erasure", text="adversarial erasure keeps fewer numbers than random",
               section=TRAP, uses=("erasure",), smoke_undecided=True)
def erasure_claim(erasure_frame):
    """At each size the adversarial erasure keeps fewer numbers than the
    random one, by more than twice the sampling error of the difference."""
    adversarial, random = "numbers kept (adversarial)", "numbers kept (random erasure)"
    gaps = {}
    for row in erasure_frame.index:
        a = np.asarray(erasure_frame.attrs["values"][(row, adversarial)])
        r = np.asarray(erasure_frame.attrs["values"][(row, random)])
        se = 0.0
        if min(len(a), len(r)) > 1:
            se = math.sqrt(a.var(ddof=1) / len(a) + r.var(ddof=1) / len(r))
        gap = r.mean() - a.mean()
        gaps[row] = (a.mean(), r.mean(), gap / se if se else math.copysign(math.inf, gap))
    return (all(z > 2 for *_, z in gaps.values()),
            "; ".join(f"{row}: {a:.1f} vs {r:.1f} ({z:.1f} se)" for row, (a, r, z)
                      in gaps.items()))
