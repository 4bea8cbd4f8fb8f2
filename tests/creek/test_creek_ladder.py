"""Each rung's signature deduction, soundness against the raw engine, the
closed form and the engines' agreement."""
from collections import Counter

import numpy as np
import pytest

from puzzlekit.core import checks
from puzzlekit.core.genre import ladder_count
from puzzlekit.creek import (
    LADDER,
    SPEC,
    Answer,
    Puzzle,
    brute_count,
    census,
    check,
    full_puzzle,
    generate as G,
    initial_state,
    ladder as L,
)

N = None
# count + linear decide a bit that count + pair cannot, and the reverse (found by a
# search over random boards; kept as fixtures)
LINEAR_ONLY = {"h": 4, "w": 3, "clues": [[N, N, 1, N], [1, N, 2, N], [N, N, 2, N],
                                         [N, 2, N, N], [1, 2, 2, 1]]}
PAIR_ONLY = {"h": 5, "w": 3, "clues": [[N, 0, N, N], [N, 1, N, N], [N, 1, 0, N],
                                       [N, N, N, N], [N, 1, 2, N], [N, 1, N, N]]}


def _fix(p, level, without=()):
    s = initial_state(p)
    r = LADDER.fixpoint(s, level, without)
    return s, r


def _answers(p):
    return [a.grid.ravel() for a in SPEC.brute_solutions(p, 1000).solutions]


def test_count_reads_a_paper_corner_and_full_corners():
    p = Puzzle.from_json({"h": 2, "w": 2, "clues": [[1, N, N], [N, 4, N], [N, N, N]]})
    s, r = _fix(p, "count")
    assert r.solved and s.values().tolist() == [1, 1, 1, 1]
    q = Puzzle.from_json({"h": 1, "w": 2, "clues": [[N, 0, N], [N, N, N]]})
    s, _ = _fix(q, "count")
    assert s.values().tolist() == [0, 0]


def test_linear_finds_a_bit_pair_cannot():
    p = Puzzle.from_json(LINEAR_ONLY)
    a, _ = _fix(p, "linear")
    b, _ = _fix(p, "pair", ("linear",))
    extra = np.flatnonzero(~a.bits & b.bits)
    assert extra.size > 0
    for x in _answers(p):                      # and it is sound
        assert a.cells[np.arange(x.size), x].all()


def test_pair_finds_a_bit_linear_cannot():
    p = Puzzle.from_json(PAIR_ONLY)
    a, _ = _fix(p, "linear")
    b, _ = _fix(p, "pair", ("linear",))
    assert np.flatnonzero(~b.bits & a.bits).size > 0
    for x in _answers(p):
        assert b.cells[np.arange(x.size), x].all()


def test_connect_shades_a_dead_piece_and_keeps_a_cut_cell():
    # a 1x5 strip with no numbers; the state is set by hand
    p = Puzzle.from_json({"h": 1, "w": 5, "clues": [[N] * 6, [N] * 6]})
    s = initial_state(p)
    s.assign(0, 0)          # cell 0 unshaded
    s.assign(2, 1)          # cell 2 shaded: cells 3, 4 are cut off
    assert L.connect(s, Counter()) == 1
    assert s.values().tolist()[3:] == [1, 1]
    t = initial_state(p)
    t.assign(0, 0)
    t.assign(2, 0)          # cells 0 and 2 unshaded: cell 1 joins them
    assert L.connect(t, Counter()) == 1
    assert t.options(1).tolist() == [0]


def test_connect_contradiction_when_the_creek_is_split():
    p = Puzzle.from_json({"h": 1, "w": 3, "clues": [[N] * 4, [N] * 4]})
    s = initial_state(p)
    s.assign(0, 0)
    s.assign(1, 1)
    s.assign(2, 0)
    assert L.connect(s, Counter()) == -1


def test_linear_is_exact_row_reduction():
    for (h, w) in census.KERNEL_SHAPES[:5]:
        A, b = L.clue_rows(census.ring_erased_rows(h, w))
        R, rb, piv = L.reduced_rows(census.ring_erased_rows(h, w))
        assert len(piv) == np.linalg.matrix_rank(A.astype(float))
        x = np.linalg.lstsq(R.astype(float), rb.astype(float), rcond=None)[0]
        assert np.allclose(A @ x, b)            # same solution space


@pytest.mark.parametrize("seed", range(4))
def test_full_clues_are_finished_by_count_and_equal_the_closed_form(seed):
    rng = np.random.default_rng(seed)
    for n in (3, 6, 9):
        x = G.random_answer(n, n + 1, rng)
        p = full_puzzle(x)
        s, r = _fix(p, "count")
        assert r.solved and (s.values().reshape(x.shape) == x).all()
        assert (census.closed_form(p.clues) == x).all()
        assert (census.closed_form_sum(p.clues) == x).all()


def test_every_level_is_sound_on_random_boards():
    rng = np.random.default_rng(11)
    seen = 0
    for _ in range(200):
        h, w = int(rng.integers(1, 6)), int(rng.integers(1, 6))
        seen += checks.assert_sound(SPEC, G.random_small(rng, h, w))
    assert seen > 100


def test_engines_agree_on_random_boards():
    rng = np.random.default_rng(12)
    counts = Counter()
    for _ in range(200):
        h, w = int(rng.integers(1, 6)), int(rng.integers(1, 6))
        p = G.random_small(rng, h, w)
        if checks.assert_engines_agree(SPEC, p):
            counts[min(brute_count(p, 3).count, 2)] += 1
    assert set(counts) == {0, 1, 2}


def test_cp_sat_agrees_with_the_raw_engine():
    from puzzlekit.creek import sat
    rng = np.random.default_rng(13)
    for _ in range(40):
        p = G.random_small(rng, int(rng.integers(1, 5)), int(rng.integers(1, 5)))
        s, r = sat.count_solutions(p, 3), brute_count(p, 3)
        assert s.count == r.count
        assert all(not check(p, a) for a in s.solutions)


def test_brute_counts_blank_boards():
    for (h, w), k in (((1, 1), 2), ((1, 3), 7), ((2, 2), 14)):
        p = Puzzle(h, w, np.full((h + 1, w + 1), -1))
        assert brute_count(p, 100).count == k
        assert ladder_count(SPEC, p, 100).count == k


def test_big_board_loads_and_counts_with_a_cap():
    rng = np.random.default_rng(3)
    x = G.random_answer(20, 20, rng)
    p = G.keep_random(x, 200, rng)
    r = ladder_count(SPEC, p, 2, max_nodes=2000)
    assert r.count >= 1 or r.capped
    assert brute_count(p, 2, max_nodes=20_000).capped in (True, False)


def test_probe_finishes_a_published_board_connect_leaves_open():
    from puzzlekit.creek import url
    p = url.decode("https://puzz.link/p?creek/6/6/gagaich2cgb6769dt")
    s, r = _fix(p, "connect")
    assert r.status == "stable"
    t, r2 = _fix(p, "probe")
    assert r2.solved and not check(p, Answer(t.values().reshape(6, 6)))
    assert (t.bits <= s.bits).all()             # probe only narrows what connect left
