"""The GenreSpec hooks the generic checks use (raw-engine answers, encode,
random_small), and how the article's tables are compared."""
import numpy as np
import pytest

from puzzlekit.core.search import Count
from puzzlekit.magnets import SPEC, Answer, Puzzle, brute, check, decode, encode
from puzzlekit.magnets.generate import corrupt, random_small, sample


def test_brute_hooks_return_counts_with_legal_answers():
    p = Puzzle.from_json({"h": 1, "w": 4, "dominoes": ["LRLR"]})
    r, s = brute.brute_count(p, 100), brute.brute_solutions(p, 100)
    assert isinstance(r, Count) and (r.count, r.capped, r.status) == (7, False, "multiple")
    assert (s.count, s.capped) == (7, False) and len(s.solutions) == 7
    assert len({a.to_json()["grid"][0] for a in s.solutions}) == 7
    assert all(check(p, a) == [] for a in s.solutions)
    capped = brute.brute_count(p, 100, max_nodes=3)
    assert capped.capped and capped.count < 7       # a lower bound, reported as capped
    assert brute.brute_solutions(p, 3).count == 3        # stops at the limit, not capped


def test_encode_is_the_inverse_of_decode():
    rng = np.random.default_rng(0)
    for h, w in [(1, 2), (3, 4), (6, 5)]:
        p, a = sample(h, w, rng.random(), rng.random(), rng)
        s = encode(p, a)
        assert s.solved() and decode(s) == a
        assert s.bits.sum() == h * w
    with pytest.raises(ValueError):
        encode(p, Answer(np.zeros((1, 2), dtype=np.int8)))


@pytest.mark.parametrize("h,w", [(1, 1), (3, 3), (5, 1), (5, 5), (2, 3)])
def test_random_small_takes_every_shape(h, w):
    rng = np.random.default_rng(0)
    for _ in range(20):
        p = random_small(rng, h, w)
        assert (p.h, p.w) == (h, w)
        assert (h * w) % 2 == 0 or p.holes.any()        # an odd area needs an empty cell


def test_random_small_mixes_zero_one_and_many_answers():
    rng = np.random.default_rng(1)
    seen, holes, given = set(), 0, 0
    for i in range(150):
        h, w = [(2, 3), (4, 4), (6, 6), (1, 6), (5, 4), (3, 5)][i % 6]
        p = random_small(rng, h, w)
        assert (p.h, p.w) == (h, w)
        d = np.flatnonzero(p.partner >= 0)
        assert (p.partner[p.partner[d]] == d).all() and (p.partner[d] != d).all()
        assert (p.given[p.holes] == -1).all()
        holes += p.holes.any()
        given += (p.given >= 0).any()
        seen.add(min(brute.brute_count(p, 2).count, 2))
    assert seen == {0, 1, 2}
    assert holes >= 40 and given >= 30, (holes, given)


def test_random_small_is_reproducible():
    a = random_small(np.random.default_rng(7), 4, 6).to_json()
    assert random_small(np.random.default_rng(7), 4, 6).to_json() == a


def test_corrupt_changes_printed_numbers_within_range():
    rng = np.random.default_rng(2)
    p, _ = sample(4, 6, seed=rng)
    q = corrupt(p, 2, rng)
    diff = np.flatnonzero(q.clue_vector != p.clue_vector)
    assert len(diff) == 2
    top = np.array([6] * 8 + [4] * 12)
    assert (q.clue_vector >= 0).all() and (q.clue_vector <= top).all()


def test_spec_hooks_are_wired():
    assert SPEC.brute_solutions is brute.brute_solutions and SPEC.encode is encode
    assert SPEC.random_small is random_small
