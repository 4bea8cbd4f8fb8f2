"""Each rung's signature deduction, soundness against the scan engine, and
the branching bug the scan engine exists to catch."""
from collections import Counter

import numpy as np
import pytest

from puzzlekit.core.genre import accepts
from puzzlekit.core.search import Budget, count_solutions as ladder_search
from puzzlekit.heteromino import SPEC, brute
from puzzlekit.heteromino.generate import random_small
from puzzlekit.heteromino.ladder import (
    LADDER,
    decided_cells,
    fit,
    hetero,
    initial_state,
    kernel_arrays,
    owners,
    region,
)
from puzzlekit.heteromino.model import Puzzle


def _search(p, level=None, limit=1000):
    return ladder_search(initial_state(p), LADDER, accepts(SPEC, p), level, limit,
                         Budget(10 ** 6))


def test_fit_takes_a_lone_candidate_and_kills_its_twins():
    # (0,2) can only be a ┘; fit finishes the board
    p = Puzzle.from_json({"size": [3, 3], "black": [[0, 0], [0, 1], [2, 2]]})
    s = initial_state(p)
    assert fit(s, Counter()) == 1 and s.solved()
    # a 1x6 strip: each end cell holds only a bar, and two bars touch: contradiction
    s = initial_state(Puzzle.make(1, 6))
    assert fit(s, Counter()) == -1


def test_region_flags_a_region_of_the_wrong_size():
    # the black column cuts off two cells on the left
    black = [[0, 2], [1, 2], [0, 3], [1, 3], [0, 4], [1, 4]]
    p = Puzzle.from_json({"size": [2, 6], "black": black})
    s = initial_state(p)
    before = s.bits.copy()
    assert region(s, Counter()) == -1 and np.array_equal(before, s.bits)
    s = initial_state(Puzzle.make(2, 3))
    assert region(s, Counter()) == 0


def test_hetero_fires_on_a_cell_whose_owner_is_unknown():
    """Cell (0,3) of this strip can only be a horizontal bar, one of three:
    its owner is unknown, yet every other horizontal bar touching it dies."""
    p = Puzzle.from_json({"size": [2, 7], "black": [[1, 2], [1, 3], [1, 4]]})
    s = initial_state(p)
    pl = kernel_arrays(p)[0]
    v = 3                                   # white cells 0..6 are row 0
    before = s.live_counts()[v]
    assert before == 3
    assert hetero(s, Counter()) == 1
    assert s.live_counts()[v] == 3          # the owner is still unknown
    alive = {tuple(pl[q, 1:].tolist()) for q in set(owners_all(s))}
    assert (0, 1, 2) not in alive and (4, 5, 6) not in alive


def owners_all(s):
    _, _, bit_pl, *_ = kernel_arrays(s.puzzle)
    return bit_pl[np.flatnonzero(s.bits)].tolist()


def test_blank_3x4_has_14_tilings_by_both_engines():
    p = Puzzle.make(3, 4)
    assert brute.count_solutions(p, 100).count == 14
    for level in LADDER.names:
        r = _search(p, level)
        assert r.complete and r.count == 14, level


def test_search_counts_equal_the_scan_engine_on_random_boards():
    rng = np.random.default_rng(11)
    seen = set()
    for _ in range(150):
        p = random_small(rng, int(rng.integers(2, 6)), int(rng.integers(2, 6)))
        b = brute.count_solutions(p, 1000)
        for level in ("fit", "probe"):
            r = _search(p, level)
            assert r.complete and r.count == b.count
        seen.add(min(b.count, 2))
    assert seen == {0, 1, 2}


def test_every_owner_a_level_pins_is_the_owner_in_every_answer():
    rng = np.random.default_rng(3)
    checked = 0
    for _ in range(120):
        p = random_small(rng, int(rng.integers(2, 7)), int(rng.integers(2, 7)))
        res = brute.solutions(p, 64)
        if res.capped or not res.solutions:
            continue
        sols = [a.owner(p.h, p.w) for a in res.solutions]
        pl = kernel_arrays(p)[0]
        white = np.flatnonzero(~p.black)
        for level in range(len(LADDER)):
            s = initial_state(p)
            LADDER.fixpoint(s, level)
            own = owners(s)
            for v in np.flatnonzero(decided_cells(s)):
                cells = set(pl[own[v], 1:].tolist())
                for o in sols:
                    assert set(np.flatnonzero(o == o[white[v]]).tolist()) == cells
                checked += 1
    assert checked > 100


@pytest.mark.parametrize("h,w", [(6, 6), (6, 9)])
def test_probe_settles_blank_boards_no_lower_rung_touches(h, w):
    """On a blank board, fit/region/hetero remove next to nothing; the fixpoints are sound."""
    p = Puzzle.make(h, w)
    s = initial_state(p)
    assert LADDER.fixpoint(s, "hetero").status != "contradiction"


def test_the_proof_tries_the_rungs_below_probe_first():
    """The uniqueness proof's first try (no probe, capped at its cheap cap)
    finishes some bank boards without a probe trial; on the others the probe
    pass takes over after the whole cap; every proof says unique.  With the
    genre's own cap (PROOF_CHEAP_NODES) the weighted search finishes every
    bank board in its first try, so a cap of 60 nodes shows both ways."""
    import dataclasses

    from puzzlekit.core import banks
    from puzzlekit.core.genre import PROOF_CHEAP_NODES, proof_count
    assert SPEC.proof.cheap_nodes == PROOF_CHEAP_NODES > 0
    seen = Counter()
    for cap in (SPEC.proof.cheap_nodes, 60):
        sp = dataclasses.replace(SPEC, proof=dataclasses.replace(SPEC.proof, cheap_nodes=cap))
        for e in banks.load("heteromino")[::6]:
            r = proof_count(sp, Puzzle.from_json(e["clues"]), 2)
            assert r.status == "unique", e["id"]
            probed = r.counters.get("probes", 0) > 0
            assert (r.nodes > cap) == probed, (cap, e["id"])
            seen[probed] += 1
    assert seen[True] and seen[False], seen


def test_weighted_branching_shrinks_the_hardest_bank_trees_and_keeps_the_count():
    """The proof's failure-weighted branching (ProofPolicy.weighted), at
    the level its cheap search runs (the rungs below probe, less the
    policy's ``without``): the same count on the 12x12 bank boards, the same tree
    in the Python loop on one of them, and fewer nodes in all than
    fewest-candidates branching (the trees it was chosen on)."""
    from puzzlekit.core import banks
    from puzzlekit.core.genre import accepts
    from puzzlekit.core.search import SearchSettings, count_solutions
    assert SPEC.proof.weighted
    level = LADDER.names.index("probe") - 1
    nodes = Counter()
    for e in [e for e in banks.load("heteromino") if e["size"] == [12, 12]][::3]:
        p = Puzzle.from_json(e["clues"])
        runs = {w: count_solutions(initial_state(p), LADDER, accepts(SPEC, p), level, 2,
                                   settings=SearchSettings(without=SPEC.proof.without, weighted=w))
                for w in (False, True)}
        assert runs[False].count == runs[True].count == 1, e["id"]
        assert runs[False].complete and runs[True].complete, e["id"]
        for w, r in runs.items():
            nodes[w] += r.nodes
        if e["id"].endswith("-010"):
            py = count_solutions(initial_state(p), LADDER, accepts(SPEC, p), level, 2,
                                 settings=SearchSettings(without=SPEC.proof.without,
                                                         weighted=True, compiled=False))
            assert (py.count, py.nodes, py.branch_points) == \
                (runs[True].count, runs[True].nodes, runs[True].branch_points)
    assert nodes[True] < nodes[False], nodes


def test_pair_lets_probe_settle_the_bank():
    """Probe over all five rungs settles every bank board (its search is one
    node); probe over the article's four (without ``pair``) leaves some
    12x12 boards to a search."""
    from puzzlekit.core import banks
    from puzzlekit.core.genre import ladder_count
    searched = 0
    for e in banks.load("heteromino")[::2]:
        p = Puzzle.from_json(e["clues"])
        r = ladder_count(SPEC, p, 2, "probe", probe_depth=1)
        assert r.status == "unique" and r.nodes == 1, e["id"]
        r4 = ladder_count(SPEC, p, 2, "probe", probe_depth=1, without=("pair",))
        assert r4.status == "unique", e["id"]
        searched += r4.nodes > 1
    assert searched > 0
