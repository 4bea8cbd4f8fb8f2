"""Every claim of the Sashigane chapter can fail: each is fed data on which it
must not hold."""
import numpy as np
import pandas as pd

from puzzlekit.sashigane import article, census
from puzzlekit.sashigane.article import CLAUSE_ROWS

LABELS = [label for label, _ in CLAUSE_ROWS]


def _ledger(wrong_term):
    """Our ledger frame with the 2×n row's term for n = 7 replaced."""
    rows = [[census.a052537(16)[n] for n in range(2, 15)]]
    rows[0][5] = wrong_term
    return pd.DataFrame(rows, index=["2×n"], columns=list(range(2, 15)))


def _ablation(lost_end, lost_home, boards=72):
    """A clause-ablation frame whose two arrow rows lose the given numbers of boards."""
    col = "boards losing uniqueness"
    share = {label: 0.0 for label in LABELS}
    share["the arrow sits at an end"] = 100.0 * lost_end / boards
    share["the arrow points home"] = 100.0 * lost_home / boards
    df = pd.DataFrame({col: share})
    df.attrs["values"] = {(label, col): [0.0] * boards for label in LABELS}
    df.attrs["lost"] = {label: [] for label in LABELS}
    return df


def _dial(long, short, coin, answers=1200):
    return pd.DataFrame({"long arm %": [long], "short arm %": [short], "coin flip %": [coin],
                         "answers": [answers]}, index=["6×6"])


def _wrong_count(h, w):
    """A counter that is not symmetric in its two sides."""
    return census.ledger(h, w) + (1 if h < w else 0)


def _refutes_everything(puzzle):
    return True


FAILING = {
    "a052537": lambda: article.a052537(_ledger(15)),
    "three_by_three": lambda: article.three_by_three(
        pd.DataFrame([[0, 0, 0, 0, 7720, 1557970]], index=["n×n"], columns=list(range(1, 7)))),
    "transposes": lambda: article.transposes(_wrong_count),
    "fit_two": lambda: article.fit_two(pd.DataFrame(
        {"circles": [100], "one L %": [80.0], "two L %": [19.0], "three or more": [1],
         "none": [0]})),
    # budget never refutes a solvable board (a theorem); a refuter that rejects every
    # board must be caught on the bank's solvable boards.
    "budget": lambda: article.budget([p for p, _, _ in article.bank_boards(8)[:3]],
                                     _refutes_everything),
    "size_rule_self_check": lambda: article.size_rule_self_check(_ablation(52, 5)),
    "position_beats_direction": lambda: article.position_beats_direction(_ablation(5, 52)),
    # bank boards with every number taken off: cover leaves some open.
    "cover_finishes_bank": lambda: article.cover_finishes_bank(
        [p.with_numbers(np.zeros(p.h * p.w, np.int64)) for p, _, _ in article.bank_boards(12)]),
    "consistency_wins": lambda: article.consistency_wins(_dial(40.0, 38.0, 55.0)),
}


def test_a_small_sample_is_no_verdict():
    """A better convention by less than twice its error decides nothing."""
    assert article.consistency_wins(_dial(30.0, 25.0, 20.0, answers=40))[0] is None
    assert article.consistency_wins(_dial(60.0, 25.0, 20.0, answers=400))[0] is True
