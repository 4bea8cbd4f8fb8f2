"""Referee fixtures (one failing board per rule), JSON round trips, bad input."""
import json

import numpy as np
import pytest

from puzzlekit.core.referee import InputError
from puzzlekit.nanro import Answer, Puzzle, answer_from_mask, check

REG = [[0, 0, 1], [2, 2, 1], [2, 3, 3]]
GOOD = [[2, 2, 1], [0, 1, 0], [0, 2, 2]]   # a legal answer

# a hand answer for each rule, each breaking exactly that rule
FIXTURES = [
    ("empty", {}, [[2, 2, 0], [0, 1, 0], [0, 2, 2]]),
    ("count", {}, [[2, 2, 1], [0, 1, 0], [0, 2, 1]]),
    ("connected", {}, [[2, 2, 1], [0, 0, 0], [1, 2, 2]]),
    ("block", {}, [[2, 2, 1], [3, 3, 0], [3, 2, 2]]),
    ("clash", {}, [[0, 1, 1], [2, 2, 0], [0, 1, 0]]),
    ("clue", {"clues": [[0, 2, 2]]}, GOOD),
    ("mark", {"marks": [[1, 0]]}, GOOD),
    ("hint", {"hints": [[0, 0, 1]]}, GOOD),
    ("blank", {"blanks": [[1, 1]]}, GOOD),
    (None, {"clues": [[0, 0, 2]], "marks": [[2, 1]], "hints": [[1, 2, 1]],
            "blanks": [[1, 0], [2, 0]]}, GOOD),
]


@pytest.mark.parametrize("rule,givens,grid", FIXTURES, ids=[str(f[0]) for f in FIXTURES])
def test_referee_names_each_rule(rule, givens, grid):
    p = Puzzle.from_json({"size": [3, 3], "regions": REG, **givens})
    rules = {v.rule for v in check(p, Answer.from_json({"grid": grid}))}
    assert rules == (set() if rule is None else {rule})


def test_round_trip():
    obj = {"size": [3, 3], "regions": REG, "clues": [[0, 0, 2]], "marks": [[2, 1]],
           "hints": [[1, 2, 1]], "blanks": [[2, 0], [1, 0]]}
    p = Puzzle.from_json(obj)
    again = Puzzle.from_json(json.loads(json.dumps(p.to_json())))
    assert again.to_json() == p.to_json() and again == p
    assert again.hints == p.hints and again.marks == p.marks and again.clues == p.clues
    assert again.blanks == p.blanks == {3, 6} and p.to_json()["blanks"] == [[1, 0], [2, 0]]
    assert p != p.with_givens(p.clues, p.marks, p.hints)           # blanks count
    assert hash(again) == hash(p) and len({p, again}) == 1
    a = answer_from_mask(p, np.array(GOOD).ravel() > 0)
    assert a.to_json() == {"grid": GOOD}
    assert Answer.from_json(a.to_json()).values.tolist() == a.values.tolist()


@pytest.mark.parametrize("obj", [
    [], {"size": [2, 2]}, {"regions": [[0, 0], [1]]}, {"regions": [[0, -1]]},
    {"regions": [[0, 0], [1, 1]], "clues": [[0, 0, 3]]},
    {"regions": [[0, 0], [1, 1]], "clues": [[5, 0, 1]]},
    {"regions": [[0, 0], [1, 1]], "clues": [[0, 0]]},
    {"regions": [[0, 0], [1, 1]], "hints": [[0, 0, 0]]},
    {"regions": [[0, 0], [1, 1]], "blanks": [[0, 2]]},
    {"regions": [[0, 0], [1, 1]], "blanks": [[0, 0, 1]]},
    {"regions": [[0, 0], [1, 1]], "blanks": [[0, True]]},
    {"regions": [[0, 0], [1, 1]], "blanks": {"0": 0}},
    {"regions": [[0, 0], [1, 1]], "clues": [[0, 0, 2]], "blanks": [[0, 0]]},
    {"regions": [[0, 0], [1, 1]], "marks": [[1, 1]], "blanks": [[1, 1]]},
    {"regions": [[0, 0], [1, 1]], "size": [3, 3]},
])
def test_bad_puzzles_raise_input_error(obj):
    with pytest.raises(InputError):
        Puzzle.from_json(obj)


def test_answer_of_wrong_shape():
    p = Puzzle.from_json({"regions": REG})
    with pytest.raises(InputError):
        check(p, Answer.from_json({"grid": [[0, 1]]}))


def test_blank_files_without_the_key_are_unchanged():
    p = Puzzle.from_json({"size": [3, 3], "regions": REG, "clues": [[0, 0, 2]]})
    assert "blanks" not in p.to_json() and p.blanks == frozenset()


def test_a_blank_beside_a_given_is_refused_in_one_line():
    with pytest.raises(InputError) as exc:
        Puzzle.from_json({"regions": REG, "clues": [[0, 0, 2]], "blanks": [[0, 0]]})
    assert "\n" not in str(exc.value) and "(0, 0)" in str(exc.value)
