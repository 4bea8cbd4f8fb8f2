"""The fast kernels against their plain twins: pole's queue against plain
sweeps, gac's line programmes against each other, and gac's shared memory
(snapshots, remembered outcomes) against a fresh one for every call."""
import numpy as np
import pytest

from puzzlekit.magnets import SPEC, kernels, ladder, lines, tables
from puzzlekit.magnets.generate import sample


def _random_board(rng):
    """A random small board of 1 to 7 rows and columns."""
    return SPEC.random_small(rng, int(rng.integers(1, 8)), int(rng.integers(1, 8)))


def _boards(seed, k=40):
    rng = np.random.default_rng(seed)
    out = [_random_board(rng) for _ in range(k)]
    return rng, out


def _narrow(rng, cells, frac):
    cells[rng.random(cells.shape) < frac] = False
    for c in rng.choice(cells.shape[0], size=int(rng.integers(0, 3))):
        opts = np.flatnonzero(cells[c])
        if len(opts):
            k = rng.choice(opts)
            cells[c] = False
            cells[c, k] = True


@pytest.mark.parametrize("seed", range(4))
def test_pole_queue_equals_plain_sweeps(seed):
    """Same cells and status, contradictions included, on random states and
    on sequences of narrowings of the last output (the queue's seeded path)."""
    rng, boards = _boards(seed)
    for p in boards:
        ct = tables.kernel_tables(p)[0]
        cur = ladder.initial_state(p).cells.copy()
        _narrow(rng, cur, 0.2)
        for step in range(8):
            a, b = cur.copy(), cur.copy()
            ra = kernels._pole_scan_jit(a, ct)
            rb = kernels._pole_jit(b, ct)
            assert ra[0] == rb[0]
            assert np.array_equal(a, b)
            assert not ct[:, 9].any()
            if ra[0] < 0 or rng.random() < 0.2:
                cur = ladder.initial_state(p).cells.copy()
                _narrow(rng, cur, rng.choice([0.0, 0.2, 0.4]))
            else:
                cur = a
                _narrow(rng, cur, 0.05)


@pytest.mark.parametrize("seed", range(3))
def test_gac_line_programmes_agree(seed):
    """The one-word, word-row and dense programmes: same verdict, supports
    and number of complete assignments on every line."""
    rng = np.random.default_rng(seed)
    boards = [_random_board(rng) for _ in range(30)]
    boards.append(sample(12, 12, seed=seed)[0])
    for p in boards:
        ct, lt, U, F = tables.kernel_tables(p)
        W2 = lt.shape[1] - 3
        W = W2 // 2
        B = (U.size - 4 * W) // (6 * W)
        A = (F.size - 384) // (6 * B)
        fw = U[4 * W:4 * W + 3 * W * B].reshape((W, 3, B))
        bw = U[4 * W + 3 * W * B:].reshape((W, 3, B))
        cnt = F[384:].reshape((2, 3, B, A))
        for t in range(6):
            cells = ladder.initial_state(p).cells.copy()
            _narrow(rng, cells, rng.choice([0.0, 0.1, 0.3]))
            for line in range(lt.shape[0]):
                n, P, M = lt[line, W2], lt[line, W2 + 1], lt[line, W2 + 2]
                sup = np.zeros(W, np.uint64)
                want = lines._gac_dense_jit(cells, ct, lt, line, n, P, M, sup)
                want_sup = sup[:n].copy()
                if P < 63 and M < 63 and P < A and M < B:
                    got = lines._gac_bits_jit(cells, ct, lt, line, n, P, M, fw, bw, cnt, sup)
                    assert got == want
                    if want[0]:
                        assert np.array_equal(sup[:n], want_sup)
                if P < 63 and (P + 1 if P >= 0 else 1) * (M + 1 if M >= 0 else 1) <= 64:
                    opened = bool((cells[lt[line, :n]].sum(axis=1) > 1).any())
                    got = lines._gac_word_jit(cells, ct, lt, line, n, P, M, U, F, opened)
                    assert got == want
                    if want[0]:
                        assert np.array_equal(U[:n], want_sup)
                    assert not F[:384].any()


@pytest.mark.parametrize("seed", range(3))
def test_gac_shared_memory_is_exact(seed):
    """Snapshots and remembered outcomes shared by a run of unrelated and
    narrowed states give the cells and status of a fresh memory."""
    rng, boards = _boards(100 + seed, 30)
    for p in boards:
        ct, lt, U, F = tables.kernel_tables(p)
        snap, memo = tables._fresh_snap(p), tables._fresh_memo(p)
        states = []
        for t in range(5):
            cells = ladder.initial_state(p).cells.copy()
            _narrow(rng, cells, rng.choice([0.0, 0.1, 0.3]))
            states.append(cells)
        for rnd in range(2):
            for st in states:
                cur = st.copy()
                for step in range(3):
                    a, b = cur.copy(), cur.copy()
                    fresh_snap, fresh_memo = tables._fresh_snap(p), tables._fresh_memo(p)
                    ra = lines._gac_jit(a, ct, lt, fresh_snap, U, F, fresh_memo)
                    rb = lines._gac_jit(b, ct, lt, snap, U, F, memo)
                    assert ra[0] == rb[0]
                    assert np.array_equal(a, b)
                    if ra[0] < 0:
                        break
                    cur = a
                    _narrow(rng, cur, 0.03)
