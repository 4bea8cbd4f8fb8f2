"""Generated answers are legal, circle sets exist in both alphabets, buying
and minimising, and the shipped bank."""
import numpy as np
import pytest

import puzzlekit
from puzzlekit.core import banks
from puzzlekit.statue_park import brute, certify
from puzzlekit.statue_park.generate import (
    buy,
    buy_grade,
    generate,
    grade_of,
    random_answer,
    random_bag,
    solves,
    unique,
)
from puzzlekit.statue_park.model import Answer, Puzzle, check

SPEC = puzzlekit.spec("statue_park")


@pytest.mark.parametrize("seed", range(8))
def test_dropped_answers_are_legal(seed):
    rng = np.random.default_rng(seed)
    h, w = int(rng.integers(4, 9)), int(rng.integers(4, 9))
    bag = random_bag(h, w, rng)
    ans = random_answer(h, w, bag, rng)
    if ans is None:
        pytest.skip("no drop fitted")
    assert check(Puzzle.make(h, w, bag), Answer.from_mask(h, w, ans)) == []


@pytest.mark.parametrize("alphabet", ["mixed", "black", "white"])
@pytest.mark.parametrize("seed", range(4))
def test_circle_sets_exist_in_every_alphabet(alphabet, seed):
    """Two answers shade the same number of cells, so they differ both ways:
    black-only and white-only sets always exist."""
    rng = np.random.default_rng(100 + seed)
    bag = random_bag(6, 6, rng)
    ans = random_answer(6, 6, bag, rng)
    if ans is None:
        pytest.skip("no drop fitted")
    p = Puzzle.make(6, 6, bag)
    black, white = buy(p, ans, alphabet, rng)
    if alphabet == "black":
        assert not white
    if alphabet == "white":
        assert not black
    q = p.with_circles(black, white)
    assert brute.count_solutions(q, 2).count == 1
    assert check(q, Answer.from_mask(6, 6, ans)) == []


@pytest.mark.parametrize("seed", range(6))
def test_two_answers_differ_both_ways(seed):
    rng = np.random.default_rng(200 + seed)
    bag = random_bag(5, 5, rng, pieces=2)
    masks = [s.shaded for s in brute.solutions(Puzzle.make(5, 5, bag), 2).solutions]
    if len(masks) == 2:
        a, b = masks
        assert (a & ~b).any() and (b & ~a).any() and a.sum() == b.sum()


def test_minimise_keeps_only_needed_circles():
    p, a = generate(6, 6, seed=3)
    assert unique(p)
    for c in p.black | p.white:
        q = p.with_circles(p.black - {c}, p.white - {c})
        assert unique(q) is False


@pytest.mark.parametrize("level", ["fit", "white"])
def test_buying_a_lower_grade_by_adding_circles(level):
    p, a = generate(6, 6, seed=5)
    black, white = buy_grade(p, a.shaded, level, seed=1)
    q = p.with_circles(black, white)
    assert solves(q, level)
    g = grade_of(q)
    assert SPEC.ladder.level(g) <= SPEC.ladder.level(level)
    assert check(q, a) == []


def test_pieces_moved():
    a = np.array([1, 1, 0, 0, 0, 0, 0, 1, 1, 0], bool)
    b = np.array([1, 1, 0, 0, 0, 0, 0, 0, 1, 1], bool)
    assert certify.pieces_moved(2, 5, a, b) == 1
    assert certify.pieces_moved(2, 5, a, a) == 0


def _bank():
    try:
        return banks.load("statue_park")
    except (FileNotFoundError, OSError):
        return []


def test_bank_shape():
    b = _bank()
    assert len(b) == 64
    sizes = [tuple(e["size"]) for e in b]
    assert sizes.count((6, 6)) == 32 and sizes.count((8, 8)) == 32
    for size in ((6, 6), (8, 8)):
        grades = {e["grade"] for e in b if tuple(e["size"]) == size}
        assert {"clue", "place", "fit", "white", "probe", None} <= grades


@pytest.mark.parametrize("i", range(0, 64, 9))
def test_bank_boards_unique_graded_minimal(i):
    b = _bank()
    e = b[i]
    p = Puzzle.from_json(e["clues"])
    assert brute.cells_count(p, 2).count == 1
    assert grade_of(p) == e["grade"]
    assert SPEC.verify_extra(e, p, Answer.from_json(e["answer"])) is None


def test_a_generator_out_of_nodes_says_so_in_one_line(monkeypatch):
    import importlib
    gen = importlib.import_module("puzzlekit.statue_park.generate")

    def capped(puzzle, answer, max_nodes=0):
        raise gen.SearchCapped("out of nodes")
    monkeypatch.setattr(gen, "second_answer", capped)
    with pytest.raises(ValueError, match="ran out of nodes"):
        gen.generate(6, 6, seed=1)


def test_large_boards_are_cut_down_unique_and_minimal_for_their_level():
    from puzzlekit.statue_park.generate import CUT_CELLS, CUT_LEVEL, generate, solves
    n = 11
    assert n * n > CUT_CELLS
    p, a = generate(n, n, seed=3)
    assert SPEC.check(p, a) == []
    assert SPEC.sat_count(p, 2).count == 1
    assert solves(p, CUT_LEVEL)
    for c in sorted(p.black)[:6] + sorted(p.white)[:6]:
        q = p.with_circles(p.black - {c}, p.white - {c})
        assert not solves(q, CUT_LEVEL)
    again, _ = generate(n, n, seed=3)
    assert again.to_json() == p.to_json()
