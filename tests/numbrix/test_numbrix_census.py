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
