"""Loop-first generation: single circuits, legal partitions, erasing, the bank."""
import numpy as np
import pytest

import puzzlekit.country_road as cr
from puzzlekit.core import banks
from puzzlekit.core.genre import ladder_count
from puzzlekit.country_road.generate import induced_loop, loop_edges, split_board


@pytest.mark.parametrize("seed", range(12))
def test_inflated_loop_is_one_circuit(seed):
    rng = np.random.default_rng(seed)
    h, w = int(rng.integers(2, 9)), int(rng.integers(2, 9))
    loop = cr.inflate_loop(rng, h, w, float(rng.uniform(0.3, 1.0)))
    assert len(set(loop)) == len(loop) >= 4
    for i in range(len(loop)):
        assert cr.Puzzle.make(np.zeros((h, w), int)).grid.adjacent(loop[i], loop[i - 1])
    one = cr.Puzzle.make(np.zeros((h, w), int))
    assert cr.check(one, cr.Answer(h, w, loop_edges(one.grid, loop))) == []


@pytest.mark.parametrize("seed", range(12))
def test_every_cut_partition_is_legal(seed):
    rng = np.random.default_rng(100 + seed)
    p, a = cr.board_from_loop(rng, 7, 6)
    assert cr.check(p, a) == []                 # every country once, numbers, rule 3
    assert cr.check(p.with_clues({}), a) == []


def test_random_partition_has_k_connected_countries():
    rng = np.random.default_rng(3)
    for k in (1, 4, 9, 36):
        p = cr.Puzzle.make(cr.random_partition(rng, 6, 6, k))   # make refuses split countries
        assert p.k == k


def test_generate_gives_a_unique_board_finished_by_the_ladder():
    p, a = cr.generate(6, 6, seed=11)
    assert cr.check(p, a) == [] and cr.finishes(p)
    assert ladder_count(cr.SPEC, p, 2).count == 1 and cr.brute_count(p, 2).count == 1


def test_a_generator_out_of_tries_says_so_as_a_bad_request():
    """Out of tries, generate raises ValueError (the CLI's one-line error for
    a request it cannot meet), not an internal error."""
    with pytest.raises(ValueError, match="no 20x20 board finishing at probe in 0 tries"):
        cr.generate(20, 20, seed=3, tries=0)


@pytest.mark.parametrize("seed", range(8))
def test_induced_loop_never_touches_itself(seed):
    """Every loop cell has exactly two loop cells beside it: its neighbours on the loop."""
    rng = np.random.default_rng(seed)
    h, w = int(rng.integers(3, 15)), int(rng.integers(3, 15))
    loop = induced_loop(rng, h, w, float(rng.uniform(0.2, 0.7)))
    nb = cr.Puzzle.make(np.zeros((h, w), int)).grid.nbrs
    on = np.zeros(h * w, bool)
    on[loop] = True
    assert len(set(loop)) == len(loop)
    for i, x in enumerate(loop):
        beside = sorted(int(y) for y in nb[x] if y >= 0 and on[y])
        assert beside == sorted([loop[i - 1], loop[(i + 1) % len(loop)]])


@pytest.mark.parametrize("seed", range(4))
def test_split_board_is_legal_and_finished(seed):
    rng = np.random.default_rng(seed)
    made = next((m for m in (split_board(rng, 9, 8) for _ in range(10)) if m is not None), None)
    assert made is not None
    p, a = made
    assert cr.check(p, a) == [] and cr.finishes(p)
    assert cr.brute_count(p, 2).count == 1


def test_generate_at_size_is_unique_by_cp_sat():
    p, a = cr.generate(14, 14, seed=0)
    assert cr.check(p, a) == [] and cr.finishes(p)
    assert cr.SPEC.sat_count(p, 2).unique is True


def test_adversarial_erasure_keeps_no_more_than_random():
    rng = np.random.default_rng(5)
    for _ in range(40):
        p, _ = cr.board_from_loop(rng, 6, 6)
        if cr.finishes(p):
            break
    adv = cr.erase(np.random.default_rng(1), p, "probe", True)
    rnd = cr.erase(np.random.default_rng(1), p, "probe", False)
    assert cr.finishes(adv) and cr.finishes(rnd)
    assert len(adv.clues) <= len(rnd.clues)


def test_bank_shape():
    es = banks.load("country_road")
    assert len(es) == 60
    for n in (6, 8, 10):
        assert sum(e["size"] == [n, n] for e in es) == 20
    assert not {"region", "once"} & {e["grade"] for e in es}
