"""Article tables: figures as printed, statuses per kind, rendering, claims,
the report."""
import pandas as pd
import pytest

from puzzlekit.core.measure import Summary
from puzzlekit.core.tables import Article, Claim, Table, compare
from puzzlekit.core.tables.printed import count, printed, read

ART = printed("board", ["unique %", "count"],
              {"6x6": (10, "50.0%", "3"), "8x8": (11, "10.0%", "0")})


def _table(printed_=ART, **fields):
    return Table("t", "sec", "title", printed_, None, **fields)


def test_exact_cells_must_be_equal():
    t = _table(kind="exact")
    ours = pd.DataFrame({"unique %": [50.0, 10.0], "count": [3, 0]}, index=["6x6", "8x8"])
    assert compare(t, ours).status == "match"
    bad = ours.copy()
    bad.loc["8x8", "count"] = 1
    c = compare(t, bad)
    assert c.status == "differs" and c.cells.loc["8x8", "count"] == "differs"
    assert compare(t, None).status == "missing"
    assert compare(t, pd.DataFrame({"other": [1]}, index=["x"])).status == "missing"
    assert compare(t, ours.iloc[:1]).status == "match"      # a prefix of rows


def test_the_rounding_unit_comes_from_the_text():
    """"0.0" forgives 0.05, not 0.5; "0 of 20" and "never" forgive nothing."""
    s = Summary("board")
    s.mean("6x6", "v", [0.3] * 40)                   # no spread: any gap is infinite z
    ours = s.frame()
    for text, status in (("0.0", "differs"), ("0", "match"), ("0.3", "match")):
        t = _table(printed("board", ["v"], {"6x6": (1, text)}))
        assert compare(t, ours).status == status, text
    assert read("never").unit == 0 and read("0 of 20").unit == 0 and read("0.0").unit == 0.1
    s = Summary("board")
    s.share("9x9", "v", [1] * 6 + [0] * 1230)          # 6 of 1,236 against "never" in 2,488
    t = _table(printed("board", ["v"], {"9x9": (1, "never")}, n={"9x9": (2488, 1)}))
    assert compare(t, s.frame()).z.at["9x9", "v"] > 3   # no half-point allowance hides it


def test_a_printed_n_makes_a_two_sample_test_and_none_is_inferred():
    s = Summary("board")
    s.share("6x6", "v", [1] * 44 + [0] * 56)           # 44% of 100 boards
    ours = s.frame()
    with_n = _table(printed("board", ["v"], {"6x6": (1, "50.0%")}, n={"6x6": (100, 1)}))
    c = compare(with_n, ours)
    assert abs(c.z.at["6x6", "v"] - 5.95 / 7.0584) < 1e-3     # pooled p 0.47
    cell = c.cell_list[0]
    assert cell["n_article"] == 100 and cell["line"] == 1 and cell["article"] == "50.0%"
    alone = compare(_table(printed("board", ["v"], {"6x6": (1, "50.0%")})), ours)
    assert "article n not printed" in alone.cell_list[0]["note"]
    p = 44.5 / 101
    assert abs(alone.se.at["6x6", "v"] - 100 * (p * (1 - p) / 100) ** 0.5) < 1e-9


def test_derived_and_given_cells_are_shown_never_compared():
    s = Summary("board")
    s.share("6x6", "unique %", [1] * 50 + [0] * 50)
    s.given("6x6", "count", 99)
    c = compare(_table(), s.frame())
    assert c.cells.at["6x6", "count"] == "shown" and c.status == "match"
    only = Summary("board")
    only.given("6x6", "count", 99)
    assert compare(_table(), only.frame()).status == "shown"
    derived = compare(_table(kinds={"unique %": "derived"}), s.frame())
    assert derived.cells.at["6x6", "unique %"] == "shown"
    assert compare(_table(cells={("6x6", "unique %"): "given"}), s.frame()).status == "shown"


def test_a_measured_cell_without_values_is_not_counted_as_agreement():
    plain = pd.DataFrame({"unique %": [50.0], "count": [3]}, index=["6x6"])
    c = compare(_table(), plain)
    assert c.status == "missing"
    assert all("no per-board values" in x["note"] for x in c.cell_list if x["row"] == "6x6")


def test_a_bank_table_compares_magnitudes_and_reports_its_shape():
    s = Summary("board")
    s.mean("6x6", "count", [30.0, 32.0, 34.0, 28.0])
    s.mean("8x8", "count", [0.0] * 4)
    t = _table(printed("board", ["count"], {"6x6": (1, "3"), "8x8": (2, "0")}), shape=True)
    c = compare(t, s.frame())
    assert c.status == "differs"                       # same zeros, ten times the size
    assert any(d.startswith("shape: zeros in the same cells") for d in c.details)


def test_a_log_scale_column_compares_ratios():
    """Forty times the article's mean, with the spread of counts that span
    orders of magnitude: a match on a linear scale, a difference as a ratio."""
    s = Summary("board")
    s.mean("6x6", "count", [10.0] * 8 + [1000.0, 3000.0])
    linear = _table(printed("board", ["count"], {"6x6": (1, "10")}))
    logged = _table(printed("board", ["count"], {"6x6": (1, "10")}), log=("count",))
    assert compare(linear, s.frame()).status == "match"
    assert compare(logged, s.frame()).status == "differs"


def test_a_range_is_a_match_anywhere_inside_it():
    s = Summary("board")
    s.mean("6x6", "v", [99.0] * 10)
    t = _table(printed("board", ["v"], {"6x6": (1, "98–100%")}))
    assert compare(t, s.frame()).status == "match"


def test_require_is_two_sided_at_book_scale():
    s = Summary("board")
    s.share("6x6", "unique %", [1] * 100)
    art = printed("board", ["unique %"], {"6x6": (1, "50.0%")}, n={"6x6": (100, 1)})
    c = compare(_table(art, expect="close"), s.frame(), "book")
    assert c.status == "differs"
    with pytest.raises(AssertionError):
        c.require()
    compare(_table(art, expect="differs"), s.frame(), "book").require()
    better = Summary("board")
    better.share("6x6", "unique %", [1] * 50 + [0] * 50)
    with pytest.raises(AssertionError):                # better than expected fails too
        compare(_table(art, expect="differs"), better.frame(), "book").require()
    compare(_table(art, expect="close"), s.frame(), "smoke").require()   # smoke: only missing
    exact = _table(printed("board", ["n"], {"6x6": (1, "3")}), kind="exact", expect="match")
    with pytest.raises(AssertionError):                # or a broken exact cell
        compare(exact, pd.DataFrame({"n": [4]}, index=["6x6"]), "smoke").require()


def test_count_figures():
    assert count("7", 1, of=60).n == 60 and count("7", 1, of=60).exact
    assert count("19", 171).with_n(38).value == 100 * 19 / 38


def test_article_registry_report_and_rendering():
    calls = []
    art = Article("toy", "toy.txt")

    @art.table("t1", printed=ART, section="s", title="T", expect="match")
    def t1(scale):
        calls.append(scale)
        s = Summary("board")
        for row, share, n in (("6x6", 50, 3), ("8x8", 10, 0)):
            s.share(row, "unique %", [1] * (2 * share) + [0] * (200 - 2 * share))
            s.mean(row, "count", [n] * 200)
        return s.frame()

    @art.table("t2", printed=ART, section="s", title="T2", kind="exact", expect="match")
    def t2(scale):
        return None

    @art.claim("c1", text="holds", section="s", uses=("t1",))
    def c1(frame):
        return bool((frame["count"] >= 0).all()), "ok"

    @art.claim("c2", text="undecided", section="s", theorem=True)
    def c2():
        return None, "small"

    rep = art.report("smoke")
    assert rep["genre"] == "toy" and rep["scale"] == "smoke"
    assert [(t["id"], t["status"]) for t in rep["tables"]] == [("t1", "match"), ("t2", "missing")]
    assert rep["tables"][0]["worst_z"] == 0.0 and rep["tables"][1]["worst_z"] is None
    cell = rep["tables"][0]["cells"][0]
    assert set(cell) >= {"row", "column", "ours", "se", "article", "line", "kind", "z", "status"}
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
    assert art.figure("t1", "6x6", "unique %") == "50.0%"
    assert art.claims["c1"].verdict is c1


def test_results_are_kept_for_the_other_processes_of_a_run(tmp_path, monkeypatch):
    from puzzlekit.core.tables import RESULTS_ENV, code_tag
    calls = []

    def compute(scale):
        calls.append(scale)
        return pd.DataFrame({"x": [len(calls)]})

    def article(genre):
        return Article(genre, "toy.txt",
                       [Table("t/1", "s", "T", printed("i", ["x"], {0: (1, "1")}), compute,
                              kind="exact")],
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
