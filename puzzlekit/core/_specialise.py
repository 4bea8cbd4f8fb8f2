"""Each genre's own copies of the compiled loops, cached beside its kernels.

The propagation loop and the search of :mod:`._loop` take the genre's
kernels (``apply``, ``legal``) as arguments, and a numba function taking a
function is compiled again in every process: numba cannot key its disk
cache on the kernel.  :func:`specialised` therefore makes, per genre, a
copy of each from its own source that names the genre's kernels as globals,
compiled with ``cache=True`` as if written in the kernels' file
(:func:`compile_beside`), under a name that carries a hash of the sources
(:func:`kernels_tag`); :class:`Loops` hands the fixpoint and the search the
address of the genre's propagation loop.  The clause learner's search is
made the same way (:mod:`puzzlekit.core.learn`).
"""
from __future__ import annotations

import hashlib
import inspect
from pathlib import Path

import numpy as np
from numba import njit, typeof, types
from numba._dispatcher import compute_fingerprint

from . import _loop
from ._loop import _BITS, _INDEX, _no_residue, fixpoint_jit, propagate_jit, search_jit

__all__ = ["specialised", "Loops", "compile_beside", "kernels_tag"]

_SPECIALISED: dict = {}


def _sources_tag(files) -> str:
    h = hashlib.sha1()
    for f in sorted(files):
        h.update(Path(f).read_bytes())
    return h.hexdigest()[:12]


def kernels_tag(src_file) -> str:
    """A hash of the sources of :mod:`puzzlekit.core` and of the package
    holding ``src_file`` (a genre's kernels): the name tag of a loop compiled
    for them, new whenever either changes."""
    here = Path(__file__).resolve().parent
    genre_sources = list(Path(src_file).resolve().parent.glob("*.py"))
    return _sources_tag(list(here.glob("*.py")) + genre_sources)


def compile_beside(src: str, src_file, names: dict, compiled, no_nrt=()) -> None:
    """Run ``src`` in ``names`` as if written in ``src_file`` and compile the
    functions it defines named in ``compiled`` with ``cache=True``, in
    place in ``names``: numba keeps them on disk beside that file, stamped by
    it, so a fresh process loads them instead of compiling them.  Those
    also named in ``no_nrt`` are compiled without numba's reference counting
    (``_nrt=False``): they may not make arrays, and in return spend nothing
    counting references to the ones they are handed."""
    exec(compile(src, src_file, "exec"), names)
    for name in compiled:
        names[name] = njit(cache=True, _nrt=name not in no_nrt)(names[name])


def _without_kernel_args(fn, tag: str) -> str:
    """The source of ``fn`` (:func:`~._loop.propagate_jit` or :func:`~._loop.search_jit`)
    for one genre: named ``_<stem>_<tag>``, without the kernel parameter,
    calling the genre's ``apply`` or ``legal`` by name."""
    src = inspect.getsource(fn.py_func)
    src = src[src.index("def "):]                 # the decorator goes
    for name, param in (("propagate_jit", "apply"), ("search_jit", "legal")):
        src = src.replace(f"def {name}({param}, ", f"def _{name[:-4]}_{tag}(")
    if src.startswith(("def propagate_jit(", "def search_jit(")):
        raise AssertionError(f"{fn.__name__}: a kernel argument is left in its source")
    return src


class Loops:
    """One genre's compiled loops as Python calls them: ``fixpoint(data,
    bits, offsets, active, probe, n_probe_vars, work, probe_slot, lift,
    deadline, passes)`` (:func:`fixpoint_jit`) and ``search(data, bits0,
    ...)`` (the genre's :func:`search_jit`, None without ``legal``), each
    handed the address of the genre's propagation loop compiled for the
    types of its arguments (:meth:`address`)."""

    def __init__(self, propagate, search=None):
        self.propagate = propagate          # the dispatchers, compiled for the genre
        self.search_loop = search
        self._addresses: dict = {}

    def address(self, data, bits, offsets, active, work) -> int:
        """The address of the propagation loop compiled (or loaded from the
        disk cache) for the types of these arguments, kept per type of
        ``data``: ``bits`` must be a contiguous boolean vector and the other
        three contiguous int64 vectors, which :func:`_call_loop` checks
        when a loop calling it is compiled, so a loop is never handed the
        address of one compiled for other types."""
        try:
            key = compute_fingerprint(data)
        except (TypeError, ValueError):        # a type without a fingerprint: typed each time
            key = None
        got = self._addresses.get(key) if key is not None else None
        if got is None:
            sig = (typeof(data), _BITS, _INDEX, _INDEX, _INDEX)
            self.propagate.compile(sig)
            cres = self.propagate.overloads[sig]
            if cres.signature.return_type != types.int64:
                raise TypeError(f"the propagation loop returns {cres.signature.return_type}, "
                                "not int64")
            got = cres.library.get_pointer_to_function(cres.fndesc.llvm_func_name)
            if not got:
                raise RuntimeError("the propagation loop has no address")
            if key is not None:
                self._addresses[key] = got
        return got

    def fixpoint(self, data, bits, offsets, active, probe, n_probe_vars, work, probe_slot,
                 lift=False, deadline=np.inf, passes=1 << 62):
        """:func:`fixpoint_jit` on the genre's propagation loop (every
        argument passed on, so that one compiled fixpoint serves every call
        of the same types)."""
        return fixpoint_jit(self.address(data, bits, offsets, active, work), data, bits,
                            offsets, active, probe, n_probe_vars, work, probe_slot, lift,
                            deadline, passes)

    def search(self, data, bits0, offsets, active, probe, n_probe_vars, work, *rest):
        """The genre's :func:`search_jit` on its propagation loop."""
        return self.search_loop(self.address(data, bits0, offsets, active, work), data, bits0,
                            offsets, active, probe, n_probe_vars, work, *rest)


def specialised(apply, legal=None, hints=None):
    """``(fixpoint, search)``: :func:`fixpoint_jit` and :func:`search_jit`
    for one genre's ``apply`` and ``legal`` kernels, as :class:`Loops`
    calls them, without the kernel parameters (``search`` is None without
    ``legal``); the propagation loop they call is compiled for what
    the kernels promise (``hints``, a
    :class:`~puzzlekit.core.ladder.KernelHints`): ``reports_empty`` turns
    :data:`~._loop.CHECK_EMPTY` off; ``settles`` lists the kernel rungs that
    settle in one call (:data:`~._loop.SETTLES`), ``checks`` the checks
    (:data:`~._loop.CHECKS`); ``residue`` is the genre's residue kernel, if
    any (:data:`~._loop.RESIDUE`);
    ``no_refcounts``: the kernels make no arrays, so the propagation loop is
    compiled without reference counting.

    A function taking a kernel as an argument is compiled again in every
    process, so the propagation loop and the search are made from their own
    source with the kernels named as globals, and compiled with
    ``cache=True`` as if written in the kernels' file: numba keeps them on
    disk beside the genre's kernels, stamped by that file, and a fresh
    process loads them instead of compiling them.  Their names carry a hash
    of the sources of :mod:`puzzlekit.core` and of the genre's package, so
    an edit to either makes new names and a stale loop is never loaded.
    Same code, same results; one pair per kernel pair and process.
    """
    if hints is None:
        from .ladder import KernelHints
        hints = KernelHints()
    check_empty, residue = not hints.reports_empty, hints.residue
    no_refcounts = hints.no_refcounts
    settles = tuple(sorted(int(i) for i in hints.settles))
    checks = tuple(sorted(int(i) for i in hints.checks))
    if no_refcounts and any(f is not None and f.targetoptions.get("_nrt", True)
                            for f in (apply, legal)):
        raise ValueError(f"{apply.py_func.__module__}: no_refcounts needs apply and legal "
                         "compiled with njit(_nrt=False)")
    key = (apply, legal, check_empty, settles, checks, residue, no_refcounts)
    got = _SPECIALISED.get(key)
    if got is not None:
        return got
    src_file = inspect.getfile(apply.py_func)
    tag = kernels_tag(src_file)
    tag += "" if check_empty else "_r"
    tag += "".join(f"_s{i}" for i in settles) + "".join(f"_c{i}" for i in checks)
    tag += "" if residue is None else "_m"
    tag += "_n" if no_refcounts else ""
    loops = (propagate_jit,) + ((search_jit,) if legal is not None else ())
    names = dict(vars(_loop))
    mask = np.zeros(max(settles, default=-1) + 1, dtype=np.uint8)
    mask[list(settles)] = 1
    is_check = np.zeros(max(checks, default=-1) + 1, dtype=np.uint8)
    is_check[list(checks)] = 1
    # the genre's ``apply`` is inlined where the propagation loop calls it:
    # numba then does not compile it on its own as well, one layer fewer
    # above the kernels (each layer re-optimises the code of the ones it calls)
    inlined = njit(inline="always")(apply.py_func)
    names.update(apply=inlined, legal=legal, CHECK_EMPTY=bool(check_empty), SETTLES=mask,
                 CHECKS=is_check, RESIDUE=residue is not None,
                 residue=_no_residue if residue is None else residue,
                 __name__=apply.py_func.__module__)
    src = "\n\n".join(_without_kernel_args(fn, tag) for fn in loops)
    compile_beside(src, src_file, names, [f"_{fn.__name__[:-4]}_{tag}" for fn in loops],
                   no_nrt=(f"_propagate_{tag}",) if no_refcounts else ())
    made = Loops(names[f"_propagate_{tag}"], names.get(f"_search_{tag}"))
    _SPECIALISED[key] = (made.fixpoint, made.search if legal is not None else None)
    return _SPECIALISED[key]
