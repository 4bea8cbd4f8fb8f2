"""Ledger entries, the identities of the article, the clue-set census."""
import pytest

from puzzlekit.heteromino import brute
from puzzlekit.heteromino.census import LEDGER, LOWER_BOUNDS, blank_count, clue_census
from puzzlekit.heteromino.model import Puzzle

SMALL = [hw for hw, v in LEDGER.items() if v < 100_000]


@pytest.mark.parametrize("hw", SMALL)
def test_small_ledger_entries(hw):
    assert blank_count(*hw) == (LEDGER[hw], False)


def test_only_the_1x3_strip_tiles():
    for n in range(1, 16):
        assert brute.count_solutions(Puzzle.make(1, n), 5).count == (1 if n == 3 else 0)


@pytest.mark.parametrize("m", range(1, 10))
def test_two_row_strips_are_independent_2x3_blocks(m):
    t = brute.tilings(Puzzle.make(2, 3 * m))
    assert t.count == 2 ** m
    assert t.shapes[0] == t.shapes[1] == 0          # no bar, ever
    assert t.crossing == 0                           # no piece crosses a 3-column boundary


def test_without_the_rule_a_2x6_strip_tiles_more_ways_with_bars():
    t = brute.tilings(Puzzle.make(2, 6), rule="packing")
    assert t.count > 4 and t.shapes[0] > 0


def test_clue_census_3x4_matches_the_article():
    c = clue_census(3, 4, 3)
    assert c["sets"] == 220 and c["capped"] == 0
    assert round(100 * c["none"] / 220, 1) == 37.3
    assert round(100 * c["one"] / 220, 1) == 42.7


@pytest.mark.slow
def test_the_6x12_star_cell_is_exceeded():
    """The article's 6x12 entry is a lower bound; the exact count is above it."""
    count, capped = blank_count(6, 12)
    assert not capped and count >= LOWER_BOUNDS[(6, 12)]
