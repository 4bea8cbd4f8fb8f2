"""Soundness of every level's fixpoint (and of ruler) against the raw engine,
and engine agreement, on random small boards (square and not)."""
import numpy as np
import pytest

from puzzlekit.core.genre import ladder_count
from puzzlekit.numbrix import SPEC, LADDER, Puzzle, brute, initial_state
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
        b = brute.count_solutions(p, limit=6)
        s = ladder_count(SPEC, p, limit=6, level="block")
        assert s.complete or s.count == 6
        assert b.count == s.count


def test_ladder_never_contradicts_an_unsolvable_board_into_a_solution():
    # an impossible board: 1 and 3 printed far apart
    p = Puzzle(np.array([[1, 0, 0, 3]]))
    assert brute.brute_count(p, 2) == 0
    assert ladder_count(SPEC, p, limit=2).count == 0


def test_ruler_deletes_nothing_after_link():
    for p in _boards(7, 40):
        s = initial_state(p)
        res = LINK_LADDER.fixpoint(s)
        assert not (res.attribution == LINK_LADDER.level("ruler")).any(), p.clues
