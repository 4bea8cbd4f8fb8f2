"""The timing layer's rules (core.perf): what a run that gave up is charged,
and what a timed call starts from."""
from puzzlekit.core import perf
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



def test_a_fresh_copy_has_no_tables_nor_other_cached_attributes():
    """What an engine built on a board (its tables through core.cache, or any
    attribute a parsed board lacks) is gone from every copy :func:`fresh`
    makes; the board itself keeps it."""
    from puzzlekit.core import cache
    board = HeteroPuzzle.make(6, 6)
    cache.store(board, "test.table", 1)
    object.__setattr__(board, "_test_memo", {})
    new = perf.fresh(HETERO, board)
    copy = new()
    assert cache.cached(copy) == () and not hasattr(copy, "_test_memo")
    assert copy.to_json() == board.to_json() and new() is not copy
    assert cache.cached(board) == ("test.table",) and hasattr(board, "_test_memo")
