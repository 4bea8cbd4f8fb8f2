"""Each rung's signature deduction, soundness of every level against the raw
engine on random small (also non-square) boards, nesting, and the fused
fixpoint and search against the core ladder."""
import numpy as np
import pytest

from puzzlekit.core.search import count_solutions
from puzzlekit.nanro import (
    LADDER,
    NAMES,
    SPEC,
    Puzzle,
    brute,
    generate,
    initial_state,
    propagate,
    random_partition,
    sat,
    search,
)
from puzzlekit.nanro.generate import random_answer


def _fix(p, level, without=()):
    s = initial_state(p)
    return LADDER.fixpoint(s, level, without), s


def test_count_saturates_both_ends():
    p = Puzzle.make([[0, 0, 0], [1, 1, 1]], clues={0: 1}, hints={1: 3})
    res, s = _fix(p, "count")
    assert s.cell[1].tolist() == [True, False] and s.cell[2].tolist() == [True, False]
    assert all(s.cell[c].tolist() == [False, True] for c in (3, 4, 5))


def test_block_closes_the_fourth_cell():
    p = Puzzle.make([[0, 0], [0, 0]], marks={0, 1, 2})
    assert _fix(p, "count")[1].cell[3].tolist() == [True, True]
    assert _fix(p, "block")[1].cell[3].tolist() == [True, False]


def test_clash_both_ways():
    # numbered | numbered across a border: the labels differ
    p = Puzzle.make([[0, 0, 1, 1]], clues={1: 1}, marks={2})
    s = _fix(p, "block")[1]
    assert s.label[2:4].tolist() == [True, True]
    s = _fix(p, "clash")[1]
    assert s.label[2:4].tolist() == [False, True] and s.cell[3].tolist() == [False, True]
    # equal fixed labels: the open neighbour across the border is blank
    p = Puzzle.make([[0, 0, 1, 1]], clues={1: 2}, hints={1: 2})
    res, s = _fix(p, "clash")
    assert res.contradiction      # (2) must be blank, region 1 then cannot count to 2


def test_reach_numbers_a_cut_vertex_and_kills_the_unreachable():
    p = Puzzle.make([[0, 0, 0]], marks={0, 2})
    assert _fix(p, "clash")[1].cell[1].tolist() == [True, True]
    assert _fix(p, "reach")[1].cell[1].tolist() == [False, True]
    p = Puzzle.make([[0, 0, 1, 1, 1]], clues={0: 1})
    assert not _fix(p, "clash")[0].contradiction
    assert _fix(p, "reach")[0].contradiction


def test_a_printed_blank_is_written_in_and_read_by_the_rungs():
    p = Puzzle.make([[0, 0]], blanks={0})
    s = initial_state(p)
    assert s.cell[0].tolist() == [True, False] and s.cell[1].tolist() == [True, True]
    res, s = _fix(p, "count")                # the region needs a number: the other cell
    assert res.solved and s.cell[1].tolist() == [False, True]
    # a blank that the only answer would number: contradiction, and no answer anywhere
    q = Puzzle.make([[0, 0, 1]], clues={2: 1}, blanks={1})
    assert _fix(q, "reach")[0].contradiction
    assert brute.count_solutions(q, 2).count == 0 == sat.count_solutions(q, 2).count
    # a blank and a clue on one cell (only by hand): the state is dead at once
    bad = Puzzle(1, 2, np.zeros(2, np.int32), {0: 1}, frozenset(), {}, frozenset({0}))
    assert initial_state(bad).dead()


def test_probe_finishes_what_reach_cannot():
    p, a = generate(5, 5, seed=11, grade="probe")
    assert _fix(p, "reach")[0].status == "stable"
    res, s = _fix(p, "probe")
    assert res.solved and SPEC.decode(s).to_json() == a.to_json()


def _random_case(rng, h, w):
    p = Puzzle.make(random_partition(h, w, (1, 4), rng))
    mask, _ = random_answer(p, rng, max_nodes=2000, restarts=5)
    n = h * w
    if mask is None:
        mask = rng.random(n) < 0.5
    counts = np.bincount(p.regions[mask], minlength=p.k)
    cells = [c for c in np.flatnonzero(mask) if rng.random() < 0.3]
    clues = {int(c): int(counts[p.regions[c]]) for c in cells if rng.random() < 0.6}
    marks = {int(c) for c in cells if int(c) not in clues}
    hints = {int(r): int(counts[r]) for r in range(p.k) if counts[r] and rng.random() < 0.15}
    blanks = [int(c) for c in np.flatnonzero(~mask) if rng.random() < 0.3]
    return p.with_givens(clues, marks, hints, blanks)


def _bits_of(p, mask):
    s = initial_state(p.with_givens())
    s.bits[:] = False
    n = p.h * p.w
    s.cell[np.arange(n), mask.astype(int)] = True
    counts = np.bincount(p.regions[mask], minlength=p.k)
    start = np.concatenate([[0], np.cumsum(p.sizes)])
    for r in range(p.k):
        s.label[start[r] + counts[r] - 1] = True
    return s.bits


LEVELS = [(lv, ()) for lv in NAMES] + [("probe", (x,)) for x in NAMES[:4]]


@pytest.mark.parametrize("seed", range(12))
def test_soundness_against_raw_engine(seed):
    rng = np.random.default_rng(seed)
    for _ in range(6):
        h, w = int(rng.integers(2, 5)), int(rng.integers(2, 6))
        p = _random_case(rng, h, w)
        sols = [_bits_of(p, m) for m in brute.iter_solutions(p, limit=5000)]
        prev = None
        for lv, without in LEVELS:
            res, s = _fix(p, lv, without)
            status, f = propagate(p, lv, without)
            assert status == res.status
            if not res.contradiction:
                assert np.array_equal(f.bits, s.bits)      # fused == core ladder
            for b in sols:
                assert not res.contradiction and not (b & ~s.bits).any()
            if res.solved:            # a weak level may finish on a board that breaks a rule
                assert len(sols) <= 1 and all(np.array_equal(b, s.bits) for b in sols)
            if not without:
                if prev is not None and not res.contradiction:
                    assert not (s.bits & ~prev).any()      # nesting: a higher level knows more
                prev = s.bits.copy() if not res.contradiction else prev
        cnt, _, capped, _ = search(p, "reach", limit=10)
        core = count_solutions(initial_state(p), LADDER, SPEC.accept(p), "reach", limit=10)
        assert not capped and cnt == min(len(sols), 10) == core.count


@pytest.mark.parametrize("level", NAMES)
def test_search_counts_at_every_level_agree(level):
    rng = np.random.default_rng(99)
    for _ in range(8):
        p = _random_case(rng, 3, 4)
        n_brute = brute.count_solutions(p, limit=50).count
        core = count_solutions(initial_state(p), LADDER, SPEC.accept(p), level, limit=50)
        assert core.count == n_brute == search(p, level, 50)[0]


def test_three_engines_agree_on_boards_with_printed_blanks():
    from puzzlekit.nanro import random_small
    rng = np.random.default_rng(21)
    seen, tried = set(), 0
    while tried < 40:
        p = random_small(rng, int(rng.integers(2, 6)), int(rng.integers(2, 6)))
        if not p.blanks:
            continue
        tried += 1
        b, c = brute.count_solutions(p, 3), sat.count_solutions(p, 3)
        core = count_solutions(initial_state(p), LADDER, SPEC.accept(p), "probe", limit=3)
        assert not b.capped and not c.capped and not core.capped
        assert b.count == c.count == core.count == search(p, "reach", 3)[0]
        seen.add(min(b.count, 2))
    assert seen == {0, 1, 2}
