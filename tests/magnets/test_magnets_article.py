"""How the article's tables are compared: what is given, what is not compared,
and that every table declares its status at book scale."""
from puzzlekit.magnets import article as art

ARTICLE = art.ARTICLE


def test_every_table_declares_expect():
    for t in ARTICLE.tables.values():
        assert t.expect in ("match", "close", "differs"), t.id


def test_the_fitted_cell_of_the_hbias_dial_is_not_compared():
    c = ARTICLE.table("hbias-dial", "smoke")
    assert art.FITTED in ARTICLE.tables["hbias-dial"].given
    assert c.cells.at[0.0, "rows with difference 0 %"] == "n/a"
    assert c.cells.at[0.5, "rows with difference 0 %"] != "n/a"      # other rows are compared
    assert (c.ours[art.FITTED] == art.MAG).all()
    other = art.hbias_dial("smoke", magnetise=1.0)      # an unfitted reading is compared in full
    assert (0.0, "rows with difference 0 %") in other.attrs["values"]


def test_ablation_work_in_our_units_is_not_compared():
    t = ARTICLE.tables["ablation"]
    c = ARTICLE.table("ablation", "smoke")
    assert "line assignments built" in t.given and "line assignments built" not in c.cells
    assert {"finished %", "cells pinned %", "probes"} <= set(c.cells.columns)
    assert "complete line assignments (ours)" not in t.article.columns


def test_sampled_tables_carry_per_board_values():
    for tid, t in ARTICLE.tables.items():
        if t.kind == "sampled":
            ours = ARTICLE.measure(tid, "smoke")
            assert ours.attrs.get("values"), tid
            assert ARTICLE.table(tid, "smoke").worst_z is not None, tid


def test_streams_are_prefix_stable():
    a = [p.to_json() for p, _ in art.boards(6, 3)]
    assert [p.to_json() for p, _ in art.boards(6, 5)][:3] == a
