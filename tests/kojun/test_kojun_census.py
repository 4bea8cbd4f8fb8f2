"""Theorems and exact counts: the multinomial census from the raw engine, the
empty all-singletons partition, no silent single cell, the swap certificate."""
import numpy as np
import pytest

from puzzlekit.core import banks
from puzzlekit.kojun import SPEC, Answer, Puzzle, brute, check, random_board, reveal_share
from puzzlekit.kojun.census import multinomial, rectangle_count, singletons_count
from puzzlekit.kojun.certify import single_changes, swap_certificate, swaps

PUBLISHED = {(1, 5): 120, (3, 2): 20, (4, 2): 70, (3, 3): 1680, (2, 5): 113400}


@pytest.mark.parametrize("pq,count", sorted(PUBLISHED.items()))
def test_multinomial_census(pq, count):
    got, _, capped = rectangle_count(*pq)
    assert not capped and got == count == multinomial(*pq)


@pytest.mark.parametrize("k", range(1, 8))
def test_a_column_is_its_own_solution(k):
    assert rectangle_count(k, 1)[0] == 1


@pytest.mark.parametrize("h,w", [(1, 2), (2, 1), (2, 2), (2, 3), (3, 3), (3, 4), (4, 4), (5, 5)])
def test_all_singletons_have_no_board(h, w):
    assert singletons_count(h, w) == 0


def test_one_singleton_has_one_board():
    assert singletons_count(1, 1) == 1


def test_no_silent_single_cell_on_every_bank_answer():
    bank = banks.load("kojun")
    assert bank
    for e in bank:
        p, a = Puzzle.from_json(e["clues"]), Answer.from_json(e["answer"])
        assert single_changes(p, a) == 0, e["id"]


def test_swap_certificates_are_second_answers_and_never_false_alarms():
    rng = np.random.default_rng(3)
    found = unique = 0
    for _ in range(40):
        p, vals = random_board(5, 5, rng, sizes=(2, 5))
        q = reveal_share(p, vals, 0.4, rng)
        cnt = brute.count_solutions(q, 2).count
        alt = swap_certificate(q, Answer.of(q, vals))
        if cnt == 1:
            unique += 1
            assert alt is None
        if alt is not None:
            found += 1
            assert cnt == 2 and not check(q, alt) and not np.array_equal(alt.values, vals)
    assert found and unique


def test_no_bank_board_has_a_swap():
    for e in banks.load("kojun"):
        p = Puzzle.from_json(e["clues"])
        assert swaps(p, Answer.from_json(e["answer"]).values) == []


def test_bank_reproves_with_all_five_grades_at_every_size():
    rep = banks.verify(SPEC)
    assert rep["failures"] == [] and rep["boards"] == rep["verified"] > 0
    bank = banks.load("kojun")
    for n in {e["size"][0] for e in bank}:
        assert {e["grade"] for e in bank if e["size"][0] == n} == set(SPEC.ladder.names), n
