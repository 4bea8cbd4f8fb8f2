"""The puz.link codec: the worked example, presets, custom bags and refusals."""
import pytest

from puzzlekit.io.puzzlink import PuzzlinkError
from puzzlekit.statue_park import url
from puzzlekit.statue_park.generate import PENTOMINOES, TETROMINOES
from puzzlekit.statue_park.model import NAMED, Puzzle

EX = "https://puzz.link/p?statuepark/7/7/078ii6000000290f0//t"


def test_worked_example():
    p = url.decode(EX)
    assert (p.h, p.w) == (7, 7)
    assert sorted(divmod(c, 7) for c in p.black) == [(0, 4), (1, 0), (1, 1), (1, 2), (1, 5),
                                                     (2, 2), (5, 3), (6, 4)]
    assert sorted(divmod(c, 7) for c in p.white) == [(0, 5), (5, 4), (6, 3)]
    assert sorted(p.bag) == sorted(TETROMINOES)
    assert url.encode(p) == EX


def test_presets():
    assert sorted(url.decode("https://puzz.link/p?statuepark/1/1/0//p").bag) == sorted(PENTOMINOES)
    assert sorted(url.decode("https://puzz.link/p?statuepark/1/1/0//d").bag) == \
        sorted(TETROMINOES * 2)
    assert url.decode("https://puzz.link/p?statuepark/2/2/00//z").bag == ()
    assert url.decode("https://puzz.link/p?statuepark/2/2///t").black == frozenset()


def test_custom_bag_from_pzprjs_tests():
    u = ("https://puzz.link/p?statuepark/1/1/0/12/337k/15v/24as/22s/23fg/337i/23rg/334u/"
         "335s/33bk/24bk/337o")
    p = url.decode(u)
    assert len(p.bag) == 12 and NAMED["L3"] in p.bag and NAMED["N5"] not in p.bag
    assert url.decode(url.encode(p)) == p


@pytest.mark.parametrize("bag", [[NAMED["L3"], NAMED["I3"], NAMED["monomino"]],
                                 [NAMED["X5"]] * 3, [NAMED["I5"], NAMED["domino"]]])
def test_custom_bags_round_trip(bag):
    p = Puzzle.make(4, 5, bag, black=[0, 7], white=[19])
    assert url.decode(url.encode(p)) == p
    assert "//" not in url.encode(p).split("?")[1]


def test_raw_piece_form():
    assert url.read_piece("3:111010") == NAMED["T4"]


@pytest.mark.parametrize("bad", [
    "https://puzz.link/p?statuepark/3/3/0//q",
    "https://puzz.link/p?statuepark/3/3/0/2/14u",
    "https://puzz.link/p?statuepark/3/3/0/1/23",
    "https://puzz.link/p?statuepark/3/3/0/1/22h",
    "https://puzz.link/p?statuepark/3/3/0/1/00u",
    "https://puzz.link/p?statuepark/3/3/0/1/2!u",
    "https://puzz.link/p?statuepark/3/3/0z0//t",
    "https://puzz.link/p?statuepark/3/3/000",
    "https://puzz.link/p?statuepark/x/3/3/000//t",
    "https://puzz.link/p?nanro/3/3/000//t",
    "https://puzz.link/p?statuepark/3/3/0/x/14u",
])
def test_refusals_in_one_line(bad):
    with pytest.raises(PuzzlinkError) as e:
        url.decode(bad)
    assert "\n" not in str(e.value)


def test_park_off_boards_are_refused_by_the_encoder():
    with pytest.raises(PuzzlinkError):
        url.encode(Puzzle.make(2, 2, ["#"], drop=["park"]))
