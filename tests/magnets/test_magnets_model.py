"""Referee fixtures (one failing board per rule), JSON round trips, bad input."""
import pytest

from puzzlekit.core.referee import InputError
from puzzlekit.magnets import RULES, Answer, Puzzle, check

PUZ = Puzzle.from_json({"h": 2, "w": 4, "dominoes": ["LRTT", "LRBB"],
                        "plus_rows": [2, 1], "minus_rows": [1, 2],
                        "plus_cols": [1, 1, 1, 0], "minus_cols": [1, 1, 1, 0]})
BLANK = Puzzle.from_json({"h": 2, "w": 4, "dominoes": ["LRTT", "LRBB"]})
ANSWER = ["+-+.", "-+-."]
# the model docstring's 3x3 board: an empty middle cell and a given '+'
REAL = {"h": 3, "w": 3, "dominoes": ["LRT", "T.B", "BLR"], "given": ["+..", "...", "..."],
        "plus_rows": [2, 0, 1], "minus_rows": [1, 2, 0],
        "plus_cols": [2, 0, 1], "minus_cols": [1, 1, 1]}
HOLED = Puzzle.from_json(REAL)
HOLED_BLANK = Puzzle.from_json({k: REAL[k] for k in ("h", "w", "dominoes", "given")})
FIXTURES = [                     # each board breaks exactly its rule
    ("same-poles", BLANK, ["+--+", "-++-"]),
    ("half-magnet", BLANK, ["+-+.", "-+.."]),
    ("count", PUZ, ["+-+-", "-+-+"]),
    ("given-pole", HOLED_BLANK, ["-+-", "+.+", "-.."]),
    ("empty-cell", HOLED_BLANK, ["+-+", "-+-", "+.."]),
    (None, PUZ, ANSWER),
    (None, HOLED, ["+-+", "-.-", "+.."]),
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


def test_every_rule_has_a_fixture():
    assert {r for r, _, _ in FIXTURES if r} == set(RULES)


def test_round_trip():
    assert Puzzle.from_json(PUZ.to_json()).to_json() == PUZ.to_json()
    a = Answer.from_json({"grid": ANSWER})
    assert Answer.from_json(a.to_json()) == a
    assert HOLED.to_json() == REAL and Puzzle.from_json(REAL) == HOLED
    assert "given" not in PUZ.to_json() and HOLED != HOLED_BLANK


def test_empty_cells_and_given_poles_are_read():
    assert HOLED.holes.reshape(3, 3).tolist() == [[False] * 3, [False, True, False], [False] * 3]
    assert HOLED.given.tolist() == [0] + [-1] * 8
    assert len(HOLED.dominoes) == 4 and HOLED.partner[4] == -1
    assert not HOLED.crossing[1, 1] and not HOLED.crossing[4, 1]   # row 1 and column 1
    one = Puzzle.from_json({"h": 1, "w": 1, "dominoes": ["."]})
    assert one.dominoes.shape == (0, 2) and check(one, Answer.from_json({"grid": ["."]})) == []


@pytest.mark.parametrize("obj", [
    [], {"h": 2}, {"h": 1, "w": 2, "dominoes": ["LL"]}, {"h": 1, "w": 2, "dominoes": ["RL"]},
    {"h": 1, "w": 2, "dominoes": ["LR"], "plus_rows": [3]},
    {"h": 1, "w": 2, "dominoes": ["LR"], "plus_rows": [1, 1]},
    {"h": 1, "w": 2, "dominoes": ["LX"]}, {"h": 0, "w": 2, "dominoes": []},
    {"h": 1, "w": 2, "dominoes": ["L."]}, {"h": 1, "w": 2, "dominoes": [".R"]},
    {"h": 1, "w": 3, "dominoes": ["LR."], "given": ["..+"]},
    {"h": 1, "w": 2, "dominoes": ["LR"], "given": ["+x"]},
    {"h": 1, "w": 2, "dominoes": ["LR"], "given": ["+"]},
    {"h": 1, "w": 2, "dominoes": ["LR"], "given": "+."},
])
def test_bad_puzzles(obj):
    with pytest.raises(InputError) as exc:
        Puzzle.from_json(obj)
    assert "\n" not in str(exc.value)


def test_bad_rooms_name_the_cell():
    with pytest.raises(InputError, match=r"half at \(0,0\)"):
        Puzzle.from_json({"h": 1, "w": 3, "dominoes": ["LL."]})
    with pytest.raises(InputError, match=r"empty cell at \(0,2\)"):
        Puzzle.from_json({"h": 1, "w": 3, "dominoes": ["LR."], "given": ["..-"]})


def test_bad_answers():
    for obj in ({"grid": ["+x"]}, {"grid": ["+", "+-"]}, {}):
        with pytest.raises(InputError):
            Answer.from_json(obj)
    with pytest.raises(InputError):
        check(PUZ, Answer.from_json({"grid": ["+-"]}))
