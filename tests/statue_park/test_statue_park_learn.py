"""Statue Park's clause learner (``puzzlekit/statue_park/learn.py``): its
counts against the raw engine and CP-SAT on random small boards, every
clause (rule or kernel's) against every answer of the board, and the proof
that hands it a search on a real 12x12 board."""

from puzzlekit.statue_park import SPEC, random_small, sat as sp_sat
from tests.core.explain import learner_proves_real, learner_suite, small_boards

# random small boards (one to five cells a side: 0-3 small pieces, circles,
# the park rule now and then off)
(test_learner_counts_like_the_raw_engine_and_cp_sat, test_every_rule_clause_holds_in_every_answer,
 test_every_kernel_clause_holds_in_every_answer) = learner_suite(
    SPEC, small_boards(random_small), sp_sat.count_solutions, counted=50)


def test_the_proof_hands_a_real_board_to_the_learner():
    """noqx's 12x12 example: the first round leaves it open, the learner
    proves it unique, and the answer is the published one."""
    learner_proves_real(SPEC, "statue_park", "statue_park-noqx-1", answer="answer", time_limit=None)
