"""Every claim of the Statue Park chapter can fail: each is fed data on which
it must not hold."""
import pandas as pd

from puzzlekit.statue_park import article
from puzzlekit.statue_park.article import NON_RULE_BAGS
from puzzlekit.statue_park.census import LEDGER_ROWS
from puzzlekit.statue_park.model import NAMED, Puzzle


def _with_values(df, values):
    """``df`` carrying per-board values the way ``measure.Summary`` keeps them."""
    df.attrs["values"] = values
    return df


def _price(black, white):
    """A price frame whose white-only sets are no dearer than the black-only ones."""
    df = pd.DataFrame({"black-only": [sum(black) / len(black)],
                       "white-only": [sum(white) / len(white)]}, index=["6x6"])
    return _with_values(df, {("6x6", "black-only"): black, ("6x6", "white-only"): white})


def _park(tight, loose, small):
    column = "killed, mean over bags % (ours)"
    rows = ["6x6 3x size5", "7x7 3x size5", "6x6 3x size4"]
    df = pd.DataFrame({column: [sum(v) / len(v) for v in (tight, loose, small)]}, index=rows)
    return _with_values(df, {(row, column): v for row, v in zip(rows, (tight, loose, small))})


def _engines(disagreements, rungs):
    return pd.DataFrame({"clue sets": [80], "disagreements": [disagreements],
                         "count across the rungs": [rungs]}, index=["6x6 clue sets"])


def _board_with_a_white_circle():
    return Puzzle.make(4, 4, [NAMED["I4"]], black=[0], white=[15])


FAILING = {
    "factorial": lambda: article.factorial(pd.DataFrame(
        {"shadings": [48, 16], "labelled": [96, 95]}, index=list(NON_RULE_BAGS)[:2])),
    "alphabets": lambda: article.alphabets("smoke", black=[_board_with_a_white_circle()],
                                           white=[]),
    "black_cheaper": lambda: article.black_cheaper(_price([5, 6, 7, 6], [5, 6, 8, 6])),
    "park_tight": lambda: article.park_tight(_park([80, 85, 90], [80, 86, 88], [60, 65, 70])),
    "probe_sound": lambda: article.probe_sound(pd.DataFrame(
        {"finished but not unique": [0, 1]}, index=["6x6", "8x8"])),
    "probe_gap": lambda: article.probe_gap(pd.DataFrame(
        {"unique but not finished %": [0.0, 0.0]}, index=["6x6", "8x8"])),
    "engines_agree": lambda: article.engines_agree(_engines(1, "unchanged")),
    "ledgers": lambda: article.ledgers_claim(pd.DataFrame(
        {"answers": [2, 7, 63, 1234, 55448, 1, 2, 1, 0]}, index=LEDGER_ROWS)),
}


def test_a_changing_count_across_the_rungs_fails():
    holds, detail = article.engines_agree(_engines(0, "1 changed"))
    assert holds is False, detail


def test_a_non_unique_alphabet_set_fails():
    """A board with one piece and no circle has many answers."""
    empty = Puzzle.make(4, 4, [NAMED["I4"]])
    holds, detail = article.alphabets("smoke", black=[empty], white=[])
    assert holds is False, detail


def test_no_data_is_no_verdict():
    no_sets = pd.DataFrame({"clue sets": [0], "disagreements": [0],
                            "count across the rungs": ["unchanged"]}, index=["6x6 clue sets"])
    assert article.engines_agree(no_sets)[0] is None
