"""The rung kernels skip steps their saved flags vouch for: a call must give
the same bits and status as a call that evaluates every step (all flags
cleared), whatever the kernels were run on before."""
import numpy as np
import pytest

from puzzlekit.country_road import ladder as L
from puzzlekit.country_road.generate import random_small


def _pool(p, rng):
    """Start states, fixpoints at every level and trial-like states."""
    d = L.data(p)
    fixpoint = L.KERNELS.loops()[0]
    out = []
    for top in range(4):
        s = L.initial_state(p)
        out.append(s.bits.copy())
        fixpoint(d, s.bits, s.offsets, np.arange(top + 1, dtype=np.int64),
                 False, s.n_vars, np.zeros(5, dtype=np.int64), 4)
        out.append(s.bits.copy())
    for _ in range(12):
        b = out[int(rng.integers(len(out)))].copy()
        nv = len(b) // 2
        for v in rng.choice(nv, size=int(rng.integers(1, nv // 3 + 2)), replace=False):
            if b[2 * v] and b[2 * v + 1]:
                b[2 * v + int(rng.integers(2))] = False
        out.append(b)
    return out


@pytest.mark.parametrize("seed", range(25))
def test_saved_flags_never_change_a_call(seed):
    rng = np.random.default_rng(seed)
    h, w = int(rng.integers(2, 7)), int(rng.integers(2, 7))
    p = random_small(rng, h, w)
    d = L.data(p)
    pool = _pool(p, rng)
    for _ in range(80):
        i = int(rng.integers(4))
        x = pool[int(rng.integers(len(pool)))]
        cold_d = tuple(a.copy() for a in d)
        cold_d[1][:] = False                        # every flag cleared: every step runs
        cold = x.copy()
        r_cold = L._apply_jit(i, cold, cold_d, np.zeros(5, dtype=np.int64))
        for _ in range(2):                          # twice: the flags a call leaves
            warm = x.copy()
            r_warm = L._apply_jit(i, warm, d, np.zeros(5, dtype=np.int64))
            assert r_warm == r_cold and np.array_equal(warm, cold)
        if rng.random() < 0.5:
            pool.append(warm)                       # follow the chain, as the loop does
