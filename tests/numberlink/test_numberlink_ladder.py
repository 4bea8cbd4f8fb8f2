"""Each rung's signature deduction; soundness and agreement against the
cutter on random small boards; rule 3 off against two more counters."""
import numpy as np
import pytest

from puzzlekit.core import banks, checks
from puzzlekit.numberlink import (
    LADDER,
    SPEC,
    Puzzle,
    brute,
    brute_count,
    encode,
    fast_count,
    initial_state,
    random_small,
    with_segments,
)
from puzzlekit.numberlink.ladder import decode


def _edge(p, a, b):
    """The ``Grid.edges`` index of the segment between cells a and b."""
    e = p.grid.edges.tolist()
    return e.index([min(a, b), max(a, b)])


def _var(p, a, b):
    """The state variable of that segment (variables follow ``Grid.edges``)."""
    return _edge(p, a, b)


def test_deg_fills_a_corridor():
    p = Puzzle(1, 4, [[1, 0, 0, 1]])
    r = LADDER.fixpoint(initial_state(p), "deg")
    assert r.solved and r.counters["degree scans"] > 0


def test_deg_with_fill_off_keeps_blank_cells_open():
    p = Puzzle(2, 3, [[0, 1, 0], [0, 1, 0]], fill=False)
    s = initial_state(p)
    LADDER.fixpoint(s, "deg")
    assert not s.solved()
    assert brute.route_count(p, 10).count == 3 == fast_count(p, limit=10).count


def test_chain_refuses_to_close_a_loop():
    p = Puzzle(2, 2, [[0, 0], [0, 0]], fill=False)
    s = with_segments(p, on=[_edge(p, 0, 1), _edge(p, 0, 2), _edge(p, 1, 3)])
    r = LADDER.fixpoint(s, "chain", without=("deg",))
    e = _var(p, 2, 3)
    assert r.status != "contradiction" and s.seg[e].tolist() == [True, False]
    assert r.attribution[2 * e + 1] == LADDER.level("chain")


def test_chain_refuses_to_weld_two_numbers():
    p = Puzzle(2, 4, [[1, 0, 0, 2], [1, 0, 0, 2]], fill=False)
    s = with_segments(p, on=[_edge(p, 0, 1), _edge(p, 2, 3)])
    LADDER.fixpoint(s, "chain", without=("deg",))
    assert s.seg[_var(p, 1, 2)].tolist() == [True, False]


def test_reach_sees_a_sealed_pair():
    p = Puzzle(3, 4, [[1, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 1]], fill=False)
    s = with_segments(p, off=[_edge(p, 1, 2), _edge(p, 5, 6), _edge(p, 9, 10)])
    assert LADDER.fixpoint(s.copy(), "chain").status != "contradiction"
    assert LADDER.fixpoint(s, "reach").status == "contradiction"


def test_reach_switches_off_a_region_without_numbers():
    p = Puzzle(2, 3, [[1, 0, 0], [1, 0, 0]], fill=False)
    s = with_segments(p, off=[_edge(p, 0, 1), _edge(p, 3, 4)])
    r = LADDER.fixpoint(s, "reach", without=("deg", "chain"))
    assert r.status == "stable"
    for a, b in ((1, 2), (4, 5), (1, 4), (2, 5)):
        assert s.seg[_var(p, a, b)].tolist() == [True, False]
    assert s.seg[_var(p, 0, 3)].tolist() == [True, True]


def test_probe_finishes_what_reach_leaves():
    for e in banks.load("numberlink"):
        if e["grade"] == "probe":
            p = SPEC.Puzzle.from_json(e["clues"])
            assert LADDER.fixpoint(initial_state(p), "reach").status == "stable"
            assert LADDER.fixpoint(initial_state(p), "probe").solved
            return
    pytest.fail("no bank board graded probe")


def _boards(n, seed, lo=1, hi=5):
    rng = np.random.default_rng(seed)
    for _ in range(n):
        yield random_small(rng, int(rng.integers(lo, hi + 1)), int(rng.integers(lo, hi + 1)))


def test_every_level_is_sound_against_the_cutter():
    answers = 0
    for p in _boards(150, 11):
        answers += checks.assert_sound(SPEC, p)
    assert answers > 50


def test_ladder_search_and_cutter_agree_with_none_one_and_many():
    seen = set()
    for p in _boards(200, 12):
        a, b = brute_count(p, 3), fast_count(p, limit=3)
        assert not a.capped and not b.capped
        assert a.count == b.count, p.to_json()
        seen.add(min(a.count, 2))
    assert seen == {0, 1, 2}


def test_rule3_off_never_counts_fewer_and_two_counters_agree():
    """The article's bug as a test: with rule 3 off the count is never below
    the count with it; the router (pair by pair) and the cutter (unused
    cells allowed) and the segment search agree on the rule-3-off count."""
    multi = 0
    for p in _boards(200, 13, 2, 5):
        on = brute.count_solutions(p.with_fill(True), 20)
        r = brute.route_count(p.with_fill(False), 20)
        c = brute.count_solutions(p.with_fill(False), 20)
        s = fast_count(p.with_fill(False), limit=20)
        assert r.count >= on.count
        assert r.count == c.count == s.count, p.to_json()
        multi += p.k >= 2 and r.count > 1
    assert multi > 10
    for e in banks.load("numberlink")[:20]:
        p = SPEC.Puzzle.from_json(e["clues"])
        r = brute.route_count(p.with_fill(False), 2, max_nodes=2_000_000)
        assert r.capped or r.count >= 1


def test_encode_decode_round_trip():
    e = banks.load("numberlink")[0]
    p = SPEC.Puzzle.from_json(e["clues"])
    a = SPEC.Answer.from_json(e["answer"])
    s = encode(p, a)
    assert s.solved() and decode(s) == a and SPEC.check(p, a) == []
