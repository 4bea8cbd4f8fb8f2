"""Generator legality, reveal strategies, and the reversal certificate."""
import numpy as np
import pytest

from puzzlekit.numbrix import LADDER, Answer, Puzzle, brute, check, initial_state
from puzzlekit.numbrix.certify import reversal
from puzzlekit.numbrix.generate import (adversarial, backbite, generate, reveal_until_unique,
                                        snake, turns)
from puzzlekit.numbrix.model import is_answer


@pytest.mark.parametrize("h,w", [(1, 1), (1, 5), (2, 2), (2, 7), (3, 5), (5, 3), (6, 6), (10, 10)])
def test_backbite_always_yields_a_hamiltonian_path(h, w):
    rng = np.random.default_rng(h * 31 + w)
    p = snake(h, w)
    for _ in range(20):
        p, acc = backbite(p, h, w, int(rng.integers(0, 50)), rng)
        assert is_answer(Answer.from_path(h, w, p).grid, h, w)


def test_backbite_moves_away_from_the_snake():
    p, acc = backbite(snake(10, 10), 10, 10, 1600, seed=3)
    assert turns(snake(10, 10), 10) == 18 and turns(p, 10) > 30 and 0.5 < acc / 1600 < 0.9


@pytest.mark.parametrize("h,w,level", [(4, 4, "link"), (5, 4, "edge"), (6, 6, "block")])
def test_generated_boards_are_unique_and_irredundant(h, w, level):
    p, a = generate(h, w, seed=7, grade=level)
    assert check(p, a) == []
    assert brute.brute_count(p, 2) == 1
    assert LADDER.fixpoint(initial_state(p), level).solved
    for c, v in p.printed():
        q = p.clues.copy(); q.flat[c] = 0
        assert not LADDER.fixpoint(initial_state(Puzzle(q)), level).solved


def test_reveal_until_unique_is_the_shortest_unique_prefix():
    for seed in range(5):
        p, a = generate(5, 5, seed=seed)
        k, order = reveal_until_unique(a, seed)
        vals = a.grid.ravel()
        assert brute.brute_count(Puzzle.from_cells(5, 5, vals, order[:k]), 2) == 1
        assert brute.brute_count(Puzzle.from_cells(5, 5, vals, order[:k - 1]), 2) == 2


def test_reversal_certificate_has_no_false_alarms():
    rng = np.random.default_rng(11)
    found = 0
    for _ in range(120):
        h, w = int(rng.integers(2, 6)), int(rng.integers(2, 6))
        p, a = generate(h, w, seed=rng)
        cells = rng.choice(h * w, int(rng.integers(0, h * w // 3 + 1)), replace=False)
        q = Puzzle.from_cells(h, w, a.grid.ravel(), cells)
        second = reversal(q, a)
        if second is not None:
            found += 1
            assert check(q, second) == [] and second.to_json() != a.to_json()
            assert brute.brute_count(q, 2) == 2
        assert reversal(p, a) is None      # p is unique
    assert found > 20
