"""The tables of "Heteromino" (puzzle #56 of a solver series, SEN LLC): its
figures, quoted, beside ours.  Bank tables run on our own 72 boards (40 at
8x8, 32 at 12x12, walked as the article describes) beside the article's own
bank (compared as measurements, with a line on their shape); random boards
come from prefix-stable streams (:mod:`puzzlekit.core.measure`)."""
from __future__ import annotations

from functools import lru_cache

import numpy as np
import pandas as pd

from ..core import banks, measure
from ..core.genre import ladder_count
from ..core.tables import Article, cell_z, frame
from . import SPEC, brute, census, figures
from .generate import bad_regions, legal_counts, scatter, walk
from .ladder import LADDER, initial_state
from .model import Answer, Puzzle

__all__ = ["ARTICLE", "SOURCE", "bank", "count2", "sample", "wall_pairs", "census_rows",
           "shape_shares", "ledger_grid", "WALK_BUDGET"]

SOURCE = figures.SOURCE
ARTICLE = Article("heteromino", SOURCE)
WRITTEN, BLANK, TWO_ROWS, CLUE_SPACE, SCATTER, CLIFF, RULE, EXPECTED = figures.SECTIONS
#: The article's ladder: our ``pair`` rung is not in it, so the branch and
#: reach tables (``LADDER_COLUMNS``, in ladder order) measure these levels
#: without ``pair`` and show ``pair`` and ``probe with pair`` (probe over all
#: five rungs) beside them, as ours.
NAMES = tuple(n for n in LADDER.names if n != "pair")
SAMPLES = {  # smoke, book, article
    "bank": (4, 40, 40), "random 6": (20, 200, 4000), "random 8": (6, 60, 1500),
    "random 10": (3, 20, 600), "random 12": (2, 8, 300), "moves 8": (2, 6, 36),
    "moves 12": (1, 4, 121), "walk runs": (1, 1, 3), "walk sizes": ((6,), (6, 8), (6, 8, 10, 12)),
    "census sets": (20_000, 150_000, 10 ** 7), "ledger area": (40, 60, 84)}
WALK_BUDGET = dict(steps=60, restarts=2)        # per clue count tried, ours
RANDOM_K = {6: 9, 8: 13, 10: 22, 12: None}       # the article's best clue count per size
FEWEST_BOARDS = ((3, 4), (3, 5), (4, 4), (3, 6), (4, 5), (4, 6), (5, 5), (5, 6), (6, 6))
LADDER_COLUMNS = [(lv, lv, ("pair",)) for lv in NAMES[:-1]] + [
    ("pair", "pair", ()), ("probe", "probe", ("pair",)), ("probe with pair", "probe", ())]
SEARCH_NODES = 500_000


def sample(what: str, scale=None):
    """Sample size of a measurement at ``scale`` (see ``SAMPLES``)."""
    return measure.sample_size(SAMPLES, what, scale)


def bank(n: int, scale=None):
    """The first bank boards of size ``n`` x ``n``: ``[(puzzle, answer)]``."""
    es = [e for e in banks.load("heteromino") if e["size"] == [n, n]]
    return [(Puzzle.from_json(e["clues"]), Answer.from_json(e["answer"]))
            for e in es[:sample("bank", scale)]]


def count2(p: Puzzle, max_nodes: int = 2_000_000):
    """Answers up to two: 0 at once when a region is not a multiple of three,
    else the scan engine; None when it was capped."""
    r = None if bad_regions(p) else brute.count_solutions(p, 2, max_nodes)
    return 0 if r is None else (None if r.capped and r.count < 2 else r.count)


def _square(n):
    return f"{n}×{n}"




# ------------------------------------------------------------ per-section measurements
def wall_pairs(p: Puzzle, a: Answer) -> int:
    """Pairs of same-shape pieces facing each other across one black cell."""
    own, sh, w = a.owner(p.h, p.w), a.shapes(), p.w
    pairs = set()
    for b in np.flatnonzero(p.black):
        r, c = divmod(int(b), w)
        for (r1, c1), (r2, c2) in (((r, c - 1), (r, c + 1)), ((r - 1, c), (r + 1, c))):
            if 0 <= r1 and 0 <= c1 and r2 < p.h and c2 < w:
                x, y = own[r1 * w + c1], own[r2 * w + c2]
                if x >= 0 and y >= 0 and x != y and sh[x] == sh[y]:
                    pairs.add((min(x, y), max(x, y)))
    return len(pairs)


def census_rows(scale):
    """Every (board, k) of the census whose set count fits the scale."""
    cap = sample("census sets", scale)
    out = []
    for h, w in ((3, 4), (3, 5), (4, 4), (3, 6), (4, 5), (4, 6), (5, 5), (5, 6), (6, 6)):
        for k in legal_counts(h, w):
            if 2 * k <= h * w and census.n_choose(h * w, k) <= cap:
                out.append((h, w, k))
    return out


_census = lru_cache(maxsize=None)(census.clue_census)


def shape_shares(counts) -> list:
    """Shares (%) of the six shapes and of bars, from per-shape totals."""
    c = np.asarray(counts, dtype=float)
    t = max(c.sum(), 1.0)
    return [round(100 * x / t, 1) for x in c] + [round(100 * (c[0] + c[1]) / t, 1)]


def ledger_grid(df) -> pd.DataFrame:
    """A ledger frame in the article's grid layout (see :func:`census.ledger_grid`)."""
    return census.ledger_grid(dict(df["tilings"].items()))


@lru_cache(maxsize=None)
def _bank_puzzles(scale):
    """The bank's puzzles per size row, the same objects for every table
    (so searches run once)."""
    return {_square(n): [p for p, _ in bank(n, scale)] for n in (8, 12)}


@lru_cache(maxsize=None)
def _ladder(scale):
    return measure.ladder_tables(SPEC, _bank_puzzles(scale), LADDER_COLUMNS,
                                 max_nodes=SEARCH_NODES)


# ------------------------------------------------------------ tables, by article section
@ARTICLE.table("wall_job", printed=figures.WALL, section=WRITTEN,
               title="Same-shape pieces facing across one black cell",
               kinds={"pieces": "given"}, shape=True, expect="differs",
               note="Our bank beside the article's.  Pieces are given: the bank's black count "
                    "per size was read off the article's piece total.  Pairs: the total over "
                    "the boards.  Our largest count on one board is shown beside (the "
                    "article: 11); a maximum has no sampling error to compare by.")
def wall_job(scale):
    """Boards with a same-shape pair across one black cell, the pairs in all,
    and per board."""
    s, boards = measure.Summary("bank"), bank(8, scale) + bank(12, scale)
    pairs = [wall_pairs(p, a) for p, a in boards]
    s.given("shipped boards", "boards", len(boards))
    s.share("shipped boards", "with a pair %", [x > 0 for x in pairs])
    s.total("shipped boards", "pairs", pairs)
    s.given("shipped boards", "pieces", sum(len(a.pieces) for _, a in boards))
    s.median("shipped boards", "median per board", pairs)
    s.given("shipped boards", "max per board (ours)", max(pairs))
    return s.frame()


@ARTICLE.table("census", printed=figures.CENSUS, section=CLUE_SPACE,
               title="Every black-cell set of size k, by answer count", kind="exact",
               kinds={"clue sets": "derived"}, expect="match",
               note="Exhaustive.  Clue sets is C(cells, k) (derived).  Rows beyond the "
                    "article's excerpt are every other k we computed; smaller scales skip the "
                    "largest sets.")
def census_table(scale):
    """Every set of k black cells on small boards, by the answers it admits."""
    rows = []
    for h, w, k in census_rows(scale):
        c = _census(h, w, k)
        n = c["sets"]
        rows.append([n] + [round(100 * c[x] / n, 1) for x in ("none", "many", "one")])
    index = [f"{h}×{w}, k={k}" for h, w, k in census_rows(scale)]
    return frame(rows, index, list(figures.CENSUS.columns), "board")


@ARTICLE.table("fewest", printed=figures.FEWEST, section=CLUE_SPACE,
               title="Fewest black cells giving a unique board", kind="exact",
               kinds={"cells": "derived", "density %": "derived"}, expect="match",
               note="From the exhaustive census.  Cells and density follow from the board and "
                    "the count (derived).")
def fewest(scale):
    """The smallest k for which some set of k black cells pins one answer."""
    ks = [next(k for k in legal_counts(h, w) if _census(h, w, k)["one"]) for h, w in FEWEST_BOARDS]
    return frame([[h * w, k, round(100 * k / (h * w), 1)] for (h, w), k in zip(FEWEST_BOARDS, ks)],
                 [f"{h}×{w}" for h, w in FEWEST_BOARDS], list(figures.FEWEST.columns), "board")


@ARTICLE.table("random", printed=figures.RANDOM, section=SCATTER,
               title="Random placements: unique rate at the article's best k",
               kinds={"best clue count": "given"}, expect="match",
               note="Ours is measured at the article's best k (given; 12×12: pooled over all 17 "
                    "legal k, as the article's 5,100 boards are); our own best k and peak rate "
                    "are shown beside.")
def random_placements(scale):
    """The share of random black-cell sets with one answer, at the clue count
    the article found best."""
    s = measure.Summary("board")
    for n, best in RANDOM_K.items():
        cnt = sample(f"random {n}", scale)
        ks = [k for k in legal_counts(n, n) if 3 * k <= n * n]
        rate = {k: [None if (c := count2(p)) is None else c == 1
                    for p in measure.stream(("heteromino", "scatter", n, k),
                                            lambda i, rng, k=k: scatter(n, n, k, rng)).take(cnt)]
                for k in ks}
        mine = max(ks, key=lambda k: np.mean([x for x in rate[k] if x is not None] or [0]))
        s.given(_square(n), "samples per clue count", cnt)
        s.given(_square(n), "best clue count", best if best else "—")
        s.given(_square(n), "our best clue count", mine)
        peak = measure.pct([x for x in rate[mine] if x is not None])
        s.given(_square(n), "our peak rate %", peak)
        s.share(_square(n), "unique rate there %", rate[best] if best else sum(rate.values(), []))
    return s.frame()


@ARTICLE.table("walker", printed=figures.WALKER, section=SCATTER,
               title="Sparsest clue set the walker reaches in a fixed budget",
               kinds={"density %": "derived"}, expect="differs",
               note=f"Our budget: {WALK_BUDGET} per clue count, descending by 3 from a fifth of "
                    "the board.  A budget bound, not a property of the puzzle.  Density is the "
                    "clue set over the board's cells (derived).")
def walker(scale):
    """The sparsest clue set the walker reaches with our budget."""
    s = measure.Summary("board")
    for n in sample("walk sizes", scale):
        runs = []
        for run in range(sample("walk runs", scale)):
            rng = measure.rng_for("heteromino", "walker", n, run)
            ks = [k for k in legal_counts(n, n) if k <= n * n // 5][::-1]
            best = None
            for k in ks:
                if walk(n, n, k, rng, **WALK_BUDGET) is None:
                    break
                best = k
            runs.append(best)
        s.median(_square(n), "sparsest clue set reached", runs)
        s.median(_square(n), "density %", [100 * k / (n * n) for k in runs if k is not None])
    return s.frame()


@ARTICLE.table("branch", printed=figures.BRANCH, section=CLIFF,
               title="Branch points per rung, summed over the bank", shape=True,
               expect="differs",
               note="Totals over our bank beside the article's: magnitudes compared, with the "
                    "sum's sampling error from our per-board counts.  Our search order is "
                    "ours.")
def branch(scale):
    """Branch points the ladder's search needs to prove each bank board
    unique, summed per level."""
    s = measure.Summary("bank")
    for row, ps in _bank_puzzles(scale).items():
        for col, level, without in LADDER_COLUMNS:
            u = measure.uniqueness(SPEC, ps, level, max_nodes=SEARCH_NODES, without=without)
            s.total(row, col, u["branch points"])
    return s.frame()


@ARTICLE.table("reach", printed=figures.REACH, section=CLIFF,
               title="Cells proved before any guess (%)", shape=True, expect="match",
               note="Mean over our bank's boards beside the article's bank.")
def reach(scale):
    """The share of white cells each level decides before any guess."""
    return _ladder(scale)["reach"]


@ARTICLE.table("ablation", printed=figures.ABLATION, section=RULE,
               title="Rule ablation on the bank", shape=True, expect="match",
               kinds={"capped (ours)": "given"},
               cells={("nothing removed", "stop being unique"): "derived",
                      ("nothing removed", "left with no answer"): "derived",
                      ("no same-shape rule", "left with no answer"): "derived"},
               note="Counted by the ladder search under each rule set.  Every bank board is "
                    "unique under the full rule, and dropping a rule keeps its answer "
                    "(derived).")
def ablation(scale):
    """Bank boards that stop being unique, and that lose every answer, under
    each rule set."""
    s = measure.Summary("rule set")
    boards = [p for p, _ in bank(8, scale) + bank(12, scale)]
    for row, rule in (("nothing removed", "heteromino"), ("no same-shape rule", "packing"),
                      ("rotations merged (LITS)", "lits")):
        c = [ladder_count(SPEC, p.with_rule(rule), 2, "hetero", SEARCH_NODES) for p in boards]
        s.given(row, "boards", len(boards))
        s.total(row, "stop being unique", [r.count != 1 for r in c])
        s.total(row, "left with no answer", [r.count == 0 and r.complete for r in c])
        s.given(row, "capped (ours)", sum(r.capped and r.count < 2 for r in c))
    return s.frame()


@ARTICLE.table("shapes_bank", printed=figures.SHAPES_BANK, section=EXPECTED,
               title="Shape shares in the shipped answers", shape=True, expect="match",
               note="Shares of our bank's pieces beside the article's 1,968.")
def shapes_bank(scale):
    """The share of each shape, and of bars, among the bank's pieces."""
    s = measure.Summary("tilings")
    shapes = np.concatenate([a.shapes() for _, a in bank(8, scale) + bank(12, scale)])
    for i, col in enumerate(figures.SHAPES_BANK.columns[:-1]):
        s.share("shipped answers", col, shapes == i)
    s.share("shipped answers", "bars %", shapes <= 1)
    return s.frame()


@ARTICLE.table("shapes_blank", printed=figures.SHAPES_BLANK, section=EXPECTED,
               title="Shape shares over every tiling of a blank board", kind="exact",
               expect="match", note="Exhaustive.")
def shapes_blank(scale):
    """The share of each shape over every tiling of a blank 6×6 and 2×12."""
    shares = [shape_shares(brute.tilings(Puzzle.make(h, w)).shapes) for h, w in ((6, 6), (2, 12))]
    return frame(shares, list(figures.SHAPES_BLANK.rows), list(figures.SHAPES_BLANK.columns),
                 "tilings")


@ARTICLE.table("moves", printed=figures.MOVES, section=EXPECTED,
               title="One black cell moved to a random white cell", expect="match",
               note="Moves drawn per bank board, seeded.")
def moves(scale):
    """Bank boards with one black cell moved at random: still unique, or no
    answer at all."""
    s = measure.Summary("board")
    for n in (8, 12):
        per, out = sample(f"moves {n}", scale), []
        for j, (p, _) in enumerate(bank(n, scale)):
            rng = measure.rng_for("heteromino", "moves", n, j)
            for _ in range(per):
                b = p.black.copy()
                b[rng.choice(np.flatnonzero(b))] = False
                b[rng.choice(np.flatnonzero(~p.black))] = True
                out.append(count2(p.with_black(b)))
        s.given(_square(n), "single-clue moves tried", len(out))
        s.share(_square(n), "still exactly one answer %",
                [None if c is None else c == 1 for c in out])
        s.share(_square(n), "no answer at all %", [None if c is None else c == 0 for c in out])
    return s.frame()


LEDGER_CELLS = list(census.LEDGER) + list(census.LOWER_BOUNDS)


@ARTICLE.table("ledger", printed=figures.LEDGER_TABLE, section=BLANK,
               title="Tilings of a blank h×n board", kind="exact", expect="match",
               note="The article's 6×12 and 7×12 cells are lower bounds (not compared; see the "
                    "bounds claim); smaller scales count boards up to a smaller area.")
def ledger(scale):
    """The scan engine's count of tilings of every blank board up to the
    scale's area."""
    area = sample("ledger area", scale)
    cells = [hw for hw in LEDGER_CELLS if hw[0] * hw[1] <= area]
    return frame([[census.blank_count(h, n)[0]] for h, n in cells],
                 [f"{h}×{n}" for h, n in cells], ["tilings"], "board")


# ------------------------------------------------------------ claims
@ARTICLE.claim("strip", text="a 1×n strip tiles only at n = 3", section=BLANK, theorem=True)
def strip(lengths=None):
    """The strips up to 1×15 that tile (or the lengths given) are 3 alone."""
    lengths = census.strips_that_tile(15) if lengths is None else list(lengths)
    return lengths == [3], f"1×n tiles for n in {lengths} (n ≤ 15)"


@ARTICLE.claim("two_rows", text="a blank 2×3m board has 2^m tilings, all of 2×3 blocks of "
               "two Ls", section=TWO_ROWS, theorem=True)
def two_rows(identity=None):
    """Counts 2^m for m = 1..9 with no bar and no piece across a column
    triple (or the ``(structure holds, counts)`` given)."""
    structure, counts = census.two_row_identity(9) if identity is None else identity
    powers = [2 ** m for m in range(1, len(counts) + 1)]
    return structure and counts == powers, f"2×3m counts {counts}; no bar, no crossing piece"


@ARTICLE.claim("rule_off", text="without the same-shape rule a 2×6 has more tilings, bars "
               "included", section=TWO_ROWS, theorem=True)
def rule_off(packings=None):
    """A blank 2×6 has more than four packings, some with a bar (or the
    tilings result given)."""
    t = brute.tilings(Puzzle.make(2, 6), rule="packing") if packings is None else packings
    return t.count > 4 and t.shapes[0] > 0, f"{t.count} packings of a 2×6, {t.shapes[0]} bars"


@ARTICLE.claim("bounds", text="the article's starred cells are lower bounds of the exact counts",
               section=BLANK, uses=("ledger",))
def bounds(ledger_frame):
    """Our exact counts of the starred boards reach the article's bounds; not
    measured where the scale does not count them."""
    done = {hw: int(ledger_frame.at[f"{hw[0]}×{hw[1]}", "tilings"]) for hw in census.LOWER_BOUNDS
            if f"{hw[0]}×{hw[1]}" in ledger_frame.index}
    if not done:
        return None, f"not computed at this scale; bounds {census.LOWER_BOUNDS}"
    return (all(v >= census.LOWER_BOUNDS[hw] for hw, v in done.items()),
            f"ours {done} vs bounds {census.LOWER_BOUNDS}")


@ARTICLE.claim("flip", text="few black cells fail by many answers, many by none",
               section=CLUE_SPACE, uses=("census",))
def flip(census_frame):
    """On every board with two or more clue counts in the census, the fewest
    black cells leave more boards with many answers and fewer with none than
    the most."""
    boards = census_frame.index.str.split(", k=").str[0]
    k = census_frame.index.str.split("k=").str[1].astype(int)
    rows = census_frame.reset_index(drop=True).assign(grid=boards, k=k).sort_values(["grid", "k"])
    pairs = [(g.iloc[0], g.iloc[-1]) for _, g in rows.groupby("grid") if len(g) > 1]
    if not pairs:
        return None, "no board with two clue counts at this scale"
    bad = [few["grid"] for few, many in pairs
           if not (few["many answers %"] > many["many answers %"]
                   and few["no answer %"] < many["no answer %"])]
    return not bad, (f"{len(pairs)} boards; the flip fails on {', '.join(bad)}" if bad
                     else f"{len(pairs)} boards, each flips from many answers to none")


@ARTICLE.claim("cliff", text="nothing below probe settles much; probe settles nearly all",
               section=CLIFF, uses=("reach",), smoke_undecided=True)
def cliff(reach_frame):
    """At each size hetero (the top rung below probe) settles no more than the
    article's figure and probe no less, each within its sampling error."""
    values = reach_frame.attrs.get("values", {})
    wrong = []
    for row in figures.REACH.rows:
        for col, sign in (("hetero %", 1), ("probe %", -1)):
            per_board = values.get((row, col), ())
            if len(per_board) < 2:
                return None, f"{row}: too few boards"
            fig = figures.REACH.figure(row, col)
            ours, _, z = cell_z("mean", fig.value, per_board, fig.n, fig.unit / 2)
            if sign * (ours - fig.value) > 0 and z > 2:
                wrong.append(f"{row} {col} {ours:.1f} against {fig.text} (z {z:.1f})")
    return not wrong, ("; ".join(wrong) if wrong else "below probe at most the article's "
                       "share, probe at least its share, at every size")


@ARTICLE.claim("candidates", text="an open cell starts with about 9.5 candidate pieces",
               section=CLIFF, smoke_undecided=True)
def candidates(per_board=None, scale=None):
    """The mean candidates per open cell over the bank's boards (or the
    per-board means given) is the article's 9.5 within its sampling error."""
    if per_board is None:
        boards = [p for p, _ in bank(8, scale) + bank(12, scale)]
        per_board = [initial_state(p).bits.size / p.white_count for p in boards]
    fig = figures.CANDIDATES
    ours, se, z = cell_z("mean", fig.value, per_board, half_unit=fig.unit / 2)
    return z <= 2, f"ours {ours:.2f} ± {se:.2f} candidates per open cell, article {fig.text}"


@ARTICLE.claim("lits", text="merging rotations leaves the bank's boards with no answer",
               section=RULE, uses=("ablation",))
def lits(ablation_frame):
    """Under the merged rule the share of bank boards left with no answer is
    the article's 72 of 72 within its sampling error; no boards is no
    verdict."""
    row = ablation_frame.loc["rotations merged (LITS)"]
    boards = int(row["boards"])
    if not boards:
        return None, "no boards"
    lost = int(round(row["left with no answer"]))
    art = figures.ABLATION.figure("rotations merged (LITS)", "left with no answer")
    flags = [1] * lost + [0] * (boards - lost)
    z = cell_z("share", 100.0 * art.value / art.n, flags, n_article=art.n)[2]
    return z <= 2, f"{lost} of {boards} boards without an answer under LITS (article {art.text})"
