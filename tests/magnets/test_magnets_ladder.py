"""Each rung's signature deduction, soundness of every level against the raw
engine on random small boards, and engine agreement on solution counts."""
from collections import Counter

import numpy as np
import pytest

from puzzlekit.core import checks
from puzzlekit.core.genre import ladder_count
from puzzlekit.magnets import LADDER, SPEC, Puzzle, brute, initial_state
from puzzlekit.magnets.generate import erase, random_small, reveal, sample
from puzzlekit.magnets.ladder import count, flux, gac, pole


def _p(rows, **clues):
    h, w = len(rows), len(rows[0])
    return Puzzle.from_json({"h": h, "w": w, "dominoes": rows, **clues})


def test_pole_coupling_and_erasure():
    s = initial_state(_p(["LRLR"]))
    s.assign(1, 0)                       # cell 1 is '+'
    assert pole(s, Counter()) == 1
    # partner '-'; the neighbour loses '+', so its partner loses '-'
    assert [s.options(i).tolist() for i in range(4)] == [[1], [0], [1, 2], [0, 2]]
    s = initial_state(_p(["TT", "BB"]))
    s.assign(0, 2)                       # a neutral half makes its partner neutral
    pole(s, Counter())
    assert s.options(2).tolist() == [2]


def test_count_census():
    s = initial_state(_p(["LR"], plus_rows=[1]))
    s.remove(0, 0)                       # only cell 1 can still be '+'
    assert count(s, Counter()) == 1
    assert s.options(1).tolist() == [0]
    s = initial_state(_p(["LRLR"], minus_rows=[0]))
    count(s, Counter())
    assert not s.cells[:, 1].any()


def test_flux_sees_crossing_cells_only():
    # row 0: an in-row domino (cells 0, 1) and two crossing cells (2, 3); + 2, - 1
    p = _p(["LRTT", "LRBB"], plus_rows=[2, None], minus_rows=[1, None])
    s = initial_state(p)
    assert LADDER.fixpoint(s, "count").status == "stable" and s.bits.all()
    assert flux(s, Counter()) == 1
    assert not s.cells[[2, 3], 1].any() and s.cells[[0, 1]].all()


def test_flux_parity():
    # row 0 crossing cells 2, 3 with + 1, - 0: exactly one of them is magnetised
    p = _p(["LRTT", "LRBB"], plus_rows=[1, None], minus_rows=[0, None])
    s = initial_state(p)
    s.assign(2, 2)                       # cell 2 neutral -> cell 3 must be magnetised
    flux(s, Counter())
    assert not s.cells[3, 2]


def test_gac_mixes_signs_along_a_line():
    s = initial_state(_p(["LRLR"], plus_rows=[2], minus_rows=[2]))
    assert LADDER.fixpoint(s, "flux").status == "stable" and s.bits.all()
    assert gac(s, Counter()) == 1
    assert not s.cells[:, 2].any()


def test_probe_beyond_gac():
    rng = np.random.default_rng(0)
    for _ in range(400):
        p, _ = sample(6, 6, 0.5, 1.0, rng)
        s = initial_state(p)
        if LADDER.fixpoint(s, "gac").status == "stable":
            before = s.bits.sum()
            LADDER.fixpoint(s, "probe")
            assert s.bits.sum() < before
            return
    pytest.fail("no board where probe goes beyond gac")


def _random_board(rng):
    """Odd areas get empty cells; about a third of the rest too; a third of
    the boards print some of their poles."""
    h, w = int(rng.integers(1, 6)), int(rng.integers(1, 6))
    holes = rng.uniform(0.05, 0.2) if (h * w) % 2 or rng.random() < 0.33 else 0.0
    p, a = sample(h, w, rng.random(), rng.random(), rng, holes=holes)
    if rng.random() < 0.33:
        p = reveal(p, a, rng.uniform(0.1, 0.5), rng)
    return erase(p, rng.choice([1.0, 0.75, 0.5, 0.25]), rng)


def test_empty_cells_start_neutral_and_couple_with_nothing():
    p = _p(["LR.LR"])
    s = initial_state(p)
    assert s.options(2).tolist() == [2]
    s.assign(1, 0)                       # '+' beside the empty cell: nothing to erase there
    assert pole(s, Counter()) == 1
    assert s.options(0).tolist() == [1] and s.options(3).tolist() == [0, 1, 2]
    assert not p.crossing[0].any() and p.crossing[1:].sum() == 4   # row: none; columns 0,1,3,4


def test_given_poles_start_pinned_and_erase_next_door():
    p = _p(["LRLR"], given=["..+."])
    s = initial_state(p)
    assert s.options(2).tolist() == [0]
    LADDER.fixpoint(s, "pole")
    assert [s.options(i).tolist() for i in range(4)] == [[0, 2], [1, 2], [0], [1]]


def test_all_three_engines_on_empty_cells_and_given_poles():
    from puzzlekit.magnets import sat
    p = _p(["LRT", "LRB", ".LR"], given=["-..", "...", "..."])
    nb, ns, nl = brute.brute_count(p, 100), sat.count_solutions(p, 100), ladder_count(SPEC, p, 100)
    assert nb.count == ns.count == nl.count > 0
    for a in brute.brute_solutions(p, 100).solutions:
        g = a.grid.ravel()
        assert g[0] == 1 and g[1] == 0 and g[6] == 2
    one = _p(["."], plus_rows=[0])
    assert brute.brute_count(one, 5).count == sat.count_solutions(one, 5).count == 1
    assert brute.brute_count(_p(["."], plus_rows=[1]), 5).count == 0


@pytest.mark.parametrize("seed", range(4))
def test_every_level_and_rung_is_sound(seed):
    """Every level, every single-rung ablation, and each cheap rung on its own
    keep every raw-engine answer; a finished fixpoint means exactly one answer."""
    rng = np.random.default_rng(seed)
    alone = [(len(LADDER) - 2, tuple(x for x in LADDER.names[:4] if x != keep))
             for keep in LADDER.names[:4]]
    for _ in range(60):
        p = _random_board(rng)
        r = brute.brute_solutions(p, 20000)
        assert r.complete
        checks.assert_sound(SPEC, p, r.solutions)
        for lvl, without in alone:
            s = initial_state(p)
            res = LADDER.fixpoint(s, lvl, without)
            for a in r.solutions:
                assert not (SPEC.encode(p, a).bits & ~s.bits).any(), (lvl, without, p.to_json())
            assert not (res.contradiction and r.count > 0)
            assert not res.solved or r.count == 1


@pytest.mark.parametrize("seed", range(3))
def test_engines_agree(seed):
    rng = np.random.default_rng(100 + seed)
    for _ in range(40):
        p = _random_board(rng)
        nb = brute.brute_count(p, 30)
        sr = ladder_count(SPEC, p, limit=30)
        assert not sr.capped and not nb.capped
        assert sr.count == nb.count


def test_soundness_on_the_generic_boards_of_odd_shapes():
    """random_small's boards (corrupted clues included) on shapes the streams never draw."""
    rng = np.random.default_rng(5)
    answers = 0
    for h, w in [(1, 2), (2, 1), (3, 2), (1, 6), (5, 2), (3, 4), (2, 5)]:
        for _ in range(6):
            p = random_small(rng, h, w)
            answers += checks.assert_sound(SPEC, p)
            checks.assert_engines_agree(SPEC, p, limit=4)
    assert answers > 0


def _fresh_gac(state, counters):
    state.snap = None                    # forget which lines are already consistent
    return gac(state, counters)


def test_gac_line_skipping_is_exact():
    from puzzlekit.core.ladder import Ladder, Rung, probe_rung
    fresh = Ladder(list(LADDER.rungs[:3]) + [Rung("gac", _fresh_gac)] + [probe_rung()])
    rng = np.random.default_rng(7)
    for _ in range(80):
        p = _random_board(rng)
        for lvl in ("gac", "probe"):
            a, b = initial_state(p), initial_state(p)
            LADDER.fixpoint(a, lvl)
            fresh.fixpoint(b, lvl)
            assert np.array_equal(a.bits, b.bits)


def test_cheap_rungs_never_move_the_fixpoint():
    rng = np.random.default_rng(8)
    for _ in range(60):
        p = _random_board(rng)
        full = initial_state(p)
        LADDER.fixpoint(full)
        for r in ("pole", "count", "flux"):
            s = initial_state(p)
            LADDER.fixpoint(s, None, (r,))
            assert np.array_equal(s.bits, full.bits), r
