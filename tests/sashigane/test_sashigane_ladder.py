"""Sashigane ladder: each rung's signature deduction, soundness against the
scanner, the stale-cover bug, and engine agreement."""
from collections import Counter

import numpy as np
import pytest

import puzzlekit.sashigane as sg
from puzzlekit.core.genre import ladder_count
from puzzlekit.core.search import Budget, count_solutions
from puzzlekit.sashigane import LADDER, Puzzle, initial_state, owners
from puzzlekit.sashigane.brute import scan
from puzzlekit.sashigane.ladder import cover_stale

P23 = Puzzle.from_json({"size": [2, 3], "circles": [[1, 0, None], [0, 2, None]],
                        "arrows": [[0, 0, "v"], [1, 2, "^"]]})


def _run(p, level, without=()):
    s = initial_state(p)
    return s, LADDER.fixpoint(s, level, without)


def test_fit_keeps_only_admissible_ls():
    s, r = _run(P23, "fit")
    assert r.solved                        # each circle has one L left after fit alone
    assert sg.decode(s) == sg.Answer.make([[(0, 0), (1, 0), (1, 1)], [(0, 1), (0, 2), (1, 2)]])


def test_fit_reads_the_number():
    p = Puzzle.from_json({"size": [3, 3], "circles": [[0, 0, 4]], "arrows": [[2, 0, "^"]]})
    s, _ = _run(p, "fit")
    assert sorted(len(c) for c in [sg.decode(s).pieces[0]]) == [4]
    assert s.live_counts().tolist() == [1]


def test_cover_gives_a_lone_reachable_cell_to_its_circle():
    # 2x4: two circles; fit leaves the left circle several arm lengths; cover
    # hands it the cells only it can reach, which settles both
    p = Puzzle.from_json({"size": [2, 4], "circles": [[1, 0, None], [0, 3, None]],
                          "arrows": [[0, 0, "v"], [1, 3, "^"]]})
    s, r = _run(p, "fit")
    assert not r.solved
    s, r = _run(p, "cover")
    assert r.solved and r.counters["cover tables"] > 0


def test_cover_closes_a_cell_every_survivor_covers():
    p = Puzzle.from_json({"size": [2, 4], "circles": [[1, 0, None], [0, 3, None]],
                          "arrows": [[0, 0, "v"], [1, 3, "^"]]})
    s = initial_state(p)
    LADDER.fixpoint(s, "fit")
    # every survivor of the left circle covers (1, 1): the right circle may not
    before = s.bits.copy()
    assert LADDER[1].fn(s, Counter()) == 1
    lost = np.flatnonzero(before & ~s.bits)
    assert len(lost) and set(s.var_of_bit(lost).tolist()) <= {0, 1}


def test_area_kills_a_size_the_others_cannot_make_up():
    """Without cover, area still removes L's whose size leaves the other
    circles an impossible total, and every removed L is in no answer."""
    hits = 0
    for p in _random_boards(200, 3):
        sols = scan(p, 50).solutions
        if len(sols) == 0:
            continue
        s1 = initial_state(p)
        LADDER.fixpoint(s1, "fit")
        s2 = initial_state(p)
        LADDER.fixpoint(s2, "area", without=["cover"])
        if (s1.bits & ~s2.bits).any():
            hits += 1
            for ans in sols:
                bits = sg.encode(p, ans).bits
                assert not (bits & ~s2.bits).any()
    assert hits > 0


def test_probe_is_the_top_and_needed_by_none_of_the_bank():
    assert LADDER.names == ("fit", "cover", "area", "probe")


def test_puzzlink_rules_name_every_piece_by_its_bend():
    """Under puzz.link's rules every cell but an arrow's is a variable, and
    each has the value "no piece bent here" last (dead on a circle's cell)."""
    p = P23.with_rules("puzzlink")
    s = initial_state(p)
    assert s.n_vars == 4 and sg.ladder.variable_cells(p).tolist() == [1, 2, 3, 4]
    LADDER.fixpoint(s, "fit")
    off = s.offsets
    assert not s.bits[off[3] - 1] and s.bits[off[1] - 1]     # cell 3 holds a circle, 1 not
    assert ladder_count(sg.SPEC, p, 5).count == scan(p, 5).count == 1


def _random_boards(n, seed=0, rules="article", sparse=False):
    """Random small boards; ``sparse`` drops about half the clues (the
    puzz.link rules' typical board prints few)."""
    rng = np.random.default_rng(seed)
    for _ in range(n):
        h, w = int(rng.integers(2, 7)), int(rng.integers(2, 7))
        p = sg.random_small(rng, h, w).with_rules(rules)
        if sparse:
            keep = rng.random(h * w) < 0.5
            p = Puzzle(p.h, p.w, np.where(keep, p.circle, -1), np.where(keep, p.arrow, -1),
                       p.rules, p.off)
        yield p


BOTH = [("article", False), ("puzzlink", False), ("puzzlink", True)]


@pytest.mark.parametrize("rules,sparse", BOTH)
def test_every_pinned_owner_is_the_owner_in_every_scanner_answer(rules, sparse):
    checked = 0
    for p in _random_boards(150, 0, rules, sparse):
        sols = [a.labels(p.h, p.w) for a in scan(p, 50).solutions]
        if len(sols) == 0:
            continue
        for lv in range(len(LADDER)):
            s = initial_state(p)
            res = LADDER.fixpoint(s, lv)
            assert not res.contradiction
            own = owners(s)
            home = sg.ladder.variable_cells(p)
            for lab in sols:
                for x in np.flatnonzero(own >= 0):
                    assert lab[x] == lab[home[own[x]]], (p.to_json(), lv, x)
                    checked += 1
    assert checked > 100


STALE = Puzzle.from_json({"size": [6, 5], "circles": [[0, 3, 7], [1, 1, 3], [3, 2, None],
                                                      [4, 4, None], [5, 0, 8]],
                          "arrows": [[0, 0, ">"], [0, 4, "v"], [1, 2, "v"], [2, 0, "v"],
                                     [2, 1, "^"]]})


def test_the_stale_cover_table_bug():
    """Sweeping on a table built before the kills evicts a true owner: the
    stale rung loses this board's answer, the real one keeps it."""
    truth = scan(STALE, 10).count
    assert truth == 1

    def accept(s):
        """Whether the referee finds nothing wrong with the decoded answer."""
        return not sg.check(STALE, sg.decode(s))

    stale = count_solutions(cover_stale(STALE), LADDER, accept, "cover", 10, Budget(10_000))
    fresh = count_solutions(initial_state(STALE), LADDER, accept, "cover", 10, Budget(10_000))
    assert stale.count < truth and fresh.count == truth


@pytest.mark.parametrize("rules,sparse", BOTH)
def test_engines_agree_with_answers_of_both(rules, sparse):
    counts = set()
    for p in _random_boards(120, 1, rules, sparse):
        lr = ladder_count(sg.SPEC, p, 5)
        br = scan(p, 5)
        assert lr.count == br.count, p.to_json()
        got = sorted(sg.decode(s).to_json()["pieces"] for s in lr.solutions)
        want = sorted(a.to_json()["pieces"] for a in br.solutions)
        assert got == want or lr.count == 5          # all answers, when there are fewer
        counts.add(min(br.count, 2))
    assert counts == {0, 1, 2}


@pytest.mark.parametrize("rules,sparse", BOTH)
def test_clause_ablation_variants_agree_with_the_scanner(rules, sparse):
    for i, p in enumerate(_random_boards(60, 2, rules, sparse)):
        q = p.with_rules(off=[("home", "end", "bend", "size")[i % 4]])
        assert ladder_count(sg.SPEC, q, 4).count == scan(q, 4).count, q.to_json()


@pytest.mark.parametrize("rules,sparse", BOTH)
def test_every_true_answer_survives_every_rung(rules, sparse):
    """Soundness: no fixpoint at any level removes a bit of a scanner answer."""
    seen = 0
    for p in _random_boards(100, 3, rules, sparse):
        sols = scan(p, 20).solutions
        for lv in range(len(LADDER)):
            s = initial_state(p)
            LADDER.fixpoint(s, lv)
            for a in sols:
                assert not (sg.encode(p, a).bits & ~s.bits).any(), (p.to_json(), lv)
                seen += 1
    assert seen > 100


@pytest.mark.parametrize("rules,sparse", BOTH)
def test_cp_sat_agrees_with_the_ladder(rules, sparse):
    from puzzlekit.sashigane import sat
    counts = set()
    for p in _random_boards(60, 4, rules, sparse):
        lr = ladder_count(sg.SPEC, p, 3)
        sr = sat.count_solutions(p, 3)
        assert lr.count == sr.count and not sr.capped, p.to_json()
        assert lr.count == 3 or sorted(sg.decode(s).to_json()["pieces"] for s in
                                       lr.solutions) == sorted(a.to_json()["pieces"]
                                                               for a in sr.solutions)
        counts.add(min(lr.count, 2))
    assert counts == {0, 1, 2}


def test_the_sparse_cover_reaches_the_dense_covers_fixpoint():
    """Under puzz.link's rules cover reads the cells' candidate lists and
    sweeps on after a kill; it stops where the variables-by-cells table
    would (or finds the same contradiction), in no more calls."""
    from puzzlekit.sashigane.ladder import _cover_jit, _cover_sparse_jit, kernel_arrays
    seen = 0
    for p in _random_boards(120, 5, "puzzlink", True):
        off, co, cells, cv, _, _, meta, _, inv_off, inv_k = kernel_arrays(p)
        s = initial_state(p)
        LADDER.fixpoint(s, "fit")
        ends = []
        for kernel, extra in ((_cover_jit, (0,)), (_cover_sparse_jit, (inv_off, inv_k))):
            bits, calls = s.bits.copy(), 0
            while True:
                calls += 1
                r = kernel(bits, off, co, cells, cv, p.h * p.w, *extra)
                if r != 1:
                    break
            ends.append((r, bits, calls))
        (ra, a, ca), (rb, b, cb) = ends
        assert ra == rb and (ra == -1 or (a == b).all()) and cb <= ca, p.to_json()
        seen += ca > 2
    assert seen > 10
