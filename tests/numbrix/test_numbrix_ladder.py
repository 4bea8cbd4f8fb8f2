"""Each rung's signature deduction on a tiny hand board."""
from collections import Counter

import numpy as np

from puzzlekit.core import banks
from puzzlekit.core.grid import Grid
from puzzlekit.numbrix import LADDER, Puzzle, initial_state, ladder as L
from puzzlekit.numbrix.generate import adversarial, random_answer


def _state(h, w, printed=()):
    g = np.zeros((h, w), dtype=np.int64)
    for (r, c), v in printed:
        g[r, c] = v
    return initial_state(Puzzle(g))


def test_pin_removes_a_printed_number_everywhere_else_and_pins_lonely_values():
    s = _state(2, 2, [((0, 0), 1)])
    s.cand[1:, 3] = False          # value 4 has one home left: cell 0? no, cell 0 is pinned
    s.cand[0, 3] = False
    s.cand[1, 3] = True            # value 4 lives only in cell 1
    assert L.pin(s, Counter()) == 1
    assert not s.cand[1:, 0].any()            # 1 left the other cells
    assert s.cand[1].tolist() == [False, False, False, True]


def test_link_colours_the_board_from_one_number():
    s = _state(4, 4, [((1, 2), 5)])
    LADDER.fixpoint(s, "link")
    col = Grid(4, 4).colour
    for c in range(16):
        for k in np.flatnonzero(s.cand[c]):
            # value k+1 sits on the colour of the 5's cell iff k+1 - 5 is even
            assert (col[c] == col[6]) == ((k + 1 - 5) % 2 == 0)
    # and pin alone does not know it
    t = _state(4, 4, [((1, 2), 5)])
    LADDER.fixpoint(t, "pin")
    assert t.cand.sum() > s.cand.sum() + 50


def test_block_tight_sets_from_both_sides():
    s = _state(1, 5)
    s.cand[0] = False
    s.cand[0, [0, 1]] = True
    s.cand[1] = False
    s.cand[1, [0, 1]] = True     # cells 0,1 hold only 1,2
    assert L.block(s, Counter()) == 1
    assert not s.cand[2:, :2].any()
    s = _state(1, 5)
    s.cand[:, 3:] = False
    s.cand[3:, 3:] = True      # values 4,5 live only in cells 3,4
    assert L.block(s, Counter()) == 1
    assert not s.cand[3:, :3].any()


def test_block_sees_a_pigeonhole_contradiction():
    s = _state(1, 4)
    s.cand[:, :3] = False
    s.cand[0, :3] = True                                  # values 1..3 all need cell 0
    assert L.block(s, Counter()) == -1


def test_edge_forces_both_edges_of_a_middle_corner():
    s = _state(3, 3, [((0, 0), 5)])                       # a corner that is no end
    assert L.edge(s, Counter()) == 1
    for c in (1, 3):
        assert set(np.flatnonzero(s.cand[c]) + 1) <= {4, 6}


def test_edge_sees_a_cut_board():
    s = _state(1, 3)
    s.cand[1] = False
    s.cand[1, 0] = True                # the middle of a 1x3 strip as 1
    s.cand[[0, 2], 0] = False
    assert L.edge(s, Counter()) == -1


def test_ruler_cuts_an_interval_around_a_number():
    s = _state(1, 5, [((0, 0), 1)])
    L.pin(s, Counter())
    assert L.ruler(s, Counter()) == 1
    assert np.flatnonzero(s.cand[4]).tolist() == [4]


def test_probe_finishes_what_edge_cannot():
    board = next(e for e in banks.load("numbrix") if e["grade"] == "probe")
    p = Puzzle.from_json(board["clues"])
    assert LADDER.fixpoint(initial_state(p), "edge").status == "stable"
    assert LADDER.fixpoint(initial_state(p), "probe").solved


def test_the_pin_wall_needs_n_minus_one_numbers():
    for seed in range(4):
        for h, w in ((3, 3), (4, 4), (2, 5)):
            a = random_answer(h, w, seed)
            assert len(adversarial(a, "pin", seed)) == h * w - 1


def test_ladder_names_and_grades():
    assert LADDER.names == ("pin", "link", "block", "edge", "probe")
    s = _state(2, 3, [((0, 0), 1), ((0, 2), 3)])
    assert LADDER.grade(s) == "link"
