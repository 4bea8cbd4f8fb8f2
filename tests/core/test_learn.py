"""The clause learner's branching heap: the order a scan would give."""
import numpy as np
import pytest

from puzzlekit.core.learn import _pop, _push, _up


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
