"""numba helpers shared across the core and the genres."""
from __future__ import annotations

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.core.extending import intrinsic

__all__ = ["live_counts_jit", "dead_jit", "solved_jit", "popcount64", "lowbit64"]


@intrinsic
def _ctpop64(typingctx, x):
    """LLVM's population count of a uint64 (one instruction where the
    processor has it)."""
    if x != types.uint64:
        return None

    def codegen(context, builder, sig, args):
        fn = builder.module.declare_intrinsic("llvm.ctpop", [ir.IntType(64)])
        return builder.call(fn, args)
    return types.uint64(types.uint64), codegen


@intrinsic
def _cttz64(typingctx, x):
    """LLVM's count of trailing zeros of a uint64 (64 for zero)."""
    if x != types.uint64:
        return None

    def codegen(context, builder, sig, args):
        fn = builder.module.declare_intrinsic("llvm.cttz", [ir.IntType(64), ir.IntType(1)])
        return builder.call(fn, [args[0], ir.Constant(ir.IntType(1), 0)])
    return types.uint64(types.uint64), codegen


@njit(cache=True, inline="always")
def popcount64(x):
    """The number of set bits of ``x`` (a uint64), as an int64."""
    return np.int64(_ctpop64(np.uint64(x)))


@njit(cache=True, inline="always")
def lowbit64(x):
    """The index of the lowest set bit of ``x`` (a uint64; 64 when zero)."""
    return np.int64(_cttz64(np.uint64(x)))


@njit(cache=True)
def live_counts_jit(bits, offsets, out):
    """Write the number of live bits of each variable into ``out``."""
    for v in range(offsets.shape[0] - 1):
        c = 0
        for b in range(offsets[v], offsets[v + 1]):
            if bits[b]:
                c += 1
        out[v] = c


@njit(cache=True)
def dead_jit(bits, offsets):
    """True when some variable has no live bit."""
    for v in range(offsets.shape[0] - 1):
        alive = False
        for b in range(offsets[v], offsets[v + 1]):
            if bits[b]:
                alive = True
                break
        if not alive:
            return True
    return False


@njit(cache=True)
def solved_jit(bits, offsets):
    """True when every variable has exactly one live bit."""
    for v in range(offsets.shape[0] - 1):
        c = 0
        for b in range(offsets[v], offsets[v + 1]):
            if bits[b]:
                c += 1
        if c != 1:
            return False
    return True
