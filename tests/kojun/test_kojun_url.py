"""The puzz.link codec: the worked example, round trips and strict refusals."""
import numpy as np
import pytest

from puzzlekit.io.puzzlink import PuzzlinkError
from puzzlekit.kojun import Puzzle, url


def test_worked_example_decodes_by_hand():
    p = url.decode(url.EXAMPLE)
    assert p.regions.reshape(4, 4).tolist() == [[0, 1, 2, 2], [1, 1, 2, 2], [3, 4, 5, 5],
                                                 [3, 4, 4, 4]]
    assert p.givens == {2: 3, 13: 3}
    assert url.encode(p) == url.EXAMPLE


def test_question_marks_carry_nothing():
    p = url.decode("https://puzz.link/p?cojun/4/4/pd0hsoh3p.h")
    assert p.givens == {2: 3}


@pytest.mark.parametrize("bad,needle", [
    ("https://puzz.link/p?cojun/4/4/pd0hsoh5p3h", "out of range"),
    ("https://puzz.link/p?cojun/4/4/pd0hsoh0p3h", "out of range"),
    ("https://puzz.link/p?cojun/4/4/pd0hsoh3p3h00", "hole"),
    ("https://puzz.link/p?cojun/4/4/pd0", "truncated"),
    ("https://puzz.link/p?ripple/4/4/pd0hsoh3p3h", "genre id"),
    ("https://puzz.link/p?cojun/x/4/4/pd0hsoh3p3h", "flags"),
    ("https://puzz.link/p?cojun/4/4/pd0hsoh3p3!", "unexpected"),
])
def test_refusals_are_one_line(bad, needle):
    with pytest.raises(PuzzlinkError) as exc:
        url.decode(bad)
    assert needle in str(exc.value) and "\n" not in str(exc.value)


def test_a_split_region_is_refused_by_the_encoder():
    p = Puzzle.make(np.array([[0, 1, 0]]))
    with pytest.raises(PuzzlinkError, match="not connected"):
        url.encode(p)
