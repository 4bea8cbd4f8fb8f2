"""Ledger entries against the article's published counts; the parity identity
on every partition of small boards; the 2x3 witness; the single-pair census."""
import pytest

from puzzlekit.numberlink import Puzzle, brute, census, certify


@pytest.mark.parametrize("h,top", [(2, 9), (3, 5), (4, 4)])
def test_small_ledger_entries(h, top):
    assert [census.partitions(h, n)[0] for n in range(1, top + 1)] == list(census.LEDGER[h][:top])


def test_ledger_is_symmetric():
    assert census.partitions(3, 2)[0] == census.partitions(2, 3)[0]
    assert census.partitions(4, 3)[0] == census.partitions(3, 4)[0]


def _by_subsets(h, w):
    """Path partitions by brute force over every subset of segments: each cell of
    degree 1 or 2 and no loop (a plain Python twin of the compiled scan)."""
    from itertools import product

    from puzzlekit.core.grid import Grid
    g = Grid(h, w)
    edges = [tuple(map(int, e)) for e in g.edges]
    total = 0
    for bits in product((0, 1), repeat=len(edges)):
        deg = [0] * g.n
        parent = list(range(g.n))

        def find(x):
            while parent[x] != x:
                x = parent[x]
            return x
        ok = True
        for b, (x, y) in zip(bits, edges):
            if b:
                deg[x] += 1
                deg[y] += 1
                rx, ry = find(x), find(y)
                if rx == ry:
                    ok = False
                    break
                parent[rx] = ry
        total += ok and all(1 <= d <= 2 for d in deg)
    return total


@pytest.mark.parametrize("h,w", [(1, 4), (2, 3), (3, 3), (2, 5), (3, 4)])
def test_scan_equals_a_brute_force_twin(h, w):
    assert census.partitions(h, w)[0] == _by_subsets(h, w)


@pytest.mark.parametrize("h,w", [(2, 3), (3, 3), (3, 4), (4, 4), (3, 5)])
def test_parity_identity_on_every_partition(h, w):
    count, violations = census.partitions(h, w, parity=True)
    assert count > 0 and violations == 0


def test_parity_count_total_is_the_articles():
    tot = sum(census.partitions(h, w, parity=True)[0] for h, w in ((3, 4), (4, 4)))
    assert tot == 102749


def test_witness_keeps_the_count_and_has_no_answer():
    p = Puzzle.from_json(certify.WITNESS)
    assert certify.parity_ok(p)
    assert brute.count_solutions(p, 5).count == 0


def test_parity_certificate_never_refuses_a_solvable_board():
    import numpy as np

    from puzzlekit.numberlink import random_small
    rng = np.random.default_rng(5)
    refused = 0
    for _ in range(200):
        p = random_small(rng, int(rng.integers(2, 5)), int(rng.integers(2, 5)))
        if not certify.parity_ok(p):
            refused += 1
            assert brute.count_solutions(p, 1).count == 0
    assert refused > 0


@pytest.mark.parametrize("h,w,want", [((2), 2, (4, 0)), (2, 3, (8, 1)), (2, 4, (14, 2)),
                                      (3, 3, (10, 0)), (3, 4, (29, 7))])
def test_single_pair_census(h, w, want):
    assert census.single_pair(h, w) == want


def test_recurrence_on_the_computed_2xn_prefix():
    ours = [census.partitions(2, n)[0] for n in range(1, 10)]
    assert all(census.recurrence_holds(ours))
    bumped = ours[:-1] + [ours[-1] + 1]
    assert not all(census.recurrence_holds(bumped))
