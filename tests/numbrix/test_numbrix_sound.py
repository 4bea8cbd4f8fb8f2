"""Soundness of every level's fixpoint (and of ruler) against the raw engine,
and engine agreement, on random small boards (square and not)."""
import numpy as np
import pytest

from puzzlekit.core import checks
from puzzlekit.core.genre import ladder_count
from puzzlekit.numbrix import LADDER, SPEC, Puzzle, brute, check, decode, encode, initial_state
from puzzlekit.numbrix.generate import random_answer
from puzzlekit.numbrix.ladder import LINK_LADDER, RULER_LADDER


def _boards(seed, count):
    rng = np.random.default_rng(seed)
    for _ in range(count):
        h, w = int(rng.integers(1, 6)), int(rng.integers(2, 7))
        a = random_answer(h, w, rng, moves_per_cell=10)
        k = int(rng.integers(0, h * w // 2 + 1))
        yield Puzzle.from_cells(h, w, a.grid.ravel(), rng.choice(h * w, k, replace=False))


@pytest.mark.parametrize("seed", range(8))
def test_every_fixpoint_keeps_every_answer(seed):
    for p in _boards(seed, 60):
        sols = np.array(list(brute.iter_solutions(p, 10_000)))
        assert len(sols)
        n = p.n
        for lad, levels in ((LADDER, range(len(LADDER))), (RULER_LADDER, [1]), (LINK_LADDER, [2])):
            for lvl in levels:
                s = initial_state(p)
                res = lad.fixpoint(s, lvl)
                assert not res.contradiction, (p.clues, lvl)
                assert s.cand[np.arange(n)[None, :], sols - 1].all(), (p.clues, lad, lvl)


@pytest.mark.parametrize("seed", range(2))
def test_engines_agree_on_counts(seed):
    for p in _boards(100 + seed, 25):
        b = brute.brute_count(p, limit=6, max_nodes=-1)
        s = ladder_count(SPEC, p, limit=6, level="block")
        assert s.complete or s.count == 6
        assert b.count == s.count


def test_ladder_never_contradicts_an_unsolvable_board_into_a_solution():
    # an impossible board: 1 and 3 printed far apart
    p = Puzzle(np.array([[1, 0, 0, 3]]))
    assert brute.brute_count(p, 2).status == "none"
    assert ladder_count(SPEC, p, limit=2).count == 0


def test_ruler_deletes_nothing_after_link():
    for p in _boards(7, 40):
        s = initial_state(p)
        res = LINK_LADDER.fixpoint(s)
        assert not (res.attribution == LINK_LADDER.level("ruler")).any(), p.clues


def test_engine_hooks_return_counts_and_answers():
    p = Puzzle(np.array([[1, 0, 0], [0, 0, 0]]))
    r, s = brute.brute_count(p, 5), brute.brute_solutions(p, 5)
    assert (r.count, r.capped, r.status) == (s.count, s.capped, s.status) == (3, False, "multiple")
    for a in s.solutions:
        assert check(p, a) == [] and encode(p, a).solved()
        assert (decode(encode(p, a)).grid == a.grid).all()
    assert len({a.to_json()["grid"].__repr__() for a in s.solutions}) == 3


def test_a_capped_raw_engine_says_so():
    r = brute.brute_count(Puzzle.blank(5, 5), 2, max_nodes=3)
    assert r.capped and r.status == "capped" and r.unique is None


def test_every_level_keeps_every_encoded_answer_of_random_small_boards():
    rng = np.random.default_rng(12)
    for _ in range(60):
        p = SPEC.random_small(rng, int(rng.integers(1, 6)), int(rng.integers(1, 6)))
        checks.assert_sound(SPEC, p)
