"""core.sat: each encoding accepts exactly what it should, checked by enumeration."""
import itertools

import pytest

from puzzlekit.core import sat


def _grid(h, w):
    adj = [[(r + dr) * w + c + dc for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
            if 0 <= r + dr < h and 0 <= c + dc < w] for r in range(h) for c in range(w)]
    edges = [(a, b) for a in range(h * w) for b in adj[a] if a < b]
    return adj, edges


def _connected(S, adj):
    if not S:
        return False
    seen, stack = {min(S)}, [min(S)]
    while stack:
        for u in adj[stack.pop()]:
            if u in S and u not in seen:
                seen.add(u)
                stack.append(u)
    return seen == S


@pytest.mark.parametrize("h, w", [(1, 1), (1, 4), (2, 3), (3, 3)])
def test_connected_subsets_match_enumeration(h, w):
    adj, _ = _grid(h, w)
    n = h * w
    m = sat.new_model()
    x = [m.NewBoolVar(f"x{i}") for i in range(n)]
    sat.connected(m, x, adj)
    got = sat.count(m, x, limit=10 ** 6)
    want = sum(_connected({i for i in range(n) if s >> i & 1}, adj) for s in range(1, 1 << n))
    assert not got.capped and got.count == want


@pytest.mark.parametrize("h, w", [(1, 1), (1, 4), (2, 3), (3, 3)])
def test_lazy_connected_counts_the_same_subsets(h, w):
    """Cuts added as answers are offered: every connected subset counted once,
    no disconnected one (the empty set is ruled out in the model)."""
    adj, _ = _grid(h, w)
    n = h * w
    nbrs = [a + [-1] * (4 - len(a)) for a in adj]
    m = sat.new_model()
    x = [m.NewBoolVar(f"x{i}") for i in range(n)]
    m.AddBoolOr(x)
    got = sat.count(m, x, limit=10 ** 6, refute=sat.lazy_connected(x, nbrs),
                    decode=lambda value: frozenset(i for i in range(n) if value(x[i])))
    want = {frozenset(i for i in range(n) if s >> i & 1) for s in range(1, 1 << n)}
    want = {S for S in want if _connected(set(S), adj)}
    assert not got.capped and set(got.solutions) == want and got.count == len(want)


def test_connected_may_allow_the_empty_set():
    adj, _ = _grid(2, 2)
    m = sat.new_model()
    x = [m.NewBoolVar(f"x{i}") for i in range(4)]
    sat.connected(m, x, adj, nonempty=False)
    assert sat.count(m, x, limit=100).count == 13 + 1       # 13 connected sets and none


def _cycles(h, w):
    """Simple cycles of the grid graph, by brute force over edge subsets."""
    adj, edges = _grid(h, w)
    n = 0
    for k in range(4, len(edges) + 1):
        for sub in itertools.combinations(range(len(edges)), k):
            deg = [0] * (h * w)
            for e in sub:
                a, b = edges[e]
                deg[a] += 1
                deg[b] += 1
            if any(d not in (0, 2) for d in deg):
                continue
            nodes = {v for v in range(h * w) if deg[v]}
            ladj = [[b if a == v else a for a, b in (edges[e] for e in sub) if v in (a, b)]
                    for v in range(h * w)]
            n += _connected(nodes, ladj)
    return n


@pytest.mark.parametrize("h, w", [(2, 2), (2, 3), (3, 3)])
def test_single_cycle_counts_simple_cycles(h, w):
    adj, edges = _grid(h, w)
    m = sat.new_model()
    on = [m.NewBoolVar("") for _ in range(h * w)]
    oe = [m.NewBoolVar("") for _ in edges]
    sat.single_cycle(m, on, oe, edges)
    assert sat.count(m, oe, limit=10 ** 6).count == _cycles(h, w)


@pytest.mark.parametrize("h, w, paths", [(1, 3, 1), (2, 2, 4), (2, 3, 8), (3, 3, 20)])
def test_single_path_counts_hamiltonian_paths(h, w, paths):
    """Undirected Hamiltonian paths (half of OEIS A096969's directed counts)."""
    adj, edges = _grid(h, w)
    m = sat.new_model()
    on = [m.NewBoolVar("") for _ in range(h * w)]
    oe = [m.NewBoolVar("") for _ in edges]
    for v in on:
        m.Add(v == 1)
    sat.single_path(m, on, oe, edges)
    assert sat.count(m, oe, limit=10 ** 6).count == paths


def test_time_limit_is_a_cap_not_a_count():
    adj, edges = _grid(6, 6)
    m = sat.new_model()
    on = [m.NewBoolVar("") for _ in range(36)]
    oe = [m.NewBoolVar("") for _ in edges]
    sat.single_cycle(m, on, oe, edges)
    r = sat.count(m, oe, limit=10 ** 9, time_limit=0.5)
    assert r.capped and r.status in ("capped", "multiple")
