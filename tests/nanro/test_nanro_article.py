"""Property: no level removes the true answer; the chapter's streams; the
article report at smoke scale."""
import numpy as np
from hypothesis import given, settings, strategies as st

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
        assert t["status"] != "missing" and t["expect"] in ("match", "close", "differs"), t
        assert t["status"] == "match" if t["kind"] == "exact" else t["worst_z"] is not None, t
    assert all(c["holds"] is not False for c in rep["claims"])
    for tid in ("budget", "ablation", "dial"):   # typed constants and guesses: never compared
        cmp = ARTICLE.table(tid, "smoke")
        assert set(ARTICLE.tables[tid].given) & set(cmp.cells.columns) == set()
