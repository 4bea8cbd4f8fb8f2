"""Creek's clause learner (``puzzlekit/creek/learn.py``): its counts against
the raw engine and CP-SAT on random small boards, every clause (rule or
kernel's) against every answer of the board, and the proof that hands it a
search on a real 29x41 board."""

import numpy as np

from puzzlekit.core.learn import learn_count
from puzzlekit.creek import (
    SPEC,
    Puzzle,
    initial_state,
    random_small,
    sat as creek_sat,
)
from puzzlekit.creek.learn import LEARNER, clauses
from tests.core.explain import learner_proves_real, learner_suite, search_roots_match, small_boards

# random small boards (one to five cells a side: some corners numbered, a
# number now and then changed, now and then a shaded cell required)
(test_learner_counts_like_the_raw_engine_and_cp_sat, test_every_rule_clause_holds_in_every_answer,
 test_every_kernel_clause_holds_in_every_answer) = learner_suite(
    SPEC, small_boards(random_small), creek_sat.count_solutions)


def test_a_number_no_corner_can_hold_is_an_empty_clause():
    """A 3 on a corner of the board (one cell; the JSON reader refuses it,
    the constructor does not) leaves no answer: the clauses say so at once."""
    p = Puzzle(1, 2, [[3, -1, -1], [-1, -1, -1]])
    starts, _ = clauses(p)
    assert (np.diff(starts) == 0).any()
    assert learn_count(LEARNER, p, initial_state(p), 2).count == 0


def test_the_proof_hands_a_real_board_to_the_learner():
    """janko.at's Creek 440 (29x41): the ladder's fixpoint leaves a few
    hundred cells open and its search alone found no answer in a minute;
    after the first round the learner proves it unique, and the answer is
    the published one."""
    learner_proves_real(SPEC, "creek", "creek-janko-440")


def test_the_learner_starts_where_the_search_s_root_is():
    """The first round's root, as the compiled search leaves it, is the
    whole ladder's fixpoint the learner starts from (so the proof need not
    run it twice): on the real boards the root leaves open."""
    assert search_roots_match(SPEC, "creek") >= 3
