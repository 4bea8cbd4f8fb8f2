"""Sashigane census: A052537, the ledger's small entries and transposes, the
exhaustive mask tables against the scanner, and the size budget."""
import numpy as np
import pytest

import puzzlekit.sashigane as sg
from puzzlekit.sashigane import census
from puzzlekit.sashigane.brute import scan
from puzzlekit.sashigane.certify import budget_refutes

# the published 2 x n row (n = 2..14): a(n) of A052537
ROW2 = [0, 2, 2, 2, 6, 10, 14, 26, 46, 74, 126, 218, 366]


def test_a052537_recurrence_and_gf():
    a = census.a052537(20)
    assert a[:4] == [1, 0, 0, 2]
    assert all(a[n] == a[n - 1] + 2 * a[n - 3] for n in range(3, 20))
    assert a[2:15] == ROW2


def test_two_by_n_row_is_a052537_on_every_term():
    a = census.a052537(16)
    for n in range(2, 15):
        assert census.ledger(2, n) == a[n], n


def test_small_ledger_entries_and_published_values():
    assert census.ledger(3, 4) == 20 and census.ledger(4, 4) == 110
    assert census.ledger(3, 5) == 64 and census.ledger(4, 5) == 752
    assert [census.ledger(n, n) for n in range(1, 5)] == [0, 0, 0, 110]
    assert census.ledger(1, 7) == 0 and census.ledger(5, 1) == 0


def test_transposes_agree():
    for h, w in [(2, 5), (3, 6), (4, 5), (3, 7)]:
        assert census.ledger(h, w) == census.ledger(w, h)


def test_three_by_three_is_the_only_failing_square_up_to_five():
    fails = [n for n in range(2, 6) if census.ledger(n, n) == 0]
    assert fails == [2, 3] and census.ledger(3, 3) == 0   # 2x2 is too small for any L


def test_most_pieces_is_reached_on_4x6():
    labels = census.piece_arrays(4, 6)[0]
    assert labels.max(axis=1).max() + 1 == 24 // 3


@pytest.mark.parametrize("h,w", [(2, 6), (3, 4), (4, 4)])
def test_mask_table_agrees_with_the_scanner(h, w):
    labels, k, bend, ends, dirs, size, _, _ = census.piece_arrays(h, w)
    for numbered in (False, True):
        uniq = 0
        pairs = 0
        for p in range(len(labels)):
            for m in range(1 << k[p]):
                circles = {int(bend[p, t]): int(size[p, t]) if numbered else 0 for t in range(k[p])}
                arrows = {int(ends[p, t, (m >> t) & 1]): int(dirs[p, t, (m >> t) & 1])
                          for t in range(k[p])}
                c = scan(sg.Puzzle.make(h, w, circles, arrows), 3).count
                assert c >= 1
                uniq += c == 1
                pairs += 1
        t = census.mask_table(h, w, numbered)
        assert (t["pairs"], t["unique"]) == (pairs, uniq)


def test_fit_leaves_one_or_two_ls_on_3x5():
    c = census.fit_counts(3, 5)
    assert c[0] == 0 and c[3:].sum() == 0 and c.sum() == sum(
        (1 << k) * k for k in census.piece_arrays(3, 5)[1])


def test_budget_never_rejects_a_solvable_board():
    rng = np.random.default_rng(7)
    refuted = 0
    for _ in range(300):
        h, w = int(rng.integers(2, 7)), int(rng.integers(2, 7))
        p = sg.random_small(rng, h, w)
        if budget_refutes(p):
            refuted += 1
            assert scan(p, 1).count == 0, p.to_json()
    assert refuted > 0


def test_piece_histogram_agrees_with_the_partitions():
    for h, w in [(3, 4), (4, 4), (3, 6)]:
        labels = census.piece_arrays(h, w)[0]
        k = np.bincount(labels.max(axis=1) + 1, minlength=h * w // 3 + 1)
        assert census.pieces(h, w).tolist() == k.tolist()
        assert census.pieces(h, w).sum() == census.ledger(h, w)
