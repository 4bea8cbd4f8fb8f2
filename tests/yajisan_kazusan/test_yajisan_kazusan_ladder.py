"""The ladder: the line DP against brute force, each rung's signature
deduction, soundness, monotonicity and the compiled loop."""
import itertools

import numpy as np
import pytest

from puzzlekit.core import banks, checks
from puzzlekit.yajisan_kazusan import (
    LADDER,
    SPEC,
    Answer,
    Puzzle,
    brute_solutions,
    initial_state,
    line_totals,
    max_total,
    random_small,
)
from puzzlekit.yajisan_kazusan.generate import count


def _brute_totals(states):
    out = 0
    for fill in itertools.product((0, 1), repeat=len(states)):
        if any(s >= 0 and s != f for s, f in zip(states, fill)):
            continue
        if any(a and b for a, b in zip(fill, fill[1:])):
            continue
        out |= 1 << sum(fill)
    return out


@pytest.mark.parametrize("L", range(11))
def test_line_dp_against_brute_force(L):
    rng = np.random.default_rng(L)
    assert line_totals([-1] * L) == _brute_totals([-1] * L)
    assert max_total(L) == (L + 1) // 2
    for _ in range(60):
        st = [int(x) for x in rng.integers(-1, 2, L)]
        assert line_totals(st) == _brute_totals(st), st


def _fix(p, level, without=()):
    s = initial_state(p)
    r = LADDER.fixpoint(s, level, without)
    return r, s.cell


def test_adj_signature():
    p = Puzzle.make(3, 3)
    s = initial_state(p)
    s.assign(4, 1)                     # the centre shaded
    LADDER.fixpoint(s, "adj")
    assert [bool(s.cell[c, 1]) for c in (1, 3, 5, 7)] == [False] * 4
    assert s.cell[0].tolist() == [True, True]


def test_cap_signature_unsayable_confesses():
    p = Puzzle.make(1, 5, {0: ("R", 3)})          # 4 cells beyond: at most 2
    _, cell = _fix(p, "cap")
    assert cell[0].tolist() == [False, True]
    _, cell = _fix(p, "adj")
    assert cell[0].tolist() == [True, True]


def test_ray_signature_known_unshaded_clue_binds():
    p = Puzzle.make(1, 6, {0: ("R", 3), 1: ("L", 0)})
    # the clue at 1 is sayable; unshaded it would force cell 0 unshaded. Pin cell 0 unshaded:
    s = initial_state(p)
    s.assign(0, 0)
    LADDER.fixpoint(s, "ray")
    # 5 cells beyond cell 0, three shaded, none touching: 1, 3, 5
    assert [int(v) for v in s.values()] == [0, 1, 0, 1, 0, 1]


def test_white_signature_cut_and_unreachable():
    p = Puzzle.make(3, 3)
    s = initial_state(p)
    for c in (1, 3):                   # shade (0,1) and (1,0): (0,0) is cut off
        s.assign(c, 1)
    s.assign(8, 0)
    r = LADDER.fixpoint(s, "white")
    assert r.contradiction or s.cell[0].tolist() == [False, True]
    s = initial_state(Puzzle.make(1, 3))
    s.assign(0, 0)
    s.assign(2, 0)
    LADDER.fixpoint(s, "white")
    assert s.cell[1].tolist() == [True, False]     # the middle joins the ends


def test_cap_ablation_probe_rediscovers_it():
    p = Puzzle.make(1, 5, {0: ("R", 3)})
    _, cell = _fix(p, "probe", ("cap",))
    assert cell[0].tolist() == [False, True]


def test_every_rung_sound_on_random_non_square_boards():
    rng = np.random.default_rng(3)
    checked = 0
    for _ in range(150):
        h, w = int(rng.integers(1, 7)), int(rng.integers(1, 7))
        checked += checks.assert_sound(SPEC, random_small(rng, h, w))
    assert checked > 50


def test_monotone_in_clues_and_levels():
    rng = np.random.default_rng(11)
    for _ in range(60):
        h, w = int(rng.integers(2, 6)), int(rng.integers(2, 6))
        p = random_small(rng, h, w)
        full = {a.shaded.tobytes() for a in brute_solutions(p, 10**6).solutions}
        keep = {c: v for c, v in p.clues.items() if rng.random() < 0.5}
        fewer = {a.shaded.tobytes() for a in brute_solutions(p.with_clues(keep), 10**6).solutions}
        assert full <= fewer
        prev = None
        for i in range(len(LADDER)):
            s = initial_state(p)
            r = LADDER.fixpoint(s, i)
            live = s.bits.copy()
            if prev is not None and not r.contradiction:
                assert not (live & ~prev).any(), "a stronger level decided less"
            prev = live if not r.contradiction else np.zeros_like(live)


def test_bank_answers_survive_every_fixpoint():
    for e in banks.load("yajisan_kazusan")[:20]:
        p, a = Puzzle.from_json(e["clues"]), Answer.from_json(e["answer"])
        checks.assert_sound(SPEC, p, [a])


def test_compiled_loop_equals_python_loop():
    for e in banks.load("yajisan_kazusan")[::11]:
        p = Puzzle.from_json(e["clues"])
        for lvl in range(len(LADDER)):
            a, b = initial_state(p), initial_state(p)
            LADDER.fixpoint(a, lvl, attribute=False)
            LADDER.fixpoint(b, lvl, attribute=True)
            assert np.array_equal(a.bits, b.bits)


def test_capped_ladder_search_says_so():
    r = count(Puzzle.make(10, 10), limit=10**9, max_nodes=50)
    assert r.capped and r.status == "capped" and r.unique is None
