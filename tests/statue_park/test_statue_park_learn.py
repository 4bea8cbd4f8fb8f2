"""Statue Park's clause learner (``puzzlekit/statue_park/learn.py``): its
counts against the raw engine and CP-SAT on random small boards, every
clause (rule or kernel's) against every answer of the board, and the proof
that hands it a search on a real 12x12 board."""
import json
from pathlib import Path

import numpy as np
import pytest

from puzzlekit.core.proof import proof_count
from puzzlekit.statue_park import SPEC, random_small, sat as sp_sat, url
from tests.core.explain import explanations_hold, learner_counts, rule_clauses_hold

LIMIT = 30
ROOT = Path(__file__).resolve().parents[2]


def _boards(seed, count):
    """Random small boards (``random_small``, one to five cells a side:
    0-3 small pieces, circles, the park rule now and then off)."""
    rng = np.random.default_rng(seed)
    return [random_small(rng, int(rng.integers(1, 6)), int(rng.integers(1, 6)))
            for _ in range(count)]


@pytest.mark.parametrize("seed", range(3))
def test_learner_counts_like_the_raw_engine_and_cp_sat(seed):
    seen = learner_counts(SPEC, _boards(seed, 50), LIMIT, sp_sat.count_solutions)
    assert seen == {0, 1, 2, 3}, seen


@pytest.mark.parametrize("seed", range(3))
def test_every_rule_clause_holds_in_every_answer(seed):
    """The clauses the learner starts from remove no answer."""
    checked = rule_clauses_hold(SPEC, _boards(200 + seed, 40))
    assert checked >= 20, checked


@pytest.mark.parametrize("seed", range(3))
def test_every_kernel_clause_holds_in_every_answer(seed):
    """Random partial assignments (half of them read off an answer) given to
    the kernel: each clause it writes names no boolean twice, has every
    literal false but a deduction's first (which is open), and holds in
    every answer of the board, so it removes none."""
    said = explanations_hold(SPEC, _boards(100 + seed, 60), np.random.default_rng(seed))
    assert said[1] >= 100 and said[2] >= 100, said


def test_the_proof_hands_a_real_board_to_the_learner():
    """noqx's 12x12 example: the first round leaves it open, the learner
    proves it unique, and the answer is the published one."""
    real = json.loads((ROOT / "benchmarks" / "real" / "statue_park.json").read_text())
    entry = next(x for x in real["puzzles"] if x["id"] == "statue_park-noqx-1")
    p = url.decode(entry["url"])
    got = proof_count(SPEC, p, 2)
    assert got.count == 1 and got.complete
    assert got.counters["conflicts"] > 0
    assert SPEC.decode(got.solutions[0]).to_json() == entry["answer"]
