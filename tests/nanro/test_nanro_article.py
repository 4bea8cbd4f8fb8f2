"""Property: no level removes the true answer; the chapter's streams; the
article report at smoke scale; every claim can fail: each is fed data on which it
must not hold."""
import numpy as np
import pandas as pd
from hypothesis import given, settings, strategies as st

from puzzlekit.core import measure
from puzzlekit.nanro import NAMES, article as art, initial_state, propagate, random_board, reveal
from puzzlekit.nanro.article import ARTICLE
from puzzlekit.nanro.generate import halve, partition_board, print_numbers


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.integers(3, 6), st.integers(3, 6), st.floats(0.0, 1.0))
def test_no_level_removes_the_true_answer(seed, h, w, q):
    rng = np.random.default_rng(seed)
    p, mask = random_board(h, w, rng)
    cells = np.flatnonzero(mask & (rng.random(mask.size) < q))
    puzzle = reveal(p, mask, cells)
    truth = initial_state(puzzle)
    truth.cell[:] = False
    truth.cell[np.arange(h * w), mask.astype(int)] = True
    for lv in NAMES:
        status, s = propagate(puzzle, lv)
        assert status != "contradiction"
        assert not (truth.cell & ~s.cell).any()


def test_numbers_are_printed_independently_with_probability_q():
    p, mask = random_board(10, 10, 3)
    assert print_numbers(p, mask, 0.0, 1).clues == {}
    assert set(print_numbers(p, mask, 1.0, 1).clues) == set(np.flatnonzero(mask))
    counts = [len(print_numbers(p, mask, 0.5, s).clues) for s in range(200)]
    assert len(set(counts)) > 5                           # the count varies from board to board
    assert abs(np.mean(counts) - 0.5 * mask.sum()) < 2.0


def test_halves_keep_one_fact_each():
    p, mask = random_board(6, 6, 4)
    q = print_numbers(p, mask, 1.0, 4)
    pos, val = halve(q, "position"), halve(q, "value")
    assert pos.marks == frozenset(q.clues) and not pos.clues and not pos.hints
    assert set(val.hints) == {int(q.regions[c]) for c in q.clues} and not val.clues


def test_streams_are_prefix_stable_and_drawn_once():
    s = art.clued(6, 0.9)
    first = s.take(3)
    assert [a is b for a, b in zip(first, s.take(5))] == [True] * 3
    assert art.boards(6).item(2) is art.boards(6).item(2)


def test_dial_partitions_are_not_redrawn():
    p, m = partition_board(4, 4, (1, 1), 0)
    assert m is None and p.sizes.max() == 1              # singletons: proved to have no board
    p, m, c = art.dial_boards(2, 4).item(0)
    assert isinstance(m, np.ndarray) and c.clues and set(c.clues) <= set(np.flatnonzero(m))


def test_smoke_report_has_every_table():
    rep = ARTICLE.report("smoke")
    assert len(rep["tables"]) == 12
    for t in rep["tables"]:
        assert t["status"] != "missing" and t["cells"], t
    assert all(c["holds"] is not False for c in rep["claims"])
    kinds = {(c["row"], c["column"]): c["kind"] for t in rep["tables"] for c in t["cells"]
             if t["id"] in ("budget", "adversarial", "dial")}
    assert kinds[("8×8", "2×2 ceiling %")] == "derived"        # the rule's cap, never compared
    assert kinds[("8×8", "adversarial unique %")] == "derived"  # unique by how it is made
    assert kinds[("2–2", "partitions tried")] == "given"


def _summary(index, cells):
    """A frame as the tables build it: ``{(row, col): (statistic, values)}``."""
    s = measure.Summary(index)
    for (row, col), (stat, values) in cells.items():
        getattr(s, stat)(row, col, values)
    return s.frame()


def _probe(held, violations=0):
    s = measure.Summary("boards")
    s.share("pooled stream", "held %", held)
    s.exact("pooled stream", "violations", violations)
    s.given("pooled stream", "boards", len(held))
    s.given("pooled stream", "gaps", held.count(False))
    return s.frame()


FAILING = {
    "conjunction": lambda: art.conjunction(pd.DataFrame(
        {"full clue %": [100.0] * 4, "position only %": [40.0, 100.0, 8.0, 3.0],
         "value only %": [1.0, 0.0, 0.0, 0.0]},
        index=[f"{n}×{n}, q=1" for n in (5, 6, 8, 10)])),
    "budget": lambda: art.budget_claim(_summary("board", {
        **{(key, "share of the board %"): ("mean", [66.0, 67.0, 68.0])
           for key in ("6×6", "8×8", "10×10")},
        **{(key, "share probe needs revealed %"): ("mean", [33.0, 34.0, 33.5])
           for key in ("6×6", "8×8", "10×10")}})),
    "clash_passenger": lambda: art.clash_passenger(
        pd.DataFrame({"+block %": [14.0], "+clash %": [20.0]}, index=["8×8, q=0.9"]),
        pd.DataFrame({"full %": [69.0], "−clash %": [68.0]}, index=["8×8"])),
    "singletons_illegal": lambda: art.singletons_illegal(
        pd.DataFrame({"with a legal answer %": [2.5]}, index=["1–1"])),
    "granularity_wall": lambda: art.granularity_wall(
        pd.DataFrame({"unique %": [20.0, 30.0]}, index=["2–2", "4–7"])),
    "probe_implies_unique": lambda: art.probe_implies_unique(_probe([True] * 99, 1)),
    "gaps_rare": lambda: art.gaps_rare(_probe([True] * 90 + [False] * 10)),
    "gaps_confirmed": lambda: art.gaps_confirmed(pd.DataFrame(
        {"raw solutions": [2], "raw capped": [0], "ladder search solutions": [1]})),
    "engines_agree": lambda: art.engines_agree(pd.DataFrame(
        {"agreed %": [99.0], "pairs compared": [100], "capped runs skipped": [0]})),
}


def test_a_budget_claim_holds_on_the_article_figures():
    """The budget claim's thresholds are the article's own figures: boards
    that sit on them pass."""
    frame = _summary("board", {
        **{(key, "share of the board %"): ("mean", [58.0, 59.0, 58.5])
           for key in ("6×6", "8×8", "10×10")},
        **{(key, "share probe needs revealed %"): ("mean", [33.0, 34.0, 33.5])
           for key in ("6×6", "8×8", "10×10")}})
    assert art.budget_claim(frame)[0]


def test_no_data_is_no_verdict():
    assert art.gaps_confirmed(pd.DataFrame(
        {"raw solutions": [float("nan")], "raw capped": [float("nan")],
         "ladder search solutions": [float("nan")]}))[0] is None
    assert art.engines_agree(pd.DataFrame(
        {"agreed %": [float("nan")], "pairs compared": [0], "capped runs skipped": [0]}))[0] is None
    assert art.probe_implies_unique(_probe([]))[0] is None
