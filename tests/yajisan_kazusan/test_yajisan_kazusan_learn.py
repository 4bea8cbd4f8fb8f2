"""Yajisan-Kazusan's clause learner (``puzzlekit/yajisan_kazusan/learn.py``):
its counts against the raw engine and CP-SAT on random small boards, every
clause (rule or kernel's) against every answer of the board, and the proof
that hands it a search on a real 14x14 board."""

from puzzlekit.core.learn import learn_count
from puzzlekit.yajisan_kazusan import SPEC, Puzzle, initial_state, random_small, sat as yk_sat
from puzzlekit.yajisan_kazusan.learn import LEARNER
from tests.core.explain import learner_proves_real, learner_suite, search_roots_match, small_boards

# random small boards (one to five cells a side: a random shading, some
# cells clued, now and then a lying number, a bare number, a ``?`` or
# need-shade)
(test_learner_counts_like_the_raw_engine_and_cp_sat, test_every_rule_clause_holds_in_every_answer,
 test_every_kernel_clause_holds_in_every_answer) = learner_suite(
    SPEC, small_boards(random_small), yk_sat.count_solutions)


def test_a_clue_its_line_cannot_show_shades_its_cell():
    """A 3 pointing right on a 1x3 board has two cells beyond it, which may
    not both be shaded: the clue cell is shaded in every answer, its
    neighbour unshaded, and the last cell either (two answers)."""
    p = Puzzle.from_json({"size": [1, 3], "clues": [[0, 0, "R", 3]]})
    got = learn_count(LEARNER, p, initial_state(p), 3)
    assert got.count == 2 and got.complete
    shaded = sorted(SPEC.decode(s).shaded.tolist() for s in got.solutions)
    assert shaded == [[True, False, False], [True, False, True]]


def test_the_proof_hands_a_real_board_to_the_learner():
    """janko.at's Yajisan-Kazusan 209 (14x14): the ladder's fixpoint leaves
    most cells open and its search alone needs several thousand nodes;
    after the first round the learner proves it unique, and the answer is
    the published one."""
    learner_proves_real(SPEC, "yajisan_kazusan", "yajisan_kazusan-janko-209")


def test_the_learner_starts_where_the_search_s_root_is():
    """The first round's root, as the compiled search leaves it, is the
    whole ladder's fixpoint the learner starts from (so the proof need not
    run it twice): on the real boards the root leaves open."""
    assert search_roots_match(SPEC, "yajisan_kazusan") >= 3
