"""Generator legality (no dead ends), the strip ledger (OEIS A001333), the
no-silent-single-domino proof, the pair certificate, and the bank."""
import numpy as np
import pytest

from puzzlekit.core import banks
from puzzlekit.magnets import SPEC, Answer, Puzzle, brute, check
from puzzlekit.magnets.census import strip_count
from puzzlekit.magnets.certify import pair_certificate, silent_single_moves
from puzzlekit.magnets.generate import fill, sample, tiling
from puzzlekit.magnets.model import clues_of, tiling_from_partner

# OEIS A001333, n = 1..9 (published terms)
A001333 = [3, 7, 17, 41, 99, 239, 577, 1393, 3363]


def test_strip_ledger_both_ways():
    assert [strip_count(k) for k in range(1, 10)] == A001333
    assert [strip_count(k, transposed=True) for k in range(1, 10)] == A001333


@pytest.mark.parametrize("hbias", [0.0, 0.3, 0.5, 1.0])
def test_tiling_is_a_tiling(hbias):
    rng = np.random.default_rng(1)
    for h, w in [(2, 3), (4, 4), (3, 6), (6, 6), (5, 4)]:
        part = tiling(h, w, hbias, rng)
        i = np.arange(h * w)
        assert (part[part] == i).all() and (part != i).all()
        assert set(np.abs(part - i).tolist()) <= {1, w}
        Puzzle.from_json({"h": h, "w": w, "dominoes": tiling_from_partner(h, w, part)})
    assert (np.abs(tiling(8, 8, 1.0, rng) - np.arange(64)) == 1).all()
    assert (np.abs(tiling(8, 8, 0.0, rng) - np.arange(64)) == 8).all()


def test_fill_never_dead_ends():
    rng = np.random.default_rng(2)
    for _ in range(300):
        h, w = int(rng.integers(1, 9)), 2 * int(rng.integers(1, 5))
        part = tiling(h, w, rng.random(), rng)
        g = fill(h, w, part, rng.choice([0.0, 0.4, 0.8, 1.0]), rng)
        p = clues_of(part, g, h, w)
        assert g.min() >= 0 and check(p, Answer(g)) == []


def test_no_single_domino_moves_silently():
    rng = np.random.default_rng(3)
    for _ in range(150):
        n = int(rng.choice([4, 6, 8]))
        p, a = sample(n, n, rng.random(), rng.random(), rng)
        assert silent_single_moves(p, a) == []


def test_pair_certificate_has_no_false_alarms():
    rng = np.random.default_rng(4)
    hits = 0
    for _ in range(200):
        n = int(rng.choice([4, 6]))
        p, a = sample(n, n, 0.5, 1.0, rng)
        alt = pair_certificate(p, a)
        k = brute.count_solutions(p, 2)
        if alt is not None:
            hits += 1
            assert k == 2 and alt != a and check(p, alt) == []
    assert hits > 0


def test_bank_is_reproved():
    entries = banks.load("magnets")
    assert entries
    sizes = {tuple(e["size"]) for e in entries}
    assert {(6, 6), (8, 8), (10, 10)} <= sizes
    rep = banks.verify(SPEC, entries)
    assert rep["failures"] == [] and rep["verified"] == len(entries)
