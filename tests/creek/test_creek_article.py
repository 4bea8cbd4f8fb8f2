"""The article registry: every table the chapter needs, with its figures as printed; every
claim can fail: each is fed data on which it must not hold."""
import pandas as pd

from puzzlekit.core import measure
from puzzlekit.creek import article, figures
from puzzlekit.creek.article import ARTICLE

TABLES = {"full", "erasure", "ring", "kernel", "certificate", "ablation", "reach",
          "linpair", "density", "shape", "ink", "ledgers", "engines", "probe_unique"}


def test_every_table_is_registered_typed_with_an_expectation():
    assert set(ARTICLE.tables) == TABLES
    for t in ARTICLE.tables.values():
        assert t.printed is not None and t.source
        assert t.expect in ("match", "close", "differs", "shown")


def test_article_figures_are_as_printed():
    assert figures.ERASURE.figure(57, "unique %").text == "56.5%"
    moved = figures.ABLATION.figure("−count", "moved 10×10 %")
    assert (moved.text, moved.n, moved.exact) == ("1/120", 120, True)
    completed = figures.ABLATION.figure("−connect", "completed 6×6 %")
    assert completed.text == "61→42" and completed.value == 100 * 42 / 120
    bits = figures.LINPAIR.figure("sweep", "bits only pair finds")
    assert bits.text == "1,947" and bits.value == 1947 / 9000
    assert figures.CERTIFICATE.figure("border-erased 6×6", "explained %").n == 107
    assert figures.CERTIFICATE.figure("randomly erased 6×6", "explained %").n is None
    assert figures.DENSITY.figure("20%", "adversarially minimal numbers").value == 32


def test_kinds_of_the_identities():
    kernel = ARTICLE.tables["kernel"]
    assert kernel.kinds["±1 patterns"] == "derived"
    assert kernel.kinds["kernel dimension"] == "exact"
    assert ARTICLE.tables["ring"].kinds["ring: dof left"] == "exact"


def test_smoke_report_has_nothing_missing_and_theorems_hold():
    rep = ARTICLE.report("smoke")
    assert all(t["status"] != "missing" for t in rep["tables"])
    for c in rep["claims"]:
        if ARTICLE.claims[c["id"]].theorem:
            assert c["holds"] is True, c


def _summary(index, cells):
    """A frame as the tables build it: ``{(row, col): (statistic, values)}``."""
    s = measure.Summary(index)
    for (row, col), (stat, values) in cells.items():
        getattr(s, stat)(row, col, values)
    return s.frame()


def _ring(ring_share, interior_share):
    rows = list(figures.RING.rows)
    return _summary("board", {
        **{(row, "ring: unique %"): ("share", [1] * ring_share + [0] * (100 - ring_share))
           for row in rows},
        **{(row, "interior: unique %"): ("share", [1] * interior_share
                                         + [0] * (100 - interior_share)) for row in rows}})


def _ablation(linear_moved, connect_moved):
    def flags(k):
        return [1] * k + [0] * (120 - k)
    cols = [f"moved {n}×{n} %" for n in (6, 8, 10)]
    cells = {(row, col): ("share", flags(linear_moved))
             for row in ("−count", "−linear", "−pair") for col in cols}
    cells.update({("−connect", col): ("share", flags(connect_moved)) for col in cols})
    return _summary("dropped", cells)


def _probe(violations, stalls):
    s = measure.Summary("boards")
    s.exact("sweep", "probe finishes, not unique", violations)
    s.share("sweep", "unique, probe stalls %", [True] * stalls + [False] * (450 - stalls))
    s.given("sweep", "boards", 450)
    return s.frame()


FAILING = {
    "closed_form": lambda: article.closed_form(pd.DataFrame(
        {"closed form %": [100.0], "unique %": [99.0], "count finishes %": [100.0]})),
    "ledgers": lambda: article.ledgers_claim(pd.DataFrame(
        {"values": ["2, 4, 7, 11, 16, 22, 29, 38"] + list(figures.LEDGERS.frame()["values"])[1:]},
        index=list(figures.LEDGERS.rows))),
    "ring_not_size": lambda: article.ring_not_size(_ring(50, 50)),
    "no_false_positive": lambda: article.no_false_positive(
        pd.DataFrame({"false positives": [0, 1]})),
    "only_connect_moves": lambda: article.only_connect_moves(_ablation(20, 60)),
    "probe_iff_unique": lambda: article.probe_iff_unique(_probe(0, 20)),
    "engines_agree": lambda: article.engines_agree(
        pd.DataFrame({"agreed %": [100.0, 99.0]}, index=["count", "probe"])),
    "shore": lambda: article.shore(pd.DataFrame({"unique %": [10.0, 20.0]})),
}


def test_both_directions_of_probe_iff_unique_can_fail():
    assert not article.probe_iff_unique(_probe(1, 0))[0]      # probe finishes, not unique
    assert not article.probe_iff_unique(_probe(0, 20))[0]     # unique, probe stalls
    assert article.probe_iff_unique(_probe(0, 0))[0]


def test_both_sides_of_only_connect_moves_can_fail():
    assert not article.only_connect_moves(_ablation(20, 60))[0]   # a linear rung moves
    assert not article.only_connect_moves(_ablation(0, 10))[0]    # connect hardly moves
    assert article.only_connect_moves(_ablation(0, 60))[0]


def test_no_data_is_no_verdict():
    frame = _probe(0, 0)
    frame["boards"] = 0
    assert article.probe_iff_unique(frame)[0] is None
