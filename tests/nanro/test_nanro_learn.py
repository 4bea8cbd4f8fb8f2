"""Nanro's clause learner (``puzzlekit/nanro/learn.py``): its counts against
the raw engine and CP-SAT on random small boards, and every clause its
kernel writes against every answer of the board.  The proof handing it a
search is checked for every genre with a learner in tests/test_every_genre.py."""
import numpy as np
import pytest

from puzzlekit.nanro import SPEC, random_small, sat as nanro_sat
from puzzlekit.nanro.generate import random_partition
from puzzlekit.nanro.model import Puzzle
from tests.core.explain import explanations_hold, learner_counts

LIMIT = 30


def _boards(seed, count):
    """Random small boards: ``random_small``'s (regions of 1..4 cells) and,
    one in three, regions of 2..7 cells with a few random givens of every
    kind, so that counts range wider."""
    rng = np.random.default_rng(seed)
    out = []
    while len(out) < count:
        h, w = int(rng.integers(1, 7)), int(rng.integers(2, 7))
        if len(out) % 3:
            out.append(random_small(rng, h, w))
            continue
        p = Puzzle.make(random_partition(h, w, (2, 7), rng))
        cells = rng.permutation(h * w)[:int(rng.integers(0, 4))]
        kinds = rng.integers(0, 3, cells.size)
        clues = {int(c): int(rng.integers(1, p.sizes[p.regions[c]] + 1))
                 for c, k in zip(cells, kinds) if k == 0}
        marks = [int(c) for c, k in zip(cells, kinds) if k == 1]
        blanks = [int(c) for c, k in zip(cells, kinds) if k == 2]
        hints = {int(p.regions[c]): int(p.sizes[p.regions[c]]) for c in cells[:1]
                 if rng.random() < 0.3}
        out.append(p.with_givens(clues, marks, hints, blanks))
    return out


@pytest.mark.parametrize("seed", range(3))
def test_learner_counts_like_the_raw_engine_and_cp_sat(seed):
    seen = learner_counts(SPEC, _boards(seed, 40), LIMIT, nanro_sat.count_solutions)
    assert seen == {0, 1, 2, 3}, seen


@pytest.mark.parametrize("seed", range(3))
def test_every_kernel_clause_holds_in_every_answer(seed):
    """Random partial assignments (half of them read off an answer) given to
    the kernel: each clause it writes names no boolean twice, has every
    literal false but a deduction's first (which is open), and holds in
    every answer of the board, so it removes none."""
    said = explanations_hold(SPEC, _boards(100 + seed, 40), np.random.default_rng(seed))
    assert said[1] >= 100 and said[2] >= 100, said
