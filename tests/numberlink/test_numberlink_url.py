"""The puzz.link codec: the worked example, round trips, strict refusals."""
import pytest

from puzzlekit.core import banks
from puzzlekit.io.puzzlink import PuzzlinkError
from puzzlekit.numberlink import SPEC, Puzzle, url


def test_worked_example():
    p = url.decode("https://puzz.link/p?numlin/5/5/1j2h3m1h2j3")
    assert p.numbers.tolist() == [[1, 0, 0, 0, 0], [2, 0, 0, 3, 0], [0] * 5,
                                  [0, 1, 0, 0, 2], [0, 0, 0, 0, 3]]
    assert p.fill is False and url.encode(p) == "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3"


def test_fill_tag_and_wide_numbers_round_trip():
    p = Puzzle(1, 4, [[20, 300, 300, 20]], fill=True)
    u = url.encode(p)
    assert "v:fill/" in u and url.decode(u) == p
    assert url.decode(url.encode(p.with_fill(False))) == p.with_fill(False)


def test_bank_round_trips():
    for e in banks.load("numberlink"):
        p = SPEC.Puzzle.from_json(e["clues"])
        assert url.decode(url.encode(p)) == p


@pytest.mark.parametrize("bad", [
    "https://puzz.link/p?numlin/2/1/1g",           # a number once
    "https://puzz.link/p?numlin/2/1/00",           # zero
    "https://puzz.link/p?numlin/2/1/..",           # '?' endpoints
    "https://puzz.link/p?numlin/2/1/11z",          # run past the end
    "https://puzz.link/p?numlin/2/1/11!",
    "https://puzz.link/p?numlin/e/2/1/11",         # flags
    "https://puzz.link/p?numlin/v:x/2/1/11",
    "https://puzz.link/p?nanro/2/1/11",
    "https://puzz.link/p?numlin/0/1/",
])
def test_bad_urls_are_refused_in_one_line(bad):
    with pytest.raises(PuzzlinkError) as e:
        url.decode(bad)
    assert "\n" not in str(e.value)
