"""The referee (one failing board per rule), strict input, the readings of rule 4."""
import numpy as np
import pytest

from puzzlekit.stostone.certify import ARCH, arch, witness
from puzzlekit.stostone.model import (
    Answer,
    InputError,
    Puzzle,
    balanced,
    below_counts,
    check,
    convex,
    lands,
    rule4_ok,
    stones,
)

ARCH_REGIONS = [[0, 0, 0], [0, 0, 0], [1, 1, 1], [1, 1, 1]]

FIXTURES = [
    ("stone", [[0, 1], [0, 1]], {}, "none", ["#.", ".."]),          # a region with no stone
    ("stone", [[0], [0], [0], [0]], {}, "none", ["#", ".", "#", "."]),   # one with two
    ("touch", [[0, 1], [0, 1]], {}, "none", ["..", "##"]),
    ("size", [[0, 1], [0, 1]], {0: 2}, "exact", ["#.", ".#"]),
    ("column", [[0, 1]] * 4, {}, "count", ["#.", "#.", "#.", ".#"]),
    ("hole", [[0, 0]] * 6, {}, "convex", ["##", ".#", "##", "#.", "..", ".."]),
    ("land", ARCH_REGIONS, {}, "exact", list(ARCH)),
]


@pytest.mark.parametrize("rule,regions,numbers,r4,grid", FIXTURES)
def test_each_rule_is_named_alone(rule, regions, numbers, r4, grid):
    p = Puzzle.make(np.array(regions), numbers, r4)
    assert {v.rule for v in check(p, Answer.from_json({"grid": grid}))} == {rule}


def test_every_rule_has_a_fixture():
    from puzzlekit.stostone.model import RULES
    assert {f[0] for f in FIXTURES} == set(RULES)


def test_a_hole_is_a_bad_landing_under_exact():
    p = Puzzle.make(np.array([[0, 0]] * 6))
    a = Answer.from_json({"grid": ["##", ".#", "##", "#.", "..", ".."]})
    assert {v.rule for v in check(p, a)} == {"land"}
    assert check(p.with_rule4("count"), a) == []


def test_a_legal_answer_passes():
    p = Puzzle.make(np.array([[0, 1], [0, 1]]), {0: 1})
    assert check(p, Answer.from_json({"grid": ["#.", ".#"]})) == []


def test_the_arch_separates_convex_from_exact():
    g = arch()
    assert balanced(4, 3, g) and all(convex(4, 3, s) for s in stones(4, 3, g))
    assert not lands(4, 3, g) and witness(4, 3, g)
    p = Puzzle.make(np.array(ARCH_REGIONS))
    a = Answer.from_json({"grid": list(ARCH)})
    assert check(p.with_rule4("convex"), a) == []
    assert check(p.with_rule4("count"), a) == []
    assert [v.rule for v in check(p, a)] == ["land"]


def test_readings_are_nested():
    rng = np.random.default_rng(0)
    for _ in range(300):
        g = rng.random(24) < 0.5
        ok = [rule4_ok(6, 4, g, r) for r in ("exact", "convex", "count", "none")]
        assert ok == sorted(ok)               # exact implies convex implies count implies none


def test_below_counts():
    assert below_counts(4, 1, [1, 0, 1, 1]).tolist() == [2, 2, 1, 0]


@pytest.mark.parametrize("obj,msg", [
    ({"size": [3, 2], "regions": [[0, 0], [0, 0], [0, 0]]}, "even"),
    ({"size": [2, 2], "regions": [[0, 0], [1, 1]], "numbers": [[0, 0, 3]]}, "outside 1..2"),
    ({"size": [2, 2], "regions": [[0, 0], [1, 1]], "numbers": [[0, 0, True]]}, "numbers[0][2]"),
    ({"size": [2, 2], "regions": [[0, 0], [1, 1]], "numbers": [[0, 0, 1], [0, 1, 1]]},
     "second number"),
    ({"size": [2, 2], "regions": [[0, 0], [1, 1]], "rule4": "gravity"}, "rule4"),
    ({"size": [2, 2], "regions": [[0, 0], [1, 1.5]]}, "regions[1][1]"),
    ({"size": [10 ** 9, 10 ** 9], "regions": [[0]]}, "size"),
    ([1, 2], "JSON object"),
])
def test_strict_input(obj, msg):
    with pytest.raises(InputError) as e:
        Puzzle.from_json(obj)
    assert msg in str(e.value) and "\n" not in str(e.value)


def test_json_round_trip():
    p = Puzzle.make(np.array([[0, 0, 1], [2, 2, 1]]), {0: 2, 1: None}, "convex")
    assert Puzzle.from_json(p.to_json()) == p
    a = Answer.from_mask(2, 3, np.array([1, 0, 0, 0, 1, 1], bool))
    assert Answer.from_json(a.to_json()) == a
