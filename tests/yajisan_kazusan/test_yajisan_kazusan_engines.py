"""The raw engines against each other, CP-SAT and the published ledgers."""
import numpy as np
import pytest

from puzzlekit.yajisan_kazusan import Puzzle, census, check, random_small, sat
from puzzlekit.yajisan_kazusan.brute import by_cells, by_rows, independent_sets


@pytest.mark.parametrize("n, want", list(enumerate(census.A006506, 1)))
def test_square_ledger_by_every_engine(n, want):
    assert census.engines_count(n, n, connected=False) == {"by rows": want, "transfer matrix": want}


def test_two_and_three_row_ledgers():
    assert [independent_sets(2, n) for n in range(1, 9)] == list(census.A001333)
    assert [by_rows(Puzzle.make(2, n), 10**6, False, keep=0)[0] for n in range(1, 9)] == list(census.A001333)
    assert [independent_sets(3, n) for n in range(1, 8)] == list(census.A051736)
    assert [by_rows(Puzzle.make(n, 3), 10**6, False, keep=0)[0] for n in range(1, 8)] == list(census.A051736)


def test_seven_by_seven_transfer_matrix():
    assert independent_sets(7, 7) == census.SEVEN


@pytest.mark.parametrize("n, want", list(enumerate(census.CONNECTED_NXN, 1)))
def test_connected_diagonal(n, want):
    assert census.engines_count(n, n) == {"by rows": want, "by cells": want}


def test_connected_six_by_six():
    assert census.connected_count(6, 6) == census.CONNECTED_6X6


@pytest.mark.parametrize("n", range(1, 11))
def test_strip_closed_form(n):
    p = Puzzle.make(1, n)
    assert by_cells(p, 100)[0] == by_rows(p, 100)[0] == census.strip(n)
    assert by_cells(Puzzle.make(n, 1), 100)[0] == census.strip(n)
    assert sat.count_solutions(p, 10).count == census.strip(n)


def test_engines_agree_on_answer_sets():
    rng = np.random.default_rng(7)
    sizes = set()
    for _ in range(80):
        h, w = int(rng.integers(1, 6)), int(rng.integers(1, 6))
        p = random_small(rng, h, w)
        c1, _, cap1, m1 = by_cells(p, 60)
        c2, _, cap2, m2 = by_rows(p, 60)
        assert not cap1 and not cap2 and c1 == c2
        if c1 >= 60:
            continue
        assert {m.tobytes() for m in m1} == {m.tobytes() for m in m2}
        s = sat.count_solutions(p, 60)
        assert {a.shaded.tobytes() for a in s.solutions} == {m.tobytes() for m in m1}
        for m in m1:
            from puzzlekit.yajisan_kazusan import Answer
            assert check(p, Answer.from_mask(h, w, m)) == []
        sizes.add(min(c1, 2))
    assert sizes == {0, 1, 2}


def test_capped_search_says_so():
    p = Puzzle.make(8, 8)
    cnt, nodes, capped, _ = by_cells(p, 10**9, max_nodes=1000)
    assert capped and nodes == 1000
    from puzzlekit.yajisan_kazusan import brute_count
    r = brute_count(p, 10**9, max_nodes=500)
    assert r.capped and r.nodes == 500 and not r.complete
