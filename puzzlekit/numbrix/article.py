"""The tables of "Numbrix: one number colours the whole board, and the ruler
rung that provably pays nothing" (puzzle #47 of a solver series, SEN LLC): its
figures, quoted, beside ours.  Our boards come from prefix-stable streams
(:mod:`puzzlekit.core.measure`): backbite answers, numbers printed in random
cells."""
from __future__ import annotations

import dataclasses
import math

from ..core import measure
from ..core.measure import Summary, rng_for, stream
from ..core.scales import pick
from ..core.tables import Article, frame
from . import SPEC, census, figures
from .certify import false_alarm, reversal_trial, single_cell_proof
from .generate import (
    adversarial,
    backbite,
    random_answer,
    reveal_until_unique,
    snake,
    take_back,
    turns,
)
from .ladder import LADDER, LINK_LADDER, RULER_LADDER
from .model import Answer, Puzzle, is_answer

__all__ = ["ARTICLE", "SOURCE", "answers", "revealed", "lab", "RULER_SPEC", "LINK_SPEC"]

SOURCE = figures.SOURCE
ARTICLE = Article("numbrix", SOURCE)
(COLOUR, RULER, DISTINCT, ACCELERATORS, INK, SECOND, SAMPLING, LEDGER,
 PROBE_UNIQUE) = figures.SECTIONS
SIZES, RUNGS = (4, 6, 8, 10), LADDER.names
LEVELS = [measure.level_label(LADDER, i) for i in range(len(LADDER))]
COLOUR_ROWS = ((8, 0), (8, 1), (8, 2), (8, 4), (8, 8), (10, 1), (10, 8))
STACK_ROWS = ((8, 20), (8, 30), (8, 40), (10, 20), (10, 30), (10, 40))
WORK, DIAL = ("pin scans", "link scans", "edge runs"), (0, 1, 4, 16, 60)
#: The ablation's work counters are totals over 12 boards, as the article's.
ABLATION_BOARDS = 12
# the ruler's two ladders, measured through the same memoised fixpoint
RULER_SPEC = dataclasses.replace(SPEC, name="numbrix pin+ruler", ladder=RULER_LADDER)
LINK_SPEC = dataclasses.replace(SPEC, name="numbrix pin+link+ruler", ladder=LINK_LADDER)
GAPS, VIOLATIONS = "unique, probe stalls (ours)", "probe finishes, not unique (ours)"


def lab(size: int) -> str:
    """The row label of a square size.

    >>> lab(8)
    '8×8'
    """
    return f"{size}×{size}"


# ------------------------------------------------------------ streams
def answers(size: int) -> measure.Stream:
    """Backbite answers of a ``size`` x ``size`` board (60 moves per cell)."""
    return stream(("numbrix", "answer", size), lambda i, rng: random_answer(size, size, rng),
                  f"numbrix {lab(size)} answers")


def revealed(size: int, pct: int) -> measure.Stream:
    """Answer ``i`` of :func:`answers` with ``pct`` % of its numbers printed in random cells."""
    n = size * size
    shown = int(round(pct * n / 100))

    def draw(i, rng):
        return Puzzle.from_cells(size, size, answers(size).item(i).grid.ravel(),
                                 rng.permutation(n)[:shown])
    return stream(("numbrix", "reveal", size, pct), draw, f"numbrix {lab(size)} {pct}%")


def _first_printed(size, count):
    """Answer ``i`` with the first ``count`` cells of one random order printed
    (nested in ``count``)."""
    def draw(i, rng):
        order = rng_for("numbrix", "order", size, i).permutation(size * size)
        return Puzzle.from_cells(size, size, answers(size).item(i).grid.ravel(), order[:count])
    return stream(("numbrix", "printed", size, count), draw)


def _ink(size):
    """Per answer: the adversarial edge clue set and the random reveal's length."""
    def draw(i, rng):
        answer = answers(size).item(i)
        return answer, adversarial(answer, "edge", rng), reveal_until_unique(answer, rng)[0]
    return stream(("numbrix", "ink", size), draw, f"numbrix {lab(size)} ink")


def _draws(moves_per_cell):
    """200 backbite paths of a 10×10 from the snake, ``(path, accepted moves)``."""
    def draw(i, rng):
        return backbite(snake(10, 10), 10, 10, moves_per_cell * 100, rng)
    return stream(("numbrix", "backbite", moves_per_cell), draw).take(200)


def _boards30(scale, sizes=SIZES):
    """The ruler section's boards: 30% of the numbers printed."""
    count = pick(scale, smoke=3, book=40, article=40)
    return [p for k in sizes for p in revealed(k, 30).take(count)]


def _cert(scale):
    """Per size: ``(unique, reversal fired, sound)`` until ``target`` ambiguous boards."""
    target, out = pick(scale, smoke=3, book=30, article=60), {}
    for size in SIZES:
        st = stream(("numbrix", "certificate", size),
                    lambda i, rng, k=size: reversal_trial(k, k, rng))
        items = []
        while sum(u is False for u, _, _ in items) < target:
            items.append(st.item(len(items)))
        out[size] = items
    return out


def _pin_level(size):
    """The stream of pin-level adversarial clue counts on ``size`` x ``size`` answers."""
    return stream(("numbrix", "pin wall", size),
                  lambda i, rng: len(adversarial(answers(size).item(i), "pin", rng)))


# ------------------------------------------------------------ tables, by article section
@ARTICLE.table("colour", printed=figures.COLOUR, section=COLOUR,
               title="Surviving cell×number pairs on random answers",
               kinds={"after pin %": "derived"},
               cells={("8×8, 0 printed", "after link %"): "exact",
                      ("8×8, 0 printed", "cells pinned %"): "exact"},
               expect="close",
               note="The article prints no sample size: our error alone.  After pin the "
                    "surviving pairs are a formula of the numbers printed: derived.  With no "
                    "number printed nothing can be deduced: exact.")
def colour(scale):
    """Surviving pairs after pin and after link, and cells pinned, with the
    first k cells of one random order printed."""
    s = Summary("board")
    for size, k in COLOUR_ROWS:
        row = f"{lab(size)}, {k} printed"
        boards = _first_printed(size, k).take(pick(scale, smoke=3, book=60, article=200))
        pin = [measure.fix(SPEC, p, "pin") for p in boards]
        link = [measure.fix(SPEC, p, "link") for p in boards]
        s.mean(row, "after pin %", [100 * f.bits.mean() for f in pin])
        s.mean(row, "after link %", [100 * f.bits.mean() for f in link])
        s.mean(row, "cells pinned %", [f.decided for f in link])
    return s.frame()


@ARTICLE.table("ruler", printed=figures.RULER, section=RULER, title="Ruler against link",
               kinds={"bits after pin alone": "derived"}, expect="differs",
               note="Ours: 30% printed; the article does not say how its boards were clued.  "
                    "Bits after pin alone are a formula of the numbers printed (40 boards × "
                    "k + (n − k)²): derived from our clue count, not compared.")
def ruler(scale):
    """pin+ruler against pin+link on the 30% boards, and what ruler deletes
    once link is stable."""
    s = Summary("board")
    for size in SIZES:
        row, boards = lab(size), _boards30(scale, (size,))
        link = [measure.fix(SPEC, p, "link") for p in boards]
        s.mean(row, "bits after pin alone",
               [40 * measure.fix(SPEC, p, "pin").bits.sum() for p in boards], 0)
        s.mean(row, "pinned by pin+ruler %", [measure.fix(RULER_SPEC, p).decided for p in boards])
        s.mean(row, "pinned by pin+link %", [f.decided for f in link])
        deleted = [int(f.bits.sum() - measure.fix(LINK_SPEC, p).bits.sum())
                   for f, p in zip(link, boards)]
        s.exact(row, "bits ruler deletes after link", sum(deleted))
    return s.frame()


@ARTICLE.table("stack", printed=figures.STACK, section=DISTINCT,
               title="Stacking rungs from the bottom (cells pinned %)",
               kinds={"pin": "derived"}, expect="close",
               note="The article prints no sample size: our error alone.  The pin column is "
                    "our printed share (pin pins nothing else below the pin wall): derived.")
def stack(scale):
    """Cells pinned by each cumulative level on random reveals."""
    s = Summary("board, reveal")
    for size, pct in STACK_ROWS:
        boards = revealed(size, pct).take(pick(scale, smoke=1, book=12, article=40))
        reach = measure.reach(SPEC, boards)
        for i, name in enumerate(RUNGS):
            s.mean(f"{lab(size)}, {pct}%", LEVELS[i],
                   reach[reach["level"] == name]["decided %"])
    return s.frame()


@ARTICLE.table("ablation", printed=figures.ABLATION, section=ACCELERATORS,
               title="Ablation on 10×10",
               cells={("−pin", "pin scans"): "derived", ("−link", "link scans"): "derived",
                      ("−edge", "edge runs"): "derived", ("−probe", "probes"): "derived"},
               expect="differs",
               note="Ours: 25% printed, 12 boards.  Work per 12 boards, compared all the same "
                    "although each implementation counts in its own units (our pin and link "
                    "scans count cells per call).  A removed rung does no work: derived.  "
                    "Last row (ours): link and probe both removed.")
def ablation(scale):
    """Each rung removed in turn on 10×10 boards: cells pinned, boards whose
    fixpoint moved, and the work counters per 12 boards."""
    boards = revealed(10, 25).take(pick(scale, smoke=1, book=12, article=12))
    df = measure.ablation(SPEC, boards, "probe", rungs=RUNGS)
    s = Summary("10×10, variant")
    for variant, rows in df.groupby("variant", sort=False):
        s.mean(variant, "cells pinned %", rows["decided %"])
        if variant != measure.FULL:
            s.share(variant, "boards whose fixpoint moved %", rows["moved"])
        for counter in WORK:
            s.mean(variant, counter, ABLATION_BOARDS * rows[f"work: {counter}"], 0)
        s.mean(variant, "probes", ABLATION_BOARDS * rows["probes"], 0)
    s.mean("−link −probe", "cells pinned %",
           [measure.fix(SPEC, p, "probe", ("link", "probe")).decided for p in boards])
    return s.frame()


@ARTICLE.table("ink", printed=figures.INK, section=INK,
               title="Adversarial against random ink",
               kinds={"as % of cells": "derived", "ratio": "derived"}, expect="close",
               note="The article prints no sample size: our error alone.  Medians.  The "
                    "share of cells is the count over the board's cells, and the ratio is of "
                    "the two medians: derived.")
def ink(scale):
    """Per size: the adversarial edge-level clue set against the random
    reveal that first makes the answer unique."""
    s = Summary("board")
    reveal = "random reveal until unique (median) %"
    for size in SIZES:
        row, n = lab(size), size * size
        items = _ink(size).take(pick(scale, smoke=2, book=20, article=40))
        s.median(row, "adversarial edge level", [len(c) for _, c, _ in items])
        s.median(row, "as % of cells", [100 * len(c) / n for _, c, _ in items])
        s.median(row, reveal, [100 * k / n for *_, k in items])
    out = s.frame()
    out["ratio"] = out[reveal] / out["as % of cells"]
    return out


@ARTICLE.table("ink_probe", printed=figures.INK_PROBE, section=INK,
               title="Adversarial ink at the probe level", expect="match",
               note="The article prints no sample size: our error alone.  The take-back at "
                    "the probe level starts from our edge-level adversarial sets.")
def ink_probe(scale):
    """The adversarial clue set at the probe level on 10×10 answers."""
    items = _ink(10).take(pick(scale, smoke=1, book=3, article=12))
    counts = [len(take_back(a, c, "probe", rng_for("numbrix", "ink probe", i)))
              for i, (a, c, _) in enumerate(items)]
    s = Summary("board")
    s.median("10×10", "adversarial probe level", counts)
    s.median("10×10", "as % of cells (ours)", counts)        # a 10×10 has 100 cells
    return s.frame()


@ARTICLE.table("pin_wall", printed=figures.PIN_WALL, section=INK,
               title="The pin wall (a theorem: pin pins only printed or last cells)",
               kind="exact", kinds={"cells": "derived"}, expect="match",
               note="The fewest and the most numbers pin needs over our answers: exact.")
def pin_wall(scale):
    """The fewest and the most numbers the pin level needs, on 4×4 and 6×6."""
    counts = {k: _pin_level(k).take(pick(scale, smoke=3, book=20, article=40)) for k in (4, 6)}
    return frame([[min(v), max(v), k * k] for k, v in counts.items()], [lab(k) for k in counts],
                 ["numbers needed (fewest)", "numbers needed (most)", "cells"], "board")


@ARTICLE.table("certificate", printed=figures.CERTIFICATE, section=SECOND,
               title="The reversal certificate", kinds={"ambiguous boards": "given"},
               expect="match",
               note="Ours: fresh answers with 20% printed, drawn until each size has its "
                    "quota of ambiguous boards (a setting of ours).")
def certificate(scale):
    """Of the ambiguous boards, the share one reversal explains."""
    s = Summary("board")
    for size, items in _cert(scale).items():
        s.given(lab(size), "ambiguous boards", sum(u is False for u, _, _ in items))
        s.share(lab(size), "explained by one reversal %", [f for u, f, _ in items if u is False])
        s.given(lab(size), "unique boards (ours)", sum(u is True for u, _, _ in items))
    return s.frame()


@ARTICLE.table("false_alarms", printed=figures.FALSE_ALARMS, section=SECOND,
               title="False alarms on unique boards (a theorem)", kind="exact", expect="match",
               note="A reversal that fires is a legal second answer: no false alarm can occur.")
def false_alarms(scale):
    """Reversals that fired on a unique board (or read no legal answer)."""
    r = _cert(scale)
    rows = [[sum(false_alarm(*x) for x in v), sum(u is True for u, _, _ in v)]
            for v in r.values()]
    return frame(rows, [lab(k) for k in r], ["false alarms", "unique boards checked (ours)"],
                 "board")


@ARTICLE.table("backbite", printed=figures.BACKBITE, section=SAMPLING,
               title="Backbite on 10×10 (200 draws at every scale)",
               cells={(0, "turns in the answer"): "derived",
                      (0, "distinct answers in 200 draws"): "derived"},
               expect="match",
               note="The snake (no move) is one path with 2(n − 1) turns: derived.  Distinct "
                    "answers are an exact count of 200 draws, as the article prints it.")
def backbite_table(scale):
    """Accepted moves, turns and distinct answers per moves-per-cell setting."""
    s = Summary("moves per cell")
    for moves in DIAL:
        draws = _draws(moves)
        if moves:
            s.mean(moves, "accepted %", [k / moves for _, k in draws])   # % of 100 · moves
        s.mean(moves, "turns in the answer", [turns(p, 10) for p, _ in draws])
        s.exact(moves, "distinct answers in 200 draws", len({p.tobytes() for p, _ in draws}))
    return s.frame()


@ARTICLE.table("paths", printed=figures.PATHS, section=LEDGER,
               title="Directed Hamiltonian paths", kind="exact", expect="match",
               note="OEIS A096969.")
def paths(scale):
    """The raw engine's count of directed Hamiltonian paths of the k×k grid."""
    return census.ledgers()["paths"]


@ARTICLE.table("cycles", printed=figures.CYCLES, section=LEDGER,
               title="Hamiltonian cycles", kind="exact", expect="match",
               note="OEIS A003763; none on an odd board.")
def cycles(scale):
    """The raw engine's count of Hamiltonian cycles of the k×k grid."""
    return census.ledgers()["cycles"]


@ARTICLE.table("ladder2", printed=figures.LADDER2, section=LEDGER,
               title="Hamiltonian paths of the 2×m ladder", kind="exact",
               kinds={"m² − m + 2": "derived"}, expect="match",
               note="The engine's counts are exact; m² − m + 2 is the formula: derived.")
def ladder2(scale):
    """The raw engine's undirected Hamiltonian paths of the 2×m ladder,
    beside m² − m + 2."""
    return census.ledgers()["ladder2"]


@ARTICLE.table("probe_unique", printed=figures.PROBE_UNIQUE, section=PROBE_UNIQUE,
               title="Probe completion against uniqueness", expect="close",
               note="The ruler table's boards; uniqueness by the ladder's search.  The "
                    "article prints counts of 40 boards, here as shares.")
def probe_unique(scale):
    """Per size, the shares of boards probe finishes and are unique, and
    that probe leaves open and are ambiguous; each direction's exceptions."""
    s = Summary("board")
    for size in SIZES:
        df = measure.probe_unique(SPEC, _boards30(scale, (size,)))
        counts, decided = measure.probe_unique_counts(df), df[df["unique"].notna()]
        unique = decided["unique"].astype(bool)
        finishes = decided["probe finishes"].astype(bool)
        s.given(lab(size), "boards", counts["boards"])
        s.share(lab(size), "probe finishes & unique %", unique & finishes)
        s.share(lab(size), "probe stalls & ambiguous %", ~unique & ~finishes)
        s.exact(lab(size), "disagreements", counts["gaps"] + counts["violations"])
        s.exact(lab(size), GAPS, counts["gaps"])
        s.exact(lab(size), VIOLATIONS, counts["violations"])
    return s.frame()


# ------------------------------------------------------------ claims
PARITY_SIZES = (3, 4, 5, 6, 7, 8, 10)


def _parity(which, scale, answer_list):
    """``(holds, detail)`` of one parity corollary (0: colour, 1: ends) over
    ``answer_list`` (default: sampled answers of 3×3 to 10×10)."""
    if answer_list is None:
        count = pick(scale, smoke=5, book=60, article=200)
        answer_list = [a for k in PARITY_SIZES for a in answers(k).take(count)]
    kept = [census.parity(a)[which] for a in answer_list]
    return all(kept), f"{len(kept)} answers, {len(kept) - sum(kept)} exceptions"


@ARTICLE.claim("parity_colour", text="value parity ≡ cell colour", section=COLOUR,
               theorem=True)
def parity_colour(scale=None, answer_list=None):
    """Every value's parity is its cell's colour, on every sampled answer."""
    return _parity(0, scale, answer_list)


@ARTICLE.claim("parity_ends", text="odd boards: ends on one colour; even: opposite colours",
               section=COLOUR, theorem=True)
def parity_ends(scale=None, answer_list=None):
    """The walk's ends share a colour exactly on odd boards."""
    return _parity(1, scale, answer_list)


@ARTICLE.claim("chessboard_once", text="the first printed number removes more than half the "
               "pairs, more than the next seven together", section=COLOUR,
               uses=("colour",), smoke_undecided=True)
def chessboard_once(colour_frame):
    """On 8×8 after link: one number leaves fewer than half the pairs, and
    its drop is larger than that of the seven numbers after it."""
    link = colour_frame["after link %"]
    one, eight = link["8×8, 1 printed"], link["8×8, 8 printed"]
    first, rest = link["8×8, 0 printed"] - one, one - eight
    return (one < 50 and first > rest,
            f"8×8: the first number leaves {one:.1f}% of pairs (−{first:.1f} points), "
            f"the next seven −{rest:.1f} more")


@ARTICLE.claim("ruler_redundant", text="ruler deletes nothing after link", section=RULER,
               theorem=True, uses=("ruler",))
def ruler_redundant(ruler_frame):
    """No bit deleted by ruler once link is stable, at any size."""
    deleted = int(ruler_frame["bits ruler deletes after link"].sum())
    gap = ruler_frame["pinned by pin+link %"] - ruler_frame["pinned by pin+ruler %"]
    return deleted == 0, (f"ruler deleted {deleted} bits after link; "
                          f"alone it pins {gap.min():.1f}–{gap.max():.1f} points less")


def _drop(ablation_frame, variant):
    """The mean drop in cells pinned (points) when ``variant`` is removed, and
    its standard error from the per-board differences (0 without them)."""
    column = "cells pinned %"
    values = ablation_frame.attrs.get("values", {})
    full, other = values.get((measure.FULL, column)), values.get((variant, column))
    if not full or not other or len(full) != len(other):
        return ablation_frame.at[measure.FULL, column] - ablation_frame.at[variant, column], 0.0
    diffs = [a - b for a, b in zip(full, other)]
    mean = sum(diffs) / len(diffs)
    spread = (math.sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1))
              if len(diffs) > 1 else 0.0)
    return mean, spread / math.sqrt(len(diffs))


@ARTICLE.claim("link_carries_reach", text="only link carries reach: removing it costs reach, "
               "removing pin, block or edge does not", section=ACCELERATORS,
               uses=("ablation",), smoke_undecided=True)
def link_carries_reach(ablation_frame):
    """Removing link lowers cells pinned by more than two standard errors of
    the per-board drop; removing pin, block or edge by no more than two."""
    drops = {v: _drop(ablation_frame, v) for v in ("−link", "−pin", "−block", "−edge")}
    link, link_se = drops.pop("−link")
    costly = link > 2 * link_se and link > 0
    free = all(abs(d) <= 2 * se for d, se in drops.values())
    return costly and free, ("drop in cells pinned: " + ", ".join(
        f"{v} {d:+.1f} ± {se:.1f}" for v, (d, se) in {"−link": (link, link_se),
                                                       **drops}.items()))


@ARTICLE.claim("pin_wall", text="pin needs n−1 numbers", section=INK, theorem=True,
               uses=("pin_wall",))
def pin_wall_claim(pin_wall_frame):
    """The fewest and the most numbers pin needs are both n − 1 at every size."""
    n_minus_one = pin_wall_frame["cells"] - 1
    need = (pin_wall_frame["numbers needed (fewest)"] == n_minus_one) & (
        pin_wall_frame["numbers needed (most)"] == n_minus_one)
    return bool(need.all()), "; ".join(
        f"{r}: {int(v['numbers needed (fewest)'])}–{int(v['numbers needed (most)'])} of "
        f"{int(v['cells'])}" for r, v in pin_wall_frame.iterrows())


@ARTICLE.claim("adversarial_ink", text="adversarial ink beats random reveal at every size",
               section=INK, uses=("ink",), smoke_undecided=True)
def adversarial_ink(ink_frame):
    """The adversarial share of cells is below the random reveal's median at every size."""
    adv, rand = ink_frame["as % of cells"], ink_frame["random reveal until unique (median) %"]
    detail = ", ".join(f"{i}: {x:.1f}% against {y:.1f}%"
                       for i, x, y in zip(ink_frame.index, adv, rand))
    return bool((adv < rand).all()), detail


@ARTICLE.claim("certificate_sound", text="no false alarms", section=SECOND, theorem=True,
               uses=("false_alarms",))
def certificate_sound(false_alarms_frame):
    """No reversal fires on a unique board (no unique board is no verdict)."""
    bad = int(false_alarms_frame["false alarms"].sum())
    unique = int(false_alarms_frame["unique boards checked (ours)"].sum())
    if not unique and not bad:
        return None, "no unique board met"
    return bad == 0, f"{unique} unique boards, {bad} false alarms or unsound"


@ARTICLE.claim("single_cell", text="a single cell never changes alone (4×4, exhaustive)",
               section=SECOND, theorem=True)
def single_cell():
    """No one-cell change of any 4×4 answer is another answer (every answer,
    every cell, every other number)."""
    count, tried, legal = single_cell_proof(4, 4)
    return legal == 0, (f"{count} answers × 16 cells × 15 numbers = {tried:,} changes, "
                        f"{legal} legal")


@ARTICLE.claim("backbite", text="backbite always yields a path; 16 moves per cell give 200 "
               "distinct answers", section=SAMPLING, uses=("backbite",))
def backbite_claim(backbite_frame, path_list=None):
    """Every draw is a Hamiltonian path, and 16 moves per cell give 200
    distinct answers in 200 draws."""
    if path_list is None:
        path_list = [p for m in DIAL for p, _ in _draws(m)]
    illegal = sum(not is_answer(Answer.from_path(10, 10, p).grid, 10, 10) for p in path_list)
    distinct = backbite_frame.loc[16, "distinct answers in 200 draws"]
    return illegal == 0 and distinct == 200, (
        f"{illegal} of {len(path_list)} draws not a Hamiltonian path; "
        f"distinct answers at 16 moves per cell: {distinct} of 200")


@ARTICLE.claim("engines_agree", text="ladder search and raw engine agree", section=LEDGER,
               theorem=True)
def engines_agree(scale=None, counts=None):
    """Every solution count both engines finish agrees (none compared is no verdict)."""
    if counts is None:
        counts = measure.engine_counts(measure.engines(SPEC, _boards30(scale)))
    if not counts["compared"]:
        return None, "no boards compared"
    return counts["agreed"] == counts["compared"], (
        f"{counts['compared']} boards compared, {counts['agreed']} agree; capped: ladder "
        f"{counts['ladder capped']}, raw {counts['raw capped']}")


@ARTICLE.claim("ledgers", text="published sequences reproduced", section=LEDGER, theorem=True,
               uses=("paths", "cycles", "ladder2"))
def ledgers(paths_frame, cycles_frame, ladder_frame):
    """The engine's paths are A096969, its cycles A003763 (none on odd
    boards), and its 2×m ladder paths m² − m + 2, term by term."""
    wrong = []
    for row, count in paths_frame["directed Hamiltonian paths"].items():
        k = int(row.split("×")[0])
        if count != census.A096969[k]:
            wrong.append(f"paths {row}: {count}")
    for row, count in cycles_frame["Hamiltonian cycles"].items():
        k = int(row.split("×")[0])
        if count != census.A003763.get(k, 0):
            wrong.append(f"cycles {row}: {count}")
    for m, count in ladder_frame["undirected paths"].items():
        if count != census.ladder_closed_form(m):
            wrong.append(f"ladder m={m}: {count}")
    terms = len(paths_frame) + len(cycles_frame) + len(ladder_frame)
    return not wrong, f"{terms} terms, wrong: {', '.join(wrong) or 'none'}"


@ARTICLE.claim("probe_iff_unique", text="probe finishes exactly on unique boards, in both "
               "directions", section=PROBE_UNIQUE, uses=("probe_unique",))
def probe_iff_unique(probe_frame):
    """No unique board probe leaves open and no ambiguous board probe
    finishes; no boards is no verdict."""
    boards = int(probe_frame["boards"].sum())
    if not boards:
        return None, "no boards"
    gaps, violations = int(probe_frame[GAPS].sum()), int(probe_frame[VIOLATIONS].sum())
    return gaps == 0 and violations == 0, (
        f"{boards} boards: {gaps} unique but stalled, {violations} finished but not unique")
