"""Each rung's signature deduction, the anti regression, soundness and the
three engines on random small boards."""
from collections import Counter

import numpy as np

import puzzlekit
from puzzlekit.choco_banana import LADDER, brute, initial_state, sat
from puzzlekit.choco_banana.generate import buy, count, minimise, random_small
from puzzlekit.choco_banana.ladder import B, C
from puzzlekit.choco_banana.model import Puzzle, is_rectangle
from puzzlekit.core import checks

SPEC = puzzlekit.spec("choco_banana")


def _state(h, w, clues=None, grid=None):
    """A state from a picture: '#' chocolate, '.' banana, '?' open."""
    s = initial_state(Puzzle.make(h, w, clues or {}))
    for i, ch in enumerate("".join(grid or ["?" * w] * h)):
        if ch == "#":
            s.cell[i, B] = False
        elif ch == ".":
            s.cell[i, C] = False
    return s


def _run(s, name):
    return LADDER[name].fn(s, Counter())


def _pic(s):
    return "".join("?" if a and b else ("#" if b else ".") for a, b in s.cell)


def test_value_reads_the_number_alone():
    s = _state(6, 6, {0: 1, 1: 7, 2: 36, 3: 9, 4: 2, 5: 13})
    assert _run(s, "value") == 1
    assert _pic(s)[:6] == "#.#?#."


def test_value_on_a_strip_knows_no_banana():
    s = _state(1, 5, {2: 4})
    _run(s, "value")
    assert _pic(s) == "??#??"


def test_rect_fills_the_bounding_box():
    s = _state(3, 3, grid=["##?", "?#?", "???"])
    assert _run(s, "rect") == 1
    assert _pic(s) == "##?##????"
    t = _state(3, 3, grid=["##?", ".#?", "???"])
    assert _run(t, "rect") == -1


def test_size_cuts_a_bar_to_the_rectangles_that_fit():
    s = _state(4, 4, {0: 4}, ["#?.?", "????", "????", "????"])
    assert _run(s, "size") == 1
    assert _pic(s)[4] == "#" and _pic(s)[9] == "."


def test_size_lower_and_upper_bounds():
    s = _state(3, 3, {4: 1}, ["???", "?#?", "???"])
    _run(s, "size")
    assert _pic(s) == "?.?.#.?.?"
    t = _state(2, 3, {0: 3}, [".#?", "#??"])
    assert _run(t, "size") == -1
    u = _state(2, 3, {0: 3}, ["..?", "###"])
    assert _run(u, "size") == 1 and _pic(u)[2] == "."


def test_anti_walled_in_sealed_and_one_way_out():
    s = _state(3, 3, grid=["?#?", "#??", "???"])
    assert _run(s, "anti") == 1 and _pic(s)[0] == "#"
    t = _state(3, 3, grid=[".#?", "#??", "???"])
    assert _run(t, "anti") == -1
    u = _state(3, 3, grid=["..?", "##?", "???"])
    assert _run(u, "anti") == 1 and _pic(u)[2] == "."


# -- the anti regression: a write that merges two bananas ---------------------
BUG_STATE = ["..?.", "##?#", "????", "????"]
BUG_ANSWER = ["....", "##.#", "##.#", "...."]


def _stale_anti(s):
    """anti as first written: the banana list is built once and walked on
    after a write, so a merged banana's stale piece looks sealed."""
    w = s.puzzle.w
    banana = s.cell[:, B] & ~s.cell[:, C]
    nb = s.puzzle.grid.nbrs
    pieces, seen = [], set()
    for start in np.flatnonzero(banana):
        if start in seen:
            continue
        g, stack = [], [int(start)]
        seen.add(start)
        while stack:
            v = stack.pop()
            g.append(v)
            for u in nb[v]:
                if u >= 0 and banana[u] and int(u) not in seen:
                    seen.add(int(u))
                    stack.append(int(u))
        pieces.append(sorted(g))
    changed = 0
    for g in pieces:
        exits = {int(u) for c in g for u in nb[c] if u >= 0 and s.cell[u].all()}
        if not is_rectangle(g, w):
            continue
        if not exits:
            return -1
        if len(exits) == 1:
            s.cell[exits.pop(), C] = False
            changed = 1
    return changed


def test_the_anti_write_that_merges_two_bananas():
    # both bananas of the top row have the one way out (0, 2); taking it for
    # the first merges them, and the second's stale piece looks sealed
    assert _stale_anti(_state(4, 4, grid=BUG_STATE)) == -1
    s = _state(4, 4, grid=BUG_STATE)
    assert _run(s, "anti") == 1 and _pic(s)[2] == "."
    assert LADDER.fixpoint(s, "anti").status != "contradiction"
    # a minimal 4x4 board with that answer, solved with its one answer
    mask = np.array([ch == "#" for ch in "".join(BUG_ANSWER)])
    clues = buy(4, 4, mask, seed=3)
    p = minimise(Puzzle.make(4, 4, clues), seed=3)
    assert brute.brute_count(p, 3).count == 1
    r = count(p, 3, keep=1)
    assert r.count == 1 and np.array_equal(r.solutions[0].cell[:, C], mask)


# -- soundness and agreement on random small boards ---------------------------
def _boards(k, seed=7, top=5):
    rng = np.random.default_rng(seed)
    for _ in range(k):
        h, w = int(rng.integers(1, top + 1)), int(rng.integers(1, top + 1))
        yield random_small(rng, h, w)


def test_every_level_keeps_every_integer_enumerator_answer():
    seen = 0
    for p in _boards(150):
        answers = list(brute.by_mask(p, 200, keep=200).solutions)
        seen += checks.assert_sound(SPEC, p, answers=answers)
    assert seen > 100


def test_three_engines_agree():
    counts = set()
    for p in _boards(100, seed=11):
        a = brute.by_mask(p, 4).count
        b = brute.by_cells(p, 4).count
        c = count(p, 4).count
        d = sat.count_solutions(p, 4).count
        assert a == b == c == d, p.to_json()
        counts.add(min(a, 2))
    assert counts == {0, 1, 2}


def test_by_cells_answers_are_legal():
    for p in _boards(40, seed=5):
        for a in SPEC.brute_solutions(p, 10).solutions:
            assert not SPEC.check(p, a)
