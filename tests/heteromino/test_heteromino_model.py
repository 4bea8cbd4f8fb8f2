"""The referee names each broken rule; JSON is read strictly."""
import pytest

from puzzlekit.core.referee import InputError
from puzzlekit.heteromino.model import Answer, Puzzle, check, placements, shape_of

P23 = Puzzle.from_json({"size": [2, 3], "black": []})
GOOD = [[(0, 0), (0, 1), (1, 0)], [(0, 2), (1, 1), (1, 2)]]

FIXTURES = [
    ("off-board", P23, GOOD + [[(5, 5), (5, 6), (5, 7)]]),
    ("black", Puzzle.from_json({"size": [2, 3], "black": [[1, 2]]}), GOOD),
    ("shape", P23, [[(0, 0), (0, 1), (1, 2)], [(0, 2), (1, 0), (1, 1)]]),
    ("overlap", P23, GOOD + [[(0, 0), (0, 1), (1, 0)]]),
    ("uncovered", P23, [[(0, 0), (0, 1), (1, 0)]]),
    ("same-shape", P23, [[(0, 0), (0, 1), (0, 2)], [(1, 0), (1, 1), (1, 2)]]),
    (None, P23, GOOD),
]


@pytest.mark.parametrize("rule,puzzle,pieces", FIXTURES)
def test_referee_names_each_rule(rule, puzzle, pieces):
    got = {v.rule for v in check(puzzle, Answer.make(pieces))}
    assert got == ({rule} if rule else set())


def test_same_shape_is_as_drawn_and_black_cells_are_walls():
    # a rotated L is another shape: the two Ls of a 2x3 block may touch
    assert not check(P23, Answer.make(GOOD))
    # two horizontal bars on either side of a black row do not touch
    p = Puzzle.from_json({"size": [3, 3], "black": [[1, 0], [1, 1], [1, 2]]})
    a = Answer.make([[(0, 0), (0, 1), (0, 2)], [(2, 0), (2, 1), (2, 2)]])
    assert not check(p, a)


def test_rule_switches():
    bars = Answer.make([[(0, 0), (0, 1), (0, 2)], [(1, 0), (1, 1), (1, 2)]])
    assert not check(P23.with_rule("packing"), bars)
    assert [v.rule for v in check(P23.with_rule("lits"), Answer.make(GOOD))] == ["same-shape"]


def test_shapes_and_placements():
    trominoes = ([(0, 0), (0, 1), (0, 2)], [(0, 0), (1, 0), (2, 0)],
                 [(0, 0), (0, 1), (1, 0)], [(0, 0), (0, 1), (1, 1)],
                 [(0, 0), (1, 0), (1, 1)], [(0, 1), (1, 0), (1, 1)])
    assert [shape_of(s) for s in trominoes] == list(range(6))
    # an interior cell of a big board lies in 18 pieces: 6 shapes x 3 cells
    pl = placements(Puzzle.make(7, 7))
    assert sum(24 in row[1:] for row in pl.tolist()) == 18


@pytest.mark.parametrize("obj", [
    {}, {"size": [2]}, {"size": [True, 3]}, {"size": [2, 3.0]}, {"size": [0, 3]},
    {"size": [2000, 2000]}, {"size": [2, 3], "black": [[0, 3]]},
    {"size": [2, 3], "black": [[0, 0], [0, 0]]}, {"size": [2, 3], "black": [["0", 1]]},
    {"size": [2, 3], "rule": "tetromino"}, {"size": [2, 3], "extra": 1}, [1, 2]])
def test_bad_puzzles_are_refused_in_one_line(obj):
    with pytest.raises(InputError) as e:
        Puzzle.from_json(obj)
    assert len(str(e.value).splitlines()) == 1


@pytest.mark.parametrize("obj", [{}, {"pieces": [[[0, 0], [0, 1]]]},
                                 {"pieces": [[[0, 0], [0, 1], [0, True]]]}, {"pieces": 3}])
def test_bad_answers_are_refused(obj):
    with pytest.raises(InputError):
        Answer.from_json(obj)


def test_json_round_trips():
    p = Puzzle.from_json({"size": [3, 4], "black": [[0, 0], [2, 3], [1, 1]], "rule": "lits"})
    assert Puzzle.from_json(p.to_json()) == p
    a = Answer.make(GOOD[::-1])
    assert Answer.from_json(a.to_json()) == a
    assert a.to_json()["pieces"][0] == [[0, 0], [0, 1], [1, 0]]
