"""The timing layer's rules (core.perf): what a run that gave up is charged,
and the sentence a chapter reads about its genre's proof settings."""
from puzzlekit.core import perf
from puzzlekit.core.genre import PROOF_PROBE_AFTER
from puzzlekit.heteromino import SPEC as HETERO, Puzzle as HeteroPuzzle


def test_a_capped_run_is_charged_the_whole_time_limit():
    """A blank 6x6 Heteromino board has many answers and none is decided at
    the root: a one-node budget stops the proof without an answer, quickly,
    and the frame charges it the time limit, not the moment it stopped.
    (Warmed first: in a fresh numba cache the first call compiles.)"""
    df = perf.prove(HETERO, [HeteroPuzzle.make(6, 6)], engines=("ladder",), max_nodes=1,
                    time_limit=7.5, warm=True)
    row = df.iloc[0]
    assert row["status"] == "capped" and row["seconds"] == 7.5
    done = perf.prove(HETERO, [HeteroPuzzle.make(6, 6)], engines=("ladder",), time_limit=7.5,
                      warm=False).iloc[0]
    assert done["status"] == "multiple" and done["seconds"] < 7.5


def test_the_policy_sentence_names_each_setting_a_genre_has():
    import puzzlekit
    for g in puzzlekit.GENRES:
        try:
            sp = puzzlekit.spec(g)
        except ValueError:
            continue
        text = perf.policy_sentence(g)
        assert ("proof_cheap_nodes" in text) == bool(sp.proof_cheap_nodes), g
        assert ("proof_order" in text) == (sp.proof_order is not None), g
        assert ("proof_first" in text) == (sp.proof_first is not None), g
        assert ("proof_probe_after" in text) == (sp.proof_probe_after != PROOF_PROBE_AFTER), g
