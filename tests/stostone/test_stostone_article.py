"""Every claim of the Stostone chapter can fail: each is fed data on which it
must not hold (or, for a theorem checked exhaustively with nothing to feed,
None with the reason)."""
import numpy as np
import pandas as pd

from puzzlekit.stostone import article


def _assumptions(col, drop):
    """An ablation frame whose per-board guesses are ``col`` and ``drop``."""
    rows = ["− `col`", "− `drop`"]
    df = pd.DataFrame({"assumptions": [np.mean(col), np.mean(drop)]}, index=rows)
    df.attrs["values"] = {("− `col`", "assumptions"): col, ("− `drop`", "assumptions"): drop}
    return df


def _prefixes(violations, gap, prefixes=876):
    return pd.DataFrame({"probe finished a board with two answers": [violations],
                         "unique, probe needed a guess %": [gap], "prefixes": [prefixes]},
                        index=["clue prefixes"])


LANDS = np.array([0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1], bool)   # the bottom half, packed

FAILING = {
    "arch": lambda: article.arch_claim(LANDS),
    # the closed forms are checked on every balanced grid of fixed small boards: nothing to feed
    "closed-forms": None,
    "recurrence": lambda: article.recurrence("smoke", terms=[6, 28, 134, 641]),
    "col-cannot-open": lambda: article.col_cannot_open(
        pd.DataFrame({"`col`": [0.0, 2.0]}, index=["6×6", "8×8"])),
    "col-dearer": lambda: article.col_dearer(_assumptions([10, 0, 5], [20, 30, 10]),
                                             _assumptions([100, 90, 80], [10, 20, 10])),
    "count-not-enough": lambda: article.count_not_enough(
        pd.DataFrame({"`count`": [100.0, 40.0]}, index=["6×6", "8×8"])),
    # the fall schedules are compared on every balanced grid of fixed boards: nothing to feed
    "fall": None,
    "probe-never-lies": lambda: article.probe_never_lies(_prefixes(1, 0.3)),
    "probe-gap": lambda: article.probe_gap(_prefixes(0, 0.0, 2_000)),
}


def test_too_few_prefixes_to_see_a_gap_is_no_verdict():
    assert article.probe_gap(_prefixes(0, 0.0, 60))[0] is None


def test_the_arch_is_a_witness():
    holds, detail = article.arch_claim()
    assert holds, detail
