"""Walker, generator, URL codec, CP-SAT, certificate and bank extras."""
import numpy as np
import pytest

from puzzlekit.core import banks
from puzzlekit.heteromino import brute, certify, url
from puzzlekit.heteromino.generate import bad_regions, generate, scatter, walk
from puzzlekit.heteromino.model import Answer, Puzzle
from puzzlekit.io.puzzlink import PuzzlinkError


@pytest.mark.parametrize("h,w,k", [(4, 4, 4), (5, 6, 6), (6, 6, 3)])
def test_walker_keeps_white_cells_a_multiple_of_three(h, w, k):
    r = walk(h, w, k, seed=1, steps=60, restarts=3)
    if r is not None:
        p = r[0]
        assert p.white_count % 3 == 0 and int(p.black.sum()) == k
        assert brute.count_solutions(p, 2).count == 1
    with pytest.raises(ValueError):
        walk(h, w, k + 1, seed=1)


def test_generate_gives_a_unique_board_and_its_answer():
    p, a = generate(6, 6, seed=7)
    r = brute.solutions(p, 2)
    assert r.count == 1 and r.solutions[0] == a


def test_bad_regions():
    p = Puzzle.from_json({"size": [1, 5], "black": [[0, 2]]})
    assert bad_regions(p) == 2 and bad_regions(Puzzle.make(2, 3)) == 0


def test_url_worked_example_and_refusals():
    p = url.decode("https://puzz.link/p?heteromino/5/5/d7b7a7b7b77c7d")
    assert p.black.reshape(5, 5).astype(int).tolist() == [
        [0, 0, 0, 0, 1], [0, 0, 1, 0, 1], [0, 0, 1, 0, 0], [1, 1, 0, 0, 0], [1, 0, 0, 0, 0]]
    long = scatter(3, 30, 0, 1)
    assert url.encode(long).endswith("/zzzl") and url.decode(url.encode(long)) == long
    for bad in ("https://puzz.link/p?heteromino/5/5/d7b7a7b7b77c7dz", "https://puzz.link/p?heteromino/2/2/5",
                "https://puzz.link/p?nanro/5/5/d7", "https://puzz.link/p?heteromino/2/2/a7777"):
        with pytest.raises(PuzzlinkError):
            url.decode(bad)
    with pytest.raises(ValueError):
        url.encode(Puzzle.make(3, 3, rule="lits"))


def test_cp_sat_counts_blank_boards():
    from puzzlekit.heteromino.sat import count_solutions
    assert count_solutions(Puzzle.make(2, 6), 10).count == 4
    assert count_solutions(Puzzle.make(2, 6, rule="packing"), 50).count == \
        brute.count_solutions(Puzzle.make(2, 6, rule="packing"), 50).count


def test_swap_certificate_is_sound():
    rng = np.random.default_rng(2)
    hits = 0
    for _ in range(60):
        p = scatter(4, 6, int(rng.choice([0, 3, 6])), rng)
        sols = brute.solutions(p, 1).solutions
        if not sols:
            continue
        a = sols[0]
        b = certify.swap_certificate(p, a)
        if b is not None:
            hits += 1
            assert b != a and brute.count_solutions(p, 2).count == 2
    assert hits > 0
    for e in banks.load("heteromino"):
        p = Puzzle.from_json(e["clues"])
        assert certify.swap_certificate(p, Answer.from_json(e["answer"])) is None


def test_bank_has_the_planned_boards():
    entries = banks.load("heteromino")
    sizes = [tuple(e["size"]) for e in entries]
    assert sizes.count((8, 8)) == 40 and sizes.count((12, 12)) == 32 and len(sizes) == 72
