"""Ledgers, the strip closed form, the factorial identity and the
cells-first regression on repeated shapes."""
import pytest

from puzzlekit.statue_park import brute, census
from puzzlekit.statue_park.model import NAMED, Puzzle, labelled_factor


@pytest.mark.parametrize("n", range(1, 6))
def test_monominoes_without_the_park_are_independent_sets(n):
    ours = census.monomino_census(n, n)
    assert ours == census.independent_sets(n, n)          # per k
    assert sum(ours) == census.A006506[n - 1]             # OEIS A006506


@pytest.mark.parametrize("h, w", [(2, 3), (3, 4), (4, 3)])
def test_both_engines_on_non_square_ledgers(h, w):
    assert census.monomino_census(h, w, "cells") == census.independent_sets(h, w)


def test_independent_set_counter_by_hand():
    assert census.independent_sets(1, 3) == [1, 3, 1]
    assert census.independent_sets(3, 3)[-1] == 1          # the five-corner pattern alone


@pytest.mark.parametrize("m", range(1, 9))
def test_strip_closed_form(m):
    want = [census.strip_closed_form(m, k) for k in range(4)]
    assert census.strip_census(m) == want == census.strip_census(m, engine="cells")
    if m >= 3:
        assert want == list(census.STRIP)


BAGS = {
    "2x I4": [NAMED["I4"]] * 2,
    "3x I4": [NAMED["I4"]] * 3,
    "I4 + 2x L4": [NAMED["I4"], NAMED["L4"], NAMED["L4"]],
    "U5 + 2x I3": [NAMED["U5"], NAMED["I3"], NAMED["I3"]],
    "2x O4": [NAMED["O4"]] * 2,
}


@pytest.mark.parametrize("name", BAGS)
def test_labelled_equals_shadings_times_factorials(name):
    p = Puzzle.make(5, 5, BAGS[name])
    shadings = brute.cells_count(p, 10**9).count          # never names a piece
    labelled = brute.count_solutions(p, 10**9, labelled=True).count
    assert shadings > 0
    assert labelled == shadings * labelled_factor(p.bag)


def test_the_articles_five_by_five_figures():
    # our reading of the article's first table: I-tetromino bags and I + 2 L
    assert brute.cells_count(Puzzle.make(5, 5, BAGS["2x I4"]), 10**9).count == 48
    assert brute.cells_count(Puzzle.make(5, 5, BAGS["3x I4"]), 10**9).count == 16
    assert brute.cells_count(Puzzle.make(5, 5, BAGS["I4 + 2x L4"]), 10**9).count == 152


@pytest.mark.parametrize("name", ["2x I4", "3x I4", "2x O4"])
def test_cells_first_charges_each_sealed_group_once(name):
    """The article's bug: on a bag of one repeated shape a group sealed at
    one step must not be charged again at the next; the cells-first engine
    equals the placement-first one."""
    for drop in ([], ["park"]):
        p = Puzzle.make(5, 5, BAGS[name], drop=drop)
        assert brute.cells_count(p, 10**9).count == brute.count_solutions(p, 10**9).count


def test_caps_are_reported():
    p = Puzzle.make(6, 6, [NAMED["I4"]] * 2)
    r = brute.count_solutions(p, 10**9, max_nodes=50)
    c = brute.cells_count(p, 10**9, max_nodes=50)
    assert r.capped and c.capped
