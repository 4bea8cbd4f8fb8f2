"""Graph kernels on neighbour tables: components, reachability, cut vertices.

A graph is an ``(n, d)`` int32 neighbour table padded with -1 (as
:attr:`puzzlekit.core.grid.Grid.nbrs`) and a boolean ``mask`` of the vertices
that exist.  Each public function validates and fixes dtypes, then calls a
numba kernel at the bottom of this module.
"""
from __future__ import annotations

import numpy as np
from numba import njit

__all__ = ["components", "reachable", "articulation_points", "is_connected", "bridges",
           "bridges_jit", "one_region", "one_region_jit", "cut_dfs_jit"]


def _prep(nbrs, mask):
    nbrs = np.ascontiguousarray(nbrs, dtype=np.int32)
    if nbrs.ndim != 2:
        raise ValueError("nbrs must be an (n, d) table")
    if mask is None:
        mask = np.ones(len(nbrs), dtype=np.bool_)
    mask = np.ascontiguousarray(mask, dtype=np.bool_).ravel()
    if mask.shape[0] != nbrs.shape[0]:
        raise ValueError(f"mask has {mask.shape[0]} entries for {nbrs.shape[0]} vertices")
    return nbrs, mask


def components(nbrs, mask=None) -> tuple[np.ndarray, int]:
    """Label connected components of the masked subgraph.

    Returns ``(labels, k)``: labels 0..k-1 in order of lowest vertex, -1 off
    the mask.

    >>> from puzzlekit.core.grid import Grid
    >>> lab, k = components(Grid(1, 4).nbrs, [1, 0, 1, 1])
    >>> lab.tolist(), k
    ([0, -1, 1, 1], 2)
    """
    nbrs, mask = _prep(nbrs, mask)
    labels = np.empty(len(nbrs), dtype=np.int32)
    k = _components_jit(nbrs, mask, labels)
    return labels, int(k)


def is_connected(nbrs, mask=None) -> bool:
    """True when the masked vertices form one component (or none)."""
    return components(nbrs, mask)[1] <= 1


def reachable(nbrs, mask, seeds) -> np.ndarray:
    """Masked vertices reachable from ``seeds`` (masked seeds only) within the mask.

    >>> from puzzlekit.core.grid import Grid
    >>> reachable(Grid(1, 4).nbrs, [1, 0, 1, 1], [3]).tolist()
    [False, False, True, True]
    """
    nbrs, mask = _prep(nbrs, mask)
    seeds = np.atleast_1d(np.asarray(seeds))
    if seeds.dtype == np.bool_:
        seeds = np.flatnonzero(seeds)
    seeds = np.ascontiguousarray(seeds, dtype=np.int64)
    out = np.zeros(len(nbrs), dtype=np.bool_)
    _reach_jit(nbrs, mask, seeds, out)
    return out


def articulation_points(nbrs, mask=None) -> np.ndarray:
    """Cut vertices of the masked subgraph (one iterative lowlink DFS).

    A vertex is a cut vertex when removing it splits its component.

    >>> from puzzlekit.core.grid import Grid
    >>> articulation_points(Grid(1, 4).nbrs).tolist()
    [False, True, True, False]
    """
    nbrs, mask = _prep(nbrs, mask)
    out = np.zeros(len(nbrs), dtype=np.bool_)
    _articulation_jit(nbrs, mask, out)
    return out


def one_region(nbrs, may, must):
    """What "the ``must`` vertices and some of the ``may`` ones form one
    connected region" implies: ``(ok, keep, cut)``.

    ``ok`` is False when two ``must`` vertices lie in different components
    of ``may`` (or a ``must`` vertex is not in ``may``).  Otherwise ``keep``
    is the component of ``may`` holding the ``must`` vertices (a vertex
    outside it can never join the region), and ``cut`` the ``may`` vertices,
    not ``must`` themselves, whose removal would separate two ``must``
    vertices (the region needs them).  With no ``must`` vertex nothing
    follows: ``keep`` is ``may`` and ``cut`` is empty.  The connectivity rung
    of every genre with a "one connected region" rule (numbers, unshaded
    cells, a park, a creek) is this call on its state.

    >>> from puzzlekit.core.grid import Grid
    >>> may = [True, True, True, False, True]
    >>> ok, keep, cut = one_region(Grid(1, 5).nbrs, may, [True, False, True, False, False])
    >>> ok, keep.tolist(), cut.tolist()
    (True, [True, True, True, False, False], [False, True, False, False, False])
    >>> one_region(Grid(1, 5).nbrs, may, [True, False, False, False, True])[0]
    False
    """
    nbrs, may = _prep(nbrs, may)
    must = np.ascontiguousarray(must, dtype=np.bool_).ravel()
    keep = np.zeros(len(nbrs), dtype=np.bool_)
    cut = np.zeros(len(nbrs), dtype=np.bool_)
    ok = one_region_jit(nbrs, may, must, keep, cut) >= 0
    return ok, keep, cut


def bridges(nbrs, cell_edges, edge_mask) -> tuple[np.ndarray, int]:
    """Bridges of the graph whose edges are those with ``edge_mask`` True.

    ``cell_edges`` is aligned with ``nbrs`` (as :attr:`Grid.cell_edges`).
    Returns ``(is_bridge, k)`` with ``k`` the number of components, counting
    every vertex (an isolated vertex is a component).

    >>> from puzzlekit.core.grid import Grid
    >>> g = Grid(2, 2)
    >>> br, k = bridges(g.nbrs, g.cell_edges, [True, False, True, True])
    >>> br.tolist(), k
    ([True, False, True, True], 1)
    """
    nbrs = np.ascontiguousarray(nbrs, dtype=np.int32)
    cell_edges = np.ascontiguousarray(cell_edges, dtype=np.int32)
    edge_mask = np.ascontiguousarray(edge_mask, dtype=np.bool_).ravel()
    if cell_edges.shape != nbrs.shape:
        raise ValueError("cell_edges must be aligned with nbrs")
    out = np.zeros(edge_mask.shape[0], dtype=np.bool_)
    k = bridges_jit(nbrs, cell_edges, edge_mask, out)
    return out, int(k)


@njit(cache=True)
def _components_jit(nbrs, mask, labels):
    n = nbrs.shape[0]
    labels[:] = -1
    stack = np.empty(n, dtype=np.int32)
    k = 0
    for s in range(n):
        if not mask[s] or labels[s] >= 0:
            continue
        labels[s] = k
        top = 0
        stack[0] = s
        top = 1
        while top > 0:
            top -= 1
            v = stack[top]
            for d in range(nbrs.shape[1]):
                u = nbrs[v, d]
                if u >= 0 and mask[u] and labels[u] < 0:
                    labels[u] = k
                    stack[top] = u
                    top += 1
        k += 1
    return k


@njit(cache=True)
def _reach_jit(nbrs, mask, seeds, out):
    n = nbrs.shape[0]
    stack = np.empty(n, dtype=np.int32)
    top = 0
    for s in seeds:
        if 0 <= s < n and mask[s] and not out[s]:
            out[s] = True
            stack[top] = s
            top += 1
    while top > 0:
        top -= 1
        v = stack[top]
        for d in range(nbrs.shape[1]):
            u = nbrs[v, d]
            if u >= 0 and mask[u] and not out[u]:
                out[u] = True
                stack[top] = u
                top += 1


@njit(cache=True)
def _articulation_jit(nbrs, mask, out):
    """One :func:`cut_dfs_jit` a component: a vertex other than the root is
    a cut vertex when a child subtree hangs from it alone, the root when it
    has two children."""
    n = nbrs.shape[0]
    disc = np.full(n, -1, dtype=np.int32)
    parent = np.full(n, -1, dtype=np.int32)
    it = np.zeros(n, dtype=np.int32)
    none = np.zeros(n, dtype=np.bool_)
    cut = np.zeros(n, dtype=np.int8)
    low = np.empty(n, dtype=np.int32)
    held = np.empty(n, dtype=np.int32)
    stack = np.empty(n, dtype=np.int32)
    for root in range(n):
        if not mask[root] or disc[root] >= 0:
            continue
        cut_dfs_jit(nbrs, mask, none, root, disc, low, parent, it, held, stack, cut)
        children = 0
        for j in range(nbrs.shape[1]):
            u = nbrs[root, j]
            if u >= 0 and mask[u] and parent[u] == root:
                again = False                    # a row may list a vertex twice
                for i in range(j):
                    again |= nbrs[root, i] == u
                children += not again
        out[root] = children > 1
    for v in range(n):
        if cut[v] and parent[v] >= 0:
            out[v] = True


@njit(cache=True)
def bridges_jit(nbrs, cedges, emask, out):
    """Mark in ``out`` the bridges among the edges with ``emask`` True; return the
    number of connected components (every vertex counts).  Callable from other
    kernels."""
    n = nbrs.shape[0]
    disc = np.full(n, -1, dtype=np.int64)
    low = np.zeros(n, dtype=np.int64)
    pedge = np.full(n, -1, dtype=np.int64)
    it = np.zeros(n, dtype=np.int64)
    stack = np.empty(n, dtype=np.int64)
    t = 0
    comps = 0
    for root in range(n):
        if disc[root] >= 0:
            continue
        comps += 1
        disc[root] = t
        low[root] = t
        t += 1
        stack[0] = root
        top = 1
        while top > 0:
            v = stack[top - 1]
            if it[v] < nbrs.shape[1]:
                d = it[v]
                it[v] += 1
                u = nbrs[v, d]
                e = cedges[v, d]
                if u < 0 or not emask[e] or e == pedge[v]:
                    continue
                if disc[u] < 0:
                    disc[u] = t
                    low[u] = t
                    t += 1
                    pedge[u] = e
                    stack[top] = u
                    top += 1
                elif disc[u] < low[v]:
                    low[v] = disc[u]
            else:
                top -= 1
                if top > 0:
                    p = stack[top - 1]
                    if low[v] < low[p]:
                        low[p] = low[v]
                    if low[v] > disc[p]:
                        out[pedge[v]] = True
    return comps


@njit(cache=True)
def one_region_jit(nbrs, may, must, keep, cut):
    """Kernel of :func:`one_region`: fills ``keep`` and ``cut`` (zeroed by
    the caller); returns -1 when the ``must`` vertices cannot be joined,
    else the number of ``must`` vertices.  One lowlink DFS from a ``must``
    vertex (:func:`cut_dfs_jit`): ``p`` is needed when a child subtree that
    only ``p`` joins to the rest holds a ``must`` vertex (the DFS root side
    always holds one, the root itself)."""
    n = nbrs.shape[0]
    root = -1
    n_must = 0
    for v in range(n):
        if must[v]:
            if not may[v]:
                return -1
            n_must += 1
            if root < 0:
                root = v
    if root < 0:
        for v in range(n):
            keep[v] = may[v]
        return 0
    disc = np.full(n, -1, dtype=np.int32)
    flags = np.zeros(n, dtype=np.int8)
    reached = cut_dfs_jit(nbrs, may, must, root, disc, np.zeros(n, dtype=np.int32),
                          np.empty(n, dtype=np.int32), np.zeros(n, dtype=np.int32),
                          np.empty(n, dtype=np.int32), np.empty(n, dtype=np.int32), flags)
    for v in range(n):
        keep[v] = disc[v] >= 0
        if flags[v] == 2 and not must[v]:
            cut[v] = True
    if reached < n_must:
        return -1
    return n_must


@njit(cache=True)
def cut_dfs_jit(nbrs, may, must, root, disc, low, parent, it, held, stack, cut):
    """One iterative lowlink DFS over the vertices ``may`` marks, from
    ``root`` (a ``may`` vertex), for the kernels that join ``must`` vertices
    through ``may`` ones.  The caller sets ``disc`` to -1 and ``it`` to 0 at
    every ``may`` vertex; the other arrays are written before they are read.
    Afterwards ``disc[v] >= 0`` marks the vertices reached, ``held[v]``
    counts the ``must`` vertices of ``v``'s DFS subtree, and ``cut[p]`` is
    raised (never lowered) to 1 where a child subtree hangs from ``p``
    alone, to 2 where such a subtree holds a ``must`` vertex.  Returns
    ``held[root]``, the ``must`` vertices reached."""
    deg = nbrs.shape[1]
    disc[root] = 0
    low[root] = 0
    parent[root] = -1
    held[root] = 1 if must[root] else 0
    stack[0] = root
    top = 1
    t = 1
    while top > 0:
        v = stack[top - 1]
        if it[v] < deg:
            u = nbrs[v, it[v]]
            it[v] += 1
            if u < 0 or not may[u]:
                continue
            if disc[u] < 0:
                parent[u] = v
                disc[u] = t
                low[u] = t
                t += 1
                held[u] = 1 if must[u] else 0
                stack[top] = u
                top += 1
            elif u != parent[v] and disc[u] < low[v]:
                low[v] = disc[u]
            continue
        top -= 1
        p = parent[v]
        if p < 0:
            continue
        if low[v] < low[p]:
            low[p] = low[v]
        held[p] += held[v]
        if low[v] >= disc[p]:
            if held[v] > 0:
                cut[p] = 2
            elif cut[p] == 0:
                cut[p] = 1
    return held[root]

