"""The tables of "Creek" (puzzle #48 of a solver series), quoted, beside ours: grown
creeks (half shaded, blob growth unless a row says otherwise) on prefix-stable streams."""
from __future__ import annotations

import numpy as np
import pandas as pd

from ..core import measure
from ..core.tables import Article, frame
from ..core.tables.stats import Z_MATCH, cell_z
from . import SPEC, census, certify, figures, generate as gen
from .ladder import LADDER, NAMES

__all__ = ["ARTICLE", "SOURCE", "sample", "answers", "kept", "ring_boards", "thinned",
           "disclosed", "sweep_boards", "KEEPS", "SWEEP"]

SOURCE = figures.SOURCE
ARTICLE = Article("creek", SOURCE)
CLOSED, RING, KERNEL, RUNGS, DIALS, _, CENSUS, _ = figures.SECTIONS
SIZES = (6, 8, 10)
KEEPS = (81, 73, 65, 57, 49, 41)              # the erasure dial at 8×8, numbers kept
SWEEP = (0.9, 0.8, 0.7, 0.6, 0.5)             # keep rates of the 9,000-board sweep (ours)
ABL_KEEP = 0.6                                # our guess: the article names no rate
DENSITY, SHAPE_T = (0.2, 0.4, 0.6, 0.7), (1, 2, 4, 8)   # the two dials on the answer's side
SAMPLES = {"full": (10, 100, 600), "erasure": (20, 150, 600), "ring": (20, 150, 600),  # smoke,
           "cert": (40, 400, 2000), "ablation": (10, 120, 120), "sweep": (4, 30, 600),  # book,
           "density": (6, 15, 300), "shape": (8, 80, 300), "ink": (3, 15, 100),  # article
           "engines": (30, 300, 300)}


def sample(what: str, scale=None) -> int:
    """Boards per row of a measurement at ``scale`` (see ``SAMPLES``)."""
    return measure.sample_size(SAMPLES, what, scale)


_x = "{0}×{0}".format


def _stream(key, draw):
    """The stream of boards ``draw`` makes, stored under ``key``."""
    return measure.stream(("creek",) + key, draw, " ".join(map(str, key)))


def answers(n, shaded=gen.DENSITY, t=1.0):
    """Grown answers (0/1 grids) of n x n boards."""
    return _stream(("answer", n, n, shaded, t),
                   lambda i, rng: gen.random_answer(n, n, rng, shaded, t))


def kept(n, k, shaded=gen.DENSITY, t=1.0):
    """Answer ``i`` of :func:`answers` with ``k`` corners printed at random: ``(puzzle, x)``."""
    return _stream(("kept", n, k, shaded, t), lambda i, rng: (
        gen.keep_random(answers(n, shaded, t).item(i), k, rng), answers(n, shaded, t).item(i)))


def ring_boards(n, how):
    """Answer ``i`` erased by :func:`generate.erased` (``ring``, ``interior``, ``random``)."""
    return _stream(("ring", n, how), lambda i, rng: (gen.erased(answers(n).item(i), how, rng),
                                                   answers(n).item(i)))


def thinned(n, shaded=gen.DENSITY):
    """Answer ``i`` thinned until every number is needed for probe to finish."""
    return _stream(("thin", n, shaded),
                   lambda i, rng: gen.thin(answers(n, shaded).item(i), rng, "probe"))


def disclosed(n):
    """The numbers answer ``i`` needs, printed in a random order, to be unique."""
    return _stream(("disclosed", n), lambda i, rng: gen.random_disclosure(answers(n).item(i), rng))


def _boards(items):
    """The boards of ``(board, answer)`` items."""
    return [p for p, _ in items]


def _finished(ps, level):
    """Whether the fixpoint at ``level`` finishes each board."""
    return [measure.fix(SPEC, p, level).finished for p in ps]


def _flags(values):
    """True / False per value, None where it is missing."""
    return [None if v is None or pd.isna(v) else bool(v) for v in values]


def _unique(ps):
    """Whether each board has exactly one answer (None when the search was capped)."""
    return _flags(measure.uniqueness(SPEC, ps)["unique"])


def sweep_boards(scale):
    """The sweep: three sizes × five keep rates (:data:`SWEEP`)."""
    return [p for n in SIZES for q in SWEEP
            for p in _boards(kept(n, int(round(q * (n + 1) ** 2))).take(sample("sweep", scale)))]


def _ablation_boards(n, scale):
    """The ablation's n x n boards: 60% of the corners kept at random."""
    k = int(round(ABL_KEEP * (n + 1) ** 2))
    return _boards(kept(n, k).take(sample("ablation", scale)))


def _one_sided(table_frame, row, col, figure, above: bool) -> float:
    """|z| by which our cell lies beyond the article's figure on one side only:
    below it (``above=True`` asks ours to be at least the figure) or above it."""
    values = table_frame.attrs["values"][(row, col)]
    span = (figure.value, 100.0) if above else (0.0, figure.value)
    return cell_z(table_frame.attrs["stat"][col], figure.value, values, figure.n,
                  figure.unit / 2, span)[2]


# ------------------------------------------------------------ tables, by article section
@ARTICLE.table("full", printed=figures.FULL, section=CLOSED, title="Fully clued answers",
               kind="exact", expect="match",
               note="A theorem: the clue field is the board's mixed second difference, which "
                    "inclusion–exclusion inverts; every answer must agree.")
def full(scale):
    """On fully clued answers: the share the closed form reproduces, that are
    unique, and that ``count`` finishes."""
    s = measure.Summary("board")
    for n in SIZES:
        xs = answers(n).take(sample("full", scale))
        ps = [gen.erase(x, np.ones((n + 1, n + 1), bool)) for x in xs]
        s.exact(_x(n), "closed form %", measure.pct([(census.closed_form(p.clues) == x).all()
                                                     for p, x in zip(ps, xs)]))
        s.exact(_x(n), "unique %", measure.pct(_unique(ps)))
        s.exact(_x(n), "count finishes %", measure.pct(_finished(ps, "count")))
        s.given(_x(n), "answers", len(xs))
    return s.frame()


@ARTICLE.table("erasure", printed=figures.ERASURE, section=CLOSED,
               title="The erasure dial at 8×8",
               cells={(81, col): "exact" for col in figures.ERASURE.columns}, expect="close",
               note="The article prints no sample size: our error alone.  Half the board "
                    "shaded (our density; the article names none).  With all 81 numbers kept "
                    "the board is fully clued, a theorem: exact.")
def erasure(scale):
    """Per number of corners kept at 8×8: the share unique, finished by
    ``count`` and finished by the whole ladder."""
    s = measure.Summary("numbers kept (of 81)")
    for k in KEEPS:
        ps = _boards(kept(8, k).take(sample("erasure", scale)))
        s.share(k, "unique %", _unique(ps))
        s.share(k, "finished by count %", _finished(ps, "count"))
        s.share(k, "finished by the ladder %", _finished(ps, "probe"))
    return s.frame()


@ARTICLE.table("ring", printed=figures.RING, section=RING,
               title="Erase the ring, or as many interior corners",
               kinds={"ring: dof left": "exact"}, expect="differs",
               note="The article prints no sample size: our error alone.  dof: cells minus the "
                    "rank of the printed system; with the ring erased it is the kernel's "
                    "dimension w + h − 1 on every board (a theorem): exact.")
def ring(scale):
    """Per size: uniqueness and degrees of freedom left with the border ring
    erased, and with as many interior corners erased."""
    s = measure.Summary("board")
    for n in SIZES:
        key = f"{_x(n)} ({4 * n} numbers)"
        for how in ("ring", "interior"):
            ps = _boards(ring_boards(n, how).take(sample("ring", scale)))
            s.share(key, f"{how}: unique %", _unique(ps))
            if how == "ring":
                dofs = {census.dof(p) for p in ps}
                s.exact(key, "ring: dof left", dofs.pop() if len(dofs) == 1 else sorted(dofs))
            else:
                s.mean(key, "interior: dof left", [census.dof(p) for p in ps], 2)
    return s.frame()


@ARTICLE.table("kernel", printed=figures.KERNEL, section=KERNEL,
               title="The kernel of border-erased boards", kinds={"kernel dimension": "exact",
                                                                  "±1 patterns": "derived"},
               expect="differs",
               note="The article prints no sample size: our error alone.  The kernel dimension "
                    "is exact (row reduction); the ±1 patterns are 2 to that power: derived.  "
                    "The article prints the flip kinds as counts with no total: ours are shown "
                    "as shares, not compared.")
def kernel(scale):
    """Per size: the kernel's dimension and ±1 patterns, and on border-erased
    boards the share still unique and the share with a legal flip, by kind."""
    s = measure.Summary("board")
    for n in SIZES:
        items = ring_boards(n, "ring").take(sample("ring", scale))
        flips = [certify.flips(p, x) for p, x in items]
        s.exact(_x(n), "kernel dimension", census.kernel_dimension(n, n))
        s.given(_x(n), "±1 patterns", 2 ** census.kernel_dimension(n, n))
        s.share(_x(n), "still unique %", _unique(_boards(items)))
        s.share(_x(n), "has a legal flip %", [sum(f.values()) > 0 for f in flips])
        for kind in certify.KINDS:
            s.share(_x(n), f"{kind} % (ours)", [f[kind] > 0 for f in flips])
    return s.frame()


@ARTICLE.table("certificate", printed=figures.CERTIFICATE, section=KERNEL,
               title="The flip certificate", expect="match",
               note="The article prints its border-erased counts (107 and 30 ambiguous boards); "
                    "for random erasure no sample size: our error alone.  Random erasure: as "
                    "many corners as the ring has.")
def certificate(scale):
    """Of the ambiguous boards, the share the flip certificate explains, and
    its false positives on unique boards."""
    s = measure.Summary("boards")
    for how, label in (("ring", "border-erased"), ("random", "randomly erased")):
        for n in (6, 8):
            items = ring_boards(n, how).take(sample("cert", scale))
            unique = _unique(_boards(items))
            hit = [certify.certificate(p, x) is not None for p, x in items]
            key = f"{label} {_x(n)}"
            s.share(key, "explained %", [h for h, u in zip(hit, unique) if u is False])
            s.exact(key, "false positives", sum(h and u is True for h, u in zip(hit, unique)))
            s.given(key, "ambiguous boards", sum(u is False for u in unique))
    return s.frame()


@ARTICLE.table("ablation", printed=figures.ABLATION, section=RUNGS,
               title="Drop one rung (120 boards per size)", expect="close",
               note="The article prints 120 boards per size.  Keep rate 60% is our guess.  The "
                    "article's probe changes are ratios of totals with no per-board spread: "
                    "ours are shown, not compared.")
def ablation(scale):
    """Each rung below probe dropped in turn: the share of fixpoints that move
    and of boards completed, per size."""
    s = measure.Summary("dropped")
    for n in SIZES:
        a = measure.ablation(SPEC, _ablation_boards(n, scale))
        whole = a[a["variant"] == "full"]
        s.share("full", f"completed {_x(n)} %", whole["finished"])
        for name in NAMES[:4]:
            v = a[a["variant"] == measure.ablation_label(name)]
            s.share(f"−{name}", f"moved {_x(n)} %", v["moved"])
            s.share(f"−{name}", f"completed {_x(n)} %", v["finished"])
            s.given(f"−{name}", f"probes {_x(n)} % (ours)",
                    round(100 * (v["probes"].sum() / max(whole["probes"].sum(), 1) - 1), 1))
    return s.frame()


@ARTICLE.table("reach", printed=figures.REACH, section=RUNGS, title="Incremental reach at 6×6",
               expect="differs",
               note="The ablation's 6×6 boards.  The article prints no sample size here: our "
                    "error alone.")
def reach(scale):
    """The share of the ablation's 6×6 boards each level finishes."""
    s = measure.Summary("board")
    levels = measure.reach(SPEC, _ablation_boards(6, scale))
    for i, name in enumerate(NAMES):
        s.share(_x(6), f"{measure.level_label(LADDER, i)} %",
                levels.loc[levels["level"] == name, "finished"])
    return s.frame()


@ARTICLE.table("linpair", printed=figures.LINPAIR, section=RUNGS, title="linear against pair",
               expect="differs",
               note="The article prints totals over its 9,000 boards: bits as a mean per "
                    "board.  Thinned boards: as in the density table; no sample size printed.")
def linpair(scale):
    """Over the sweep: bits each of linear and pair finds alone, fixpoints that
    differ, finishes that differ; on thinned boards the share graded pair."""
    s, ps = measure.Summary("boards"), sweep_boards(scale)
    pairs = [(measure.fix(SPEC, p, "linear"), measure.fix(SPEC, p, "pair", ("linear",)))
             for p in ps]
    s.mean("sweep", "bits only linear finds", [(~a.bits & b.bits).sum() for a, b in pairs], 3)
    s.mean("sweep", "bits only pair finds", [(a.bits & ~b.bits).sum() for a, b in pairs], 3)
    s.share("sweep", "fixpoints differ %", [(a.bits != b.bits).any() for a, b in pairs], 2)
    s.share("sweep", "one finishes, the other not %",
            [a.finished != b.finished for a, b in pairs], 2)
    s.given("sweep", "boards", len(ps))
    thin = [p for n in (6, 8) for p in thinned(n).take(sample("density", scale))]
    s.share("thinned boards", "graded pair %", [gen.grade(p) == "pair" for p in thin], 2)
    return s.frame()


@ARTICLE.table("density", printed=figures.DENSITY, section=DIALS,
               title="Shading density, 8×8, 60% of numbers kept", expect="differs",
               note="The article prints no sample size: our error alone.  Minimal numbers: "
                    "thinned until probe needs every number.")
def density(scale):
    """Per shaded share: uniqueness with 60% of the numbers kept, and the
    numbers a thinned (locally minimal) board keeps."""
    s = measure.Summary("shaded")
    for f in DENSITY:
        key = f"{int(100 * f)}%"
        s.share(key, "unique %", _unique(_boards(kept(8, 49, f).take(sample("density", scale)))))
        s.mean(key, "adversarially minimal numbers",
               [p.n_clues for p in thinned(8, f).take(sample("density", scale))])
    return s.frame()


@ARTICLE.table("shape", printed=figures.SHAPE, section=DIALS,
               title="Creek shape at equal area", expect="differs",
               note="The article prints no sample size: our error alone.  Our weights: "
                    "t^-(k-1) for a frontier cell with k creek neighbours.")
def shape(scale):
    """Per growth weight: shoreline, the 0s and 4s a full clue field prints,
    and uniqueness with 60% of the numbers kept."""
    s = measure.Summary("growth")
    for t in SHAPE_T:
        xs = answers(8, gen.DENSITY, t).take(sample("shape", scale))
        fields = [gen.erase(x, np.ones((9, 9), bool)).clues for x in xs]
        key = "blob (t=1)" if t == 1 else ("tendrils (t=8)" if t == 8 else f"t={t}")
        s.mean(key, "shoreline (edges)", [gen.shoreline(x) for x in xs])
        s.mean(key, "0s printed %", [100 * (f == 0).mean() for f in fields])
        s.mean(key, "4s printed %", [100 * (f == 4).mean() for f in fields])
        s.share(key, "unique %", _unique(_boards(kept(8, 49, t=t).take(sample("shape", scale)))))
    return s.frame()


@ARTICLE.table("ink", printed=figures.INK, section=DIALS,
               title="Adversarial against random ink", expect="differs",
               note="The article prints no sample size: our error alone.  Its 'about 35%' and "
                    "its 2.0× are one figure for every size.")
def ink(scale):
    """Per size: the numbers a locally minimal board keeps, their share of the
    corners, and how many more a random disclosure needs."""
    s = measure.Summary("board")
    for n in SIZES:
        thin = thinned(n).take(sample("ink", scale))
        rnd = disclosed(n).take(len(thin))
        s.mean(_x(n), "locally minimal numbers", [p.n_clues for p in thin])
        s.mean(_x(n), "share of corners %", [100 * p.n_clues / (n + 1) ** 2 for p in thin])
        s.mean(_x(n), "random disclosure ×", [r / p.n_clues for r, p in zip(rnd, thin)], 2)
    return s.frame()


@ARTICLE.table("ledgers", printed=figures.LEDGERS, section=CENSUS,
               title="Ledgers, injectivity, kernel dimension", kind="exact", expect="match",
               note="Two methods for the n×n ledger; the article gives none.")
def ledgers(scale):
    """Every ledger as printed: enumerated, by transfer matrix, by connected
    sets; distinct clue fields; kernel shapes of dimension w + h − 1."""
    return frame([[v] for v in census.ledger_values()], list(figures.LEDGERS.rows), ["values"],
                 "ledger")


@ARTICLE.table("engines", printed=figures.ENGINES, section=CENSUS,
               title="Raw engine against the ladder's search, per level", expect="match",
               note="Random small boards with 0, 1 or many answers; the article prints 300.")
def engines(scale):
    """Per level: the share of random small boards on which the raw engine and
    the ladder's search at that level count the same answers."""
    s = measure.Summary("level")
    rng = measure.rng_for("creek", "engines")
    ps = [gen.random_small(rng, int(rng.integers(1, 6)), int(rng.integers(1, 6)))
          for _ in range(sample("engines", scale))]
    for name in NAMES:
        s.share(name, "agreed %", _flags(measure.engines(SPEC, ps, search_level=name)["agree"]))
    return s.frame()


@ARTICLE.table("probe_unique", printed=figures.PROBE_UNIQUE, section=CENSUS,
               title="probe finishes ⇔ unique over the sweep", expect="match",
               note="Three sizes × five keep rates, each board once.  A board probe finishes "
                    "is unique (soundness): exact.  The other direction is measured.")
def probe_unique(scale):
    """Over the sweep: boards probe finishes that are not unique (a count), and
    the share of boards that are unique while probe stalls."""
    s = measure.Summary("boards")
    df = measure.probe_unique(SPEC, sweep_boards(scale))
    counts = measure.probe_unique_counts(df)
    s.exact("sweep", "probe finishes, not unique", counts["violations"])
    s.share("sweep", "unique, probe stalls %",
            [None if u is None else u and not bool(f)
             for u, f in zip(_flags(df["unique"]), df["probe finishes"])], 2)
    s.given("sweep", "boards", counts["boards"])
    s.given("sweep", "capped, skipped (ours)", counts["skipped"])
    return s.frame()


# ------------------------------------------------------------ claims
@ARTICLE.claim("closed_form", text="a fully clued board is its closed form; count finishes it",
               section=CLOSED, theorem=True, uses=("full",))
def closed_form(full_frame):
    """Every fully clued answer is reproduced by the closed form, unique and
    finished by ``count``."""
    cols = ["closed form %", "unique %", "count finishes %"]
    every = bool((full_frame[cols] == 100).all().all())
    return every, f"closed form, unique and count-finished on every answer: {every}"


@ARTICLE.claim("ledgers", text="ledgers, injectivity and kernel dimension hold exactly",
               section=CENSUS, theorem=True, uses=("ledgers",))
def ledgers_claim(ledgers_frame):
    """Every ledger equals the article's, as printed."""
    article = figures.LEDGERS.frame()["values"]
    wrong = [row for row in article.index if ledgers_frame.at[row, "values"] != article[row]]
    return not wrong, "as published" if not wrong else f"differ: {', '.join(wrong)}"


@ARTICLE.claim("ring_not_size", text="ring erased: unique; interior erased: not",
               section=RING, uses=("ring",), smoke_undecided=True)
def ring_not_size(ring_frame):
    """At every size, the ring-erased unique share is not below the article's
    beyond our error, and the interior-erased one not above it."""
    worst = []
    for row in figures.RING.rows:
        ring_fig = figures.RING.figure(row, "ring: unique %")
        interior_fig = figures.RING.figure(row, "interior: unique %")
        worst.append(max(_one_sided(ring_frame, row, "ring: unique %", ring_fig, True),
                         _one_sided(ring_frame, row, "interior: unique %", interior_fig,
                                    False)))
    shares = "; ".join(f"{row}: {ring_frame.at[row, 'ring: unique %']}% / "
                       f"{ring_frame.at[row, 'interior: unique %']}%" for row in ring_frame.index)
    return max(worst) <= Z_MATCH, f"ring / interior unique: {shares} (worst |z| {max(worst):.1f})"


@ARTICLE.claim("no_false_positive", text="the flip certificate never fires on a unique board",
               section=KERNEL, theorem=True, uses=("certificate",))
def no_false_positive(certificate_frame):
    """No false positive in any row."""
    count = int(certificate_frame["false positives"].sum())
    return count == 0, f"{count} false positives"


@ARTICLE.claim("only_connect_moves", text="only connect moves the fixpoint when dropped",
               section=RUNGS, uses=("ablation",), smoke_undecided=True)
def only_connect_moves(ablation_frame):
    """Dropping count, linear or pair moves no more fixpoints than the article's
    beyond our error, and dropping connect no fewer."""
    worst, cols = [], [f"moved {_x(n)} %" for n in SIZES]
    for row in ("−count", "−linear", "−pair", "−connect"):
        for col in cols:
            fig = figures.ABLATION.figure(row, col)
            worst.append(_one_sided(ablation_frame, row, col, fig, row == "−connect"))
    linear = ablation_frame.loc[["−count", "−linear", "−pair"], cols].max().max()
    connect = ablation_frame.loc["−connect", cols].min()
    return max(worst) <= Z_MATCH, (f"linear rungs move at most {linear}% of fixpoints, connect "
                                   f"at least {connect}% (worst |z| {max(worst):.1f})")


@ARTICLE.claim("probe_iff_unique", text="probe finishes ⇔ unique, in both directions",
               section=CENSUS, uses=("probe_unique",))
def probe_iff_unique(probe_frame):
    """No board probe finishes has a second answer (soundness), and unique
    boards probe stalls on are no more common than the article's 0 of 9,000
    beyond our error; no boards is no verdict."""
    row = probe_frame.iloc[0]
    if not row["boards"]:
        return None, "no boards"
    article = figures.PROBE_UNIQUE.figure("sweep", "unique, probe stalls %")
    z = _one_sided(probe_frame, "sweep", "unique, probe stalls %", article, False)
    return (row["probe finishes, not unique"] == 0 and z <= Z_MATCH,
            f"{row['boards']:.0f} boards: {row['probe finishes, not unique']:.0f} violations, "
            f"{row['unique, probe stalls %']}% unique while probe stalls (|z| {z:.1f})")


@ARTICLE.claim("engines_agree", text="the raw engine and the ladder search agree at every level",
               section=CENSUS, theorem=True, uses=("engines",))
def engines_agree(engines_frame):
    """Every level agrees on every board compared."""
    shares = engines_frame["agreed %"]
    return (shares == 100).all(), ", ".join(f"{k} {v}%" for k, v in shares.items())


@ARTICLE.claim("shore", text="a longer shoreline at equal area lowers uniqueness",
               section=DIALS, uses=("shape",), smoke_undecided=True)
def shore(shape_frame):
    """Blob creeks are unique more often than tendrils."""
    unique = shape_frame["unique %"]
    return unique.iloc[0] > unique.iloc[-1], f"unique {unique.iloc[0]}% → {unique.iloc[-1]}%"
