"""The referee, one failing board per rule, and strict reading."""
import pytest

from puzzlekit.core.referee import InputError
from puzzlekit.statue_park.model import (
    NAMED,
    RULES,
    Answer,
    Puzzle,
    canonical,
    check,
    labelled_factor,
    orientations,
    piece_rows,
)

# a 3x4 board with a tromino and a domino, one black and one white circle
P = Puzzle.make(3, 4, ["###", "#\n#"], black=[0, 9], white=[10])
GOOD = ["###.", "....", "##.."]

# one board per rule that breaks exactly it (on P), then the answer
FIXTURES = [
    ("black", [".###", "....", "##.."]),            # (0, 0) park
    ("white", ["###.", "....", ".##."]),            # (2, 2) shaded
    (None, GOOD),
]


def _rules(grid, p=P):
    return [v.rule for v in check(p, Answer.from_json({"grid": grid}))]


def test_the_good_answer_is_legal():
    assert _rules(GOOD) == []


@pytest.mark.parametrize("rule, grid", FIXTURES)
def test_fixture_breaks_exactly_its_rule(rule, grid):
    assert _rules(grid) == ([] if rule is None else [rule])


def test_black_and_white_circles():
    assert "black" in _rules(["....", "###.", "##.."])
    assert _rules(["###.", "....", ".##."]) == ["white"]


def test_a_group_whose_shape_is_not_in_the_bag():
    p = Puzzle.make(3, 4, ["###", "#\n#"])
    assert _rules(["###.", "....", "###."], p) == ["shape", "missing"]


def test_touching_pieces_read_as_one_wrong_group():
    p = Puzzle.make(3, 4, ["###", "#\n#"])
    r = _rules(["###.", "#...", "#..."], p)      # tromino and domino touch: one L5
    assert r == ["shape", "missing", "missing"]


def test_missing_piece():
    p = Puzzle.make(3, 4, ["###", "#\n#", "#"])
    assert _rules(["###.", "....", "##.."], p) == ["missing"]


def test_split_park():
    p = Puzzle.make(3, 3, ["###"])
    assert _rules(["...", "###", "..."], p) == ["park"]
    assert _rules(["...", "###", "..."], p.with_drop(["park"])) == []


def test_every_rule_has_a_failing_board():
    p = Puzzle.make(3, 3, ["###"], black=[0], white=[8])
    seen = set()
    for grid in (["...", "###", "..."], ["###", "...", "..#"], ["#..", "...", "..."],
                 ["...", "...", "..."]):
        seen |= set(_rules(grid, p))
    assert seen == set(RULES)


def test_empty_park_is_connected():
    p = Puzzle.make(1, 1, ["#"])
    assert _rules(["#"], p) == []


def test_shapes_up_to_rotation_and_reflection():
    assert canonical([(0, 0), (1, 0), (1, 1), (1, 2)]) == NAMED["L4"]
    assert len(orientations(NAMED["F5"])) == 8 and len(orientations(NAMED["X5"])) == 1
    assert piece_rows(NAMED["T4"]) in (["###", ".#."], [".#.", "###"], ["#.", "##", "#."],
                                       [".#", "##", ".#"])
    assert labelled_factor([NAMED["I4"]] * 3 + [NAMED["L4"]] * 2) == 12


def test_json_round_trip_and_order_free_bag():
    p = Puzzle.from_json(P.to_json())
    assert p == P and hash(p) == hash(P)
    q = Puzzle.from_json({"size": [3, 4], "bag": [["#", "#"], ["###"]],
                          "black": [[0, 0], [2, 1]], "white": [[2, 2]]})
    assert q == P


@pytest.mark.parametrize("obj, words", [
    ([], "JSON object"),
    ({"size": [3, 3]}, "bag"),
    ({"size": [3, 3], "bag": [["#.#"]]}, "connected"),
    ({"size": [3, 3], "bag": [["..."]]}, "no squares"),
    ({"size": [3, 3], "bag": [["#x"]]}, "neither"),
    ({"size": [3, 3], "bag": [[]]}, "non-empty"),
    ({"size": [3, 3], "bag": [["#"]], "black": [[0, 0]], "white": [[0, 0]]}, "already"),
    ({"size": [3, 3], "bag": [["#"]], "black": [[3, 0]]}, "black[0][0]"),
    ({"size": [3, 3], "bag": [["#"]], "black": [[True, 0]]}, "black[0][0]"),
    ({"size": [3, 3], "bag": [["#"]], "drop": ["rect"]}, "drop[0]"),
    ({"size": [300, 300], "bag": []}, "size"),
    ({"size": [3, 3], "bag": [["#"]] * 101}, "more than"),
])
def test_strict_reading(obj, words):
    with pytest.raises(InputError) as e:
        Puzzle.from_json(obj)
    assert words in str(e.value) and "\n" not in str(e.value)
