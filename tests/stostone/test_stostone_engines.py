"""The fall, simulated two ways, against the invariant; the census and its
closed forms; lifting yields legal answers; the bank."""
from math import comb

import numpy as np
import pytest

from puzzlekit.core import banks
from puzzlekit.stostone import census
from puzzlekit.stostone.brute import balanced_grids, fall_rows, fall_stones, settles_in_bottom_half
from puzzlekit.stostone.generate import cut, grow_regions, lift, random_answer
from puzzlekit.stostone.model import Answer, Puzzle, check, lands, stones


@pytest.mark.parametrize("h,w", [(4, 3), (4, 4), (6, 2), (6, 3), (8, 2), (2, 5)])
def test_both_schedules_and_the_invariant_agree_on_balanced_grids(h, w):
    seen = {"lands": 0, "stacked": 0}
    for g in balanced_grids(h, w):
        a, b = fall_rows(h, w, g), fall_stones(h, w, g)
        assert np.array_equal(a, b), g.reshape(h, w).astype(int)
        assert settles_in_bottom_half(h, w, a) == lands(h, w, g)
        seen["lands"] += lands(h, w, g)
        # stones landing on stones: some column holds cells of two stones
        lab = np.full(h * w, -1)
        for i, s in enumerate(stones(h, w, g)):
            lab[s] = i
        seen["stacked"] += any(len(set(lab.reshape(h, w)[:, c]) - {-1}) > 1 for c in range(w))
    assert seen["lands"] == census.counts(h, w)[0]
    assert seen["stacked"] > 0 or h == 2


@pytest.mark.parametrize("h,w", [(4, 3), (2, 4)])
def test_both_schedules_agree_on_every_grid(h, w):
    for m in range(1 << (h * w)):
        g = np.array([(m >> i) & 1 for i in range(h * w)], bool)
        a = fall_rows(h, w, g)
        assert np.array_equal(a, fall_stones(h, w, g))
        assert settles_in_bottom_half(h, w, a) == lands(h, w, g)


def test_census_small_cells_match_the_published_ones():
    for (h, w), want in census.ARTICLE.items():
        if h * w <= 24:
            assert census.counts(h, w) == want


@pytest.mark.parametrize("hw", [(2, 5), (4, 3), (6, 2), (4, 4)])
def test_a_census_split_by_its_last_column_adds_up(monkeypatch, hw):
    whole = census.counts(*hw)
    monkeypatch.setattr(census, "SPLIT", 1)
    assert census.counts(*hw) == whole


def test_closed_forms():
    for h in (2, 4, 6):
        for w in (1, 2, 3):
            assert census.counts(h, w)[2] == census.count_closed(h, w) == comb(h, h // 2) ** w
    assert [census.counts(2, w)[0] for w in range(1, 7)] == [2 ** w for w in range(1, 7)]
    assert [census.counts(h, 1)[0] for h in (2, 4, 6, 8, 10)] == \
        [comb(h, h // 2) for h in (2, 4, 6, 8, 10)]
    for n in range(1, 6):
        e, c, k = census.counts(4, n)
        assert c == k                                 # convexity costs nothing at four rows


def test_four_by_n_and_the_recurrence():
    got = census.four_by_n(7)
    assert got == list(census.A4N[:7])
    assert census.recurrence_holds(got)
    assert not census.recurrence_holds([6, 28, 134, 641])


def test_lifting_yields_legal_answers():
    rng = np.random.default_rng(4)
    for _ in range(40):
        h = int(rng.choice([2, 4, 6, 8]))
        w = int(rng.integers(1, 8))
        mask, gs = random_answer(h, w, rng)
        assert lands(h, w, mask)
        assert sorted(map(sorted, gs)) == sorted(map(sorted, stones(h, w, mask)))
        p = Puzzle.make(grow_regions(h, w, gs, rng))
        assert check(p, Answer.from_mask(h, w, mask)) == []


def test_a_lift_keeps_pieces_apart_or_is_refused():
    rng = np.random.default_rng(5)
    made = 0
    for _ in range(200):
        ps = cut(6, 5, rng, 2.5)
        ls = lift(6, 5, ps, rng)
        if ls is None:
            continue
        made += 1
        m = np.zeros(30, bool)
        for p, L in zip(ps, ls):
            m[[c - 5 * L for c in p]] = True
        assert len(stones(6, 5, m)) == len(ps) and lands(6, 5, m)
    assert made > 0


def test_bank_integrity():
    es = banks.load("stostone")
    sizes = [tuple(e["size"]) for e in es]
    assert sizes.count((6, 6)) == 44 and sizes.count((8, 8)) == 33
    for e in es:
        p = Puzzle.from_json(e["clues"])
        assert check(p, Answer.from_json(e["answer"])) == []
        assert p.rule4 == "exact"


def test_transfer_matrix_matches_the_census_and_proves_the_recurrence():
    assert [census.transfer_count(4, n) for n in range(1, 11)] == list(census.A4N)
    for h, w in ((6, 2), (6, 4), (8, 2), (4, 4)):
        assert census.transfer_count(h, w) == census.counts(h, w)[0]
    assert census.recurrence_proved()
    assert not census.recurrence_proved(4, (1, -6, 5, 5))      # a wrong recurrence fails
