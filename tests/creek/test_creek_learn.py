"""Creek's clause learner (``puzzlekit/creek/learn.py``): its counts against
the raw engine and CP-SAT on random small boards, every clause (rule or
kernel's) against every answer of the board, and the proof that hands it a
search on a real 29x41 board."""
import json
from pathlib import Path

import numpy as np
import pytest

from puzzlekit.core.learn import learn_count
from puzzlekit.core.proof import proof_count
from puzzlekit.creek import (
    SPEC,
    Puzzle,
    initial_state,
    random_small,
    sat as creek_sat,
)
from puzzlekit.creek.learn import LEARNER, clauses
from tests.core.explain import explanations_hold, learner_counts, rule_clauses_hold

LIMIT = 30
ROOT = Path(__file__).resolve().parents[2]


def _boards(seed, count):
    """Random small boards (``random_small``, one to five cells a side:
    some corners numbered, a number now and then changed, now and then a
    shaded cell required)."""
    rng = np.random.default_rng(seed)
    return [random_small(rng, int(rng.integers(1, 6)), int(rng.integers(1, 6)))
            for _ in range(count)]


@pytest.mark.parametrize("seed", range(3))
def test_learner_counts_like_the_raw_engine_and_cp_sat(seed):
    seen = learner_counts(SPEC, _boards(seed, 60), LIMIT, creek_sat.count_solutions)
    assert seen == {0, 1, 2, 3}, seen


@pytest.mark.parametrize("seed", range(3))
def test_every_rule_clause_holds_in_every_answer(seed):
    """The clauses the learner starts from remove no answer."""
    checked = rule_clauses_hold(SPEC, _boards(200 + seed, 40))
    assert checked >= 20, checked


def test_a_number_no_corner_can_hold_is_an_empty_clause():
    """A 3 on a corner of the board (one cell; the JSON reader refuses it,
    the constructor does not) leaves no answer: the clauses say so at once."""
    p = Puzzle(1, 2, [[3, -1, -1], [-1, -1, -1]])
    starts, _ = clauses(p)
    assert (np.diff(starts) == 0).any()
    assert learn_count(LEARNER, p, initial_state(p), 2).count == 0


@pytest.mark.parametrize("seed", range(3))
def test_every_kernel_clause_holds_in_every_answer(seed):
    """Random partial assignments (half of them read off an answer) given to
    the kernel: each clause it writes names no boolean twice, has every
    literal false but a deduction's first (which is open), and holds in
    every answer of the board, so it removes none."""
    said = explanations_hold(SPEC, _boards(100 + seed, 60), np.random.default_rng(seed))
    assert said[1] >= 100 and said[2] >= 100, said


def test_the_proof_hands_a_real_board_to_the_learner():
    """janko.at's Creek 440 (29x41): the ladder's fixpoint leaves a few
    hundred cells open and its search alone found no answer in a minute;
    after the first round the learner proves it unique, and the answer is
    the published one."""
    real = json.loads((ROOT / "benchmarks" / "real" / "creek.json").read_text())
    entry = next(x for x in real["puzzles"] if x["id"] == "creek-janko-440")
    p = SPEC.Puzzle.from_json(entry["clues"])
    got = proof_count(SPEC, p, 2, time_limit=60)
    assert got.count == 1 and got.complete
    assert got.counters["conflicts"] > 0
    assert SPEC.decode(got.solutions[0]).to_json() == entry["published"]
