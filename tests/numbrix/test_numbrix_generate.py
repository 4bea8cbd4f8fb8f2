"""Generator legality, reveal strategies, and the reversal certificate."""
import numpy as np
import pytest

from puzzlekit.numbrix import LADDER, Answer, Puzzle, brute, check, initial_state
from puzzlekit.numbrix.certify import false_alarm, reversal, reversal_trial
from puzzlekit.numbrix.generate import (
    backbite,
    generate,
    is_unique,
    random_answer,
    random_small,
    reveal_until_unique,
    snake,
    take_back,
    turns,
)
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
    assert brute.brute_count(p, 2).status == "unique"
    assert LADDER.fixpoint(initial_state(p), level).solved
    for c, v in p.printed():
        q = p.clues.copy()
        q.flat[c] = 0
        assert not LADDER.fixpoint(initial_state(Puzzle(q)), level).solved


def test_reveal_until_unique_is_the_shortest_unique_prefix():
    for seed in range(5):
        p, a = generate(5, 5, seed=seed)
        k, order = reveal_until_unique(a, seed)
        vals = a.grid.ravel()
        assert brute.brute_count(Puzzle.from_cells(5, 5, vals, order[:k]), 2).status == "unique"
        assert brute.brute_count(Puzzle.from_cells(5, 5, vals, order[:k - 1]), 2).count == 2


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
            assert brute.brute_count(q, 2).count == 2
        assert reversal(p, a) is None      # p is unique
    assert found > 20


def test_random_small_mixes_zero_one_and_many_answers():
    rng = np.random.default_rng(4)
    seen = set()
    for _ in range(150):
        h, w = int(rng.integers(1, 7)), int(rng.integers(1, 7))
        p = random_small(rng, h, w)
        assert (p.h, p.w) == (h, w)
        seen.add(min(brute.brute_count(p, 2).count, 2))
    assert seen == {0, 1, 2}


def test_random_small_prints_more_on_big_boards():
    rng = np.random.default_rng(5)
    from_answers = [random_small(rng, 6, 6) for _ in range(60)]
    assert all((p.clues > 0).sum() >= 1 for p in from_answers)
    assert np.median([(p.clues > 0).sum() for p in from_answers]) >= 9


def test_is_unique_agrees_with_the_raw_engine():
    rng = np.random.default_rng(6)
    for _ in range(40):
        a = random_answer(5, 5, rng)
        printed = rng.choice(25, int(rng.integers(0, 12)), replace=False)
        p = Puzzle.from_cells(5, 5, a.grid.ravel(), printed)
        assert is_unique(p) == (brute.brute_count(p, 2, -1).count == 1)


def test_is_unique_falls_back_when_the_raw_engine_runs_out():
    a = random_answer(6, 6, 9)
    p = Puzzle.from_cells(6, 6, a.grid.ravel(), [0, 35])
    assert brute.brute_count(p, 2, 5).capped
    assert is_unique(p, max_nodes=5) is False


def test_take_back_leaves_an_irredundant_set():
    a = random_answer(5, 5, 3)
    cells = take_back(a, range(25), "edge", seed=1)
    vals = a.grid.ravel()
    assert LADDER.fixpoint(initial_state(Puzzle.from_cells(5, 5, vals, cells)), "edge").solved
    for c in cells:
        rest = [x for x in cells if x != c]
        fewer = Puzzle.from_cells(5, 5, vals, rest)
        assert not LADDER.fixpoint(initial_state(fewer), "edge").solved


def test_reversal_trial_reports_sound_certificates():
    rng = np.random.default_rng(8)
    fired = 0
    for _ in range(40):
        unique, f, sound = reversal_trial(4, 5, rng, share=0.15)
        assert sound and not false_alarm(unique, f, sound)
        fired += f
    assert fired > 5
