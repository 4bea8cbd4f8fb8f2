"""The puzz.link shell and shared sections: worked examples, round trips, bad URLs."""
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from puzzlekit.io.puzzlink import (
    QUESTION,
    PuzzlinkError,
    Reader,
    is_url,
    make_url,
    parse_url,
    regions_from_walls,
    walls_from_regions,
    write_binary,
    write_border,
    write_circle,
    write_number16,
    write_points04,
)


def test_shell_variants():
    u = parse_url("https://puzz.link/p?type=player&nanro_edit/4/4/6r0s1oi13n1h")
    assert (u.pid, u.w, u.h, u.body) == ("nanro", 4, 4, "6r0s1oi13n1h")
    u = parse_url("http://pzv.jp/p.html?country/e/5/5/amda0uf02h12h/")
    assert (u.flags, u.body) == ("e", "amda0uf02h12h")
    u = parse_url("https://puzz.link/p?magnets/v:x/a/3/2/")
    assert (u.variant, u.flags, u.w, u.h, u.body) == ("x", "a", 3, 2, "")
    assert make_url("creek", 2, 2, "0.") == "https://puzz.link/p?creek/2/2/0./"
    assert is_url("p?nanro/1/1/") and not is_url("boards/nanro.json")


@pytest.mark.parametrize("url, msg", [
    ("board.json", "no .?."), ("https://puzz.link/p?", "genre id"),
    ("https://puzz.link/p?nanro/4", "width/height"),
    ("https://puzz.link/p?nanro/0/4/", "out of range"),
    ("https://puzz.link/p?nanro/99999999999/4/", "too large"),
    ("https://puzz.link/p?na<ro/4/4/", "genre id"),
    ("https://puzz.link/p?nanro/x/y/z/", "width/height"),
])
def test_bad_shells_are_one_line_errors(url, msg):
    with pytest.raises(PuzzlinkError, match=msg) as e:
        parse_url(url)
    assert "\n" not in str(e.value)


def test_size_cap():
    with pytest.raises(PuzzlinkError, match="more than 100"):
        parse_url("p?nanro/20/20/", max_cells=100)


def test_creek_points_worked_example():
    r = Reader(parse_url("https://puzz.link/p?creek/6/6/gagaich2cgb6769dt").body)
    pts = r.points04(49)
    r.end()
    grid = np.array([-9 if v is None else v for v in pts]).reshape(7, 7)
    assert grid[0, 1] == 0 and grid[0, 5] == 0 and grid[1, 4] == 2 and grid[2, 2] == 2
    assert grid[2, 3] == 2 and grid[3, 0] == 1 and grid[3, 3] == 1 and grid[3, 5] == 2
    assert grid[4, 0] == 1 and grid[4, 2] == 4 and grid[4, 4] == 3
    assert (grid >= 0).sum() == 11
    assert write_points04(pts) == "gagaich2cgb6769dt"


def test_stostone_walls_regions_and_region_numbers():
    r = Reader(parse_url("p?stostone/6/6/433aaqv064p03g433h").body)
    right, below = r.border(6, 6)
    lab = regions_from_walls(right, below)
    assert lab.tolist() == [[0, 0, 0, 1, 1, 1], [2, 2, 2, 2, 3, 1], [2, 2, 2, 2, 3, 1],
                            [4, 4, 2, 2, 3, 3], [4, 4, 5, 5, 3, 3], [6, 4, 5, 5, 3, 3]]
    nums = r.number16(int(lab.max()) + 1)
    r.end()
    assert nums == [3, None, 4, 3, 3, None, None]
    assert write_border(right, below) + write_number16(nums) == "433aaqv064p03g433h"


def test_magnets_sections_and_a_hole():
    r = Reader(parse_url("p?magnets/5/5/g222j2h2g22g0g32fubmo3or00000000000400").body)
    counts = r.number16(20)
    right, below = r.border(5, 5)
    poles, holes = r.circle(25), r.binary(25)
    r.end()
    assert counts[:2] == [None, 2] and counts[-2:] == [3, 2] and counts[16] == 0
    assert not poles.any() and np.flatnonzero(holes).tolist() == [12]
    lab = regions_from_walls(right, below, holes)
    assert lab[2, 2] == -1 and sorted(np.bincount(lab[lab >= 0])) == [2] * 12


def test_question_marks_and_wide_numbers():
    r = Reader("1.-1f+1ff=001@001*0001$00001")
    assert r.number16(8) == [1, QUESTION, 31, 511, 4097, 8193, 12241, 77777]
    assert write_number16([1, QUESTION, 31, 511]) == "1.-1f+1ff"


@pytest.mark.parametrize("body, n", [("1-", 3), ("1-zz", 3), ("!", 2), ("z", 3)])
def test_bad_number_lists(body, n):
    with pytest.raises(PuzzlinkError):
        Reader(body).number16(n)


def test_bad_bit_sections():
    with pytest.raises(PuzzlinkError):
        Reader("w").bits32(5)
    with pytest.raises(PuzzlinkError):
        Reader("r").circle(3)
    with pytest.raises(PuzzlinkError, match="unread"):
        r = Reader("00junk")
        r.binary(10)
        r.end()


values16 = st.one_of(st.none(), st.just(QUESTION), st.integers(0, 77775 + 16 ** 5))


@settings(max_examples=200, deadline=None)
@given(st.lists(values16, max_size=60))
def test_number16_round_trip(vals):
    s = write_number16(vals)
    r = Reader(s)
    assert r.number16(len(vals)) == vals
    assert r.rest == ""


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(st.none(), st.just(QUESTION), st.integers(0, 4)), max_size=60))
def test_points04_round_trip(vals):
    assert Reader(write_points04(vals)).points04(len(vals)) == vals


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 9), st.integers(1, 9), st.data())
def test_border_circle_binary_round_trip(h, w, data):
    rng = np.random.default_rng(data.draw(st.integers(0, 2 ** 32 - 1)))
    right, below = rng.random((h, w - 1)) < 0.4, rng.random((h - 1, w)) < 0.4
    tern, flags = rng.integers(0, 3, h * w), rng.random(h * w) < 0.3
    r = Reader(write_border(right, below) + write_circle(tern) + write_binary(flags))
    a, b = r.border(w, h)
    assert (a == right).all() and (b == below).all()
    assert (r.circle(h * w) == tern).all() and (r.binary(h * w) == flags).all()
    r.end()
    lab = regions_from_walls(right, below)
    assert (regions_from_walls(*walls_from_regions(lab)) == lab).all()
