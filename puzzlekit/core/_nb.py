"""numba helpers shared across the core and the genres."""
from __future__ import annotations

import ctypes
import functools
import hashlib
import importlib

import llvmlite.binding as llvm
import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.core import cgutils
from numba.core.errors import TypingError
from numba.core.extending import intrinsic

__all__ = ["live_counts_jit", "dead_jit", "solved_jit", "popcount64", "lowbit64", "words",
           "gather8", "live_mask", "one_copy_per_type", "call", "call_pointer", "copy_into",
           "sort_part"]


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


def keep_reload_hooks() -> None:
    """Give a function numba loads from its disk cache the reload hooks it
    was saved with, on its code library too, so that a function compiled
    later that links it inherits them.

    numba runs a function's reload hooks (``reload_init``) before it loads
    the function's code from the cache, and a function linking another
    inherits that one's hooks from its library when it is compiled.  A
    library loaded from the cache starts without them, so a function
    compiled later on top of a cached one (the search on the cached
    fixpoint, say) was saved without its callee's hooks; :func:`call`
    relies on them to set the addresses a cached caller reads before its
    code is loaded.  Installed once, at import; a numba that does not look
    as expected is left alone."""
    import inspect

    from numba.core import compiler
    original = compiler.CompileResult.__dict__.get("_rebuild")
    func = getattr(original, "__func__", None)
    if func is None or getattr(func, "keeps_reload_hooks", False):
        return
    try:
        bind = inspect.signature(func).bind
        bind(None, *range(10))
    except TypeError:
        return

    def _rebuild(cls, *args, **kwargs):
        result = func(cls, *args, **kwargs)
        hooks = bind(cls, *args, **kwargs).arguments.get("reload_init")
        library = getattr(result, "library", None)
        if hooks and isinstance(getattr(library, "_reload_init", None), set):
            library._reload_init.update(hooks)
        return result

    _rebuild.keeps_reload_hooks = True
    compiler.CompileResult._rebuild = classmethod(_rebuild)


keep_reload_hooks()


# ----------------------------------------------------------- calls by address
# numba compiles a call from one jitted function to another by linking a
# copy of the callee into the caller, where LLVM optimises and emits it
# again: a kernel three calls deep is compiled four times over, and that
# was most of a first solve's compile time.  ``call`` reaches the callee
# through its address instead.  A caller asks for the address once, by the
# callee's key (its module, name and argument types), from one C function
# this module registers with the JIT linker at import, and keeps it in a
# variable of its own; the key's address is set when the caller is compiled
# and, when a process loads the caller from numba's disk cache, by the
# caller's reload hook before its code is loaded.  A key with no address
# raises a RuntimeError in the caller: it is never called blind.


def call_pointer(context, builder, addr, restype, argtys, args):
    """Emit a call, with numba's own calling convention, to the compiled
    function at ``addr`` (an LLVM int64) taking ``argtys`` and returning
    ``restype``: its result, with an exception it raises passed on to the
    caller as if it had been called directly."""
    fnty = context.call_conv.get_function_type(restype, argtys)
    fn = builder.inttoptr(addr, fnty.as_pointer())
    status, res = context.call_conv.call_function(builder, fn, restype, argtys, args)
    with cgutils.if_unlikely(builder, status.is_error):
        context.call_conv.return_status_propagate(builder, status)
    return res


_ADDRESSES: dict = {}         # key (bytes) -> the callee's address in this process


@ctypes.CFUNCTYPE(ctypes.c_int64, ctypes.c_char_p)
def _lookup(key):
    return _ADDRESSES.get(key, 0)


_LOOKUP = "puzzlekit_call_address"
llvm.add_symbol(_LOOKUP, ctypes.cast(_lookup, ctypes.c_void_p).value)


def _key(module: str, qualname: str, argtys) -> bytes:
    tag = hashlib.sha1(str(tuple(argtys)).encode()).hexdigest()[:16]
    return f"{module}.{qualname}.{tag}".encode()


def _ready(module: str, qualname: str, argtys, restype=None):
    """Compile (or load from the disk cache) the function ``qualname`` of
    ``module`` for ``argtys``, and record its address under its key:
    ``(address, return type)``.  Run when a caller is compiled, and again,
    before its code is loaded, when a process loads the caller from numba's
    disk cache.  ``restype`` is what the caller was compiled for: a callee
    that now returns something else (its source changed under a caller
    loaded from the cache) is refused, never called."""
    fn = importlib.import_module(module)
    for part in qualname.split("."):
        fn = getattr(fn, part)
    fn.compile(argtys)
    cres = fn.overloads[tuple(argtys)]
    got = cres.signature.return_type
    if restype is not None and got != restype:
        raise TypeError(f"{module}.{qualname}{tuple(argtys)} returns {got}, "
                        f"its caller was compiled for {restype}: clear numba's cache")
    addr = cres.library.get_pointer_to_function(cres.fndesc.llvm_func_name)
    if not addr:
        raise RuntimeError(f"{module}.{qualname} has no address")
    _ADDRESSES[_key(module, qualname, argtys)] = addr
    return addr, got


@intrinsic
def call(typingctx, fn, *args):
    """``call(fn, *args)``: ``fn(*args)`` from compiled code, through ``fn``'s
    address instead of a copy of ``fn`` linked into the caller.

    The result and any exception are those of the direct call; a call costs
    the same (one indirect jump), but the caller's compile does not optimise
    and emit ``fn``'s code (and that of everything ``fn`` calls) again.  For
    a kernel called from a loop that is itself called from other loops,
    that is most of a first solve's compile time.  ``fn`` is compiled for
    the arguments' types (constants as their plain types) when the caller
    is, and the caller keeps what it needs to find it again when numba loads
    it from the disk cache in another process.  LLVM cannot inline ``fn``
    into the caller: use it for kernels, not for small helpers.

    numba stamps a cached function with its own source file only: after a
    change to how this intrinsic emits its code, callers in unchanged files
    keep the old code in the cache, so clear numba's cache (``__pycache__``
    or ``NUMBA_CACHE_DIR``) after one."""
    disp = getattr(fn, "dispatcher", None)
    if disp is None:
        raise TypingError(f"call: {fn} is not a jitted function")
    if len(args) == 1 and isinstance(args[0], types.StarArgTuple):
        args = tuple(args[0])
    argtys = tuple(types.unliteral(a) for a in args)
    module, qualname = disp.py_func.__module__, disp.py_func.__qualname__
    _, restype = _ready(module, qualname, argtys)
    key = _key(module, qualname, argtys)
    reload = functools.partial(_ready, module, qualname, argtys, restype)
    sig = restype(fn, types.StarArgTuple.from_types(argtys))

    def codegen(context, builder, signature, llargs):
        context.active_code_library._reload_init.add(reload)
        mod = builder.module
        i64 = ir.IntType(64)
        lookup = cgutils.get_or_insert_function(
            mod, ir.FunctionType(i64, [ir.IntType(8).as_pointer()]), _LOOKUP)
        name = "puzzlekit.call." + key.decode()
        kept = mod.globals.get(name)
        if kept is None:                 # the address, once looked up, kept per module
            kept = ir.GlobalVariable(mod, i64, name)
            kept.linkage = "internal"
            kept.initializer = ir.Constant(i64, 0)
        with builder.if_then(cgutils.is_null(builder, builder.load(kept)), likely=False):
            text = context.insert_const_bytes(mod, key + b"\0", name + ".key")
            builder.store(builder.call(lookup, [text]), kept)
        addr = builder.load(kept)
        with builder.if_then(cgutils.is_null(builder, addr), likely=False):
            context.call_conv.return_user_exc(
                builder, RuntimeError, (f"{module}.{qualname} has no address",))
        vals = cgutils.unpack_tuple(builder, llargs[1])
        return call_pointer(context, builder, addr, restype, argtys, vals)

    return sig, codegen


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


@njit(cache=True)
def copy_into(dst, at, src, m):
    """``dst[at:at + m] = src[:m]``, element by element: an assignment of
    one array's slice to another's compiles numba's shape-mismatch message
    as well (more than a second of a first run), this a plain loop."""
    for i in range(m):
        dst[at + i] = src[i]


@njit(cache=True)
def sort_part(a, lo, hi):
    """Sort ``a[lo:hi]`` in place: an insertion sort, for the short runs
    (a few dozen) that tables sort while they are built, where ``np.sort``
    would compile numba's quicksort on a first run."""
    for i in range(lo + 1, hi):
        x = a[i]
        j = i - 1
        while j >= lo and a[j] > x:
            a[j + 1] = a[j]
            j -= 1
        a[j + 1] = x
