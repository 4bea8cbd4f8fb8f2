"""The article figures a genre keeps as printed (``<genre>/figures.py``) are
the article's own: each text stands on the line it names.  Run where the
articles are at hand (``PUZZLEKIT_ARTICLES``, or ``../shared/articles``
beside the checkout); elsewhere skipped."""
import importlib
import os
from pathlib import Path

import pytest

import puzzlekit
from puzzlekit.core.tables.printed import Printed

ROOT = Path(__file__).resolve().parents[1]
ARTICLES = Path(os.environ.get("PUZZLEKIT_ARTICLES", ROOT.parent / "shared" / "articles"))
TYPED = [g for g in puzzlekit.GENRES
         if importlib.util.find_spec(f"puzzlekit.{g}.figures") is not None]


def _printed(genre):
    art = importlib.import_module(puzzlekit.spec(genre).article).ARTICLE
    return {t.id: t.printed for t in art.tables.values() if t.printed is not None}


@pytest.mark.parametrize("genre", TYPED)
def test_every_figure_stands_on_its_line(genre):
    path = ARTICLES / f"{genre.replace('_', '-')}.txt"
    if not path.exists():
        pytest.skip(f"no article text at {path}")
    lines = path.read_text(encoding="utf-8").splitlines()
    for tid, pr in _printed(genre).items():
        assert isinstance(pr, Printed)
        for row, figs in pr.rows.items():
            for col, fig in zip(pr.columns, figs):
                if fig.text.strip() in ("", "—"):
                    continue
                assert fig.line is not None, f"{tid} {row}/{col}: no line"
                assert fig.text in lines[fig.line - 1], (
                    f"{tid} {row}/{col}: {fig.text!r} is not on line {fig.line}: "
                    f"{lines[fig.line - 1]!r}")
        for row, line in pr.n_lines.items():
            assert f"{pr.n[row]:,}" in lines[line - 1] or str(pr.n[row]) in lines[line - 1], (
                f"{tid} {row}: n = {pr.n[row]} is not on line {line}")


@pytest.mark.parametrize("genre", TYPED)
def test_every_table_of_a_typed_genre_is_typed(genre):
    art = importlib.import_module(puzzlekit.spec(genre).article).ARTICLE
    assert all(t.printed is not None for t in art.tables.values())
    assert all(c.verdict is not None for c in art.claims.values())


@pytest.mark.parametrize("genre", TYPED)
def test_the_article_location_is_the_one_it_prints(genre):
    path = ARTICLES / f"{genre.replace('_', '-')}.txt"
    if not path.exists():
        pytest.skip(f"no article text at {path}")
    figures = importlib.import_module(f"puzzlekit.{genre}.figures")
    assert figures.URL.startswith("https://"), figures.URL
    assert f"Repo: {figures.URL}" in path.read_text(encoding="utf-8").splitlines()
    assert not figures.SOURCE.lower().startswith("article:")
    art = importlib.import_module(puzzlekit.spec(genre).article).ARTICLE
    assert {t.url for t in art.tables.values()} <= {figures.URL}
