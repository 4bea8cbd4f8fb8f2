"""Country Road ladder: each rung's signature deduction, soundness, the
article's premature-closure bug as a regression, the capped catalogue."""
from collections import Counter

import numpy as np
import pytest

import puzzlekit.country_road as cr
from puzzlekit.core import banks, checks
from puzzlekit.country_road import cycles, ladder as L
from puzzlekit.country_road.model import Puzzle


def run(p, name, setup=None):
    """Rung ``name`` alone, applied until it removes nothing (a call of
    ``loop`` leaves its whole-board steps to a call that finds the
    cell steps quiet): -1, or 1 if it removed anything, else 0."""
    s = cr.initial_state(p)
    if setup:
        setup(s)
    out = 0
    while True:
        r = L.LADDER[name].fn(s, Counter())
        if r <= 0:
            return (r if r < 0 else out), s
        out = 1


def edge(p, a, b):
    E = p.grid.edges.tolist()
    return E.index([min(a, b), max(a, b)])


def road(s, x):
    return bool(s.cells[x, 1] and not s.cells[x, 0])


def empty(s, x):
    return bool(s.cells[x, 0] and not s.cells[x, 1])


def used(s, e):
    return bool(s.edges[e, 1] and not s.edges[e, 0])


def unused(s, e):
    return bool(s.edges[e, 0] and not s.edges[e, 1])


# ---------------------------------------------------------------- region
def test_region_used_edge_puts_both_ends_on_the_road():
    p = Puzzle.make([[0, 0], [0, 0]])
    r, s = run(p, "region", lambda s: s.assign(p.n + 0, 1))
    assert r == 1 and road(s, 0) and road(s, 1)


def test_region_empty_cell_faces_a_road_across_the_border():
    p = Puzzle.make([[0, 1]])
    r, s = run(p, "region", lambda s: s.assign(0, 0))
    assert road(s, 1) and unused(s, 0)


def test_region_numbers_bound_the_road_cells():
    p = Puzzle.make([[0, 0, 1], [0, 0, 1]], {0: 4, 1: 0})
    r, s = run(p, "region")
    assert all(road(s, x) for x in (0, 1, 3, 4)) and empty(s, 2) and empty(s, 5)


# ---------------------------------------------------------------- once
def test_once_two_border_edges_are_both_crossed():
    p = Puzzle.make([[0, 0, 1], [0, 0, 1]])
    r, s = run(p, "once")
    assert used(s, edge(p, 1, 2)) and used(s, edge(p, 4, 5))


def test_once_a_border_is_crossed_once():
    p = Puzzle.make([[0, 1, 2], [0, 1, 2], [0, 1, 2]])
    r, s = run(p, "once", lambda s: s.assign(p.n + edge(p, 0, 1), 1))
    assert unused(s, edge(p, 3, 4)) and unused(s, edge(p, 6, 7))


def test_once_road_cells_are_connected_inside_their_country():
    p = Puzzle.make([[0, 0, 0], [1, 1, 1]])
    r, s = run(p, "once", lambda s: (s.assign(0, 1), s.assign(2, 1)))
    assert road(s, 1)


# ---------------------------------------------------------------- loop
def test_loop_degree_two_in_a_corner():
    p = Puzzle.make([[0, 0], [0, 0]])
    r, s = run(p, "loop", lambda s: s.assign(0, 1))
    assert used(s, edge(p, 0, 1)) and used(s, edge(p, 0, 2))


def test_loop_dead_end_is_empty():
    p = Puzzle.make([[0, 0, 0]])
    r, s = run(p, "loop")
    assert r == 1 and empty(s, 0) and empty(s, 2)


def test_loop_will_not_close_too_early():
    p = Puzzle.make(np.zeros((3, 4), int))

    def setup(s):
        for a, b in ((1, 2), (2, 6), (6, 5)):
            s.assign(p.n + edge(p, a, b), 1)
        s.assign(8, 1)                       # a road cell the short loop would miss
    r, s = run(p, "loop", setup)
    assert r >= 0 and unused(s, edge(p, 1, 5))
    r, s = run(p, "loop", lambda s: [s.assign(p.n + edge(p, a, b), 1)
                                     for a, b in ((1, 2), (2, 6), (6, 5))])
    assert not unused(s, edge(p, 1, 5))      # with nothing else on the road it may close


def test_loop_stranded_road_is_a_contradiction():
    p = Puzzle.make([[0, 0, 0], [0, 0, 0]])

    def setup(s):
        s.assign(0, 1)
        s.assign(5, 1)
        for e in (edge(p, 1, 2), edge(p, 1, 4), edge(p, 3, 4)):
            s.assign(p.n + e, 0)
    r, _ = run(p, "loop", setup)
    assert r == -1


def test_premature_closure_regression():
    """The article's bug: a cell on the road by its edges but still blank in
    the cell array must not make the finished, true loop look wrong."""
    p = Puzzle.make([[0, 0, 1], [0, 0, 1]], {0: 4})
    a = cr.Answer.from_json({"right": [[1, 1], [1, 1]], "down": [[1, 0, 1]]})
    for x in range(p.n):
        s = cr.encode(p, a)
        truth = s.bits.copy()
        s.cells[x] = True                    # the cell array forgets cell x
        r = L.LADDER["loop"].fn(s, Counter())
        assert r >= 0 and not (truth & ~s.bits).any(), x


# ---------------------------------------------------------------- macro
MACRO = [[0, 0, 0], [1, 2, 2], [1, 3, 3]]     # region graph: one Hamiltonian cycle


def test_macro_kills_a_border_on_no_cycle_and_forces_one_on_all():
    p = Puzzle.make(MACRO)
    cat, complete = cr.catalogue(p)
    assert complete and len(cat) == 1
    r, s = run(p, "macro")
    assert unused(s, edge(p, 3, 4))          # B-C lies on no Hamiltonian cycle
    assert used(s, edge(p, 0, 3)) and used(s, edge(p, 6, 7))   # A-B and B-D: one edge each


def test_macro_refutes_a_cut_vertex_before_reading_numbers():
    from puzzlekit.country_road.census import rows_partition
    from puzzlekit.country_road.certify import no_answer
    p = rows_partition(4)
    assert no_answer(p) is not None
    r, _ = run(p, "macro")
    assert r == -1


def _cycles_plainly(p):
    """Every Hamiltonian cycle of the region graph, as a set of country
    pairs, by a search without pruning (from country 0, each direction)."""
    pa, pb, _ = L.region_graph(p)
    nbr = {g: {} for g in range(p.k)}
    for q, (a, b) in enumerate(zip(pa.tolist(), pb.tolist())):
        nbr[a][b] = q
        nbr[b][a] = q
    out = set()

    def walk(path, used):
        u = path[-1]
        if len(path) == p.k:
            if 0 in nbr[u]:
                out.add(frozenset(used | {nbr[u][0]}))
            return
        for v, q in nbr[u].items():
            if v not in path:
                walk(path + [v], used | {q})
    walk([0], frozenset())
    return out


def test_catalogue_lists_every_hamiltonian_cycle_once():
    """The pruned search from a country of fewest neighbours lists exactly
    the cycles a plain search finds, each once, on random small boards."""
    rng = np.random.default_rng(7)
    checked = several = 0
    while checked < 30:
        h, w = (int(x) for x in rng.integers(3, 7, size=2))
        p = cr.SPEC.random_small(rng, h, w)
        if p.k < 3 or p.k > 11 or p.skip:
            continue                         # no catalogue, or too big for the plain search
        cat, complete = L.catalogue(p)
        assert complete
        got = [frozenset(q for q in range(64 * cat.shape[1])
                         if int(row[q // 64]) >> (q % 64) & 1) for row in cat]
        assert len(got) == len(set(got))
        assert set(got) == _cycles_plainly(p)
        checked += 1
        several += len(got) > 1
    assert several >= 10                     # the boards are not all trivial


def test_capped_catalogue_falls_back_soundly(monkeypatch):
    monkeypatch.setattr(cycles, "MAX_CYCLES", 1)
    p, a = cr.board_from_loop(np.random.default_rng(4), 5, 5, avg=2.5)
    cat, complete = L.catalogue(p)
    assert not complete                      # more than one cycle: capped, not used
    s = cr.initial_state(p)
    assert L.LADDER["macro"].fn(s, Counter()) == 0 and s.bits.all()
    checks.assert_sound(cr.SPEC, p, [a], ablations=False)


def test_a_graph_of_too_many_countries_is_not_enumerated(monkeypatch):
    """Over MAX_CATALOGUE_COUNTRIES countries the catalogue counts as capped
    without a search; at the limit it is still listed."""
    from puzzlekit.country_road.census import singletons
    p = singletons(4, 4)                     # 16 countries, one cell each
    monkeypatch.setattr(cycles, "MAX_CATALOGUE_COUNTRIES", 15)
    cat, complete = L.catalogue(p)
    assert not complete and len(cat) == 0
    monkeypatch.setattr(cycles, "MAX_CATALOGUE_COUNTRIES", 16)
    cat, complete = L.catalogue(p)
    assert complete and len(cat) == 6


# ---------------------------------------------------------------- probe, soundness
def test_probe_finishes_what_macro_leaves():
    e = next(e for e in banks.load("country_road") if e["grade"] == "probe")
    p = cr.Puzzle.from_json(e["clues"])
    assert not cr.finishes(p, "macro") and cr.finishes(p, "probe")


@pytest.mark.parametrize("seed", range(30))
def test_every_level_keeps_every_answer(seed):
    rng = np.random.default_rng(1000 + seed)
    h, w = int(rng.integers(2, 6)), int(rng.integers(2, 6))
    p = cr.random_small(rng, h, w)
    checks.assert_sound(cr.SPEC, p)
    checks.assert_engines_agree(cr.SPEC, p)
