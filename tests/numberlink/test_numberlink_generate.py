"""Samplers, repair (one pair per cut), generation and the bank."""
import numpy as np

from puzzlekit.core import banks
from puzzlekit.numberlink import SPEC, Answer, Puzzle, brute, check, fast_count
from puzzlekit.numberlink.generate import (
    board_of,
    cut_options,
    generate,
    is_taut,
    repair,
    sample_paths,
)


def test_samplers_partition_the_grid():
    rng = np.random.default_rng(3)
    for taut in (True, False):
        for h, w in ((2, 2), (3, 5), (6, 4), (7, 7)):
            ps = sample_paths(h, w, rng, taut)
            assert sorted(c for p in ps for c in p) == list(range(h * w))
            assert min(map(len, ps)) >= 2
            p, a = board_of(h, w, ps)
            assert check(p, a) == []
            if taut:
                assert is_taut(h, w, ps)


def test_taut_sampler_partitions_a_large_grid():
    """On a 30x30 grid nearly every attempt strands some cell among finished
    paths; cutting a neighbouring path next to it (not only extending one
    that ends there) keeps the attempt.  Without it, five attempts fail."""
    rng = np.random.default_rng(5)
    for n in (30, 41):
        assert sample_paths(n, n, rng, taut=True, max_tries=5) is None
        ps = sample_paths(n, n, rng, taut=True, max_tries=5, split_after=0)
        assert ps is not None
        assert sorted(c for p in ps for c in p) == list(range(n * n))
        assert min(map(len, ps)) >= 2 and is_taut(n, n, ps)
        p, a = board_of(n, n, ps)
        assert check(p, a) == []


def test_loose_sampler_is_not_always_taut():
    rng = np.random.default_rng(4)
    assert not all(is_taut(6, 6, sample_paths(6, 6, rng, False)) for _ in range(20))


def test_repair_adds_one_pair_per_cut_and_keeps_the_answer():
    rng = np.random.default_rng(7)
    seen_cuts = 0
    for _ in range(10):
        ps = sample_paths(6, 6, rng, taut=False)
        new, cuts, status = repair(6, 6, ps, rng)
        assert len(new) == len(ps) + cuts
        assert sorted(c for p in new for c in p) == list(range(36))
        p, a = board_of(6, 6, new)
        assert check(p, a) == []
        if status == "unique":
            assert fast_count(p, limit=2).count == 1
        seen_cuts += cuts
    assert seen_cuts > 0


def test_cut_options_leave_pieces_of_two():
    assert cut_options([[0, 1, 2, 3]], 1) == [(0, 2)]
    assert cut_options([[0, 1, 2]], 1) == []


def test_generate_is_unique_and_seeded():
    p, a = generate(6, 6, seed=5)
    q, b = generate(6, 6, seed=5)
    assert p == q and a == b and check(p, a) == []
    assert brute.count_solutions(p, 2).count == 1


def test_bank_integrity():
    es = banks.load("numberlink")
    sizes = [tuple(e["size"]) for e in es]
    assert sizes.count((7, 7)) == 40 and sizes.count((9, 9)) == 36
    assert len({e["id"] for e in es}) == len(es)
    for e in es:
        p, a = Puzzle.from_json(e["clues"]), Answer.from_json(e["answer"])
        assert p.fill and check(p, a) == [] and e["pairs"] == p.k
        from puzzlekit.numberlink import paths_of
        assert is_taut(p.h, p.w, paths_of(p.h, p.w, a.on)[0])
        assert e["grade"] in SPEC.ladder.names or e["grade"] is None
