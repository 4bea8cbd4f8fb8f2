"""The puzz.link codec: the worked example, round trips, refusals."""
import numpy as np
import pytest

from puzzlekit.core import banks
from puzzlekit.io.puzzlink import PuzzlinkError
from puzzlekit.stostone import url
from puzzlekit.stostone.model import Puzzle


def test_the_worked_example():
    p = url.decode(url.EXAMPLE)
    assert p.regions.reshape(6, 6).tolist() == [
        [0, 0, 0, 1, 1, 1], [2, 2, 2, 2, 3, 1], [2, 2, 2, 2, 3, 1],
        [4, 4, 2, 2, 3, 3], [4, 4, 5, 5, 3, 3], [6, 4, 5, 5, 3, 3]]
    assert p.numbers == {0: 3, 2: 4, 3: 3, 4: 3}
    assert url.encode(p) == url.EXAMPLE


def test_question_marks_round_trip():
    p = Puzzle.make(np.array([[0, 0, 1], [2, 2, 1]]), {0: None, 1: 2})
    assert url.decode(url.encode(p)) == p


@pytest.mark.parametrize("u,msg", [
    ("https://puzz.link/p?stostone/3/3/00000", "even height"),
    ("https://puzz.link/p?cojun/6/6/433aaqv064p03g433h", "genre id"),
    ("https://puzz.link/p?stostone/6/6/433aaqv064p09g433h", "out of range"),
    ("https://puzz.link/p?stostone/6/6/433aaqv064p03g433hzz", "unread"),
    ("https://puzz.link/p?stostone/6/6/433aaq", "truncated"),
    ("https://puzz.link/p?stostone/6/6/433aaqv064p03g433h!", "unread"),
])
def test_refusals(u, msg):
    with pytest.raises(PuzzlinkError) as e:
        url.decode(u)
    assert msg in str(e.value) and "\n" not in str(e.value)


def test_other_readings_are_refused_by_encode():
    p = Puzzle.make(np.array([[0, 1], [0, 1]]), {}, "convex")
    with pytest.raises(PuzzlinkError):
        url.encode(p)


def test_bank_boards_round_trip():
    es = banks.load("stostone")
    for e in es:
        p = Puzzle.from_json(e["clues"])
        assert url.decode(url.encode(p)) == p
