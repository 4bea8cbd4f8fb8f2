"""What Country Road's rungs may skip: the flags of their steps, and the one
way a rung removes a value (:func:`_put`), which keeps them true.

Each rung is a pass of small steps (an edge, a country, a border, a cell,
or the whole catalogue).  Every step is a fixed function of a few
variables, its support.  A rung keeps a copy of the bits as it left them
and one flag per step, set when the step, run on the bits its support
holds now, removes nothing and finds no contradiction.  A call first
compares the bits with the copy and clears the flags of the steps whose
support differs; every removal clears the flags of the steps reading that
variable.  A step whose flag is still set would remove nothing, so it is
skipped: each call removes exactly what the full pass removes, in the same
order, and returns the same status.  The two whole-board steps of ``loop``
(chains, stranded cells) have one flag each: stranded cells reads every
variable; chains reads only which are used or road for sure, so only a
cleared bit 0 clears its flag.  They run only in a call whose cell steps
removed nothing, so a call of ``loop`` that returns 0 has run them all.
Every kernel returns -1 rather than empty a variable (``_put``), so the
core loop need not look for one (``KernelHints.reports_empty``).
"""
from __future__ import annotations

import numpy as np
from numba import njit

__all__ = []                    # private kernels only


@njit(cache=True)
def _touch(h, T, B, row, var):
    """Clear the flags of the steps of rung ``row`` (0 region, 1 once,
    2 loop, 3 macro) that read variable ``var``."""
    n = h.n_cells
    reg = h.country
    if row == 0:                                    # a cell's country and edges; an edge
        if var < n:
            B[h.clue_ok + T[reg + var]] = False
            for t in range(4):
                e = T[h.cell_edges + 4 * var + t]
                if e >= 0:
                    B[h.edge_ok + e] = False
        else:
            B[h.edge_ok + var - n] = False
    elif row == 1:                                  # countries, and borders
        if var < n:
            B[h.country_ok + T[reg + var]] = False
            B[h.joined_ok + T[reg + var]] = False
        else:
            e = var - n
            ga = T[reg + T[h.ends + 2 * e]]
            gb = T[reg + T[h.ends + 2 * e + 1]]
            if ga != gb:
                B[h.country_ok + ga] = False
                B[h.country_ok + gb] = False
                B[h.border_ok + T[h.pair + e]] = False
            else:
                B[h.joined_ok + ga] = False
    elif row == 2:                                  # a cell, or both ends of an edge
        B[h.whole_ok + 1] = False                   # and the stranded-cells step
        if var < n:
            B[h.cell_ok + var] = False
        else:
            B[h.cell_ok + T[h.ends + 2 * (var - n)]] = False
            B[h.cell_ok + T[h.ends + 2 * (var - n) + 1]] = False
    elif var >= n and T[h.pair + var - n] >= 0:     # the one step reads every border edge
        B[h.macro_ok] = False


@njit(cache=True)
def _refresh_jit(bits, h, T, B, row):
    """Clear the flags of the steps of rung ``row`` whose support differs
    from the rung's copy of the bits, and update the copy.  Compares eight
    bits (four variables) at a time."""
    L = h.n_bits
    sn = h.copies + row * h.copy_len
    L8 = L // 8 * 8
    bw = bits[:L8].view(np.uint64)
    sw = B[sn:sn + L8].view(np.uint64)
    for w in range(L8 // 8):
        if bw[w] != sw[w]:
            for v in range(4 * w, 4 * w + 4):
                if bits[2 * v] != B[sn + 2 * v] or bits[2 * v + 1] != B[sn + 2 * v + 1]:
                    _touch(h, T, B, row, v)
                    if row == 2 and bits[2 * v] != B[sn + 2 * v]:
                        B[h.whole_ok] = False
            sw[w] = bw[w]
    for v in range(L8 // 2, L // 2):
        if bits[2 * v] != B[sn + 2 * v] or bits[2 * v + 1] != B[sn + 2 * v + 1]:
            _touch(h, T, B, row, v)
            if row == 2 and bits[2 * v] != B[sn + 2 * v]:
                B[h.whole_ok] = False
            B[sn + 2 * v] = bits[2 * v]
            B[sn + 2 * v + 1] = bits[2 * v + 1]


# Removals go through _put; callers skip it when ``var`` is already fixed
# to ``val`` (a put costs more than that check).
@njit(cache=True, inline="always")
def _put(bits, var, val, h, T, B, row):
    """Fix variable ``var`` to ``val`` for rung ``row``: -1 if impossible, 1
    if changed (then the rung's copy follows, and the flags of its steps
    reading ``var`` are cleared), 0 if not."""
    if not bits[2 * var + val]:
        return -1
    if not bits[2 * var + 1 - val]:
        return 0
    bits[2 * var + 1 - val] = False
    B[h.copies + row * h.copy_len + 2 * var + 1 - val] = False
    _touch(h, T, B, row, var)
    if row == 2 and val == 1:
        B[h.whole_ok] = False
    return 1


@njit(cache=True, inline="always")
def _and_put(ch, bits, var, val, h, T, B, row):
    """Result ``ch`` of a step so far, then :func:`_put`: -1 stays -1 (and
    puts nothing), else -1 if the put fails, else ``ch`` or'ed with its
    result.  A variable already fixed to ``val`` is passed over before the
    put (cheaper than the put's own check)."""
    if ch < 0:
        return -1
    if bits[2 * var + val] and not bits[2 * var + 1 - val]:
        return ch
    r = _put(bits, var, val, h, T, B, row)
    if r < 0:
        return -1
    return ch | r
