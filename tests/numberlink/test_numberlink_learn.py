"""Numberlink's clause learner with and without the paths' labels."""
import numpy as np
import pytest

import puzzlekit
import puzzlekit.numberlink.learn as nl
from puzzlekit.core.learn import learn_count
from puzzlekit.numberlink.generate import random_small


@pytest.mark.parametrize("with_labels", [True, False])
def test_learner_counts_like_the_raw_engine(with_labels, monkeypatch):
    """Labels or none (a board over :data:`MAX_LABEL_CLAUSES`), the learner
    counts what the raw engine counts on small random boards."""
    if not with_labels:
        monkeypatch.setattr(nl, "MAX_LABEL_CLAUSES", -1)
    sp = puzzlekit.spec("numberlink")
    seen = set()
    used = 0
    for seed in range(120):
        rng = np.random.default_rng(seed)
        p = random_small(rng, int(rng.integers(2, 6)), int(rng.integers(2, 6)))
        used += nl.labels(p)[1] > 0
        raw = sp.brute_solutions(p, 20)
        if raw.capped or raw.count >= 20:
            continue
        r = learn_count(sp.proof.learner, p, sp.initial_state(p), 20)
        assert r.count == raw.count and r.complete, (seed, r.count, raw.count)
        seen.add(min(raw.count, 2))
    assert seen == {0, 1, 2}
    assert (used >= 60) if with_labels else (used == 0), used


def _plain_clauses(p):
    """The learner's rules as clauses, written plainly from the rules in
    ``learn.py``'s docstring (a reference for the compiled writer)."""
    from itertools import combinations
    table, count = nl.labels(p)
    if count < 0:
        return [()]
    g, out = p.grid, []
    for i, row in enumerate(g.cell_edges):
        segs = [int(e) for e in row if e >= 0]
        lo, hi = (1, 1) if p.label[i] else ((2, 2) if p.fill else (0, 2))
        out += [[2 * e + 1 for e in s] for s in combinations(segs, hi + 1)]     # at most hi ON
        if lo > len(segs):
            out.append([])
        elif lo:
            out += [[2 * e for e in s] for s in combinations(segs, len(segs) - lo + 1)]
        else:
            out += [[2 * e + 1] + [2 * f for f in segs if f != e] for e in segs]
        if count:
            on = [2 * int(x) for x in table[i] if x >= 0]
            out += [[x + 1, y + 1] for x, y in combinations(on, 2)]
            if p.fill or p.label[i]:
                out.append(on)
            else:
                out += [[2 * e + 1] + on for e in segs]
                out += [[x + 1] + [2 * e for e in segs] for x in on]
    for e, (a, b) in enumerate(g.edges):
        for q in range(1, p.k + 1 if count else 1):
            la, lb = table[a, q], table[b, q]
            if la >= 0 and lb >= 0:
                out += [[2 * e + 1, 2 * la + 1, 2 * lb], [2 * e + 1, 2 * lb + 1, 2 * la]]
            elif la >= 0 or lb >= 0:
                out.append([2 * e + 1, 2 * max(la, lb) + 1])
    if not p.k:
        out += [[2 * e + 1] for e in range(len(g.edges))] + [[2 * e for e in range(len(g.edges))]]
    return [tuple(int(x) for x in c) for c in out]


@pytest.mark.parametrize("fill", [True, False])
def test_compiled_clauses_are_the_rules(fill):
    """The compiled clause writer gives exactly the clauses the rules say,
    in the same order, on small random boards with and without rule 3."""
    from puzzlekit.numberlink.model import Puzzle
    boards = [Puzzle(1, 3, [[0, 0, 0]], fill)]
    for seed in range(40):
        rng = np.random.default_rng(seed)
        boards.append(random_small(rng, int(rng.integers(2, 7)), int(rng.integers(2, 7)))
                      .with_fill(fill))
    labelled = 0
    for p in boards:
        starts, lits = nl.degree_clauses(p)
        got = [tuple(int(x) for x in lits[starts[c]:starts[c + 1]]) for c in range(len(starts) - 1)]
        assert got == _plain_clauses(p), p
        labelled += nl.labels(p)[1] > 0
    assert labelled >= 20, labelled


def _unfilled_boards(n):
    """Small random boards without rule 3, with what the raw engine finds
    (up to 50 answers), skipping the ones it does not finish."""
    sp = puzzlekit.spec("numberlink")
    for seed in range(n):
        rng = np.random.default_rng(seed)
        p = random_small(rng, int(rng.integers(2, 7)), int(rng.integers(2, 7))).with_fill(False)
        raw = sp.brute_solutions(p, 50)
        if not raw.capped:
            yield p, raw


def _legal_and_apart(sp, p, states, others=()):
    """Every state an answer of ``p``, no two alike, none in ``others``."""
    keys = [s.bits.tobytes() for s in states]
    assert len(set(keys)) == len(keys)
    assert not set(keys) & {s.bits.tobytes() for s in others}
    for s in states:
        assert not sp.check(p, sp.decode(s))


def test_the_shortcut_counts_to_two_like_the_raw_engine():
    """Without rule 3 a count to two from the root searches only the
    answers with no block of three ON sides (``SHORTCUT``) and finds the
    rest by its steps: the raw engine's count, with legal answers, both
    from nothing found and from each raw answer found; both steps are
    taken on these boards."""
    sp = puzzlekit.spec("numberlink")
    steps = {"steps up": 0, "steps down": 0}
    counts = set()
    for p, raw in _unfilled_boards(300):
        r = learn_count(sp.proof.learner, p, sp.initial_state(p), 2, whole=True)
        assert r.count == min(raw.count, 2), (p.numbers, r.count, raw.count)
        assert r.complete == (raw.count < 2)
        _legal_and_apart(sp, p, r.solutions)
        counts.add(r.count)
        steps["steps up"] += r.counters["steps up"]
        for a in raw.solutions[:3]:
            told = sp.encode(p, a)
            got = learn_count(sp.proof.learner, p, sp.initial_state(p), 1, (told,), whole=True)
            assert got.count == min(raw.count - 1, 1), (p.numbers, got.count, raw.count)
            _legal_and_apart(sp, p, got.solutions, (told,))
            steps["steps down"] += got.counters["steps down"]
    assert counts == {0, 1, 2}
    assert min(steps.values()) >= 20, steps


def test_the_shortcut_needs_the_whole_board():
    """Below a state that fixed a choice the answers are not closed under
    the steps, so the learner counts them all (``whole`` off, the default,
    and what a proof from a given state does): on a 2x3 board whose top
    middle segment is OFF, both answers left run round a block."""
    from puzzlekit.core.proof import proof_count
    from puzzlekit.numberlink.ladder import with_segments
    from puzzlekit.numberlink.model import Puzzle
    sp = puzzlekit.spec("numberlink")
    p = Puzzle(2, 3, [[1, 1, 0], [0, 0, 0]], fill=False)
    state = with_segments(p, off=[0])         # the segment between the two 1s
    assert sp.brute_count(p, 10).count == 3
    assert learn_count(sp.proof.learner, p, state, 2).count == 2
    assert proof_count(sp, p, 2, state=state, first_nodes=0).count == 2
    assert learn_count(sp.proof.learner, p, state, 2, whole=True).count == 0   # misused: wrong


def test_the_shortcut_steps():
    """``down`` takes a block's fourth side for three, ``up`` runs round the
    two unused cells beyond an ON side; each gives another legal answer,
    and a kept answer with no room beside it has neither."""
    from puzzlekit.numberlink.model import Answer, Puzzle
    sp = puzzlekit.spec("numberlink")
    dom = nl.SHORTCUT
    p = Puzzle(2, 2, [[1, 1], [0, 0]], fill=False)
    straight = sp.encode(p, Answer(2, 2, [1, 0, 0, 0]))      # right, right, down, down
    round_ = sp.encode(p, Answer(2, 2, [0, 1, 1, 1]))
    assert dom.down(p, straight) is None
    assert dom.down(p, round_).bits.tobytes() == straight.bits.tobytes()
    assert dom.up(p, straight).bits.tobytes() == round_.bits.tobytes()
    assert not sp.check(p, sp.decode(dom.up(p, straight)))
    q = Puzzle(2, 2, [[1, 1], [2, 2]], fill=False)
    both = sp.encode(q, Answer(2, 2, [1, 1, 0, 0]))
    assert dom.down(q, both) is None and dom.up(q, both) is None
    assert not dom.applies(p.with_fill(True)) and dom.applies(p)


def test_the_proof_seed_draws_the_learner_too():
    """``ProofPolicy.seed`` reaches the clause learner: a real 9x9 board
    (TBS 2021, whose proof the learner closes) is proved unique under every
    seed tried, and not all of them take the same conflicts."""
    import dataclasses

    from puzzlekit.core.proof import proof_count
    own = puzzlekit.spec("numberlink")
    url = "https://puzz.link/p?numlin/9/9/h1j32j4l5v67o2g4l7r3j165i"
    conflicts = set()
    for seed in range(4):
        sp = dataclasses.replace(own, proof=dataclasses.replace(own.proof, seed=seed))
        r = proof_count(sp, sp.url_decode(url), 2, None, 60)
        assert r.status == "unique"
        conflicts.add(r.counters["conflicts"])
    assert len(conflicts) > 1, conflicts
