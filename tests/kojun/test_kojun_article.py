"""Every claim of the Kojun chapter can fail: each is fed data on which it
must not hold."""
import pandas as pd

from puzzlekit.kojun import article


def _ablation(moved):
    rows = ["full", "−neigh", "−once", "−order", "−region", "−probe"]
    return pd.DataFrame({"fixpoints moved %": moved, "region assignments": [10, 9, 12, 11, 0, 3]},
                        index=rows)


FAILING = {
    "singletons_empty": lambda: article.singletons_empty(
        pd.DataFrame({"admits a board %": [2.5]}, index=["1–1"])),
    "tall_vanishes": lambda: article.tall_vanishes(pd.DataFrame(
        {"admits a board %": [10.0, 20.0, 30.0, 40.0],
         "pinned by shape (`order`) %": [5.0, 4.0, 3.0, 2.0]})),
    "roof": lambda: article.roof(_ablation([0, 0, 5.0, 0, 0, 90])),
    "roof_quiet": lambda: article.roof_quiet(_ablation([0, 0, 0, 0, 5.0, 90])),
    "neigh_bill": lambda: article.neigh_bill(_ablation([0] * 6)),
    "probe_above_roof": lambda: article.probe_above_roof(_ablation([0] * 6)),
    "census": lambda: article.census_claim(pd.DataFrame(
        {"raw engine fillings": [120, 21], "(pq)!/(p!)^q": [120, 20]}, index=["1×5", "3×2"])),
    "engines_agree": lambda: article.engines_agree(
        pd.DataFrame({"agreed %": [99.0], "pairs compared": [100]})),
    "no_silent_cell": None,
    "swap_no_false_alarm": lambda: article.swap_no_false_alarm(
        pd.DataFrame({"false alarms on unique boards": [0, 1]}, index=["4×4", "6×6"])),
    "probe_iff_unique": lambda: article.probe_iff_unique(pd.DataFrame(
        {"boards": [10], "held %": [90.0], "gaps": [1], "violations": [0]})),
}


def test_a_silent_cell_is_reported():
    """``no_silent_cell`` counts the legal boards one cell away from each
    answer it is given.  No legal answer has one (the theorem the claim
    checks), so it is fed a broken one: a 1×2 region holding 1, 1 is one cell
    from the legal 1, 2, and the claim must fail."""
    from puzzlekit.kojun import Answer, Puzzle
    p = Puzzle.from_json({"size": [1, 2], "regions": [[0, 0]], "givens": []})
    a = Answer.from_json({"grid": [[1, 1]]})
    holds, detail = article.no_silent_cell([(p, a)])
    assert holds is not None and not holds, detail


def test_no_data_is_no_verdict():
    assert article.engines_agree(
        pd.DataFrame({"agreed %": [float("nan")], "pairs compared": [0]}))[0] is None
    assert article.probe_iff_unique(pd.DataFrame(
        {"boards": [0], "held %": [float("nan")], "gaps": [0], "violations": [0]}))[0] is None
