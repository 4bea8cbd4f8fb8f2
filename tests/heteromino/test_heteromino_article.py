"""Every claim of the Heteromino chapter can fail: each is fed data on which
it must not hold."""
from types import SimpleNamespace

import numpy as np
import pandas as pd

from puzzlekit.heteromino import article


def _census(many_large_k):
    index = ["3×4, k=3", "3×4, k=6"]
    return pd.DataFrame({"no answer %": [37.3, 79.7], "many answers %": [20.0, many_large_k]},
                        index=pd.Index(index, name="board"))


def _reach(hetero_8, probe_12):
    table = pd.DataFrame({"hetero %": [hetero_8[0], 4.2], "probe %": [100.0, probe_12[0]]},
                         index=["8×8", "12×12"])
    table.attrs["values"] = {("8×8", "hetero %"): hetero_8, ("8×8", "probe %"): [100.0] * 4,
                             ("12×12", "hetero %"): [4.0, 4.4, 4.2, 4.2],
                             ("12×12", "probe %"): probe_12}
    return table


def _ablation(lost):
    return pd.DataFrame({"boards": [72], "left with no answer": [lost]},
                        index=["rotations merged (LITS)"])


FAILING = {
    "strip": lambda: article.strip([3, 6]),
    "two_rows": lambda: article.two_rows((True, [2, 4, 9])),
    "rule_off": lambda: article.rule_off(SimpleNamespace(count=4, shapes=np.array([0, 0]))),
    "bounds": lambda: article.bounds(
        pd.DataFrame({"tilings": [10_000_000]}, index=["6×12"])),
    "flip": lambda: article.flip(_census(25.0)),
    "cliff": lambda: article.cliff(_reach([20.0, 22.0, 21.0, 19.0], [88.1, 88.1, 88.1, 88.1])),
    "candidates": lambda: article.candidates([11.0, 11.2, 10.9, 11.1]),
    "lits": lambda: article.lits(_ablation(50)),
}


def test_cliff_fails_on_either_side():
    """Too much below probe fails, and so does too little at probe."""
    assert not article.cliff(_reach([2.1, 2.0, 2.2, 2.1], [60.0, 62.0, 61.0, 59.0]))[0]
    assert article.cliff(_reach([2.1, 2.0, 2.2, 2.1], [88.0, 88.2, 88.1, 88.1]))[0]


def test_no_data_is_no_verdict():
    assert article.lits(pd.DataFrame({"boards": [0], "left with no answer": [0]},
                                     index=["rotations merged (LITS)"]))[0] is None
    assert article.bounds(pd.DataFrame({"tilings": [14]}, index=["3×4"]))[0] is None
    one_k = pd.DataFrame({"no answer %": [37.3], "many answers %": [20.0]},
                         index=pd.Index(["3×4, k=3"], name="board"))
    assert article.flip(one_k)[0] is None
