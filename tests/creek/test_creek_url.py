"""The puzz.link codec: the worked example, the legacy flag, strict refusals."""
import pytest

from puzzlekit.creek import url
from puzzlekit.io.puzzlink import PuzzlinkError

EXAMPLE = "https://puzz.link/p?creek/6/6/gagaich2cgb6769dt"


def test_worked_example_decodes_as_drawn():
    p = url.decode(EXAMPLE)
    rows = [[None if v < 0 else int(v) for v in r] for r in p.clues]
    N = None
    assert rows == [[N, 0, N, N, N, 0, N], [N, N, N, N, 2, N, N], [N, N, 2, 2, N, N, N],
                    [1, N, N, 1, N, 2, N], [1, N, 4, N, 3, N, N], [N] * 7, [N] * 7]
    assert url.encode(p) == EXAMPLE


def test_legacy_flag_and_the_switch():
    p = url.decode("https://puzz.link/p?creek/d/2/1/1xx..x", shade_required=True)
    assert p.clues.tolist() == [[1, -1, -1], [-1, -1, -1]] and p.shade_required
    with pytest.raises(PuzzlinkError):
        url.encode(p)                   # the switch cannot travel in a URL
    assert url.encode(url.decode("https://puzz.link/p?creek/d/2/1/1")) == \
        "https://puzz.link/p?creek/2/1/bi"


@pytest.mark.parametrize("bad", [
    "https://puzz.link/p?creek/6/6/gagaich2cgb6769d",       # truncated
    "https://puzz.link/p?creek/6/6/gagaich2cgb6769dt!",     # junk
    "https://puzz.link/p?creek/2/2/4p",                     # 4 on a paper corner
    "https://puzz.link/p?creek/2/2/.p",                     # '?' point
    "https://puzz.link/p?nanro/2/2/4p",                     # other genre
    "https://puzz.link/p?creek/x/2/2/4p",                   # unknown flag
    "https://puzz.link/p?creek/99999/99999/",
])
def test_refusals_are_one_line(bad):
    with pytest.raises(PuzzlinkError) as e:
        url.decode(bad)
    assert len(str(e.value).splitlines()) == 1
