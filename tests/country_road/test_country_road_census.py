"""Ledger (OEIS A003763), strip partitions, the cut-vertex theorem, and the
three raw engines against each other and CP-SAT."""
import numpy as np
import pytest

import puzzlekit.country_road as cr
from puzzlekit.country_road import brute, census
from puzzlekit.country_road.certify import no_answer


@pytest.mark.parametrize("n", [2, 4, 6])
def test_ledger_square_boards(n):
    assert census.ledger(n, n) == (census.A003763[n], False)


@pytest.mark.parametrize("m", range(3, 9))
def test_ledger_two_row_strips(m):
    assert census.ledger(2, m) == (1, False)
    assert census.ledger(2, m, engine="walk") == (1, False)


def test_ledger_walker_agrees_at_4x4():
    assert census.ledger(4, 4, engine="walk") == (6, False)


@pytest.mark.parametrize("n", [4, 5, 6])
def test_row_partitions_have_no_answer(n):
    r = census.strip(n)
    assert r["cut vertex"] and r["hamiltonian"] is False
    assert r["solutions"] == 0 and not r["capped"]


def test_cut_vertex_means_no_answer_on_random_partitions():
    rng = np.random.default_rng(7)
    seen = 0
    for _ in range(60):
        k = int(rng.integers(3, 9))
        p = cr.Puzzle.make(cr.random_partition(rng, 5, 5, k))
        if no_answer(p):
            seen += 1
            r = brute.walk(p, 1, 5_000_000, keep=0)
            assert r.count == 0 and not r.capped
    assert seen > 0


@pytest.mark.parametrize("seed", range(40))
def test_three_raw_engines_and_cp_sat_agree(seed):
    rng = np.random.default_rng(500 + seed)
    h, w = int(rng.integers(2, 5)), int(rng.integers(2, 5))
    p = cr.random_small(rng, h, w)
    lim = 50
    rs = [f(p, lim, keep=lim) for f in (brute.walk, brute.loops_first, brute.cells_first)]
    assert not any(r.capped for r in rs)
    counts = {r.count for r in rs}
    assert len(counts) == 1
    if rs[0].count < lim:
        sets = [sorted(e.tobytes() for e in r.edges) for r in rs]
        assert sets[0] == sets[1] == sets[2]
        assert cr.SPEC.sat_count(p, lim).count == rs[0].count
    for e in rs[0].edges:
        assert cr.check(p, cr.Answer(h, w, e)) == []
