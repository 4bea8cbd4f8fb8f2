"""The model: strict JSON, the referee (one failing board per rule), and rule
3's asymmetry on every bank board."""
import json

import numpy as np
import pytest

from puzzlekit.core import banks
from puzzlekit.core.referee import InputError
from puzzlekit.yajisan_kazusan import Answer, Puzzle, check
from puzzlekit.yajisan_kazusan.model import count_beyond

P = Puzzle.from_json({"size": [3, 3], "clues": [[0, 0, "R", 1], [2, 2, "U", 5]]})
FIXTURES = [  # (rule broken, answer) on P; None = legal
    ("touch", ["##.", "...", "..#"]),
    ("split", [".#.", "#..", "..#"]),
    ("count", ["...", "...", "..#"]),
    (None, ["..#", "#..", "..#"]),
]


@pytest.mark.parametrize("rule, grid", FIXTURES)
def test_referee_names_each_broken_rule(rule, grid):
    got = [v.rule for v in check(P, Answer.from_json({"grid": grid}))]
    assert got == ([] if rule is None else [rule])


def test_no_shade_switch():
    q = Puzzle.from_json({"size": [2, 2], "need_shade": True})
    assert [v.rule for v in check(q, Answer.from_json({"grid": ["..", ".."]}))] == ["no-shade"]
    assert check(q.with_clues({}).__class__(2, 2), Answer.from_json({"grid": ["..", ".."]})) == []
    assert check(q, Answer.from_json({"grid": ["#.", ".."]})) == []


def test_all_shaded_single_cell_is_split():
    shaded = Answer.from_json({"grid": ["#"]})
    assert [v.rule for v in check(Puzzle.make(1, 1), shaded)] == ["split"]


def test_an_exempt_clue_is_never_reported():
    a = Answer.from_json({"grid": ["#..", "..#", "#.."]})
    q = P.with_clues({0: (4, 99), 5: (1, 0), 6: (2, 7)})
    assert check(q, a) == []


def test_bare_numbers_and_question_marks_say_nothing():
    q = Puzzle.from_json({"size": [1, 3], "clues": [[0, 0, ".", 3], [0, 1, "R", None]]})
    for g in ("...", "..#", "#.."):
        assert check(q, Answer.from_json({"grid": [g]})) == []


def test_rule_three_asymmetry_on_the_bank():
    """Rewrite an exempt clue to any number: the answer survives; move a
    binding clue by one: it dies."""
    tried = {"exempt": 0, "binding": 0}
    for e in banks.load("yajisan_kazusan"):
        p, a = Puzzle.from_json(e["clues"]), Answer.from_json(e["answer"])
        for c, (d, v) in p.clues.items():
            for alt in ([0, 1, 7, 4095] if a.shaded[c] else [v - 1, v + 1]):
                if alt < 0:
                    continue
                q = p.with_clues({**p.clues, c: (d, alt)})
                assert (check(q, a) == []) == bool(a.shaded[c]), (e["id"], c, alt)
                tried["exempt" if a.shaded[c] else "binding"] += 1
    assert tried["exempt"] > 100 and tried["binding"] > 100


@pytest.mark.parametrize("obj, msg", [
    ({}, "size"), ([], "object"), ({"size": [3, True]}, "size[1]"),
    ({"size": [3, 3.0]}, "size[1]"), ({"size": [0, 3]}, "size[0]"),
    ({"size": [200, 200]}, "more than"), ({"size": [1, 101]}, "longer"),
    ({"size": [2, 2], "clues": [[0, 0, "X", 1]]}, "clues[0][2]"),
    ({"size": [2, 2], "clues": [[0, 0, "R", -1]]}, "clues[0][3]"),
    ({"size": [2, 2], "clues": [[0, 0, "R", 5000]]}, "clues[0][3]"),
    ({"size": [2, 2], "clues": [[0, 2, "R", 1]]}, "clues[0][1]"),
    ({"size": [2, 2], "clues": [[0, 0, "R", 1], [0, 0, "L", 1]]}, "two clues"),
    ({"size": [2, 2], "clues": [[0, 0, "R"]]}, "clues[0]"),
    ({"size": [2, 2], "need_shade": 1}, "need_shade"),
])
def test_strict_puzzle_json(obj, msg):
    with pytest.raises(InputError) as exc:
        Puzzle.from_json(obj)
    assert msg in str(exc.value) and "\n" not in str(exc.value)


@pytest.mark.parametrize("obj", [{}, {"grid": []}, {"grid": ["#x"]}, {"grid": ["#.", "."]},
                                 {"grid": [1]}])
def test_strict_answer_json(obj):
    with pytest.raises(InputError):
        Answer.from_json(obj)


def test_json_round_trip():
    obj = {"size": [2, 3], "clues": [[0, 0, "R", 1], [1, 2, ".", None]], "need_shade": True}
    assert Puzzle.from_json(json.loads(json.dumps(obj))).to_json() == obj
    assert count_beyond(P, np.array([0, 0, 1, 0, 0, 0, 0, 0, 0], bool), 0) == 1
