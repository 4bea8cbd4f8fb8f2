"""clue and fit remember their per-region outcomes on the puzzle's kernel
arrays: a remembered outcome must be the one a fresh computation gives."""
import numpy as np

from puzzlekit.stostone.generate import random_small
from puzzlekit.stostone.ladder import KERNELS, data, initial_state
from puzzlekit.stostone.model import Puzzle


def _fresh(p):
    """The same board with its own (empty) tables."""
    return Puzzle.from_json(p.to_json())


def _states(p, rng, count):
    """Random narrowings of the open board: some cells fixed, some values gone."""
    n = p.n
    for _ in range(count):
        bits = np.ones(2 * n, np.bool_)
        for c in rng.choice(n, size=int(rng.integers(0, n + 1)), replace=False):
            bits[2 * c + int(rng.integers(0, 2))] = False
        yield bits


def test_remembered_outcomes_match_fresh_ones():
    rng = np.random.default_rng(11)
    boards = 0
    while boards < 40:
        h, w = int(rng.integers(1, 4)) * 2, int(rng.integers(2, 7))
        try:
            p = random_small(rng, h, w)
        except ValueError:
            continue
        boards += 1
        states = list(_states(p, rng, 30))
        for _ in range(2):                       # the second round hits the tables
            for bits in states:
                for i in (1, 2):
                    shared, alone = bits.copy(), bits.copy()
                    w1 = np.zeros(len(KERNELS.work) + 1, np.int64)
                    w2 = np.zeros(len(KERNELS.work) + 1, np.int64)
                    r1 = KERNELS.apply(i, shared, data(p), w1)
                    r2 = KERNELS.apply(i, alone, data(_fresh(p)), w2)
                    assert r1 == r2 and np.array_equal(shared, alone)
                    assert np.array_equal(w1, w2)


def test_tables_are_per_puzzle_and_fixpoints_repeat():
    rng = np.random.default_rng(3)
    p = None
    while p is None:
        try:
            p = random_small(rng, 4, 5)
        except ValueError:
            pass
    assert data(p) is data(p) and data(p) is not data(_fresh(p))
    from puzzlekit.stostone.ladder import LADDER
    first = []
    for _ in range(3):
        got = []
        for level in ("clue", "fit", "probe"):
            s = initial_state(p)
            LADDER.fixpoint(s, level)
            got.append(s.bits.copy())
        first = first or got
        assert all(np.array_equal(a, b) for a, b in zip(first, got))
