"""Every claim of the Numberlink chapter can fail: each is fed data on which it
must not hold."""
import pandas as pd

from puzzlekit.numberlink import article

SIZES = ["7×7", "9×9"]


def _rule3(unique, boards, fewer):
    return pd.DataFrame({"still unique %": unique, "boards": boards,
                         "fewer routings than answers (ours)": fewer}, index=SIZES)


FAILING = {
    "parity": lambda: article.parity_claim(pd.DataFrame(
        {"partitions": [102749, 137789], "violations": [0, 1]})),
    # a 2×2 board whose pair sits on two neighbouring corners keeps the count and has an answer
    "witness": lambda: article.witness({"h": 2, "w": 2, "numbers": [[1, 1], [0, 0]],
                                        "fill": True}),
    "inequality": lambda: article.inequality(_rule3([90.0, 86.1], [40, 36], [0, 1])),
    "reach_silent": lambda: article.reach_silent(pd.DataFrame(
        {"different conclusion %": [0.1], "comparisons": [2488]}, index=["chain vs reach"])),
    "taut_matters": lambda: article.taut_matters(pd.DataFrame(
        {"loose unique %": [0.0, 10.0], "taut unique %": [70.0, 10.0]}, index=SIZES)),
    "taut_within_pairs": lambda: article.taut_within_pairs(pd.DataFrame(
        {"unique %": [1.0, 50.0, 60.0, 55.0]},
        index=["5, loose", "5, taut", "6, loose", "6, taut"])),
    # 28 of 40 lies more than two standard errors below the article's 36 / 40
    "rule3_redundant": lambda: article.rule3_redundant(_rule3([70.0, 69.4], [40, 36], [0, 0])),
}


def test_rule3_redundant_holds_near_the_article():
    assert article.rule3_redundant(_rule3([90.0, 86.1], [40, 36], [0, 0]))[0]
    assert article.rule3_redundant(_rule3([100.0, 100.0], [40, 36], [0, 0]))[0]


def test_no_data_is_no_verdict():
    assert article.reach_silent(pd.DataFrame(
        {"different conclusion %": [float("nan")], "comparisons": [0]},
        index=["chain vs reach"]))[0] is None
    assert article.taut_within_pairs(pd.DataFrame(
        {"unique %": [1.0]}, index=["5, loose"]))[0] is None
