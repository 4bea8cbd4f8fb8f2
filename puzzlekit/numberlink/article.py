"""The tables of the Numberlink article (puzzle #54 of a solver series, "a
four-rung solver"): its figures, quoted, beside ours.  Random boards come from
prefix-stable streams (:mod:`puzzlekit.core.measure`); bank tables run on
``banks/numberlink.json``."""
from __future__ import annotations

import numpy as np
import pandas as pd

from ..core import banks, measure as M, scales
from ..core.tables import Article, Claim, Table, frame
from . import SPEC, brute, census, certify
from .generate import random_small, sample_paths
from .ladder import LADDER, NAMES, with_segments
from .model import Answer, Puzzle, puzzle_from_paths

__all__ = ["ARTICLE", "SOURCE", "bank_boards", "partitions_stream", "sample", "PAIR_SIZE",
           "BRANCH_CAP", "comparisons"]

SOURCE = "article: Numberlink in the browser with a four-rung solver (SEN LLC, 2026)"
PAIR_SIZE = 7            # the article does not say which board its pair-count table used
SAMPLES = {  # per row: smoke, book, article
    "taut 7": (12, 120, 800), "taut 9": (6, 40, 300), "random": (40, 400, 400),
    "partly drawn": (1, 4, 10)}
BRANCH_CAP = {"smoke": 2_000, "book": 20_000, "article": 300_000}
ROUTING_CAP = 10_000
_x = "{0}×{1}".format


def sample(what: str, scale=None) -> int:
    """Boards per row of a measurement at ``scale`` (see ``SAMPLES``)."""
    return M.sample_size(SAMPLES, what, scale)


def partitions_stream(n: int, taut: bool):
    """``n`` x ``n`` boards numbered from sampled partitions, not repaired."""
    key = ("numberlink", "partition", n, taut)
    return M.stream(key, lambda i, rng: puzzle_from_paths(n, n, sample_paths(n, n, rng, taut)),
                    f"{'taut' if taut else 'loose'} {n}x{n}")


def bank_boards(size=None):
    """The shipped boards (of one size ``(h, w)``), each parsed once."""
    out = _BANK.get("all")
    if out is None:
        out = [(tuple(e["size"]), Puzzle.from_json(e["clues"]), Answer.from_json(e["answer"]))
               for e in banks.load("numberlink")]
        _BANK["all"] = out
    return [(p, a) for s, p, a in out if size is None or s == tuple(size)]


_BANK: dict = {}
_SIZES = ((7, 7), (9, 9))


def _flags(xs):
    return [None if x is None or pd.isna(x) else bool(x) for x in xs]


def _unique(ps):
    return _flags(M.uniqueness(SPEC, ps, max_nodes=50_000)["unique"])


# ------------------------------------------------------------ tables, by article section
def _parity(scale):
    rows = []
    for key, sizes in (("3×4 and 4×4", ((3, 4), (4, 4))),
                       ("with 2×3, 3×3, 3×5", ((3, 4), (4, 4), (2, 3), (3, 3), (3, 5)))):
        res = [census.partitions(h, w, parity=True) for h, w in sizes]
        rows.append([sum(c for c, _ in res), sum(v for _, v in res)])
    return frame(rows, [r for r in A_PARITY.index], A_PARITY.columns, "boards")


def _single(scale):
    return frame([list(census.single_pair(h, w)) for h, w in _PAIR_BOARDS],
                 [_x(h, w) for h, w in _PAIR_BOARDS], A_SINGLE.columns, "board")


def _taut(scale):
    s = M.Summary("board")
    for n in (7, 9):
        cnt = sample(f"taut {n}", scale)
        for taut, col in ((False, "loose unique %"), (True, "taut unique %")):
            s.share(_x(n, n), col, _unique(partitions_stream(n, taut).take(cnt)))
        s.given(_x(n, n), "partitions sampled", cnt)
    return s.frame()


def _by_pairs(scale):
    s = M.Summary("pairs")
    cnt = sample("taut 7", scale)
    for taut, name in ((False, "loose"), (True, "taut")):
        ps = partitions_stream(PAIR_SIZE, taut).take(cnt)
        u = _unique(ps)
        for k in range(5, 10):
            sel = [x for p, x in zip(ps, u) if p.k == k]
            if sel:
                s.share(f"{k}, {name}", "unique %", sel)
            s.given(f"{k}, {name}", "boards (ours)", len(sel))
        s.given(f"all, {name}", "mean pairs (ours)", round(float(np.mean([p.k for p in ps])), 2))
    return s.frame()


def _reach(scale):
    rows = []
    for size in _SIZES:
        ps = [p for p, _ in bank_boards(size)]
        r = M.reach(SPEC, ps)
        rows.append([round(float(r.loc[r["level"] == lv, "decided %"].mean()), 1) for lv in NAMES])
    return frame(rows, list(A_REACH.index), list(A_REACH.columns), "board")


def _branch(scale):
    cap = scales.pick(scale, **BRANCH_CAP)
    rows = []
    for size in _SIZES:
        ps = [p for p, _ in bank_boards(size)]
        b = M.branch_points(SPEC, ps, max_nodes=cap)
        row = [int(b.loc[b["level"] == lv, "branch points"].sum()) for lv in NAMES]
        rows.append(row + [int(b.loc[b["level"] == "deg", "capped"].sum()), cap])
    return frame(rows, list(A_BRANCH.index), list(A_BRANCH.columns) + ["node cap (ours)"],
                 "board")


def comparisons(scale):
    """Boards on which ``chain`` and ``reach`` are compared: blank slates and
    partly drawn states of the bank, and random small boards."""
    out = [(p, None) for p, _ in bank_boards()]
    rng = M.rng_for("numberlink", "partly drawn")
    for p, a in bank_boards():
        for _ in range(sample("partly drawn", scale)):
            on = np.flatnonzero(a.on)
            off = np.flatnonzero(~a.on)
            out.append((p, (rng.choice(on, len(on) // 3, replace=False),
                            rng.choice(off, len(off) // 3, replace=False))))
    rs = M.stream(("numberlink", "random small"),
                  lambda i, rng: random_small(rng, 3 + i % 4, 3 + (i // 4) % 4), "random")
    out += [(p, None) for p in rs.take(sample("random", scale))]
    return out


def _outcome(p, drawn, level, without=()):
    s = SPEC.initial_state(p) if drawn is None else with_segments(p, *drawn)
    r = LADDER.fixpoint(s, level, without, attribute=False)
    return r.status, s.bits.tobytes() if r.status != "contradiction" else b""


def _reach_chain(scale):
    s, cs = M.Summary("comparison"), comparisons(scale)
    for key, a, b in (("chain vs reach", ("chain", ()), ("reach", ())),
                      ("probe with vs without reach", ("probe", ("reach",)), ("probe", ()))):
        diff = [_outcome(p, d, *a) != _outcome(p, d, *b) for p, d in cs]
        s.share(key, "different conclusion %", diff)
        s.given(key, "comparisons", len(diff))
        s.given(key, "differ on a board with an answer (ours)",
                sum(SPEC.brute_count(p, 1).count > 0 for (p, _), x in zip(cs, diff) if x))
    return s.frame()


def _routings(scale):
    """Per bank board (a prefix at smoke scale): its size and the router's
    rule-3-off count, up to ``ROUTING_CAP``."""
    key = ("routings", scale)
    if key not in _BANK:
        k = scales.pick(scale, smoke=12, book=None, article=None)
        _BANK[key] = [(size, brute.route_count(p.with_fill(False), ROUTING_CAP, 1_000_000))
                      for size in _SIZES for p, _ in bank_boards(size)[:k]]
    return _BANK[key]


def _rule3(scale):
    s = M.Summary("board")
    rs = _routings(scale)
    for size in _SIZES:
        counts = [r for z, r in rs if z == size]
        key = _x(*size)
        s.given(key, "still unique", sum(r.count == 1 and not r.capped for r in counts))
        s.given(key, "boards", len(counts))
        s.median(key, "median routings", [r.count for r in counts])
        s.given(key, "routings capped (ours)", sum(r.capped or r.count >= ROUTING_CAP
                                                   for r in counts))
    return s.frame()


def _ledger(scale):
    top = scales.pick(scale, smoke={2: 9, 3: 5, 4: 4}, book={2: 12, 3: 7, 4: 5},
                      article={2: 12, 3: 7, 4: 5})
    rows, idx = [], []
    for h, seq in census.LEDGER.items():
        ours = [census.partitions(h, n)[0] for n in range(1, top[h] + 1)]
        fits = [None] * 4 + census.recurrence_holds(ours) if h == 2 else [None] * len(ours)
        for n, c in enumerate(ours, 1):
            idx.append(_x(h, n))
            rows.append([c, "—" if fits[n - 1] is None else ("yes" if fits[n - 1] else "no")])
    return frame(rows, idx, list(A_LEDGER.columns), "grid")


def _engines(scale):
    s = M.Summary("boards")
    rs = M.stream(("numberlink", "engines"),
                  lambda i, rng: random_small(rng, 3 + i % 2, 3 + (i // 2) % 2), "engines")
    e = M.engines(SPEC, rs.take(sample("random", scale)), limit=3)
    s.share("random 3×3 to 4×4", "agreed %", _flags(e["agree"]))
    s.given("random 3×3 to 4×4", "boards", len(e))
    imp = [p for p in _impossible()]
    agree = [SPEC.brute_count(p, 1).count == 0 and M.uniqueness(SPEC, [p])["count"].iloc[0] == 0
             for p in imp]
    s.share("parity-impossible placements", "agreed %", agree)
    s.given("parity-impossible placements", "boards", len(imp))
    return s.frame()


def _impossible():
    """Every single-pair placement on 2×2 … 4×4 that breaks the parity count."""
    out = []
    for h, w in _PAIR_BOARDS:
        for a in range(h * w):
            for b in range(a + 1, h * w):
                nums = np.zeros(h * w, np.int32)
                nums[[a, b]] = 1
                p = Puzzle(h, w, nums.reshape(h, w))
                if not certify.parity_ok(p):
                    out.append(p)
    return out


# ------------------------------------------------------------ the article's figures
_PAIR_BOARDS = ((2, 2), (2, 3), (2, 4), (2, 5), (3, 3), (3, 4), (3, 5), (4, 4))
A_PARITY = frame([[102749, 0], [137789, 0]], ["3×4 and 4×4", "with 2×3, 3×3, 3×5"],
                 ["partitions", "violations"], "boards")
A_SINGLE = frame([[4, 0], [8, 1], [14, 2], [22, 3], [10, 0], [29, 7], [28, 0], [64, 0]],
                 [_x(h, w) for h, w in _PAIR_BOARDS], ["solvable", "no answer"], "board")
A_TAUT = frame([[0.0, 72.8, 800], [0.0, 58.7, 300]], ["7×7", "9×9"],
               ["loose unique %", "taut unique %", "partitions sampled"], "board")
_BP = {5: (0.1, 1274, 40.0, 55), 6: (0.0, 1079, 54.8, 301), 7: (0.4, 571, 72.4, 909),
       8: (0.9, 229, 85.3, 1153), 9: (1.3, 77, 89.9, 936)}
A_PAIRS = frame([[v[0]] for v in _BP.values()] + [[v[2]] for v in _BP.values()],
                [f"{k}, loose" for k in _BP] + [f"{k}, taut" for k in _BP], ["unique %"], "pairs")
N_PAIRS = {**{f"{k}, loose": v[1] for k, v in _BP.items()},
           **{f"{k}, taut": v[3] for k, v in _BP.items()}}
A_REACH = frame([[8.4, 76.7, 76.7, 100.0], [4.5, 53.6, 53.6, 100.0]], ["7×7", "9×9"],
                list(NAMES), "board")
A_BRANCH = frame([[3306784, 172, 172, 0, 1], [10800036, 2827, 2827, 0, 36]], ["7×7", "9×9"],
                 list(NAMES) + ["deg capped"], "board")
A_RC = frame([[0.0, 2488]], ["chain vs reach"], ["different conclusion %", "comparisons"],
             "comparison")
A_RULE3 = frame([[36, 40, 1], [31, 36, 1]], ["7×7", "9×9"],
                ["still unique", "boards", "median routings"], "board")
_LED = [(h, n, c) for h, seq in census.LEDGER.items() for n, c in enumerate(seq, 1)]
A_LEDGER = frame([[c, "yes" if h == 2 and n >= 5 else "—"] for h, n, c in _LED],
                 [_x(h, n) for h, n, _ in _LED], ["partitions", "recurrence"], "grid")
A_ENG = frame([[100.0], [100.0]], ["random 3×3 to 4×4", "parity-impossible placements"],
              ["agreed %"], "boards")
_I, _N, _C = ("The identity that only mentions the clues",
              "Necessary, and not sufficient. The witness is 2×3",
              "The convention turns out to be nearly all of the uniqueness")
_F = "Four rungs, and one of them never fires"
_D = "Dropping \"every cell is used\" changes almost nothing"
_T = [  # id, section, title, kind, article, n_article, given, expect, note
    ("parity", _I, "The parity identity on every path partition", "exact", A_PARITY, None, (),
     "match", "Counted by our partition scan; the identity is checked on each partition."),
    ("single_pair", _N, "One pair meeting the parity count: solvable / no answer", "exact",
     A_SINGLE, None, (), "match", "Every unordered placement of one pair, every cell used."),
    ("taut_loose", _C, "Share of sampled partitions whose board is unique", "sampled", A_TAUT,
     {"7×7": 800, "9×9": 300}, ("partitions sampled",), "close",
     "Boards straight from a sampled partition, no repair.  Loose agrees (0%); taut is lower "
     "because our taut paths run longer (fewer pairs a board); within a pair count the next "
     "table agrees."),
    ("by_pairs", _C, f"Unique share by pair count ({PAIR_SIZE}×{PAIR_SIZE}, our choice)",
     "sampled", A_PAIRS, N_PAIRS, ("boards (ours)", "mean pairs (ours)"), "match",
     "The article does not name its board size; we bucket the 7×7 streams of the previous "
     "table.  Buckets our samplers rarely produce stay empty."),
    ("reach_rungs", _F, "Share of segments decided from the clues, cumulative by rung (bank)",
     "bank", A_REACH, None, (), "match", "Mean over the bank boards of each size."),
    ("branch_points", _F, "Branch points to prove uniqueness, summed over the bank", "bank",
     A_BRANCH, None, ("node cap (ours)",), "differs",
     "Our deg cap is smaller than the article's 300,000 (given): a looser lower bound.  The "
     "probe row is not zero: probe leaves some of our bank boards open (see the reach table)."),
    ("reach_vs_chain", _F, "Does reach ever change the conclusion?", "sampled", A_RC, 2488,
     ("comparisons", "differ on a board with an answer (ours)"), "match",
     "Blank slates and partly drawn states of the bank boards, and random small boards "
     "(some with no answer); the second row asks the same question under probe."),
    ("rule3_off", _D, "Rule 3 off on the bank", "bank", A_RULE3, None, ("boards",), "match",
     f"Routings counted by the pair-by-pair router, capped at {ROUTING_CAP:,}; smoke scale "
     "uses the first 12 boards of each size."),
    ("ledger", "Counting the grids themselves", "Path partitions of the blank grid", "exact",
     A_LEDGER, None, (), "match", "Smoke scale computes a prefix of each row."),
    ("engines", "Two engines", "The cutter against the segment search", "sampled", A_ENG,
     {"random 3×3 to 4×4": 400}, ("boards",), "match",
     "Answer counts up to 3; the second row: both engines find no answer."),
]
_FN = {"parity": _parity, "single_pair": _single, "taut_loose": _taut, "by_pairs": _by_pairs,
       "reach_rungs": _reach, "branch_points": _branch, "reach_vs_chain": _reach_chain,
       "rule3_off": _rule3, "ledger": _ledger, "engines": _engines}
TABLES = [Table(i, sec, title, kind, art, _FN[i], n_article=n, note=note, source=SOURCE,
                given=g, expect=exp) for i, sec, title, kind, art, n, g, exp, note in _T]


# ------------------------------------------------------------ claims
def _verdict(cid, scale):
    def ours(tid):
        """Our frame for table ``tid`` at this scale."""
        return ARTICLE.measure(tid, scale)

    if cid == "parity":
        v = ours("parity")["violations"]
        return bool((v == 0).all()), f"{int(ours('parity')['partitions'].max()):,} partitions, " \
                                     f"{int(v.max())} violations"
    if cid == "witness":
        p = Puzzle.from_json(certify.WITNESS)
        ok = certify.parity_ok(p) and brute.count_solutions(p, 1).count == 0
        return ok, "the 2×3 board with the 1s in the middle column keeps the count, has no answer"
    if cid == "inequality":   # every bank board has one answer with rule 3 (re-proved)
        rs = _routings(scale)
        bad = [1 for _, r in rs if not r.capped and r.count < 1]
        return not bad, (f"{len(rs)} bank boards: rule 3 off never counts fewer "
                         f"({len(bad)} below, {sum(r.capped for _, r in rs)} capped)")
    if cid == "reach_silent":
        d = ours("reach_vs_chain")
        n, share = int(d["comparisons"].iloc[0]), d["different conclusion %"].iloc[0]
        return bool(share == 0), f"{n} comparisons, {share}% differ"
    if cid == "taut_matters":
        t = ours("taut_loose")
        return bool((t["taut unique %"] > t["loose unique %"]).all()), \
            "; ".join(f"{r}: loose {a}% / taut {b}%" for r, a, b in
                      zip(t.index, t["loose unique %"], t["taut unique %"]))
    r = ours("rule3_off")
    share = (r["still unique"] / r["boards"]).min()
    return (None if scale == "smoke" else bool(share >= 0.75),
            "; ".join(f"{k}: {int(a)}/{int(b)}" for k, a, b in zip(r.index, r["still unique"],
                                                                 r["boards"])))


_CL = [("parity", _I, "the parity identity holds on every partition", 1),
       ("witness", _N, "the identity is necessary, not sufficient: the 2×3 witness", 1),
       ("inequality", "The bug that inverted a conclusion",
        "dropping rule 3 never lowers the count: the bank boards keep an answer", 1),
       ("reach_silent", _F, "reach never reaches a different conclusion than chain", 0),
       ("taut_matters", _C, "taut partitions are unique far more often than loose ones", 0),
       ("rule3_redundant", _D, "most bank boards stay unique with rule 3 off", 0)]
ARTICLE = Article("numberlink", SOURCE, TABLES, [
    Claim(cid, sec, text, lambda scale, cid=cid: _verdict(cid, scale), bool(thm))
    for cid, sec, text, thm in _CL])
