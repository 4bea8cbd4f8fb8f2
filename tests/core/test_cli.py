"""The CLI: every subcommand, and one-line exit-2 errors for bad input."""
import json
import subprocess
import sys

import pytest

import puzzlekit.__main__ as cli
from puzzlekit.core import banks
from tests.core import toy


@pytest.fixture
def with_toy(monkeypatch, tmp_path):
    monkeypatch.setattr(cli, "get_spec", lambda name: toy.SPEC if name == "toy" else
                        (_ for _ in ()).throw(ValueError(f"unknown genre {name!r}")))
    monkeypatch.setenv("PUZZLEKIT_BANKS", str(tmp_path))
    pz = tmp_path / "p.json"
    pz.write_text(json.dumps({"k": 3, "givens": [[0, 0, 1], [0, 1, 2], [1, 0, 2]]}))
    ans = tmp_path / "a.json"
    ans.write_text(json.dumps({"grid": [[1, 2, 3], [2, 3, 1], [3, 1, 2]]}))
    return tmp_path


def run(capsys, *argv):
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_list_runs_as_a_process():
    r = subprocess.run([sys.executable, "-m", "puzzlekit", "list", "--json"],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0
    names = [row["genre"] for row in json.loads(r.stdout)]
    assert "magnets" in names and len(names) == 13


def test_solve_check_bank(with_toy, capsys):
    d = with_toy
    code, out, _ = run(capsys, "solve", "toy", str(d / "p.json"), "--count", "3", "--json")
    obj = json.loads(out)
    assert code == 0 and obj["status"] == "unique" and obj["count"] == 1
    assert obj["solutions"][0]["grid"][1] == [2, 3, 1]
    code, out, _ = run(capsys, "check", "toy", str(d / "p.json"), str(d / "a.json"), "--json")
    assert code == 0 and json.loads(out)["ok"]
    (d / "bad.json").write_text(json.dumps({"grid": [[1, 2, 3], [2, 3, 1], [3, 2, 1]]}))
    code, out, _ = run(capsys, "check", "toy", str(d / "p.json"), str(d / "bad.json"))
    assert code == 1 and "column" in out
    entry = {"id": "toy-1", "size": [3, 3], "clues": json.loads((d / "p.json").read_text()),
             "answer": json.loads((d / "a.json").read_text()), "grade": "single", "seed": 0}
    banks.save("toy", [entry, dict(entry, id="toy-2", grade="probe")])
    code, out, _ = run(capsys, "bank", "toy", "--verify", "--json")
    rep = json.loads(out)
    assert code == 1 and rep["boards"] == 2 and rep["verified"] == 1
    assert rep["failures"][0]["id"] == "toy-2" and "graded single" in rep["failures"][0]["reason"]


def test_what_generate_prints_is_read_back(with_toy, capsys):
    d = with_toy
    report = {"genre": "toy", "size": [3, 3], "seed": 0, "grade": "single",
              "clues": json.loads((d / "p.json").read_text()),
              "answer": json.loads((d / "a.json").read_text())}
    (d / "g.json").write_text(json.dumps(report))
    code, out, _ = run(capsys, "solve", "toy", str(d / "g.json"), "--count", "2", "--json")
    assert code == 0 and json.loads(out)["count"] == 1
    code, out, _ = run(capsys, "check", "toy", str(d / "g.json"), str(d / "g.json"), "--json")
    assert code == 0 and json.loads(out)["ok"]
    (d / "other.json").write_text(json.dumps(dict(report, genre="kojun")))
    code, _, err = run(capsys, "solve", "toy", str(d / "other.json"))
    assert code == 2 and "holds a \"kojun\" puzzle, not toy" in err


@pytest.mark.parametrize("argv", [
    ["solve", "nosuch", "{p}"],
    ["solve", "toy", "{d}/missing.json"],
    ["solve", "toy", "{d}/garbage.json"],
    ["solve", "toy", "{d}/outofrange.json"],
    ["solve", "toy", "{p}", "--level", "nolevel"],
    ["solve", "toy", "{p}", "--count", "0"],
    ["solve", "toy", "{p}", "--count", "x"],
    ["check", "toy", "{p}", "{d}/garbage.json"],
    ["check", "toy", "{p}"],
    ["generate", "toy", "--size", "axb"],
    ["generate", "toy", "--size", "0x3"],
    ["generate", "toy", "--size", "3x3"],
    ["bank", "toy"],
    ["bank", "nosuch", "--verify"],
    ["article", "toy", "--scale", "huge"],
    ["article", "nosuch"],
    ["frobnicate"],
    [],
])
def test_bad_input_is_one_line_and_exit_2(with_toy, capsys, argv):
    d = with_toy
    (d / "garbage.json").write_text("{not json")
    (d / "outofrange.json").write_text(json.dumps({"k": 3, "givens": [[0, 0, 9]]}))
    argv = [a.format(d=d, p=d / "p.json") for a in argv]
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and err.startswith("error:")
    assert "Traceback" not in err
