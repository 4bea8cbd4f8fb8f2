"""Carving large boards from an answer: legal tilings, one answer, the same board per seed."""
import numpy as np
import pytest

from puzzlekit.heteromino import SPEC
from puzzlekit.heteromino.generate import CARVE_CELLS, carve, generate, random_tiling
from puzzlekit.heteromino.ladder import LADDER, initial_state
from puzzlekit.heteromino.model import Answer, Puzzle


@pytest.mark.parametrize("h,w", [(1, 1), (2, 5), (7, 4), (9, 9)])
def test_random_tilings_are_answers_of_their_black_cells(h, w):
    for s in range(5):
        black, pieces = random_tiling(h, w, np.random.default_rng(s))
        a = Answer.make([[divmod(x, w) for x in p] for p in pieces])
        assert SPEC.check(Puzzle(h, w, black), a) == []


def test_carved_boards_have_one_answer_the_carved_one():
    for s in range(3):
        p, a = carve(9, 9, seed=s)
        assert SPEC.check(p, a) == []
        r = SPEC.brute_count(p, 2)
        assert r.count == 1 and not r.capped
        assert LADDER.fixpoint(initial_state(p), "probe", attribute=False).solved


def test_large_boards_are_carved_unique_and_the_same_per_seed():
    n = 13
    assert n * n > CARVE_CELLS
    p, a = generate(n, n, seed=4)
    assert SPEC.check(p, a) == []
    assert SPEC.sat_count(p, 2).count == 1
    again, _ = generate(n, n, seed=4)
    assert again.to_json() == p.to_json()


def test_a_carved_board_asked_for_a_grade_has_it():
    p, _ = generate(13, 13, seed=2, grade="pair")
    assert LADDER.grade(initial_state(p)) == "pair"
