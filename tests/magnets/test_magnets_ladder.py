"""Each rung's signature deduction, soundness of every level against the raw
engine on random small boards, and engine agreement on solution counts."""
from collections import Counter

import numpy as np
import pytest

from puzzlekit.core.genre import ladder_count
from puzzlekit.magnets import SPEC, LADDER, Puzzle, brute, initial_state
from puzzlekit.magnets.generate import erase, sample
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
    h, w = int(rng.integers(1, 6)), int(rng.integers(1, 6))
    if (h * w) % 2:
        w += 1
    p, a = sample(h, w, rng.random(), rng.random(), rng)
    return erase(p, rng.choice([1.0, 0.75, 0.5, 0.25]), rng)


@pytest.mark.parametrize("seed", range(4))
def test_every_level_and_rung_is_sound(seed):
    rng = np.random.default_rng(seed)
    for _ in range(60):
        p = _random_board(rng)
        sols, k, capped = brute.solutions(p, 20000)
        assert not capped
        idx = np.arange(p.h * p.w)
        runs = [(lvl, ()) for lvl in range(len(LADDER))]
        runs += [(len(LADDER) - 2, tuple(x for x in LADDER.names[:4] if x != keep))
                 for keep in LADDER.names[:4]]          # each rung on its own
        for lvl, without in runs:
            s = initial_state(p)
            res = LADDER.fixpoint(s, lvl, without)
            for g in sols:
                assert s.cells[idx, g.ravel()].all(), (lvl, without, p.to_json())
            assert not (res.contradiction and k > 0)
            if res.solved:
                assert k == 1


@pytest.mark.parametrize("seed", range(3))
def test_engines_agree(seed):
    rng = np.random.default_rng(100 + seed)
    for _ in range(40):
        p = _random_board(rng)
        nb = brute.count_solutions(p, 30)
        sr = ladder_count(SPEC, p, limit=30)
        assert not sr.capped
        assert sr.count == nb


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
