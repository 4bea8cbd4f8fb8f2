"""Stostone's rung ladder: one {blank, shaded} variable per cell, narrowed by
col, clue, fit, drop and probe.

``col`` is the counting half of rule 4: a column holding h/2 shaded cells
blanks the rest, one holding h/2 blanks shades the rest.  ``clue`` reads the
numbers and the one-stone rules: a region's shaded cells may not outnumber its
number (and, once they reach it, the rest of the region is blank); a shaded
cell blanks its neighbours in other regions; the shaded cells of a region must
join through its unblanked cells (what they cannot reach is blank, a cell that
alone joins two of them is shaded, a cell too far from them for the number is
blank); a region with no way to hold its number, or no stone at all, is a
contradiction.  ``fit`` lists every way each region's stone can still be
drawn -- connected, of the printed size, holding the region's shaded cells,
none of its blanks, touching no other stone, overfilling no column, and (when
rule 4 asks for it) without a vertical gap -- and keeps what they all agree
on; a region with too many ways is left alone (:data:`FIT_STEPS`), and so
is an unnumbered region with more than :data:`FIT_FREE` cells left.  ``drop``
is the other half of rule 4: one stone per region, so two shaded cells of a
region in one column shade everything between them (no vertical hole), and,
under ``exact``, the cells of a stone agree on ``r + shaded cells below``, a
number each cell bounds from what is known below it.  The kernels run in the
core's one compiled loop.  ``clue`` and ``fit`` work region by region, and
each remembers a region's outcome under what it read (the region's cells;
for ``fit`` also the room the other regions leave in its columns), so a
region met again in the same state costs a lookup (:data:`MEMO`).
"""
from __future__ import annotations

import numpy as np
from numba import njit

from ..core.graph import cut_dfs_jit
from ..core.ladder import Compiled, KernelHints, Ladder, Rung, State, probe_rung
from .model import RULE4, Answer, Puzzle

__all__ = ["StoState", "LADDER", "NAMES", "WORK", "KERNELS", "FIT_STEPS", "FIT_FREE", "data",
           "initial_state", "encode", "decode", "decode_mask", "column_order"]

NAMES = ("col", "clue", "fit", "drop", "probe")
WORK = ("column scans", "region scans", "stones listed", "stone scans")
BL, SH = 0, 1            # bit order within a cell: blank, shaded
FIT_STEPS = 3_000        # fit gives up on a region after listing this many partial stones
FIT_FREE = 8             # fit lists an unnumbered region's stones only up to this many open cells
MEMO = 256               # clue and fit remember this many outcomes per region (a power of
MEMO_CELLS = 400         # two) on boards up to this many cells, 32 on larger boards
# the tables' key hash: a seed, and 2**64 / golden ratio as a signed 64-bit multiplier
HASH_SEED, HASH_MUL = 0x2545F4914F6CDD1D, -0x61C8864680B583EB


# sections of the int64 data array, after its header (flags)
(S_REG, S_ORDER, S_ROFF, S_NUM, S_RCOFF, S_RCOLS, S_RCNT, S_RINGOFF, S_RING, S_KEYOFF,
 S_EXTNEED, S_SCR, S_EXT, S_MHS, S_MKEY, S_RESOFF, S_MRES, S_CKEYOFF, S_CHS, S_CKEY, S_CVAL,
 S_COL, S_ROW, N_SECT) = range(24)
F_SECT = 7               # flags: h, w, rule4 index, k, n, scratch row length, memo; section starts
N_FLAGS = F_SECT + N_SECT + 1
# rows of the int64 scratch section (fit: columns, cells, its stack, the key;
# clue and drop: their searches), and of the int8 scratch array
(R_COLSH, R_COLOP, R_OWNSH, R_OWNOP, R_COLCNT, R_CMIN, R_CMAX, R_CCNT, R_CLO, R_CHI,
 R_INN, R_RIM, R_STAMP, R_ALW, R_NADJ, R_S, R_EXTBASE, R_EXTLEN, R_KEY, R_CTR,
 R_DIST, R_QUEUE, R_COMP, R_CSIZE, R_DISC, R_LOW, R_PARENT, R_IT, R_HELD, R_KB, R_OB,
 N_ROWS) = range(32)
B_ST, B_BLOCKED, B_INS, B_CUT, B_MAY, B_MUST, N_BROWS = range(7)


def data(puzzle: Puzzle) -> tuple:
    """The kernels' arrays (cached on the puzzle), few so that calls stay
    cheap: the neighbours, one int64 array and one int8 array (scratch rows
    for the state of each cell and the marks of fit and clue).

    The int64 array starts with ``[h, w, rule4 index, k, n, row length,
    entries per region]`` and the starts of its sections (``S_*``): region of
    each cell, the regions' cells (flat, with offsets), each region's number
    (-1 none), each region's columns (and its cells in each), the cells
    around each region, fit's sizes, the int64 scratch rows (``R_*``), fit's
    stack, fit's table (per entry: key hash, status, partial stones listed;
    the keys; the verdicts as bit masks), clue's table (hash and status; the
    packed cell bits before and after), and the column and row of each cell.
    """
    d = puzzle.__dict__.get("_kdata_memo")
    if d is None:
        h, w, n, k = puzzle.h, puzzle.w, puzzle.n, puzzle.k
        reg = np.ascontiguousarray(puzzle.regions, np.int64).ravel()
        nbrs = np.ascontiguousarray(puzzle.grid.nbrs, np.int64)
        num = np.full(k, -1, np.int64)
        for g, v in puzzle.numbers.items():
            num[g] = v
        memo = MEMO if n <= MEMO_CELLS else 32
        big = _layout_jit(h, w, reg, nbrs, num, k, RULE4.index(puzzle.rule4), memo,
                          FIT_FREE, FIT_STEPS, N_FLAGS, N_ROWS)
        small = np.zeros(N_BROWS * n, np.int8)
        d = (nbrs, big, small)
        puzzle.__dict__["_kdata_memo"] = d
    return d


@njit(cache=True)
def _layout_jit(h, w, reg, nbrs, num, k, r4, memo, fit_free, fit_steps, n_flags, n_rows):
    """The int64 array of :func:`data`: flags, then the sections in ``S_*``
    order (the scratch rows and the tables zero)."""
    n = h * w
    roff = np.zeros(k + 1, np.int64)
    for c in range(n):
        roff[reg[c] + 1] += 1
    for g in range(k):
        roff[g + 1] += roff[g]
    order = np.zeros(n, np.int64)                # cells by region, increasing within each
    fill = roff[:k].copy()
    for c in range(n):
        order[fill[reg[c]]] = c
        fill[reg[c]] += 1
    # each region's columns, with its cells in each (columns increasing)
    cnt = np.zeros(w, np.int64)
    rcoff = np.zeros(k + 1, np.int64)
    rcols = np.zeros(n, np.int64)
    rcnt = np.zeros(n, np.int64)
    nc = 0
    for g in range(k):
        rcoff[g] = nc
        for i in range(roff[g], roff[g + 1]):
            cnt[order[i] % w] += 1
        for c in range(w):
            if cnt[c] > 0:
                rcols[nc] = c
                rcnt[nc] = cnt[c]
                nc += 1
                cnt[c] = 0
    rcoff[k] = nc
    # the cells outside each region next to it (increasing)
    mark = np.full(n, -1, np.int64)
    ringoff = np.zeros(k + 1, np.int64)
    ring = np.zeros(4 * n, np.int64)
    nr = 0
    for g in range(k):
        ringoff[g] = nr
        for i in range(roff[g], roff[g + 1]):
            c = order[i]
            for j in range(nbrs.shape[1]):
                e = nbrs[c, j]
                if e >= 0 and reg[e] != g and mark[e] != g:
                    mark[e] = g
                    ring[nr] = e
                    nr += 1
        ring[ringoff[g]:nr] = np.sort(ring[ringoff[g]:nr])
    ringoff[k] = nr
    keyoff = np.zeros(k + 1, np.int64)
    resoff = np.zeros(k + 1, np.int64)
    ckeyoff = np.zeros(k + 1, np.int64)
    extneed = np.zeros(k, np.int64)
    row = max(n + 3, 2)
    scr = 8
    for g in range(k):
        mg = roff[g + 1] - roff[g]
        keylen = (mg + 20) // 21
        if r4 < 3:
            keylen += (rcoff[g + 1] - rcoff[g] + 4) // 5
        row = max(row, keylen)
        keyoff[g + 1] = keyoff[g] + keylen * memo
        resoff[g + 1] = resoff[g] + (2 * ((mg + 63) // 64)
                                     + (ringoff[g + 1] - ringoff[g] + 63) // 64) * memo
        ckeyoff[g + 1] = ckeyoff[g] + (2 * mg + 63) // 64 * memo
        v = num[g]
        depth = min(mg, v if v > 0 else fit_free, fit_steps + 1)
        need = 8
        for t in range(1, depth + 2):
            need += min(mg, 2 * t + 2)
        extneed[g] = need
        scr = need if g == 0 else max(scr, need)
    scr = min(scr, 1 << 16)
    sizes = np.array([n, n, k + 1, k, k + 1, nc, nc, k + 1, nr, k + 1, k, n_rows * row, scr,
                      3 * k * memo, keyoff[k], k + 1, resoff[k], k + 1, 2 * k * memo,
                      ckeyoff[k], ckeyoff[k], n, n], np.int64)
    starts = np.zeros(sizes.shape[0] + 1, np.int64)
    starts[0] = n_flags
    for i in range(sizes.shape[0]):
        starts[i + 1] = starts[i] + sizes[i]
    big = np.zeros(starts[-1], np.int64)
    big[0] = h
    big[1] = w
    big[2] = r4
    big[3] = k
    big[4] = n
    big[5] = row
    big[6] = memo
    big[7:7 + starts.shape[0]] = starts
    big[starts[0]:starts[1]] = reg
    big[starts[1]:starts[2]] = order
    big[starts[2]:starts[3]] = roff
    big[starts[3]:starts[4]] = num
    big[starts[4]:starts[5]] = rcoff
    big[starts[5]:starts[6]] = rcols[:nc]
    big[starts[6]:starts[7]] = rcnt[:nc]
    big[starts[7]:starts[8]] = ringoff
    big[starts[8]:starts[9]] = ring[:nr]
    big[starts[9]:starts[10]] = keyoff
    big[starts[10]:starts[11]] = extneed
    big[starts[15]:starts[16]] = resoff
    big[starts[17]:starts[18]] = ckeyoff
    for c in range(n):
        big[starts[21] + c] = c % w
        big[starts[22] + c] = c // w
    return big


class StoState(State):
    """State with the view ``cell`` (n, 2): [blank possible, shaded possible]."""

    __slots__ = ("cell",)

    def _init_views(self):
        self.cell = self.bits.reshape(-1, 2)


def initial_state(puzzle: Puzzle) -> StoState:
    """Every cell open."""
    return StoState(puzzle, np.arange(0, 2 * puzzle.n + 1, 2))


def column_order(puzzle: Puzzle) -> np.ndarray:
    """The cells column by column, each from the bottom up: the order the
    uniqueness proof branches in (``GenreSpec.proof_order``).  Rule 4 counts
    each column, so a column finished first is checked against its count
    before the next is opened (row by row, every column stays open until the
    last rows, and a wrong early choice shows only there); and from the
    bottom up, the shaded cells below a cell are known when it is chosen,
    which is what ``drop`` bounds a stone's landing row with.

    >>> column_order(Puzzle.make([[0, 0], [1, 1]])).tolist()
    [2, 0, 3, 1]
    """
    return np.arange(puzzle.n, dtype=np.int64).reshape(puzzle.h, puzzle.w)[::-1].T.ravel().copy()


def decode_mask(state) -> np.ndarray:
    """Shaded cells of a decided state."""
    return state.cell[:, SH] & ~state.cell[:, BL]


def decode(state) -> Answer:
    p = state.puzzle
    return Answer.from_mask(p.h, p.w, decode_mask(state))


def encode(puzzle: Puzzle, answer: Answer) -> StoState:
    """The decided state of an answer.

    >>> p = Puzzle.make([[0], [0]])
    >>> s = encode(p, Answer.from_mask(2, 1, [0, 1])); s.solved(), decode(s).to_json()
    (True, {'grid': ['.', '#']})
    """
    sh = np.asarray(answer.shaded, bool).ravel()
    s = initial_state(puzzle)
    s.cell[:, BL] = ~sh
    s.cell[:, SH] = sh
    return s


# ---------------------------------------------------------------- helpers
@njit(cache=True)
def _set(bits, c, x):
    """Remove value ``1 - x`` of cell ``c`` (so it becomes ``x``): -1 dead, 1 changed, 0 not."""
    y = 1 - x
    if not bits[2 * c + y]:
        return -1 if not bits[2 * c + x] else 0
    bits[2 * c + y] = False
    return -1 if not bits[2 * c + x] else 1


@njit(cache=True)
def _state(bits, c):
    """0 blank, 1 shaded, -1 open, -2 dead."""
    b, s = bits[2 * c], bits[2 * c + 1]
    if b and s:
        return -1
    if s:
        return 1
    if b:
        return 0
    return -2


# ---------------------------------------------------------------- col
@njit(cache=True)
def _col_jit(bits, flags, work):
    h, w, r4 = flags[0], flags[1], flags[2]
    if r4 == 3:
        return 0
    half = h // 2
    changed = 0
    for c in range(w):
        work[0] += 1
        ns = 0
        nb = 0
        for r in range(h):
            x = _state(bits, r * w + c)
            if x == 1:
                ns += 1
            elif x == 0:
                nb += 1
            elif x == -2:
                return -1
        if ns > half or nb > half:
            return -1
        if ns == half and nb < half:
            for r in range(h):
                if _state(bits, r * w + c) == -1:
                    bits[2 * (r * w + c) + 1] = False
                    changed = 1
        elif nb == half and ns < half:
            for r in range(h):
                if _state(bits, r * w + c) == -1:
                    bits[2 * (r * w + c)] = False
                    changed = 1
    return changed


# ---------------------------------------------------------------- clue
@njit(cache=True)
def _clue_jit(bits, nbrs, reg, order, roff, num, flags, work, scr, bsc, big):
    n = nbrs.shape[0]
    k = flags[3]
    coff = _sec(big, S_CKEYOFF)
    chs = _sec(big, S_CHS).reshape((2, -1))
    ckey, cval, key = _sec(big, S_CKEY), _sec(big, S_CVAL), scr[R_KEY]
    changed = 0
    # stones apart: a shaded cell blanks its neighbours in other regions
    for v in range(n):
        if _state(bits, v) != 1:
            continue
        for d in range(4):
            u = nbrs[v, d]
            if u >= 0 and reg[u] != reg[v]:
                r = _set(bits, u, 0)
                if r < 0:
                    return -1
                changed |= r
    # each region alone, remembered by its cells' bits (flags[6] entries)
    memo = flags[6]
    for g in range(k):
        work[1] += 1
        a, b = roff[g], roff[g + 1]
        nw = (2 * (b - a) + 63) >> 6
        hs = _pack(bits, order, a, b, key, nw)
        slot = (hs >> 52) & (memo - 1)
        e = g * memo + slot
        ko = coff[g] + slot * nw
        hit = chs[1, e] != 0 and chs[0, e] == hs
        if hit:
            for t in range(nw):
                if ckey[ko + t] != key[t]:
                    hit = False
                    break
        if not hit:
            r = _clue_region(bits, nbrs, reg, order, a, b, g, num[g], scr, bsc)
            for t in range(nw):
                ckey[ko + t] = key[t]
            chs[0, e] = hs
            chs[1, e] = 2 if r < 0 else 1
            _pack(bits, order, a, b, cval[ko:ko + nw], nw)
        same = True
        for t in range(nw):
            if cval[ko + t] != key[t]:
                same = False
                break
        if not same:
            _unpack(bits, order, a, b, cval[ko:ko + nw])
            changed = 1
        if chs[1, e] == 2:
            return -1
    return changed


@njit(cache=True)
def _pack(bits, order, a, b, out, nw):
    """The bits of cells ``order[a:b]`` packed into ``out[:nw]`` (two per
    cell); returns their hash."""
    for t in range(nw):
        out[t] = 0
    for t in range(a, b):
        c = order[t]
        i = 2 * (t - a)
        out[i >> 6] |= (np.int64(bits[2 * c]) | (np.int64(bits[2 * c + 1]) << 1)) << (i & 63)
    hs = np.int64(HASH_SEED)
    for t in range(nw):
        hs = (hs ^ out[t]) * np.int64(HASH_MUL)
    return hs


@njit(cache=True)
def _unpack(bits, order, a, b, words):
    """Write packed bits (see :func:`_pack`) back to cells ``order[a:b]``."""
    for t in range(a, b):
        c = order[t]
        i = 2 * (t - a)
        x = words[i >> 6] >> (i & 63)
        bits[2 * c] = (x & 1) != 0
        bits[2 * c + 1] = (x & 2) != 0


@njit(cache=True)
def _clue_region(bits, nbrs, reg, order, a, b, g, v, scr, bsc):
    """``clue`` on region ``g`` (cells ``order[a:b]``, number ``v``): it reads
    and writes only the region's cells."""
    dist, queue, comp, csize = scr[R_DIST], scr[R_QUEUE], scr[R_COMP], scr[R_CSIZE]
    changed = 0
    nmust = 0
    nmay = 0
    for t in range(a, b):
        x = _state(bits, order[t])
        if x == -2:
            return -1
        if x == 1:
            nmust += 1
        if x != 0:
            nmay += 1
    if nmay == 0:
        return -1                               # a region with no stone
    if v > 0 and nmust > v:
        return -1
    if v > 0 and nmust == v:
        for t in range(a, b):
            if _state(bits, order[t]) == -1:
                bits[2 * order[t] + 1] = False
                changed = 1
        return changed
    if nmust == 0:
        # components of the open cells; a component smaller than the number is blank
        for t in range(a, b):
            comp[order[t]] = -1
        nc = 0
        for t in range(a, b):
            s0 = order[t]
            if comp[s0] >= 0 or _state(bits, s0) != -1:
                continue
            comp[s0] = nc
            queue[0] = s0
            qh, qt = 0, 1
            while qh < qt:
                p = queue[qh]
                qh += 1
                for d in range(4):
                    u = nbrs[p, d]
                    if u >= 0 and reg[u] == g and comp[u] < 0 and _state(bits, u) == -1:
                        comp[u] = nc
                        queue[qt] = u
                        qt += 1
            csize[nc] = qt
            nc += 1
        if v > 0:
            alive = 0
            for t in range(a, b):
                c = order[t]
                if comp[c] >= 0 and csize[comp[c]] < v:
                    bits[2 * c + 1] = False
                    changed = 1
                elif comp[c] >= 0:
                    alive += 1
            if alive == 0:
                return -1
        if nc == 1 and csize[0] == 1:
            for t in range(a, b):
                if comp[order[t]] == 0:
                    bits[2 * order[t]] = False
                    changed = 1
        return changed
    # distances from the shaded cells through unblanked cells of the region
    for t in range(a, b):
        dist[order[t]] = -1
    qt = 0
    for t in range(a, b):
        c = order[t]
        if _state(bits, c) == 1:
            dist[c] = 0
            queue[qt] = c
            qt += 1
    qh = 0
    while qh < qt:
        p = queue[qh]
        qh += 1
        for d in range(4):
            u = nbrs[p, d]
            if u >= 0 and reg[u] == g and dist[u] < 0 and _state(bits, u) != 0:
                dist[u] = dist[p] + 1
                queue[qt] = u
                qt += 1
    for t in range(a, b):
        c = order[t]
        if _state(bits, c) == -1 and (dist[c] < 0 or (v > 0 and nmust + dist[c] > v)):
            bits[2 * c + 1] = False
            changed = 1
    # joined: every shaded cell in one piece; cut cells are shaded
    r = _join(bits, nbrs, reg, order, a, b, g, queue, scr, bsc)
    if r < 0:
        return -1
    changed |= r
    if v > 0:
        room = 0
        for t in range(a, b):
            if _state(bits, order[t]) != 0:
                room += 1
        if room < v:
            return -1
        if room == v:
            for t in range(a, b):
                if _state(bits, order[t]) == -1:
                    bits[2 * order[t]] = False
                    changed = 1
    return changed


@njit(cache=True)
def _join(bits, nbrs, reg, order, a, b, g, stack, scr, bsc):
    """Articulation points of the region's unblanked cells that separate two
    shaded cells are shaded; shaded cells in two pieces are a contradiction."""
    root = -1
    nmust = 0
    for t in range(a, b):
        if _state(bits, order[t]) == 1:
            nmust += 1
            if root < 0:
                root = order[t]
    if nmust < 2:
        return 0
    disc, it = scr[R_DISC], scr[R_IT]
    cut, may, must = bsc[B_CUT], bsc[B_MAY], bsc[B_MUST]
    for t in range(a, b):              # may and must stay 0 off the region
        c = order[t]
        disc[c] = -1
        it[c] = 0
        cut[c] = 0
        x = _state(bits, c)
        may[c] = x != 0
        must[c] = x == 1
    reached = cut_dfs_jit(nbrs, may, must, root, disc, scr[R_LOW], scr[R_PARENT], it,
                          scr[R_HELD], stack, cut)
    for t in range(a, b):
        may[order[t]] = 0
        must[order[t]] = 0
    if reached < nmust:
        return -1
    changed = 0
    for t in range(a, b):
        c = order[t]
        if cut[c] == 2 and _state(bits, c) == -1:
            bits[2 * c] = False
            changed = 1
    return changed


# ---------------------------------------------------------------- fit
@njit(cache=True)
def _fit_jit(bits, nbrs, reg, order, roff, num, flags, work, big, scr, ext0, bsc, mhs, mkey):
    n = nbrs.shape[0]
    h, w, r4, k = flags[0], flags[1], flags[2], flags[3]
    half = h // 2
    o_rcoff, o_rcols, o_rcnt = (flags[F_SECT + S_RCOFF], flags[F_SECT + S_RCOLS],
                                flags[F_SECT + S_RCNT])
    o_ringoff, o_ring, o_keyoff = (flags[F_SECT + S_RINGOFF], flags[F_SECT + S_RING],
                                   flags[F_SECT + S_KEYOFF])
    o_extneed, o_resoff, o_mres = (flags[F_SECT + S_EXTNEED], flags[F_SECT + S_RESOFF],
                                   flags[F_SECT + S_MRES])
    o_col = flags[F_SECT + S_COL]           # column of each cell
    memo = flags[6]
    for c in range(w):
        scr[R_COLSH, c] = 0
        scr[R_COLOP, c] = 0
    for c in range(n):
        q = _state(bits, c)
        if q == -2:
            return -1
        bsc[B_ST, c] = q
        if q == 1:
            scr[R_COLSH, big[o_col + c]] += 1
        elif q == -1:
            scr[R_COLOP, big[o_col + c]] += 1
    for g in range(k):
        a, b = roff[g], roff[g + 1]
        m = b - a
        v = num[g]
        # the region's key: per cell its state and whether it is blocked, three
        # bits each; per column the range [lo, hi] of stone cells the other
        # regions leave it, six bits each
        nw = (m + 20) // 21
        for t in range(nw):
            scr[R_KEY, t] = 0
        nmust = 0
        nallow = 0
        rootok = True
        for t in range(a, b):
            c = order[t]
            q = bsc[B_ST, c]
            blk = 0                             # next to a shaded cell of another region
            if q != 0:
                for d in range(4):
                    u = nbrs[c, d]
                    if u >= 0 and bsc[B_ST, u] == 1 and reg[u] != g:
                        blk = 1
                        break
            bsc[B_BLOCKED, c] = blk
            if q != 0 and blk == 0:
                nallow += 1
            if q == 1:
                if nmust == 0:
                    rootok = blk == 0
                nmust += 1
            i = t - a
            x = q + 1 + 3 * blk                 # a blank is never marked blocked
            scr[R_KEY, i // 21] |= np.int64(x) << (3 * (i % 21))
        if not rootok:
            return -1
        if v <= 0 and nallow > FIT_FREE:
            continue                            # an unnumbered region with too many shapes
        ln = nw
        if r4 < 3:
            ca, cb = big[o_rcoff + g], big[o_rcoff + g + 1]
            for j in range(ca, cb):
                scr[R_OWNSH, big[o_rcols + j]] = 0
                scr[R_OWNOP, big[o_rcols + j]] = 0
            for t in range(a, b):
                c = order[t]
                if bsc[B_ST, c] == 1:
                    scr[R_OWNSH, big[o_col + c]] += 1
                elif bsc[B_ST, c] == -1:
                    scr[R_OWNOP, big[o_col + c]] += 1
            ln += (cb - ca + 4) // 5
            for t in range(nw, ln):
                scr[R_KEY, t] = 0
            for j in range(ca, cb):
                x = big[o_rcols + j]
                osh = scr[R_COLSH, x] - scr[R_OWNSH, x]
                lo = half - osh - (scr[R_COLOP, x] - scr[R_OWNOP, x])
                hi = half - osh
                if lo < 0:
                    lo = 0
                if hi > big[o_rcnt + j]:
                    hi = big[o_rcnt + j]
                if hi < lo:
                    lo = 1
                    hi = 0
                scr[R_CLO, x] = lo
                scr[R_CHI, x] = hi
                scr[R_KEY, nw + (j - ca) // 5] |= (lo | (hi << 6)) << (12 * ((j - ca) % 5))
        hs = np.int64(HASH_SEED)
        for t in range(ln):
            hs = (hs ^ scr[R_KEY, t]) * np.int64(HASH_MUL)
        slot = (hs >> 52) & (memo - 1)
        e = g * memo + slot
        ko = big[o_keyoff + g] + slot * ln
        hit = mhs[1, e] != 0 and mhs[0, e] == hs
        if hit:
            for t in range(ln):
                if mkey[ko + t] != scr[R_KEY, t]:
                    hit = False
                    break
        nr = big[o_ringoff + g + 1] - big[o_ringoff + g]
        aw = (m + 63) >> 6
        rw = (nr + 63) >> 6
        # the entry's verdicts: cells to shade, cells to blank, cells around to blank
        ro = o_mres + big[o_resoff + g] + slot * (2 * aw + rw)
        if not hit:
            need = big[o_extneed + g]
            ext = ext0 if need <= ext0.shape[0] else np.empty(need, np.int64)
            fits, steps = _fit_list(nbrs, reg, order, a, b, g, v, _sec(big, S_COL),
                                    _sec(big, S_ROW), r4, nmust, nallow,
                                    _sec(big, S_RCOLS), big[o_rcoff + g], big[o_rcoff + g + 1],
                                    scr, ext, bsc)
            for t in range(ln):
                mkey[ko + t] = scr[R_KEY, t]
            mhs[0, e] = hs
            mhs[2, e] = steps
            mhs[1, e] = 1 if fits < 0 else (2 if fits == 0 else 3)
            for t in range(2 * aw + rw):
                big[ro + t] = 0
            if fits > 0:
                for t in range(a, b):
                    c = order[t]
                    if bsc[B_ST, c] == -1 and (scr[R_INN, c] == fits or scr[R_INN, c] == 0):
                        i = t - a
                        side = 0 if scr[R_INN, c] == fits else aw
                        big[ro + side + (i >> 6)] |= np.int64(1) << (i & 63)
            for j in range(nr):
                u = big[o_ring + big[o_ringoff + g] + j]
                if fits > 0 and scr[R_RIM, u] == fits:
                    big[ro + 2 * aw + (j >> 6)] |= np.int64(1) << (j & 63)
                scr[R_RIM, u] = 0
        work[2] += mhs[2, e]
        if mhs[1, e] == 1:
            continue
        if mhs[1, e] == 2:
            return -1
        changed = 0
        for t in range(2 * aw):
            x = big[ro + t]
            if x == 0:
                continue
            changed = 1
            side = 0 if t < aw else 1               # shade: remove blank; blank: remove shaded
            base = a + 64 * (t - side * aw)
            for i in range(64):
                if (x >> i) & 1:
                    bits[2 * order[base + i] + side] = False
        for t in range(rw):
            x = big[ro + 2 * aw + t]
            if x == 0:
                continue
            for i in range(64):
                if (x >> i) & 1:
                    u = big[o_ring + big[o_ringoff + g] + 64 * t + i]
                    if bsc[B_ST, u] == -1:
                        bits[2 * u + 1] = False
                        changed = 1
        if changed:
            return 1
    return 0


@njit(cache=True)
def _fit_list(nbrs, reg, order, a, b, g, v, colof, rowof, r4, nmust, nallow, rcols, ca, cb,
              scr, ext, bsc):
    """List region ``g``'s stones (on its cells neither blank nor blocked):
    counts in the ``inn`` row (region cells) and the ``rim`` row (cells around
    it) how many stones use or touch each cell.  Returns ``(stones, partial stones
    listed)``, stones -1 when the listing passed :data:`FIT_STEPS`."""
    m = b - a
    st, inS = bsc[B_ST], bsc[B_INS]
    inn, rim, stamp, alw, nadj = scr[R_INN], scr[R_RIM], scr[R_STAMP], scr[R_ALW], scr[R_NADJ]
    S, colcnt, cmin, cmax, ccnt = scr[R_S], scr[R_COLCNT], scr[R_CMIN], scr[R_CMAX], scr[R_CCNT]
    clo, chi, extbase, extlen, ctr = (scr[R_CLO], scr[R_CHI], scr[R_EXTBASE], scr[R_EXTLEN],
                                      scr[R_CTR])
    ctr[0] += 1
    tok = ctr[0]
    root = -1
    blocked = bsc[B_BLOCKED]
    for t in range(a, b):
        c = order[t]
        inn[c] = 0
        if st[c] != 0 and blocked[c] == 0:
            alw[c] = tok
        if root < 0 and st[c] == 1:
            root = c
    maxsize = v if v > 0 else nallow
    fits = 0
    steps = 0
    gave_up = False
    nroots = 1 if nmust > 0 else m
    for ri in range(nroots):
        r0 = root if nmust > 0 else order[a + ri]
        if alw[r0] != tok:
            continue
        minmode = nmust == 0
        S[0] = r0
        inS[r0] = 1
        colcnt[colof[r0]] += 1
        mustin = 1 if st[r0] == 1 else 0
        for d in range(4):
            u = nbrs[r0, d]
            if u >= 0:
                nadj[u] += 1
        extbase[1] = 0
        nl = 0
        for d in range(4):
            u = nbrs[r0, d]
            if u >= 0 and alw[u] == tok and (not minmode or u > r0):
                ext[nl] = u
                nl += 1
        extlen[1] = nl
        depth = 1
        fresh = True
        while depth > 0:
            if fresh:
                fresh = False
                steps += 1
                if steps > FIT_STEPS:
                    gave_up = True
                    break
                if mustin == nmust and (v <= 0 or depth == v) and \
                        _fit_ok(S, depth, colof, rowof, r4, rcols, ca, cb, colcnt, clo, chi,
                                cmin, cmax, ccnt):
                    fits += 1
                    _fit_count(S, depth, nbrs, reg, g, inn, rim, stamp, ctr)
            if depth == maxsize - 1 and extlen[depth] > 0:
                # each last cell x completes a stone S + x: list them without
                # pushing, checking only what x changes
                nleaf = extlen[depth]
                if steps + nleaf > FIT_STEPS:
                    steps = FIT_STEPS + 1
                    gave_up = True
                    break
                steps += nleaf
                if mustin + 1 >= nmust and (v <= 0 or depth + 1 == v):
                    nf = _fit_leaves(S, depth, ext, extbase[depth], nleaf, mustin, nmust, st,
                                     nbrs, reg, g, colof, rowof, r4, rcols, ca, cb, colcnt,
                                     clo, chi, cmin, cmax, ccnt, inn, rim, stamp, ctr)
                    fits += nf
                extlen[depth] = 0
                continue
            if depth < maxsize and extlen[depth] > 0:
                extlen[depth] -= 1
                p0 = extbase[depth]
                nl = extlen[depth]
                x = ext[p0 + nl]
                p1 = p0 + nl
                for q in range(nl):
                    ext[p1 + q] = ext[p0 + q]
                for d in range(4):
                    u = nbrs[x, d]
                    if u >= 0 and alw[u] == tok and inS[u] == 0 and nadj[u] == 0 and \
                            (not minmode or u > r0):
                        ext[p1 + nl] = u
                        nl += 1
                extbase[depth + 1] = p1
                extlen[depth + 1] = nl
                S[depth] = x
                inS[x] = 1
                colcnt[colof[x]] += 1
                if st[x] == 1:
                    mustin += 1
                for d in range(4):
                    u = nbrs[x, d]
                    if u >= 0:
                        nadj[u] += 1
                depth += 1
                fresh = True
            else:
                depth -= 1
                x = S[depth]
                inS[x] = 0
                colcnt[colof[x]] -= 1
                if st[x] == 1:
                    mustin -= 1
                for d in range(4):
                    u = nbrs[x, d]
                    if u >= 0:
                        nadj[u] -= 1
        if gave_up:
            while depth > 0:            # unwind what is still pushed
                depth -= 1
                x = S[depth]
                inS[x] = 0
                colcnt[colof[x]] -= 1
                for d in range(4):
                    u = nbrs[x, d]
                    if u >= 0:
                        nadj[u] -= 1
            return -1, steps
    return fits, steps


@njit(cache=True, inline="always")
def _column_extents(S, size, colof, rowof, cmin, cmax, ccnt):
    """Add the cells ``S[:size]`` to their columns' lowest and highest row
    and cell count (a stone has no vertical gap in a column where
    ``cmax - cmin + 1 == ccnt``)."""
    for q in range(size):
        c = colof[S[q]]
        r = rowof[S[q]]
        cmin[c] = min(cmin[c], r)
        cmax[c] = max(cmax[c], r)
        ccnt[c] += 1


@njit(cache=True)
def _fit_leaves(S, size, ext, p0, nleaf, mustin, nmust, st, nbrs, reg, g, colof, rowof, r4,
                rcols, ca, cb,
                colcnt, clo, chi, cmin, cmax, ccnt, inn, rim, stamp, ctr):
    """Count the stones ``S[:size] + x`` for the cells ``x`` in
    ``ext[p0:p0 + nleaf]`` that fit (as :func:`_fit_ok` and :func:`_fit_count`
    would, one stone at a time); returns how many fit."""
    bad = 0                             # columns out of range, and with a gap, without x
    gaps = 0
    if r4 < 3:
        for j in range(ca, cb):
            c = rcols[j]
            if colcnt[c] > chi[c] or colcnt[c] < clo[c]:
                bad += 1
    if r4 <= 1:
        for j in range(ca, cb):
            c = rcols[j]
            cmin[c] = 1 << 30
            cmax[c] = -1
            ccnt[c] = 0
        _column_extents(S, size, colof, rowof, cmin, cmax, ccnt)
        for j in range(ca, cb):
            c = rcols[j]
            if ccnt[c] > 0 and cmax[c] - cmin[c] + 1 != ccnt[c]:
                gaps += 1
    ctr[1] += 1
    near = ctr[1]                       # cells outside the region next to S
    for q in range(size):
        for d in range(4):
            u = nbrs[S[q], d]
            if u >= 0 and reg[u] != g:
                stamp[u] = near
    nf = 0
    for i in range(nleaf - 1, -1, -1):
        x = ext[p0 + i]
        if mustin + (1 if st[x] == 1 else 0) != nmust:
            continue
        cx = colof[x]
        if r4 < 3:
            was = colcnt[cx] > chi[cx] or colcnt[cx] < clo[cx]
            now = colcnt[cx] + 1 > chi[cx] or colcnt[cx] + 1 < clo[cx]
            if bad - was + now != 0:
                continue
        if r4 <= 1:
            rx = rowof[x]
            was = ccnt[cx] > 0 and cmax[cx] - cmin[cx] + 1 != ccnt[cx]
            now = max(cmax[cx], rx) - min(cmin[cx], rx) + 1 != ccnt[cx] + 1
            if gaps - was + now != 0:
                continue
        nf += 1
        inn[x] += 1
        for d in range(4):
            u = nbrs[x, d]
            if u >= 0 and reg[u] != g and stamp[u] != near:
                rim[u] += 1
    if nf > 0:
        ctr[1] += 1
        done = ctr[1]
        for q in range(size):
            c = S[q]
            inn[c] += nf
            for d in range(4):
                u = nbrs[c, d]
                if u >= 0 and reg[u] != g and stamp[u] == near:
                    stamp[u] = done
                    rim[u] += nf
    return nf


@njit(cache=True)
def _fit_count(S, size, nbrs, reg, g, inn, rim, stamp, ctr):
    """Count a listed stone: once in ``inn`` for each of its cells, once in
    ``rim`` for each cell outside region ``g`` next to it."""
    ctr[1] += 1
    cur = ctr[1]
    for q in range(size):
        c = S[q]
        inn[c] += 1
        for d in range(4):
            u = nbrs[c, d]
            if u >= 0 and reg[u] != g and stamp[u] != cur:
                stamp[u] = cur
                rim[u] += 1


@njit(cache=True)
def _fit_ok(S, size, colof, rowof, r4, rcols, ca, cb, colcnt, clo, chi, cmin, cmax, ccnt):
    """A listed stone fits the columns (and has no vertical gap when asked):
    in every column of its region it leaves between ``clo`` and ``chi`` cells
    (what the shaded and open cells outside the region allow)."""
    if r4 < 3:
        for j in range(ca, cb):
            c = rcols[j]
            if colcnt[c] > chi[c] or colcnt[c] < clo[c]:
                return False
    if r4 <= 1:
        for q in range(size):
            c = colof[S[q]]
            cmin[c] = 1 << 30
            cmax[c] = -1
            ccnt[c] = 0
        _column_extents(S, size, colof, rowof, cmin, cmax, ccnt)
        for q in range(size):
            c = colof[S[q]]
            if cmax[c] - cmin[c] + 1 != ccnt[c]:
                return False
    return True


# ---------------------------------------------------------------- drop
@njit(cache=True)
def _drop_jit(bits, nbrs, reg, order, roff, flags, work, scr):
    h, w, r4, k = flags[0], flags[1], flags[2], flags[3]
    if r4 > 1:
        return 0
    n = nbrs.shape[0]
    half = h // 2
    changed = 0
    # no vertical hole: two shaded cells of one region in a column shade the cells between
    for g in range(k):
        work[3] += 1
        for t in range(roff[g], roff[g + 1]):
            x = order[t]
            if _state(bits, x) != 1:
                continue
            for y in range(x + 2 * w, n, w):
                if reg[y] == g and _state(bits, y) == 1:
                    for z in range(x + w, y, w):
                        if reg[z] != g:
                            return -1
                        r = _set(bits, z, 1)
                        if r < 0:
                            return -1
                        changed |= r
    if changed or r4 == 1:
        return changed
    # exact: r + (shaded below) is one number K per stone
    kb = scr[R_KB]                    # known shaded below
    ob = scr[R_OB]                    # open below
    for c in range(w):
        s1 = 0
        s2 = 0
        for r in range(h - 1, -1, -1):
            x = r * w + c
            kb[x] = s1
            ob[x] = s2
            q = _state(bits, x)
            if q == 1:
                s1 += 1
            elif q == -1:
                s2 += 1
    for g in range(k):
        kmin = -1
        kmax = 1 << 30
        any_sh = False
        for t in range(roff[g], roff[g + 1]):
            x = order[t]
            if _state(bits, x) != 1:
                continue
            any_sh = True
            r = x // w
            kmin = max(kmin, r + kb[x])
            kmax = min(kmax, r + min(kb[x] + ob[x], half - 1))
        if not any_sh:
            continue
        if kmin > kmax:
            return -1
        for t in range(roff[g], roff[g + 1]):
            x = order[t]
            q = _state(bits, x)
            r = x // w
            if q == 1 and ob[x] > 0:
                if kmax - r == kb[x]:
                    val = 0
                elif kmin - r == kb[x] + ob[x]:
                    val = 1
                else:
                    continue
                for y in range(x + w, n, w):
                    if _state(bits, y) == -1:
                        rr = _set(bits, y, val)
                        if rr < 0:
                            return -1
                        changed = 1
                return 1
            if q == -1:
                lo = r + kb[x]
                hi = r + min(kb[x] + ob[x], half - 1)
                if hi < kmin or lo > kmax:
                    bits[2 * x + 1] = False
                    changed = 1
    return changed


# ---------------------------------------------------------------- the compiled loop
@njit(cache=True)
def _sec(big, j):
    """Section ``j`` of the int64 data array."""
    return big[big[F_SECT + j]:big[F_SECT + j + 1]]


@njit(cache=True)
def _apply_jit(i, bits, data, work):
    """Rung ``i`` for the core's compiled loop (``data`` is :func:`data`)."""
    nbrs, big, small = data
    flags = big[:N_FLAGS]
    if i == 0:
        return _col_jit(bits, flags, work)
    n, row = flags[4], flags[5]
    reg, order, roff = _sec(big, S_REG), _sec(big, S_ORDER), _sec(big, S_ROFF)
    scr = _sec(big, S_SCR).reshape((N_ROWS, row))
    bsc = small[:N_BROWS * n].reshape((N_BROWS, n))
    if i == 1:
        return _clue_jit(bits, nbrs, reg, order, roff, _sec(big, S_NUM), flags, work, scr, bsc,
                         big)
    if i == 2:
        return _fit_jit(bits, nbrs, reg, order, roff, _sec(big, S_NUM), flags, work, big, scr,
                        _sec(big, S_EXT), bsc, _sec(big, S_MHS).reshape((3, -1)),
                        _sec(big, S_MKEY))
    return _drop_jit(bits, nbrs, reg, order, roff, flags, work, scr)


@njit(cache=True)
def _legal_jit(bits, data):
    """The rules on a decided state (what the referee says)."""
    nbrs, big = data[0], data[1]
    flags = big[:N_FLAGS]
    reg, order, roff, num = _sec(big, S_REG), _sec(big, S_ORDER), _sec(big, S_ROFF), \
        _sec(big, S_NUM)
    h, w, r4, k = flags[0], flags[1], flags[2], flags[3]
    n = nbrs.shape[0]
    s = np.zeros(n, np.int64)
    for c in range(n):
        q = _state(bits, c)
        if q < 0:
            return False
        s[c] = q
    below = np.zeros(n, np.int64)
    for c in range(w):
        seen = 0
        for r in range(h - 1, -1, -1):
            below[r * w + c] = seen
            seen += s[r * w + c]
        if r4 < 3 and seen != h // 2:
            return False
    stack = np.empty(n, np.int64)
    lab = np.full(n, -1, np.int64)
    for g in range(k):
        a, b = roff[g], roff[g + 1]
        size = 0
        first = -1
        for t in range(a, b):
            if s[order[t]]:
                size += 1
                if first < 0:
                    first = order[t]
        if first < 0 or (num[g] > 0 and size != num[g]):
            return False
        lab[first] = g
        stack[0] = first
        top = 1
        got = 0
        key = first // w + below[first]
        while top > 0:
            top -= 1
            x = stack[top]
            got += 1
            if r4 == 0 and x // w + below[x] != key:
                return False
            for d in range(4):
                u = nbrs[x, d]
                if u < 0 or not s[u]:
                    continue
                if reg[u] != g:
                    return False
                if lab[u] < 0:
                    lab[u] = g
                    stack[top] = u
                    top += 1
        if got != size:
            return False
        if r4 == 1:
            for t in range(a, b):
                x = order[t]
                if not s[x]:
                    continue
                for y in range(x + 2 * w, n, w):
                    if s[y] and reg[y] == g:
                        for z in range(x + w, y, w):
                            if not s[z]:
                                return False
    return True


KERNELS = Compiled(apply=_apply_jit, data=data, work=WORK, legal=_legal_jit,
                   hints=KernelHints(settles=(0,)))
LADDER = Ladder([
    Rung("col", KERNELS.rung(0, "col"), "#7f7f7f",
         "every column holds h/2 shaded cells: a full column blanks the rest, "
         "a column with h/2 blanks shades the rest"),
    Rung("clue", KERNELS.rung(1, "clue"), "#1f77b4",
         "numbers as sizes, one stone per region, stones apart, reachability"),
    Rung("fit", KERNELS.rung(2, "fit"), "#2ca02c",
         "every way a region's stone can still be drawn; keep what they agree on"),
    Rung("drop", KERNELS.rung(3, "drop"), "#9467bd",
         "no vertical hole in a stone, and (exact) r + shaded-below is one number per stone"),
    probe_rung(),
], compiled=KERNELS)
