"""Referee fixtures (one failing board per rule), JSON round trips, CLI errors."""
import json
import subprocess
import sys

import numpy as np
import pytest

from puzzlekit.core.referee import InputError
from puzzlekit.numbrix import RULES, Answer, Puzzle, check
from puzzlekit.numbrix.model import is_answer

PUZ = Puzzle.from_json({"rows": 2, "cols": 3, "grid": [[1, 0, 3], [0, 0, 0]]})
GOOD = [[1, 2, 3], [6, 5, 4]]

FIXTURES = [
    ("range", [[1, 2, 3], [7, 5, 4]]),
    ("duplicate", [[1, 2, 3], [5, 5, 4]]),
    ("missing", [[1, 2, 3], [5, 5, 4]]),
    ("adjacent", [[1, 2, 3], [5, 6, 4]]),
    ("clue", [[2, 1, 6], [3, 4, 5]]),
    (None, GOOD),
]


@pytest.mark.parametrize("rule,grid", FIXTURES)
def test_referee_names_each_rule(rule, grid):
    broken = {v.rule for v in check(PUZ, Answer.from_json({"grid": grid}))}
    if rule is None:
        assert broken == set()
    else:
        assert rule in broken


def test_every_rule_has_a_fixture():
    assert {r for r, _ in FIXTURES if r} == set(RULES)


def test_clue_fixture_breaks_only_the_clue():
    answer = Answer.from_json({"grid": FIXTURES[4][1]})
    assert [v.rule for v in check(PUZ, answer)] == ["clue", "clue"]


def test_round_trip_and_fast_check_agree():
    assert Puzzle.from_json(PUZ.to_json()).to_json() == PUZ.to_json()
    a = Answer.from_json({"grid": GOOD})
    assert Answer.from_path(2, 3, a.path()).to_json() == a.to_json()
    for rule, grid in FIXTURES[:4]:
        assert not is_answer(np.array(grid), 2, 3)
    assert is_answer(np.array(GOOD), 2, 3)


@pytest.mark.parametrize("obj", [
    [], {"rows": 2, "cols": 2}, {"rows": 2, "cols": 2, "grid": [[1, 0], [0]]},
    {"rows": 2, "cols": 2, "grid": [[1, 0], [0, 9]]},
    {"rows": 2, "cols": 2, "grid": [[1, 1], [0, 0]]},
    {"rows": 3, "cols": 2, "grid": [[1, 0], [0, 0]]}, {"rows": 1, "cols": 2, "grid": [["a", 0]]},
])
def test_bad_puzzles_raise_input_error(obj):
    with pytest.raises(InputError):
        Puzzle.from_json(obj)


def test_shape_mismatch_raises():
    with pytest.raises(InputError):
        check(PUZ, Answer.from_json({"grid": [[1, 2], [4, 3]]}))


def test_cli_check_and_bad_input(tmp_path):
    p, a, bad = tmp_path / "p.json", tmp_path / "a.json", tmp_path / "bad.json"
    p.write_text(json.dumps(PUZ.to_json()))
    a.write_text(json.dumps({"grid": GOOD}))
    bad.write_text("{not json")

    def run(*args):
        """The CLI's completed process."""
        return subprocess.run([sys.executable, "-m", "puzzlekit", *args],
                              capture_output=True, text=True)

    ok = run("check", "numbrix", str(p), str(a), "--json")
    assert ok.returncode == 0 and json.loads(ok.stdout)["ok"] is True
    r = run("solve", "numbrix", str(bad))
    assert r.returncode == 2 and r.stderr.count("\n") == 1
    r = run("solve", "numbrix", str(p), "--count", "5", "--json")
    assert r.returncode == 0 and json.loads(r.stdout)["count"] == 1
