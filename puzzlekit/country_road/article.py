"""The tables of "Country Road" (puzzle #49 of a solver series, SEN LLC): its
figures, quoted, beside ours.  Boards come from prefix-stable streams
(:mod:`puzzlekit.core.measure`), drawn the article's way: a loop inflated from
a 2x2 square, cut into consecutive arcs, empty blobs handed out whole, every
country numbered; numbers are then erased where a table says so."""
from __future__ import annotations

import numpy as np
import pandas as pd

from ..core import banks, measure as M
from ..core.genre import ladder_count
from ..core.tables import Article, Claim, Table, frame
from . import SPEC, brute, census
from .generate import board_from_loop, erase, random_partition
from .ladder import LADDER, NAMES, catalogue, region_graph, two_connected
from .model import Puzzle

__all__ = ["ARTICLE", "SOURCE", "full", "partitions", "sample", "finished_first", "macro_cycles",
           "same_order", "ABLATION_SIZES", "DIAL_ROWS", "TRAP_ROWS"]

SOURCE = "article: Country Road (SEN LLC, puzzle #49 in the solver series)"
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
    return M.sample_size(SAMPLES, what, scale)


def _stream(key, draw):
    return M.stream(("country_road",) + key, draw, " ".join(map(str, key)))


def full(n, avg=None):
    """Loop-first ``n`` x ``n`` boards, every country numbered: ``(puzzle, answer)``."""
    return _stream(("full", n, avg), lambda i, rng: board_from_loop(rng, n, n, avg))


def partitions(n, k):
    """Random ``n`` x ``n`` partitions into ``k`` countries, no numbers."""
    return _stream(("partition", n, k), lambda i, rng: Puzzle.make(random_partition(rng, n, n, k)))


def _erased(n, adversarial):
    def draw(i, rng):
        p = full(n).item(i)[0]
        return erase(rng, p, "probe", adversarial) if M.fix(SPEC, p).finished else None
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


def _unique(ps):
    return [None if u is None or pd.isna(u) else bool(u) for u in M.uniqueness(SPEC, ps)["unique"]]


def _decided_vars(p, level, without=()):
    b = M.fix(SPEC, p, level, without).bits.reshape(-1, 2)
    return int((b.sum(axis=1) == 1).sum())


# ------------------------------------------------------------ tables
def _contraction(scale):
    rows = [census.strip(n) for n in (4, 5, 6)]
    return frame([[r["cut vertex"], r["hamiltonian"], r["solutions"]] for r in rows],
                 [f"{_x(n)} rows" for n in (4, 5, 6)], A_CON.columns, "partition")


def _reach(scale):
    s = M.Summary("board")
    for n in (6, 8, 10):
        ps = [p for p, _ in full(n).take(sample(f"reach {n}", scale))]
        r = M.reach(SPEC, ps)
        for lv in NAMES:
            s.mean(_x(n), f"{lv} %", r.loc[r["level"] == lv, "decided %"])
        s.share(_x(n), "macro finishes %", r.loc[r["level"] == "macro", "finished"])
    return s.frame()


def _bank(scale):
    es = banks.load("country_road")
    rows = []
    for n in (6, 8, 10):
        gs = [e["grade"] for e in es if e["size"] == [n, n]]
        low = min((NAMES.index(g) for g in gs), default=None)
        rows.append([NAMES[low] if low is not None else "—", gs.count("region"), gs.count("once")])
    return frame(rows, [_x(n) for n in (6, 8, 10)], A_BANK.columns, "size")


def _ablation(scale):
    s = M.Summary("size, drop")
    for n in ABLATION_SIZES:
        ps = [p for p, _ in full(n).take(sample(f"ablation {n}", scale))]
        N, top = len(ps), len(LADDER) - 1
        base = [_decided_vars(p, top) for p in ps]
        probes = [M.fix(SPEC, p, top).counters.get("probes", 0) for p in ps]
        scale_to = {6: 40, 8: 30}[n]            # the article's boards per row
        for d in NAMES[:-1]:
            key = f"{_x(n)}, −{d}"
            fd = [M.fix(SPEC, p, top, (d,)) for p in ps]
            lost = [b - _decided_vars(p, top, (d,)) for b, p in zip(base, ps)]
            s.mean(key, "bits lost (total)", [scale_to * x for x in lost], 0)
            s.share(key, "boards moved %", [not np.array_equal(f.bits, M.fix(SPEC, p, top).bits)
                                             for f, p in zip(fd, ps)])
            tot = max(sum(probes), 1)
            s.mean(key, "probe assumptions %",
                   [100.0 * N * f.counters.get("probes", 0) / tot - 100.0 for f in fd])
            s.given(key, "boards (ours)", N)
    return s.frame()


def _order(scale):
    s = M.Summary("size")
    for n in (6, 8):
        ps = [p for p, _ in full(n).take(sample(f"half {n}", scale))]
        flags = [same_order(p) for p in ps]
        amb = [f for f in flags if f is not None]
        s.given(_x(n), "ambiguous boards", len(amb))
        s.share(_x(n), "same order %", amb)
        s.share(_x(n), "different order %", [not f for f in amb])
        s.share(_x(n), "unique %", _unique(ps))
    return s.frame()


def _cycles(scale):
    s = M.Summary("macro cycles")
    ps = [p for p, _ in full(6).take(sample("half 6", scale))]
    cyc = [macro_cycles(p) for p in ps]
    u = _unique(ps)
    for key, lo, hi in (("exactly 1", 1, 1), ("2–4", 2, 4), ("5–16", 5, 16)):
        sel = [x for c, x in zip(cyc, u) if c is not None and lo <= c <= hi]
        s.given(key, "6×6 boards", len(sel))
        s.share(key, "unique %", sel)
    return s.frame()


def _dial(scale):
    s = M.Summary("size, avg country")
    for n, avg in DIAL_ROWS:
        key = f"{_x(n)}, {avg:.1f}"
        ps = [p for p, _ in full(n, avg).take(sample("dial", scale))]
        s.given(key, "avg country (ours)", round(float(np.mean([p.n / p.k for p in ps])), 1))
        s.share(key, "unique %", _unique(ps))
        s.median(key, "median macro cycles", [macro_cycles(p) for p in ps])
        r = M.reach(SPEC, ps, levels=["macro"])
        s.mean(key, "ladder reach %", r["decided %"])
    return s.frame()


def _solvable(p):
    r = brute.walk(p, 1, 2_000_000, keep=0)
    return None if r.capped and r.count == 0 else r.count > 0


def _trap(scale):
    s = M.Summary("size, countries")
    for k in TRAP_ROWS:
        ps = partitions(6, k).take(sample("trap", scale))
        key = f"6×6, {k}"
        cut = [not two_connected(p) for p in ps]
        s.share(key, "cut vertex %", cut)
        s.share(key, "region graph Hamiltonian %", [bool(macro_cycles(p)) for p in ps])
        s.share(key, "board solvable %", [_solvable(p) for p in ps])
    return s.frame()


def _erasure(scale):
    s = M.Summary("size")
    for n in (6, 8):
        cnt = sample("erase", scale)
        adv = finished_first(_erased(n, True), cnt)
        rnd = finished_first(_erased(n, False), cnt)
        s.given(_x(n), "countries", round(float(np.mean([q.k for q in adv])), 1))
        s.mean(_x(n), "numbers kept (adversarial)", [len(q.clues) for q in adv])
        s.mean(_x(n), "numbers kept (random erasure)", [len(q.clues) for q in rnd])
    return s.frame()


def _engines(scale):
    es = banks.load("country_road")
    ok = 0
    for e in es:
        p = Puzzle.from_json(e["clues"])
        counts = (SPEC.brute_count(p, 2), ladder_count(SPEC, p, 2), SPEC.sat_count(p, 2))
        ok += all(c.count == 1 and not c.capped for c in counts)
    return frame([[len(es), ok]], ["bank"], A_ENG.columns, "boards")


def _ledger(scale):
    sizes = ((2, 2), (4, 4), (6, 6), *((2, m) for m in range(3, 9)))
    return frame([[census.ledger(h, w)[0]] for h, w in sizes], list(A_LEDGER.index),
                 A_LEDGER.columns, "board")


def _probe(scale):
    s = M.Summary("boards")
    ps = [p for n in (6, 8) for p, _ in full(n).take(sample("probe", scale))]
    df = M.probe_unique(SPEC, ps)
    u, f = df["unique"].tolist(), df["probe finishes"].tolist()
    s.share("pooled", "finished but ambiguous %",
            [None if x is None or pd.isna(x) else bool(y) and not x for x, y in zip(u, f)])
    s.share("pooled", "unique but stalled %",
            [None if x is None or pd.isna(x) else bool(x) and not y for x, y in zip(u, f)])
    s.given("pooled", "boards", len(ps))
    return s.frame()


# ------------------------------------------------------------ the article's figures
A_CON = frame([[True, False, 0]] * 3, [f"{_x(n)} rows" for n in (4, 5, 6)],
              ["cut vertex", "hamiltonian", "solutions"], "partition")
A_REACH = frame([[14.9, 15.1, 18.3, 30.5, 63.4, 1.3], [18.1, 18.2, 20.5, 33.4, 77.8, 0.0],
                 [18.3, 18.4, 19.8, 30.1, 72.8, 0.0]], ["6×6", "8×8", "10×10"],
                [*(f"{x} %" for x in NAMES), "macro finishes %"], "board")
A_BANK = frame([["loop", 0, 0], ["macro", 0, 0], ["probe", 0, 0]], ["6×6", "8×8", "10×10"],
               ["weakest grade", "region", "once"], "size")
A_ABL = frame([[889, 100.0, 31.6], [71, 22.5, 9.4], [482, 90.0, 28.5], [607, 80.0, 39.2],
               [1240, 100.0, 110.9], [59, 33.3, 46.5], [458, 100.0, 116.8], [591, 83.3, 57.8]],
              [f"{_x(n)}, −{d}" for n in ABLATION_SIZES for d in NAMES[:-1]],
              ["bits lost (total)", "boards moved %", "probe assumptions %"], "size, drop")
A_ORDER = frame([[51, 92.2, 7.8, 18.0], [34, 85.3, 14.7, 10.0]], ["6×6", "8×8"],
                ["ambiguous boards", "same order %", "different order %", "unique %"], "size")
A_CYC = frame([[28, 7.1], [45, 17.8], [26, 30.8]], ["exactly 1", "2–4", "5–16"],
              ["6×6 boards", "unique %"], "macro cycles")
A_DIAL = frame([[2.5, 40.0, 7, 41.6], [3.5, 20.0, 4, 33.3], [4.5, 6.7, 2, 27.7],
                [6.0, 3.3, 1, 21.3], [2.5, 18.3, 54, 34.6], [6.0, 1.7, 4, 22.7]],
               [f"{_x(n)}, {a:.1f}" for n, a in DIAL_ROWS],
               ["avg country (ours)", "unique %", "median macro cycles", "ladder reach %"],
               "size, avg country")
A_TRAP = frame([[13.3, 86.7, 83.3], [11.7, 88.3, 74.2], [4.2, 95.8, 84.2], [0.0, 100.0, 90.0]],
               [f"6×6, {k}" for k in TRAP_ROWS],
               ["cut vertex %", "region graph Hamiltonian %", "board solvable %"],
               "size, countries")
A_ERASE = frame([[6.7, 2.9, 5.4], [11.3, 4.7, 10.1]], ["6×6", "8×8"],
                ["countries", "numbers kept (adversarial)", "numbers kept (random erasure)"],
                "size")
A_ENG = frame([[60, 60]], ["bank"], ["boards", "three engines agree"], "boards")
A_LEDGER = frame([[1], [6], [1072], *[[1]] * 6],
                 ["2×2", "4×4", "6×6", *(f"2×{m}" for m in range(3, 9))], ["solutions"], "board")
A_PROBE = frame([[0.0, 0.0, 120]], ["pooled"],
                ["finished but ambiguous %", "unique but stalled %", "boards"], "boards")
_S = ("Contract the countries", "What each rung reaches", "Ablation", "The easy half",
      "The partition trap", "Three engines")
_T = [  # id, section, title, kind, article, n_article, given, expect, note, compute
    ("contraction", _S[0], "Rows as countries: cut vertex, no Hamiltonian cycle, no answer",
     "exact", A_CON, None, (), "match", "Our brute-force walker counts the answers.", _contraction),
    ("reach", _S[1], "Share of bits decided at each rung's fixpoint, every country numbered",
     "sampled", A_REACH, {"6×6": 80, "8×8": 80, "10×10": 40}, (), "close",
     "Our rungs are not the article's code: see the chapter.", _reach),
    ("bank", _S[1], "The bank's weakest grade per size", "bank", A_BANK, None, (), "differs",
     "Our bank, 20 boards per size from a fixed seed budget; its scan found one 10×10 board "
     "that macro finishes, where the article's weakest at 10×10 is probe.", _bank),
    ("ablation", _S[2], "Probe with one rung dropped", "sampled", A_ABL,
     {f"{_x(n)}, −{d}": {6: 40, 8: 30}[n] for n in ABLATION_SIZES for d in NAMES[:-1]},
     ("boards (ours)",), "differs", "Bits lost is a total over the article's 40 or 30 boards "
     "(that N x our mean); the probe change is the ratio of totals, its error taking the full "
     "ladder's total as fixed.",
     _ablation),
    ("order", _S[3], "Ambiguous boards: does a second answer keep the country order?", "sampled",
     A_ORDER, None, ("ambiguous boards",), "close", "The same cyclic order = the same crossed "
     "country pairs.", _order),
    ("cycles", _S[3], "Uniqueness by Hamiltonian cycles of the region graph (6×6)", "sampled",
     A_CYC, None, ("6×6 boards",), "close", "Board counts depend on our sample.", _cycles),
    ("dial", _S[3], "The country-size dial", "sampled", A_DIAL,
     {f"{_x(n)}, {a:.1f}": (30 if n == 6 else 60) for n, a in DIAL_ROWS}, ("avg country (ours)",),
     "close", "Mean country size is our generator's parameter (given).  'Ladder reach' read "
     "as the share decided at the macro fixpoint.", _dial),
    ("trap", _S[4], "Random partitions before any number", "sampled", A_TRAP, 120, (),
     "match", "Our partitions grow countries from random seeds; the article does not say how "
     "it cut its own.", _trap),
    ("erasure", _S[4], "Numbers kept: adversarial against random erasure", "sampled", A_ERASE,
     None, ("countries",), "match", "Countries follow from our generator's size parameter "
     "(given).  Random erasure stops at the first number the ladder cannot spare.", _erasure),
    ("engines", _S[5], "Walker, ladder search and CP-SAT on the bank", "exact", A_ENG, None, (),
     "match", "Our third engine is CP-SAT; the loops-first and cells-first counters are checked "
     "against the walker on small boards in the tests.", _engines),
    ("ledger", _S[5], "Singleton countries, no numbers: OEIS A003763", "exact", A_LEDGER, None,
     (), "match", "Counted by the loops-first engine (every simple cycle of the grid).", _ledger),
    ("probe", _S[5], "Finished without search ⇔ unique", "sampled", A_PROBE, 120, ("boards",),
     "match", "Every-country-numbered boards, 6×6 and 8×8.", _probe),
]
TABLES = [Table(i, sec, title, kind, art, fn, n_article=n, note=note, source=SOURCE, given=g,
                expect=exp) for i, sec, title, kind, art, n, g, exp, note, fn in _T]


# ------------------------------------------------------------ claims
def _verdict(cid, scale):
    def ours(tid):
        """Our frame for table ``tid`` at this scale."""
        return ARTICLE.measure(tid, scale)

    if cid == "cut_vertex_zero":
        cut = [p for k in TRAP_ROWS for p in partitions(6, k).take(sample("trap", scale))
               if not two_connected(p)]
        return (all(r.count == 0 and not r.capped for r in
                    (brute.walk(p, 1, 10_000_000, keep=0) for p in cut)),
                f"{len(cut)} random partitions with a cut vertex or bridge, all without an answer")
    if cid == "ledger":
        return (ours("ledger")["solutions"].tolist() == A_LEDGER["solutions"].tolist(),
                "A003763 and the 2×m strips reproduced")
    if cid == "engines_agree":
        e = ours("engines").iloc[0]
        agree = e["three engines agree"]
        return e["boards"] == agree, f"{agree} of {e['boards']}"
    if cid == "probe_sound":
        v = ours("probe").iloc[0]["finished but ambiguous %"]
        return v == 0, f"{v}% of boards finished by the ladder yet ambiguous"
    if cid == "micro":
        o = ours("order")["same order %"]
        return (None if scale == "smoke" else bool((o > 50).all()),
                "; ".join(f"{k}: {v}% keep the order" for k, v in o.items()))
    e = ours("erasure")
    a, r = e["numbers kept (adversarial)"], e["numbers kept (random erasure)"]
    return (None if scale == "smoke" else bool((a < r).all()),
            "; ".join(f"{k}: {x} vs {y}" for k, x, y in zip(e.index, a, r)))


_C = [("cut_vertex_zero", _S[0], "a cut vertex or bridge in the region graph: no answer", 1),
      ("ledger", _S[5], "singleton boards count the grid's Hamiltonian cycles", 1),
      ("engines_agree", _S[5], "three engines agree on every bank board", 1),
      ("probe_sound", _S[5], "finished without search ⇒ unique", 1),
      ("micro", _S[3], "most ambiguity keeps the country order", 0),
      ("erasure", _S[4], "adversarial erasure keeps fewer numbers than random", 0)]
ARTICLE = Article("country_road", SOURCE, TABLES, [
    Claim(cid, sec, text, lambda scale, cid=cid: _verdict(cid, scale), bool(thm))
    for cid, sec, text, thm in _C])
