"""Counting search: counts, limits, caps and branch points."""

from dataclasses import replace

import numpy as np
import pytest

from puzzlekit.core import Ladder, State, count_solutions, probe_rung
from puzzlekit.core.genre import ladder_count, solve
from puzzlekit.core.search import Budget, SearchSettings
from tests.core import toy


def test_counts_free_variables_exactly():
    lad = Ladder([probe_rung()])
    r = count_solutions(State(None, [0, 2, 5, 6]), lad, lambda s: True, limit=100)
    assert (r.count, r.complete, r.capped) == (6, True, False)
    assert r.branch_points >= 1 and r.nodes >= r.count


def test_branching_on_groups_counts_the_same_in_fewer_nodes():
    # four variables of four values, answers the permutations, nothing
    # propagates: branching on variables, the tree is 1+4+16+64+256 nodes;
    # on "where does value k go" (a group of four bits), 1+4+12+24 nodes
    # down to the third value (a group holding a decided variable's bit is
    # done), then the last variable, alone in its group, 4 ways: +96
    lad = Ladder([probe_rung()])

    def perm(s):
        """Whether the four values are all different."""
        return len(set(s.values().tolist())) == 4

    groups = [np.arange(k, 16, 4) for k in range(4)]
    plain = count_solutions(State(None, np.arange(0, 17, 4)), lad, perm, 0, 100)
    grouped = count_solutions(State(None, np.arange(0, 17, 4)), lad, perm, 0, 100,
                              settings=SearchSettings(groups=groups))
    assert (plain.count, plain.nodes) == (24, 341)
    assert (grouped.count, grouped.nodes, grouped.complete) == (24, 137, True)


def test_accept_filters_leaves():
    lad = Ladder([probe_rung()])
    # accept only leaves whose two variables agree
    r = count_solutions(State(None, [0, 3, 6]), lad,
                        lambda s: s.values()[0] == s.values()[1], limit=100, level=0)
    assert r.count == 3


def test_limit_and_cap_are_statuses():
    lad = Ladder([probe_rung()])
    r = count_solutions(State(None, [0, 3, 6, 9]), lad, lambda s: True, limit=2)
    assert r.count == 2 and r.status == "multiple" and not r.complete
    r = count_solutions(State(None, [0, 3, 6, 9]), lad, lambda s: True, limit=100,
                        budget=Budget(max_nodes=3))
    assert r.capped and r.status == "capped" and r.unique is None


@pytest.mark.parametrize("seed", range(8))
def test_ladder_count_agrees_with_brute(seed):
    rng = np.random.default_rng(100 + seed)
    k = 4
    cells = rng.permutation(k * k)[: int(rng.integers(2, 7))]
    givens = [[int(c // k), int(c % k), int(rng.integers(1, k + 1))] for c in cells]
    p = toy.Puzzle.from_json({"k": k, "givens": givens})
    brute = toy.brute_count(p, 1000).count
    for lvl in toy.LADDER.names:
        r = ladder_count(toy.SPEC, p, limit=1000, level=lvl)
        assert r.complete and r.count == brute, (lvl, r, brute)


def test_solve_reports_status_count_and_grade():
    p = toy.Puzzle.from_json({"k": 3, "givens": [[0, 0, 1], [0, 1, 2], [1, 0, 2]]})
    r = solve(toy.SPEC, p, level="single", count=5)
    assert r.status == "unique" and r.count == 1 and r.grade == "single"
    assert toy.decode(r.solutions[0]).grid[0] == (1, 2, 3)


def test_a_board_the_fixpoint_decides_is_not_searched():
    """A fixpoint that decides the board (or kills it) answers the count:
    no search is run, so none is compiled in a fresh process.  The count,
    the answer and the one node are what a search from there reports."""
    from puzzlekit.core.search import solve as solve_state

    def no_search(*args):
        raise AssertionError("searched a board the fixpoint decided")
    p = toy.Puzzle.from_json({"k": 3, "givens": [[0, 0, 1], [0, 1, 2], [1, 0, 2]]})
    start = toy.initial_state(p)
    r = solve_state(start, toy.SPEC.ladder, toy.SPEC.accept(p), None, 2, counter=no_search)
    searched = solve(toy.SPEC, p, level="single", count=2)
    assert (r.status, r.count, r.nodes) == ("unique", 1, 1)
    assert r.solutions[0].bits.tolist() == searched.solutions[0].bits.tolist()
    dead = toy.Puzzle.from_json({"k": 3, "givens": [[0, 0, 1], [0, 1, 1]]})
    r = solve_state(toy.initial_state(dead), toy.SPEC.ladder, toy.SPEC.accept(dead), None, 2,
                    counter=no_search)
    assert (r.status, r.count, r.nodes) == ("none", 0, 1)
    open_board = toy.Puzzle.from_json({"k": 3, "givens": []})
    with pytest.raises(AssertionError, match="searched"):
        solve_state(toy.initial_state(open_board), toy.SPEC.ladder,
                    toy.SPEC.accept(open_board), None, 2, counter=no_search)


def test_limit_one_does_not_claim_uniqueness():
    lad = Ladder([probe_rung()])
    r = count_solutions(State(None, [0, 2]), lad, lambda s: True, limit=1)
    assert r.count == 1 and r.status == "found" and r.unique is None
    r = count_solutions(State(None, [0, 1]), lad, lambda s: True, limit=1)
    assert r.status == "unique" and r.unique is True
    r = count_solutions(State(None, [0, 2]), lad, lambda s: s.values()[0] == 5, limit=3)
    assert r.status == "none" and r.unique is False


def test_the_compiled_search_stops_at_its_time_limit():
    """The compiled loop reads the clock only every few nodes while nodes
    are quick; it must still stop close to its deadline (processor time,
    the clock the loop reads, so a busy machine does not stretch it)."""
    import time

    import puzzlekit
    from puzzlekit.core.genre import accepts
    sp = puzzlekit.spec("numbrix")
    p = sp.Puzzle(np.zeros((7, 7), dtype=np.int64))       # no clue: a vast tree of quick nodes
    count_solutions(sp.initial_state(p), sp.ladder, accepts(sp, p), level="pin",
                    budget=Budget(max_nodes=2))
    for seconds in (0.05, 0.4):
        t = time.process_time()
        r = count_solutions(sp.initial_state(p), sp.ladder, accepts(sp, p), level="pin",
                            limit=10 ** 9, keep=2, budget=Budget(time_limit=seconds))
        took = time.process_time() - t
        assert r.capped and not r.complete and r.nodes > 100
        assert seconds <= took < seconds + 0.25, (seconds, took, r.nodes)


def test_the_time_limit_holds_inside_a_long_probe_pass():
    """A probe pass reads the clock every 64th trial and stops past the
    deadline: a search whose root pass alone outlasts its time limit still
    stops close to the limit, capped, having run part of the pass."""
    import time

    import puzzlekit
    from puzzlekit.core.genre import accepts
    sp = puzzlekit.spec("numbrix")
    p = sp.Puzzle(np.zeros((12, 12), dtype=np.int64))   # blank: a root pass of many trials
    whole = count_solutions(sp.initial_state(p), sp.ladder, accepts(sp, p),
                            budget=Budget(max_nodes=1))
    for seconds in (0.05, 0.3):
        t = time.process_time()
        r = count_solutions(sp.initial_state(p), sp.ladder, accepts(sp, p), limit=10 ** 9,
                            budget=Budget(time_limit=seconds))
        took = time.process_time() - t
        assert r.capped and not r.complete
        assert r.counters["probes"] < whole.counters["probes"] / 2, (seconds, r.counters)
        assert took < seconds + 0.25, (seconds, took)


def test_a_huge_limit_reserves_room_only_for_the_answers_found():
    """Counting every answer with a limit of 10**9 keeps every answer found
    (the compiled loop's rows grow as answers come), without asking for room
    for 10**9 of them; the answers are the Python loop's."""
    import puzzlekit
    from puzzlekit.core.genre import accepts
    sp = puzzlekit.spec("numberlink")
    p = sp.Puzzle(4, 4, [[1, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 1]], fill=False)
    runs = [count_solutions(sp.initial_state(p), sp.ladder, accepts(sp, p), limit=10 ** 9,
                            settings=SearchSettings(compiled=c)) for c in (True, False)]
    assert all(r.complete for r in runs)
    fast, slow = ({s.bits.tobytes() for s in r.solutions} for r in runs)
    assert runs[0].count == len(runs[0].solutions) == len(fast) > 16
    assert fast == slow


def test_settings_and_budget_reach_both_loops():
    """A node cap, a branch order and a value order given as values are
    honoured the same by the Python loop and the compiled loop."""
    import puzzlekit
    from puzzlekit.core.genre import accepts
    sp = puzzlekit.spec("kojun")
    p = sp.Puzzle.make([[0, 0, 0], [0, 0, 0]])
    n = sp.initial_state(p).n_vars
    walk = SearchSettings(order=np.arange(n)[::-1].copy(), first=np.ones(n, dtype=np.int64))
    runs = [count_solutions(sp.initial_state(p), sp.ladder, accepts(sp, p), 0, 10 ** 6,
                            Budget(max_nodes=7), replace(walk, compiled=c)) for c in (True, False)]
    assert [(r.count, r.nodes, r.capped, r.branch_points) for r in runs][0] == \
        (runs[1].count, runs[1].nodes, runs[1].capped, runs[1].branch_points)
    assert runs[0].capped and runs[0].nodes == 7


def test_a_bare_node_count_is_not_a_budget():
    lad = Ladder([probe_rung()])
    with pytest.raises(TypeError, match="Budget"):
        count_solutions(State(None, [0, 2]), lad, lambda s: True, 0, 2, 1000)
    with pytest.raises(TypeError, match="SearchSettings"):
        count_solutions(State(None, [0, 2]), lad, lambda s: True, 0, 2, None, {"lift": False})
