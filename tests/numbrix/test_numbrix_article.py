"""The article module: streams, the measurement frames, the comparator's inputs."""
import numpy as np

from puzzlekit.core import measure
from puzzlekit.numbrix import article as art
from puzzlekit.numbrix.ladder import RULER_LADDER, initial_state


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


def test_sampled_tables_carry_per_board_values_and_expectations():
    for tid in ("colour", "stack", "certificate", "probe_unique"):
        t = art.ARTICLE.tables[tid]
        assert t.kind == "sampled" and t.expect in ("match", "close", "differs")
        ours = art.ARTICLE.measure(tid, "smoke")
        assert ours.attrs["values"]
        assert set(ours.attrs["stat"].values()) <= {"share", "mean", "median", "exact", "given"}
    assert "pin" not in art.ARTICLE.table("stack", "smoke").cells.columns   # ours by construction


def test_ablation_names_variants_by_the_shared_convention():
    t = art.ARTICLE.measure("ablation", "smoke")
    assert list(t.index) == ["full", "−pin", "−link", "−block", "−edge", "−probe", "−link −probe"]
    assert t.loc["−pin", "pin scans"] == 0 and t.loc["−probe", "probes"] == 0


def test_theorem_claims_hold_at_smoke():
    for cid, c in art.ARTICLE.claims.items():
        if c.theorem:
            art.ARTICLE.claim(cid, "smoke").require()
