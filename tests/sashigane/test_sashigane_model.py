"""Sashigane referee: one failing board per rule, strict JSON, the answer round trip."""
import pytest

from puzzlekit.core.referee import InputError
from puzzlekit.sashigane import RULES, Answer, Puzzle, check, l_parts

# a legal 2x3 board: an L bent at (1,0) and an L bent at (0,2)
BASE = {"size": [2, 3], "circles": [[1, 0, None], [0, 2, 3]], "arrows": [[0, 0, "v"], [1, 2, "^"]]}
GOOD = [[(0, 0), (1, 0), (1, 1)], [(0, 1), (0, 2), (1, 2)]]


def _rules(puzzle_json, pieces):
    return {v.rule for v in check(Puzzle.from_json(puzzle_json), Answer.make(pieces))}


def test_legal_answer_passes():
    assert _rules(BASE, GOOD) == set()


FIXTURES = [
    ("off-board", BASE, [[(0, 0), (1, 0), (1, 1)], [(0, 1), (0, 2), (1, 2), (2, 2)]]),
    ("overlap", BASE,
     [[(0, 0), (1, 0), (1, 1)], [(0, 1), (0, 2), (1, 2)], [(1, 1), (1, 2), (0, 2)]]),
    ("uncovered", BASE, [[(0, 0), (1, 0), (1, 1)]]),
    ("not-l", {"size": [2, 3], "circles": [[1, 0, None]], "arrows": [[0, 0, "v"]]},
     [[(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)]]),
    ("circles", {**BASE, "circles": [[1, 0, None], [0, 2, 3], [1, 1, None]]}, GOOD),
    ("bend", {**BASE, "circles": [[1, 1, None], [0, 2, 3]]}, GOOD),
    ("arrows", {**BASE, "arrows": [[0, 0, "v"], [1, 2, "^"], [1, 1, "<"]]}, GOOD),
    # an arrow in the middle of an arm, pointing home: the 'end' clause alone fails
    ("end", {"size": [2, 4], "circles": [[1, 0, None], [0, 3, None]],
             "arrows": [[1, 1, "<"], [1, 3, "^"]]},
     [[(0, 0), (1, 0), (1, 1), (1, 2)], [(0, 1), (0, 2), (0, 3), (1, 3)]]),
    ("home", {**BASE, "arrows": [[0, 0, "^"], [1, 2, "^"]]}, GOOD),
    ("size", {**BASE, "circles": [[1, 0, 4], [0, 2, 3]]}, GOOD),
]


@pytest.mark.parametrize("rule,board,pieces", FIXTURES, ids=[f[0] for f in FIXTURES])
def test_each_rule_has_a_failing_board(rule, board, pieces):
    assert rule in _rules(board, pieces)


def test_every_rule_has_a_fixture():
    assert {f[0] for f in FIXTURES} == set(RULES)


def test_clause_switches_silence_their_rule():
    for rule, board, pieces in FIXTURES:
        if rule in ("home", "bend", "size"):
            assert rule not in _rules({**board, "off": [rule]}, pieces)


def test_dialect_allows_bare_pieces_and_two_arrows():
    board = {"size": [2, 3], "circles": [], "arrows": [[0, 0, "v"], [1, 1, "<"]]}
    assert "circles" in _rules(board, GOOD)
    assert _rules({**board, "rules": "puzzlink"}, GOOD) == set()
    two = {"size": [2, 3], "circles": [], "arrows": [[0, 0, "v"], [1, 1, "<"], [0, 1, ">"],
                                                     [1, 2, "^"]], "rules": "puzzlink"}
    assert _rules(two, GOOD) == set()


def test_l_parts():
    assert l_parts([(0, 0), (0, 1), (1, 1), (2, 1)]) == ((0, 1), {(0, 0): 3, (2, 1): 0})
    assert l_parts([(0, 0), (1, 1), (0, 1)]) is not None
    assert l_parts([(0, 0), (0, 1), (1, 1), (1, 2)]) is None


@pytest.mark.parametrize("bad", [
    [], {"size": [2]}, {"size": [2, True]}, {"size": [2, 3.0]}, {"size": [100, 100]},
    {"size": [2, 3], "circles": [[0, 0, 0]]}, {"size": [2, 3], "circles": [[0, 0, 7]]},
    {"size": [2, 3], "circles": [[0, 5, None]]}, {"size": [2, 3], "arrows": [[0, 0, "x"]]},
    {"size": [2, 3], "arrows": [[0, 0, "^"]], "circles": [[0, 0, None]]},
    {"size": [2, 3], "rules": "other"}, {"size": [2, 3], "off": ["colour"]},
    {"size": [2, 3], "extra": 1}])
def test_strict_reading(bad):
    with pytest.raises(InputError) as e:
        Puzzle.from_json(bad)
    assert "\n" not in str(e.value)


def test_json_round_trip():
    p = Puzzle.from_json({**BASE, "rules": "puzzlink", "off": ["size"]})
    assert Puzzle.from_json(p.to_json()) == p
    a = Answer.make(GOOD)
    assert Answer.from_json(a.to_json()) == a
    with pytest.raises(InputError):
        Answer.from_json({"pieces": [[[0, True]]]})
