"""Every claim of the Country Road chapter can fail: each is fed data on which
it must not hold."""
import pandas as pd

from puzzlekit.core import banks
from puzzlekit.country_road import Puzzle, article


def _order(kept, boards):
    """An order frame whose 6×6 ambiguous boards keep the country order ``kept`` times."""
    col = "same order %"
    df = pd.DataFrame({col: [100.0 * kept / boards]}, index=["6×6"])
    df.attrs["values"] = {("6×6", col): [1.0] * kept + [0.0] * (boards - kept)}
    return df


def _erasure(adversarial, random):
    columns = ("numbers kept (adversarial)", "numbers kept (random erasure)")
    df = pd.DataFrame({c: [sum(v) / len(v)] for c, v in zip(columns, (adversarial, random))},
                      index=["6×6"])
    df.attrs["values"] = {("6×6", c): v for c, v in zip(columns, (adversarial, random))}
    return df


def _probe(ambiguous, stalled, boards=120):
    return pd.DataFrame({"finished but ambiguous %": [ambiguous],
                         "unique but stalled %": [stalled], "boards": [boards]},
                        index=["pooled"])


def _bank_board():
    return Puzzle.from_json(banks.load("country_road")[0]["clues"])


FAILING = {
    # the claim counts the walker's answers on the boards it is given; a board with an
    # answer (a bank board, whose region graph has no cut vertex) must be reported.
    "cut_vertex_zero": lambda: article.cut_vertex_zero("smoke", cut=[_bank_board()]),
    "ledger": lambda: article.ledger_claim(pd.DataFrame(
        {"solutions": [1, 6, 1071, 1, 1, 1, 1, 1, 1]},
        index=["2×2", "4×4", "6×6", *(f"2×{m}" for m in range(3, 9))])),
    "engines_agree": lambda: article.engines_agree(
        pd.DataFrame({"three engines agree": [98.3], "boards": [60]})),
    "probe_sound": lambda: article.probe_sound(_probe(0.8, 0.0)),
    "probe_complete": lambda: article.probe_complete(_probe(0.0, 0.8)),
    "micro": lambda: article.micro(_order(30, 51)),
    "erasure": lambda: article.erasure_claim(_erasure([5, 6, 5, 6], [5, 6, 6, 5])),
}


def test_micro_allows_the_sampling_error_only():
    """A share a little below the article's 92.2% of 51 holds; one far below fails."""
    assert article.micro(_order(45, 51))[0] is True
    assert article.micro(_order(38, 51))[0] is False


def test_no_data_is_no_verdict():
    assert article.engines_agree(
        pd.DataFrame({"three engines agree": [float("nan")], "boards": [0]}))[0] is None
    assert article.probe_complete(_probe(float("nan"), float("nan"), boards=0))[0] is None
