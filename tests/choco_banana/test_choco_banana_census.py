"""Theorems and ledgers: banana areas, the size-map tie, the published counts."""
import numpy as np
import pytest

from puzzlekit.choco_banana import census, certify
from puzzlekit.choco_banana.brute import by_cells
from puzzlekit.choco_banana.generate import buy, forcing
from puzzlekit.choco_banana.model import size_map


@pytest.mark.parametrize("h,w", [(2, 2), (2, 3), (2, 5), (3, 3), (3, 4), (4, 4), (2, 7)])
def test_banana_areas_are_three_to_one_short_of_the_board(h, w):
    found, theorem = census.banana_area_census(h, w)
    assert found == theorem == set(range(3, h * w))


def test_no_banana_on_a_strip():
    assert census.banana_area_census(1, 8)[0] == set()
    assert [census.legal_count(1, n) for n in range(1, 9)] == census.LEDGERS["1xn"]


CORNERS = [["###.", "###.", "...."], [".###", ".###", "...."],
           ["....", "###.", "###."], ["....", ".###", ".###"]]


def test_the_3x4_tie():
    masks = [np.array([ch == "#" for ch in "".join(g)]) for g in CORNERS]
    for m in masks:
        assert (size_map(3, 4, m) == 6).all()
        assert certify.tie(3, 4, m) is not None and not certify.pinnable(3, 4, m)
    full = certify.full_board(3, 4, masks[0])
    assert by_cells(full, 10)[0] == 4
    assert census.ties(3, 4) == {"answers": 599, "maps": 596, "tied": 4, "biggest": 4}


def test_small_tie_census_rows():
    for h, w in [(2, 2), (2, 3), (3, 3)]:
        t = census.ties(h, w)
        assert t["maps"] == t["answers"] and t["tied"] == 0
    assert census.ties(3, 5) == {"answers": 3057, "maps": 3055, "tied": 4, "biggest": 2}
    assert census.ties(4, 4) == {"answers": 4835, "maps": 4831, "tied": 8, "biggest": 2}


def test_the_generator_gives_up_on_tied_answers():
    m = np.array([ch == "#" for ch in "".join(CORNERS[0])])
    assert buy(3, 4, m, seed=1) is None


def test_ledger_small_entries():
    assert [census.legal_count(n, n) for n in range(1, 5)] == census.LEDGERS["nxn"][:4]
    assert [census.legal_count(2, n) for n in range(1, 11)] == census.LEDGERS["2xn"]
    assert [census.legal_count(3, n) for n in range(1, 7)] == census.LEDGERS["3xn"][:6]


def test_bar_areas_are_a027424():
    assert [census.bar_area_count(n) for n in range(1, 11)] == census.A027424


def test_self_naming_numbers():
    assert [v for v in range(1, 37) if forcing(v, 6, 6)][:6] == [1, 2, 7, 11, 13, 14]
    assert sum(forcing(v, 6, 6) for v in range(1, 37)) == 21
    assert sum(forcing(v, 8, 8) for v in range(1, 65)) == 37
    assert sum(forcing(v, 10, 10) for v in range(1, 101)) == 61
