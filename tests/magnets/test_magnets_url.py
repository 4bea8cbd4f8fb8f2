"""puzz.link URLs: the format note's worked example, round trips both ways,
canonical output, refusals with one-line errors, and the CLI on URLs."""
import json

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import puzzlekit.__main__ as cli
from puzzlekit.magnets import Answer, Puzzle, brute, check, sat
from puzzlekit.magnets.generate import random_small
from puzzlekit.magnets.url import decode, encode
from tests.urlcheck import cli_refuses, refusal

EXAMPLE = "https://puzz.link/p?magnets/5/5/g222j2h2g22g0g32fubmo3or00000000000400"
# the note's domino numbering (-1 = the empty cell)
EXAMPLE_ROOMS = [[0, 0, 1, 2, 3], [4, 5, 1, 2, 3], [4, 5, -1, 6, 7],
                 [8, 8, 9, 6, 7], [10, 10, 9, 11, 11]]
# the answer puzz.link's own test file gives for this board
EXAMPLE_ANSWER = ["+-+-.", "-+-+.", "+-..-", "..+.+", "-+-+-"]


def _rooms(p):
    """Domino numbers in scan order of first cell, -1 at empty cells."""
    lab = np.full(p.h * p.w, -1)
    for k, (a, b) in enumerate(p.dominoes):
        lab[a] = lab[b] = k
    return lab.reshape(p.h, p.w).tolist()


def test_worked_example_decodes_as_the_note_says():
    p = decode(EXAMPLE)
    assert (p.h, p.w) == (5, 5)
    assert _rooms(p) == EXAMPLE_ROOMS
    assert np.flatnonzero(p.holes).tolist() == [12] and (p.given == -1).all()
    assert p.plus_cols.tolist() == [2, 2, -1, -1, -1]
    assert p.minus_cols.tolist() == [-1, 2, -1, -1, 2]
    assert p.plus_rows.tolist() == [2, 2, -1, -1, 2]
    assert p.minus_rows.tolist() == [-1, -1, 2, 0, 3]
    assert encode(p) == EXAMPLE


def test_worked_example_has_puzzlinks_answer_only():
    p = decode(EXAMPLE)
    want = Answer.from_json({"grid": EXAMPLE_ANSWER})
    assert check(p, want) == []
    r, s = brute.brute_solutions(p, 5), sat.count_solutions(p, 5)
    assert r.count == s.count == 1 and r.solutions[0] == want == s.solutions[0]


@pytest.mark.parametrize("url", [
    EXAMPLE,
    "https://puzz.link/p?magnets/2/1/l09",                  # a given '+', no empty cell
    "https://puzz.link/p?magnets/3/1/n064",                 # a given '-', empty (0,2)
    "https://puzz.link/p?magnets/3/1/n004",                 # empty (0,2), no given pole
])
def test_canonical_urls_round_trip(url):
    assert encode(decode(url)) == url


def test_given_poles_and_empty_cells_by_hand():
    p = decode("https://puzz.link/p?magnets/2/1/l09")
    assert p.given.tolist() == [0, -1] and not p.holes.any()
    # 8 blank counts ('n'), no walls ('0'), poles '6' = 020 in base 3 (cell 1 '-'),
    # empty cells '4' = 00100 in base 2 (cell 2)
    q = decode("https://puzz.link/p?magnets/3/1/n064")
    assert q.holes.tolist() == [False, False, True] and q.given.tolist() == [-1, 1, -1]
    assert q.to_json()["dominoes"] == ["LR."] and q.to_json()["given"] == [".-."]


def test_walls_beside_an_empty_cell_are_ignored():
    # the example with walls drawn all round the empty cell: same board, canonical URL back
    p = decode(EXAMPLE)
    right = [[0, 1, 1, 1], [1, 1, 1, 1], [1, 1, 1, 1], [0, 1, 1, 1], [0, 1, 1, 0]]
    below = [[1, 1, 0, 0, 0], [0, 0, 1, 1, 1], [1, 1, 1, 0, 0], [1, 1, 0, 1, 1]]
    from puzzlekit.io.puzzlink import write_border
    walls = write_border(np.array(right, bool), np.array(below, bool))
    assert walls != "fubmo3or"
    url = EXAMPLE.replace("fubmo3or", walls)
    assert decode(url) == p and encode(decode(url)) == EXAMPLE


def test_other_hosts_and_a_trailing_slash():
    body = EXAMPLE.split("?", 1)[1]
    for url in (f"http://pzv.jp/p.html?{body}/", "https://puzz.link/p?magnets_edit/5/5/"
                + body.split("/", 3)[3], f"https://puzz.link/p?type=player&{body}"):
        assert decode(url) == decode(EXAMPLE)


BOARDS = dict(h=st.integers(1, 8), w=st.integers(1, 8), seed=st.integers(0, 2**32 - 1))


@settings(max_examples=300, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(**BOARDS)
def test_random_boards_round_trip(h, w, seed):
    p = random_small(np.random.default_rng(seed), h, w)
    u = encode(p)
    assert decode(u) == p and encode(decode(u)) == u
    assert Puzzle.from_json(json.loads(json.dumps(p.to_json()))) == p


def test_random_boards_cover_the_new_features():
    rng = np.random.default_rng(0)
    seen = {"holes": 0, "given": 0, "both": 0}
    for _ in range(200):
        p = random_small(rng, int(rng.integers(1, 9)), int(rng.integers(1, 9)))
        hh, gg = bool(p.holes.any()), bool((p.given >= 0).any())
        seen["holes"] += hh
        seen["given"] += gg
        seen["both"] += hh and gg
    assert min(seen.values()) >= 20, seen


BAD = {
    "wrong genre": "https://puzz.link/p?nanro/4/4/6r0s1oi13n1h",
    "anti flag": "https://puzz.link/p?magnets/a/2/1/l0",
    "unknown flag": "https://puzz.link/p?magnets/b/2/1/l0",
    "variant": "https://puzz.link/p?magnets/v:x/2/1/l0",
    "truncated walls": EXAMPLE[:-20],
    "truncated poles": EXAMPLE[:-10],
    "truncated holes": EXAMPLE[:-2],
    "over-long body": EXAMPLE + "0",
    "zero width": "https://puzz.link/p?magnets/0/1/",
    "too many cells": "https://puzz.link/p?magnets/101/100/",
    "side too long": "https://puzz.link/p?magnets/201/1/",
    "count too big": "https://puzz.link/p?magnets/2/1/k30",
    "question count": "https://puzz.link/p?magnets/2/1/k.0",
    "junk in counts": "https://puzz.link/p?magnets/2/1/!",
    "junk in walls": "https://puzz.link/p?magnets/2/2/nww",
    "junk in poles": "https://puzz.link/p?magnets/2/1/l0r",
    "junk in holes": "https://puzz.link/p?magnets/3/1/n06w",
    "single-cell room": "https://puzz.link/p?magnets/2/1/lg",
    "three-cell room": "https://puzz.link/p?magnets/3/1/n0",
    "given on an empty cell": "https://puzz.link/p?magnets/3/1/n014",
    "not a url": "magnets/2/1/l0",
}


@pytest.mark.parametrize("name", list(BAD))
def test_malformed_urls_give_one_line(name):
    refusal(decode, BAD[name])


def test_refusals_say_why():
    def msg(url):
        return refusal(decode, url)
    assert "'a' flag" in msg(BAD["anti flag"]) and "not supported" in msg(BAD["anti flag"])
    assert "(0,0)" in msg(BAD["single-cell room"]) and "1 cell" in msg(BAD["single-cell room"])
    assert "(0,0)" in msg(BAD["three-cell room"]) and "3 cells" in msg(BAD["three-cell room"])
    assert "(0,2)" in msg(BAD["given on an empty cell"])
    assert "'nanro'" in msg(BAD["wrong genre"])
    assert "row 0 '+' count is 3" in msg(BAD["count too big"])
    assert "truncated" in msg(BAD["truncated walls"])


@pytest.mark.parametrize("name", ["wrong genre", "anti flag", "truncated walls", "over-long body",
                                  "too many cells", "count too big", "junk in walls",
                                  "three-cell room"])
def test_cli_refuses_bad_urls(name, capsys):
    cli_refuses("magnets", BAD[name], capsys)


def test_cli_solve_check_draw_step_on_a_url(tmp_path, capsys):
    assert cli.main(["solve", "magnets", EXAMPLE, "--count", "3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["count"] == 1
    ans = tmp_path / "a.json"
    ans.write_text(json.dumps({"grid": EXAMPLE_ANSWER}))
    assert cli.main(["check", "magnets", EXAMPLE, str(ans), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["ok"] is True
    ans.write_text(json.dumps({"grid": ["+-+-.", "-+-+.", "+-+.-", "..+.+", "-+-+-"]}))
    assert cli.main(["check", "magnets", EXAMPLE, str(ans), "--json"]) != 0
    rules = {v["rule"] for v in json.loads(capsys.readouterr().out)["violations"]}
    assert "empty-cell" in rules
    svg, html = tmp_path / "b.svg", tmp_path / "s.html"
    assert cli.main(["draw", "magnets", EXAMPLE, "-o", str(svg), "--answer"]) == 0
    assert cli.main(["step", "magnets", EXAMPLE, "-o", str(html)]) == 0
    assert svg.stat().st_size > 1000 and html.stat().st_size > 1000


