"""core.checks: the generic soundness and agreement checks catch what they should."""
import dataclasses

import numpy as np
import pytest

from puzzlekit.core import CHANGED, Ladder, Rung, probe_rung
from puzzlekit.core.checks import assert_engines_agree, assert_sound
from puzzlekit.core.search import Count
from tests.core import toy


def _boards(n, seed=0):
    rng = np.random.default_rng(seed)
    return [toy.random_small(rng, int(rng.integers(1, 5)), 4) for _ in range(n)]


def test_sound_ladder_passes():
    checked = sum(assert_sound(toy.SPEC, p) for p in _boards(40))
    assert checked > 0


def _greedy(s, counters):
    """Unsound on purpose: fixes the first open cell to its first candidate."""
    k = s.puzzle.k
    for r in range(k):
        for c in range(k):
            opts = np.flatnonzero(s.cand[r, c])
            if len(opts) > 1:
                s.cand[r, c, opts[1:]] = False
                return CHANGED
    return 0


def test_an_unsound_rung_is_caught():
    bad = Ladder([Rung("single", toy.LADDER.rungs[0].fn), Rung("greedy", _greedy),
                  probe_rung()])
    sp = dataclasses.replace(toy.SPEC, ladder=bad)
    with pytest.raises(AssertionError, match="true answer|contradiction"):
        for p in _boards(40, seed=1):
            assert_sound(sp, p)


def test_disagreeing_engines_are_caught_and_capped_runs_skipped():
    p = toy.Puzzle(3, ())
    assert assert_engines_agree(toy.SPEC, p, limit=3)
    wrong = dataclasses.replace(toy.SPEC, brute_count=lambda p, limit: Count(1, False, 1, limit))
    with pytest.raises(AssertionError, match="raw engine"):
        assert_engines_agree(wrong, p, limit=3)
    capped = dataclasses.replace(toy.SPEC, brute_count=lambda p, limit: Count(0, True, 9, limit))
    assert assert_engines_agree(capped, p, limit=3) is False
