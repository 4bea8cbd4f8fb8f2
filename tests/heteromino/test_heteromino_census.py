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


SPLIT_BOARDS = [(3, 6), (4, 6), (5, 6), (3, 9), (4, 7)]


@pytest.mark.parametrize("hw", SPLIT_BOARDS)
@pytest.mark.parametrize("rule", ["heteromino", "packing"])
def test_subtrees_partition_the_tilings(hw, rule):
    """Every tiling lies below exactly one prefix: counts and shape totals add up."""
    p = Puzzle.make(*hw)
    whole = brute.tilings(p, rule=rule)
    for at_least in (1, 7, 40):
        cut = brute.subtrees(p, at_least, rule)
        assert len(set(cut)) == len(cut)
        parts = [brute.tilings(p, rule=rule, prefix=c) for c in cut]
        assert sum(t.count for t in parts) == whole.count
        assert sum(t.shapes for t in parts).tolist() == whole.shapes.tolist()
        assert sum(t.crossing for t in parts) == whole.crossing
        assert len(cut) >= min(at_least, whole.count) or all(t.count for t in parts)


def test_a_prefix_no_tiling_follows_counts_nothing():
    p = Puzzle.make(3, 3)
    assert brute.tilings(p, prefix=(0, 0, 0), rule="packing").count == 1   # three row bars
    assert brute.tilings(p, prefix=(0, 0, 0)).count == 0      # same shapes may not touch
    assert brute.tilings(p, prefix=(1, 0)).count == 0          # a column bar, then a row bar


def test_split_blank_count_equals_the_whole_count(monkeypatch):
    from puzzlekit.heteromino import census
    whole = {hw: blank_count(*hw) for hw in SPLIT_BOARDS}
    monkeypatch.setattr(census, "SPLIT_AREA", 1)
    monkeypatch.setattr(census, "SUBTREES", 30)
    assert {hw: blank_count(*hw) for hw in SPLIT_BOARDS} == whole


@pytest.mark.parametrize("hwk", [(3, 4, 3), (4, 4, 4), (3, 5, 6), (4, 4, 1)])
def test_split_clue_census_equals_the_whole_census(monkeypatch, hwk):
    from puzzlekit.heteromino import census
    whole = clue_census(*hwk)
    monkeypatch.setattr(census, "CENSUS_SPLIT", 1)
    heads = census.census_heads(hwk[0] * hwk[1], hwk[2])
    assert len(heads) > 1 or hwk[2] < 2
    assert clue_census(*hwk) == whole
    assert whole["sets"] == census.n_choose(hwk[0] * hwk[1], hwk[2])
