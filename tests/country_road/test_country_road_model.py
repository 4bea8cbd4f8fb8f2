"""Country Road model: JSON, strict reading, and one failing board per rule."""
import numpy as np
import pytest

from puzzlekit.core.referee import InputError
from puzzlekit.country_road.model import RULES, Answer, Puzzle, check

# 2x3: country 0 = the left 2x2, country 1 = the right column
P = {"size": [2, 3], "regions": [[0, 0, 1], [0, 0, 1]], "clues": [[0, 0, 4]]}
GOOD = {"right": [[1, 1], [1, 1]], "down": [[1, 0, 1]]}


def rules_of(puzzle, ans):
    return {v.rule for v in check(Puzzle.from_json(puzzle), Answer.from_json(ans))}


def test_good_answer_passes():
    assert rules_of(P, GOOD) == set()


FIXTURES = [
    ("loop", P, {"right": [[1, 1], [1, 1]], "down": [[1, 1, 1]]}),          # branches
    ("loop", {"size": [2, 4], "regions": [[0, 0, 1, 1], [0, 0, 1, 1]]},
     {"right": [[1, 0, 1], [1, 0, 1]], "down": [[1, 1, 1, 1]]}),           # two loops
    ("missed", {"size": [2, 3], "regions": [[0, 0, 1], [0, 0, 1]]},
     {"right": [[1, 0], [1, 0]], "down": [[1, 1, 0]]}),
    ("twice", {"size": [3, 3], "regions": [[0, 1, 2], [0, 1, 2], [0, 1, 2]]},
     {"right": [[1, 1], [0, 0], [1, 1]], "down": [[1, 0, 1], [1, 0, 1]]}),
    ("count", {"size": [2, 3], "regions": [[0, 0, 1], [0, 0, 1]], "clues": [[0, 2, 1]]}, GOOD),
    ("facing", {"size": [2, 4], "regions": [[0, 0, 1, 2], [0, 0, 1, 2]], "skip": True},
     {"right": [[1, 0, 0], [1, 0, 0]], "down": [[1, 1, 0, 0]]}),
]


@pytest.mark.parametrize("rule,puzzle,ans", FIXTURES)
def test_each_rule_has_a_failing_board(rule, puzzle, ans):
    assert rule in RULES
    assert rule in rules_of(puzzle, ans)


def test_every_rule_has_a_fixture():
    assert {r for r, _, _ in FIXTURES} == set(RULES)


def test_skip_allows_a_missed_country():
    q = dict(P, clues=[], skip=True)
    a = {"right": [[1, 0], [1, 0]], "down": [[1, 1, 0]]}
    assert "missed" not in rules_of(q, a)
    assert "missed" in rules_of(dict(q, skip=False), a)


def test_json_round_trip():
    p = Puzzle.from_json(dict(P, marks=[[0, 2]], skip=True))
    assert Puzzle.from_json(p.to_json()) == p
    a = Answer.from_json(GOOD)
    assert Answer.from_json(a.to_json()) == a


@pytest.mark.parametrize("bad,msg", [
    (dict(P, clues=[[0, 0, True]]), "integer"),
    (dict(P, clues=[[0, 0, 5]]), "outside"),
    (dict(P, regions=[[0, 1, 0], [0, 1, 0]]), "not connected"),
    (dict(P, skip="yes"), "skip"),
    (dict(P, size=[3, 3]), "size"),
    ([1, 2], "object"),
    ({"size": [200, 200], "regions": [[0]]}, "more than"),
])
def test_bad_puzzles_are_refused_in_one_line(bad, msg):
    with pytest.raises(InputError) as e:
        Puzzle.from_json(bad)
    assert msg in str(e.value) and "\n" not in str(e.value)


@pytest.mark.parametrize("bad", [{"right": [[1, 2]], "down": []}, {"right": [[1]]},
                                 {"right": [[1, 1]], "down": [[1, 1]]}, {"right": [[1.0, 1]],
                                                                         "down": []}])
def test_bad_answers_are_refused(bad):
    with pytest.raises(InputError):
        Answer.from_json(bad)


def test_answer_cells_must_agree_with_edges():
    p = Puzzle.from_json(P)
    a = Answer.from_json(GOOD)
    cells = np.ones(6, dtype=bool)
    cells[0] = True
    assert check(p, Answer(a.h, a.w, a.edges, cells=cells)) == []
    cells[1] = False
    assert "loop" in {v.rule for v in check(p, Answer(a.h, a.w, a.edges, cells=cells))}
