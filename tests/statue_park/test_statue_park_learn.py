"""Statue Park's clause learner (``puzzlekit/statue_park/learn.py``): its
counts against the raw engine and CP-SAT on random small boards, every
clause (rule or kernel's) against every answer of the board, and the proof
that hands it a search on a real 12x12 board."""
import json
from pathlib import Path

from puzzlekit.core.proof import proof_count
from puzzlekit.statue_park import SPEC, random_small, sat as sp_sat, url
from tests.core.explain import learner_suite, small_boards

ROOT = Path(__file__).resolve().parents[2]

# random small boards (one to five cells a side: 0-3 small pieces, circles,
# the park rule now and then off)
(test_learner_counts_like_the_raw_engine_and_cp_sat, test_every_rule_clause_holds_in_every_answer,
 test_every_kernel_clause_holds_in_every_answer) = learner_suite(
    SPEC, small_boards(random_small), sp_sat.count_solutions, counted=50)


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
