"""Bad input never reaches a traceback, for every built genre.

Library: any JSON value (hypothesis), and a valid bank board with one part
swapped for a hostile value, either loads or raises a one-line
InputError/ValueError; every integer field refuses true, 3.0, "3" and 10**30
and names itself.  CLI: huge boards, huge numbers and huge sizes get exit 2
and one line quickly; a size a generator cannot make gets exit 2 and one
line saying why; a board whose solve cannot finish reports capped; an
internal error gets exit 3 and one line.
"""
import copy
import importlib
import io
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import puzzlekit
import puzzlekit.__main__ as cli
import puzzlekit._worker as worker
from puzzlekit.core import banks

BUILT = [g for g in puzzlekit.GENRES if puzzlekit.available(g)
         and hasattr(importlib.import_module(puzzlekit.GENRES[g]), "SPEC")]
ROOT = Path(__file__).parents[1]
HOSTILE = [None, True, False, 3.0, 1.5, float("nan"), float("inf"), "3", "", "LR",
           10 ** 30, -10 ** 30, 2 ** 63, -2 ** 63 - 1, -1, 0, [], [[]], {}, [1, 2], {"a": 1}]
NOT_INTS = [True, 3.0, "3", 10 ** 30]

# a board of 2000 x 2000 cells, per genre (each genre's schema)
HUGE = {
    "numbrix": lambda n: {"rows": n, "cols": n, "grid": [[0] * n for _ in range(n)]},
    "magnets": lambda n: {"h": n, "w": n, "dominoes": ["LR" * (n // 2)] * n},
    "nanro": lambda n: {"size": [n, n], "regions": [[0] * n for _ in range(n)]},
    "kojun": lambda n: {"size": [n, n], "regions": [[0] * n for _ in range(n)]},
    "creek": lambda n: {"h": n, "w": n, "clues": [[None] * (n + 1)] * (n + 1)},
    "yajisan_kazusan": lambda n: {"size": [n, n], "clues": []},
    "heteromino": lambda n: {"size": [n, n], "black": []},
    "choco_banana": lambda n: {"size": [n, n], "clues": []},
    "numberlink": lambda n: {"h": n, "w": n, "numbers": [[0] * n for _ in range(n)]},
    "sashigane": lambda n: {"size": [n, n], "circles": [], "arrows": []},
    "country_road": lambda n: {"size": [n, n], "regions": [[0] * n for _ in range(n)]},
    "statue_park": lambda n: {"size": [n, n], "bag": [["#"]]},
    "stostone": lambda n: {"size": [n, n], "regions": [[0] * n for _ in range(n)]},
}


def first_board(genre):
    """The first shipped board's puzzle and answer JSON."""
    e = banks.load(genre)[0]
    return e["clues"], e["answer"]


def paths(obj, here=()):
    """Every position inside a JSON value, outermost first."""
    if isinstance(obj, dict):
        items = obj.items()
    else:
        items = enumerate(obj) if isinstance(obj, list) else ()
    for k, v in items:
        yield here + (k,)
        yield from paths(v, here + (k,))


def replaced(obj, path, value):
    """A deep copy of ``obj`` with the item at ``path`` replaced."""
    out = copy.deepcopy(obj)
    at = out
    for k in path[:-1]:
        at = at[k]
    at[path[-1]] = value
    return out


def field(path) -> str:
    """How an error message names the item at ``path``: ``clues[2][1]``."""
    return str(path[0]) + "".join(f"[{k}]" for k in path[1:])


def int_paths(obj):
    """Positions of the integer leaves of a JSON value."""
    def at(path):
        """The item of ``obj`` at ``path``."""
        return obj if not path else at(path[:-1])[path[-1]]

    return [p for p in paths(obj) if type(at(p)) is int]


def loads_or_refuses(cls, obj):
    """``cls.from_json(obj)`` or None after a one-line ValueError (InputError)."""
    try:
        x = cls.from_json(obj)
    except ValueError as exc:
        msg = str(exc)
        assert msg.strip() and "\n" not in msg and len(msg) < 300, repr(msg)
        return None
    assert isinstance(x, cls)
    again = cls.from_json(json.loads(json.dumps(x.to_json())))
    assert again.to_json() == x.to_json()
    return x


def one_line(err: str) -> bool:
    single = len(err.strip().splitlines()) == 1
    return single and err.startswith("error:") and "Traceback" not in err


# -- the library: hostile JSON into from_json ---------------------------------------
leaves = st.one_of(st.none(), st.booleans(), st.integers(), st.sampled_from(HOSTILE[9:14]),
                   st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=6))


def json_values(keys):
    """Any JSON value, objects keyed mostly by the schema's own keys."""
    key = st.one_of(st.sampled_from(sorted(keys) or ["grid"]), st.text(max_size=4))
    return st.recursive(leaves, lambda ch: st.one_of(st.lists(ch, max_size=4),
                                                     st.dictionaries(key, ch, max_size=5)),
                        max_leaves=30)


@pytest.mark.parametrize("genre", BUILT)
def test_any_json_loads_or_is_refused_in_one_line(genre):
    sp = puzzlekit.spec(genre)
    puz, ans = first_board(genre)
    keys = {k for o in (puz, ans) for p in paths(o) for k in p if isinstance(k, str)}
    shaped = st.fixed_dictionaries({}, optional={k: json_values(keys) for k in keys})

    @settings(max_examples=150, deadline=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(obj=st.one_of(json_values(keys), shaped))
    def run(obj):
        loads_or_refuses(sp.Puzzle, obj)
        loads_or_refuses(sp.Answer, obj)
    run()


@pytest.mark.parametrize("genre", BUILT)
def test_a_bank_board_with_one_hostile_part(genre):
    sp = puzzlekit.spec(genre)
    puz, ans = first_board(genre)
    puzzle = sp.Puzzle.from_json(puz)
    hostile = st.one_of(st.sampled_from(HOSTILE), leaves, json_values(set()))

    @settings(max_examples=150, deadline=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(which=st.sampled_from(["puzzle", "answer"]), data=st.data(), value=hostile)
    def run(which, data, value):
        base = puz if which == "puzzle" else ans
        path = data.draw(st.sampled_from(list(paths(base))))
        obj = replaced(base, path, value)
        if which == "puzzle":
            loads_or_refuses(sp.Puzzle, obj)
            return
        answer = loads_or_refuses(sp.Answer, obj)
        if answer is not None:      # the referee judges any answer that loads
            try:
                assert isinstance(sp.check(puzzle, answer), list)
            except ValueError as exc:
                assert "\n" not in str(exc)
    run()


@pytest.mark.parametrize("genre", BUILT)
def test_every_integer_field_is_strict_and_named(genre):
    sp = puzzlekit.spec(genre)
    for cls, base in zip((sp.Puzzle, sp.Answer), first_board(genre)):
        for path in int_paths(base):
            for bad in NOT_INTS:
                with pytest.raises(ValueError) as exc:
                    cls.from_json(replaced(base, path, bad))
                msg = str(exc.value)
                assert field(path) in msg and "\n" not in msg, (path, bad, msg)


@pytest.mark.parametrize("genre", BUILT)
def test_max_cells_is_declared_and_enforced(genre):
    sp = puzzlekit.spec(genre)
    model = importlib.import_module(f"puzzlekit.{genre}.model")
    assert sp.max_cells == model.MAX_CELLS > 0
    assert genre in HUGE, f"no 2000x2000 board builder for {genre}: add one to HUGE"
    with pytest.raises(ValueError, match="more than"):
        sp.Puzzle.from_json(HUGE[genre](200))
    with pytest.raises(ValueError):
        sp.generate(2000, 2000)
    with pytest.raises(ValueError):
        sp.generate(10 ** 30, 2)


# -- the command line, as a process ------------------------------------------------
def cli_run(*argv, timeout=60):
    """Run ``python -m puzzlekit`` and time it."""
    t = time.monotonic()
    r = subprocess.run([sys.executable, "-m", "puzzlekit", *map(str, argv)], cwd=ROOT,
                       capture_output=True, text=True, timeout=timeout)
    return r, time.monotonic() - t


_STARTUP = {}


def startup(genre) -> float:
    """Wall time of the CLI loading a genre and refusing a missing file."""
    if genre not in _STARTUP:
        r, dt = cli_run("solve", genre, "/nonexistent/board.json")
        assert r.returncode == 2
        _STARTUP[genre] = dt
    return _STARTUP[genre]


def assert_quick_refusal(genre, r, dt):
    """Exit 2, one line, no traceback, within 2 s of work beyond start-up."""
    assert r.returncode == 2, r.stderr
    assert one_line(r.stderr), r.stderr
    assert dt < 2.0 + startup(genre), (dt, startup(genre))


@pytest.mark.parametrize("genre", BUILT)
def test_cli_refuses_a_2000x2000_board(genre, tmp_path):
    assert genre in HUGE, f"no 2000x2000 board builder for {genre}: add one to HUGE"
    f = tmp_path / "huge.json"
    f.write_text(json.dumps(HUGE[genre](2000)))
    assert_quick_refusal(genre, *cli_run("solve", genre, f))


@pytest.mark.parametrize("where", [0, -1])
@pytest.mark.parametrize("genre", BUILT)
def test_cli_refuses_a_value_of_10_to_the_30(genre, where, tmp_path):
    puz, _ = first_board(genre)
    f = tmp_path / "big.json"
    f.write_text(json.dumps(replaced(puz, int_paths(puz)[where], 10 ** 30)))
    assert_quick_refusal(genre, *cli_run("solve", genre, f))


@pytest.mark.parametrize("size", ["2000x2000", f"{10 ** 30}x2"])
@pytest.mark.parametrize("genre", BUILT)
def test_cli_refuses_huge_generate_sizes(genre, size):
    assert_quick_refusal(genre, *cli_run("generate", genre, "--size", size))


# a size each genre's generator cannot make, and a word of the reason its refusal gives
IMPOSSIBLE = {
    "nanro": ("1x6", "2x2"),
    "kojun": ("1x1", "two cells"),
    "numberlink": ("1x1", "two cells"),
    "sashigane": ("2x2", "6 cells"),
    "country_road": ("1x6", "2x2"),
    "stostone": ("3x4", "even height"),
}


@pytest.mark.parametrize("genre", sorted(g for g in IMPOSSIBLE if g in BUILT))
def test_cli_generate_refuses_a_size_it_cannot_make_saying_why(genre):
    size, reason = IMPOSSIBLE[genre]
    r, _ = cli_run("generate", genre, "--size", size, "--timeout", "30", timeout=600)
    assert r.returncode == 2 and one_line(r.stderr), r.stderr
    assert reason in r.stderr and "timed out" not in r.stderr, r.stderr


def test_cli_generate_refuses_before_it_compiles_anything(tmp_path):
    """On a fresh install (an empty numba cache) a size the genre cannot make
    is refused before anything is compiled: the cache stays empty."""
    genre = "stostone" if "stostone" in BUILT else sorted(IMPOSSIBLE.keys() & set(BUILT))[0]
    size, reason = IMPOSSIBLE[genre]
    cache = tmp_path / "numba"
    r = subprocess.run([sys.executable, "-m", "puzzlekit", "generate", genre, "--size", size],
                       cwd=ROOT, capture_output=True, text=True, timeout=600,
                       env=dict(os.environ, NUMBA_CACHE_DIR=str(cache)))
    assert r.returncode == 2 and reason in r.stderr and one_line(r.stderr), r.stderr
    assert not list(cache.rglob("*.nbi")), sorted(p.name for p in cache.rglob("*.nbi"))[:5]


@pytest.mark.slow
@pytest.mark.parametrize("genre", BUILT)
def test_cli_generate_1x1_makes_a_legal_board_or_refuses_in_one_line(genre):
    r, _ = cli_run("generate", genre, "--size", "1x1", "--timeout", "30", "--json",
                   timeout=600)
    if r.returncode == 2:
        assert one_line(r.stderr) and "timed out" not in r.stderr, r.stderr
        return
    assert r.returncode == 0, r.stderr
    sp, obj = puzzlekit.spec(genre), json.loads(r.stdout)
    assert sp.check(sp.Puzzle.from_json(obj["clues"]), sp.Answer.from_json(obj["answer"])) == []


def test_cli_solve_that_cannot_finish_reports_capped(tmp_path):
    f = tmp_path / "m40.json"
    f.write_text(json.dumps({"h": 40, "w": 40, "dominoes": ["LR" * 20] * 40}))
    g = tmp_path / "first.json"
    g.write_text(json.dumps(banks.load("magnets")[0]["clues"]))
    # compiling the proof's kernels happens before the deadline starts (and
    # once: then they load from numba's cache), so a fresh cache compiles
    # them here, untimed
    assert cli_run("solve", "magnets", g, "--count", "2", timeout=600)[0].returncode == 0
    # a blank 40x40 board has astronomically many answers: counting a
    # million of them cannot finish in 2 s
    r, dt = cli_run("solve", "magnets", f, "--count", "1000000", "--max-nodes",
                    str(10 ** 9), "--timeout", "2", "--json")
    assert dt < 10 + startup("magnets"), dt
    assert r.returncode == 0, r.stderr
    obj = json.loads(r.stdout)
    assert obj["status"] == "capped" and obj["capped"] is True and obj["cap"] == "timeout"


# -- the command line, in process --------------------------------------------------
def run(capsys, *argv):
    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def corner_board(tmp_path):
    """A 6x6 Numbrix board with one clue: weak levels need a deep search."""
    f = tmp_path / "corner.json"
    grid = [[0] * 6 for _ in range(6)]
    grid[0][0] = 1
    f.write_text(json.dumps({"rows": 6, "cols": 6, "grid": grid}))
    return f


def test_node_budget_reports_capped(corner_board, capsys):
    # a timeout far past the first call's compile, so only the node budget can stop it
    code, out, _ = run(capsys, "solve", "numbrix", corner_board, "--level", "pin",
                       "--count", "2", "--max-nodes", "5", "--timeout", "600", "--json")
    obj = json.loads(out)
    assert code == 0 and obj["status"] == "capped" and obj["capped"] and obj["cap"] == "nodes"
    assert obj["nodes"] == 5
    code, out, _ = run(capsys, "solve", "numbrix", corner_board, "--level", "pin",
                       "--count", "2", "--max-nodes", "5", "--timeout", "600")
    assert code == 0 and "capped" in out


def test_memory_ceiling_reports_capped(corner_board, capsys, monkeypatch):
    import numpy as np

    import puzzlekit.core.genre as genre

    def greedy(*a, **k):
        return np.ones(1 << 30, dtype=np.uint8)   # 1 GB, far over the ceiling below
    monkeypatch.setattr(genre, "solve", greedy)
    monkeypatch.setattr(worker, "WORKER_MEMORY", 64 << 20)
    code, out, _ = run(capsys, "solve", "numbrix", corner_board, "--json")
    obj = json.loads(out)
    assert code == 0 and obj["status"] == "capped" and obj["cap"] == "memory"


def test_timeout_in_text_and_generate(capsys, tmp_path):
    f = tmp_path / "m40.json"
    f.write_text(json.dumps({"h": 40, "w": 40, "dominoes": ["LR" * 20] * 40}))
    code, out, _ = run(capsys, "solve", "magnets", f, "--count", "1000000", "--max-nodes",
                       str(10 ** 9), "--timeout", "1")
    assert code == 0 and "capped" in out and "timeout" in out
    code, _, err = run(capsys, "generate", "magnets", "--size", "40x40", "--timeout", "1")
    assert code == 2 and one_line(err) and "timed out after 1 s" in err


class _Terminal(io.StringIO):
    def isatty(self):
        return True


def _stderr(monkeypatch, terminal, after):
    """A stand-in stderr, a terminal or not, with progress on and the CLI's
    status line due after ``after`` seconds."""
    err = _Terminal() if terminal else io.StringIO()
    monkeypatch.setattr(sys, "stderr", err)
    monkeypatch.setenv("PUZZLEKIT_PROGRESS", "1")
    monkeypatch.setattr(worker, "STATUS_AFTER", after)
    return err


@pytest.mark.parametrize("terminal", [True, False])
def test_a_long_wait_shows_its_elapsed_time_on_a_terminal_only(terminal, monkeypatch):
    err = _stderr(monkeypatch, terminal, 0.5)
    how, got = cli.run_capped(lambda: time.sleep(2.2) or 7, 30, "waiting")
    assert (how, got) == ("ok", 7)
    text = err.getvalue()
    if terminal:                       # shown from 0.5 s, once a second, then erased
        assert len(re.findall(r"\rwaiting: \d+ s of 30 s ", text)) >= 2
        assert text.endswith("\r\033[K") and "\n" not in text
    else:
        assert text == ""
    monkeypatch.setenv("PUZZLEKIT_PROGRESS", "0")   # progress off: nothing on a terminal
    err.seek(0)
    err.truncate()
    assert cli.run_capped(lambda: time.sleep(1.2) or 8, 30, "waiting") == ("ok", 8)
    assert err.getvalue() == ""


@pytest.mark.parametrize("terminal", [True, False])
def test_a_long_compile_says_so_on_a_terminal_only(terminal, monkeypatch):
    import puzzlekit.core.genre as genre
    err = _stderr(monkeypatch, terminal, 0.2)
    monkeypatch.setattr(genre, "warm_proof", lambda sp: time.sleep(0.8))
    cli._warm(puzzlekit.spec("nanro"))
    text = err.getvalue()
    if terminal:
        assert text.startswith("\rnanro: compiling its numba kernels") and text.endswith("\r\033[K")
    else:
        assert text == ""
    err.seek(0)
    err.truncate()
    monkeypatch.setattr(genre, "warm_proof", lambda sp: None)    # quick: nothing said
    cli._warm(puzzlekit.spec("nanro"))
    assert err.getvalue() == ""


@pytest.mark.parametrize("argv", [
    ["solve", "numbrix", "{p}", "--max-nodes", str(10 ** 30)],
    ["solve", "numbrix", "{p}", "--max-nodes", "0"],
    ["solve", "numbrix", "{p}", "--count", str(10 ** 30)],
    ["solve", "numbrix", "{p}", "--timeout", "nan"],
    ["solve", "numbrix", "{p}", "--timeout", "1e400"],
    ["solve", "numbrix", "{p}", "--timeout", "-1"],
    ["solve", "numbrix", "{d}/digits.json"],
    ["solve", "numbrix", "{d}/deep.json"],
    ["generate", "numbrix", "--size", "4x4", "--seed", "-1"],
    ["generate", "numbrix", "--size", "4x4", "--seed", str(2 ** 63)],
    ["generate", "numbrix", "--size", "4x4x4"],
    ["generate", "numbrix", "--size", "4x4", "--timeout", "0"],
    ["bank", "numbrix", "--rebuild", "--seed", str(10 ** 30)],
])
def test_huge_numbers_on_the_command_line(argv, corner_board, capsys):
    d = corner_board.parent
    (d / "digits.json").write_text('{"rows": ' + "9" * 5000 + "}")
    (d / "deep.json").write_text("[" * 100_000 + "]" * 100_000)
    code, _, err = run(capsys, *[a.format(d=d, p=corner_board) for a in argv])
    assert code == 2 and one_line(err), err


def test_internal_error_is_one_line_and_exit_3(corner_board, capsys, monkeypatch):
    def boom(args):
        raise RuntimeError("boom\nsecond line")
    monkeypatch.setitem(cli.COMMANDS, "list", boom)
    code, out, err = run(capsys, "list")
    assert code == 3 and one_line(err)
    assert err.strip() == "error: list: internal error: RuntimeError: boom"


def test_internal_error_in_the_worker_is_one_line_and_exit_3(corner_board, capsys, monkeypatch):
    import puzzlekit.core.genre as genre

    def broken(*a, **k):
        raise RuntimeError("kaput")
    monkeypatch.setattr(genre, "solve", broken)
    code, out, err = run(capsys, "solve", "numbrix", corner_board)
    assert code == 3 and one_line(err)
    assert err.strip() == "error: solve: internal error: RuntimeError: kaput"
