"""Generator legality, minimised clues are load-bearing, the hand fixtures,
the singleton theorem, and the shipped bank."""
import numpy as np
import pytest

from puzzlekit.core import banks
from puzzlekit.core.genre import grade, ladder_count
from puzzlekit.nanro import (
    NAMES,
    SPEC,
    Puzzle,
    answer_from_mask,
    brute,
    census,
    check,
    fast_grade,
    generate,
    minimise,
    propagate,
    random_board,
    random_partition,
    reveal,
    search,
)
from puzzlekit.nanro.census import legal_boards, partitions, singleton_has_no_board
from puzzlekit.nanro.certify import load_bearing
from puzzlekit.nanro.generate import minimise_unique, partition_board, random_answer

HAND_5x5 = census.HAND_5x5
HAND_5x5_ANSWER = [[2, 2, 3, 3, 3], [0, 0, 1, 0, 0], [3, 1, 2, 0, 0], [3, 0, 2, 1, 2],
                   [3, 0, 1, 0, 2]]


def test_hand_5x5_needs_reach():
    p = Puzzle.from_json(HAND_5x5)
    assert p.k == 9 and len(p.clues) == 6
    assert brute.count_solutions(p, 2).count == 1
    assert ladder_count(SPEC, p).count == 1
    assert grade(SPEC, p) == "reach" == fast_grade(p)
    st, s = propagate(p, "reach")
    assert SPEC.decode(s).to_json() == {"grid": HAND_5x5_ANSWER}


def test_two_by_two_has_four_legal_boards():
    hand = census.TWO_DOMINOES_BY_HAND
    p = Puzzle.make(census.TWO_DOMINOES)
    got = {tuple(int(x) for x in m) for m in brute.iter_solutions(p)}
    assert got == hand
    assert search(p, "reach", 10)[0] == 4
    assert ladder_count(SPEC, p, limit=10).count == 4


def test_partitions_of_small_grids():
    assert len(partitions(2, 2)) == 12
    assert sum(legal_boards(np.array(q).reshape(2, 2)) for q in partitions(2, 2)) == 32


@pytest.mark.parametrize("h,w", [(1, 2), (2, 2), (2, 3), (3, 3), (4, 5), (6, 6)])
def test_singleton_partitions_have_no_board(h, w):
    assert singleton_has_no_board(h, w)
    p = Puzzle.make(np.arange(h * w).reshape(h, w))
    assert search(p, "reach", 1)[:3] == (0, 1, False)


@pytest.mark.parametrize("seed", range(4))
def test_partition_sizes_and_legal_answers(seed):
    lab = random_partition(7, 5, (2, 4), seed)
    sizes = np.bincount(lab.ravel())
    assert sizes.min() >= 2 and sizes.max() <= 4
    p, mask = random_board(6, 7, seed)
    assert check(p, answer_from_mask(p, mask)) == []


def test_large_partitions_get_an_answer_in_few_restarts():
    # in a random cell order alone, four 20x20 partitions had no answer found in
    # 30 restarts each; past the first few, the restarts now scan the grid
    rng = np.random.default_rng(0)
    for _ in range(2):
        p = Puzzle.make(random_partition(20, 20, (2, 4), rng))
        mask, _ = random_answer(p, rng, restarts=8, shuffled=2)
        assert mask is not None
        assert check(p, answer_from_mask(p, mask)) == []


@pytest.mark.parametrize("level", NAMES)
def test_minimised_clues_are_load_bearing(level):
    rng = np.random.default_rng(5)
    p, mask = random_board(5, 6, rng)
    cells = minimise(p, mask, level, rng)
    q = reveal(p, mask, cells)
    assert propagate(q, level)[0] == "solved"
    for c in cells:
        assert propagate(reveal(p, mask, [x for x in cells if x != c]), level)[0] != "solved"
    if level == "probe":
        alts = load_bearing(q, mask)
        assert all(a is not None for a in alts.values())   # each clue holds a second answer off
        for a in alts.values():
            assert not isinstance(a, str) and check(q.with_givens(), a) == []


@pytest.mark.parametrize("g", NAMES)
def test_generate_grades(g):
    p, a = generate(6, 6, seed=3, grade=g)
    assert fast_grade(p) == g == grade(SPEC, p)
    assert check(p, a) == []


def test_bank_buckets_and_reproof():
    entries = banks.load("nanro")
    assert len(entries) == 75
    buckets = {(tuple(e["size"]), e["grade"]) for e in entries}
    assert len(buckets) == 15
    rep = banks.verify(SPEC, entries)
    assert rep["failures"] == [] and rep["verified"] == 75


def test_bank_seeds_regenerate_their_boards():
    for e in banks.load("nanro")[::14]:
        h, w = e["size"]
        p, a = generate(h, w, seed=e["seed"], grade=e["grade"])
        assert p.to_json() == e["clues"] and a.to_json() == e["answer"]


def test_uniqueness_minimised_clues_are_load_bearing():
    p, mask = random_board(5, 6, 8)
    cells = minimise_unique(p, mask, 8)
    assert search(reveal(p, mask, cells), "probe", 2)[:3:2] == (1, False)
    for c in cells:
        assert search(reveal(p, mask, [x for x in cells if x != c]), "probe", 2)[0] == 2


def test_partition_board_finds_an_answer_or_proves_none():
    for seed in range(6):
        p, m = partition_board(4, 5, (1, 3), seed)
        n = brute.count_solutions(p, 1).count
        assert (m is None) == (n == 0)
        if m is not None:
            assert check(p, answer_from_mask(p, m)) == []


@pytest.mark.parametrize("g", ["block", "reach", "probe"])
def test_generate_with_printed_blanks(g):
    p, a = generate(6, 6, seed=4, grade=g, blanks=0.6)
    assert p.blanks and fast_grade(p) == g == grade(SPEC, p)
    assert check(p, a) == [] and not (a.values[sorted(p.blanks)] > 0).any()
    assert brute.count_solutions(p, 2).count == 1
    entry = {"id": "x", "size": [6, 6], "clues": p.to_json(), "answer": a.to_json(),
             "grade": g, "seed": 4}
    assert banks.verify_entry(SPEC, entry) is None      # every clue and blank load-bearing
    q, _ = generate(6, 6, seed=4, grade=g)              # the option off: no blanks
    assert not q.blanks
    with pytest.raises(ValueError):
        generate(6, 6, seed=4, blanks=1.5)


def test_bank_check_names_a_spare_blank():
    p, a = generate(5, 5, seed=2, grade="reach")
    extra = next(c for c in range(25) if a.values[c] == 0)
    q = p.with_givens(p.clues, blanks={extra})
    entry = {"clues": q.to_json(), "answer": a.to_json(), "grade": "reach"}
    assert "blank" in SPEC.verify_extra(entry, q, a)
