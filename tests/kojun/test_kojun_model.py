"""Referee fixtures (one failing board per rule), JSON round trips, strict input."""
import json

import pytest

from puzzlekit.core.referee import InputError
from puzzlekit.kojun import RULES, Answer, Puzzle, check

# a column region down the left, two L regions beside it; GOOD is the only answer
REG = [[0, 1, 1], [0, 2, 1], [0, 2, 2]]
GOOD = [[3, 1, 3], [2, 3, 2], [1, 2, 1]]


def _legal_good():
    p = Puzzle.from_json({"size": [3, 3], "regions": REG})
    return p, check(p, Answer.from_json({"grid": GOOD}))


FIXTURES = [
    ("range", {}, [[3, 1, 3], [2, 3, 2], [1, 2, 4]]),
    ("repeat", {}, [[3, 2, 3], [2, 3, 2], [1, 2, 1]]),
    ("adjacent", {}, [[3, 1, 3], [2, 3, 2], [1, 1, 2]]),
    ("order", {}, [[1, 2, 1], [3, 1, 3], [2, 3, 2]]),
    ("given", {"givens": [[0, 1, 2]]}, GOOD),
    (None, {"givens": [[0, 1, 1], [2, 2, 1]]}, GOOD),
]


def test_the_good_grid_is_legal():
    assert _legal_good()[1] == []


@pytest.mark.parametrize("rule,givens,grid", FIXTURES, ids=[str(f[0]) for f in FIXTURES])
def test_referee_names_each_rule(rule, givens, grid):
    p = Puzzle.from_json({"size": [3, 3], "regions": REG, **givens})
    rules = {v.rule for v in check(p, Answer.from_json({"grid": grid}))}
    assert rules == (set() if rule is None else {rule})


def test_every_rule_has_a_fixture():
    assert {f[0] for f in FIXTURES} - {None} == set(RULES)


def test_round_trip():
    obj = {"size": [3, 3], "regions": REG, "givens": [[0, 1, 1], [2, 2, 1]]}
    p = Puzzle.from_json(obj)
    again = Puzzle.from_json(json.loads(json.dumps(p.to_json())))
    assert again == p and again.to_json() == p.to_json()


@pytest.mark.parametrize("obj,needle", [
    ({"regions": [[0, 0], [1, 1]], "givens": [[0, 0, 3]]}, "outside 1..2"),
    ({"regions": REG, "givens": [[0, 0, True]]}, "givens[0][2]"),
    ({"regions": REG, "givens": [[0, 0, 2], [0, 0, 1]]}, "two digits"),
    ({"regions": REG, "givens": [[3, 0, 1]]}, "givens[0][0]"),
    ({"regions": [[0] * 7] * 6}, "more than the 36"),
    ({"size": [2, 3], "regions": REG}, "size given"),
    ({"regions": [[0, 1], [2]]}, "regions[1]"),
])
def test_strict_refusals(obj, needle):
    with pytest.raises(InputError) as exc:
        Puzzle.from_json(obj)
    assert needle in str(exc.value) and "\n" not in str(exc.value)


def test_answer_of_the_wrong_size_is_refused():
    p = Puzzle.from_json({"regions": REG})
    with pytest.raises(InputError):
        check(p, Answer.from_json({"grid": [[1, 2]]}))
