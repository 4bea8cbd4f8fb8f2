"""Property: no level removes the true answer; the article report at smoke scale."""
import numpy as np
from hypothesis import given, settings, strategies as st

from puzzlekit.nanro import NAMES, initial_state, propagate, random_board, reveal
from puzzlekit.nanro.article import ARTICLE


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


def test_smoke_report_has_every_table():
    rep = ARTICLE.report("smoke")
    assert len(rep["tables"]) == 12
    assert all(t["status"] != "missing" for t in rep["tables"])
    assert all(t["status"] == "match" for t in rep["tables"] if t["kind"] == "exact")
    assert all(c["holds"] is not False for c in rep["claims"])
