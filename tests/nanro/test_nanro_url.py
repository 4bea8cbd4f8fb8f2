"""puzz.link URLs: the format note's worked example, round trips both ways,
canonical output, refusals with one-line errors, and the CLI on URLs."""
import json

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import puzzlekit.__main__ as cli
from puzzlekit.io.puzzlink import PuzzlinkError, write_border
from puzzlekit.nanro import SPEC, Answer, Puzzle, brute, check, fast_grade, generate, sat
from puzzlekit.nanro.generate import random_small
from puzzlekit.nanro.url import decode, encode
from tests.urlcheck import cli_refuses, refusal

EXAMPLE = "https://puzz.link/p?nanro/4/4/6r0s1oi13n1h"
# the note's regions and numbers for this URL
EXAMPLE_REGIONS = [[0, 0, 0, 1], [2, 3, 3, 1], [2, 3, 3, 1], [2, 4, 4, 4]]
EXAMPLE_CLUES = [[0, 3, 1], [1, 0, 3], [3, 1, 1]]
# its one answer (found by the raw engine and CP-SAT alike)
EXAMPLE_ANSWER = [[0, 2, 2, 1], [3, 1, 0, 0], [3, 0, 0, 0], [3, 1, 0, 0]]


def _url_board(p):
    """The part of a board a URL can carry: regions, clues and marks."""
    return p.with_givens(p.clues, p.marks)


def test_worked_example_decodes_as_the_note_says():
    p = decode(EXAMPLE)
    assert (p.h, p.w) == (4, 4)
    assert p.to_json() == {"size": [4, 4], "regions": EXAMPLE_REGIONS, "clues": EXAMPLE_CLUES,
                           "marks": [], "hints": []}
    assert not p.marks and not p.hints and not p.blanks
    assert encode(p) == EXAMPLE


def test_worked_example_has_one_answer():
    p = decode(EXAMPLE)
    want = Answer.from_json({"grid": EXAMPLE_ANSWER})
    assert check(p, want) == []
    r, s = SPEC.brute_solutions(p, 5), sat.count_solutions(p, 5)
    assert r.count == s.count == 1
    assert r.solutions[0].to_json() == want.to_json() == s.solutions[0].to_json()
    assert fast_grade(p) == "probe"


@pytest.mark.parametrize("url", [
    EXAMPLE,
    "https://puzz.link/p?nanro/2/1/0g./",            # a '?' last: the trailing '/'
    "https://puzz.link/p?nanro/2/1/0.g",             # a '?' first
    "https://puzz.link/p?nanro/17/1/0000v-11",        # a two-digit number (17)
    "https://puzz.link/p?nanro/1/1/1",                # one cell, no walls
    "https://puzz.link/p?nanro/1/1/g",
    "https://puzz.link/p?nanro/3/2/usk1",             # one-cell regions: every wall drawn
])
def test_canonical_urls_round_trip(url):
    p = decode(url)
    assert encode(p) == url
    assert decode(encode(p)) == p


def test_question_marks_are_marks_and_back():
    p = decode("https://puzz.link/p?nanro/2/1/0g./")
    assert p.marks == {1} and not p.clues
    q = Puzzle.make([[0, 0, 1], [2, 2, 1]], clues={0: 2}, marks={2, 4})
    u = encode(q)
    assert u.endswith("2g.g.g") and decode(u) == q


def test_a_question_mark_board_through_every_engine():
    # the example with its (0,3) clue turned into a '?': numbered, value withheld
    p = decode(EXAMPLE.replace("i13n", "i.3n"))
    assert p.marks == {3} and sorted(p.clues) == [4, 13]
    from puzzlekit.core.genre import ladder_count
    n = [SPEC.brute_count(p, 50).count, sat.count_solutions(p, 50).count,
         ladder_count(SPEC, p, 50).count]
    assert n[0] == n[1] == n[2] >= 1
    for a in SPEC.brute_solutions(p, 50).solutions:
        assert check(p, a) == [] and a.values[3] > 0


def test_long_empty_runs():
    # 41 one-cell regions in a row, one number at the end: 40 empties are two runs of 20
    lab = np.arange(41).reshape(1, 41)
    p = Puzzle.make(lab, clues={40: 1})
    u = encode(p)
    assert u.endswith("/vvvvvvvvzz1") and decode(u) == p


def test_redundant_walls_inside_a_region_are_dropped():
    # a 2x2 single region with a dangling wall between (0,0) and (0,1)
    right = np.array([[1], [0]], bool)
    below = np.zeros((1, 2), bool)
    url = "https://puzz.link/p?nanro/2/2/" + write_border(right, below) + "1i"
    p = decode(url)
    assert p.k == 1 and url != encode(p) == "https://puzz.link/p?nanro/2/2/001i"


def test_other_hosts_and_a_trailing_slash():
    body = EXAMPLE.split("?", 1)[1]
    for url in (f"http://pzv.jp/p.html?{body}/", "https://puzz.link/p?nanro_edit/4/4/6r0s1oi13n1h",
                f"https://puzz.link/p?type=player&{body}", f"https://pzprxs.vercel.app/p?{body}"):
        assert decode(url) == decode(EXAMPLE)


def test_a_short_number_list_is_refused_as_truncated():
    # puzz.link writes every cell, the last run of empty cells included
    for bad in (EXAMPLE[:-1], "https://puzz.link/p?nanro/4/4/6r0s1o",
                "https://puzz.link/p?nanro/6/6/a6nbpmtujiuqg1221g22h"):
        with pytest.raises(PuzzlinkError, match="the body ends after .* cells"):
            decode(bad)


BOARDS = dict(h=st.integers(1, 8), w=st.integers(1, 8), seed=st.integers(0, 2**32 - 1))


@settings(max_examples=300, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(**BOARDS)
def test_random_boards_round_trip(h, w, seed):
    p = random_small(np.random.default_rng(seed), h, w)
    # JSON carries every given, printed blanks included
    assert Puzzle.from_json(json.loads(json.dumps(p.to_json()))) == p
    if p.blanks or p.hints:
        with pytest.raises(PuzzlinkError) as exc:
            encode(p)
        assert "\n" not in str(exc.value) and "cannot express" in str(exc.value)
    q = _url_board(p)
    u = encode(q)
    assert decode(u) == q and encode(decode(u)) == u


def test_random_boards_cover_the_features():
    rng = np.random.default_rng(0)
    seen = {"marks": 0, "clues": 0, "blanks": 0, "hints": 0}
    for _ in range(200):
        p = random_small(rng, int(rng.integers(1, 9)), int(rng.integers(1, 9)))
        for k in seen:
            seen[k] += bool(getattr(p, k))
    assert min(seen.values()) >= 20, seen


def test_printed_blanks_and_hints_stay_in_json():
    p = Puzzle.make([[0, 0], [1, 1]], clues={0: 2}, blanks={2})
    with pytest.raises(PuzzlinkError) as exc:
        encode(p)
    assert str(exc.value) == ("puzz.link's Nanro URL cannot express printed blanks "
                              "(1 on this board); keep it as JSON")
    with pytest.raises(PuzzlinkError, match="region hints"):
        encode(Puzzle.make([[0, 0], [1, 1]], hints={1: 1}))
    with pytest.raises(PuzzlinkError, match=r"\(0,0\) is not connected"):
        encode(Puzzle.make([[0, 1, 0]]))


BAD = {
    "wrong genre": "https://puzz.link/p?cojun/4/4/pd0hsoh3p3h",
    "flag": "https://puzz.link/p?nanro/e/4/4/6r0s1oi13n1h",
    "variant": "https://puzz.link/p?nanro/v:x/4/4/6r0s1oi13n1h",
    "truncated walls": "https://puzz.link/p?nanro/4/4/6r0s",
    "empty body": "https://puzz.link/p?nanro/4/4/",
    "over-long body": EXAMPLE + "1",
    "run past the end": EXAMPLE[:-1] + "i",
    "zero width": "https://puzz.link/p?nanro/0/4/",
    "no height": "https://puzz.link/p?nanro/4/",
    "too many cells": "https://puzz.link/p?nanro/101/100/",
    "side too long": "https://puzz.link/p?nanro/1001/1/",
    "number too big": "https://puzz.link/p?nanro/4/4/6r0s1o4u",
    "zero": "https://puzz.link/p?nanro/4/4/6r0s1o0u",
    "wide number too big": "https://puzz.link/p?nanro/2/1/0-10g",
    "truncated wide number": "https://puzz.link/p?nanro/2/1/0-1",
    "junk in walls": "https://puzz.link/p?nanro/4/4/6r0s1!i13n1h",
    "upper case in walls": "https://puzz.link/p?nanro/4/4/6R0s1oi13n1h",
    "junk in numbers": "https://puzz.link/p?nanro/4/4/6r0s1oi1~n1h",
    "not a url": "nanro/4/4/6r0s1oi13n1h",
}


@pytest.mark.parametrize("name", list(BAD))
def test_malformed_urls_give_one_line(name):
    refusal(decode, BAD[name])


def test_refusals_say_why():
    def msg(url):
        return refusal(decode, url)
    assert "'cojun'" in msg(BAD["wrong genre"])
    assert "no flags" in msg(BAD["flag"]) and "'e'" in msg(BAD["flag"])
    assert "truncated" in msg(BAD["truncated walls"]) and "truncated" in msg(BAD["empty body"])
    assert "unread" in msg(BAD["over-long body"])
    assert msg(BAD["number too big"]) == ("nanro URL: the number 4 at (0,0) is out of range "
                                          "1..3 (its region's size)")
    assert "the number 0 at (0,0)" in msg(BAD["zero"])
    assert "the number 16 at (0,0)" in msg(BAD["wide number too big"])
    assert "'!'" in msg(BAD["junk in walls"]) and "'~'" in msg(BAD["junk in numbers"])
    assert "10000" in msg(BAD["too many cells"])


@pytest.mark.parametrize("name", ["wrong genre", "flag", "truncated walls", "over-long body",
                                  "too many cells", "number too big", "zero", "junk in walls",
                                  "junk in numbers"])
def test_cli_refuses_bad_urls(name, capsys):
    cli_refuses("nanro", BAD[name], capsys)


def test_cli_solve_check_draw_step_on_a_url(tmp_path, capsys):
    assert cli.main(["solve", "nanro", EXAMPLE, "--count", "3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["count"] == 1
    ans = tmp_path / "a.json"
    ans.write_text(json.dumps({"grid": EXAMPLE_ANSWER}))
    assert cli.main(["check", "nanro", EXAMPLE, str(ans), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["ok"] is True
    bad = [row[:] for row in EXAMPLE_ANSWER]
    bad[0][3] = 0                                     # the clue at (0,3) left blank
    ans.write_text(json.dumps({"grid": bad}))
    assert cli.main(["check", "nanro", EXAMPLE, str(ans), "--json"]) != 0
    rules = {v["rule"] for v in json.loads(capsys.readouterr().out)["violations"]}
    assert "clue" in rules
    svg, html = tmp_path / "b.svg", tmp_path / "s.html"
    assert cli.main(["draw", "nanro", EXAMPLE, "-o", str(svg), "--answer"]) == 0
    assert cli.main(["step", "nanro", EXAMPLE, "-o", str(html)]) == 0
    assert svg.stat().st_size > 1000 and html.stat().st_size > 1000


def test_cli_on_a_json_board_with_printed_blanks(tmp_path, capsys):
    p, a = generate(5, 5, seed=1, grade="reach", blanks=0.6)
    assert p.blanks
    f, g = tmp_path / "p.json", tmp_path / "a.json"
    f.write_text(json.dumps(p.to_json()))
    g.write_text(json.dumps(a.to_json()))
    assert cli.main(["solve", "nanro", str(f), "--count", "2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["count"] == 1
    assert cli.main(["check", "nanro", str(f), str(g), "--json"]) == 0
    capsys.readouterr()
    wrong = a.values.copy()
    wrong[min(p.blanks)] = 1
    g.write_text(json.dumps(Answer(a.h, a.w, wrong).to_json()))
    assert cli.main(["check", "nanro", str(f), str(g), "--json"]) != 0
    rules = {v["rule"] for v in json.loads(capsys.readouterr().out)["violations"]}
    assert "blank" in rules
    assert cli.main(["draw", "nanro", str(f), "-o", str(tmp_path / "b.png"), "--answer"]) == 0
    assert cli.main(["step", "nanro", str(f), "-o", str(tmp_path / "s.html")]) == 0


def test_spec_carries_the_codec():
    board = SPEC.url_decode(EXAMPLE)
    assert board.to_json() == decode(EXAMPLE).to_json()
    assert SPEC.url_encode(board) == encode(board)
    assert brute.count_solutions(SPEC.url_decode(EXAMPLE), 2).count == 1
