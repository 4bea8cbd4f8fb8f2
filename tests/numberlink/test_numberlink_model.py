"""Referee fixtures (a failing board per rule), JSON round trips, strict input."""
import json

import pytest

from puzzlekit.core.referee import InputError
from puzzlekit.numberlink import Answer, Puzzle, check, paths_of
from puzzlekit.numberlink.model import RULES, answer_from_paths, puzzle_from_paths


def _ans(h, w, paths):
    return answer_from_paths(h, w, paths)


FIXTURES = [  # rule, board (h, w, numbers, fill), answer paths (cell lists)
    ("pair-not-joined", (2, 3, [[1, 0, 1], [2, 0, 2]], False), []),
    ("branch", (2, 3, [[1, 0, 1], [0, 0, 0]], False), [[0, 1, 2], [1, 4]]),
    ("loop", (3, 3, [[1, 0, 1], [0, 0, 0], [0, 0, 0]], False), [[0, 1, 2], [3, 4, 7, 6, 3]]),
    ("two-numbers", (1, 4, [[1, 2, 2, 1]], True), [[0, 1], [2, 3]]),
    ("dead-end", (1, 3, [[1, 0, 1]], True), [[0, 1]]),
    ("unused-cell", (2, 3, [[1, 0, 1], [0, 0, 0]], True), [[0, 1, 2]]),
    ("no-line", (2, 2, [[0, 0], [0, 0]], False), []),
    (None, (2, 3, [[1, 0, 1], [2, 0, 2]], True), [[0, 1, 2], [3, 4, 5]]),
]


@pytest.mark.parametrize("rule,board,paths", FIXTURES, ids=[str(f[0]) for f in FIXTURES])
def test_referee_names_each_rule(rule, board, paths):
    h, w, nums, fill = board
    p = Puzzle(h, w, nums, fill)
    rules = {v.rule for v in check(p, _ans(h, w, paths))}
    if rule is None:
        assert rules == set()
    else:
        assert rule in rules


def test_isolated_fixtures_break_only_their_rule():
    assert {v.rule for v in check(Puzzle(2, 3, [[1, 0, 1], [2, 0, 2]], False),
                                  _ans(2, 3, []))} == {"pair-not-joined"}
    assert {v.rule for v in check(Puzzle(3, 3, [[1, 0, 1], [0, 0, 0], [0, 0, 0]], False),
                                  _ans(3, 3, [[0, 1, 2], [3, 4, 7, 6, 3]]))} == {"loop"}
    assert {v.rule for v in check(Puzzle(2, 3, [[1, 0, 1], [0, 0, 0]], True),
                                  _ans(2, 3, [[0, 1, 2]]))} == {"unused-cell"}


def test_fill_off_accepts_unused_cells():
    p = Puzzle(2, 3, [[1, 0, 1], [0, 0, 0]], False)
    assert check(p, _ans(2, 3, [[0, 1, 2]])) == []
    rules = [v.rule for v in check(p.with_fill(True), _ans(2, 3, [[0, 1, 2]]))]
    assert rules == ["unused-cell"] * 3


def test_round_trip_and_equality():
    obj = {"h": 2, "w": 3, "numbers": [[1, 2, 2], [1, 3, 3]], "fill": True}
    p = Puzzle.from_json(obj)
    assert p.to_json() == obj and Puzzle.from_json(json.loads(json.dumps(p.to_json()))) == p
    assert p != p.with_fill(False) and hash(p) == hash(Puzzle.from_json(obj))
    a = _ans(2, 3, [[0, 3], [1, 2], [4, 5]])
    assert a.to_json() == {"right": ["01", "01"], "down": ["100"]}
    assert Answer.from_json(a.to_json()) == a and check(p, a) == []
    assert Puzzle.from_json({"h": 1, "w": 2, "numbers": [[1, 1]]}).fill is True


def test_paths_of_and_puzzle_from_paths():
    paths = [[0, 1, 4, 3], [2, 5]]
    a = _ans(2, 3, paths)
    got, cycles = paths_of(2, 3, a.on)
    assert cycles == [] and sorted(map(sorted, got)) == sorted(map(sorted, paths))
    p = puzzle_from_paths(2, 3, paths)
    assert p.numbers.tolist() == [[1, 0, 2], [1, 0, 2]] and check(p, a) == []


@pytest.mark.parametrize("obj", [
    [], {"h": 2, "w": 2}, {"h": 2, "w": 2, "numbers": [[1, 0], [0]]},
    {"h": 2, "w": 2, "numbers": [[1, 0], [0, 0]]},              # a number once
    {"h": 2, "w": 2, "numbers": [[1, 1], [1, 0]]},              # three times
    {"h": 2, "w": 2, "numbers": [[1, -1], [-1, 1]]},
    {"h": 2, "w": 2, "numbers": [[1, True], [0, 1]]},
    {"h": 2, "w": 2, "numbers": [[1.0, 0], [0, 1]]},
    {"h": 2, "w": 2, "numbers": [[1, 0], [0, 1]], "fill": 1},
    {"h": True, "w": 2, "numbers": [[1, 1]]},
    {"h": 3, "w": 2, "numbers": [[1, 1]]},
    {"h": 10 ** 6, "w": 10 ** 6, "numbers": [[1, 1]]},
])
def test_bad_puzzles_are_refused_in_one_line(obj):
    with pytest.raises(InputError) as e:
        Puzzle.from_json(obj)
    assert "\n" not in str(e.value)


@pytest.mark.parametrize("obj", [
    [], {"right": ["1"]}, {"right": [], "down": []}, {"right": ["12"], "down": ["000"]},
    {"right": ["1", "11"], "down": ["00"]}, {"right": ["1", "1"], "down": ["0"]},
    {"right": [1], "down": []},
])
def test_bad_answers_are_refused(obj):
    with pytest.raises(InputError):
        Answer.from_json(obj)


def test_answer_of_wrong_size_is_refused():
    with pytest.raises(InputError):
        check(Puzzle(1, 3, [[1, 0, 1]]), Answer(1, 2, [True]))


def _no_numbers(h, w, fill):
    return Puzzle(h, w, [[0] * w for _ in range(h)], fill)


@pytest.mark.parametrize("fill", [False, True])
def test_an_answer_with_no_line_breaks_the_no_line_rule(fill):
    p = _no_numbers(2, 3, fill)
    broken = check(p, Answer(2, 3, [False] * 7))
    assert "no-line" in {v.rule for v in broken}
    assert "no-line" in RULES
    # a board with numbers: the empty answer is named by the pair it leaves unjoined
    q = Puzzle(1, 3, [[1, 0, 1]], fill)
    rules = {v.rule for v in check(q, Answer(1, 3, [False, False]))}
    assert "pair-not-joined" in rules and "no-line" not in rules
    assert check(q, Answer(1, 3, [True, True])) == []


def test_cli_check_rejects_an_empty_answer_on_a_board_with_no_numbers(tmp_path, capsys):
    import puzzlekit.__main__ as cli
    board, answer = tmp_path / "p.json", tmp_path / "a.json"
    board.write_text(json.dumps({"h": 2, "w": 2, "numbers": [[0, 0], [0, 0]], "fill": False}))
    answer.write_text(json.dumps({"right": ["0", "0"], "down": ["00"]}))
    assert cli.main(["check", "numberlink", str(board), str(answer)]) == 1
    assert capsys.readouterr().out.strip().splitlines() == ["no-line: no line is drawn"]


@pytest.mark.parametrize("h,w", [(1, 1), (1, 2), (2, 2), (2, 3), (3, 3)])
@pytest.mark.parametrize("fill", [False, True])
def test_every_engine_counts_no_answer_on_a_board_with_no_numbers(h, w, fill):
    """The raw engines, the ladder's search at every level, clause learning
    and CP-SAT agree: with no numbers there is no line, so no answer."""
    import puzzlekit
    from puzzlekit.core.genre import ladder_count
    from puzzlekit.core.proof import proof_count
    from puzzlekit.numberlink import brute, sat
    sp = puzzlekit.spec("numberlink")
    p = _no_numbers(h, w, fill)
    counts = {"cutter": brute.count_solutions(p, 3).count,
              "cutter answers": len(brute.solutions(p, 3).solutions),
              "sat": sat.count_solutions(p, 3).count,
              "proof": proof_count(sp, p, 3, max_nodes=None, first_nodes=0).count,
              "proof after a round": proof_count(sp, p, 3, max_nodes=None, first_nodes=3).count}
    for level in range(len(sp.ladder.names)):
        counts[f"ladder {sp.ladder.names[level]}"] = ladder_count(sp, p, 3, level=level).count
    if not fill:                     # the router counts answers with rule 3 off
        counts["router"] = brute.route_count(p, 3).count
    assert counts == dict.fromkeys(counts, 0)


@pytest.mark.parametrize("fill", [False, True])
def test_solve_and_cp_sat_prove_a_blank_7x7_board_has_no_answer(fill):
    """Not by running out of nodes: the proof and CP-SAT see it at once."""
    import puzzlekit
    from puzzlekit.core.genre import solve
    from puzzlekit.numberlink import sat
    sp = puzzlekit.spec("numberlink")
    p = _no_numbers(7, 7, fill)
    r = solve(sp, p, count=2)
    assert (r.count, r.capped) == (0, False)
    s = sat.count_solutions(p, 2, time_limit=10)
    assert (s.count, s.capped) == (0, False)
