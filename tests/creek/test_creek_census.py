"""Ledgers, injectivity, the kernel theorem and the flip certificate."""
from collections import Counter

import numpy as np
import pytest

from puzzlekit.core.genre import ladder_count
from puzzlekit.creek import SPEC, Answer, census, certify, check, clue_field, generate as G


def test_one_by_m_ledger():
    got = [census.count_legal(1, m) for m in range(1, 9)]
    assert got == list(census.ONE_BY_M) == [census.one_by_m(m) for m in range(1, 9)]


def test_two_by_m_ledger_by_enumeration_and_transfer_matrix():
    assert [census.count_legal(2, m) for m in range(1, 11)] == list(census.TWO_BY_M)
    assert [census.two_by_m(m) for m in range(1, 14)] == \
        list(census.TWO_BY_M) + list(census.TWO_BY_M_MORE)


def test_n_by_n_ledger_by_two_methods():
    assert [census.count_legal(n, n) for n in range(1, 5)] == list(census.N_BY_N)
    assert [census.connected_sets(n, n) + 1 for n in range(1, 5)] == list(census.N_BY_N)


def test_full_clue_map_is_injective():
    for (h, w), n in (((3, 3), 512), ((4, 3), 4096), ((4, 4), 65536)):
        assert census.distinct_fields(h, w) == (n, n)


def test_kernel_dimension_is_h_plus_w_minus_1():
    for h, w in census.KERNEL_SHAPES:
        assert census.kernel_dimension(h, w) == h + w - 1


@pytest.mark.parametrize("h,w", [(2, 2), (2, 3), (3, 3), (2, 4), (4, 2)])
def test_the_pm1_kernel_is_rows_columns_or_two_blocks(h, w):
    """Exhaustively: every d in {-1,0,1} keeping all interior 2x2 sums twists
    into signed whole columns, signed whole rows, or a two-block pattern,
    each family as large as its description allows."""
    k = census.pm1_kernel(h, w)
    assert k == {"columns": 3 ** w - 1, "rows": 3 ** h - 3,
                 "blocks": (2 ** h - 2) * (2 ** w - 2), "other": 0}


@pytest.mark.parametrize("h,w", [(3, 3), (4, 5)])
def test_the_catalogue_lies_in_the_kernel(h, w):
    kinds = Counter()
    for kind, d in certify.catalogue(h, w):
        assert not (d[:-1, :-1] + d[:-1, 1:] + d[1:, :-1] + d[1:, 1:]).any()
        kinds[kind] += 1
    assert kinds == {"row": 2 * h, "col": 2 * w, "cross": 2 * h * w}


def test_certificate_has_no_false_positives():
    rng = np.random.default_rng(4)
    hits = 0
    for _ in range(60):
        x = G.random_answer(4, 5, rng)
        p = G.erase(x, ~G.ring_mask(4, 5))
        cert = certify.certificate(p, Answer(x))
        u = ladder_count(SPEC, p, 2).unique
        if cert is not None:
            kind, y = cert
            hits += 1
            assert u is False and not check(p, y) and y != Answer(x)
            assert kind in certify.KINDS
    assert hits > 0


def test_flip_keeps_interior_numbers():
    x = np.array([[1, 0, 1, 0], [0, 0, 0, 0], [1, 1, 1, 1]])
    for kind, d in certify.catalogue(3, 4):
        y = x + d
        assert (clue_field(y)[1:-1, 1:-1] == clue_field(x)[1:-1, 1:-1]).all()
