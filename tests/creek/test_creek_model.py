"""The Creek referee, one failing board per rule, and strict JSON."""
import json

import numpy as np
import pytest

from puzzlekit.core.referee import InputError
from puzzlekit.creek import RULES, Answer, Puzzle, check, clue_field, full_puzzle

N = None
BOARD = {"h": 2, "w": 3, "clues": [[1, N, N, 0], [N, 3, N, N], [N, N, N, N]]}
GOOD = ["##.", "#.."]
FIXTURES = [  # (rule, puzzle json, answer rows)
    ("corner-count", BOARD, ["#..", "#.."]),
    ("creek-split", BOARD, ["##.", ".#."]),
    ("no-shade", {"h": 1, "w": 2, "clues": [[0, N, N], [N, N, N]], "shade_required": True},
     [".."]),
    (None, BOARD, GOOD),
]


@pytest.mark.parametrize("rule,pz,rows", FIXTURES)
def test_referee_names_each_broken_rule(rule, pz, rows):
    got = [v.rule for v in check(Puzzle.from_json(pz), Answer.from_json({"grid": rows}))]
    assert got == ([] if rule is None else [rule])


def test_fixtures_cover_every_rule():
    assert {r for r, _, _ in FIXTURES if r} == set(RULES)


def test_all_shaded_counts_unless_switched_off():
    p = Puzzle.from_json({"h": 1, "w": 1, "clues": [[N, N], [N, N]]})
    assert check(p, Answer.from_json({"grid": ["#"]})) == []
    assert check(p, Answer.from_json({"grid": ["."]})) == []
    q = Puzzle.from_json({"h": 1, "w": 1, "clues": [[N, N], [N, N]], "shade_required": True})
    assert [v.rule for v in check(q, Answer.from_json({"grid": ["."]}))] == ["no-shade"]


def test_full_clue_field_of_an_answer_is_legal_for_it():
    x = np.array([[1, 0, 0], [1, 1, 0]])
    p = full_puzzle(x)
    assert p.n_clues == 12 and check(p, Answer(x)) == []
    assert clue_field(x)[1, 1] == 3


def test_json_round_trip():
    p = Puzzle.from_json(BOARD)
    assert Puzzle.from_json(json.loads(json.dumps(p.to_json()))) == p
    a = Answer.from_json({"grid": GOOD})
    assert Answer.from_json(a.to_json()) == a


@pytest.mark.parametrize("bad,msg", [
    ({"h": 2, "w": 3}, "lacks the key 'clues'"),
    ({**BOARD, "h": True}, "h: expected an integer"),
    ({**BOARD, "w": 3.0}, "w: expected an integer"),
    ({**BOARD, "clues": [[1, N, N, 0]]}, "clues: expected a list of 3"),
    ({**BOARD, "clues": [[2, N, N, 0], [N, 3, N, N], [N, N, N, N]]}, "clues[0][0]"),
    ({**BOARD, "clues": [[1, N, N, 0], [N, 5, N, N], [N, N, N, N]]}, "clues[1][1]"),
    ({**BOARD, "clues": [[1, N, N, 0], [N, "3", N, N], [N, N, N, N]]}, "expected an integer"),
    ({**BOARD, "shade_required": 1}, "shade_required"),
    ({"h": 10 ** 6, "w": 10 ** 6, "clues": []}, "h"),
    ([1, 2], "JSON object"),
])
def test_strict_refusals(bad, msg):
    with pytest.raises(InputError) as e:
        Puzzle.from_json(bad)
    assert msg in str(e.value) and len(str(e.value).splitlines()) == 1


@pytest.mark.parametrize("bad", [{"grid": ["#x"]}, {"grid": ["#", "##"]}, {"grid": []}, {}])
def test_bad_answers_refused(bad):
    with pytest.raises(InputError):
        Answer.from_json(bad)
