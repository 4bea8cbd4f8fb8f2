"""numba helpers shared across the core and the genres."""
from __future__ import annotations

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.core.extending import intrinsic

__all__ = ["live_counts_jit", "dead_jit", "solved_jit", "popcount64", "lowbit64", "words",
           "gather8", "live_mask", "one_copy_per_type"]


def _plain(t):
    """An integer or boolean constant's type as its plain type, other types as they are."""
    return types.unliteral(t) if isinstance(t, (types.IntegerLiteral, types.BooleanLiteral)) else t


def one_copy_per_type() -> None:
    """Compile a jitted function of this package once per argument *type*
    when another jitted function calls it, not once per constant.

    numba types a constant argument (``_put(bits, v, 0, ...)``) as a literal,
    and compiles a separate copy of the callee for each literal value a
    caller passes: one function called with rows 0 to 3 was compiled four
    times, and such copies were a third of Country Road's compile time in a
    fresh process.  From here on, a call from compiled code to a function of
    ``puzzlekit`` is typed with the constants' plain types (``int64``,
    ``bool``) first, and with the literals only when that does not type (a
    function that needs a constant, to index a tuple say).  The code and its
    results are the same; only the number of copies compiled changes.  Done
    once, at import; a numba whose dispatcher does not look as expected is
    left alone (its compiles are then only slower)."""
    from numba.core import dispatcher, errors
    original = getattr(dispatcher.Dispatcher, "get_call_template", None)
    if original is None or getattr(original, "one_copy_per_type", False):
        return

    def get_call_template(self, args, kws):
        module = getattr(getattr(self, "py_func", None), "__module__", None) or ""
        if module.startswith("puzzlekit.") and getattr(self, "_can_compile", False):
            plain = tuple(_plain(a) for a in args)
            plain_kws = {k: _plain(v) for k, v in kws.items()}
            if plain != tuple(args) or plain_kws != dict(kws):
                try:
                    return original(self, plain, plain_kws)
                except errors.TypingError:
                    pass
        return original(self, args, kws)

    get_call_template.one_copy_per_type = True
    get_call_template.__doc__ = original.__doc__
    dispatcher.Dispatcher.get_call_template = get_call_template


one_copy_per_type()


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


@njit(cache=True, inline="always")
def words(bits):
    """The whole 8-byte words of a bool array as uint64 (its first
    ``bits.size // 8 * 8`` entries; byte ``i`` of word ``j`` is
    ``bits[8 * j + i]``), for :func:`live_mask` and :func:`gather8`: a
    state's bits read eight at a time, where a loop over the bools takes a
    branch per bit that the processor cannot foresee."""
    return bits[:bits.shape[0] // 8 * 8].view(np.uint64)


@njit(cache=True)
def _tail_word(bits, j):
    """Word ``j`` of ``bits`` past its whole words (the short tail, zero
    padded)."""
    w = np.uint64(0)
    for t in range(min(8, bits.shape[0] - 8 * j)):
        if bits[8 * j + t]:
            w |= np.uint64(1) << np.uint64(8 * t)
    return w


# times a word of 0/1 bytes, it gathers byte i's low bit into bit 56 + i
# (every partial product lands on its own bit, so nothing carries)
_GATHER = np.uint64(0x0102040810204080)


@njit(cache=True, inline="always")
def gather8(w):
    """The low bits of a word's eight 0/1 bytes as one byte (bit ``i`` from
    byte ``i``)."""
    return (np.uint64(w) * _GATHER) >> np.uint64(56)


@njit(cache=True, inline="always")
def live_mask(bits, x, a, b):
    """The live bits among ``bits[a:b]`` as a uint64 (bit ``i`` is
    ``bits[a + i]``), read eight at a time from ``x = words(bits)`` without
    a branch per bit; ``b - a`` at most 57."""
    j0 = a >> 3
    m = np.uint64(0)
    for j in range(j0, ((b - 1) >> 3) + 1):
        w = x[j] if j < x.shape[0] else _tail_word(bits, j)
        m |= gather8(w) << np.uint64(8 * (j - j0))
    m >>= np.uint64(a & 7)
    return m & ((np.uint64(1) << np.uint64(b - a)) - np.uint64(1))


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
