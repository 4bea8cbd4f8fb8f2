"""A chapter's prose reads statuses from the results: no markdown cell of a
chapter whose tables are typed (``<genre>/figures.py``) types a status
(*match*, *close*, *differs*) where a glued one belongs.  The paragraph that
defines the words is the one exception."""
import ast
import importlib
import importlib.util
import json
import re
from pathlib import Path

import pytest

import puzzlekit

BOOK = Path(__file__).resolve().parents[1] / "book"
TYPED = [g for g in puzzlekit.GENRES
         if importlib.util.find_spec(f"puzzlekit.{g}.figures") is not None]
TYPED_STATUS = re.compile(r"[*_]+(match|close|differs)[*_]+")
DEFINES = "**How a table is compared.**"


def _prose(genre):
    nb = json.loads((BOOK / f"{genre}.ipynb").read_text(encoding="utf-8"))
    for i, cell in enumerate(nb["cells"]):
        if cell["cell_type"] == "markdown":
            text = "".join(cell["source"])
            yield i, "\n\n".join(p for p in text.split("\n\n") if not p.startswith(DEFINES))


@pytest.mark.parametrize("genre", TYPED)
def test_no_typed_status_in_prose(genre):
    typed = [(i, m.group(0)) for i, text in _prose(genre)
             for m in TYPED_STATUS.finditer(text)]
    assert not typed, f"{genre}: statuses typed in prose (glue them): {typed}"


def test_the_pattern_finds_a_typed_status():
    assert TYPED_STATUS.search("so the table is *close* at book scale")
    assert not TYPED_STATUS.search("the table is *{glue:text}`partition_status`*")


# ---------------------------------------------------------------- a chapter a reader can skim
GENRES = list(puzzlekit.GENRES)
HIDDEN = {"hide-input", "remove-input"}
BOOKKEEPING = {"glue", "require", "status", "quote", "g"}


def _cells(genre):
    return json.loads((BOOK / f"{genre}.ipynb").read_text(encoding="utf-8"))["cells"]


def _text(cell):
    return "".join(cell["source"])


def _bookkeeping_only(code):
    """Whether every statement of ``code`` is a glue, an assert, a
    ``require()`` (or one of the chapters' glue helpers), an assignment or a
    loop of those: a cell whose only job is bookkeeping."""
    def book(stmt):
        if isinstance(stmt, ast.Assert):
            return True
        if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
            f = stmt.value.func
            name = f.id if isinstance(f, ast.Name) else getattr(f, "attr", "")
            return name in BOOKKEEPING
        if isinstance(stmt, ast.For):
            return all(book(s) or isinstance(s, ast.Assign) for s in stmt.body)
        return False
    body = ast.parse(code).body
    return any(book(s) for s in body) and all(book(s) or isinstance(s, ast.Assign) for s in body)


@pytest.mark.parametrize("genre", GENRES)
def test_no_visible_bookkeeping_cell(genre):
    visible = [c["id"] for c in _cells(genre) if c["cell_type"] == "code"
               and not HIDDEN & set(c["metadata"].get("tags", []))
               and _bookkeeping_only(_text(c))]
    assert not visible, f"{genre}: glue/assert/require-only cells shown: {visible}"


def test_the_bookkeeping_check_finds_a_glue_cell():
    assert _bookkeeping_only('glue("a", 1, display=False)\nassert x == 1')
    assert _bookkeeping_only('t = ARTICLE.table("a", SCALE)\nt.require()')
    assert not _bookkeeping_only('glue("a", 1, display=False)\nplots.dial(df)')
    assert not _bookkeeping_only("stepper.show(SPEC, board)")


@pytest.mark.parametrize("genre", GENRES)
def test_summary_box_at_the_top(genre):
    cells = _cells(genre)
    top = [_text(c) for c in cells[:3] if c["cell_type"] == "markdown"]
    box = next((t for t in top if t.startswith("::::{admonition} In short")), None)
    assert box is not None, f"{genre}: no summary box under the title"
    assert ":::{glue:} status_strip" in box
    assert f"https://github.com/sen-ltd/{genre.replace('_', '-')}" in box
    glued = [c for c in cells if c["cell_type"] == "code" and 'glue("status_strip"' in _text(c)]
    assert glued and "remove-input" in glued[0]["metadata"].get("tags", [])
    assert not any("## Takeaways" in _text(c) for c in cells), f"{genre}: Takeaways left at the end"


@pytest.mark.parametrize("genre", GENRES)
def test_intro_links_article_method_and_api(genre):
    intro = _text(_cells(genre)[0])
    assert f"https://github.com/sen-ltd/{genre.replace('_', '-')}" in intro
    assert "<method>`" in intro and f"{{doc}}`api/{genre}`" in intro


@pytest.mark.parametrize("genre", GENRES)
def test_rungs_named_before_the_first_stepper(genre):
    cells = _cells(genre)
    first = next(i for i, c in enumerate(cells) if c["cell_type"] == "code"
                 and "stepper.show" in _text(c))
    before = "\n".join(_text(c) for c in cells[:first] if c["cell_type"] == "markdown")
    ladder = importlib.import_module(f"puzzlekit.{genre}").SPEC.ladder
    missing = [name for name in ladder.names if name not in before]
    assert not missing, f"{genre}: rungs {missing} first explained after the first stepper"


@pytest.mark.parametrize("genre", GENRES)
def test_imports_use_the_book_style(genre):
    imports = next(_text(c) for c in _cells(genre) if c["cell_type"] == "code"
                   and "from myst_nb import glue" in _text(c))
    assert "style.use()" in imports


@pytest.mark.parametrize("genre", GENRES)
def test_sizes_written_with_times(genre):
    bad = [(c["id"], m.group(0)) for c in _cells(genre) if c["cell_type"] == "markdown"
           for line in _text(c).split("\n")
           for m in re.finditer(r"(?<![\w/])\d+x\d+(?![\w/])", line)
           if line[:m.start()].count("`") % 2 == 0]
    assert not bad, f"{genre}: sizes with an x: {bad}"


@pytest.mark.parametrize("genre", GENRES)
def test_glued_status_not_pinned_to_book_scale(genre):
    """A glued status is the status at the scale the page was built at, so the
    sentence beside it does not name another scale."""
    bad = [c["id"] for c in _cells(genre) if c["cell_type"] == "markdown"
           for m in re.finditer(r"book scale", _text(c))
           if "_status`" in _text(c)[m.end():m.end() + 60]
           and not _text(c)[:m.start()].rstrip().endswith("than at")]
    assert not bad, f"{genre}: 'book scale' beside a glued status in cells {bad}"
