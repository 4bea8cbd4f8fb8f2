"""The article registry: every table the chapter needs, with its figures as printed."""
from puzzlekit.creek.article import ARTICLE

ISSUE_TABLES = {"full", "erasure", "ring", "kernel", "certificate", "ablation", "reach",
                "linpair", "density", "shape", "ink", "ledgers", "engines", "probe_unique"}


def test_every_table_is_registered_with_an_expectation():
    assert set(ARTICLE.tables) == ISSUE_TABLES
    for t in ARTICLE.tables.values():
        assert t.expect in ("match", "close", "differs") and t.source
        if t.kind == "exact":
            assert t.expect == "match"


def test_article_figures_are_as_printed():
    a = ARTICLE.tables
    assert a["erasure"].article.loc[57, "unique %"] == 56.5
    assert a["kernel"].article.loc["6×6", "row %"] == round(100 * 23 / 600, 2)
    assert a["ablation"].article.loc["−connect", "completed 6×6 %"] == round(100 * 42 / 120, 1)
    assert a["linpair"].article.loc["sweep", "bits only pair finds"] == round(1947 / 9000, 3)
    assert a["ledgers"].article.loc["n×n, n = 1..4 (enumerated)", "values"] == "2, 14, 219, 11507"


def test_smoke_report_has_nothing_missing_and_theorems_hold():
    rep = ARTICLE.report("smoke")
    assert all(t["status"] != "missing" for t in rep["tables"])
    for c in rep["claims"]:
        if ARTICLE.claims[c["id"]].theorem:
            assert c["holds"] is True, c
