"""The pin, link and block kernels against plain-Python twins: a direct
transcription of each rule, on random (also broken) states."""
import numpy as np
import pytest

from puzzlekit.numbrix import LADDER, Puzzle, initial_state, kernels as K
from puzzlekit.numbrix.generate import random_answer
from puzzlekit.numbrix.tables import bit_sets


def pin_twin(cand):
    """Pass after pass: a pinned value leaves the other cells; a value with one home is pinned."""
    n, changed = len(cand), False
    while True:
        moved = False
        for c in range(n):
            vals = np.flatnonzero(cand[c])
            if len(vals) == 0:
                return -1
            others = np.arange(n) != c
            if len(vals) == 1 and cand[others, vals[0]].any():
                cand[others, vals[0]] = False
                moved = True
        for k in range(n):
            homes = np.flatnonzero(cand[:, k])
            if len(homes) == 0:
                return -1
            if len(homes) == 1 and cand[homes[0]].sum() > 1:
                cand[homes[0]] = False
                cand[homes[0], k] = True
                moved = True
        if not moved:
            return 1 if changed else 0
        changed = True


def block_twin(cand):
    """Hall's condition on every window a..b, values' side then cells' side, as the rung states it:
    homes are read once at the start; a trimmed cell's bounds are updated on the values' side."""
    n = len(cand)
    if not cand.any(axis=1).all():
        return -1
    homes = [set(np.flatnonzero(cand[:, k])) for k in range(n)]
    lo = [int(np.flatnonzero(r).min()) for r in cand]
    hi = [int(np.flatnonzero(r).max()) for r in cand]
    changed = False
    for a in range(n):
        union = set()
        for b in range(a, n):
            union |= homes[b]
            size = b - a + 1
            if len(union) < size:
                return -1
            if len(union) == size < n:
                for c in sorted(union):
                    if lo[c] < a or hi[c] > b:
                        keep = cand[c, a:b + 1].copy()
                        changed |= bool(cand[c].sum() > keep.sum())
                        cand[c] = False
                        cand[c, a:b + 1] = keep
                        if not keep.any():
                            return -1
                        kept = np.flatnonzero(keep)
                        lo[c], hi[c] = a + int(kept.min()), a + int(kept.max())
    for a in range(n):
        for b in range(a, n):
            inside = [c for c in range(n) if lo[c] >= a and hi[c] <= b]
            size = b - a + 1
            if len(inside) > size:
                return -1
            if len(inside) == size < n:
                for c in range(n):
                    if (lo[c] < a or hi[c] > b) and cand[c, a:b + 1].any():
                        cand[c, a:b + 1] = False
                        changed = True
    return 1 if changed else 0


def _states(seed, count, max_side=6):
    """States met on the way: after some rungs, thinned at random, or with one cell assumed."""
    rng = np.random.default_rng(seed)
    for _ in range(count):
        h, w = int(rng.integers(1, max_side + 1)), int(rng.integers(1, max_side + 1))
        a = random_answer(h, w, rng)
        given = rng.choice(h * w, int(rng.integers(0, h * w)), replace=False)
        p = Puzzle.from_cells(h, w, a.grid.ravel(), given)
        s = initial_state(p)
        LADDER.fixpoint(s, int(rng.integers(0, 4)))
        yield s.cand.copy()
        thin = s.cand & (rng.random(s.cand.shape) > rng.uniform(0, 0.7))
        if rng.random() < 0.5:
            thin[np.arange(h * w), a.grid.ravel() - 1] = True
        yield thin
        c = s.cand.copy()
        cell = int(rng.integers(h * w))
        c[cell] = False
        c[cell, a.grid.ravel()[cell] - 1 if rng.random() < 0.5 else int(rng.integers(h * w))] = True
        yield c


@pytest.mark.parametrize("seed", range(3))
def test_pin_matches_its_twin(seed):
    for cand in _states(seed, 60):
        x, y = cand.copy(), cand.copy()
        r = K._pin_jit(x)
        assert r == pin_twin(y)
        if r != -1:
            assert np.array_equal(x, y)


@pytest.mark.parametrize("seed", range(3))
def test_block_matches_its_twin(seed):
    for cand in _states(100 + seed, 60):
        x, y = cand.copy(), cand.copy()
        assert K._block_jit(x) == block_twin(y)
        assert np.array_equal(x, y)


def test_block_sees_both_sides_on_a_wide_board():
    """Past 64 cells the kernel's bit sets span two words."""
    a = random_answer(9, 9, 5)
    s = initial_state(Puzzle.from_cells(9, 9, a.grid.ravel(), range(0, 81, 3)))
    LADDER.fixpoint(s, "link")
    x, y = s.cand.copy(), s.cand.copy()
    assert K._block_jit(x) == block_twin(y)
    assert np.array_equal(x, y)


def link_twin(cand, h, w):
    """Values upward, then downward: a home of v keeps a neighbour holding the value before it."""
    n, changed = len(cand), False
    near = [[r * w + cc for r, cc in ((i - 1, j), (i + 1, j), (i, j - 1), (i, j + 1))
             if 0 <= r < h and 0 <= cc < w] for i in range(h) for j in range(w)]
    for vs, step in ((range(1, n), -1), (range(n - 2, -1, -1), 1)):
        for v in vs:
            for c in np.flatnonzero(cand[:, v]):
                if not cand[near[c], v + step].any():
                    cand[c, v] = False
                    changed = True
            if not cand[:, v].any():
                return -1
    return 1 if changed else 0


def _link(cand, h, w):
    masks, home, near, packed, _, vals, buf = bit_sets(h, w)
    return K._link_jit(cand, masks, home, near, packed, vals, buf)


@pytest.mark.parametrize("seed", range(2))
def test_link_matches_its_twin(seed):
    for cand in _states(200 + seed, 60):
        n = len(cand)
        h = next(d for d in range(1, n + 1) if n % d == 0 and d * d >= n)   # some factorisation
        x, y = cand.copy(), cand.copy()
        assert _link(x, h, n // h) == link_twin(y, h, n // h)
        assert np.array_equal(x, y)


@pytest.mark.parametrize("h,w", [(9, 9), (5, 14), (1, 70), (11, 12)])
def test_link_and_bit_sets_past_one_word(h, w):
    """Past 64 cells the kernels read the state through packed rows and bit transposes."""
    a = random_answer(h, w, 3)
    s = initial_state(Puzzle.from_cells(h, w, a.grid.ravel(), range(0, h * w, 4)))
    LADDER.fixpoint(s, "pin")
    x, y = s.cand.copy(), s.cand.copy()
    assert _link(x, h, w) == link_twin(y, h, w)
    assert np.array_equal(x, y)
    rng = np.random.default_rng(h * w)
    cand = rng.random((h * w, h * w)) < 0.3
    masks, home, near, packed, _, vals, buf = bit_sets(h, w)
    K._homes_jit(cand, packed, vals, buf, home)

    def words(row):
        """A boolean row as 64-bit words, bit j of word i for item 64 i + j."""
        pad = np.zeros(vals.shape[1] * 64, dtype=np.uint64)
        pad[:len(row)] = row
        return (pad.reshape(-1, 64) << np.arange(64, dtype=np.uint64)).sum(axis=1, dtype=np.uint64)

    for k in range(h * w):
        assert np.array_equal(vals[k], words(cand[k]))      # cell k's values
        assert np.array_equal(home[k], words(cand[:, k]))   # value k's cells
