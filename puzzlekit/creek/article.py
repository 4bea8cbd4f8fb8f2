"""The tables of "Creek" (puzzle #48 of a solver series), quoted, beside ours: grown
creeks (half shaded, blob growth unless a row says otherwise) on prefix-stable streams."""
from __future__ import annotations

import numpy as np
import pandas as pd

from ..core import measure as M
from ..core.tables import Article, Claim, Table, frame
from . import SPEC, census, certify, generate as G
from .ladder import LADDER, NAMES

__all__ = ["ARTICLE", "SOURCE", "sample", "answers", "kept", "ring_boards", "thinned", "disclosed",
           "sweep_boards", "KEEPS", "SWEEP"]

SOURCE = "article: Creek (SEN LLC, puzzle #48 of the solver series)"
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
    return M.sample_size(SAMPLES, what, scale)


_x = "{0}×{0}".format


def _stream(key, draw):
    return M.stream(("creek",) + key, draw, " ".join(map(str, key)))


def answers(n, shaded=G.DENSITY, t=1.0):
    """Grown answers (0/1 grids) of n x n boards."""
    return _stream(("answer", n, n, shaded, t),
                   lambda i, rng: G.random_answer(n, n, rng, shaded, t))


def kept(n, k, shaded=G.DENSITY, t=1.0):
    """Answer ``i`` of :func:`answers` with ``k`` corners printed at random: ``(puzzle, x)``."""
    return _stream(("kept", n, k, shaded, t), lambda i, rng: (
        G.keep_random(answers(n, shaded, t).item(i), k, rng), answers(n, shaded, t).item(i)))


def ring_boards(n, how):
    """Answer ``i`` erased by :func:`generate.erased` (``ring``, ``interior``, ``random``)."""
    return _stream(("ring", n, how), lambda i, rng: (G.erased(answers(n).item(i), how, rng),
                                                   answers(n).item(i)))


def thinned(n, shaded=G.DENSITY):
    """Answer ``i`` thinned until every number is needed for probe to finish."""
    return _stream(("thin", n, shaded), lambda i, rng: G.thin(answers(n, shaded).item(i), rng,
                                                              "probe"))


def disclosed(n):   # numbers answer i needs, printed in a random order, to be unique
    return _stream(("disclosed", n), lambda i, rng: G.random_disclosure(answers(n).item(i), rng))


def _ps(items):
    """The boards of ``(board, answer)`` items."""
    return [p for p, _ in items]


def _finished(ps, level):
    """Whether the fixpoint at ``level`` finishes each board."""
    return [M.fix(SPEC, p, level).finished for p in ps]


def _unique(ps):     # True / False, None when the search was capped
    return [None if u is None or pd.isna(u) else bool(u) for u in M.uniqueness(SPEC, ps)["unique"]]


# ------------------------------------------------------------ tables
def _full(scale):
    s = M.Summary("board")   # exact: a theorem, so every board must agree
    for n in SIZES:
        xs = answers(n).take(sample("full", scale))
        ps = [G.erase(x, np.ones((n + 1, n + 1), bool)) for x in xs]
        s.exact(_x(n), "closed form %", M.pct([(census.closed_form(p.clues) == x).all()
                                               for p, x in zip(ps, xs)]))
        s.exact(_x(n), "unique %", M.pct(_unique(ps)))
        s.exact(_x(n), "count finishes %", M.pct(_finished(ps, "count")))
        s.given(_x(n), "answers", len(xs))
    return {"full": s.frame()}


def _erasure(scale):
    s = M.Summary("numbers kept (of 81)")
    for k in KEEPS:
        ps = _ps(kept(8, k).take(sample("erasure", scale)))
        s.share(k, "unique %", _unique(ps))
        s.share(k, "finished by count %", _finished(ps, "count"))
        s.share(k, "finished by the ladder %", _finished(ps, "probe"))
    return {"erasure": s.frame()}


def _ring(scale):
    r, k = M.Summary("board"), M.Summary("board")
    for n in SIZES:
        key = f"{_x(n)} ({4 * n} numbers)"
        for how in ("ring", "interior"):
            ps = _ps(ring_boards(n, how).take(sample("ring", scale)))
            r.share(key, f"{how}: unique %", _unique(ps))
            r.mean(key, f"{how}: dof left", [census.dof(p) for p in ps], 2)
        items = ring_boards(n, "ring").take(sample("ring", scale))
        fl = [certify.flips(p, x) for p, x in items]
        k.exact(_x(n), "kernel dimension", census.kernel_dimension(n, n))
        k.exact(_x(n), "±1 patterns", 2 ** census.kernel_dimension(n, n))
        k.share(_x(n), "still unique %", _unique(_ps(items)))
        k.share(_x(n), "has a legal flip %", [sum(f.values()) > 0 for f in fl])
        for kind in certify.KINDS:
            k.share(_x(n), f"{kind} %", [f[kind] > 0 for f in fl])
    return {"ring": r.frame(), "kernel": k.frame()}


def _cert(scale):
    s = M.Summary("boards")
    for how, label in (("ring", "border-erased"), ("random", "randomly erased")):
        for n in (6, 8):
            items = ring_boards(n, how).take(sample("cert", scale))
            u = _unique(_ps(items))
            hit = [certify.certificate(p, x) is not None for p, x in items]
            key = f"{label} {_x(n)}"
            s.share(key, "explained %", [h for h, v in zip(hit, u) if v is False])
            s.exact(key, "false positives", sum(h and v is True for h, v in zip(hit, u)))
            s.given(key, "ambiguous boards", sum(v is False for v in u))
    return {"certificate": s.frame()}


def _ablation(scale):
    s, r = M.Summary("dropped"), M.Summary("board")
    for n in SIZES:
        k = int(round(ABL_KEEP * (n + 1) ** 2))
        ps = _ps(kept(n, k).take(sample("ablation", scale)))
        a = M.ablation(SPEC, ps)
        full = a[a["variant"] == "full"]
        s.share("full", f"completed {_x(n)} %", full["finished"])
        for name in NAMES[:4]:
            v = a[a["variant"] == M.ablation_label(name)]
            s.share(f"−{name}", f"moved {_x(n)} %", v["moved"])
            s.share(f"−{name}", f"completed {_x(n)} %", v["finished"])
            s.given(f"−{name}", f"probes {_x(n)} %",
                    round(100 * (v["probes"].sum() / max(full["probes"].sum(), 1) - 1), 1))
        if n == 6:
            re = M.reach(SPEC, ps)
            for i, name in enumerate(NAMES):
                r.share(_x(n), f"{M.level_label(LADDER, i)} %",
                        re.loc[re["level"] == name, "finished"])
    return {"ablation": s.frame(), "reach": r.frame()}


def sweep_boards(scale):
    """The sweep: three sizes × five keep rates (:data:`SWEEP`)."""
    return [p for n in SIZES for q in SWEEP
            for p in _ps(kept(n, int(round(q * (n + 1) ** 2))).take(sample("sweep", scale)))]


def _linpair(scale):
    s, ps = M.Summary("boards"), sweep_boards(scale)
    ab = [(M.fix(SPEC, p, "linear"), M.fix(SPEC, p, "pair", ("linear",))) for p in ps]
    s.mean("sweep", "bits only linear finds", [(~a.bits & b.bits).sum() for a, b in ab], 3)
    s.mean("sweep", "bits only pair finds", [(a.bits & ~b.bits).sum() for a, b in ab], 3)
    s.share("sweep", "fixpoints differ %", [(a.bits != b.bits).any() for a, b in ab], 2)
    s.share("sweep", "one finishes, the other not %", [a.finished != b.finished for a, b in ab], 2)
    s.given("sweep", "boards", len(ps))
    th = [p for n in (6, 8) for p in thinned(n).take(sample("density", scale))]
    s.share("thinned boards", "graded pair %", [G.grade(p) == "pair" for p in th], 2)
    return {"linpair": s.frame()}


def _dials(scale):
    d, sh, ink = M.Summary("shaded"), M.Summary("growth"), M.Summary("board")
    for f in DENSITY:
        ps = _ps(kept(8, 49, f).take(sample("density", scale)))
        d.share(f"{int(100 * f)}%", "unique %", _unique(ps))
        d.mean(f"{int(100 * f)}%", "adversarially minimal numbers",
               [p.n_clues for p in thinned(8, f).take(sample("density", scale))])
    for t in SHAPE_T:
        xs = answers(8, G.DENSITY, t).take(sample("shape", scale))
        fields = [G.erase(x, np.ones((9, 9), bool)).clues for x in xs]
        key = "blob (t=1)" if t == 1 else ("tendrils (t=8)" if t == 8 else f"t={t}")
        sh.mean(key, "shoreline (edges)", [G.shoreline(x) for x in xs])
        sh.mean(key, "0s printed %", [100 * (f == 0).mean() for f in fields])
        sh.mean(key, "4s printed %", [100 * (f == 4).mean() for f in fields])
        sh.share(key, "unique %", _unique(_ps(kept(8, 49, t=t).take(sample("shape", scale)))))
    for n in SIZES:
        th = thinned(n).take(sample("ink", scale))
        rnd = disclosed(n).take(len(th))
        ink.mean(_x(n), "locally minimal numbers", [p.n_clues for p in th])
        ink.mean(_x(n), "share of corners %", [100 * p.n_clues / (n + 1) ** 2 for p in th])
        ink.mean(_x(n), "random disclosure ×", [r / p.n_clues for r, p in zip(rnd, th)], 2)
    return {"density": d.frame(), "shape": sh.frame(), "ink": ink.frame()}


def _ledgers(scale):
    return {"ledgers": frame([[v] for v in census.ledger_values()], A_LEDGERS.index, ["values"],
                             "ledger")}


def _engines(scale):
    s = M.Summary("level")
    rng = M.rng_for("creek", "engines")
    ps = [G.random_small(rng, int(rng.integers(1, 6)), int(rng.integers(1, 6)))
          for _ in range(sample("engines", scale))]
    for name in NAMES:
        s.share(name, "agreed %", M.engines(SPEC, ps, search_level=name)["agree"]
                .map(lambda v: None if v is None or pd.isna(v) else bool(v)))
    pu, sw = M.Summary("boards"), sweep_boards(scale)
    c = M.probe_unique_counts(M.probe_unique(SPEC, sw))
    pu.exact("sweep", "probe finishes, not unique", c["violations"])
    pu.exact("sweep", "unique, probe stalls", c["gaps"])
    pu.given("sweep", "boards", c["boards"])
    pu.given("sweep", "capped, skipped (ours)", c["skipped"])
    return {"engines": s.frame(), "probe_unique": pu.frame()}


# ------------------------------------------------------------ the article's figures
_S = [_x(n) for n in SIZES]
A_FULL = frame([[100.0] * 3] * 3, _S, ["closed form %", "unique %", "count finishes %"], "board")
A_ERASURE = frame([[100.0, 100.0, 100.0], [99.2, 98.5, 99.2], [89.0, 82.7, 89.0],
                   [56.5, 42.3, 56.5], [19.5, 10.0, 19.5], [2.3, 0.5, 2.3]], list(KEEPS),
                  ["unique %", "finished by count %", "finished by the ladder %"],
                  "numbers kept (of 81)")
A_RING = frame([[92.5, 11.00, 0.0, 15.00], [97.2, 15.00, 0.0, 19.00], [99.7, 19.00, 1.0, 23.03]],
               [f"{_x(n)} ({4 * n} numbers)" for n in SIZES],
               ["ring: unique %", "ring: dof left", "interior: unique %", "interior: dof left"],
               "board")


def _k(*counts):
    """Counts of 600 boards as percentages."""
    return [round(100 * v / 600, 2) for v in counts]


A_KERNEL = frame([[11, 2048, 93.2, 6.5, *_k(23, 15, 1)], [15, 32768, 98.2, 1.8, *_k(5, 6, 0)],
                  [19, 524288, 100.0, 0.0, 0.0, 0.0, 0.0]], _S, ["kernel dimension", "±1 patterns",
                  "still unique %", "has a legal flip %", "row %", "col %", "cross %"], "board")
A_CERT = frame([[98.1, 0], [100.0, 0], [0.3, 0], [0.1, 0]],
               ["border-erased 6×6", "border-erased 8×8", "randomly erased 6×6",
                "randomly erased 8×8"], ["explained %", "false positives"], "boards")


def _pc(*counts):
    """Counts of 120 boards as percentages."""
    return [round(100 * v / 120, 1) for v in counts]


A_ABL = frame([[np.nan] * 3 + _pc(61, 29, 7), _pc(0, 0, 1, 61, 29, 7), _pc(0, 0, 0, 61, 29, 7),
               _pc(0, 0, 0, 61, 29, 7), _pc(37, 52, 64, 42, 16, 5)],
              ["full"] + [f"−{r}" for r in NAMES[:4]],
              [f"moved {s} %" for s in _S] + [f"completed {s} %" for s in _S], "dropped")
A_REACH = frame([[34.2, 35.0, 35.0, 45.0, 50.8]], ["6×6"],
                ["count %", "+linear %", "+pair %", "+connect %", "+probe %"], "board")
A_LINPAIR = frame([[round(756 / 9000, 3), round(1947 / 9000, 3), round(100 * 742 / 9000, 2),
                    0.0, np.nan], [np.nan] * 4 + [1.7]], ["sweep", "thinned boards"],
                  ["bits only linear finds", "bits only pair finds", "fixpoints differ %",
                   "one finishes, the other not %", "graded pair %"], "boards")
A_DENSITY = frame([[8.7, 32], [13.3, 29], [24.7, 22], [42.7, 18]], ["20%", "40%", "60%", "70%"],
                  ["unique %", "adversarially minimal numbers"], "shaded")
A_SHAPE = frame([[26.5, 35.6, 10.3, 25.3], [40.4, 25.1, 6.6, 16.7], [51.2, 18.2, 4.0, 15.3],
                 [55.9, 15.3, 3.1, 14.7]], ["blob (t=1)", "t=2", "t=4", "tendrils (t=8)"],
                ["shoreline (edges)", "0s printed %", "4s printed %", "unique %"], "growth")
A_INK = frame([[16, 32.7, 2.0], [29, 35.8, 2.0], [43, 35.5, 2.0]], _S,
              ["locally minimal numbers", "share of corners %", "random disclosure ×"], "board")
A_LEDGERS = frame([["2, 4, 7, 11, 16, 22, 29, 37"], ["4, 14, 41, 109, 276, 682, 1665, 4041, "
                    "9780, 23638"], ["57097, 137877, 332900"], ["2, 14, 219, 11507"],
                   ["2, 14, 219, 11507"], ["512, 4096, 65536"], ["8 of 8"]],
                  ["1×m, m = 1..8 (enumerated)", "2×m, m = 1..10 (enumerated)",
                   "2×m, m = 11..13 (transfer matrix)", "n×n, n = 1..4 (enumerated)",
                   "n×n, n = 1..4 (connected sets + 1)", "distinct full clue fields, 3×3 / 4×3 "
                   "/ 4×4", "kernel dim = w + h − 1"], ["values"], "ledger")
A_ENG = frame([[100.0]] * 5, list(NAMES), ["agreed %"], "level")
A_PU = frame([[0, 0]], ["sweep"], ["probe finishes, not unique", "unique, probe stalls"], "boards")
_C1, _C2, _C3, _C4 = ("This puzzle has a closed form", "The ink on the edge of the paper",
                      "The kernel is enormous and almost entirely illegal", "The rule ladder")
_C5, _C6, _C7 = "The dials on the answer's side", "The generator cannot dead-end", "The census"
_PR = tuple(f"probes {s} %" for s in _S)
_NC = {"border-erased 6×6": 107, "border-erased 8×8": 30, "randomly erased 6×6": 600,
       "randomly erased 8×8": 600}
_T = [  # id, section, title, kind, article, n_article, given, expect, note
    ("full", _C1, "Fully clued answers", "exact", A_FULL, 600, ("answers",), "match",
     "A theorem: the clue field is the board's mixed second difference."),
    ("erasure", _C1, "The erasure dial at 8×8", "sampled", A_ERASURE, 600, (), "close",
     "Half the board shaded (our density; the article names none)."),
    ("ring", _C2, "Erase the ring, or as many interior corners", "sampled", A_RING, 600, (),
     "close", "dof: cells minus the rank of the printed system."),
    ("kernel", _C3, "The kernel of border-erased boards", "sampled", A_KERNEL, 600, (), "close",
     "The article prints flip counts; its n is taken as 600 (its 6.5% fits)."),
    ("certificate", _C3, "The flip certificate", "sampled", A_CERT, _NC, ("ambiguous boards",),
     "match", "Random erasure: as many corners as the ring has (article n assumed 600)."),
    ("ablation", _C4, "Drop one rung (120 boards per size)", "sampled", A_ABL, 120, _PR, "close",
     "Keep rate 60% is our guess.  Probe changes are ratios of totals: not compared."),
    ("reach", _C4, "Incremental reach at 6×6", "sampled", A_REACH, 120, (), "close",
     "The ablation's 6×6 boards."),
    ("linpair", _C4, "linear against pair", "sampled", A_LINPAIR, {"sweep": 9000}, ("boards",),
     "differs", "Bits per board: the article's totals / 9,000.  Thinned: as in 'density'."),
    ("density", _C5, "Shading density, 8×8, 60% of numbers kept", "sampled", A_DENSITY, None,
     (), "differs", "Minimal numbers: thinned until probe needs every number."),
    ("shape", _C5, "Creek shape at equal area", "sampled", A_SHAPE, None, (), "differs",
     "Our weights: t^-(k-1) for a frontier cell with k creek neighbours."),
    ("ink", _C5, "Adversarial against random ink", "sampled", A_INK, None, (), "differs",
     "The article's share is its count over (n+1)²; its 2.0× is one figure for all sizes."),
    ("ledgers", _C7, "Ledgers, injectivity, kernel dimension", "exact", A_LEDGERS, None, (),
     "match", "Two methods for the n×n ledger; the article gives none."),
    ("engines", _C7, "Raw engine against the ladder's search, per level", "sampled", A_ENG,
     300, (), "match", "Random small boards with 0, 1 or many answers."),
    ("probe_unique", _C7, "probe finishes ⇔ unique over the sweep", "sampled", A_PU, 9000,
     ("boards", "capped, skipped (ours)"), "match", "Three sizes × five keep rates."),
]
_PARTS = {"full": _full, "erasure": _erasure, "ring": _ring, "kernel": _ring, "certificate": _cert,
          "ablation": _ablation, "reach": _ablation, "linpair": _linpair, "density": _dials,
          "shape": _dials, "ink": _dials, "ledgers": _ledgers, "engines": _engines,
          "probe_unique": _engines}
TABLES = [Table(i, sec, title, kind, art, lambda sc, i=i: _PARTS[i](sc)[i], n_article=n,
                note=note, source=SOURCE, given=g, expect=exp)
          for i, sec, title, kind, art, n, g, exp, note in _T]


# ------------------------------------------------------------ claims
def _verdict(cid, scale):
    def ours(tid):
        """Our frame for table ``tid`` at this scale."""
        return ARTICLE.measure(tid, scale)

    if cid == "closed_form":
        ok = bool((ours("full").iloc[:, :3] == 100).all().all())
        return ok, f"closed form, unique and count-finished on every answer: {ok}"
    if cid == "ledgers":
        return (ours("ledgers")["values"] == A_LEDGERS["values"]).all(), "as published"
    if cid == "ring_not_size":
        gap = (ours("ring")["ring: unique %"] - ours("ring")["interior: unique %"]).min()
        return None if scale == "smoke" else gap > 50, f"ring minus interior unique ≥ {gap:.1f}"
    if cid == "no_false_positive":
        fp = int(ours("certificate")["false positives"].sum())
        return fp == 0, f"{fp} false positives"
    if cid == "only_connect_moves":
        a, mv = ours("ablation"), [f"moved {s} %" for s in _S]
        lin = a.loc[["−count", "−linear", "−pair"], mv].max().max()
        con = a.loc["−connect", mv].min()
        return (None if scale == "smoke" else con > lin,
                f"linear rungs move at most {lin}% of fixpoints, connect at least {con}%")
    if cid == "probe_iff_unique":
        p = ours("probe_unique").iloc[0].tolist()
        return p[0] == 0, f"{p[2]:.0f} boards: {p[0]:.0f} violations, {p[1]:.0f} gaps"
    if cid == "engines_agree":
        return (ours("engines")["agreed %"] == 100).all(), f"{ours('engines')['agreed %'].tolist()}"
    s = ours("shape")["unique %"]
    return (None if scale == "smoke" else s.iloc[0] > s.iloc[-1],
            f"unique {s.iloc[0]}% → {s.iloc[-1]}%")


_CL = [("closed_form", _C1, "a fully clued board is its closed form; count finishes it", 1),
       ("ledgers", _C7, "ledgers, injectivity and kernel dimension hold exactly", 1),
       ("ring_not_size", _C2, "ring erased: unique; interior erased: not", 0),
       ("no_false_positive", _C3, "the flip certificate never fires on a unique board", 1),
       ("only_connect_moves", _C4, "only connect moves the fixpoint when dropped", 0),
       ("probe_iff_unique", _C7, "probe finishes ⇒ unique (soundness)", 1),
       ("engines_agree", _C7, "the raw engine and the ladder search agree at every level", 1),
       ("shore", _C5, "a longer shoreline at equal area lowers uniqueness", 0)]
ARTICLE = Article("creek", SOURCE, TABLES, [
    Claim(cid, sec, text, lambda scale, cid=cid: _verdict(cid, scale), bool(thm))
    for cid, sec, text, thm in _CL])
