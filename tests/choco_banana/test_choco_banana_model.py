"""The referee (one failing board per rule), strict input, the URL codec."""
import numpy as np
import pytest

from puzzlekit.choco_banana import url
from puzzlekit.choco_banana.model import (
    Answer,
    InputError,
    Puzzle,
    banana_areas,
    bar_areas,
    check,
    size_map,
)

FIXTURES = [
    ("rect", {"size": [2, 3], "clues": []}, ["##.", "#.."]),
    ("banana", {"size": [2, 3], "clues": []}, ["#..", "#.."]),
    ("size", {"size": [2, 3], "clues": [[0, 0, 1]]}, ["##.", "..."]),
]


@pytest.mark.parametrize("rule,board,grid", FIXTURES)
def test_each_rule_is_named_alone(rule, board, grid):
    got = {v.rule for v in check(Puzzle.from_json(board), Answer.from_json({"grid": grid}))}
    assert got == {rule}


def test_a_legal_answer_passes():
    p = Puzzle.from_json({"size": [2, 3], "clues": [[0, 0, 2], [0, 1, 3]]})
    assert check(p, Answer.from_json({"grid": ["#..", "#.#"]})) == []
    assert [v.rule for v in check(p, Answer.from_json({"grid": ["##.", "..."]}))] == ["size"]


def test_dropped_rules_are_not_reported():
    a = Answer.from_json({"grid": ["##.", "#.."]})
    assert {v.rule for v in check(Puzzle.make(2, 3), a)} == {"rect"}
    assert check(Puzzle.make(2, 3, drop=["rect"]), a) == []
    b = Answer.from_json({"grid": ["#..", "#.."]})
    assert check(Puzzle.make(2, 3, drop=["banana"]), b) == []


@pytest.mark.parametrize("obj,msg", [
    ({"size": [2, True]}, "size[1]"),
    ({"size": [2, 2], "clues": [[0, 0, 5]]}, "clues[0][2]"),
    ({"size": [2, 2], "clues": [[0, 0, 0]]}, "clues[0][2]"),
    ({"size": [2, 2], "clues": [[0, 0, 1.0]]}, "clues[0][2]"),
    ({"size": [2, 2], "clues": [[0, 0, 1], [0, 0, 2]]}, "two clues"),
    ({"size": [2, 2], "drop": ["size"]}, "drop[0]"),
    ({"size": [60, 2]}, "side"),
    ({"size": [10 ** 9, 10 ** 9]}, "size"),
])
def test_strict_input(obj, msg):
    with pytest.raises(InputError) as e:
        Puzzle.from_json(obj)
    assert msg in str(e.value) and "\n" not in str(e.value)


def test_json_round_trip():
    p = Puzzle.make(3, 4, {0: 6, 5: None, 11: 2}, drop=["banana"])
    assert Puzzle.from_json(p.to_json()) == p
    a = Answer.from_mask(3, 4, np.arange(12) % 3 == 0)
    assert Answer.from_json(a.to_json()) == a


def test_areas_and_size_map():
    assert sorted(bar_areas(3, 3)) == [1, 2, 3, 4, 6, 9]
    assert banana_areas(1, 7) == set() and banana_areas(2, 3) == {3, 4, 5}
    assert size_map(2, 2, [1, 0, 0, 0]).tolist() == [1, 3, 3, 3]


def test_url_worked_example_and_round_trip():
    p = url.decode("https://puzz.link/p?cbanana/5/5/g13t6h6i1")
    assert p.clues == {1: 1, 2: 3, 17: 6, 20: 6, 24: 1}
    assert url.encode(p) == "https://puzz.link/p?cbanana/5/5/g13t6h6i1"
    q = Puzzle.make(4, 5, {0: None, 7: 20, 19: 1})
    assert url.decode(url.encode(q)) == q


@pytest.mark.parametrize("bad", [
    "https://puzz.link/p?cbanana/5/5/g13t6h6i1zz",      # runs past the board
    "https://puzz.link/p?cbanana/5/5/g13t6h6i1!",       # undefined character
    "https://puzz.link/p?cbanana/2/2/-20i",             # 32 on a 4-cell board
    "https://puzz.link/p?cbanana/2/2/0i",               # 0 is no size
    "https://puzz.link/p?nanro/2/2/1",                  # another genre
    "https://puzz.link/p?cbanana/x/2/2/1",              # flags it does not have
])
def test_url_refusals_are_one_line(bad):
    with pytest.raises(InputError) as e:
        url.decode(bad)
    assert "\n" not in str(e.value)


def test_url_refuses_dropped_rules():
    with pytest.raises(InputError):
        url.encode(Puzzle.make(2, 2, drop=["rect"]))
