"""Nanro's views of the core's compiled loop (its cap), and the GenreSpec
hooks (raw answers, encode, random boards) on random small boards.  That the
compiled loop equals the Python loop is checked for every genre in
tests/test_every_genre.py."""
import numpy as np
import pytest

from puzzlekit.core.search import Count
from puzzlekit.nanro import (
    SPEC,
    brute_count,
    brute_solutions,
    check,
    encode,
    fast_count,
    random_small,
)


def _boards(seed, count=30, blanks=False):
    """Random small boards; with ``blanks``, only boards that print some."""
    rng = np.random.default_rng(seed)
    out = []
    while len(out) < count:
        p = random_small(rng, int(rng.integers(1, 7)), int(rng.integers(1, 7)))
        if p.blanks or not blanks:
            out.append(p)
    return out


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
