"""The fused numba fixpoint and search against the core ladder, and the
GenreSpec hooks (raw answers, encode, random boards) on random small boards."""
import numpy as np
import pytest

from puzzlekit.core.genre import ladder_count
from puzzlekit.core.search import Count, SearchResult
from puzzlekit.nanro import (LADDER, SPEC, brute_count, brute_solutions, check, encode,
                             fast_count, fast_fixpoint, initial_state, random_small)

RUNS = [(lv, ()) for lv in range(len(LADDER))] + [(4, (d,)) for d in range(4)]


def _boards(seed, count=30, blanks=False):
    """Random small boards; with ``blanks``, only boards that print some."""
    rng = np.random.default_rng(seed)
    out = []
    while len(out) < count:
        p = random_small(rng, int(rng.integers(1, 7)), int(rng.integers(1, 7)))
        if p.blanks or not blanks:
            out.append(p)
    return out


@pytest.mark.parametrize("seed,blanks", [(s, False) for s in range(4)] + [(9, True), (10, True)])
def test_fast_fixpoint_is_the_core_fixpoint(seed, blanks):
    for p in _boards(seed, blanks=blanks):
        for lv, without in RUNS:
            s = initial_state(p)
            res = LADDER.fixpoint(s, lv, without)
            status, f, counters = fast_fixpoint(p, lv, without)
            assert status == res.status
            if status != "contradiction":
                assert np.array_equal(f.bits, s.bits)
            assert all(v > 0 for v in counters.values())
            assert set(counters) <= set(res.counters) | {"cut tests"}


@pytest.mark.parametrize("seed,blanks", [(s, False) for s in range(3)] + [(12, True)])
def test_fast_count_is_ladder_count(seed, blanks):
    for p in _boards(seed, blanks=blanks):
        for lv, limit in ((0, 5), (3, 1), (4, 2)):
            core = ladder_count(SPEC, p, limit, lv, max_nodes=2000)
            fast = fast_count(p, lv, limit, 2000)
            assert isinstance(fast, SearchResult)
            got = (fast.count, fast.complete, fast.capped, fast.nodes, fast.branch_points)
            assert got == (core.count, core.complete, core.capped, core.nodes, core.branch_points)
            assert fast.status == core.status and fast.unique == core.unique


def test_fast_count_reports_its_cap():
    p = random_small(np.random.default_rng(7), 6, 6).with_givens()   # bare: many answers
    r = fast_count(p, 0, limit=10**6, max_nodes=50)
    assert r.capped and not r.complete and r.nodes == 50 and r.status in ("capped", "multiple")


@pytest.mark.parametrize("seed,blanks", [(s, False) for s in range(3)] + [(13, True)])
def test_raw_answers_encode_and_decode(seed, blanks):
    for p in _boards(seed, 30, blanks):
        sols = brute_solutions(p, 20)
        assert isinstance(sols, Count) and sols.count == brute_count(p, 20).count
        assert len(sols.solutions) == min(sols.count, 20)
        seen = set()
        for a in sols.solutions:
            assert check(p, a) == []
            s = encode(p, a)
            assert s.solved() and SPEC.decode(s).to_json() == a.to_json()
            seen.add(tuple(a.values.tolist()))
        assert len(seen) == len(sols.solutions)


def test_random_small_mixes_answer_counts():
    boards = _boards(11, 80)
    counts = {min(brute_count(p, 3).count, 2) for p in boards}
    assert counts == {0, 1, 2}
    with_blanks = [p for p in boards if p.blanks]
    assert 15 <= len(with_blanks) <= 50      # printed blanks on a good share, not on all
    assert {min(brute_count(p, 3).count, 2) for p in with_blanks} == {0, 1, 2}
    rng = np.random.default_rng(0)
    for h, w in [(1, 1), (1, 6), (6, 1), (2, 5)]:
        p = random_small(rng, h, w)
        assert (p.h, p.w) == (h, w) and p.sizes.max() <= 4
    with pytest.raises(ValueError):
        random_small(rng, 0, 3)
