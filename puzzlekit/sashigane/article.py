"""The tables of "Sashigane" (SEN LLC, puzzle #55 of a solver series): its
figures, quoted, beside ours.  Exhaustive tables come from :mod:`puzzlekit.sashigane.census`;
random answers from prefix-stable streams (:mod:`puzzlekit.core.measure`)
drawn by :func:`puzzlekit.sashigane.generate.random_partition`; bank tables from our bank."""
from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

import numpy as np

from ..core import banks, measure as M
from ..core.tables import Article, Claim, Table, frame
from . import SPEC, census
from .certify import budget_refutes
from .generate import answer_board, random_partition, random_small
from .ladder import LADDER, initial_state
from .model import Answer, Puzzle

__all__ = ["ARTICLE", "SOURCE", "sample", "answers", "bank_boards", "CLAUSE_ROWS", "fit_settles"]

SOURCE = "article: Sashigane (SEN LLC, 2026-09-04), puzzle #55 of a solver series"
SAMPLES = {  # answers per row: smoke, book, article
    "dial 6": (8, 150, 1200), "dial 8": (6, 100, 1200), "dial 12": (3, 40, 400),
    "numbered": (3, 30, 200), "branch cap": (2_000, 5_000, 300_000)}
MASKS = 8                      # coin-flip masks per answer, as in the article
NUMBERED_SIZES = (5, 6, 7, 8, 9, 10)
MASK_BOARDS = ((2, 6), (3, 4), (3, 5), (3, 6), (4, 4), (4, 5), (4, 6))
CLAUSE_ROWS = (("nothing", None), ("the arrow points home", "home"),
               ("the arrow sits at an end", "end"), ("the circle sits on the bend", "bend"),
               ("a number equals the piece size", "size"))
_x = "{0}×{1}".format


def sample(what: str, scale=None) -> int:
    """Answers (or a cap) per row of a measurement at ``scale``."""
    return M.sample_size(SAMPLES, what, scale)


def _pct(num, den):
    """A percentage rounded half-up to one decimal, as the article prints."""
    return float(Decimal(str(100.0 * num / den)).quantize(Decimal("0.1"), ROUND_HALF_UP))


def answers(n):
    """Random n x n answers (flat piece labels), one per stream index."""
    def draw(i, rng):
        lab = None
        while lab is None:
            lab = random_partition(rng, n, n)
        return lab
    return M.stream(("sashigane", "answer", n), draw, f"{n}x{n} answers")


def _boards(n, convention):
    """Bare-circle boards of :func:`answers` under one arrow convention; the
    coin stream holds :data:`MASKS` boards per answer."""
    if convention == "coin":
        return M.stream(("sashigane", "coin", n), lambda i, rng: [
            answer_board(answers(n).item(i), n, n, "coin", rng, numbers=False)
            for _ in range(MASKS)], f"{n}x{n} coin")
    return M.stream(("sashigane", convention, n), lambda i, rng: answer_board(
        answers(n).item(i), n, n, convention, rng, numbers=False), f"{n}x{n} {convention}")


def bank_boards(size=None):
    """The shipped boards (puzzle, answer, entry), optionally of one size."""
    out = []
    for e in banks.load("sashigane"):
        if size is None or e["size"] == [size, size]:
            out.append((Puzzle.from_json(e["clues"]), Answer.from_json(e["answer"]), e))
    return out


def _unique(ps):
    return list(M.uniqueness(SPEC, ps, level="cover")["unique"])


def fit_settles(puzzle) -> float:
    """Percentage of the circles' geometric candidate L's the ``fit`` fixpoint removes."""
    s = initial_state(puzzle)
    LADDER.fixpoint(s, "fit", attribute=False)
    return 100.0 * (1.0 - s.bits.mean())


# ------------------------------------------------------------ tables
def _ledger(scale):
    rows = []
    for h, last in census.LEDGER_ROWS.items():
        rows.append([census.ledger(h, n) if n <= last else "—" for n in range(2, 15)])
    sq = [[census.ledger(n, n) for n in range(1, 7)]]
    return {"ledger": frame(rows, [f"{h}×n" for h in census.LEDGER_ROWS], list(range(2, 15)),
                            "rows"),
            "squares": frame(sq, ["n×n"], list(range(1, 7)), "board")}


def _masks(scale):
    fit = sum(census.fit_counts(h, w) for h, w in ((3, 5), (4, 4), (4, 5)))
    tot = int(fit.sum())
    out = {"fit": frame([[tot, _pct(fit[1], tot), _pct(fit[2], tot), int(fit[3:].sum()),
                          int(fit[0])]], ["3×5, 4×4, 4×5"],
                        ["circles", "one L %", "two L %", "three or more", "none"], "boards")}
    num, bare, tot_p, tot_u = [], [], 0, 0
    for h, w in MASK_BOARDS:
        t, b = census.mask_table(h, w, True), census.mask_table(h, w, False)
        if (h, w) != (4, 6):
            num.append([t["pairs"], _pct(t["unique"], t["pairs"])])
            tot_p, tot_u = tot_p + t["pairs"], tot_u + t["unique"]
        bare.append([b["pairs"], _pct(b["unique"], b["pairs"]), b["unpinnable"], b["partitions"]])
    num.append([tot_p, _pct(tot_u, tot_p)])
    out["numbered"] = frame(num, [_x(*s) for s in MASK_BOARDS[:-1]] + ["all"],
                            ["pairs", "unique %"], "board")
    out["bare"] = frame(bare, [_x(*s) for s in MASK_BOARDS],
                        ["pairs", "unique %", "answers no mask pins", "answers"], "board")
    return out


def _numbered_random(scale):
    s, k = M.Summary("board"), sample("numbered", scale)
    for n in NUMBERED_SIZES:
        ps = [answer_board(lab, n, n, "coin", np.random.default_rng(i), numbers=True)
              for i, lab in enumerate(answers(n).take(k))]
        s.share(_x(n, n), "ambiguous %", [None if u is None else not u for u in _unique(ps)])
        s.given(_x(n, n), "boards (ours)", k)
    return {"numbered_random": s.frame()}


def _dial(scale):
    s = M.Summary("board")
    for n in (6, 8, 12):
        k = sample(f"dial {n}", scale)
        key = _x(n, n)
        s.median(key, "pieces", [int(lab.max()) + 1 for lab in answers(n).take(k)])
        s.share(key, "long arm %", _unique(_boards(n, "long").take(k)))
        s.share(key, "short arm %", _unique(_boards(n, "short").take(k)))
        s.share(key, "coin flip %", _unique([p for ps in _boards(n, "coin").take(k) for p in ps]))
        s.given(key, "answers", k)
        s.given(key, "coin boards", k * MASKS)
    return {"dial": s.frame()}


def _bank(scale):
    rows = []
    for n in (8, 12):
        bb = bank_boards(n)
        nums = [int((p.circle > 0).sum()) for p, _, _ in bb]
        bare = [p.with_numbers(np.zeros(p.h * p.w, np.int64)) for p, _, _ in bb]
        rows.append([len(bb), float(np.median([len(a.pieces) for _, a, _ in bb])), min(nums),
                     max(nums), float(np.median(nums)), sum(u is True for u in _unique(bare))])
    return {"bank": frame(rows, ["8×8", "12×12"], ["boards", "median pieces", "numbers min",
                          "numbers max", "numbers median", "unique with no numbers"], "bank")}


def _clauses(scale):
    bb = bank_boards()
    rows, lost_by = [], {}
    for label, clause in CLAUSE_ROWS:
        ps = [p if clause is None else p.with_rules(off=[clause]) for p, _, _ in bb]
        u = M.uniqueness(SPEC, ps, level="cover", limit=1000, max_nodes=200_000)
        lost = [i for i, x in enumerate(u["unique"]) if x is False]
        lost_by[label] = lost
        med = float(np.median(u["count"].iloc[lost])) if lost else "—"
        med = int(med) if med != "—" and med == int(med) else med
        rows.append([f"{len(lost)} / {len(bb)}", len(lost), med, int(u["branch points"].sum())])
    df = frame(rows, [r for r, _ in CLAUSE_ROWS], ["boards losing uniqueness", "lost",
               "median answers then", "branch points"], "rule removed")
    df.attrs["lost"] = lost_by
    return {"ablation": df}


def _branch(scale):
    cap = sample("branch cap", scale)
    rows = []
    for n in (8, 12):
        ps = [p for p, _, _ in bank_boards(n)]
        row = []
        capped = 0
        for lv in LADDER.names:
            u = M.uniqueness(SPEC, ps, level=lv, max_nodes=cap)
            row.append(int(u["branch points"].sum()))
            capped += int(u["capped"].sum()) if lv == "fit" else 0
        row += [capped, round(float(np.mean([fit_settles(p) for p in ps])), 1), cap]
        rows.append(row)
    return {"branch": frame(rows, ["8×8", "12×12"], [*LADDER.names, "fit capped",
                            "fit removes % of L's", "node cap"], "bank")}


# ------------------------------------------------------------ the article's figures
_D = "—"
_LEDGER = [[0, 2, 2, 2, 6, 10, 14, 26, 46, 74, 126, 218, 366],
           [2, 0, 20, 64, 234, 664, 2220, 7476, 25882, _D, _D, _D, _D],
           [2, 20, 110, 752, 4522, 27380, 167078, _D, _D, _D, _D, _D, _D],
           [2, 64, 752, 7720, 84846, 908020, _D, _D, _D, _D, _D, _D, _D],
           [6, 234, 4522, 84846, 1557970, _D, _D, _D, _D, _D, _D, _D, _D]]
A_LEDGER = frame(_LEDGER, [f"{h}×n" for h in census.LEDGER_ROWS], list(range(2, 15)), "rows")
A_SQUARES = frame([[0, 0, 0, 110, 7720, 1557970]], ["n×n"], list(range(1, 7)), "board")
A_FIT = frame([[136576, 80.3, 19.7, 0, 0]], ["3×5, 4×4, 4×5"],
              ["circles", "one L %", "two L %", "three or more", "none"], "boards")
A_NUM = frame([[72, 100.0], [192, 100.0], [896, 100.0], [6432, 100.0], [1888, 100.0],
               [24416, 100.0], [33896, 100.0]], [_x(*s) for s in MASK_BOARDS[:-1]] + ["all"],
              ["pairs", "unique %"], "board")
A_BARE = frame([[72, 100.0, 0, 6], [192, 87.5, 0, 20], [896, 81.3, 0, 64], [6432, 73.5, 0, 234],
                [1888, 87.3, 0, 110], [24416, 74.8, 0, 752], [284000, 70.9, 0, 4522]],
               [_x(*s) for s in MASK_BOARDS], ["pairs", "unique %", "answers no mask pins",
                                               "answers"], "board")
A_NUMR = frame([[0.0, _D]] * 6, [_x(n, n) for n in NUMBERED_SIZES], ["ambiguous %",
               "boards (ours)"], "board")
A_DIAL = frame([[6, 57.9, 49.8, 49.9, 1200, 9600], [9, 41.8, 44.8, 30.4, 1200, 9600],
                [14, 20.8, 29.8, 11.3, 400, 3200]], ["6×6", "8×8", "12×12"],
               ["pieces", "long arm %", "short arm %", "coin flip %", "answers", "coin boards"],
               "board")
A_BANK = frame([[40, 9, 0, 2, 0, 22], [32, 17, 0, 4, 1, 10]], ["8×8", "12×12"],
               ["boards", "median pieces", "numbers min", "numbers max", "numbers median",
                "unique with no numbers"], "bank")
A_ABL = frame([["0 / 72", 0, _D, 0], ["5 / 72", 5, 2, 12], ["52 / 72", 52, 6, 1006],
               ["22 / 72", 22, 2.5, 146], ["40 / 72", 40, 5, 386]], [r for r, _ in CLAUSE_ROWS],
              ["boards losing uniqueness", "lost", "median answers then", "branch points"],
              "rule removed")
A_BRANCH = frame([[4053280, 0, 0, 0, 5, 94.4, 300000], [9600032, 0, 0, 0, 32, _D, 300000]],
                 ["8×8", "12×12"], [*LADDER.names, "fit capped", "fit removes % of L's",
                                    "node cap"], "bank")
_S1, _S2, _S3, _S4 = ("1. The blank board is not always solvable",
                      "2. Print every number and the puzzle stops being one",
                      "3. Take the numbers away and the arrow end starts to matter",
                      "4. The arrow end is the only choice the setter has")
_S5, _S6, _S7 = ("5. The numbers really are nearly free", "6. Which clause is load-bearing",
                 "7. The ladder, and how much of it never fires")
_T = [  # id, section, title, kind, article, n_article, given, expect, note
    ("ledger", _S1, "Blank L-partitions of h × n boards", "exact", A_LEDGER, None, (), "match",
     "The scanner with the clues ignored, every cell at every scale."),
    ("squares", _S1, "Blank L-partitions of n × n squares", "exact", A_SQUARES, None, (), "match",
     "The diagonal of the ledger, with 1×1."),
    ("fit", _S2, "fit candidates of a fully clued circle, every (partition, mask)", "exact",
     A_FIT, None, (), "match", "Every circle of every arrow mask of every partition."),
    ("numbered", _S2, "Every number printed: (partition, mask) pairs with one answer", "exact",
     A_NUM, None, (), "match", "Exhaustive."),
    ("numbered_random", _S2, "Every number printed, random answers: ambiguous share", "sampled",
     A_NUMR, None, ("boards (ours)",), "match",
     "The article gives no sample size and found none ambiguous; our answers, coin arrows."),
    ("bare", _S3, "Bare circles: (partition, mask) pairs with one answer", "exact", A_BARE, None,
     (), "match", "Exhaustive; 'answers' is the number of partitions."),
    ("dial", _S4, "Arrow-end convention, bare circles: unique share", "sampled", A_DIAL,
     {"6×6": 1200, "8×8": 1200, "12×12": 400}, ("answers", "coin boards"), "differs",
     "Our random answers have more, smaller pieces than the article's (median pieces), and "
     "piece count drives ambiguity; a uniform draw over all 6×6 partitions would have more "
     "still (see the chapter).  Ties in arm length: 'long' takes the vertical arm, "
     "'short' the horizontal one.  Coin boards are 8 per answer, so clustered; the article's "
     "answer count is used as its sample size."),
    ("bank", _S5, "The bank after erasure", "bank", A_BANK, None, ("boards",), "differs",
     "Our generator's answers have smaller pieces, so more numbers survive erasure."),
    ("ablation", _S6, "Clause ablation over the bank", "bank", A_ABL, 72,
     ("boards losing uniqueness",), "differs",
     "Answers counted up to 1000 at the cover level, 200,000 nodes per board."),
    ("branch", _S7, "Branch points per rung over the bank", "bank", A_BRANCH, None,
     ("node cap", "fit removes % of L's"), "close",
     "Our cap is on search nodes and smaller below article scale, so every board caps at fit "
     "and the fit cells are lower bounds.  'fit removes' is our reading of the article's "
     "'settles 94.4%' (the share of each circle's geometric L's that fit deletes), shown only."),
]
_PARTS = {"ledger": _ledger, "squares": _ledger, "fit": _masks, "numbered": _masks,
          "bare": _masks, "numbered_random": _numbered_random, "dial": _dial, "bank": _bank,
          "ablation": _clauses, "branch": _branch}
TABLES = [Table(i, sec, title, kind, art, lambda sc, i=i: _PARTS[i](sc)[i], n_article=n,
                note=note, source=SOURCE, given=g, expect=exp)
          for i, sec, title, kind, art, n, g, exp, note in _T]


# ------------------------------------------------------------ claims
def _verdict(cid, scale):
    def ours(tid):
        """Our frame for table ``tid`` at this scale."""
        return ARTICLE.measure(tid, scale)

    if cid == "a052537":
        a = census.a052537(16)
        ok = all(census.ledger(2, n) == a[n] for n in range(2, 15))
        return ok and all(a[n] == a[n - 1] + 2 * a[n - 3] for n in range(3, 16)), \
            "2×n for n = 2..14 equals A052537 term by term"
    if cid == "three_by_three":
        sq = ours("squares").iloc[0]
        fails = [n for n in range(3, 7) if sq[n] == 0]
        return fails == [3], f"squares 3..6 with no partition: {fails}"
    if cid == "transposes":
        pairs = [(h, n) for h, last in census.LEDGER_ROWS.items() for n in range(h + 1, last + 1)
                 if h * n <= 30]
        return all(census.ledger(h, n) == census.ledger(n, h) for h, n in pairs), \
            f"{len(pairs)} entries equal their transposes"
    if cid == "fit_two":
        f = ours("fit").iloc[0]
        return f["three or more"] == 0 and f["none"] == 0, \
            f"{f['circles']} circles: {f['one L %']}% one L, {f['two L %']}% two"
    if cid == "budget":
        rng = np.random.default_rng(55)
        ps = [p for p, _, _ in bank_boards()] + [random_small(rng, 5, 5) for _ in range(200)]
        bad = [p for p in ps if budget_refutes(p) and SPEC.brute_count(p, 1).count > 0]
        return not bad, f"{len(ps)} boards, {sum(map(budget_refutes, ps))} refuted, none solvable"
    if cid == "size_rule_self_check":
        ab = ours("ablation")
        carry = [i for i, (p, _, _) in enumerate(bank_boards()) if (p.circle > 0).any()]
        lost = ab.attrs["lost"]["a number equals the piece size"]
        return lost == carry, f"{len(lost)} boards lose uniqueness; {len(carry)} carry a number"
    if cid == "position_beats_direction":
        ab = ours("ablation")
        e, h = ab.at["the arrow sits at an end", "lost"], ab.at["the arrow points home", "lost"]
        return e > h, f"removing 'at an end' loses {e} boards, 'points home' {h}"
    if cid == "cover_finishes_bank":
        gs = [e["grade"] for _, _, e in bank_boards()]
        return all(g in ("fit", "cover") for g in gs), f"grades: {sorted(set(gs))}"
    d = ours("dial")
    ok = bool((d["coin flip %"] <= d[["long arm %", "short arm %"]].max(axis=1)).all())
    return (None if scale == "smoke" else ok), "coin vs best convention: " + "; ".join(
        f"{r} {d.at[r, 'coin flip %']}/{max(d.at[r, 'long arm %'], d.at[r, 'short arm %'])}"
        for r in d.index)


_C = [("a052537", _S1, "the 2×n row is A052537, a(n) = a(n−1) + 2a(n−3)", 1),
      ("three_by_three", _S1, "3×3 is the only square (3..6) with no L-partition", 1),
      ("transposes", _S1, "ledger entries equal their transposes", 1),
      ("fit_two", _S2, "a fully clued circle has at most two fit candidates", 1),
      ("budget", "8. A size budget", "the size budget never rejects a solvable board", 1),
      ("size_rule_self_check", _S6, "exactly the boards carrying a number lose uniqueness "
       "without the size rule", 1),
      ("position_beats_direction", _S6, "the arrow's position outweighs its direction", 0),
      ("cover_finishes_bank", _S7, "cover finishes every bank board without a guess", 0),
      ("consistency_wins", _S4, "a consistent convention beats a coin flip", 0)]
ARTICLE = Article("sashigane", SOURCE, TABLES, [
    Claim(cid, sec, text, lambda scale, cid=cid: _verdict(cid, scale), bool(thm))
    for cid, sec, text, thm in _C])
