"""Article tables: statuses per kind, rendering, claims, the report."""
import pandas as pd
import pytest

from puzzlekit.core.measure import Summary
from puzzlekit.core.tables import Article, Claim, Table, compare


def _t(kind, art, n_article=None):
    return Table("t", "sec", "title", kind, art, None, n_article=n_article)


ART = pd.DataFrame({"unique %": [50.0, 10.0], "count": [3.0, 0.0]},
                   index=pd.Index(["6x6", "8x8"], name="board"))


def test_exact_statuses():
    t = _t("exact", ART)
    assert compare(t, ART.copy()).status == "match"
    bad = ART.copy()
    bad.loc["8x8", "count"] = 1
    c = compare(t, bad)
    assert c.status == "differs" and c.cells.loc["8x8", "count"] == "differs"
    assert compare(t, None).status == "missing"
    assert compare(t, pd.DataFrame({"other": [1]}, index=["x"])).status == "missing"
    # a prefix of rows is compared on what it has
    assert compare(t, ART.iloc[:1]).status == "match"


def _sampled(stats=None, n_article=None, given=()):
    return Table("t", "sec", "title", "sampled", ART, None, n_article=n_article,
                 given=given, stats=stats)


def test_share_is_a_two_sample_test_of_proportions():
    s = Summary("board")
    s.share("6x6", "unique %", [1] * 44 + [0] * 56)       # 44% of 100 boards
    s.mean("6x6", "count", [3.0] * 100)
    ours = s.frame()
    c = compare(_sampled(n_article=100), ours)
    # pooled p = 0.47, se = 7.06 points; 6 points less half the printed unit (0.5)
    assert abs(c.z.at["6x6", "unique %"] - 5.5 / 7.0584) < 1e-3
    assert c.cells.at["6x6", "unique %"] == "match"
    big = Summary("board")
    big.share("6x6", "unique %", [1] * 4400 + [0] * 5600)
    assert compare(_sampled(n_article=10_000), big.frame()).cells.at["6x6", "unique %"] == "differs"
    # no article n: our own binomial error (kept off 0 and 1)
    c = compare(_sampled(), ours)
    p = 44.5 / 101
    assert abs(c.se.at["6x6", "unique %"] - 100 * (p * (1 - p) / 100) ** 0.5) < 1e-9


def test_mean_uses_our_per_board_spread_and_half_the_rounding_unit():
    s = Summary("board")
    s.mean("6x6", "count", [3.0, 3.0, 3.0, 3.0])          # no spread, equal
    s.mean("8x8", "count", [0.0, 0.0, 0.0, 0.4])          # 0.1, within 0.5 of 0
    c = compare(_sampled(), s.frame())
    assert c.cells.at["6x6", "count"] == "match" and c.z.at["8x8", "count"] == 0.0
    wide = Summary("board")
    wide.mean("6x6", "count", [2.0, 4.0, 6.0, 4.0, 2.0, 6.0])   # 4.0 vs 3, se 0.73
    c = compare(_sampled(), wide.frame())
    assert 0.6 < c.z.at["6x6", "count"] < 0.7 and c.status == "match"
    tight = Summary("board")
    tight.mean("6x6", "count", [4.0] * 50)                  # 4 vs 3, no spread
    c = compare(_sampled(), tight.frame())
    assert c.status == "differs" and c.worst_z == float("inf")


def test_given_and_unknown_columns_are_not_compared():
    s = Summary("board")
    s.given("6x6", "count", 99)
    s.share("6x6", "unique %", [1] * 50 + [0] * 50)
    c = compare(_sampled(n_article=100), s.frame())
    assert c.cells.at["6x6", "count"] == "n/a" and c.status == "match"
    only_given = Summary("board")
    only_given.given("6x6", "count", 3)
    assert compare(_sampled(), only_given.frame()).status == "missing"
    plain = ART.copy()                                      # no statistic, no values
    assert compare(_sampled(), plain).status == "missing"


def test_median_is_bootstrapped():
    s = Summary("board")
    s.median("6x6", "count", [2, 3, 3, 4, 3, 2, 4, 3, 3, 5])
    c = compare(_sampled(), s.frame())
    assert c.cells.at["6x6", "count"] == "match" and c.se.at["6x6", "count"] >= 0


def test_require_compares_with_expect():
    s = Summary("board")
    s.share("6x6", "unique %", [1] * 100)
    t = Table("t", "s", "T", "sampled", ART, None, n_article=100, expect="close")
    c = compare(t, s.frame(), "book")
    assert c.status == "differs"
    with pytest.raises(AssertionError):
        c.require()
    compare(t, s.frame(), "smoke").require()                # smoke: only missing fails
    t2 = Table("t", "s", "T", "sampled", ART, None, n_article=100, expect="differs")
    compare(t2, s.frame(), "book").require()


def test_bank_compares_shape():
    t = _t("bank", ART)
    ours = ART * 1.7
    assert compare(t, ours).status == "match"
    swapped = ART.copy()
    swapped["unique %"] = [10.0, 50.0]
    assert compare(t, swapped).status == "close"
    zero = ART.copy()
    zero.loc["8x8", "count"] = 4
    assert compare(t, zero).status == "differs"


def test_article_registry_report_and_rendering():
    calls = []

    def compute(scale):
        calls.append(scale)
        s = Summary("board")
        for row in ART.index:
            s.share(row, "unique %", [1] * int(ART.at[row, "unique %"] * 2)
                    + [0] * int(200 - ART.at[row, "unique %"] * 2))
            s.mean(row, "count", [ART.at[row, "count"]] * 200)
        return s.frame()

    art = Article("toy", "toy.txt",
                  [Table("t1", "s", "T", "sampled", ART, compute, 200),
                   Table("t2", "s", "T2", "exact", ART, None)],
                  [Claim("c1", "s", "holds", lambda s: (True, "ok")),
                   Claim("c2", "s", "undecided", lambda s: (None, "small"), theorem=True)])
    rep = art.report("smoke")
    assert rep["genre"] == "toy" and rep["scale"] == "smoke"
    assert [(t["id"], t["status"]) for t in rep["tables"]] == [("t1", "match"), ("t2", "missing")]
    assert rep["tables"][0]["worst_z"] == 0.0 and rep["tables"][1]["worst_z"] is None
    assert "expect" in rep["tables"][0]
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
    assert "z" in art.table("t1", "smoke").frame().columns.get_level_values(1)


def test_results_are_kept_for_the_other_processes_of_a_run(tmp_path, monkeypatch):
    from puzzlekit.core.tables import RESULTS_ENV, code_tag
    calls = []

    def compute(scale):
        calls.append(scale)
        return pd.DataFrame({"x": [len(calls)]})

    def article(genre):
        return Article(genre, "toy.txt", [Table("t/1", "s", "T", "exact", ART, compute)],
                       [Claim("c", "s", "holds",
                              lambda s: (len(calls) > 0, f"{len(calls)} calls"))])

    monkeypatch.setenv(RESULTS_ENV, str(tmp_path))
    first = article("nanro").measure("t/1", "smoke")
    assert calls == ["smoke"] and article("nanro").claim("c", "smoke").detail == "1 calls"
    again = article("nanro")                        # another process, as far as it knows
    assert again.measure("t/1", "smoke").equals(first) and calls == ["smoke"]
    assert again.claim("c", "smoke").detail == "1 calls"
    assert all(p.name.endswith(f"-{code_tag()}.pickle") for p in tmp_path.iterdir())
    assert len(list(tmp_path.iterdir())) == 2
    article("nanro").measure("t/1", "book")         # another scale is measured
    assert calls == ["smoke", "book"]
    for p in tmp_path.iterdir():                    # a damaged file is measured again
        p.write_bytes(b"not a pickle")
    assert article("nanro").measure("t/1", "smoke").at[0, "x"] == 3
    article("toy").measure("t/1", "smoke")          # not a genre's article: not kept
    assert calls[-1] == "smoke" and len(calls) == 4 and len(list(tmp_path.iterdir())) == 3
    monkeypatch.delenv(RESULTS_ENV)
    article("nanro").measure("t/1", "smoke")        # no folder: measured
    assert len(calls) == 5


def test_blank_article_cells_and_given_columns_are_not_compared():
    art = pd.DataFrame({"unique %": [50.0, float("nan")], "boards": [100.0, 100.0]},
                       index=pd.Index(["6x6", "8x8"], name="board"))
    ours = pd.DataFrame({"unique %": [50.0, 99.0], "boards": [7.0, 7.0]}, index=art.index)
    t = Table("t", "s", "T", "exact", art, None)
    assert compare(t, ours).status == "differs"           # the boards column differs
    t2 = Table("t", "s", "T", "exact", art, None, given=("boards",))
    c = compare(t2, ours)
    assert c.status == "match" and c.cells.loc["8x8", "unique %"] == "n/a"
    assert "boards" in c.frame().columns.get_level_values(0)   # still shown
