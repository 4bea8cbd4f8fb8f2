"""Sashigane puzz.link codec and bank integrity."""
import pytest

import puzzlekit.sashigane as sg
from puzzlekit.core import banks
from puzzlekit.io.puzzlink import PuzzlinkError
from puzzlekit.sashigane import url


def test_worked_example():
    p = url.decode(url.EXAMPLE)
    assert p.h == p.w == 5 and int(p.circle[2 * 5]) == 3 and int(p.arrow[0]) == 3
    assert url.encode(p) == url.EXAMPLE


def test_dialect_switch():
    p = url.decode(url.EXAMPLE, dialect=True)
    assert p.rules == "puzzlink" and url.encode(p) == url.EXAMPLE


def test_long_runs_and_big_numbers():
    p = sg.Puzzle.make(5, 8, {0: 20, 39: 0}, {20: 2})
    assert url.decode(url.encode(p)) == p


@pytest.mark.parametrize("bad", [
    "https://puzz.link/p?sashigane/5/5/jm.o3khkgojm4!", "https://puzz.link/p?sashigane/5/5/%",
    "https://puzz.link/p?sashigane/2/2/zz", "https://puzz.link/p?sashigane/2/2/0",
    "https://puzz.link/p?sashigane/2/2/-ff", "https://puzz.link/p?nanro/2/2/k",
    "https://puzz.link/p?sashigane/2/2/-1"])
def test_refusals(bad):
    with pytest.raises(PuzzlinkError) as e:
        url.decode(bad)
    assert "\n" not in str(e.value)


def test_a_question_cell_is_a_plain_cell():
    """puzz.link's '?' cell (``%``, also ``@``) has no rule: the board reads as if it were empty."""
    plain = url.decode(url.EXAMPLE)
    for q in ("%", "@"):
        marked = url.decode(url.EXAMPLE.replace("jm.", f"j{q}l.", 1))
        assert marked.to_json() == plain.to_json()
        assert url.decode(url.encode(marked)).to_json() == plain.to_json()


def test_bank_shape_and_every_number_load_bearing():
    bank = banks.load("sashigane")
    assert [e["size"] for e in bank].count([8, 8]) == 40
    assert [e["size"] for e in bank].count([12, 12]) == 32
    for e in bank[::6]:
        p = sg.Puzzle.from_json(e["clues"])
        a = sg.Answer.from_json(e["answer"])
        assert not sg.check(p, a)
        assert sg.verify_extra(e, p, a) is None
        assert url.decode(url.encode(p)) == p
