"""The ladder: fixpoint, restart discipline, ablation, attribution, probe, grade."""
from collections import Counter

import numpy as np
import pytest

from puzzlekit.core import CHANGED, CONTRADICTION, STABLE, Ladder, Rung, State
from tests.core import toy


def _latin(k, givens):
    return toy.Puzzle.from_json({"k": k, "givens": givens})


def test_state_views_share_memory():
    s = toy.initial_state(_latin(3, []))
    s.cand[0, 0, 1] = False
    assert not s.bits[1]
    c = s.copy()
    c.cand[0, 0, 0] = False
    assert s.bits[0] and not c.bits[0]


def test_state_counts_values_assign():
    s = State(None, [0, 3, 5, 5])
    assert s.live_counts().tolist() == [3, 2, 0]
    assert s.dead()
    s2 = State(None, [0, 3, 5])
    s2.assign(0, 2)
    assert s2.values().tolist() == [2, 0] and not s2.solved()
    s2.remove(1, 0)
    assert s2.solved() and s2.values().tolist() == [2, 1]


def test_level_lookup_and_errors():
    lad = toy.LADDER
    assert lad.level("hidden") == 1 and lad.level(None) == 2 and lad.level(-1) == 2
    assert lad.level("0") == 0
    with pytest.raises(ValueError, match="unknown level"):
        lad.level("nope")
    with pytest.raises(ValueError, match="out of range"):
        lad.level(7)
    with pytest.raises(ValueError, match="duplicate"):
        Ladder([Rung("a", None), Rung("a", None)])


def test_fixpoint_restarts_from_bottom_and_attributes():
    calls = []

    def first(s, c):
        calls.append("a")
        c["a work"] += 1
        if s.bits[1] and not s.bits[0]:
            s.bits[1] = False
            return CHANGED
        return STABLE

    def second(s, c):
        calls.append("b")
        if s.bits[0]:
            s.bits[0] = False
            return CHANGED
        return STABLE

    lad = Ladder([Rung("a", first), Rung("b", second)])
    s = State(None, [0, 3])
    res = lad.fixpoint(s, trace=True)
    # b removes bit 0, then the loop restarts at a, which removes bit 1
    assert calls == ["a", "b", "a", "a", "b"]
    assert res.status == "solved"
    assert res.attribution.tolist() == [1, 0, -1]
    assert [st.name for st in res.steps] == ["b", "a"]
    assert res.applications == Counter({"a": 3, "b": 2})
    assert res.counters["a work"] == 3


def test_fixpoint_contradiction_and_ablation():
    def kill(s, c):
        s.bits[:] = False
        return CONTRADICTION

    lad = Ladder([Rung("ok", lambda s, c: STABLE), Rung("kill", kill)])
    assert lad.fixpoint(State(None, [0, 2])).contradiction
    res = lad.fixpoint(State(None, [0, 2]), without=["kill"])
    assert res.status == "stable" and res.applications["kill"] == 0


def test_probe_is_singleton_consistency():
    # a 4x4 latin square where single+hidden stall and probe decides more
    p = _latin(4, [[2, 3, 3], [1, 3, 1], [0, 0, 2], [3, 2, 4]])
    s = toy.initial_state(p)
    below = toy.LADDER.fixpoint(s.copy(), "hidden")
    top = toy.LADDER.fixpoint(s.copy(), "probe")
    assert top.counters["probes"] > 0
    # probe never keeps a bit the lower fixpoint removed, and never removes a
    # bit of any true solution
    st = s.copy()
    toy.LADDER.fixpoint(st, "probe")
    sols = _all_solutions(p)
    assert sols
    for g in sols:
        bits = _bits_of(p, g)
        assert np.all(st.bits[bits])
    # one probe pass removes exactly the bits whose assignment the rungs below refute
    s2 = s.copy()
    toy.LADDER.fixpoint(s2, "hidden")
    s3 = s2.copy()
    toy.LADDER._probe(s3, [0, 1], Counter())
    gone = set(np.flatnonzero(s2.bits & ~s3.bits).tolist())
    assert gone, "this board needs probe"
    for b in np.flatnonzero(s2.bits):
        t = s2.copy()
        v = int(t.var_of_bit([b])[0])
        t.assign(v, int(b - t.offsets[v]))
        refuted = toy.LADDER.fixpoint(t, "hidden").contradiction
        if t.live_counts()[v] == 1 and s2.live_counts()[v] > 1:
            assert refuted == (b in gone)
    assert below.status == "stable"


def _all_solutions(p):
    return list(toy.iter_solutions(p))


def _bits_of(p, grid):
    k = p.k
    return [(r * k + c) * k + grid[r][c] - 1 for r in range(k) for c in range(k)]


@pytest.mark.parametrize("seed", range(6))
def test_every_level_is_sound_on_random_toys(seed):
    rng = np.random.default_rng(seed)
    k = 4
    givens = [[int(rng.integers(k)), int(rng.integers(k)), int(rng.integers(1, k + 1))]
              for _ in range(int(rng.integers(1, 5)))]
    p = _latin(k, givens)
    sols = _all_solutions(p)
    for lvl in toy.LADDER.names:
        s = toy.initial_state(p)
        res = toy.LADDER.fixpoint(s, lvl)
        if not sols:
            continue
        assert not res.contradiction
        for g in sols:
            assert np.all(s.bits[_bits_of(p, g)]), (lvl, g)


def test_grade_is_weakest_finishing_level():
    p = _latin(3, [[0, 0, 1], [0, 1, 2], [1, 0, 2]])
    assert toy.LADDER.grade(toy.initial_state(p)) == "single"
    p = _latin(4, [[0, 0, 1], [1, 1, 2], [2, 2, 3]])
    g = toy.LADDER.grade(toy.initial_state(p))
    assert g in (None, "probe", "hidden")
    # grade says the level below it fails
    if g is not None and g != "single":
        below = toy.LADDER.level(g) - 1
        assert not toy.LADDER.fixpoint(toy.initial_state(p), below).solved


def test_grade_does_not_run_a_level_known_to_solve_again(monkeypatch):
    """Told a level's fixpoint solves the board (``solved_at``), grade runs
    only the levels below it, and names it when none of them solves: the
    same grade as the full search, without that fixpoint (the dearest, when
    it is the top level's) run twice."""
    real = toy.LADDER.fixpoint
    ran = []
    rng = np.random.default_rng(5)
    checked = 0
    for _ in range(60):
        start = toy.initial_state(toy.random_small(rng, 3, 3))
        full = toy.LADDER.grade(start)
        if full is None:
            continue
        for lvl in range(toy.LADDER.level(full), len(toy.LADDER.rungs)):
            ran.clear()
            with monkeypatch.context() as m:
                m.setattr(toy.LADDER, "fixpoint",
                          lambda s, lvl=None, *a, **k: ran.append(lvl) or real(s, lvl, *a, **k))
                assert toy.LADDER.grade(start, solved_at=lvl) == full
            assert lvl not in ran and all(x < lvl for x in ran), (lvl, ran)
            checked += 1
    assert checked > 20, checked


def test_reach_nests():
    p = _latin(4, [[0, 0, 1], [1, 2, 3]])
    live = [int(r.attribution.size - (r.attribution >= -1).sum()) for r in
            toy.LADDER.reach(toy.initial_state(p))]
    assert live == sorted(live)


def test_compiled_rung_runs_its_kernel_and_names_its_work():
    """``Compiled.rung(i, name)`` is the Python face of kernel rung ``i``: the
    same removal, the kernel's work under the compiled work names."""
    from numba import njit

    from puzzlekit.core.ladder import Compiled

    @njit
    def apply(i, bits, data, work):      # rung 0 drops bit data[0]; rung 1 drops nothing
        work[i] += 1
        if i == 0 and bits[data[0]]:
            bits[data[0]] = False
            return 1
        return 0

    comp = Compiled(apply=apply, data=lambda p: (np.int64(3),), work=("zero", "one"))
    s = State(None, np.arange(0, 7, 2))
    c = Counter()
    assert comp.rung(0, "drop")(s, c) == 1 and not s.bits[3] and s.bits.sum() == 5
    assert comp.rung(1, "idle")(s, c) == 0 and s.bits.sum() == 5
    assert c == Counter({"zero": 1, "one": 1}) and comp.rung(1, "idle").__name__ == "idle"


def test_kernel_hints_are_one_value():
    """What a genre's kernels promise the compiled loop is one
    :class:`KernelHints` value beside the kernels (none by default), and a
    promise the kernels cannot keep is refused before anything compiles."""
    import dataclasses

    from numba import njit

    import puzzlekit
    from puzzlekit.core.ladder import Compiled, KernelHints

    assert [f.name for f in dataclasses.fields(Compiled)] == \
        ["apply", "data", "work", "legal", "hints"]

    @njit
    def apply(i, bits, data, work):
        return 0

    assert Compiled(apply=apply, data=lambda p: (), work=()).hints == KernelHints()
    loud = Compiled(apply=apply, data=lambda p: (), work=(),
                    hints=KernelHints(no_refcounts=True))
    with pytest.raises(ValueError, match="_nrt=False"):
        loud.loops()
    for g in puzzlekit.built():
        comp = puzzlekit.spec(g).ladder.compiled
        if comp is not None:
            kernels = len(puzzlekit.spec(g).ladder) - 1
            assert set(comp.hints.settles) | set(comp.hints.checks) <= set(range(kernels)), g
