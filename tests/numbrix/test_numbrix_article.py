"""The article module: streams, the measurement frames, and every claim fed
data on which it must fail."""
import numpy as np
import pandas as pd

from puzzlekit.core import measure
from puzzlekit.numbrix import article as art
from puzzlekit.numbrix.article import ARTICLE, GAPS, VIOLATIONS
from puzzlekit.numbrix.ladder import RULER_LADDER, initial_state
from puzzlekit.numbrix.model import Answer

VARIANTS = ["full", "−pin", "−link", "−block", "−edge", "−probe"]


def _ablation(pinned):
    return pd.DataFrame({"cells pinned %": pinned}, index=VARIANTS)


FAILING = {
    # broken 2×3 fillings (not answers): 3 stands on 2's colour; 6 on 1's colour
    "parity_colour": lambda: art.parity_colour(
        answer_list=[Answer(np.array([[1, 2, 4], [6, 5, 3]]))]),
    "parity_ends": lambda: art.parity_ends(
        answer_list=[Answer(np.array([[1, 2, 3], [4, 6, 5]]))]),
    "chessboard_once": lambda: art.chessboard_once(pd.DataFrame(
        {"after link %": [100.0, 60.0, 40.0, 30.0, 10.0]},
        index=["8×8, 0 printed", "8×8, 1 printed", "8×8, 2 printed", "8×8, 4 printed",
               "8×8, 8 printed"])),
    "ruler_redundant": lambda: art.ruler_redundant(pd.DataFrame(
        {"bits ruler deletes after link": [0, 3], "pinned by pin+ruler %": [50.0, 60.0],
         "pinned by pin+link %": [51.0, 61.0]}, index=["4×4", "6×6"])),
    "link_carries_reach": lambda: art.link_carries_reach(
        _ablation([84.9, 84.9, 84.9, 84.9, 84.9, 74.3])),
    "pin_wall": lambda: art.pin_wall_claim(pd.DataFrame(
        {"numbers needed (fewest)": [14, 35], "numbers needed (most)": [15, 35],
         "cells": [16, 36]}, index=["4×4", "6×6"])),
    "adversarial_ink": lambda: art.adversarial_ink(pd.DataFrame(
        {"as % of cells": [18.8, 40.0], "random reveal until unique (median) %": [31.0, 35.0]},
        index=["4×4", "6×6"])),
    "certificate_sound": lambda: art.certificate_sound(pd.DataFrame(
        {"false alarms": [0, 1], "unique boards checked (ours)": [5, 3]}, index=["4×4", "6×6"])),
    # a theorem checked exhaustively: every answer of the 4×4, every cell, every other number
    "single_cell": None,
    "backbite": lambda: art.backbite_claim(
        pd.DataFrame({"distinct answers in 200 draws": [199]}, index=[16]), path_list=[]),
    "engines_agree": lambda: art.engines_agree(counts={
        "compared": 10, "agreed": 9, "ladder capped": 0, "raw capped": 0}),
    "ledgers": lambda: art.ledgers(
        pd.DataFrame({"directed Hamiltonian paths": [40, 553]}, index=["3×3", "4×4"]),
        pd.DataFrame({"Hamiltonian cycles": [0, 6]}, index=["3×3", "4×4"]),
        pd.DataFrame({"undirected paths": [4, 8]}, index=[2, 3])),
    "probe_iff_unique": lambda: art.probe_iff_unique(pd.DataFrame(
        {"boards": [40, 40], GAPS: [0, 0], VIOLATIONS: [0, 1]}, index=["4×4", "6×6"])),
}


def test_link_claim_fails_when_another_rung_carries_reach():
    """Both directions: removing edge must not cost reach either."""
    holds, detail = art.link_carries_reach(_ablation([84.9, 84.9, 37.3, 84.9, 60.0, 74.3]))
    assert holds is False, detail
    holds, detail = art.link_carries_reach(_ablation([84.9, 84.9, 37.3, 84.9, 84.9, 74.3]))
    assert holds is True, detail


def test_no_data_is_no_verdict():
    assert art.engines_agree(counts={"compared": 0, "agreed": 0, "ladder capped": 3,
                                     "raw capped": 0})[0] is None
    assert art.probe_iff_unique(pd.DataFrame({"boards": [0], GAPS: [0], VIOLATIONS: [0]}))[0] \
        is None
    assert art.certificate_sound(pd.DataFrame(
        {"false alarms": [0], "unique boards checked (ours)": [0]}))[0] is None


def test_streams_are_prefix_stable_and_share_answers():
    a, b = art.revealed(4, 30).take(3), art.revealed(4, 30).take(5)[:3]
    assert all(x is y for x, y in zip(a, b))
    ans = art.answers(4).item(1)
    p = art.revealed(4, 30).item(1)
    printed = p.clues > 0
    assert printed.sum() == 5 and (p.clues[printed] == ans.grid[printed]).all()


def test_the_ruler_ladder_is_measured_by_its_own_loop():
    p = art.revealed(6, 30).item(0)
    s = initial_state(p)
    RULER_LADDER.fixpoint(s)
    assert np.array_equal(measure.fix(art.RULER_SPEC, p).bits, s.bits)


def test_measured_tables_carry_per_board_values():
    for tid in ("colour", "stack", "certificate", "probe_unique", "ablation"):
        ours = ARTICLE.measure(tid, "smoke")
        assert ours.attrs["values"]
        assert set(ours.attrs["stat"].values()) <= {"share", "mean", "median", "exact", "given"}
    cells = {(c["row"], c["column"]): c for c in ARTICLE.table("stack", "smoke").cell_list}
    assert cells[("8×8, 20%", "pin")]["kind"] == "derived"       # our printed share


def test_ablation_names_variants_by_the_shared_convention():
    t = ARTICLE.measure("ablation", "smoke")
    assert list(t.index) == ["full", "−pin", "−link", "−block", "−edge", "−probe", "−link −probe"]
    assert t.loc["−pin", "pin scans"] == 0 and t.loc["−probe", "probes"] == 0


def test_theorem_claims_hold_at_smoke():
    for cid, c in ARTICLE.claims.items():
        if c.theorem:
            ARTICLE.claim(cid, "smoke").require()
