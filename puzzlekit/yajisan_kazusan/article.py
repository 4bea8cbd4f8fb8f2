"""The tables of "Yajisan-Kazusan: a clue is allowed to lie" (solver series #51,
SEN LLC): its figures, quoted, beside ours.  Bank tables run on our shipped
boards beside the article's own bank (compared as measurements, with a line on
their shape); sampled tables on prefix-stable streams of fresh answers
(:mod:`puzzlekit.core.measure`)."""
from __future__ import annotations

import copy
import math
from functools import lru_cache

import numpy as np

from ..core import banks, measure
from ..core.tables import Article, cell_z, frame
from . import SPEC, census, figures
from .certify import clue_ledger, moved, prefixes, second_answer
from .generate import PACKED, bought, count, dialect_sample, liar_sample, minimise
from .ladder import LADDER, NAMES
from .model import Puzzle

__all__ = ["ARTICLE", "SOURCE", "bank", "sample", "DROP_CAP"]

SOURCE = figures.SOURCE
ARTICLE = Article("yajisan_kazusan", SOURCE)
(_RULES, ENGINE, EXISTS, LIAR_ONLY, DIALECTS, SPARE, PROBE, ABLATE, SECOND, LEDGERS, RUNGS,
 GENERATION) = figures.SECTIONS
SIZES = (6, 8, 10)
DROP_CAP = 200                  # answers counted after dropping a liar (the article's cap)
SAMPLES = {"liar": (6, 60, 60), "dialect": (3, 40, 40), "dialect packed 8": (3, 30, 30),
           "density": (4, 40, 40), "prefix boards": (3, 40, 40), "bank": (4, 999, 999),
           "ablation cap": (2000, 2000, 60_000)}
DENSITIES = (0.14, 0.18, 0.22, PACKED)


def sample(what, scale=None) -> int:
    """Boards per row of a measurement at ``scale`` (``SAMPLES``)."""
    return measure.sample_size(SAMPLES, what, scale)


def bank(n, scale=None):
    """The shipped ``n`` x ``n`` boards ``(entry, puzzle, answer mask)``, the
    first few at smoke scale."""
    out = [(e, Puzzle.from_json(e["clues"]), np.array([ch == "#" for r in e["answer"]["grid"]
                                                       for ch in r]))
           for e in banks.load("yajisan_kazusan") if e["size"][0] == n]
    return out[:sample("bank", scale)]


def _square(n):
    return f"{n}×{n}"


def _density_name(d):
    return "packed" if d == PACKED else f"{d:g}"


def _stream(kind, n, d):
    """The stream of ``kind`` ("liar" or "dialect") samples of n x n answers at density ``d``."""
    draw = liar_sample if kind == "liar" else dialect_sample
    key = (kind, n, _density_name(d))
    return measure.stream(("yajisan_kazusan",) + key, lambda i, rng: draw(n, d, rng),
                          " ".join(map(str, key)))




# ------------------------------------------------------------ tables, by article section
@ARTICLE.table("reach", printed=figures.REACH, section=ENGINE,
               title="Share of cells settled by each cumulative level, on the bank",
               kinds={"adj %": "exact"}, shape=True, expect="differs",
               note="Our bank beside the article's, both of the printed sizes.  adj settles "
                    "nothing on a board where nothing is shaded yet: exact.")
def reach(scale):
    """Mean share of cells each cumulative level settles on the bank's boards."""
    s = measure.Summary("size")
    for n in SIZES:
        ps = [p for _, p, _ in bank(n, scale)]
        r = measure.reach(SPEC, ps)
        s.given(_square(n), "boards", len(ps))
        for lv in NAMES:
            s.mean(_square(n), f"{lv} %", r.loc[r["level"] == lv, "decided %"])
    return s.frame()


_PACKED_ROWS = [f"{_square(n)} packed" for n in (5, 6, 7)]


@ARTICLE.table("liar_theorem", printed=figures.LIAR_THEOREM, section=LIAR_ONLY,
               title="Liar-only clue sets on random answers",
               kinds={"of those, unique %": "exact", "non-maximal": "derived"},
               cells={(row, "maximal %"): "derived" for row in _PACKED_ROWS}, expect="close",
               note="The article's counts out of its 60 answers as shares.  A packed answer is "
                    "maximal by how it is drawn (derived); the theorem's two columns are "
                    "exact; non-maximal is answers less maximal.")
def liar_theorem(scale):
    """Per size and density: maximal answers, how many of those their liar
    board makes unique, and any non-maximal answer it does."""
    s = measure.Summary("size, density")
    for n in (5, 6, 7):
        for d in (0.18, 0.24, PACKED):
            items = _stream("liar", n, d).take(sample("liar", scale))
            row = f"{_square(n)} {_density_name(d)}"
            s.given(row, "answers", len(items))
            s.share(row, "maximal %", [mx for mx, _ in items])
            s.share(row, "of those, unique %", [u for mx, u in items if mx])
            s.given(row, "non-maximal", sum(not mx for mx, _ in items))
            s.exact(row, "non-maximal unique", sum(u for mx, u in items if not mx))
    return s.frame()


def _dialects(density, rows, scale):
    """The dialect table of one density: per size, the share of answers each
    dialect can pin and its minimised clue count where it can."""
    s = measure.Summary("size")
    for n, what in rows:
        items, row = _stream("dialect", n, density).take(sample(what, scale)), _square(n)
        s.given(row, "boards", len(items))
        s.share(row, "maximal %", [x["maximal"] for x in items])
        s.mean(row, "free-choice clues", [x["free"] for x in items])
        s.share(row, "liar-only works %", [x["liar"] is not None for x in items])
        if density == PACKED:
            s.mean(row, "liar-only clues", [x["liar"] for x in items])
        s.share(row, "honest-only works %", [x["honest"] is not None for x in items])
        s.mean(row, "honest-only clues", [x["honest"] for x in items])
    return s.frame()


_DIALECT_NOTE = ("Liar-only works exactly on maximal answers (the theorem above): derived from "
                 "the maximal column.  The clue columns are means over the boards where the "
                 "dialect works, compared with the row's printed boards as the article's n.")


@ARTICLE.table("dialects_sparse", printed=figures.DIALECTS_SPARSE, section=DIALECTS,
               title="Dialects, same buyer: sparse answers (~20% shaded)",
               kinds={"liar-only works %": "derived"}, expect="differs", note=_DIALECT_NOTE)
def dialects_sparse(scale):
    """Free, liar-only and honest-only purchases on sparse answers."""
    return _dialects(0.2, ((6, "dialect"), (8, "dialect")), scale)


@ARTICLE.table("dialects_packed", printed=figures.DIALECTS_PACKED, section=DIALECTS,
               title="Dialects, same buyer: packed answers",
               kinds={"maximal %": "derived", "liar-only works %": "derived"},
               expect="differs",
               note=_DIALECT_NOTE + "  A packed answer is maximal by how it is drawn.")
def dialects_packed(scale):
    """Free, liar-only and honest-only purchases on packed (maximal) answers."""
    return _dialects(PACKED, ((6, "dialect"), (8, "dialect packed 8")), scale)


@lru_cache(maxsize=None)
def _ledgers(n, scale):
    """Each bank board of size ``n``: its puzzle and the ledger of its clues."""
    return [(p, clue_ledger(p, m)) for _, p, m in bank(n, scale)]


@ARTICLE.table("liars", printed=figures.LIARS, section=SPARE,
               title="Liars in the minimal clue sets of the bank",
               kinds={"boards": "given"}, shape=True, expect="differs",
               note="Totals over our bank (the sum of each board's count); the shares are over "
                    "every clue.  The article's n is its boards, not its clues: our error "
                    "alone.")
def liars(scale):
    """Per size: clues, exempt clues, unsayable numbers and exempt clues that
    happen to be true, on the bank's minimal clue sets."""
    s = measure.Summary("size")
    for n in SIZES:
        boards, row = _ledgers(n, scale), _square(n)
        s.given(row, "boards", len(boards))
        s.total(row, "clues", [len(ledger) for _, ledger in boards])
        s.total(row, "exempt", [sum(c["exempt"] for c in ledger) for _, ledger in boards])
        clues = [c for _, ledger in boards for c in ledger]
        s.mean(row, "exempt share %", [100.0 * c["exempt"] for c in clues])
        s.total(row, "unsayable", [sum(c["unsayable"] for c in ledger) for _, ledger in boards])
        s.mean(row, "share %", [100.0 * c["unsayable"] for c in clues])
        s.total(row, "exempt but accidentally true",
               [sum(c["exempt"] and c["true"] for c in ledger) for _, ledger in boards])
    return s.frame()


@ARTICLE.table("liar_drops", printed=figures.LIAR_DROPS, section=SPARE,
               title="Each liar dropped: answers after (cap 200)",
               kinds={"exempt clues tried": "derived", "max": "given",
                      "stayed unique": "derived"}, shape=True, expect="differs",
               note="Every exempt clue of the bank is tried (derived: the liars table's "
                    "count).  The max is the cap, the article's 200 (given).  Our bank is "
                    "minimal by how it is built, so no drop leaves a board unique (derived).")
def liar_drops(scale):
    """Each exempt clue of the bank dropped in turn: the answers left (up to
    the cap), and whether the board stayed unique."""
    s = measure.Summary("size")
    for n in SIZES:
        after = []
        for p, ledger in _ledgers(n, scale):
            for c in ledger:
                if c["exempt"]:
                    rest = p.with_clues({a: b for a, b in p.clues.items() if a != c["c"]})
                    after.append(count(rest, DROP_CAP, 200_000).count)
        row = _square(n)
        s.given(row, "exempt clues tried", len(after))
        s.median(row, "answers after the drop (median)", after)
        s.given(row, "max", max(after, default=0))
        s.exact(row, "stayed unique", sum(a == 1 for a in after))
    return s.frame()


@ARTICLE.table("minimums", printed=figures.MINIMUMS, section=PROBE,
               title="Unique-min against solve-min, grades", shape=True, expect="differs",
               note="Solve-min: the same bought set, in the same order, kept probe-solvable.  "
                    "Grades: the share of the bank's boards at each grade.")
def minimums(scale):
    """Per size: the clues a board needs to be unique and to be probe-solvable,
    their ratio, and the bank's grades."""
    s = measure.Summary("size")
    for n in SIZES:
        entries = bank(n, scale)
        solve = [len(minimise(Puzzle(n, n, b[1]), copy.deepcopy(b[2]), keep="probe").clues)
                 for b in (bought(n, n, e["seed"]) for e, _, _ in entries)]
        unique = [len(p.clues) for _, p, _ in entries]
        row = _square(n)
        s.given(row, "boards", len(entries))
        s.mean(row, "unique-min", unique)
        s.mean(row, "solve-min", solve)
        s.mean(row, "ratio", [b / a for a, b in zip(unique, solve)], 2)
        for g in ("probe", "white", "ray"):
            s.share(row, f"graded {g} %", [e["grade"] == g for e, _, _ in entries])
    return s.frame()


@ARTICLE.table("probe_unique", printed=figures.PROBE_UNIQUE, section=PROBE,
               title="probe ⇔ unique over clue prefixes",
               kinds={"probe completes": "derived", "unique": "derived",
                      "unique not probe": "derived"}, shape=True, expect="match",
               note="Bank boards' clues in a seeded order.  A minimal board is unique only "
                    "with all its clues, so unique counts the boards (derived); probe never "
                    "finishes a board with two answers (exact); the other counts follow from "
                    "the agreement share.")
def probe_unique(scale):
    """Over every prefix of the bank boards' shuffled clues: does probe finish
    exactly the unique ones, counting the disagreements each way."""
    s = measure.Summary("size")
    for n in (6, 8):
        flags, finishes, unique = [], [], []
        for e, p, _ in bank(n, "book")[:sample("prefix boards", scale)]:
            for pf, u in prefixes(p, measure.rng_for("yajisan_kazusan", "prefix", e["id"])):
                flags.append(pf == u)
                finishes.append(pf)
                unique.append(bool(u))
        row = _square(n)
        s.given(row, "prefixes", len(flags))
        s.given(row, "probe completes", sum(finishes))
        s.given(row, "unique", sum(unique))
        s.share(row, "agree %", flags)
        s.exact(row, "probe not unique", sum(a and not b for a, b in zip(finishes, unique)))
        s.given(row, "unique not probe", sum(b and not a for a, b in zip(finishes, unique)))
    return s.frame()


_VARIANTS = ["full"] + [measure.ablation_label(x) for x in NAMES]


@ARTICLE.table("ablation", printed=figures.ABLATION, section=ABLATE,
               title="One rung dropped, on the bank",
               kinds={"over budget": "given"}, shape=True, expect="differs",
               cells={**{(f"{_square(n)} full", "boards moved"): "derived" for n in SIZES},
                      **{(f"{_square(n)} −probe", "probes"): "derived" for n in SIZES},
                      **{(f"{_square(n)} −adj", "search assumptions"): "given" for n in SIZES}},
               note="Totals over our bank.  Search assumptions: branch points of a counting "
                    "search capped at 2,000 nodes a board (60,000, the article's cap, at "
                    "article scale); without adj nearly every board reaches the cap, so that "
                    "row and the over-budget column are set by the budget (given).  The full "
                    "ladder moves no board and −probe runs no probe, by definition (derived).")
def ablation(scale):
    """The full ladder and each rung removed on the bank: bits decided, boards
    whose fixpoint moved, probes, and the search a board then needs."""
    s = measure.Summary("size, variant")
    cap = sample("ablation cap", scale)
    for n in SIZES:
        ps = [p for _, p, _ in bank(n, scale)]
        table = measure.ablation(SPEC, ps, rungs=list(NAMES))
        for variant in _VARIANTS:
            rows = table[table["variant"] == variant]
            without = () if variant == "full" else (LADDER.level(variant[1:]),)
            runs = [count(p, 2, cap, "probe", without=without) for p in ps]
            row = f"{_square(n)} {variant}"
            s.given(row, "boards", len(ps))
            s.total(row, "fixpoint bits", rows["decided %"] * n * n / 100)
            s.total(row, "boards moved", rows["moved"])
            s.total(row, "probes", rows["probes"])
            s.total(row, "search assumptions", [r.branch_points for r in runs])
            s.given(row, "over budget", sum(r.capped for r in runs))
    return s.frame()


@ARTICLE.table("second", printed=figures.SECOND, section=SECOND,
               title="Drop one clue: cells the impostor moves", shape=True, expect="differs",
               note="One seeded clue dropped per bank board.  'On a clue' is a share of moved "
                    "cells, not of boards: our error alone.")
def second(scale):
    """Per size: how many cells the first second answer found moves, and how
    many of them are clue cells."""
    s = measure.Summary("size")
    for n in SIZES:
        counts, on_clue = [], []
        for e, p, m in bank(n, scale):
            rng = measure.rng_for("yajisan_kazusan", "second", e["id"])
            cells = moved(m, second_answer(p, m, rng))
            counts.append(len(cells))
            on_clue += [int(c) in p.clues for c in cells]
        row = _square(n)
        s.given(row, "ambiguous boards", len(counts))
        s.mean(row, "cells moved (avg)", counts, 2)
        s.share(row, "≤2 %", [x <= 2 for x in counts])
        s.share(row, "3–4 %", [3 <= x <= 4 for x in counts])
        s.share(row, "≥5 %", [x >= 5 for x in counts])
        s.mean(row, "on a clue %", [100.0 * x for x in on_clue])
    return s.frame()


@ARTICLE.table("ledgers", printed=figures.LEDGERS, section=LEDGERS,
               title="Blank-board counts by every engine", kind="exact", expect="match",
               note="Independent sets (connectivity off) and connected counts; the connected "
                    "diagonal is split where the article breaks its line.")
def ledgers(scale):
    """The blank-board counts of the first engine, and whether a second gives
    the same."""
    rows, index = [], []
    for name, (counts, agree) in zip(census.LEDGER_ROWS, census.ledger_rows()):
        if name == "connected n×n, n=1..5":
            first, last = counts.rsplit(", ", 1)
            rows += [[first, agree], [int(last), agree]]
            index += ["connected n×n, n=1..4", "connected 5×5"]
        else:
            rows.append([int(counts) if counts.isdigit() else counts, agree])
            index.append(name)
    return frame(rows, index, ["counts", "engines agree"], "grid")


@ARTICLE.table("density", printed=figures.DENSITY, section=GENERATION,
               title="Density dial, 6×6",
               kinds={"answers with no clues": "exact"},
               cells={**{(d, "avg shaded"): "derived" for d in ("0.14", "0.18", "0.22")},
                      ("packed", "maximal %"): "derived"}, expect="differs",
               note="The sampler shades round(density × 36) cells (derived) and a packed "
                    "answer is maximal (derived).  Answers with no clues: the exact connected "
                    "census of the blank 6×6 board, counted.")
def density(scale):
    """Per density: shaded cells, maximal answers, the blank census and the
    clues a free purchase needs."""
    s = measure.Summary("density")
    for d in DENSITIES:
        items, row = _stream("dialect", 6, d).take(sample("density", scale)), _density_name(d)
        s.mean(row, "avg shaded", [x["shaded"] for x in items])
        s.share(row, "maximal %", [x["maximal"] for x in items])
        s.exact(row, "answers with no clues", census.connected_6x6())
        s.mean(row, "clues for uniqueness", [x["free"] for x in items])
    return s.frame()


@ARTICLE.table("line_dp", printed=figures.LINE_DP, section=RUNGS,
               title="Line DP against brute force, L = 0..10", kind="exact", expect="match",
               note="The article states the check; its figure is ⌈L/2⌉ at every L.")
def line_dp(scale):
    """The DP's largest total on an empty line of L cells, the brute-force
    maximum, and whether every smaller total is reachable."""
    return frame(census.line_dp_rows(), list(range(11)),
                 ["DP maximum", "brute maximum", "every total below it reachable"], "L")


# ------------------------------------------------------------ claims
@ARTICLE.claim("liar_theorem", text="a liar-only clue set works iff the answer is ⊆-maximal",
               section=LIAR_ONLY, theorem=True, uses=("liar_theorem",))
def liar_theorem_claim(table):
    """Both directions: every maximal answer is unique under its liars, and
    no other is; a direction with no answers is no verdict."""
    maximal = (table["maximal %"] * table["answers"] / 100).round().sum()
    others = table["non-maximal"].sum()
    if not maximal or not others:
        return None, f"{maximal:.0f} maximal and {others:.0f} other answers: one side is empty"
    unique = table["of those, unique %"].dropna()
    wrong = table["non-maximal unique"].sum()
    return ((unique == 100).all() and wrong == 0,
            f"{maximal:.0f} maximal answers, unique in every row: {(unique == 100).all()}; "
            f"{wrong:.0f} of {others:.0f} non-maximal answers unique")


@ARTICLE.claim("no_spare_liar", text="no liar of a minimal board can be dropped", section=SPARE,
               theorem=True, uses=("liar_drops",))
def no_spare_liar(drops):
    """Dropping any one exempt clue leaves more than one answer."""
    tried, stayed = drops["exempt clues tried"].sum(), drops["stayed unique"].sum()
    if not tried:
        return None, "no liar dropped"
    return stayed == 0, f"{tried:.0f} liars dropped, {stayed:.0f} stayed unique"


@ARTICLE.claim("probe_iff_unique", text="probe finishes ⇔ unique, in both directions",
               section=PROBE, theorem=True, uses=("probe_unique",))
def probe_iff_unique(table):
    """No prefix probe finishes that is not unique, and no unique prefix probe
    leaves open; no prefixes is no verdict."""
    n = table["prefixes"].sum()
    if not n:
        return None, "no prefixes"
    wrong, gaps = table["probe not unique"].sum(), table["unique not probe"].sum()
    return (wrong == 0 and gaps == 0,
            f"{n:.0f} prefixes: {wrong:.0f} probe-not-unique, {gaps:.0f} unique-not-probe")


@ARTICLE.claim("ledgers", text="every engine agrees on every ledger", section=LEDGERS,
               theorem=True, uses=("ledgers",))
def ledgers_agree(table):
    """A second engine gives every count the first does."""
    agree = table["engines agree"].astype(bool)
    return agree.all(), f"engines agree on {int(agree.sum())} of {len(agree)} ledgers"


def _cap_moved_article():
    """The boards −cap moves in the article, and its boards, over the sizes."""
    rows = [f"{_square(n)} −cap" for n in SIZES]
    moved_boards = sum(figures.ABLATION.figure(r, "boards moved").value for r in rows)
    return int(moved_boards), sum(figures.ABLATION_SIZES[n][0] for n in SIZES)


@ARTICLE.claim("cap_is_a_shortcut", text="−cap moves almost no board but costs probes",
               section=ABLATE, uses=("ablation",), smoke_undecided=True)
def cap_is_a_shortcut(table):
    """Without cap no more boards move than the article's share allows
    (within its sampling error), and probe does more work at every size."""
    rows = [f"{_square(n)} −cap" for n in SIZES]
    boards = int(table.loc[rows, "boards"].sum())
    if not boards:
        return None, "no boards"
    moved_boards = int(round(table.loc[rows, "boards moved"].sum()))
    art_moved, art_boards = _cap_moved_article()
    art_share = 100.0 * art_moved / art_boards
    flags = [1] * moved_boards + [0] * (boards - moved_boards)
    z = cell_z("share", art_share, flags, n_article=art_boards)[2]
    few = 100.0 * moved_boards / boards <= art_share or z <= 2
    ratios = [table.loc[f"{_square(n)} −cap", "probes"] / table.loc[f"{_square(n)} full", "probes"]
              if table.loc[f"{_square(n)} full", "probes"] else math.inf for n in SIZES]
    return (few and min(ratios) > 1,
            f"−cap moves {moved_boards} of {boards} boards (article {art_moved} of "
            f"{art_boards}, z {z:.1f}); probes ×" + ", ×".join(f"{r:.1f}" for r in ratios))


@ARTICLE.claim("honest_weaker", text="on packed answers the honest dialect works less often "
               "than the liar dialect", section=DIALECTS, uses=("dialects_packed",),
               smoke_undecided=True)
def honest_weaker(table):
    """At every size, fewer packed answers take an honest-only clue set than a
    liar-only one."""
    honest, liar = table["honest-only works %"], table["liar-only works %"]
    if honest.isna().any() or liar.isna().any():
        return None, "no packed answers"
    return ((honest < liar).all(),
            f"packed: honest works {list(honest)}%, liar {list(liar)}%")


@ARTICLE.claim("density_price", text="packed answers need fewer clues than sparse ones",
               section=GENERATION, uses=("density",), smoke_undecided=True)
def density_price(table):
    """Packed answers need fewer clues than answers at density 0.14, by more
    than twice the difference's sampling error."""
    values = table.attrs.get("values", {})
    sparse = np.asarray(values.get(("0.14", "clues for uniqueness"), ()), float)
    packed = np.asarray(values.get(("packed", "clues for uniqueness"), ()), float)
    if len(sparse) < 2 or len(packed) < 2:
        return None, "too few answers to compare"
    gap = sparse.mean() - packed.mean()
    se = math.sqrt(sparse.var(ddof=1) / len(sparse) + packed.var(ddof=1) / len(packed))
    z = gap / se if se else (math.inf if gap > 0 else -math.inf)
    return z > 2, (f"clues for uniqueness {sparse.mean():.1f} at 0.14, {packed.mean():.1f} "
                   f"packed (difference {gap:.1f}, z {z:.1f})")
