"""Every claim of the Yajisan-Kazusan chapter can fail: each is fed data on
which it must not hold."""
import pandas as pd

from puzzlekit.yajisan_kazusan import article


def _liar_table(unique_maximal, unique_other):
    return pd.DataFrame({"answers": [60, 60], "maximal %": [0.0, 100.0],
                         "of those, unique %": [float("nan"), unique_maximal],
                         "non-maximal": [60, 0], "non-maximal unique": [unique_other, 0]},
                        index=["6×6 0.18", "6×6 packed"])


def _ablation(moved_without_cap, probes_without_cap):
    rows = [f"{n}×{n} {v}" for n in (6, 8, 10) for v in ("full", "−cap")]
    return pd.DataFrame({"boards": [40, 40, 40, 40, 30, 30],
                         "boards moved": [0, moved_without_cap] * 3,
                         "probes": [400, probes_without_cap] * 3}, index=rows)


def _density(sparse, packed):
    table = pd.DataFrame({"clues for uniqueness": [sum(sparse) / len(sparse),
                                                   sum(packed) / len(packed)]},
                         index=["0.14", "packed"])
    table.attrs["values"] = {("0.14", "clues for uniqueness"): sparse,
                             ("packed", "clues for uniqueness"): packed}
    return table


FAILING = {
    "liar_theorem": lambda: article.liar_theorem_claim(_liar_table(100.0, 1)),
    "no_spare_liar": lambda: article.no_spare_liar(
        pd.DataFrame({"exempt clues tried": [200, 300], "stayed unique": [0, 1]})),
    "probe_iff_unique": lambda: article.probe_iff_unique(pd.DataFrame(
        {"prefixes": [300], "probe not unique": [0], "unique not probe": [2]})),
    "ledgers": lambda: article.ledgers_agree(pd.DataFrame({"engines agree": [True, False]})),
    "cap_is_a_shortcut": lambda: article.cap_is_a_shortcut(_ablation(20, 2000)),
    "honest_weaker": lambda: article.honest_weaker(pd.DataFrame(
        {"honest-only works %": [100.0, 20.0], "liar-only works %": [100.0, 100.0]})),
    "density_price": lambda: article.density_price(_density([10, 11, 12, 11], [10, 12, 11, 11])),
}


def test_both_directions_fail_alone():
    """The liar theorem and probe ⇔ unique each fail on a break in either
    direction."""
    assert not article.liar_theorem_claim(_liar_table(90.0, 0))[0]
    assert not article.liar_theorem_claim(_liar_table(100.0, 1))[0]
    assert not article.probe_iff_unique(pd.DataFrame(
        {"prefixes": [300], "probe not unique": [1], "unique not probe": [0]}))[0]


def test_cap_fails_on_either_half():
    """Without cap: too many boards moved fails, and so does no extra probing."""
    assert not article.cap_is_a_shortcut(_ablation(20, 2000))[0]
    assert not article.cap_is_a_shortcut(_ablation(0, 300))[0]
    assert article.cap_is_a_shortcut(_ablation(0, 2000))[0]


def test_no_data_is_no_verdict():
    empty_side = _liar_table(float("nan"), 0).iloc[:1]
    assert article.liar_theorem_claim(empty_side)[0] is None
    assert article.no_spare_liar(
        pd.DataFrame({"exempt clues tried": [0], "stayed unique": [0]}))[0] is None
    assert article.probe_iff_unique(pd.DataFrame(
        {"prefixes": [0], "probe not unique": [0], "unique not probe": [0]}))[0] is None
    assert article.density_price(_density([12.0], [10.0]))[0] is None
