"""Each rung's signature deduction, and soundness and agreement of every
engine on random small boards under all four readings of rule 4."""
import numpy as np
import pytest

from puzzlekit.core import checks
from puzzlekit.core.genre import ladder_count
from puzzlekit.stostone import SPEC, brute, sat
from puzzlekit.stostone.generate import random_small
from puzzlekit.stostone.ladder import LADDER, initial_state
from puzzlekit.stostone.model import RULE4, Puzzle


def _shade(s, cells, value=1):
    for c in cells:
        s.cell[c, 1 - value] = False


def _known(s):
    """Per cell: 1 shaded, 0 blank, -1 open."""
    return np.where(s.cell[:, 0] & s.cell[:, 1], -1, np.where(s.cell[:, 1], 1, 0))


def test_col_fills_and_empties_columns():
    p = Puzzle.make(np.array([[0, 4], [1, 5], [2, 6], [3, 7]]), {}, "count")
    s = initial_state(p)
    _shade(s, [0, 4])                        # column 0: two of four shaded
    _shade(s, [1, 3], 0)                     # column 1: two of four blank
    LADDER.fixpoint(s, "col")
    assert _known(s).reshape(4, 2)[:, 0].tolist() == [1, 0, 1, 0]
    assert _known(s).reshape(4, 2)[:, 1].tolist() == [0, 0, 1, 1]


def test_clue_closes_a_full_stone_and_keeps_stones_apart():
    p = Puzzle.make(np.array([[0, 0, 1], [0, 0, 1]]), {0: 1}, "none")
    s = initial_state(p)
    _shade(s, [1])
    LADDER.fixpoint(s, "clue", without=["col"])
    k = _known(s)
    assert k[[0, 3, 4]].tolist() == [0, 0, 0]       # the rest of the region
    assert k[2] == 0                                 # the neighbour in region 1
    assert k[5] == 1                                 # region 1 needs a stone: its last cell


def test_clue_shades_a_cell_that_joins_two():
    p = Puzzle.make(np.array([[0, 0, 0], [1, 1, 1]]), {}, "none")
    s = initial_state(p)
    _shade(s, [0, 2])
    LADDER.fixpoint(s, "clue", without=["col"])
    assert _known(s)[1] == 1


def test_fit_finds_what_every_placement_shares():
    regions = np.array([[0, 0, 0], [1, 0, 2], [1, 1, 2], [1, 1, 2]])
    p = Puzzle.make(regions, {0: 3}, "none")
    s = initial_state(p)
    _shade(s, [0])
    LADDER.fixpoint(s, "clue", without=["col"])
    assert _known(s)[1] == -1                       # clue alone cannot say
    s = initial_state(p)
    _shade(s, [0])
    LADDER.fixpoint(s, "fit", without=["col", "clue"])
    assert _known(s)[1] == 1                        # both 3-cell stones through (0,0) use (0,1)


def test_drop_fills_a_vertical_gap():
    p = Puzzle.make(np.array([[0, 1], [0, 1], [0, 1], [0, 1]]), {}, "convex")
    s = initial_state(p)
    _shade(s, [0, 4])
    LADDER.fixpoint(s, "drop", without=["col", "clue", "fit"])
    assert _known(s)[2] == 1


def test_drop_reads_the_invariant():
    # a stone touching the floor in column 0 never moves: under exact its
    # other column is packed below it
    p = Puzzle.make(np.array([[1, 2], [1, 2], [0, 0], [3, 0]]), {}, "exact")
    s = initial_state(p)
    _shade(s, [4, 5])                          # the region's cells in row 2
    _shade(s, [7])                             # ... and the floor cell of column 1
    LADDER.fixpoint(s, "drop", without=["col", "clue", "fit"])
    # key of (2,1): 2 + 1 = 3; (2,0) must agree: the cell below it, (3,0), is shaded
    assert _known(s)[6] == 1


def _boards(n, seed):
    rng = np.random.default_rng(seed)
    out = []
    while len(out) < n:
        h = int(rng.choice([2, 4, 6]))
        w = int(rng.integers(1, 6))
        out.append(random_small(rng, h, w))
    return out


@pytest.mark.parametrize("rule4", RULE4)
def test_every_level_is_sound_under_each_reading(rule4):
    answers = 0
    for p in _boards(40, 11):
        q = p.with_rule4(rule4)
        answers += checks.assert_sound(SPEC, q)
    assert answers > 0


@pytest.mark.parametrize("rule4", RULE4)
def test_engines_agree_under_each_reading(rule4):
    counts = set()
    for p in _boards(40, 12):
        q = p.with_rule4(rule4)
        a, _, capped, _ = brute.by_stones(q, 4)
        if capped:
            continue
        lad = ladder_count(SPEC, q, limit=4)
        s = sat.count_solutions(q, 4)
        assert not lad.capped and not s.capped
        assert min(a, 4) == min(lad.count, 4) == min(s.count, 4), q.to_json()
        if q.n <= 20:
            assert min(brute.by_mask(q, 4)[0], 4) == min(a, 4), q.to_json()
        counts.add(min(a, 2))
    assert counts == {0, 1, 2}
