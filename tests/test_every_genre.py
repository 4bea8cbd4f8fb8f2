"""Walk every built genre through the shared contracts (DESIGN.md).

For each genre whose package exists: the spec is complete, its ladder ends
with probe and resolves levels, its bank re-proves, its article report at
smoke scale lists every table with no ``missing`` and every ``exact`` table
matching, and its notebook exists with the shared shape.
"""
import importlib
import json

import pytest

import puzzlekit
from puzzlekit.core import banks

BUILT = [g for g in puzzlekit.GENRES if puzzlekit.available(g)
         and hasattr(importlib.import_module(puzzlekit.GENRES[g]), "SPEC")]
MODULES = ("model", "ladder", "brute", "generate", "census", "certify", "article", "draw")


def test_some_genre_is_built():
    assert BUILT, "no genre package is built"


@pytest.mark.parametrize("genre", BUILT)
def test_spec_and_modules(genre):
    sp = puzzlekit.spec(genre)
    assert sp.name == genre
    for m in MODULES:
        importlib.import_module(f"puzzlekit.{genre}.{m}")
    assert sp.ladder.names[-1] == "probe"
    for i, name in enumerate(sp.ladder.names):
        assert sp.ladder.level(name) == i


@pytest.mark.parametrize("genre", BUILT)
def test_bank_reproves(genre):
    sp = puzzlekit.spec(genre)
    rep = banks.verify(sp)
    assert rep["boards"] > 0, f"{genre} ships no bank"
    assert rep["failures"] == [], rep["failures"][:3]
    ids = [e["id"] for e in banks.load(genre)]
    assert len(ids) == len(set(ids))
    for e in banks.load(genre):
        assert {"id", "size", "clues", "answer", "grade", "seed"} <= set(e)


@pytest.mark.parametrize("genre", BUILT)
def test_article_report_at_smoke(genre):
    sp = puzzlekit.spec(genre)
    art = importlib.import_module(sp.article).ARTICLE
    rep = art.report("smoke")
    json.dumps(rep)
    assert rep["tables"], f"{genre} registers no table"
    for t in rep["tables"]:
        assert t["status"] != "missing", t
        if t["kind"] == "exact":
            assert t["status"] == "match", t
    for c in rep["claims"]:
        if art.claims[c["id"]].theorem:
            assert c["holds"] is True, c


@pytest.mark.parametrize("genre", BUILT)
def test_notebook_shape(genre):
    from pathlib import Path
    nb = json.loads((Path(__file__).parents[1] / "book" / f"{genre}.ipynb").read_text())
    cells = nb["cells"]
    assert cells[0]["cell_type"] == "markdown"
    params = [c for c in cells if "parameters" in c.get("metadata", {}).get("tags", [])]
    assert len(params) == 1 and "SCALE" in "".join(params[0]["source"])
    assert all(not c.get("outputs") for c in cells if c["cell_type"] == "code")
    src = "".join("".join(c["source"]) for c in cells)
    assert "stepper.show" in src and ("assert" in src or ".require()" in src)


@pytest.mark.parametrize("genre", BUILT)
def test_cli_rejects_bad_boards_in_one_line(genre, tmp_path, capsys):
    import puzzlekit.__main__ as cli
    entry = banks.load(genre)[0]
    good_p = tmp_path / "p.json"
    good_p.write_text(json.dumps(entry["clues"]))
    cases = {"empty.json": {}, "list.json": [1, 2, 3], "string.json": "board"}
    for name, obj in cases.items():
        (tmp_path / name).write_text(json.dumps(obj))
        assert cli.main(["solve", genre, str(tmp_path / name)]) == 2
        err = capsys.readouterr().err
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
        assert cli.main(["check", genre, str(good_p), str(tmp_path / name)]) == 2
        err = capsys.readouterr().err
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    # the shipped answer passes the referee through the CLI
    good_a = tmp_path / "a.json"
    good_a.write_text(json.dumps(entry["answer"]))
    assert cli.main(["check", genre, str(good_p), str(good_a), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["ok"] is True
