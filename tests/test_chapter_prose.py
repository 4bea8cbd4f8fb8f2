"""A chapter's prose reads statuses from the results: no markdown cell of a
chapter whose tables are typed (``<genre>/figures.py``) types a status
(*match*, *close*, *differs*) where a glued one belongs.  The paragraph that
defines the words is the one exception."""
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
