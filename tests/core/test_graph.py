"""Graph kernels against plain-Python references on random graphs and masks."""
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st
from numba import njit

from puzzlekit.core._nb import gather8, live_mask, lowbit64, popcount64, words
from puzzlekit.core.graph import articulation_points, bridges, components, is_connected, reachable
from puzzlekit.core.grid import Grid


def _ref_components(nbrs, mask):
    n = len(nbrs)
    lab = [-1] * n
    k = 0
    for s in range(n):
        if not mask[s] or lab[s] >= 0:
            continue
        lab[s] = k
        todo = [s]
        while todo:
            v = todo.pop()
            for u in nbrs[v]:
                if u >= 0 and mask[u] and lab[u] < 0:
                    lab[u] = k
                    todo.append(u)
        k += 1
    return lab, k


def _ref_cut_vertices(nbrs, mask):
    _, k0 = _ref_components(nbrs, mask)
    out = []
    for v in range(len(nbrs)):
        if not mask[v]:
            out.append(False)
            continue
        m = list(mask)
        m[v] = False
        _, k1 = _ref_components(nbrs, m)
        # removing v splits its component when the count grows (an isolated
        # vertex's component vanishes instead: k1 == k0 - 1)
        out.append(k1 > k0)
    return out


def _random_graph(rng, n, d):
    """A random undirected graph as a padded neighbour table."""
    adj = [set() for _ in range(n)]
    for _ in range(int(n * d / 2)):
        a, b = rng.integers(n, size=2)
        if a != b and len(adj[a]) < d and len(adj[b]) < d:
            adj[a].add(int(b))
            adj[b].add(int(a))
    t = np.full((n, d), -1, dtype=np.int32)
    for v in range(n):
        for i, u in enumerate(sorted(adj[v])):
            t[v, i] = u
    return t


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 30), st.integers(1, 5), st.floats(0.3, 1.0))
def test_kernels_match_reference_on_random_graphs(seed, n, d, density):
    rng = np.random.default_rng(seed)
    nbrs = _random_graph(rng, n, d)
    mask = rng.random(n) < density
    lab, k = components(nbrs, mask)
    rlab, rk = _ref_components(nbrs, mask)
    assert k == rk and lab.tolist() == rlab
    assert articulation_points(nbrs, mask).tolist() == _ref_cut_vertices(nbrs, mask)
    seeds = np.flatnonzero(mask)[:2]
    reach = reachable(nbrs, mask, seeds)
    want = [bool(mask[v]) and any(lab[v] == lab[s] for s in seeds) for v in range(n)]
    assert reach.tolist() == want


@pytest.mark.parametrize("h,w", [(1, 1), (2, 3), (4, 4), (3, 7)])
def test_grid_masks(h, w):
    g = Grid(h, w)
    rng = np.random.default_rng(h * 10 + w)
    for _ in range(20):
        mask = rng.random(g.n) < 0.7
        assert articulation_points(g.nbrs, mask).tolist() == _ref_cut_vertices(g.nbrs, mask)
        assert is_connected(g.nbrs, mask) == (_ref_components(g.nbrs, mask)[1] <= 1)


def test_kernels_take_any_int_dtype_and_bool_seeds():
    g = Grid(2, 2)
    lab, k = components(g.nbrs.astype(np.int64), np.array([1, 0, 0, 1]))
    assert k == 2 and lab.tolist() == [0, -1, -1, 1]
    assert reachable(g.nbrs, None, np.array([True, False, False, False])).all()
    with pytest.raises(ValueError, match="mask"):
        components(g.nbrs, [1, 1])


def _ref_edge_components(g, emask):
    parent = list(range(g.n))

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for e, (a, b) in enumerate(g.edges):
        if emask[e]:
            parent[find(int(a))] = find(int(b))
    return len({find(v) for v in range(g.n)})


@pytest.mark.parametrize("h,w", [(1, 2), (2, 2), (3, 4), (5, 3), (6, 6)])
def test_bridges_match_reference(h, w):
    g = Grid(h, w)
    rng = np.random.default_rng(h * 31 + w)
    for _ in range(25):
        emask = rng.random(g.n_edges) < rng.uniform(0.3, 1.0)
        br, k = bridges(g.nbrs, g.cell_edges, emask)
        k0 = _ref_edge_components(g, emask)
        assert k == k0
        for e in range(g.n_edges):
            if emask[e]:
                m = emask.copy()
                m[e] = False
                assert br[e] == (_ref_edge_components(g, m) > k0)
            else:
                assert not br[e]


def _one_region_by_removal(g, may, must):
    """Reference: the component of the first must vertex, and each vertex's
    removal tried in turn."""
    from puzzlekit.core.graph import components
    idx = np.flatnonzero(must)
    if len(idx) == 0:
        return True, may.copy(), np.zeros_like(may)
    if not may[idx].all():
        return False, None, None
    lab, _ = components(g.nbrs, may)
    ok = len(set(lab[idx].tolist())) == 1
    keep = may & (lab == lab[idx[0]])
    cut = np.zeros_like(may)
    for v in np.flatnonzero(keep & ~must):
        m = may.copy()
        m[v] = False
        lab2, _ = components(g.nbrs, m)
        cut[v] = len(set(lab2[idx].tolist())) > 1
    return ok, keep, cut


def test_one_region_matches_removal_on_random_masks():
    from puzzlekit.core.graph import one_region
    rng = np.random.default_rng(7)
    seen = {"ok": 0, "split": 0, "cut": 0}
    for _ in range(400):
        h, w = rng.integers(1, 7, size=2)
        g = Grid(int(h), int(w))
        may = rng.random(g.n) < rng.uniform(0.4, 1.0)
        must = may & (rng.random(g.n) < rng.uniform(0.0, 0.4))
        if rng.random() < 0.1 and g.n:
            must[rng.integers(g.n)] = True          # sometimes a must outside may
        ok, keep, cut = one_region(g.nbrs, may, must)
        rok, rkeep, rcut = _one_region_by_removal(g, may, must)
        assert ok == rok
        if ok:
            assert keep.tolist() == rkeep.tolist() and cut.tolist() == rcut.tolist()
            seen["ok"] += 1
            seen["cut"] += int(cut.any())
        else:
            seen["split"] += 1
    assert all(seen.values()), seen


def test_bit_helpers_count_and_find_bits_as_python_does():
    @njit
    def both(xs, out):
        for i in range(xs.size):
            out[i, 0] = popcount64(xs[i])
            out[i, 1] = lowbit64(xs[i])

    rng = np.random.default_rng(11)
    shift = rng.integers(0, 2, size=300).astype(np.uint64)       # reach the top bit too
    xs = np.concatenate([rng.integers(0, 2**63, size=300, dtype=np.uint64) << shift,
                         np.uint64(1) << np.arange(64, dtype=np.uint64),
                         np.array([0, 2**64 - 1], dtype=np.uint64)])
    out = np.zeros((xs.size, 2), dtype=np.int64)
    both(xs, out)
    want = [(bin(int(x)).count("1"), (int(x) & -int(x)).bit_length() - 1 if x else 64) for x in xs]
    assert out.tolist() == [list(w) for w in want]


def test_word_helpers_read_bools_as_python_does():
    @njit
    def masks(bits, spans, out):
        x = words(bits)
        for i in range(spans.shape[0]):
            out[i] = live_mask(bits, x, spans[i, 0], spans[i, 1])

    @njit
    def gathered(ws, out):
        for i in range(ws.size):
            out[i] = gather8(ws[i])

    rng = np.random.default_rng(12)
    for n in (1, 7, 8, 9, 63, 64, 65, 200):                   # a short tail, none, long arrays
        bits = rng.random(n) < rng.random()
        a = rng.integers(0, n, size=200)
        b = np.minimum(n, a + 1 + rng.integers(0, 57, size=200))
        spans = np.stack([a, b], axis=1)
        out = np.zeros(len(spans), dtype=np.uint64)
        masks(bits, spans, out)
        want = [sum(1 << i for i in range(hi - lo) if bits[lo + i]) for lo, hi in spans.tolist()]
        assert [int(m) for m in out] == want
    bytes01 = (rng.random((300, 8)) < 0.5).astype(np.uint8)
    ws = bytes01.copy().view(np.uint64).ravel()
    out = np.zeros(ws.size, dtype=np.uint64)
    gathered(ws, out)
    assert [int(g) for g in out] == [sum(int(v) << i for i, v in enumerate(row)) for row in bytes01]
