"""Each rung's signature deduction, soundness and monotonicity on random
small boards, and the three engines."""
from collections import Counter

import numpy as np
import pytest

import puzzlekit
from puzzlekit.core import checks
from puzzlekit.core.genre import ladder_count
from puzzlekit.statue_park import LADDER, LADDER_NO_COUNT, brute, initial_state, sat
from puzzlekit.statue_park.generate import random_small
from puzzlekit.statue_park.ladder import PARK, SHADE, USED, catalogue
from puzzlekit.statue_park.model import NAMED, Answer, Puzzle, check

SPEC = puzzlekit.spec("statue_park")


def _state(p, grid=None):
    """A state from a picture: '#' shaded, '.' park, '?' open."""
    s = initial_state(p)
    for i, ch in enumerate("".join(grid or [])):
        if ch == "#":
            s.cell[i, PARK] = False
        elif ch == ".":
            s.cell[i, SHADE] = False
    return s


def _run(s, name):
    return LADDER[name].fn(s, Counter())


def _pic(s):
    return "".join("?" if a and b else ("#" if b else ".") for a, b in s.cell)


def test_clue_reads_circles_and_the_head_count():
    p = Puzzle.make(2, 3, ["##"], black=[0], white=[5])
    s = _state(p)
    assert _run(s, "clue") == 1
    assert _pic(s) == "#????."
    s = _state(p, ["##?", "???"])
    _run(s, "clue")
    assert _pic(s) == "##...."                   # two shaded: the bag is spent
    s = _state(Puzzle.make(1, 3, ["##"]), [".??"])
    _run(s, "clue")
    assert _pic(s) == ".##"                      # two open cells, two to shade
    assert _run(_state(Puzzle.make(1, 3, ["#"]), ["#.#"]), "clue") == -1


def test_place_kills_placements_and_parks_uncovered_cells():
    p = Puzzle.make(3, 3, ["###"])
    s = _state(p, ["???", "?.?", "???"])
    assert _run(s, "place") == 1
    assert s.cell[4, SHADE] == False             # noqa: E712  (known park stays park)
    # the centre row and column both cross the park cell: their placements die
    cells = catalogue(p)[0]
    for k in range(cells.shape[0]):
        if 4 in cells[k]:
            assert not s.plc[k, USED]
    # a placement touching a known shaded cell dies too
    t = _state(Puzzle.make(1, 5, ["##", "#"]), ["??#??"])
    _run(t, "place")
    alive = [set(cells) for cells, live in zip(catalogue(t.puzzle)[0], t.plc[:, USED]) if live]
    assert alive and all(2 in c for c in alive if c & {1, 3})


def test_place_uses_every_placement_when_just_enough_are_left():
    p = Puzzle.make(1, 2, ["##"])
    s = _state(p)
    assert _run(s, "place") == 1                 # one placement of the domino: used
    while _run(s, "place") == 1:
        pass
    assert _pic(s) == "##"


def test_fit_parks_a_neighbour_no_placement_joins():
    # a shaded corner cell of a 3x3 with an I3: pieces through it run along
    # the top row or the left column, never through (1, 1)
    p = Puzzle.make(3, 3, ["###"])
    s = _state(p, ["#??", "???", "???"])
    assert _run(s, "fit") == 1
    assert _pic(s)[4] == "."
    # the intersection: with the column killed, the row is forced
    s = _state(p, ["#??", ".??", "???"])
    _run(s, "place")
    _run(s, "fit")
    assert _pic(s)[:3] == "###"


def test_white_keeps_the_park_one_region():
    p = Puzzle.make(3, 3, ["#"] * 3, drop=[])
    s = _state(p, [".??", "?#?", "??."])
    assert _run(s, "white") == 0
    s = _state(p, [".#?", "#??", "???"])
    assert _run(s, "white") == 1                 # (0, 0) is walled in: the rest is cut off
    assert _pic(s) == ".########"
    s = _state(p, [".#?", "#??", "??."])
    assert _run(s, "white") == -1                # two park cells that can never meet
    t = _state(p, [".?.", "###", "???"])
    assert _run(t, "white") == 1
    assert _pic(t)[1] == "."                     # the only link between the two park cells
    u = _state(Puzzle.make(3, 3, ["#"], drop=["park"]), [".#?", "#??", "???"])
    assert _run(u, "white") == 0


@pytest.mark.parametrize("seed", range(60))
def test_sound_and_engines_agree_on_random_boards(seed):
    rng = np.random.default_rng(seed)
    h, w = int(rng.integers(1, 6)), int(rng.integers(1, 6))
    p = random_small(rng, h, w)
    checks.assert_sound(SPEC, p)
    pf = brute.count_solutions(p, 10**6)
    cf = brute.cells_count(p, 10**6)
    lc = ladder_count(SPEC, p, limit=10**6, max_nodes=10**6)
    sc = sat.count_solutions(p, limit=50)
    assert not (pf.capped or cf.capped or lc.capped)
    assert pf.count == cf.count == lc.count
    assert sc.count == min(pf.count, 50)


@pytest.mark.parametrize("seed", range(30))
def test_monotone_levels(seed):
    """A stronger level never decides fewer cells (and -count never more)."""
    rng = np.random.default_rng(1000 + seed)
    p = random_small(rng, int(rng.integers(2, 6)), int(rng.integers(2, 6)))
    prev = None
    for i in range(len(LADDER)):
        s = initial_state(p)
        r = LADDER.fixpoint(s, i)
        if r.contradiction:
            break
        if prev is not None:
            assert not (s.bits & ~prev).any()
        prev = s.bits.copy()
    s, t = initial_state(p), initial_state(p)
    if not LADDER.fixpoint(s).contradiction and not LADDER_NO_COUNT.fixpoint(t).contradiction:
        assert not (s.bits & ~t.bits).any()


@pytest.mark.parametrize("level", ["white", None])
def test_the_count_is_the_same_at_every_search_level(level):
    p = Puzzle.make(5, 5, [NAMED["L4"], NAMED["I3"]], black=[6], white=[12])
    want = brute.count_solutions(p, 10**6).count
    assert ladder_count(SPEC, p, limit=10**6, level=level).count == want


def test_worked_example_from_puzzlink():
    from puzzlekit.statue_park import url
    p = url.decode("https://puzz.link/p?statuepark/7/7/078ii6000000290f0//t")
    grid = ["....#..", "###.##.", "..#..#.", "#......", "#.##...", "#.##.#.", "#...###"]
    a = Answer.from_json({"grid": grid})
    assert check(p, a) == []
    assert brute.count_solutions(p, 5).count == 1
    r = ladder_count(SPEC, p, limit=5)
    assert r.count == 1 and SPEC.decode(r.solutions[0]) == a


def test_the_proof_probes_at_the_root_only():
    """proof_count runs probe at the root and the rungs below it deeper down:
    on a bank board that needs a search, the same answer from more (cheaper)
    nodes than probe at every node."""
    from puzzlekit.core import banks
    from puzzlekit.core.genre import proof_count
    e = next(e for e in banks.load("statue_park") if e["grade"] is None)
    p = Puzzle.from_json(e["clues"])
    everywhere, proof = ladder_count(SPEC, p, 2), proof_count(SPEC, p, 2)
    assert everywhere.status == proof.status == "unique"
    assert SPEC.decode(proof.solutions[0]) == Answer.from_json(e["answer"])
    assert proof.nodes > everywhere.nodes > 1


def test_the_compiled_search_keeps_a_time_limit():
    from puzzlekit.core import banks
    from puzzlekit.core.genre import proof_count
    e = next(e for e in banks.load("statue_park") if e["grade"] is None)
    p = Puzzle.from_json(e["clues"])
    cut = proof_count(SPEC, p, 2, time_limit=1e-9)
    assert cut.capped and cut.status == "capped" and cut.nodes == 0
    assert proof_count(SPEC, p, 2, time_limit=600.0).status == "unique"
