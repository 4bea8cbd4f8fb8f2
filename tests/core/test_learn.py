"""The clause learner: its branching heap gives the order a scan would, and
over clauses alone it counts what enumeration counts."""
import itertools

import numpy as np
import pytest
from numba import njit

from puzzlekit.core._heap import pop as _pop, push as _push, up as _up
from puzzlekit.core.clauses import flat
from puzzlekit.core.learn import FORGET_AFTER, Learner, learn_count


def _drain(heap, pos, act):
    out = []
    while heap[-1] > 0:
        out.append(int(_pop(heap, pos, act)))
    return out


@pytest.mark.parametrize("seed", range(20))
def test_heap_gives_the_most_active_lowest_first(seed):
    """Pushed, raised and taken out in any order, the heap gives the
    variables by activity, the higher first, ties to the lower variable
    (what the scan over all variables it replaces picks), and keeps
    ``pos`` true to where each variable is."""
    rng = np.random.default_rng(seed)
    n = int(rng.integers(1, 60))
    act = rng.integers(0, 5, n).astype(float)          # few values: many ties
    heap, pos = np.zeros(n + 1, np.int64), -np.ones(n, np.int64)
    for v in rng.permutation(n):
        _push(heap, pos, act, v)
    for v in rng.integers(0, n, 2 * n):                # bumps, as conflicts make them
        act[v] += float(rng.integers(0, 3))
        _up(heap, pos, act, v, pos[v])
    for i in range(heap[-1]):
        assert pos[heap[i]] == i
    got = _drain(heap, pos, act)
    assert got == sorted(range(n), key=lambda v: (-act[v], v))
    assert (pos == -1).all()


def test_heap_takes_back_what_left_it():
    """Variables taken out and pushed again (unassigned on a backjump) come
    out in order with the rest."""
    act = np.array([3.0, 1.0, 3.0, 2.0, 0.0])
    heap, pos = np.zeros(6, np.int64), -np.ones(5, np.int64)
    for v in range(5):
        _push(heap, pos, act, v)
    assert [_pop(heap, pos, act), _pop(heap, pos, act)] == [0, 2]
    act[0] = 5.0                                       # raised while out
    _push(heap, pos, act, 2)
    _push(heap, pos, act, 0)
    assert _drain(heap, pos, act) == [0, 2, 3, 1, 4]


@njit(cache=True)
def _no_kernel(assign, data, buf):
    """A genre with no rung beyond its clauses."""
    return 0, 0


def _clauses_only(n, clauses):
    return Learner(explain=_no_kernel, clauses=lambda p: flat(clauses), data=lambda p: (p,),
                   n_bools=lambda p: n, state_clauses=lambda s: flat([]),
                   state_of=lambda p, row: tuple(int(x) for x in row), row_of=None)


def _models(n, clauses):
    """Every assignment of ``n`` booleans that satisfies ``clauses``, by
    enumeration (a literal is ``2v`` for v true, ``2v + 1`` for v false)."""
    out = set()
    for bits in itertools.product((0, 1), repeat=n):
        if all(any(bits[x >> 1] != (x & 1) for x in c) for c in clauses):
            out.add(bits)
    return out


@pytest.mark.parametrize("seed", range(40))
def test_clauses_alone_count_every_model(seed):
    """A formula of clauses only, many of two literals (propagated from
    their lists, not watched): the learner finds each model once, and as
    many as enumeration does, with and without forgetting on the way."""
    rng = np.random.default_rng(seed)
    n = int(rng.integers(3, 11))
    clauses = []
    for _ in range(int(rng.integers(n, 4 * n))):
        size = int(rng.choice([1, 2, 2, 2, 3, 3, 4])) if rng.random() < 0.97 else 0
        vs = rng.choice(n, size=min(size, n), replace=False)
        clauses.append([int(2 * v + rng.integers(0, 2)) for v in vs])
    want = _models(n, clauses)
    for forget_after in (FORGET_AFTER, 2):
        got = learn_count(_clauses_only(n, clauses), np.zeros(1, np.int64), None,
                          limit=len(want) + 1, forget_after=forget_after)
        assert got.complete and got.count == len(want)
        assert set(got.solutions) == want
