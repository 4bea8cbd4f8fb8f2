"""Every genre's URL is read exactly as puzz.link writes it: a body cut short
or running long, or a flag the genre does not define, is refused in one line
(never read as another puzzle); puzz.link's genre aliases are read."""
import importlib

import pytest

import puzzlekit.__main__ as cli
from puzzlekit.io.puzzlink import ALIASES, PuzzlinkError, genre_url, parse_url
from tests.urlcheck import cli_refuses, refusal

#: one URL puzz.link's encoder writes, per genre with a puzz.link form
VALID = {
    "nanro": "https://puzz.link/p?nanro/4/4/6r0s1oi13n1h",
    "kojun": "https://puzz.link/p?cojun/4/4/pd0hsoh3p3h",
    "country_road": "https://puzz.link/p?country/5/5/amda0uf02h12h",
    "numberlink": "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3",
    "yajisan_kazusan": "https://puzz.link/p?yajikazu/6/6/40d23663i32h12b32a12a11c",
    "heteromino": "https://puzz.link/p?heteromino/5/5/d7b7a7b7b77c7d",
    "sashigane": "https://puzz.link/p?sashigane/5/5/jm.o3khkgojm4",
    "creek": "https://puzz.link/p?creek/6/6/gagaich2cgb6769dt",
    "magnets": "https://puzz.link/p?magnets/2/1/10011g0",
    "choco_banana": "https://puzz.link/p?cbanana/5/5/g13t6h6i1",
    "stostone": "https://puzz.link/p?stostone/6/6/433aaqv064p03g433h",
    "statue_park": "https://puzz.link/p?statuepark/7/7/078ii6000000290f0//t",
}

#: the cut bodies found accepted as other puzzles (each a real puzzle's prefix)
REPORTED = [
    ("nanro", "https://puzz.link/p?nanro/6/6/a6nbpmtujiuqg1221g22h", "of 36 cells"),
    ("kojun", "https://puzz.link/p?cojun/4/4/52g5og52344163", "of 16 cells"),
    ("country_road", "https://puzz.link/p?country/6/6/954lee4fnr405", "countries"),
    ("numberlink", "https://puzz.link/p?numlin/7/7/", "0 of 49 cells"),
]


def url_module(genre):
    return importlib.import_module(f"puzzlekit.{genre}.url")


def shell(url):
    """The URL up to and including the size, and its body."""
    u = parse_url(url)
    head = url[:len(url) - len(u.body)] if u.body else url.rstrip("/") + "/"
    return head, u.body


@pytest.mark.parametrize("genre", sorted(VALID))
def test_the_valid_url_is_read_and_written_back(genre):
    m = url_module(genre)
    assert m.encode(m.decode(VALID[genre])) == VALID[genre]


@pytest.mark.parametrize("genre", sorted(VALID))
def test_every_cut_body_is_refused(genre):
    m = url_module(genre)
    head, body = shell(VALID[genre])
    for k in range(len(body)):
        msg = refusal(m.decode, head + body[:k])
        assert len(msg) < 200, msg


@pytest.mark.parametrize("genre", sorted(VALID))
@pytest.mark.parametrize("extra", ["0", "z", "1h"])
def test_a_body_running_long_is_refused(genre, extra):
    m = url_module(genre)
    if genre == "magnets" and extra == "0":
        # after the walls, "0" is a whole given-poles section (none given) for
        # two cells: puzz.link reads the same board, and so do we
        assert m.decode(VALID[genre] + extra) == m.decode(VALID[genre])
        return
    refusal(m.decode, VALID[genre] + extra)


@pytest.mark.parametrize("genre, url, says", REPORTED)
def test_reported_cut_bodies_say_how_far_they_got(genre, url, says):
    msg = refusal(url_module(genre).decode, url)
    assert "the body ends after" in msg and says in msg and "truncated" in msg


@pytest.mark.parametrize("genre, url, says", REPORTED)
def test_cli_refuses_a_cut_body_in_one_line(genre, url, says, capsys, tmp_path):
    cli_refuses(genre, url, capsys, commands=("solve",))
    answer = tmp_path / "answer.json"
    answer.write_text("[]")
    assert cli.main(["check", genre, url, str(answer)]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "truncated" in err


@pytest.mark.parametrize("genre", sorted(VALID))
def test_a_flag_the_genre_does_not_define_is_refused(genre):
    m = url_module(genre)
    u = parse_url(VALID[genre])
    flagged = VALID[genre].replace(f"/{u.w}/{u.h}/", f"/q/{u.w}/{u.h}/", 1)
    assert "'q'" in refusal(m.decode, flagged)


def test_yajisan_kazusan_refuses_flags():
    m = url_module("yajisan_kazusan")
    url = "https://puzz.link/p?yajikazu/zq/6/6/40d23663i32h12b32a12a11c"
    assert "no flags" in refusal(m.decode, url)
    assert m.decode(VALID["yajisan_kazusan"]).clues


def test_numberlink_alias_is_read_and_the_id_written():
    m = url_module("numberlink")
    alias = VALID["numberlink"].replace("?numlin/", "?numberlink/")
    assert m.decode(alias) == m.decode(VALID["numberlink"])
    assert m.encode(m.decode(alias)) == VALID["numberlink"]
    assert "numberlink" in ALIASES["numlin"]


def test_an_alias_of_another_genre_is_not_read():
    with pytest.raises(PuzzlinkError, match="genre id is 'numberlink'"):
        genre_url("https://puzz.link/p?numberlink/2/1/11", "nanro")


def test_cli_solves_under_the_alias(capsys):
    alias = VALID["numberlink"].replace("?numlin/", "?numberlink/")
    assert cli.main(["solve", "numberlink", alias, "--count", "2"]) == 0
    capsys.readouterr()
