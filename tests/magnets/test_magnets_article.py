"""How the article's tables are compared (what is given, what is derived),
and every claim fed data on which it must fail."""
import pandas as pd

from puzzlekit.magnets import article as art
from puzzlekit.magnets.figures import ABLATION_ZEROS

ARTICLE = art.ARTICLE


def _cells(tid):
    return {(c["row"], c["column"]): c for c in ARTICLE.table(tid, "smoke").cell_list}


def _hbias(unique, values=None):
    df = pd.DataFrame({"exactly one answer %": unique}, index=[0.0, 0.5, 1.0])
    df.attrs["values"] = values or {}
    return df


def _ablation(extra):
    work = {"full": 100.0, **{f"−{r}": 100.0 + x for r, x in zip(("pole", "count", "flux"), extra)}}
    return pd.DataFrame({art.WORK: work})


FAILING = {
    "flux-identity": lambda: art.flux_identity_claim(pd.DataFrame(
        {"exceptions": [0, 1], "lines checked": [10, 10]}, index=["rows", "columns"])),
    "anisotropy": lambda: art.anisotropy(_hbias([0.0, 50.0, 60.0])),
    "all-neutral-unique": lambda: art.all_neutral_unique(
        pd.DataFrame({"exactly one answer %": [98.3]}, index=[0.0])),
    # a theorem (neutral is always legal); fed one broken filling
    "no-dead-end": None,
    "ablation-zeros": lambda: art.ablation_zeros_claim(pd.DataFrame(
        [[0, 0, 0], [0, 1, 0]], index=["6x6", "8x8"], columns=list(ABLATION_ZEROS.columns))),
    "pole-alone": lambda: art.pole_alone_claim(
        pd.DataFrame({"pole finishes %": [0.0, 1.7]}, index=["6x6", "8x8"])),
    "pole-bill": lambda: art.pole_bill(_ablation([3.0, 9.6, 2.8])),
    "strips": lambda: art.strips_claim(pd.DataFrame(
        [[3, 7, 17], [3, 7, 18]], index=["engine", "transposed"], columns=[1, 2, 3])),
    "engines-agree": lambda: art.engines_agree(pd.DataFrame(
        {"boards": [462], "not agreed or capped": [1]}, index=["counts"])),
    "no-silent-single": lambda: art.no_silent_single(
        pd.DataFrame({"silent single-domino moves": [2]}, index=["full clues"])),
    "no-false-alarm": lambda: art.no_false_alarm(pd.DataFrame(
        {"certificates on unique boards": [0, 1]}, index=["4x4", "6x6"])),
    "probe-iff-unique": lambda: art.probe_iff_unique(pd.DataFrame(
        {"exceptions": [0, 1], "boards": [680, 680]},
        index=["probe finishes, not unique", "unique, probe stalls"])),
}


def test_a_dead_end_is_reported():
    """``no-dead-end`` re-checks fillings with the referee: a filling with a
    cell left undecided must fail it."""
    p, a = art.boards(4, 1)[0]
    grid = a.grid.copy()
    grid[0, 0] = -1
    holds, detail = art.no_dead_end(items=[(p, type(a)(grid))])
    assert holds is False, detail


def test_anisotropy_needs_a_gap_beyond_its_error():
    flags = {(0.0, "exactly one answer %"): [0.0] * 8 + [1.0] * 2,
             (0.5, "exactly one answer %"): [0.0] * 7 + [1.0] * 3,
             (1.0, "exactly one answer %"): [0.0] * 10}
    holds, detail = art.anisotropy(_hbias([20.0, 30.0, 0.0], flags))
    assert holds is False, detail


def test_no_data_is_no_verdict():
    assert art.probe_iff_unique(pd.DataFrame(
        {"exceptions": [0, 0], "boards": [0, 0]}))[0] is None
    assert art.engines_agree(pd.DataFrame(
        {"boards": [0], "not agreed or capped": [0]}, index=["counts"]))[0] is None


def test_the_fitted_cell_of_the_hbias_dial_is_given():
    cells = _cells("hbias-dial")
    assert cells[("0.0", "rows with difference 0 %")]["kind"] == "given"
    assert cells[("0.0", "rows with difference 0 %")]["status"] in ("shown", "n/a")
    assert cells[("0.5", "rows with difference 0 %")]["kind"] == "measured"
    ours = ARTICLE.measure("hbias-dial", "smoke")
    assert (ours[art.FITTED] == art.MAG).all()
    other = art.hbias_dial("smoke", magnetise=1.0)      # an unfitted reading is compared in full
    assert (0.0, "rows with difference 0 %") in other.attrs["values"]


def test_the_all_neutral_row_is_derived():
    cells = _cells("magnetisation-dial")
    assert {c["kind"] for (row, _), c in cells.items() if row == "0.0"} == {"derived"}
    assert cells[("0.4", "exactly one answer %")]["kind"] == "measured"


def test_ablation_work_in_our_units_has_no_article_column():
    t = ARTICLE.tables["ablation"]
    c = ARTICLE.table("ablation", "smoke")
    assert "line assignments built" not in c.cells
    assert {"finished %", "cells pinned %", "probes"} <= set(c.cells.columns)
    assert art.WORK not in t.article.columns


def test_measured_tables_carry_per_board_values():
    for tid in ("hbias-dial", "magnetisation-dial", "ablation", "engine-agreement",
                "pair-certificate"):
        assert ARTICLE.measure(tid, "smoke").attrs.get("values"), tid
        assert ARTICLE.table(tid, "smoke").worst_z is not None, tid


def test_streams_are_prefix_stable():
    a = [p.to_json() for p, _ in art.boards(6, 3)]
    assert [p.to_json() for p, _ in art.boards(6, 5)][:3] == a
