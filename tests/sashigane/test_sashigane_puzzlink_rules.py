"""Sashigane under puzz.link's rules: real URLs solve, check and draw as
puzz.link reads them.

The 5x5 board, its answer and its wrong answers are the checker's own test
data in pzprjs (github.com/robx/pzprjs, ``test/script/sashigane.js``); the
8x8 URL is a puzzle from a public list of puzz.link URLs, and its answer
here is the one the scanner and CP-SAT find."""
import json

import numpy as np
import pytest

import puzzlekit.sashigane as sg
from puzzlekit.core.genre import ladder_count
from puzzlekit.io.puzzlink import regions_from_walls
from puzzlekit.sashigane import sat, url
from puzzlekit.sashigane.brute import scan

REAL = "https://puzz.link/p?sashigane/8/8/q.gm3m.l3.nhu..l..l4n.mhs"
PZPR_URL = "https://puzz.link/p?sashigane/5/5/jm.o3khkgojm4"
_PZPR_CLUES = "4 . . . o /. . . . . /o3 . 2 . 1 /. . . . . /4 . . . o4 /"
#: pzprjs's failcheck answers: (its failcode, the rule our referee names, the borders).
PZPR = [
    ("arBlkEdge", "end", "0 0 1 0 /1 0 0 0 /0 0 0 0 /0 0 0 0 /0 0 0 0 /0 1 1 0 0 /1 0 0 0 0 /"
     "0 0 0 0 0 /0 0 0 0 0 /"),
    ("arNotPtCnr", "home", "1 0 0 0 /0 0 1 0 /0 0 0 0 /0 0 0 0 /0 0 0 0 /0 1 1 0 0 /1 1 1 0 0 /"
     "0 0 0 0 0 /0 0 0 0 0 /"),
    ("ciNotOnCnr", "bend", "-1 1 0 0 /0 1 1 0 /0 0 0 0 /0 0 0 0 /0 0 0 0 /1 0 0 1 1 /"
     "0 0 1 0 0 /0 0 0 0 0 /0 0 0 0 0 /"),
    ("bkSizeNe", "size", "-1 0 0 -1 /0 0 0 1 /0 0 0 1 /0 0 0 1 /1 -1 -1 -1 /1 0 0 1 -1 /"
     "0 0 0 0 -1 /0 0 0 0 1 /0 1 1 1 -1 /"),
    ("bkNotLshape", "not-l", "-1 0 0 -1 /0 0 1 1 /-1 1 1 1 /1 1 0 1 /-1 1 -1 -1 /1 1 1 1 -1 /"
     "1 1 1 0 -1 /-1 1 -1 1 1 /1 -1 1 1 -1 /"),
]
PZPR_GOOD = ("-1 0 0 -1 /0 0 0 1 /-1 1 1 1 /1 1 0 1 /-1 1 -1 -1 /1 1 1 1 -1 /1 1 1 0 -1 /"
             "-1 1 -1 1 1 /1 -1 1 1 -1 /")


def _answer(borders: str, h: int = 5, w: int = 5) -> sg.Answer:
    """The pieces of a pzprv3 border block (``1`` a wall; ``0``, ``-1`` none)."""
    rows = [[int(x) for x in r.split()] for r in borders.strip("/ ").split("/")]
    right = np.array(rows[:h]) == 1
    below = np.array(rows[h:h + h - 1]) == 1
    return sg.Answer.from_labels(regions_from_walls(right, below).ravel(), w)


def test_a_url_is_read_under_puzzlinks_rules_unless_marked():
    assert url.decode(REAL).rules == "puzzlink"
    assert url.decode(REAL + url.ARTICLE_MARK).rules == "article"
    assert url.encode(url.decode(REAL)) == REAL


def test_the_pzprjs_board_is_the_one_its_file_describes():
    p = url.decode(PZPR_URL)
    cells = _PZPR_CLUES.strip("/ ").split("/")
    for r, row in enumerate(cells):
        for c, tok in enumerate(row.split()):
            x = r * 5 + c
            if tok.startswith("o"):
                assert p.circle[x] == (int(tok[1:]) if tok[1:] else 0)
            elif tok == ".":
                assert p.circle[x] < 0 and p.arrow[x] < 0
            else:                              # pzprjs: 1 up, 2 down, 3 left, 4 right
                assert p.arrow[x] == int(tok) - 1


def test_the_published_answer_is_accepted_and_found():
    p = url.decode(PZPR_URL)
    good = _answer(PZPR_GOOD)
    assert sg.check(p, good) == []
    r = ladder_count(sg.SPEC, p, 2)
    assert r.count == 1 and sg.decode(r.solutions[0]) == good


@pytest.mark.parametrize("code,rule,borders", PZPR)
def test_the_published_bad_answers_are_refused_naming_the_rule(code, rule, borders):
    rules = {v.rule for v in sg.check(url.decode(PZPR_URL), _answer(borders))}
    assert rule in rules, (code, rules)


def test_the_real_url_is_unique_for_all_three_engines():
    p = url.decode(REAL)
    lr, br, sr = ladder_count(sg.SPEC, p, 2), scan(p, 2), sat.count_solutions(p, 2)
    assert lr.count == br.count == sr.count == 1
    a = sg.decode(lr.solutions[0])
    assert a == br.solutions[0] == sr.solutions[0] and sg.check(p, a) == []
    # some piece holds no circle: the article's rules would refuse this answer
    assert {v.rule for v in sg.check(p.with_rules("article"), a)} & {"circles", "arrows"}


def _cli(*argv):
    import subprocess
    import sys
    return subprocess.run([sys.executable, "-m", "puzzlekit", *argv], capture_output=True,
                          text=True, timeout=600)


def test_the_command_line_solves_checks_draws_and_steps_the_url(tmp_path):
    r = _cli("solve", "sashigane", REAL, "--count", "2", "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["count"] == 1
    a = tmp_path / "a.json"
    a.write_text(json.dumps(out["solutions"][0]))
    assert _cli("check", "sashigane", REAL, str(a)).returncode == 0
    bad = sg.Answer.from_json(out["solutions"][0])
    merged = [bad.pieces[0] + bad.pieces[1], *bad.pieces[2:]]
    a.write_text(json.dumps(sg.Answer.make(merged).to_json()))
    r = _cli("check", "sashigane", REAL, str(a))
    assert r.returncode == 1 and "not-l" in r.stdout + r.stderr
    for cmd, name in (("draw", "b.svg"), ("step", "s.html")):
        r = _cli(cmd, "sashigane", REAL, "-o", str(tmp_path / name))
        assert r.returncode == 0 and (tmp_path / name).stat().st_size > 1000, r.stderr
