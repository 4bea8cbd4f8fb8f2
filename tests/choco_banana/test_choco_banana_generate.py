"""Generator legality, load-bearing clues, the bank's integrity."""
import numpy as np
import pytest

from puzzlekit.choco_banana import SPEC, brute
from puzzlekit.choco_banana.generate import bank_entry, count, generate, random_answer, verify_extra
from puzzlekit.choco_banana.model import Answer, Puzzle
from puzzlekit.core import banks


def test_random_answers_are_legal():
    for s in range(20):
        rng = np.random.default_rng(s)
        h, w = int(rng.integers(1, 8)), int(rng.integers(1, 8))
        m = random_answer(h, w, rng)
        assert SPEC.check(Puzzle.make(h, w), Answer.from_mask(h, w, m)) == []


def test_generated_boards_are_unique_and_every_clue_is_load_bearing():
    for s in range(3):
        p, a = generate(5, 5, seed=s)
        assert SPEC.check(p, a) == []
        assert brute.brute_count(p, 2).count == 1 and count(p, 2).unique is True
        assert verify_extra(None, p, a) is None
        for c in p.clues:        # each removal really leaves a second answer
            q = p.with_clues({k: v for k, v in p.clues.items() if k != c})
            assert brute.brute_count(q, 2).count == 2


def test_the_second_minimisation_leaves_a_guess_free_minimal_set():
    from puzzlekit.choco_banana.ladder import LADDER, initial_state

    def finishes(q):
        return LADDER.fixpoint(initial_state(q), "probe").solved
    for s in range(3):
        p, a = generate(5, 5, seed=s, minimal="solve")
        assert SPEC.check(p, a) == [] and finishes(p)
        assert brute.brute_count(p, 2).count == 1
        for c in p.clues:        # each number is needed for probe to finish
            assert not finishes(p.with_clues({k: v for k, v in p.clues.items() if k != c}))
    with pytest.raises(ValueError, match="minimal must be"):
        generate(4, 4, seed=0, minimal="guess")


def test_bank_integrity():
    bank = banks.load("choco_banana")
    sizes = [tuple(e["size"]) for e in bank]
    assert sizes.count((6, 6)) == 38 and sizes.count((8, 8)) == 30
    assert len({e["id"] for e in bank}) == len(bank)
    for e in bank:
        p, a = Puzzle.from_json(e["clues"]), Answer.from_json(e["answer"])
        assert SPEC.check(p, a) == []
        assert all(v > 0 for v in p.clues.values())


def test_a_bank_entry_is_what_the_command_builds():
    e = banks.load("choco_banana")[0]
    assert bank_entry(6, 0) == e


def test_large_boards_are_cut_down_unique_and_fixpoint_minimal():
    from puzzlekit.choco_banana.generate import CUT_CELLS
    from puzzlekit.choco_banana.ladder import LADDER, initial_state
    n = 13
    assert n * n > CUT_CELLS
    p, a = generate(n, n, seed=5)
    assert SPEC.check(p, a) == []
    assert SPEC.sat_count(p, 2).count == 1
    assert LADDER.fixpoint(initial_state(p), "probe", attribute=False).solved
    for c in list(p.clues)[:12]:         # every number the fixpoint needs
        q = p.with_clues({k: v for k, v in p.clues.items() if k != c})
        assert not LADDER.fixpoint(initial_state(q), "probe", attribute=False).solved
    again, _ = generate(n, n, seed=5)
    assert again.to_json() == p.to_json()
