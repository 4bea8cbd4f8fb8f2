"""Grid geometry: cells, edges, corners, neighbour tables and regions.

Cells are numbered row-major, ``i = r * w + c``.  Neighbour tables are
``(n, 4)`` int32 arrays in the order up, right, down, left, padded with -1,
which is the layout every graph kernel in :mod:`puzzlekit.core.graph` takes.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np
from numba import njit

from .referee import InputError

__all__ = ["Grid", "GridPuzzle", "RegionPuzzle", "DIRS", "regions", "region_adjacency",
           "region_borders", "region_grid", "relabel", "cell_groups", "ray", "grow_regions",
           "flood_jit", "joined_jit"]

DIRS = ((-1, 0), (0, 1), (1, 0), (0, -1))


class Grid:
    """An ``h`` by ``w`` grid of cells.

    Examples
    --------
    >>> g = Grid(2, 3)
    >>> g.n, g.index(1, 2), g.rc(4)
    (6, 5, (1, 1))
    >>> g.nbrs[0].tolist(), int(g.n_edges)
    ([-1, 1, 3, -1], 7)
    """

    def __init__(self, h: int, w: int):
        if h < 1 or w < 1:
            raise ValueError(f"grid size must be positive, got {h}x{w}")
        self.h, self.w = int(h), int(w)
        self.n = self.h * self.w

    def __repr__(self):
        return f"Grid({self.h}, {self.w})"

    def __eq__(self, other):
        return isinstance(other, Grid) and (self.h, self.w) == (other.h, other.w)

    def __hash__(self):
        return hash((self.h, self.w))

    def index(self, r: int, c: int) -> int:
        return r * self.w + c

    def rc(self, i: int) -> tuple[int, int]:
        return divmod(int(i), self.w)

    def inside(self, r: int, c: int) -> bool:
        return 0 <= r < self.h and 0 <= c < self.w

    @cached_property
    def nbrs(self) -> np.ndarray:
        """``(n, 4)`` neighbour table (up, right, down, left), -1 off the grid."""
        h, w = self.h, self.w
        i = np.arange(self.n, dtype=np.int32).reshape(h, w)
        out = np.full((h, w, 4), -1, dtype=np.int32)
        out[1:, :, 0] = i[:-1]
        out[:, :-1, 1] = i[:, 1:]
        out[:-1, :, 2] = i[1:]
        out[:, 1:, 3] = i[:, :-1]
        return out.reshape(self.n, 4)

    @cached_property
    def degree(self) -> np.ndarray:
        return (self.nbrs >= 0).sum(axis=1).astype(np.int32)

    @cached_property
    def edges(self) -> np.ndarray:
        """``(m, 2)`` cell pairs: horizontal edges row by row, then vertical."""
        i = np.arange(self.n, dtype=np.int32)
        hor = i[i % self.w < self.w - 1]
        ver = i[: self.n - self.w]
        return np.concatenate([np.stack([hor, hor + 1], axis=1),
                               np.stack([ver, ver + self.w], axis=1)]).astype(np.int32)

    @property
    def n_edges(self) -> int:
        return len(self.edges)

    @cached_property
    def cell_edges(self) -> np.ndarray:
        """``(n, 4)`` edge ids aligned with :attr:`nbrs`, -1 where none
        (horizontal edge of cell ``(r, c)`` to its right: ``r (w - 1) + c``;
        vertical edge below it: ``h (w - 1) + r w + c``)."""
        h, w = self.h, self.w
        r, c = np.divmod(np.arange(self.n, dtype=np.int32), w)
        ver = h * (w - 1)
        return np.stack([np.where(r > 0, ver + (r - 1) * w + c, -1),
                         np.where(c < w - 1, r * (w - 1) + c, -1),
                         np.where(r < h - 1, ver + r * w + c, -1),
                         np.where(c > 0, r * (w - 1) + c - 1, -1)], axis=1).astype(np.int32)

    @cached_property
    def colour(self) -> np.ndarray:
        """Chessboard colour of each cell, ``(r + c) % 2``."""
        r, c = np.divmod(np.arange(self.n), self.w)
        return ((r + c) % 2).astype(np.int8)

    @cached_property
    def blocks2x2(self) -> np.ndarray:
        """``(k, 4)`` cells of every 2x2 block (top-left, top-right, bottom-left, bottom-right)."""
        out = [(r * self.w + c, r * self.w + c + 1, (r + 1) * self.w + c,
                (r + 1) * self.w + c + 1)
               for r in range(self.h - 1) for c in range(self.w - 1)]
        return np.array(out, dtype=np.int32).reshape(-1, 4)

    def rows(self) -> list[np.ndarray]:
        return [np.arange(r * self.w, (r + 1) * self.w) for r in range(self.h)]

    def cols(self) -> list[np.ndarray]:
        return [np.arange(c, self.n, self.w) for c in range(self.w)]

    def lines(self) -> list[np.ndarray]:
        """Rows then columns."""
        return self.rows() + self.cols()

    @cached_property
    def distance(self) -> np.ndarray:
        """``(n, n)`` Manhattan distance between cells."""
        r, c = np.divmod(np.arange(self.n), self.w)
        return (np.abs(r[:, None] - r[None, :]) + np.abs(c[:, None] - c[None, :])).astype(np.int32)

    def corner(self, r: int, c: int) -> int:
        """Index of lattice corner ``(r, c)``, ``0 <= r <= h``, ``0 <= c <= w``."""
        return r * (self.w + 1) + c

    @property
    def n_corners(self) -> int:
        return (self.h + 1) * (self.w + 1)

    def adjacent(self, i: int, j: int) -> bool:
        return int(j) in self.nbrs[int(i)]


class GridPuzzle:
    """What every genre's puzzle type on an ``h`` by ``w`` grid shares:
    equality and hashing by :meth:`_key` (a tuple of plain values, arrays as
    bytes), and ``grid``, ``shape`` and ``n``.  A dataclass subclass passes
    ``eq=False`` so that these are kept.

    >>> from dataclasses import dataclass
    >>> @dataclass(eq=False)
    ... class P(GridPuzzle):
    ...     h: int
    ...     w: int
    ...     def _key(self):
    ...         return (self.h, self.w)
    >>> P(2, 3) == P(2, 3), len({P(2, 3), P(2, 3)}), P(2, 3).shape, P(2, 3).n
    (True, 1, (2, 3), 6)
    """

    h: int
    w: int

    def _key(self) -> tuple:
        raise NotImplementedError

    def __eq__(self, other):
        return type(other) is type(self) and self._key() == other._key()

    def __hash__(self):
        return hash(self._key())

    @cached_property
    def grid(self) -> Grid:
        return Grid(self.h, self.w)

    @property
    def shape(self) -> tuple[int, int]:
        return (self.h, self.w)

    @property
    def n(self) -> int:
        return self.h * self.w


@dataclass(frozen=True, eq=False)
class RegionPuzzle(GridPuzzle):
    """A puzzle on a grid cut into regions: ``regions`` is a flat int32
    array of labels 0..k-1, numbered in order of first appearance (row-major).
    A genre's dataclass subclass adds its clues after these three fields.

    >>> p = RegionPuzzle(2, 3, region_grid([[5, 5, 2], [7, 7, 2]])[2])
    >>> p.k, p.sizes.tolist(), p.first_cell.tolist()
    (3, [2, 2, 2], [0, 2, 3])
    """

    h: int
    w: int
    regions: np.ndarray

    @cached_property
    def k(self) -> int:
        """How many regions."""
        return int(self.regions.max()) + 1

    @cached_property
    def sizes(self) -> np.ndarray:
        """The cells of each region."""
        return np.bincount(self.regions, minlength=self.k).astype(np.int64)

    @cached_property
    def first_cell(self) -> np.ndarray:
        """Each region's first cell in reading order (where a region's clue is printed)."""
        return np.unique(self.regions, return_index=True)[1].astype(np.int64)

    def _regions_key(self) -> tuple:
        """The size and regions, as :meth:`_key` starts."""
        return (self.h, self.w, np.asarray(self.regions, np.int64).tobytes())


def region_grid(labels, max_cells: int | None = None) -> tuple[int, int, np.ndarray]:
    """``(h, w, regions)`` of a non-empty 2-D grid of region labels: its
    size and its labels renumbered by :func:`relabel` (flat int32); with
    ``max_cells``, a grid of more cells is refused.

    >>> h, w, lab = region_grid([[5, 5], [2, 7]])
    >>> h, w, lab.tolist()
    (2, 2, [0, 0, 1, 2])
    """
    lab = np.asarray(labels)
    if lab.ndim != 2 or lab.size == 0:
        raise InputError("regions must be a non-empty 2-D grid of labels")
    h, w = lab.shape
    if max_cells is not None and h * w > max_cells:
        raise InputError(f"regions is {h}x{w} = {h * w} cells, more than the "
                         f"{max_cells} this genre accepts")
    return h, w, relabel(lab).astype(np.int32)


def relabel(labels) -> np.ndarray:
    """Region labels renumbered 0..k-1 in order of first appearance.

    >>> relabel([5, 5, 2, 7]).tolist()
    [0, 0, 1, 2]
    """
    labels = np.asarray(labels).ravel()
    _, first, inv = np.unique(labels, return_index=True, return_inverse=True)
    order = np.argsort(np.argsort(first))
    return order[inv].astype(np.int32)


def regions(labels) -> list[np.ndarray]:
    """Cells of each region, for labels 0..k-1 (flat or 2-D).

    >>> [r.tolist() for r in regions([[0, 0], [1, 0]])]
    [[0, 1, 3], [2]]
    """
    labels = np.asarray(labels).ravel()
    k = int(labels.max()) + 1 if labels.size else 0
    order = np.argsort(labels, kind="stable")
    cuts = np.searchsorted(labels[order], np.arange(1, k))
    return [a.astype(np.int32) for a in np.split(order, cuts)]


def cell_groups(h: int, w: int, labels, within=None) -> list[list[int]]:
    """The orthogonally connected groups of cells with equal ``labels`` (a
    flat or ``(h, w)`` array: colours, regions ...), each a sorted list of
    cells, in order of their first cell; with the mask ``within``, only the
    groups of the cells it holds.

    >>> cell_groups(2, 3, [1, 1, 0, 0, 1, 0])
    [[0, 1, 4], [2, 5], [3]]
    >>> cell_groups(2, 3, [1, 1, 2, 2, 1, 2], within=[1, 1, 0, 0, 1, 1])
    [[0, 1, 4], [5]]
    """
    lab = np.asarray(labels).ravel()
    inside = np.ones(h * w, bool) if within is None else np.asarray(within, bool).ravel()
    seen = ~inside
    out = []
    for start in np.flatnonzero(inside).tolist():
        if seen[start]:
            continue
        seen[start] = True
        stack, cells = [start], []
        while stack:
            v = stack.pop()
            cells.append(v)
            r, c = divmod(v, w)
            for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                u = rr * w + cc
                if 0 <= rr < h and 0 <= cc < w and not seen[u] and lab[u] == lab[start]:
                    seen[u] = True
                    stack.append(u)
        out.append(sorted(cells))
    return out


def ray(h: int, w: int, r: int, c: int, dr: int, dc: int) -> list[int]:
    """The cells beyond ``(r, c)`` a step ``(dr, dc)`` at a time, nearest
    first, to the edge of the ``h`` x ``w`` grid.

    >>> ray(3, 4, 1, 1, 0, 1), ray(3, 4, 1, 1, -1, 0)
    ([6, 7], [1])
    """
    out = []
    r, c = r + dr, c + dc
    while 0 <= r < h and 0 <= c < w:
        out.append(r * w + c)
        r, c = r + dr, c + dc
    return out


def region_adjacency(grid: Grid, labels) -> list[set]:
    """For each region, the set of regions sharing an edge with it."""
    labels = np.asarray(labels).ravel()
    k = int(labels.max()) + 1
    adj = [set() for _ in range(k)]
    for a, b in grid.edges:
        la, lb = labels[a], labels[b]
        if la != lb:
            adj[la].add(int(lb))
            adj[lb].add(int(la))
    return adj


def region_borders(grid: Grid, labels) -> np.ndarray:
    """Boolean mask over :attr:`Grid.edges`: True where the two cells differ in region."""
    labels = np.asarray(labels).ravel()
    e = grid.edges
    return labels[e[:, 0]] != labels[e[:, 1]]


def grow_regions(h: int, w: int, lo: int, hi: int, rng, front, tries: int = 200,
                 merge: bool = True) -> np.ndarray:
    """A random partition of the ``h`` x ``w`` grid into edge-connected
    regions of ``lo..hi`` cells: an ``(h, w)`` int32 label array, regions
    numbered in the order they were grown.

    Each region starts at a free cell with fewest free neighbours (a random
    one of them) and grows towards a random target size in ``lo..hi``, one
    cell at a time: ``front(members, labels, nbrs, rng)`` lists the free
    cells the region may take next (the genre's growth rule; empty when it
    cannot grow), and one of them is taken at random.  A region that stops
    short of ``lo`` merges into a random neighbouring region with room for
    it (with ``merge``; else it stays, a fragment), and when none has room
    the try starts over; after ``tries`` failed tries,
    :class:`~puzzlekit.core.referee.InputError`.

    >>> rng = np.random.default_rng(0)
    >>> def any_free(members, lab, nb, rng):
    ...     return sorted({int(u) for v in members for u in nb[v] if u >= 0 and lab[u] < 0})
    >>> lab = grow_regions(3, 4, 2, 3, rng, any_free)
    >>> lab.shape, 2 <= int(np.bincount(lab.ravel()).min())
    ((3, 4), True)
    """
    g = Grid(h, w)
    nb = g.nbrs
    for _ in range(tries):
        lab = np.full(g.n, -1, np.int64)
        size = []
        ok = True
        while ok and (lab < 0).any():
            open_ = np.flatnonzero(lab < 0)
            deg = np.array([int(((nb[v] >= 0) & (lab[nb[v]] < 0)).sum()) for v in open_])
            cand = open_[deg == deg.min()]           # the most hemmed-in cell seeds
            c = int(cand[int(rng.integers(len(cand)))])
            r = len(size)
            target = int(rng.integers(lo, hi + 1))
            lab[c] = r
            members = [c]
            while len(members) < target:
                cells = front(members, lab, nb, rng)
                if not len(cells):
                    break
                u = cells[int(rng.integers(len(cells)))]
                lab[u] = r
                members.append(u)
            size.append(len(members))
            if len(members) < lo and merge:          # merge into a neighbour with room
                hosts = sorted({int(lab[u]) for v in members for u in nb[v]
                                if u >= 0 and lab[u] >= 0 and lab[u] != r
                                and size[lab[u]] + len(members) <= hi})
                if not hosts:
                    ok = False
                    break
                t = hosts[int(rng.integers(len(hosts)))]
                lab[members] = t
                size[t] += len(members)
                size[r] = 0
        if ok:
            _, lab = np.unique(lab, return_inverse=True)
            return lab.reshape(h, w).astype(np.int32)
    raise InputError(f"no partition of {h}x{w} into regions of {lo}..{hi} cells found")


# ---------------------------------------------------------------- kernels
@njit(cache=True)
def flood_jit(nbrs, start, seen, stack):
    """Mark in ``seen`` every cell joined to ``start`` through cells not yet
    seen, and return how many it marked (``start`` among them).

    A caller marks its walls in ``seen`` first, so the fill stops at them;
    ``start`` must not be marked.  ``nbrs`` is a neighbour table (-1 off the
    board) and ``stack`` an integer array with room for every cell.

    >>> nb = Grid(2, 3).nbrs
    >>> seen = np.array([0, 1, 0, 0, 1, 0], np.bool_)       # walls: cells 1 and 4
    >>> int(flood_jit(nb, 0, seen, np.empty(6, np.int64))), seen.astype(int).tolist()
    (2, [1, 1, 0, 1, 1, 0])
    """
    seen[start] = True
    stack[0] = start
    top = 1
    reached = 1
    while top > 0:
        top -= 1
        v = stack[top]
        for d in range(nbrs.shape[1]):
            u = nbrs[v, d]
            if u >= 0 and not seen[u]:
                seen[u] = True
                stack[top] = u
                top += 1
                reached += 1
    return reached


@njit(cache=True)
def joined_jit(nbrs, val, target, wall, seen, stack):
    """Whether the cells holding ``target`` in ``val`` all join each other
    through cells not holding ``wall`` (True when no cell holds ``target``).
    ``seen`` (booleans) and ``stack`` (integers) are scratch with room for
    every cell.

    >>> nb = Grid(1, 4).nbrs
    >>> val = np.array([0, -1, 0, 1])      # 0 to join, 1 a wall, -1 either
    >>> s, st = np.empty(4, np.bool_), np.empty(4, np.int64)
    >>> bool(joined_jit(nb, val, 0, 1, s, st)), bool(joined_jit(nb, val, 0, -1, s, st))
    (True, False)
    """
    start = -1
    for c in range(val.shape[0]):
        seen[c] = val[c] == wall
        if start < 0 and val[c] == target:
            start = c
    if start < 0:
        return True
    flood_jit(nbrs, start, seen, stack)
    for c in range(val.shape[0]):
        if val[c] == target and not seen[c]:
            return False
    return True
