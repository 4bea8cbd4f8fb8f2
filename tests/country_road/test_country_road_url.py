"""The puzz.link codec of Country Road (pid ``country``)."""
import pytest

import puzzlekit.country_road as cr
from puzzlekit.core import banks
from puzzlekit.io.puzzlink import PuzzlinkError

EX = "https://puzz.link/p?country/5/5/amda0uf02h12h"


def test_worked_example():
    p = cr.url.decode(EX)
    assert p.regions.reshape(5, 5).tolist() == [[0, 0, 1, 1, 2], [0, 0, 1, 1, 2],
                                                 [3, 4, 4, 4, 2], [3, 5, 5, 6, 6],
                                                 [3, 5, 5, 6, 6]]
    assert p.clues == {0: 2, 3: 1, 4: 2} and not p.skip
    assert cr.url.encode(p) == EX


def test_skip_flag_and_question_marks():
    p = cr.url.decode("https://puzz.link/p?country/e/5/5/amda0uf0.h12h/")
    assert p.skip and p.marks == {0}
    assert cr.url.encode(p) == "https://puzz.link/p?country/e/5/5/amda0uf0.h12h"
    assert cr.url.decode(cr.url.encode(p)) == p


def test_bank_round_trips():
    for e in banks.load("country_road"):
        p = cr.Puzzle.from_json(e["clues"])
        assert cr.url.decode(cr.url.encode(p)) == p


@pytest.mark.parametrize("bad", [
    "https://puzz.link/p?country/5/5/amda0uf0zh12h",          # a run of 20 leaves characters unread
    "https://puzz.link/p?country/x/5/5/amda0uf02h12h",
    "https://puzz.link/p?nanro/5/5/amda0uf02h12h",
    "https://puzz.link/p?country/5/5/amd",
    "https://puzz.link/p?country/5/5/amda0uf09h12h",          # 9 in a four-cell country
])
def test_refusals(bad):
    with pytest.raises(PuzzlinkError):
        cr.url.decode(bad)
