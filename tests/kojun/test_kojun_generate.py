"""Generator legality: partitions honour their range and bias, fills are legal,
givens are minimal for their grade, random small boards have 0, 1 or many answers."""
import numpy as np
import pytest

from puzzlekit.core.referee import InputError
from puzzlekit.kojun import (
    SPEC,
    Answer,
    Puzzle,
    brute_count,
    check,
    fast_grade,
    fill,
    generate,
    minimise,
    propagate,
    random_board,
    random_partition,
    random_small,
    reveal,
    sat,
)
from puzzlekit.kojun.generate import partition_board


@pytest.mark.parametrize("lo,hi", [(1, 1), (2, 3), (4, 7), (5, 9)])
def test_merged_partitions_stay_in_range_and_connected(lo, hi):
    rng = np.random.default_rng(lo * 10 + hi)
    for _ in range(5):
        lab = random_partition(8, 8, (lo, hi), 0.5, rng)
        sizes = np.bincount(lab.ravel())
        assert sizes.min() >= lo and sizes.max() <= hi
        p = Puzzle.make(lab)
        from puzzlekit.kojun import url
        assert url.decode(url.encode(p)) == p          # each region is one piece


def test_fragments_stay_below_the_range_only_when_asked():
    rng = np.random.default_rng(0)
    small = [np.bincount(random_partition(8, 8, (4, 7), 0.5, rng, merge=False).ravel()).min()
             for _ in range(20)]
    assert min(small) < 4


def test_the_bias_dial_lays_regions_flat_or_tall():
    rng = np.random.default_rng(1)
    flat = [random_partition(6, 6, (3, 3), 0.0, rng) for _ in range(5)]
    tall = [random_partition(6, 6, (3, 3), 1.0, rng) for _ in range(5)]

    def vert(lab):
        """Vertically adjacent cell pairs in one region."""
        return int((lab[1:] == lab[:-1]).sum())

    def side(lab):
        """Side-by-side cell pairs in one region."""
        return int((lab[:, 1:] == lab[:, :-1]).sum())

    assert sum(map(vert, flat)) < sum(map(side, flat))
    assert sum(map(vert, tall)) > sum(map(side, tall))


def test_fill_is_legal_and_says_none_or_capped():
    rng = np.random.default_rng(2)
    for _ in range(5):
        p, vals = partition_board(6, 6, (4, 7), 0.5, rng)
        if isinstance(vals, np.ndarray):
            assert check(p, Answer.of(p, vals)) == []
    assert fill(Puzzle.make(np.arange(4).reshape(2, 2))) is None        # singletons
    big = Puzzle.make(np.zeros((6, 6), np.int64))
    assert fill(big.with_givens({0: 1}), max_nodes=1, level="neigh") == "capped"


@pytest.mark.parametrize("grade", ["neigh", "once", "order", "region", "probe"])
def test_generate_gives_that_grade_with_minimal_givens(grade):
    p, a = generate(6, 6, seed=11, grade=grade)
    assert fast_grade(p) == grade and check(p, a) == []
    assert brute_count(p, 2).count == 1 and sat.count_solutions(p, 2).count == 1
    for c in p.givens:
        rest = {k: v for k, v in p.givens.items() if k != c}
        assert propagate(p.with_givens(rest), grade)[0] != "solved"


def test_minimise_finishes_at_its_level():
    rng = np.random.default_rng(4)
    p, vals = random_board(6, 6, rng)
    cells = minimise(p, vals, "order", rng)
    assert propagate(reveal(p, vals, cells), "order")[0] == "solved"


def test_random_small_boards_have_none_one_and_many_answers():
    rng = np.random.default_rng(5)
    seen = set()
    for _ in range(120):
        p = random_small(rng, int(rng.integers(1, 5)), int(rng.integers(1, 5)))
        seen.add(min(brute_count(p, 2).count, 2))
    assert seen == {0, 1, 2}


def test_generate_refuses_bad_sizes():
    for h, w in ((1, 1), (2000, 2000), (0, 3)):
        with pytest.raises(InputError):
            generate(h, w)
    with pytest.raises(InputError):
        random_partition(4, 4, (3, 2))


def test_cp_sat_solves_a_column_and_counts_the_census():
    r = sat.count_solutions(Puzzle.make(np.zeros((4, 1), np.int64)), 5)
    assert r.count == 1 and r.solutions[0].values.tolist() == [4, 3, 2, 1]
    assert sat.count_solutions(Puzzle.make(np.zeros((3, 2), np.int64)), 50).count == 20
    assert SPEC.sat_count is not None
