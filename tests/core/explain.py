"""What a genre's clause-learning ``explain`` kernel must do with any
assignment, checked against the answers of a board (the learner tests of
each genre with a learner call it)."""
from __future__ import annotations

import numpy as np


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


def check_learner_count(spec, p, raw, limit: int, sat_count) -> None:
    """The genre's clause learner (``spec.proof.learner``) counts ``p``
    from its initial state as the raw engine did (``raw``, its answers up
    to ``limit``), exactly when below it, each answer once and accepted by
    the referee; and CP-SAT's model (``sat_count(p, limit)``) counts the
    same."""
    from puzzlekit.core.learn import learn_count
    got = learn_count(spec.proof.learner, p, spec.initial_state(p), limit)
    assert got.count == raw.count, (p.to_json(), got, raw.count)
    assert got.complete == (raw.count < limit)
    assert len({s.bits.tobytes() for s in got.solutions}) == len(got.solutions) == got.count
    for s in got.solutions:
        assert spec.check(p, spec.decode(s)) == []
    assert sat_count(p, limit).count == raw.count


def check_rule_clauses(starts: np.ndarray, lits: np.ndarray, rows: np.ndarray, where=None) -> int:
    """Every clause of a learner's rules (``starts, lits``) holds in every
    answer (``rows``, one 0/1 row of the booleans each), so the clauses the
    learner starts from remove none; the number of answers checked."""
    for r in rows:
        true = r[lits >> 1] ^ (lits & 1)
        assert all(true[starts[c]:starts[c + 1]].any() for c in range(starts.size - 1)), where
    return len(rows)
