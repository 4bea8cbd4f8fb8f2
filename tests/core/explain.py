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
