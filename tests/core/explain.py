"""What a genre's clause-learning ``explain`` kernel must do with any
assignment, checked against the answers of a board (the learner tests of
each genre with a learner call it)."""
from __future__ import annotations

import numpy as np

from tests.corpus import corpus


def check_explanations(explain, data, nv: int, rows: np.ndarray, rng, where=None,
                       tries: int = 60) -> dict:
    """Call ``explain(assign, data, buf)`` on ``tries`` random partial
    assignments of ``nv`` booleans (half of them parts of an answer in
    ``rows``, one 0/1 row per answer of the board) and assert what every
    clause it writes must be: no boolean named twice, every literal false but
    a deduction's first (which is open), and true in every answer, so it
    removes none.  ``where`` goes into an assertion's message.  Returns how
    many deductions (``1``) and conflicts (``2``) it gave."""
    said = {1: 0, 2: 0}
    buf = np.empty(2 * nv + 2, np.int64)
    for _ in range(tries):
        row = (rows[rng.integers(len(rows))] if len(rows) and rng.random() < 0.5
               else rng.integers(0, 2, nv))
        assign = np.where(rng.random(nv) < rng.random(), row, -1).astype(np.int64)
        mode, k = explain(assign, data, buf)
        if mode == 0:
            continue
        said[mode] += 1
        clause = buf[:k].copy()
        assert len(set((clause >> 1).tolist())) == k, clause
        values = [-1 if assign[x >> 1] < 0 else assign[x >> 1] ^ (x & 1) for x in clause]
        if mode == 1:
            assert values[0] == -1 and all(v == 0 for v in values[1:]), (clause, values)
        else:
            assert all(v == 0 for v in values), (clause, values)
        for r in rows:
            assert any(r[x >> 1] ^ (x & 1) for x in clause), (where, clause)
    return said



def _answered(spec, boards, limit):
    """The boards the raw engine finishes within ``limit`` answers, each
    with its answers."""
    for p in boards:
        raw = spec.brute_solutions(p, limit)
        if not raw.capped:
            yield p, raw


def _rows(spec, p, raw) -> np.ndarray:
    """The learner's booleans of every answer of ``p``, one row each."""
    row_of = spec.proof.learner.row_of
    return np.array([row_of(spec.encode(p, a)) for a in raw.solutions], np.int64)


def learner_counts(spec, boards, limit: int, sat_count) -> set:
    """On every board the raw engine finishes within ``limit`` answers, the
    genre's clause learner (``spec.proof.learner``) counts from the initial
    state what the raw engine counted, exactly when below ``limit``, each
    answer once and accepted by the referee; and CP-SAT's model
    (``sat_count(p, limit)``) counts the same.  The counts seen, 3 standing
    for three or more."""
    from puzzlekit.core.learn import learn_count
    seen = set()
    for p, raw in _answered(spec, boards, limit):
        got = learn_count(spec.proof.learner, p, spec.initial_state(p), limit)
        assert got.count == raw.count, (p.to_json(), got, raw.count)
        assert got.complete == (raw.count < limit)
        assert len({s.bits.tobytes() for s in got.solutions}) == len(got.solutions) == got.count
        for s in got.solutions:
            assert spec.check(p, spec.decode(s)) == []
        assert sat_count(p, limit).count == raw.count
        seen.add(min(raw.count, 3))
    return seen


def rule_clauses_hold(spec, boards, limit: int = 200) -> int:
    """Every clause of the learner's rules holds in every answer of every
    board the raw engine finishes within ``limit`` answers, so the clauses
    the learner starts from remove none; the number of answers checked."""
    checked = 0
    for p, raw in _answered(spec, boards, limit):
        starts, lits = spec.proof.learner.clauses(p)
        for r in _rows(spec, p, raw):
            true = r[lits >> 1] ^ (lits & 1)
            assert all(true[starts[c]:starts[c + 1]].any() for c in range(starts.size - 1)), \
                p.to_json()
            checked += 1
    return checked


def explanations_hold(spec, boards, rng, limit: int = 200) -> dict:
    """:func:`check_explanations` of the learner's kernel on every board the
    raw engine finishes within ``limit`` answers: the deductions (``1``) and
    conflicts (``2``) it gave in all."""
    learner = spec.proof.learner
    said = {1: 0, 2: 0}
    for p, raw in _answered(spec, boards, limit):
        got = check_explanations(learner.explain, learner.data(p), int(learner.n_bools(p)),
                                 _rows(spec, p, raw), rng, p.to_json())
        said = {m: said[m] + got[m] for m in said}
    return said


def learner_suite(spec, boards, sat_count, counted: int = 60, limit: int = 30) -> tuple:
    """The three checks of a genre's clause learner as pytest tests, for the
    genre's test module to take in (``test_a, test_b, test_c = learner_suite(...)``):
    on the boards ``boards(seed, count)`` gives (random small ones, with 0,
    1, 2 and 3+ answers among them), its counts are the raw engine's and
    CP-SAT's (``sat_count(p, limit)``, :func:`learner_counts`, ``counted``
    boards a seed), every rule clause holds in every answer
    (:func:`rule_clauses_hold`) and so does every clause its kernel writes
    (:func:`explanations_hold`)."""
    import pytest

    @pytest.mark.parametrize("seed", range(3))
    def test_learner_counts_like_the_raw_engine_and_cp_sat(seed):
        seen = learner_counts(spec, boards(seed, counted), limit, sat_count)
        assert seen == {0, 1, 2, 3}, seen

    @pytest.mark.parametrize("seed", range(3))
    def test_every_rule_clause_holds_in_every_answer(seed):
        """The clauses the learner starts from remove no answer."""
        checked = rule_clauses_hold(spec, boards(200 + seed, 40))
        assert checked >= 20, checked

    @pytest.mark.parametrize("seed", range(3))
    def test_every_kernel_clause_holds_in_every_answer(seed):
        """Random partial assignments (half of them read off an answer)
        given to the kernel: each clause it writes names no boolean twice,
        has every literal false but a deduction's first (which is open), and
        holds in every answer of the board, so it removes none."""
        said = explanations_hold(spec, boards(100 + seed, 60), np.random.default_rng(seed))
        assert said[1] >= 100 and said[2] >= 100, said

    return (test_learner_counts_like_the_raw_engine_and_cp_sat,
            test_every_rule_clause_holds_in_every_answer,
            test_every_kernel_clause_holds_in_every_answer)


def small_boards(random_small, sides: tuple = (1, 6)):
    """``boards(seed, count)`` for :func:`learner_suite`: ``count`` boards of
    the genre's ``random_small(rng, h, w)``, each side drawn from
    ``range(*sides)``."""
    def boards(seed, count):
        rng = np.random.default_rng(seed)
        return [random_small(rng, int(rng.integers(*sides)), int(rng.integers(*sides)))
                for _ in range(count)]
    return boards


def search_roots_match(spec, genre: str) -> int:
    """The proof's learner starts from the first round's root as the
    compiled search left it (``SearchResult.root``) instead of running the
    whole ladder's fixpoint again: on every real board of ``genre``
    (``benchmarks/real/``) that the root leaves open, assert that root is
    exactly the fixpoint ``core.proof._root`` computes.  How many boards
    were compared."""
    from puzzlekit.core.proof import _root
    from puzzlekit.core.search import Budget, count_solutions

    assert spec.proof.probe_passes is None and spec.proof.probe_depth >= 1
    compared = 0
    for e in corpus.load(genre):
        p = corpus.puzzle(spec, e)
        start = spec.initial_state(p)
        r = count_solutions(start, spec.ladder, spec.accept(p), limit=2,
                            budget=Budget(1, None), settings=spec.proof.search(p))
        if r.root is None:
            continue
        assert np.array_equal(r.root.bits, _root(spec, start, spec.proof).bits), e["id"]
        compared += 1
    return compared


def learner_proves_real(spec, genre: str, board_id: str, answer: str = "published",
                        time_limit: float | None = 60) -> None:
    """The proof hands the real board ``board_id`` to the genre's learner
    (some conflicts counted), proves it unique, and its answer is the
    entry's ``answer`` (the published one)."""
    from puzzlekit.core.proof import proof_count
    entry = next(x for x in corpus.load(genre) if x["id"] == board_id)
    got = proof_count(spec, corpus.puzzle(spec, entry), 2, time_limit=time_limit)
    assert got.count == 1 and got.complete
    assert got.counters["conflicts"] > 0
    assert spec.decode(got.solutions[0]).to_json() == entry[answer]
