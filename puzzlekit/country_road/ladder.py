"""The Country Road ladder: region < once < loop < macro < probe.

The state has one two-valued variable per cell (bit 0 empty, bit 1 road) and
then one per grid edge (bit 0 unused, bit 1 used), in :attr:`Grid.edges`
order.  Every rung is a numba kernel run through one ``apply`` kernel, so
fixpoints, probe and the counting search run in the core's compiled loop.

``macro`` reads a catalogue of the region graph's Hamiltonian cycles, built
once per puzzle.  The catalogue is capped (:data:`MAX_CYCLES` cycles,
:data:`MAX_CATALOGUE_NODES` search nodes); a capped catalogue is not used,
and ``macro`` then only applies the cut-vertex / bridge theorem.  A region
graph of more than :data:`MAX_CATALOGUE_COUNTRIES` countries counts as
capped without a search: its cycles run past the caps (every such graph of
the 16x16 and 20x20 sweep boards did, after 25-440 ms of search).
"""
from __future__ import annotations

import numpy as np
from numba import njit

from ..core._nb import lowbit64, popcount64
from ..core.graph import articulation_points, bridges
from ..core.ladder import Compiled, KernelHints, Ladder, Rung, State, probe_rung
from .model import Answer, Puzzle

__all__ = ["CRState", "initial_state", "encode", "decode", "LADDER", "NAMES", "KERNELS",
           "data", "catalogue", "region_graph", "with_numbers", "MAX_CYCLES",
           "MAX_CATALOGUE_NODES", "MAX_CATALOGUE_COUNTRIES"]

MAX_CYCLES = 20_000
MAX_CATALOGUE_NODES = 5_000_000
MAX_CATALOGUE_COUNTRIES = 36    # the article's boards have at most 26; the 6x6 singleton board 36


class CRState(State):
    """Views ``cells`` (n, 2: empty, road) and ``edges`` (m, 2: unused, used)."""

    __slots__ = ("cells", "edges")

    def _init_views(self):
        n = self.puzzle.h * self.puzzle.w
        self.cells = self.bits[:2 * n].reshape(n, 2)
        self.edges = self.bits[2 * n:].reshape(-1, 2)


def initial_state(puzzle: Puzzle) -> CRState:
    """Every cell and edge open; numbers are read by the rungs.

    >>> p = Puzzle.make([[0, 0], [0, 0]])
    >>> s = initial_state(p); s.n_vars, int(s.bits.sum())
    (8, 16)
    """
    nv = puzzle.n + puzzle.grid.n_edges
    return CRState(puzzle, np.arange(0, 2 * nv + 1, 2, dtype=np.int64))


def encode(puzzle: Puzzle, answer: Answer) -> CRState:
    """The decided state of an answer (cells on the loop are road).

    >>> p = Puzzle.make([[0, 0], [0, 0]])
    >>> a = Answer(2, 2, np.ones(4, dtype=bool))
    >>> s = encode(p, a); s.solved(), decode(s) == a
    (True, True)
    """
    s = initial_state(puzzle)
    used = np.asarray(answer.edges, dtype=bool)
    on = np.zeros(puzzle.n, dtype=bool)
    on[puzzle.grid.edges[used].ravel()] = True
    s.cells[:] = False
    s.cells[np.arange(puzzle.n), on.astype(int)] = True
    s.edges[:] = False
    s.edges[np.arange(len(used)), used.astype(int)] = True
    return s


def decode(state: State) -> Answer:
    """The answer of a decided state; ``cells`` keeps the cell bits so the
    referee can refuse a state whose cells disagree with its edges."""
    p = state.puzzle
    n = p.n
    v = state.values()
    return Answer(p.h, p.w, v[n:] == 1, cells=v[:n] == 1)


# ------------------------------------------------------------ region graph
def region_graph(puzzle: Puzzle):
    """Adjacent country pairs: ``(pa, pb, pair_of_edge)`` with ``pair_of_edge``
    -1 on edges inside a country.  Built once per puzzle (cached on it)."""
    got = puzzle.__dict__.get("_crgraph")
    if got is not None:
        return got
    E = puzzle.grid.edges
    reg = puzzle.regions
    a, b = reg[E[:, 0]], reg[E[:, 1]]
    lo, hi = np.minimum(a, b), np.maximum(a, b)
    border = lo != hi
    keys = lo.astype(np.int64) * puzzle.k + hi
    uniq, inv = np.unique(keys[border], return_inverse=True)
    pair = np.full(len(E), -1, dtype=np.int64)
    pair[border] = inv
    got = (uniq // puzzle.k).astype(np.int64), (uniq % puzzle.k).astype(np.int64), pair
    puzzle.__dict__["_crgraph"] = got
    return got


def two_connected(puzzle: Puzzle) -> bool:
    """False when the region graph (3+ countries) has a cut vertex or a bridge,
    or falls apart: then no loop can visit every country once."""
    k = puzzle.k
    if k < 3:
        return True
    pa, pb, _ = region_graph(puzzle)
    deg = np.bincount(np.concatenate([pa, pb]), minlength=k)
    if deg.min() < 2:
        return False
    D = int(deg.max())
    nb = np.full((k, D), -1, dtype=np.int32)
    ce = np.full((k, D), -1, dtype=np.int32)
    fill = np.zeros(k, dtype=np.int64)
    for i, (x, y) in enumerate(zip(pa.tolist(), pb.tolist())):
        nb[x, fill[x]], ce[x, fill[x]] = y, i
        fill[x] += 1
        nb[y, fill[y]], ce[y, fill[y]] = x, i
        fill[y] += 1
    if articulation_points(nb).any():
        return False
    br, comps = bridges(nb, ce, np.ones(len(pa), dtype=bool))
    return comps == 1 and not br.any()


def catalogue(puzzle: Puzzle):
    """The region graph's Hamiltonian cycles as bitmasks over country pairs:
    ``(cat, complete)``, ``cat`` a ``(cycles, words)`` uint64 array.  Each
    cycle is listed once; ``complete`` is False when a cap was hit, or
    when the graph has more than :data:`MAX_CATALOGUE_COUNTRIES` countries."""
    caps = (MAX_CYCLES, MAX_CATALOGUE_NODES, MAX_CATALOGUE_COUNTRIES)
    got = puzzle.__dict__.get("_crcat")
    if got is not None and got[2] == caps:
        return got[0], got[1]
    pa, pb, _ = region_graph(puzzle)
    k = puzzle.k
    words = max(1, (len(pa) + 63) // 64)
    if k < 3 or puzzle.skip or k > min(MAX_CATALOGUE_COUNTRIES, 64):
        return np.zeros((0, words), dtype=np.uint64), False
    order = np.argsort(np.concatenate([pa, pb]), kind="stable")
    src = np.concatenate([pa, pb])[order]
    dst = np.concatenate([pb, pa])[order]
    pid = np.concatenate([np.arange(len(pa)), np.arange(len(pa))])[order]
    off = np.searchsorted(src, np.arange(k + 1)).astype(np.int64)
    cap = max(1, min(MAX_CYCLES, 400_000 // words))     # memory stays linear-ish
    cat = np.zeros((cap, words), dtype=np.uint64)
    deg = np.diff(off)
    found, capped = _hamilton_jit(k, off, dst.astype(np.int64), pid.astype(np.int64), cat,
                                  cap, MAX_CATALOGUE_NODES, int(np.argmin(deg)))
    puzzle.__dict__["_crcat"] = (cat[:found].copy(), not capped, caps)
    return puzzle.__dict__["_crcat"][:2]


def with_numbers(puzzle: Puzzle, clues) -> Puzzle:
    """``puzzle.with_clues(clues)``, keeping the catalogue ``puzzle`` has
    built: it depends on the countries alone, which the numbers do not
    change (for loops over number sets, such as erasing)."""
    q = puzzle.with_clues(clues)
    got = puzzle.__dict__.get("_crcat")
    if got is not None:
        q.__dict__["_crcat"] = got
    return q


def data(puzzle: Puzzle):
    """The arrays every kernel reads, ``(I, B, C)`` (see the kernels), built
    once per puzzle (cached on it)."""
    d = puzzle.__dict__.get("_crdata")
    if d is None or len(d) != 3:                    # absent, or left by an older layout
        g = puzzle.grid
        k = puzzle.k
        reg = np.ascontiguousarray(puzzle.regions, dtype=np.int64)
        rcells = np.argsort(reg, kind="stable").astype(np.int64)
        roff = np.concatenate([[0], np.cumsum(puzzle.sizes)]).astype(np.int64)
        pa, pb, pair = region_graph(puzzle)
        E = np.ascontiguousarray(g.edges, dtype=np.int64)
        bord = np.flatnonzero(pair >= 0)
        # border edges per country, and edges per pair
        owner = np.concatenate([reg[E[bord, 0]], reg[E[bord, 1]]])
        be = np.concatenate([bord, bord])[np.argsort(owner, kind="stable")]
        boff = np.searchsorted(np.sort(owner), np.arange(k + 1)).astype(np.int64)
        pe = bord[np.argsort(pair[bord], kind="stable")].astype(np.int64)
        poff = np.searchsorted(np.sort(pair[bord]), np.arange(len(pa) + 1)).astype(np.int64)
        cat, complete = catalogue(puzzle)
        # a Hamiltonian cycle found: the region graph is 2-connected
        twoconn = (complete and len(cat) > 0) or two_connected(puzzle)
        d = _pack(g.nbrs, g.cell_edges, E, reg, puzzle.clue_array(), rcells, roff, be,
                  boff, pair, pe, poff, np.ascontiguousarray(cat, dtype=np.uint64), k,
                  1 if puzzle.skip else 0, 1 if complete else 0,
                  1 if twoconn else 0, len(pa))
        puzzle.__dict__["_crdata"] = d
    return d


# ------------------------------------------------------------ kernels
# The kernels read three arrays, ``data(puzzle) == (I, B, C)``, so a call
# hands over few array references: ``I`` (int64) holds a header of section
# offsets (the ``_H*`` slots below), the board tables and integer scratch;
# ``B`` (bool) the flags and bit copies described next; ``C`` (uint64) the
# catalogue, its last four rows scratch masks.
#
# Each rung is a pass of small steps (an edge, a country, a border, a cell,
# or the whole catalogue).  Every step is a fixed function of a few
# variables, its support.  A rung keeps a copy of the bits as it left them
# and one flag per step, set when the step, run on the bits its support
# holds now, removes nothing and finds no contradiction.  A call first
# compares the bits with the copy and clears the flags of the steps whose
# support differs; every removal clears the flags of the steps reading that
# variable.  A step whose flag is still set would remove nothing, so it is
# skipped: each call removes exactly what the full pass removes, in the same
# order, and returns the same status.  The two whole-board steps of ``loop``
# (chains, stranded cells) have one flag each: stranded cells reads every
# variable; chains reads only which are used or road for sure, so only a
# cleared bit 0 clears its flag.  They run only in a call whose cell steps
# removed nothing, so a call of ``loop`` that returns 0 has run them all.
# Every kernel returns -1 rather than empty a variable (``_put``), so the
# core loop need not look for one (``Compiled.reports_empty``).
(_HN, _HM, _HK, _HSKIP, _HCOMPLETE, _HTWOCONN, _HNP, _HNB, _HCE, _HE, _HREG, _HCLUE,
 _HRC, _HROFF, _HBE, _HBOFF, _HPAIR, _HPE, _HPOFF, _HDFS, _HCHN, _HKC, _HVIS,
 _HFLG, _HSNAP, _HOKE, _HOKG, _HOK1, _HOK2, _HOK3, _HOKX, _HOKM, _HOKW, _HL, _HLS) = range(35)
_HEAD = 35


def _pack(nbrs, cell_edges, E, reg, clue, rcells, roff, be, boff, pair, pe, poff,
          cat, k, skip, complete, twoconn, npairs):
    """The ``(I, B, C)`` arrays of :func:`data`."""
    n, m = len(reg), len(E)
    nv = n + m
    kk = max(k, 1)
    head = np.zeros(_HEAD, dtype=np.int64)
    ls = (2 * nv + 7) // 8 * 8                      # copies start on 8-byte boundaries
    head[[_HN, _HM, _HK, _HSKIP, _HCOMPLETE, _HTWOCONN, _HNP, _HL, _HLS]] = (
        n, m, k, skip, complete, twoconn, npairs, 2 * nv, ls)
    parts = [head]
    pos = _HEAD
    for slot, arr in ((_HNB, nbrs), (_HCE, cell_edges), (_HE, E), (_HREG, reg),
                      (_HCLUE, clue), (_HRC, rcells), (_HROFF, roff), (_HBE, be),
                      (_HBOFF, boff), (_HPAIR, pair), (_HPE, pe), (_HPOFF, poff),
                      (_HDFS, np.zeros(6 * n)), (_HCHN, np.zeros(3 * n)),
                      (_HKC, np.zeros(kk)), (_HVIS, np.zeros(kk))):
        a = np.ascontiguousarray(arr, dtype=np.int64).ravel()
        head[slot] = pos
        parts.append(a)
        pos += len(a)
    bpos = 0
    for slot, size in ((_HSNAP, 4 * ls), (_HFLG, 2 * n), (_HOKE, m), (_HOKG, kk),
                       (_HOK1, kk), (_HOK2, max(npairs, 1)), (_HOK3, kk), (_HOKX, n),
                       (_HOKM, 1), (_HOKW, 2)):
        head[slot] = bpos
        bpos += size
    I = np.concatenate(parts)
    B = np.zeros(bpos, dtype=np.bool_)
    C = np.concatenate([cat, np.zeros((4, cat.shape[1]), dtype=np.uint64)])
    return I, B, np.ascontiguousarray(C)


@njit(cache=True, inline="always")
def _touch(I, B, row, var):
    """Clear the flags of the steps of rung ``row`` (0 region, 1 once,
    2 loop, 3 macro) that read variable ``var``."""
    n = I[_HN]
    reg = I[_HREG]
    if row == 0:                                    # a cell's country and edges; an edge
        if var < n:
            B[I[_HOKG] + I[reg + var]] = False
            for t in range(4):
                e = I[I[_HCE] + 4 * var + t]
                if e >= 0:
                    B[I[_HOKE] + e] = False
        else:
            B[I[_HOKE] + var - n] = False
    elif row == 1:                                  # countries, and borders
        if var < n:
            B[I[_HOK1] + I[reg + var]] = False
            B[I[_HOK3] + I[reg + var]] = False
        else:
            e = var - n
            ga = I[reg + I[I[_HE] + 2 * e]]
            gb = I[reg + I[I[_HE] + 2 * e + 1]]
            if ga != gb:
                B[I[_HOK1] + ga] = False
                B[I[_HOK1] + gb] = False
                B[I[_HOK2] + I[I[_HPAIR] + e]] = False
            else:
                B[I[_HOK3] + ga] = False
    elif row == 2:                                  # a cell, or both ends of an edge
        B[I[_HOKW] + 1] = False                     # and the stranded-cells step
        if var < n:
            B[I[_HOKX] + var] = False
        else:
            B[I[_HOKX] + I[I[_HE] + 2 * (var - n)]] = False
            B[I[_HOKX] + I[I[_HE] + 2 * (var - n) + 1]] = False
    elif var >= n and I[I[_HPAIR] + var - n] >= 0:  # the one step reads every border edge
        B[I[_HOKM]] = False


@njit(cache=True)
def _refresh_jit(bits, I, B, row):
    """Clear the flags of the steps of rung ``row`` whose support differs
    from the rung's copy of the bits, and update the copy.  Compares eight
    bits (four variables) at a time."""
    L = I[_HL]
    sn = I[_HSNAP] + row * I[_HLS]
    L8 = L // 8 * 8
    bw = bits[:L8].view(np.uint64)
    sw = B[sn:sn + L8].view(np.uint64)
    for w in range(L8 // 8):
        if bw[w] != sw[w]:
            for v in range(4 * w, 4 * w + 4):
                if bits[2 * v] != B[sn + 2 * v] or bits[2 * v + 1] != B[sn + 2 * v + 1]:
                    _touch(I, B, row, v)
                    if row == 2 and bits[2 * v] != B[sn + 2 * v]:
                        B[I[_HOKW]] = False
            sw[w] = bw[w]
    for v in range(L8 // 2, L // 2):
        if bits[2 * v] != B[sn + 2 * v] or bits[2 * v + 1] != B[sn + 2 * v + 1]:
            _touch(I, B, row, v)
            if row == 2 and bits[2 * v] != B[sn + 2 * v]:
                B[I[_HOKW]] = False
            B[sn + 2 * v] = bits[2 * v]
            B[sn + 2 * v + 1] = bits[2 * v + 1]


# Removals go through _put; callers skip it when ``var`` is already fixed
# to ``val`` (a put costs more than that check).
@njit(cache=True, inline="always")
def _put(bits, var, val, I, B, row):
    """Fix variable ``var`` to ``val`` for rung ``row``: -1 if impossible, 1
    if changed (then the rung's copy follows, and the flags of its steps
    reading ``var`` are cleared), 0 if not."""
    if not bits[2 * var + val]:
        return -1
    if not bits[2 * var + 1 - val]:
        return 0
    bits[2 * var + 1 - val] = False
    B[I[_HSNAP] + row * I[_HLS] + 2 * var + 1 - val] = False
    _touch(I, B, row, var)
    if row == 2 and val == 1:
        B[I[_HOKW]] = False
    return 1



@njit(cache=True, inline="always")
def _and_put(ch, bits, var, val, I, B, row):
    """Result ``ch`` of a step so far, then :func:`_put`: -1 stays -1 (and
    puts nothing), else -1 if the put fails, else ``ch`` or'ed with its
    result.  A variable already fixed to ``val`` is passed over before the
    put (cheaper than the put's own check)."""
    if ch < 0:
        return -1
    if bits[2 * var + val] and not bits[2 * var + 1 - val]:
        return ch
    r = _put(bits, var, val, I, B, row)
    if r < 0:
        return -1
    return ch | r


@njit(cache=True, inline="always")
def _keep_and_cut(bits, I, B, row, g, lo, hi):
    """After :func:`_connect_jit` on the same ``g, lo, hi``: a cell that may
    be road but is out of reach is empty, a cut cell is road.  -1 if
    impossible, else 1 if anything changed, 0 if not."""
    keep = I[_HFLG]
    cut = keep + I[_HN]
    ch = 0
    for i in range(lo, hi):
        x = I[I[_HRC] + i] if g >= 0 else i
        if bits[2 * x + 1] and not B[keep + x]:
            ch = _and_put(ch, bits, x, 0, I, B, row)
        elif B[cut + x]:
            ch = _and_put(ch, bits, x, 1, I, B, row)
    return ch


@njit(cache=True)
def _region_jit(bits, d, work):
    I, B, C = d
    n = I[_HN]
    m = I[_HM]
    k = I[_HK]
    Eo = I[_HE]
    reg = I[_HREG]
    clue = I[_HCLUE]
    rc = I[_HRC]
    roff = I[_HROFF]
    oke = I[_HOKE]
    okg = I[_HOKG]
    _refresh_jit(bits, I, B, 0)
    ch = 0
    for e in range(m):
        if B[oke + e]:
            continue
        B[oke + e] = True                               # cleared by any removal below
        a = I[Eo + 2 * e]
        b = I[Eo + 2 * e + 1]
        work[0] += 1
        if not bits[2 * (n + e)]:                       # used for sure
            r = 0
            if bits[2 * a] or not bits[2 * a + 1]:
                r = _put(bits, a, 1, I, B, 0)
            if r < 0:
                B[oke + e] = False
                return -1
            ch |= r
            r = 0
            if bits[2 * b] or not bits[2 * b + 1]:
                r = _put(bits, b, 1, I, B, 0)
            if r < 0:
                B[oke + e] = False
                return -1
            ch |= r
        if not bits[2 * a + 1] or not bits[2 * b + 1]:  # an end is empty
            r = 0
            if bits[2 * (n + e) + 1] or not bits[2 * (n + e)]:
                r = _put(bits, n + e, 0, I, B, 0)
            if r < 0:
                B[oke + e] = False
                return -1
            ch |= r
        if I[reg + a] != I[reg + b]:
            if not bits[2 * a + 1]:
                r = 0
                if bits[2 * b] or not bits[2 * b + 1]:
                    r = _put(bits, b, 1, I, B, 0)
                if r < 0:
                    B[oke + e] = False
                    return -1
                ch |= r
            if not bits[2 * b + 1]:
                r = 0
                if bits[2 * a] or not bits[2 * a + 1]:
                    r = _put(bits, a, 1, I, B, 0)
                if r < 0:
                    B[oke + e] = False
                    return -1
                ch |= r
    for g in range(k):
        v = I[clue + g]
        if v < 0 or B[okg + g]:
            continue
        B[okg + g] = True
        work[0] += 1
        sure = 0
        poss = 0
        for i in range(I[roff + g], I[roff + g + 1]):
            x = I[rc + i]
            if bits[2 * x + 1]:
                poss += 1
                if not bits[2 * x]:
                    sure += 1
        if sure > v or poss < v:
            B[okg + g] = False
            return -1
        if sure == v and poss > v:
            for i in range(I[roff + g], I[roff + g + 1]):
                x = I[rc + i]
                if bits[2 * x] and bits[2 * x + 1]:
                    ch |= _put(bits, x, 0, I, B, 0)
        elif poss == v and sure < v:
            for i in range(I[roff + g], I[roff + g + 1]):
                x = I[rc + i]
                if bits[2 * x + 1] and bits[2 * x]:
                    ch |= _put(bits, x, 1, I, B, 0)
    return ch


@njit(cache=True)
def _once_jit(bits, d, work):
    I, B, C = d
    n = I[_HN]
    k = I[_HK]
    skip = I[_HSKIP] == 1
    npairs = I[_HNP]
    rc = I[_HRC]
    roff = I[_HROFF]
    be = I[_HBE]
    boff = I[_HBOFF]
    pe = I[_HPE]
    poff = I[_HPOFF]
    ok1 = I[_HOK1]
    ok2 = I[_HOK2]
    ok3 = I[_HOK3]
    vis = I[_HVIS]
    _refresh_jit(bits, I, B, 1)
    ch = 0
    visited = 0
    for g in range(k):
        if B[ok1 + g]:
            visited += I[vis + g]
            continue
        B[ok1 + g] = True
        work[1] += 1
        sure_road = 0
        poss_road = 0
        last = -1
        for i in range(I[roff + g], I[roff + g + 1]):
            x = I[rc + i]
            if bits[2 * x + 1]:
                poss_road += 1
                last = x
                if not bits[2 * x]:
                    sure_road += 1
        I[vis + g] = 1 if sure_road > 0 else 0
        visited += I[vis + g]
        if not skip:
            if poss_road == 0:
                B[ok1 + g] = False
                return -1
            if poss_road == 1 and sure_road == 0:
                if bits[2 * last] or not bits[2 * last + 1]:
                    ch |= _put(bits, last, 1, I, B, 1)
                sure_road = 1
        if k < 2:
            continue
        su = 0
        pu = 0
        for i in range(I[boff + g], I[boff + g + 1]):
            e = I[be + i]
            if bits[2 * (n + e) + 1]:
                pu += 1
                if not bits[2 * (n + e)]:
                    su += 1
        if su > 2:
            B[ok1 + g] = False
            return -1
        if not skip or su > 0:                         # exactly two crossings
            if pu < 2:
                B[ok1 + g] = False
                return -1
            if pu == 2 and su < 2:
                for i in range(I[boff + g], I[boff + g + 1]):
                    e = I[be + i]
                    if bits[2 * (n + e) + 1]:
                        if bits[2 * (n + e)] or not bits[2 * (n + e) + 1]:
                            ch |= _put(bits, n + e, 1, I, B, 1)
            elif su == 2 and pu > 2:
                for i in range(I[boff + g], I[boff + g + 1]):
                    e = I[be + i]
                    if bits[2 * (n + e)]:
                        if bits[2 * (n + e) + 1] or not bits[2 * (n + e)]:
                            ch |= _put(bits, n + e, 0, I, B, 1)
        elif pu == 1:                                  # none or two: the lone one is unused
            for i in range(I[boff + g], I[boff + g + 1]):
                e = I[be + i]
                if bits[2 * (n + e) + 1]:
                    r = 0
                    if bits[2 * (n + e) + 1] or not bits[2 * (n + e)]:
                        r = _put(bits, n + e, 0, I, B, 1)
                    if r < 0:
                        B[ok1 + g] = False
                        return -1
                    ch |= r
    # one crossing per border between two countries, once the loop meets 3+ of them
    if k >= 3 and (not skip or visited >= 3):
        for q in range(npairs):
            if B[ok2 + q]:
                continue
            B[ok2 + q] = True
            su = 0
            for i in range(I[poff + q], I[poff + q + 1]):
                e = I[pe + i]
                if not bits[2 * (n + e)]:
                    su += 1
            if su > 1:
                B[ok2 + q] = False
                return -1
            if su == 1:
                for i in range(I[poff + q], I[poff + q + 1]):
                    e = I[pe + i]
                    if bits[2 * (n + e)] and bits[2 * (n + e) + 1]:
                        if bits[2 * (n + e) + 1] or not bits[2 * (n + e)]:
                            ch |= _put(bits, n + e, 0, I, B, 1)
    # a country's road cells are one run of the loop: connected inside it.
    # Each country is searched on its own cells (rcells[roff[g]:roff[g+1]]),
    # so the pass is linear.
    for g in range(k):
        if B[ok3 + g]:
            continue
        B[ok3 + g] = True
        a0 = I[roff + g]
        a1 = I[roff + g + 1]
        nm = 0
        for i in range(a0, a1):
            x = I[rc + i]
            if bits[2 * x + 1] and not bits[2 * x]:
                nm = 1
                break
        if nm == 0:
            continue
        work[1] += a1 - a0
        r = -1
        if _connect_jit(bits, I, B, g, a0, a1) >= 0:
            r = _keep_and_cut(bits, I, B, 1, g, a0, a1)
        if r < 0:
            B[ok3 + g] = False
            return -1
        ch |= r
    return ch


@njit(cache=True)
def _connect_jit(bits, I, B, g, lo, hi):
    """Fill the keep flags (reachable from the first road cell) and cut
    flags (not a road cell, but needed to join road cells) of the cells
    ``rcells[lo:hi]`` of country ``g``, or of every cell when ``g < 0``,
    moving through possible road cells and possible edges inside ``g``:
    -1 when the road cells cannot be joined, else their number.  One
    iterative lowlink DFS in the scratch rows of ``I``."""
    n = I[_HN]
    nb = I[_HNB]
    ce = I[_HCE]
    reg = I[_HREG]
    rc = I[_HRC]
    keep = I[_HFLG]
    cut = keep + n
    disc = I[_HDFS]
    low = disc + n
    parent = low + n
    it = parent + n
    held = it + n
    stack = held + n
    root = -1
    n_must = 0
    for i in range(lo, hi):
        v = I[rc + i] if g >= 0 else i
        B[keep + v] = False
        B[cut + v] = False
        I[disc + v] = -1
        I[it + v] = 0
        if bits[2 * v + 1] and not bits[2 * v]:
            n_must += 1
            if root < 0:
                root = v
    if root < 0:
        for i in range(lo, hi):
            v = I[rc + i] if g >= 0 else i
            B[keep + v] = bits[2 * v + 1]
        return 0
    I[disc + root] = 0
    I[low + root] = 0
    I[parent + root] = -1
    I[held + root] = 1
    I[stack] = root
    top = 1
    t = 1
    while top > 0:
        v = I[stack + top - 1]
        j = I[it + v]
        if j < 4:
            I[it + v] = j + 1
            u = I[nb + 4 * v + j]
            if u < 0 or not bits[2 * u + 1] or not bits[2 * (n + I[ce + 4 * v + j]) + 1]:
                continue
            if g >= 0 and I[reg + u] != g:
                continue
            if I[disc + u] < 0:
                I[parent + u] = v
                I[disc + u] = t
                I[low + u] = t
                t += 1
                I[held + u] = 1 if not bits[2 * u] else 0
                I[stack + top] = u
                top += 1
            elif u != I[parent + v] and I[disc + u] < I[low + v]:
                I[low + v] = I[disc + u]
            continue
        top -= 1
        p = I[parent + v]
        if p < 0:
            continue
        if I[low + v] < I[low + p]:
            I[low + p] = I[low + v]
        I[held + p] += I[held + v]
        if I[low + v] >= I[disc + p] and I[held + v] > 0 and bits[2 * p]:
            B[cut + p] = True
    for i in range(lo, hi):
        v = I[rc + i] if g >= 0 else i
        B[keep + v] = I[disc + v] >= 0
    if I[held + root] < n_must:
        return -1
    return n_must


@njit(cache=True)
def _loop_jit(bits, d, work):
    I, B, C = d
    n = I[_HN]
    ce = I[_HCE]
    okx = I[_HOKX]
    _refresh_jit(bits, I, B, 2)
    ch = 0
    # degree two
    for x in range(n):
        if B[okx + x]:
            continue
        B[okx + x] = True
        work[2] += 1
        su = 0
        pu = 0
        for t in range(4):
            e = I[ce + 4 * x + t]
            if e >= 0 and bits[2 * (n + e) + 1]:
                pu += 1
                if not bits[2 * (n + e)]:
                    su += 1
        if su > 2:
            B[okx + x] = False
            return -1
        if su > 0:
            r = 0
            if bits[2 * x] or not bits[2 * x + 1]:
                r = _put(bits, x, 1, I, B, 2)
            if r < 0:
                B[okx + x] = False
                return -1
            ch |= r
        if not bits[2 * x]:                              # road for sure
            if pu < 2:
                B[okx + x] = False
                return -1
            if pu == 2 and su < 2:
                for t in range(4):
                    e = I[ce + 4 * x + t]
                    if e >= 0 and bits[2 * (n + e) + 1]:
                        if bits[2 * (n + e)] or not bits[2 * (n + e) + 1]:
                            ch |= _put(bits, n + e, 1, I, B, 2)
            elif su == 2 and pu > 2:
                for t in range(4):
                    e = I[ce + 4 * x + t]
                    if e >= 0 and bits[2 * (n + e)]:
                        if bits[2 * (n + e) + 1] or not bits[2 * (n + e)]:
                            ch |= _put(bits, n + e, 0, I, B, 2)
        elif bits[2 * x + 1] and pu < 2:               # a dead end: empty
            if bits[2 * x + 1] or not bits[2 * x]:
                ch |= _put(bits, x, 0, I, B, 2)
            for t in range(4):
                e = I[ce + 4 * x + t]
                if e >= 0 and bits[2 * (n + e) + 1]:
                    r = 0
                    if bits[2 * (n + e) + 1] or not bits[2 * (n + e)]:
                        r = _put(bits, n + e, 0, I, B, 2)
                    if r < 0:
                        B[okx + x] = False
                        return -1
    # the two whole-board steps: only in a call whose steps above removed
    # nothing (a call that removed something returns 1, and the loop calls
    # the rung again), and each skipped while what it reads is as it last
    # left it (see _chains_jit)
    okw = I[_HOKW]
    if ch == 0 and not B[okw]:
        B[okw] = True
        r = _chains_jit(bits, I, B, work)
        if r < 0:
            B[okw] = False
            return -1
        ch |= r
    if ch == 0 and not B[okw + 1]:
        B[okw + 1] = True
        r = _stranded_jit(bits, I, B, work)
        if r < 0:
            B[okw + 1] = False
            return -1
        ch |= r
    return ch


@njit(cache=True)
def _chains_jit(bits, I, B, work):
    """Chains of used edges: a closed one must be the whole loop; a path's
    two ends may not be joined unless that closes the whole loop.  Reads the
    bits that say "used" and "road" for sure (bit 0 cleared), and the
    closing edge's bit 1, which can only die (then the step leaves it
    alone), and only removes bit 1; so it is run again only after some bit
    0 has been cleared (``B[_HOKW]``, kept by :func:`_refresh_jit` and
    :func:`_put`)."""
    n = I[_HN]
    m = I[_HM]
    k = I[_HK]
    skip = I[_HSKIP] == 1
    nb = I[_HNB]
    ce = I[_HCE]
    Eo = I[_HE]
    reg = I[_HREG]
    clue = I[_HCLUE]
    ch = 0
    comp = I[_HCHN]
    stack = comp + n
    members = stack + n
    cnt_c = I[_HKC]
    total_sure = 0
    for x in range(n):
        I[comp + x] = -1
        if not bits[2 * x]:
            total_sure += 1
    for x0 in range(n):
        if I[comp + x0] >= 0:
            continue
        deg0 = 0
        for t in range(4):
            e = I[ce + 4 * x0 + t]
            if e >= 0 and not bits[2 * (n + e)]:
                deg0 += 1
        if deg0 == 0:
            continue
        I[comp + x0] = x0
        I[stack] = x0
        top = 1
        size = 0
        ends = 0
        e0 = -1
        e1 = -1
        while top > 0:
            top -= 1
            x = I[stack + top]
            I[members + size] = x
            size += 1
            dg = 0
            for t in range(4):
                e = I[ce + 4 * x + t]
                if e >= 0 and not bits[2 * (n + e)]:
                    dg += 1
                    y = I[nb + 4 * x + t]
                    if I[comp + y] < 0:
                        I[comp + y] = x0
                        I[stack + top] = y
                        top += 1
            if dg == 1:
                if ends == 0:
                    e0 = x
                else:
                    e1 = x
                ends += 1
        work[2] += size
        close_e = -1
        if ends == 2:
            for t in range(4):
                if I[nb + 4 * e0 + t] == e1:
                    e = I[ce + 4 * e0 + t]
                    if bits[2 * (n + e)] and bits[2 * (n + e) + 1]:
                        close_e = e
        if ends != 0 and close_e < 0:
            continue
        # does this chain, closed, account for everything?  (Cells are
        # judged by the chain's edges, never by whether their own road bit
        # is set yet.)
        sure_in = 0
        for i in range(size):
            if not bits[2 * I[members + i]]:
                sure_in += 1
        whole = sure_in == total_sure
        if whole and not skip:
            for g in range(k):
                I[cnt_c + g] = 0
            nseen = 0
            for i in range(size):
                g = I[reg + I[members + i]]
                if I[cnt_c + g] == 0:
                    I[cnt_c + g] = 1
                    nseen += 1
            whole = nseen == k
        if whole:
            for g in range(k):
                I[cnt_c + g] = 0
            for i in range(size):
                I[cnt_c + I[reg + I[members + i]]] += 1
            for g in range(k):
                if I[clue + g] >= 0 and I[cnt_c + g] != I[clue + g]:
                    whole = False
                    break
        if ends == 0:
            if not whole:
                return -1
            for x in range(n):
                if I[comp + x] != x0:
                    r = 0
                    if bits[2 * x + 1] or not bits[2 * x]:
                        r = _put(bits, x, 0, I, B, 2)
                    if r < 0:
                        return -1
                    ch |= r
            for e in range(m):
                if I[comp + I[Eo + 2 * e]] != x0 or I[comp + I[Eo + 2 * e + 1]] != x0:
                    r = 0
                    if bits[2 * (n + e) + 1] or not bits[2 * (n + e)]:
                        r = _put(bits, n + e, 0, I, B, 2)
                    if r < 0:
                        return -1
                    ch |= r
        elif not whole:
            if bits[2 * (n + close_e) + 1] or not bits[2 * (n + close_e)]:
                ch |= _put(bits, n + close_e, 0, I, B, 2)
    return ch


@njit(cache=True)
def _stranded_jit(bits, I, B, work):
    """Stranded road cells: all of the road lies in one piece of what may
    carry it.  Run again after any change of a cell or edge
    (``B[_HOKW + 1]``, cleared by :func:`_touch`)."""
    n = I[_HN]
    k = I[_HK]
    skip = I[_HSKIP] == 1
    reg = I[_HREG]
    cnt_c = I[_HKC]
    ch = 0
    keep = I[_HFLG]
    work[2] += n
    nm = _connect_jit(bits, I, B, -1, 0, n)
    if nm < 0:
        return -1
    if nm > 0:
        if not skip:
            for g in range(k):
                I[cnt_c + g] = 0
            for x in range(n):
                if B[keep + x]:
                    I[cnt_c + I[reg + x]] = 1
            for g in range(k):
                if I[cnt_c + g] == 0:
                    return -1
        r = _keep_and_cut(bits, I, B, 2, -1, 0, n)
        if r < 0:
            return -1
        ch |= r
    return ch


@njit(cache=True)
def _macro_jit(bits, d, work):
    I, B, C = d
    n = I[_HN]
    if I[_HTWOCONN] == 0 and I[_HSKIP] == 0:
        return -1                                   # cut vertex or bridge: no loop at all
    if I[_HCOMPLETE] == 0:
        return 0                                    # no complete catalogue: nothing more
    # one step, reading every border edge
    okm = I[_HOKM]
    _refresh_jit(bits, I, B, 3)
    if B[okm]:
        return 0
    B[okm] = True                                   # cleared by any removal below
    npairs = I[_HNP]
    pe = I[_HPE]
    poff = I[_HPOFF]
    W = C.shape[1]
    ncat = C.shape[0] - 4
    crossed = ncat
    closed = ncat + 1
    union = ncat + 2
    inter = ncat + 3
    for j in range(W):
        C[crossed, j] = 0
        C[closed, j] = 0
    for q in range(npairs):
        live = False
        used = False
        for i in range(I[poff + q], I[poff + q + 1]):
            e = I[pe + i]
            if bits[2 * (n + e) + 1]:
                live = True
                if not bits[2 * (n + e)]:
                    used = True
        b = np.uint64(1) << np.uint64(q % 64)
        if used:
            C[crossed, q // 64] |= b
        if not live:
            C[closed, q // 64] |= b
    for j in range(W):
        C[union, j] = 0
        C[inter, j] = ~np.uint64(0)
    alive = 0
    for c in range(ncat):
        work[3] += 1
        ok = True
        for j in range(W):
            if (C[c, j] & C[crossed, j]) != C[crossed, j] or (C[c, j] & C[closed, j]) != 0:
                ok = False
                break
        if ok:
            alive += 1
            for j in range(W):
                C[union, j] |= C[c, j]
                C[inter, j] &= C[c, j]
    if alive == 0:
        B[okm] = False
        return -1
    ch = 0
    for q in range(npairs):
        b = np.uint64(1) << np.uint64(q % 64)
        if (C[union, q // 64] & b) == 0:
            for i in range(I[poff + q], I[poff + q + 1]):
                e = I[pe + i]
                r = 0
                if bits[2 * (n + e) + 1] or not bits[2 * (n + e)]:
                    r = _put(bits, n + e, 0, I, B, 3)
                if r < 0:
                    B[okm] = False
                    return -1
                ch |= r
        elif (C[inter, q // 64] & b) != 0:
            nlive = 0
            last = -1
            for i in range(I[poff + q], I[poff + q + 1]):
                e = I[pe + i]
                if bits[2 * (n + e) + 1]:
                    nlive += 1
                    last = e
            if nlive == 0:
                B[okm] = False
                return -1
            if nlive == 1:
                if bits[2 * (n + last)] or not bits[2 * (n + last) + 1]:
                    ch |= _put(bits, n + last, 1, I, B, 3)
    return ch


@njit(cache=True)
def _hamilton_jit(k, off, dst, pid, cat, max_cycles, max_nodes, s):
    """Hamiltonian cycles from country ``s``, each once (the second country
    lower than the last); writes pair bitmasks into ``cat``.  ``k`` is at
    most 64: sets of countries are bit masks.

    A step from the path's end ``u`` to ``v`` is refused when some country
    still to visit would be left fewer than two ways in (the new end, the
    start, or countries still free: only ``u``'s neighbours lose one, as
    ``u`` leaves the end), when the countries still to visit, the new end
    and the start no longer hang together, or when it would leave no
    neighbour of the start above the second country free to close the cycle
    (``v`` is the last such one and not the last country).  These only cut
    subtrees holding no listed cycle, so the cycles and their order are those
    of the plain search.  Starting from a country of fewest neighbours
    (:func:`catalogue` passes one) keeps the tree small.
    """
    one = np.uint64(1)
    adj = np.zeros(k, dtype=np.uint64)
    for x in range(k):
        for jj in range(off[x], off[x + 1]):
            adj[x] |= one << np.uint64(dst[jj])
    every = ~np.uint64(0) if k == 64 else (one << np.uint64(k)) - one
    bs = one << np.uint64(s)
    path = np.empty(k, dtype=np.int64)
    ppair = np.empty(k, dtype=np.int64)
    it = np.zeros(k, dtype=np.int64)
    on = bs                                    # the countries on the path
    closer = np.uint64(0)                      # neighbours of s that may end the path
    path[0] = s
    it[0] = off[s]
    dpt = 0
    found = 0
    nodes = 0
    free = 0                                   # closers not on the path
    while dpt >= 0:
        u = path[dpt]
        bu = one << np.uint64(u)
        if it[dpt] >= off[u + 1]:
            if dpt > 0:
                on &= ~bu
            if dpt == 1:
                closer = np.uint64(0)
            elif dpt > 1 and closer & bu:
                free += 1
            dpt -= 1
            continue
        j = it[dpt]
        it[dpt] += 1
        v = dst[j]
        bv = one << np.uint64(v)
        nodes += 1
        if nodes > max_nodes:
            return found, True
        if v == s:
            if dpt == k - 1 and k >= 3 and path[1] < path[k - 1]:
                if found >= max_cycles:
                    return found, True
                for i in range(1, k):
                    q = ppair[i]
                    cat[found, q // 64] |= one << np.uint64(q % 64)
                q = pid[j]
                cat[found, q // 64] |= one << np.uint64(q % 64)
                found += 1
            continue
        if on & bv:
            continue
        above = np.uint64(0)                   # neighbours of s numbered above v
        if dpt == 0:
            above = adj[s] & ~((bv << one) - one)
            free = popcount64(above)
            if free == 0:
                continue
        elif closer & bv and free == 1 and dpt + 1 < k - 1:
            continue
        # ways in: at the root every country is checked, below it only the
        # neighbours of the end being left
        into = (~on | bs) & every              # free countries, v among them, and s
        cand = (adj[u] if dpt > 0 else every) & ~on & ~bv
        dead = False
        while cand:
            w = lowbit64(cand)
            cand &= cand - one
            if popcount64(adj[w] & into) < 2:
                dead = True
                break
        if dead:
            continue
        # the countries to visit, with the new end and the start, connected
        left = k - dpt - 2
        if left > 0:
            rest = every & ~on & ~bv           # the countries still to visit
            seen = bv
            todo = bv
            start = False
            while todo:
                x = lowbit64(todo)
                todo &= todo - one
                nb = adj[x]
                if nb & bs:
                    start = True
                new = nb & rest & ~seen
                seen |= new
                todo |= new
            if popcount64(seen & rest) < left or not start:
                continue
        if dpt == 0:
            closer = above
        elif closer & bv:
            free -= 1
        on |= bv
        dpt += 1
        path[dpt] = v
        ppair[dpt] = pid[j]
        it[dpt] = off[v]
    return found, False


@njit(cache=True)
def _apply_jit(i, bits, d, work):
    """Rung ``i`` for the core's compiled loop."""
    if i == 0:
        return _region_jit(bits, d, work)
    if i == 1:
        return _once_jit(bits, d, work)
    if i == 2:
        return _loop_jit(bits, d, work)
    return _macro_jit(bits, d, work)


@njit(cache=True)
def _legal_jit(bits, d):
    """The rules on a decided state, cells agreeing with edges."""
    I, B, C = d
    n = I[_HN]
    m = I[_HM]
    k = I[_HK]
    skip = I[_HSKIP] == 1
    nb = I[_HNB]
    ce = I[_HCE]
    Eo = I[_HE]
    reg = I[_HREG]
    clue = I[_HCLUE]
    deg = np.zeros(n, dtype=np.int64)
    nused = 0
    for e in range(m):
        if bits[2 * (n + e) + 1]:
            deg[I[Eo + 2 * e]] += 1
            deg[I[Eo + 2 * e + 1]] += 1
            nused += 1
    if nused == 0:
        return False
    start = -1
    for x in range(n):
        road = bits[2 * x + 1]
        if deg[x] != (2 if road else 0):
            return False
        if road and start < 0:
            start = x
    # one cycle: walk it from start
    prev = -1
    x = start
    steps = 0
    while True:
        nxt = -1
        for t in range(4):
            e = I[ce + 4 * x + t]
            if e >= 0 and bits[2 * (n + e) + 1] and I[nb + 4 * x + t] != prev:
                nxt = I[nb + 4 * x + t]
                break
        if nxt < 0:
            # a two-cell back-and-forth cannot happen on a grid; be safe
            return False
        prev = x
        x = nxt
        steps += 1
        if x == start:
            break
    if steps != nused:
        return False
    cross = np.zeros(k, dtype=np.int64)
    road_n = np.zeros(k, dtype=np.int64)
    for x in range(n):
        if bits[2 * x + 1]:
            road_n[I[reg + x]] += 1
    for e in range(m):
        a = I[Eo + 2 * e]
        b = I[Eo + 2 * e + 1]
        if I[reg + a] != I[reg + b]:
            if bits[2 * (n + e) + 1]:
                cross[I[reg + a]] += 1
                cross[I[reg + b]] += 1
            elif not bits[2 * a + 1] and not bits[2 * b + 1]:
                return False
    for g in range(k):
        if cross[g] > 2 or (road_n[g] == 0 and not skip):
            return False
        if I[clue + g] >= 0 and road_n[g] != I[clue + g]:
            return False
    return True


WORK = ("cell checks", "country checks", "loop scans", "cycles scanned")
KERNELS = Compiled(apply=_apply_jit, data=data, legal=_legal_jit, work=WORK,
                   hints=KernelHints(reports_empty=True))

LADDER = Ladder([
    Rung("region", KERNELS.rung(0, "region"), "#7f7f7f",
         "cell bookkeeping: empty cells carry no road, used edges put both ends on it, "
         "no two empties face across a border, numbers bound the road cells"),
    Rung("once", KERNELS.rung(1, "once"), "#1f77b4",
         "each country: two border crossings, a road cell, one crossing per border, "
         "its road cells connected inside it"),
    Rung("loop", KERNELS.rung(2, "loop"), "#2ca02c",
         "degree two, dead ends, loops closing too early, road cells out of reach"),
    Rung("macro", KERNELS.rung(3, "macro"), "#9467bd",
         "the region graph's Hamiltonian cycles that fit the crossings so far"),
    probe_rung("#d62728", "singleton consistency on cells and edges over the rungs below"),
], compiled=KERNELS)

NAMES = LADDER.names
