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
