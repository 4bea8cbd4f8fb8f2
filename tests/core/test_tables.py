"""Article tables: statuses per kind, rendering, claims, the report."""
import pandas as pd
import pytest

from puzzlekit.core.tables import Article, Claim, Table, compare


def _t(kind, art, n_article=None):
    return Table("t", "sec", "title", kind, art, None, n_article=n_article)


ART = pd.DataFrame({"unique %": [50.0, 10.0], "count": [3.0, 0.0]},
                   index=pd.Index(["6x6", "8x8"], name="board"))


def test_exact_statuses():
    t = _t("exact", ART)
    assert compare(t, ART.copy()).status == "match"
    bad = ART.copy(); bad.loc["8x8", "count"] = 1
    c = compare(t, bad)
    assert c.status == "differs" and c.cells.loc["8x8", "count"] == "differs"
    assert compare(t, None).status == "missing"
    assert compare(t, pd.DataFrame({"other": [1]}, index=["x"])).status == "missing"
    # a prefix of rows is compared on what it has
    assert compare(t, ART.iloc[:1]).status == "match"


def test_sampled_tolerance_depends_on_sample_size():
    t = _t("sampled", ART, n_article=200)
    ours = ART.copy(); ours.loc["6x6", "unique %"] = 44.0
    ours.attrs["n"] = 200
    assert compare(t, ours).status == "match"           # 6 points, se ~5: within 3 se
    ours.attrs["n"] = 100_000
    t2 = _t("sampled", ART, n_article=100_000)
    assert compare(t2, ours).status == "differs"        # 6 points, se ~0.2
    ours2 = ART.copy(); ours2.loc["8x8", "count"] = 0.2   # absolute slack 0.5 on counts
    assert compare(t, ours2).status == "match"
    ours3 = ART.copy(); ours3.loc["6x6", "count"] = 3.6   # 17 % relative
    assert compare(t, ours3).status == "close"


def test_bank_compares_shape():
    t = _t("bank", ART)
    ours = ART * 1.7
    assert compare(t, ours).status == "match"
    swapped = ART.copy(); swapped["unique %"] = [10.0, 50.0]
    assert compare(t, swapped).status == "close"
    zero = ART.copy(); zero.loc["8x8", "count"] = 4
    assert compare(t, zero).status == "differs"


def test_article_registry_report_and_rendering():
    calls = []

    def compute(scale):
        calls.append(scale)
        df = ART.copy(); df.attrs["n"] = 200
        return df

    art = Article("toy", "toy.txt",
                  [Table("t1", "s", "T", "sampled", ART, compute, 200),
                   Table("t2", "s", "T2", "exact", ART, None)],
                  [Claim("c1", "s", "holds", lambda s: (True, "ok")),
                   Claim("c2", "s", "undecided", lambda s: (None, "small"), theorem=True)])
    rep = art.report("smoke")
    assert rep["genre"] == "toy" and rep["scale"] == "smoke"
    assert [(t["id"], t["status"]) for t in rep["tables"]] == [("t1", "match"), ("t2", "missing")]
    assert [c["holds"] for c in rep["claims"]] == [True, None]
    art.table("t1", "smoke")
    assert calls == ["smoke"]                       # cached
    html = art.table("t1", "smoke")._repr_html_()
    assert "ours" in html and "article" in html and "match" in html
    art.claim("c1", "smoke").require()
    with pytest.raises(AssertionError):
        art.claim("c2", "smoke").require()          # a theorem must decide
    with pytest.raises(KeyError):
        art.table("nope", "smoke")
    assert list(art.summary("smoke")["status"]) == ["match", "missing", "holds", "undecided"]


def test_blank_article_cells_and_uncompared_columns_are_not_compared():
    art = pd.DataFrame({"unique %": [50.0, float("nan")], "boards": [100.0, 100.0]},
                       index=pd.Index(["6x6", "8x8"], name="board"))
    ours = pd.DataFrame({"unique %": [50.0, 99.0], "boards": [7.0, 7.0]}, index=art.index)
    t = Table("t", "s", "T", "exact", art, None)
    assert compare(t, ours).status == "differs"           # the boards column differs
    t2 = Table("t", "s", "T", "exact", art, None, uncompared=("boards",))
    c = compare(t2, ours)
    assert c.status == "match" and c.cells.loc["8x8", "unique %"] == "n/a"
    assert "boards" in c.frame().columns.get_level_values(0)   # still shown
