"""Ledgers against published sequences and the 2 x m closed form."""
import pytest

from puzzlekit.numbrix import census, certify


@pytest.mark.parametrize("k,expected", [(1, 1), (2, 8), (3, 40), (4, 552), (5, 8648), (6, 458696)])
def test_directed_paths_match_a096969(k, expected):
    assert census.directed_paths(k, k) == expected


@pytest.mark.parametrize("k,expected", [(2, 1), (4, 6), (6, 1072)])
def test_cycles_match_a003763(k, expected):
    assert census.cycles(k, k) == expected


@pytest.mark.parametrize("k", [3, 5])
def test_odd_boards_have_no_cycle(k):
    assert census.cycles(k, k) == 0


@pytest.mark.parametrize("m", range(2, 9))
def test_ladder_closed_form(m):
    assert census.ladder_paths(m) == census.ladder_closed_form(m) == m * m - m + 2


def test_a_single_cell_never_changes_alone_on_4x4():
    answers, tried, legal = certify.single_cell_proof(4, 4)
    assert answers == 552 and tried == 552 * 16 * 15 and legal == 0


def test_ledger_tables_match_the_counts():
    t = census.ledgers()
    assert t["paths"].loc["4×4"].tolist() == [552] and t["cycles"].loc["6×6"].tolist() == [1072]
    assert (t["ladder2"]["undirected paths"] == t["ladder2"]["m² − m + 2"]).all()


@pytest.mark.parametrize("h,w", [(3, 3), (4, 4), (3, 4), (5, 2)])
def test_parity_corollaries_hold_on_every_answer(h, w):
    from puzzlekit.numbrix.brute import census as walks
    for a in walks(h, w, keep=1 << 16)[0].solutions:
        assert census.parity(a) == (True, True)


def test_parity_sees_a_broken_walk():
    import numpy as np

    from puzzlekit.numbrix.model import Answer
    assert census.parity(Answer(np.array([[1, 2, 3, 4]]))) == (True, True)
    assert census.parity(Answer(np.array([[1, 3, 2]]))) == (False, False)   # not a walk: both fail
