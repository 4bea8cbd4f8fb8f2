"""The one loader of stored results (puzzlekit.book.results)."""
import json

import pytest

from puzzlekit.book import results


def test_a_missing_stored_results_folder_is_one_clear_error(tmp_path, monkeypatch):
    monkeypatch.setenv(results.STORED_ENV, str(tmp_path / "nowhere"))
    with pytest.raises(results.StoredResultsMissing) as err:
        results.load()
    said = str(err.value)
    assert "\n" not in said and results.STORED_ENV in said and "nowhere" in said
    assert isinstance(err.value, FileNotFoundError)
    for read in (results.folder, lambda: results.article_run("kojun"), results.load_reports):
        with pytest.raises(results.StoredResultsMissing):
            read()


def test_an_empty_stored_folder_has_no_runs(tmp_path, monkeypatch):
    """A folder that exists but holds no run: every loader finds nothing."""
    monkeypatch.setenv(results.STORED_ENV, str(tmp_path))
    assert results.folder() == tmp_path
    assert results.load() == {} and results.load("lift") == {}
    assert results.article_run("kojun") == {}
    assert results.load_reports() == {}


def test_the_named_folder_is_read(tmp_path, monkeypatch):
    (tmp_path / "articles").mkdir()
    (tmp_path / "engines.json").write_text(json.dumps({"when": "today", "genres": {}}))
    (tmp_path / "articles" / "kojun.json").write_text(json.dumps({"genre": "kojun"}))
    monkeypatch.setenv(results.STORED_ENV, str(tmp_path))
    assert results.load()["when"] == "today"
    assert results.article_run("kojun") == {"genre": "kojun"}


def test_the_checkout_s_stored_results_are_found_without_the_variable(monkeypatch):
    monkeypatch.delenv(results.STORED_ENV, raising=False)
    assert results.folder() == results.CHECKOUT
    assert results.load().get("genres"), "benchmarks/results/engines.json is missing"

