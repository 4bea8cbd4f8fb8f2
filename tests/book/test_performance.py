"""The Performance page's and the chapters' sentences and tables
(puzzlekit.book.performance), from stored runs made up for the test."""
import json

import pandas as pd

import puzzlekit
from puzzlekit.book import performance, results


def test_the_policy_sentence_names_each_setting_a_genre_has():
    """A sentence per setting the genre changes, none for those it keeps."""
    from puzzlekit.core.proof import ProofPolicy
    for g in puzzlekit.GENRES:
        changed = {s.name for s in puzzlekit.spec(g).proof.describe()}
        text = performance.policy_sentence(g)
        for name in (f.name for f in ProofPolicy().settings()):
            assert (f"sets `{name}` to" in text) == (name in changed), (g, name)
        assert set(performance.policy_table([g])["setting"]) == changed


def _run(genre, seconds):
    return {"genre": genre, "scale": "article", "wall_seconds": seconds, "workers": 2,
            "date": "2026-12-01T10:00:00",
            "tables": [{"id": "a", "kind": "exact", "status": "match", "expect": "match",
                        "worst_z": None, "seconds": 1.0},
                       {"id": "b", "kind": "sampled", "status": "close", "expect": "match",
                        "worst_z": 2.5, "seconds": seconds - 1}],
            "claims": [{"id": "c1", "holds": True, "detail": "ok"},
                       {"id": "c2", "holds": None, "detail": "too few boards"}],
            "frames": {"a": {"columns": ["n"], "index": ["6×6"], "data": [[7]]}}}


def test_article_runs_read_the_stored_folder(tmp_path, monkeypatch):
    (tmp_path / "articles").mkdir()
    (tmp_path / "articles" / "kojun.json").write_text(json.dumps(_run("kojun", 185)))
    monkeypatch.setenv(results.STORED_ENV, str(tmp_path))
    runs = performance.article_runs(["kojun", "nanro"])
    assert runs.loc["kojun", "wall"] == "3 min 05 s" and runs.loc["kojun", "close"] == 1
    assert runs.loc["kojun", "claims hold"] == "1/2"
    assert pd.isna(runs.loc["nanro", "wall s"])              # never stored
    run = results.article_run("kojun")
    glue = performance.article_glue(run)
    assert glue["art_changed"] == "1"
    assert glue["art_claims_sentence"] == \
        "1 of 2 claims hold (the others: c2 undecided: too few boards)."
    run["claims"] = [dict(c, holds=True) for c in run["claims"]]
    assert performance.article_glue(run)["art_claims_sentence"] == "All 2 claims hold."
    run = results.article_run("kojun")
    assert list(performance.article_tables(run).index) == ["b", "a"]      # slowest first
    assert performance.run_frame(run, "a").loc["6×6", "n"] == 7
    assert performance.article_glue({})["art_wall"] == "(no stored run)"


def test_speed_glue_reads_the_stored_engine_run():
    times = pd.DataFrame({"board": [0, 0], "engine": ["ladder", "sat"], "seconds": [1.0, 40.0],
                          "status": ["unique"] * 2})
    bank = [{"board": b, "engine": e, "seconds": t, "status": "unique"}
            for b, (lad, sat) in enumerate([(1.0, 12.0), (1.0, 8.0)])
            for e, t in (("ladder", lad), ("sat", sat))]
    said = performance.speed_glue("kojun", times, {"genres": {"kojun": {"bank": bank}}})
    assert (said["sp_sat_med"], said["sp_all_n"], said["sp_all_worst"]) == ("40", "2", "8")
    assert said["sp_target"] == "1 of 2 bank boards fall short of ten times faster"
