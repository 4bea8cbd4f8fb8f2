"""Referee fixtures (one failing board per rule), JSON round trips, bad input."""
import pytest

from puzzlekit.core.referee import InputError
from puzzlekit.magnets import RULES, Answer, Puzzle, check

PUZ = Puzzle.from_json({"h": 2, "w": 4, "dominoes": ["LRTT", "LRBB"],
                        "plus_rows": [2, 1], "minus_rows": [1, 2],
                        "plus_cols": [1, 1, 1, 0], "minus_cols": [1, 1, 1, 0]})
BLANK = Puzzle.from_json({"h": 2, "w": 4, "dominoes": ["LRTT", "LRBB"]})
ANSWER = ["+-+.", "-+-."]
FIXTURES = [                     # each board breaks exactly its rule
    ("same-poles", BLANK, ["+--+", "-++-"]),
    ("half-magnet", BLANK, ["+-+.", "-+.."]),
    ("count", PUZ, ["+-+-", "-+-+"]),
    (None, PUZ, ANSWER),
]


@pytest.mark.parametrize("rule,puzzle,grid", FIXTURES)
def test_referee_names_each_rule(rule, puzzle, grid):
    broken = {v.rule for v in check(puzzle, Answer.from_json({"grid": grid}))}
    assert broken == (set() if rule is None else {rule})
    assert rule is None or rule in RULES


def test_same_poles_only():
    # a legal-by-count board whose only fault is two touching '+' poles
    p = Puzzle.from_json({"h": 2, "w": 2, "dominoes": ["TT", "BB"]})
    v = check(p, Answer.from_json({"grid": ["++", "--"]}))
    assert {x.rule for x in v} == {"same-poles"}


def test_round_trip():
    assert Puzzle.from_json(PUZ.to_json()).to_json() == PUZ.to_json()
    a = Answer.from_json({"grid": ANSWER})
    assert Answer.from_json(a.to_json()) == a


@pytest.mark.parametrize("obj", [
    [], {"h": 2}, {"h": 1, "w": 2, "dominoes": ["LL"]}, {"h": 1, "w": 2, "dominoes": ["RL"]},
    {"h": 1, "w": 2, "dominoes": ["LR"], "plus_rows": [3]},
    {"h": 1, "w": 2, "dominoes": ["LR"], "plus_rows": [1, 1]},
    {"h": 1, "w": 2, "dominoes": ["LX"]}, {"h": 0, "w": 2, "dominoes": []},
])
def test_bad_puzzles(obj):
    with pytest.raises(InputError):
        Puzzle.from_json(obj)


def test_bad_answers():
    for obj in ({"grid": ["+x"]}, {"grid": ["+", "+-"]}, {}):
        with pytest.raises(InputError):
            Answer.from_json(obj)
    with pytest.raises(InputError):
        check(PUZ, Answer.from_json({"grid": ["+-"]}))
