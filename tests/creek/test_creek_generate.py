"""Growth never fails, thinning is locally minimal, the bank holds."""
import numpy as np

from puzzlekit.core import banks
from puzzlekit.core.genre import ladder_count
from puzzlekit.core.graph import is_connected
from puzzlekit.core.grid import Grid
from puzzlekit.creek import NAMES, SPEC, Answer, Puzzle, check, generate as G


def test_growth_never_fails_and_hits_its_area():
    rng = np.random.default_rng(0)
    for _ in range(300):
        h, w = int(rng.integers(1, 9)), int(rng.integers(1, 9))
        area = int(rng.integers(0, h * w + 1))
        x = G.grow(h, w, area, rng, t=float(rng.choice([1, 2, 4, 8])))
        assert (x == 0).sum() == area
        assert area == 0 or is_connected(Grid(h, w).nbrs, x.ravel() == 0)


def test_tendrils_have_longer_shores_than_blobs():
    rng = np.random.default_rng(1)
    blob = np.mean([G.shoreline(G.grow(8, 8, 32, rng, 1.0)) for _ in range(40)])
    tend = np.mean([G.shoreline(G.grow(8, 8, 32, rng, 8.0)) for _ in range(40)])
    assert tend > blob


def test_thinning_is_locally_minimal_and_unique():
    rng = np.random.default_rng(2)
    x = G.random_answer(5, 5, rng)
    p = G.thin(x, rng)
    assert ladder_count(SPEC, p, 2).unique is True
    assert SPEC.brute_count(p, 2).unique is True
    cl = p.clues.ravel()
    for k in np.flatnonzero(cl >= 0):
        t = cl.copy()
        t[k] = -1
        assert SPEC.brute_count(p.with_clues(t.reshape(p.clues.shape)), 2).count == 2


def test_generate_respects_a_grade():
    p, a = G.generate(6, 6, seed=3, grade="count")
    assert not check(p, a) and G.grade(p) == "count"


def test_bank_has_every_grade_per_size_and_reproves():
    entries = banks.load("creek")
    assert len(entries) == 60
    for n in (6, 8, 10):
        grades = {e["grade"] for e in entries if e["size"] == [n, n]}
        assert grades == set(NAMES), (n, grades)
    e = next(e for e in entries if e["grade"] == "pair")
    assert banks.verify_entry(SPEC, e) is None
    assert G.grade(Puzzle.from_json(e["clues"])) == "pair"
    assert not check(Puzzle.from_json(e["clues"]), Answer.from_json(e["answer"]))


def test_generate_by_default_is_finished_by_the_top_level_and_unique():
    p, a = G.generate(12, 12, seed=7)
    assert not check(p, a) and G.grade(p) is not None
    assert ladder_count(SPEC, p, 2).unique is True
    # the raw engine, which shares no code with the ladder, proves it too (in milliseconds,
    # where CP-SAT takes about a minute on this board)
    raw = SPEC.brute_count(p, 2)
    assert raw.count == 1 and not raw.capped


def test_generate_says_so_when_no_answer_finishes_at_the_level():
    import pytest
    with pytest.raises(ValueError, match="no 4x4 Creek answer in 0 tries"):
        G.generate(4, 4, seed=1, tries=0)
