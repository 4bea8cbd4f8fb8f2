"""Each rung's signature deduction, the region roof over the three cheap rungs
(bit-identical ablation fixpoints), and the compiled search beside the raw engine."""
import numpy as np
import pytest

from puzzlekit.core import checks
from puzzlekit.kojun import (
    LADDER,
    NAMES,
    SPEC,
    Puzzle,
    brute_count,
    fast_count,
    generate,
    initial_state,
    propagate,
    random_board,
    random_small,
    reveal_share,
)


def _fix(p, level, without=()):
    s = initial_state(p)
    return LADDER.fixpoint(s, level, without), s


def test_neigh_erases_a_pinned_neighbours_digit():
    p = Puzzle.make([[0, 0, 1, 1]], {1: 1})
    res, s = _fix(p, "neigh")
    assert s.digits(2) == [2] and s.digits(0) == [2]          # both sides of the pinned 1
    q = Puzzle.make([[0, 0, 0]], {0: 1})
    assert _fix(q, "neigh")[1].digits(2) == [1, 2, 3]          # only next door


def test_once_pins_a_lone_home_and_erases_pinned_digits():
    p = Puzzle.make([[0, 0, 0]], {0: 3})
    s = _fix(p, "neigh")[1]
    assert s.digits(2) == [1, 2, 3]
    s = _fix(p, "once")[1]
    assert s.digits(2) == [1, 2]
    # digit 3 of the right region has one home once the left cell's 3 erases it next door
    q = Puzzle.make([[0, 1, 1, 1]], {0: 1})
    s = _fix(q, "once")[1]
    assert s.digits(1) == [2, 3]


def test_order_alone_solves_a_column_region():
    p = Puzzle.make([[0], [0], [0], [0]])
    assert _fix(p, "once")[0].status == "stable"
    res, s = _fix(p, "order")
    assert res.solved and [s.digits(c) for c in range(4)] == [[4], [3], [2], [1]]


def test_order_and_once_are_incomparable():
    col = Puzzle.make([[0], [0], [0]])                       # order finishes, once does not
    assert propagate(col, "order", without=("once",))[0] == "solved"
    assert propagate(col, "once")[0] == "stable"
    row = Puzzle.make([[0, 0]], {0: 1})                      # once finishes, order does not
    assert propagate(row, "once")[0] == "solved"
    assert propagate(row, "order", without=("once", "neigh"))[0] == "stable"


def test_region_needs_the_whole_assignment():
    # a domino over a 2x2 square, the domino's right cell given 2: the square's
    # top cells are {2, 3, 4} and {3, 4}; its bottom-left cell is below the first,
    # and only a whole assignment shows that 3 there leaves no room
    p = Puzzle.make([[0, 0], [1, 1], [1, 1]], {1: 2})
    lower = _fix(p, "order")[1]
    upper = _fix(p, "region")[1]
    assert lower.digits(4) == [1, 2, 3] and upper.digits(4) == [1, 2]
    assert not (upper.bits & ~lower.bits).any()


def test_probe_finishes_what_region_leaves():
    p, _ = generate(6, 6, seed=5, grade="probe")
    assert propagate(p, "region")[0] == "stable" and propagate(p, "probe")[0] == "solved"


@pytest.mark.parametrize("seed", range(12))
def test_region_subsumes_the_cheap_rungs(seed):
    """Every fixpoint with neigh, once or order removed is bit-identical to the full one."""
    rng = np.random.default_rng(seed)
    p, vals = random_board(6, 6, rng)
    for q in (p, reveal_share(p, vals, 0.2, rng), reveal_share(p, vals, 0.4, rng)):
        for top in ("region", "probe"):
            full = _fix(q, top)[1].bits
            for d in ("neigh", "once", "order"):
                assert np.array_equal(_fix(q, top, (d,))[1].bits, full), (seed, top, d)


@pytest.mark.parametrize("seed", range(30))
def test_every_level_is_sound_on_random_boards(seed):
    rng = np.random.default_rng(1000 + seed)
    h, w = int(rng.integers(1, 6)), int(rng.integers(1, 6))
    p = random_small(rng, h, w)
    checks.assert_sound(SPEC, p)
    checks.assert_engines_agree(SPEC, p, limit=4)


def test_search_counts_agree_with_the_raw_engine_on_bigger_boards():
    rng = np.random.default_rng(7)
    for _ in range(6):
        p, vals = random_board(7, 6, rng)
        q = reveal_share(p, vals, 0.3, rng)
        a, b = fast_count(q, "region", 5), brute_count(q, 5)
        assert not a.capped and not b.capped and a.count == b.count


def test_ladder_names():
    assert LADDER.names == NAMES == ("neigh", "once", "order", "region", "probe")


def test_the_region_memo_changes_neither_fixpoints_nor_counters():
    """Each region remembers its last enumeration; a warm memo must give the
    same fixpoints and the same assignment counts as a cold one."""
    rng = np.random.default_rng(21)
    for _ in range(8):
        p, vals = random_board(6, 6, rng)
        q = reveal_share(p, vals, 0.25, rng)
        warm = Puzzle.from_json(q.to_json())
        for lv in ("probe", "region", "probe"):                 # warm the memo
            LADDER.fixpoint(initial_state(warm), lv, attribute=False)
        for lv in ("region", "probe"):
            cold = Puzzle.from_json(q.to_json())                # a fresh memo
            a, b = initial_state(cold), initial_state(warm)
            ra = LADDER.fixpoint(a, lv, attribute=False)
            rb = LADDER.fixpoint(b, lv, attribute=False)
            assert np.array_equal(a.bits, b.bits) and ra.status == rb.status
            assert ra.counters == rb.counters
