"""Every claim of the Choco Banana chapter can fail: each is fed data on which
it must not hold."""
import pandas as pd

from puzzlekit.choco_banana import article

ABLATION_ROWS = ["all rungs", "− `value`", "− `rect`", "− `anti`", "− `size`"]


def _prefixes(violations, gaps):
    return pd.DataFrame({"probe finishes but the board is not unique": [violations],
                         "unique but probe stalls": [gaps]}, index=["prefixes"])


FAILING = {
    # a 1×4 strip holds no banana at all, so its banana areas are not 3 .. h*w - 1
    "banana-areas": lambda: article.banana_areas_claim("book", boards=[(1, 4)]),
    "a027424": lambda: article.a027424(counts=[1, 3, 6, 9, 14, 18, 25, 30, 36, 43]),
    # every size map of a 3×3 board is its answer's alone: the biggest tie is one
    "tie-3x4": lambda: article.tie_3x4(board=(3, 3)),
    "probe-never-lies": lambda: article.probe_never_lies(_prefixes(1, 5)),
    "probe-incomplete": lambda: article.probe_incomplete(_prefixes(0, 0)),
    "anti-dearer": lambda: article.anti_dearer(pd.DataFrame(
        {"finishes with no guessing %": [100.0, 70.0, 50.0, 60.0, 10.0]}, index=ABLATION_ROWS)),
    "rules-both-bind": lambda: article.rules_both_bind(pd.DataFrame(
        {article.RULE_COLS[1]: [40.0, 100.0], article.RULE_COLS[2]: [50.0, 20.0]},
        index=["6x6", "8x8"])),
    "dialects-incomplete": lambda: article.dialects_incomplete(pd.DataFrame(
        {"forcing only": [50.0], "silent only": [100.0]}, index=["6x6"])),
    "minimal": lambda: article.minimal(pd.DataFrame(
        {"still unique after removing one": [0, 2]}, index=["6x6", "8x8"])),
}
