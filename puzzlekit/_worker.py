"""The command line's worker: heavy work in a forked child with a deadline.

A numba kernel cannot be interrupted from Python, but a process can be
killed.  :func:`run_capped` forks a child that runs the work under a memory
ceiling (:data:`WORKER_MEMORY` beyond what it inherits) and sends back one
JSON message; the parent waits up to the deadline, shows a terminal the
elapsed time after :data:`STATUS_AFTER` seconds, and kills the child when the
deadline passes.

The child compiles (or loads from numba's cache) only the kernels its work
reaches, when it reaches them.  It tells the parent when a compile starts
and ends (one control byte each, :data:`COMPILING` and :data:`COMPILED`,
which a JSON message never holds unescaped), and the parent stops the
deadline's clock in between: the deadline is spent on the puzzle, and a
compile is never killed half done (which would leave nothing in numba's
cache, so that every run after a fresh install with a short ``--timeout``
would stop there again).  :func:`warm` compiles a genre's proof search and
clause learner ahead, for ``python -m puzzlekit warm``.
"""
from __future__ import annotations

import json
import os
import re
import select
import signal
import sys
import time

import numpy as np

from .core.referee import InputError

__all__ = ["CliError", "WorkerError", "WORKER_MEMORY", "STATUS_AFTER", "COMPILING", "COMPILED",
           "run_capped", "warm", "first_line", "plain"]

WORKER_MEMORY = 2 << 30      # bytes of address space a worker may add to what it inherits
STATUS_AFTER = 2.0           # seconds a worker runs before a terminal sees its elapsed time
COMPILING = b"\x01"          # the worker starts compiling a kernel: the deadline's clock stops
COMPILED = b"\x02"           # ... and has compiled it: the clock goes on
_MARKS = re.compile(re.escape(COMPILING) + b"|" + re.escape(COMPILED))
_SAY_COMPILING = "compiling its numba kernels (once after an install or an edit)"


class CliError(Exception):
    """A one-line error for the user; exit status 2."""


class WorkerError(Exception):
    """An unexpected exception inside a worker process; exit status 3."""

    def __init__(self, kind: str, message: str):
        super().__init__(message)
        self.kind = kind


def first_line(exc) -> str:
    """The first line of an exception's message (its type name if empty)."""
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def plain(x):
    """JSON fallback for numpy scalars and arrays."""
    if isinstance(x, (np.generic, np.ndarray)):
        return x.tolist()
    raise TypeError(f"{type(x).__name__} is not JSON serialisable")


# -- the worker: heavy work in a forked child with a deadline -------------------
def _limit_memory() -> None:
    """Cap this process's address space at its present size plus WORKER_MEMORY."""
    try:
        import resource
        with open("/proc/self/statm") as f:
            now = int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        limit = now + WORKER_MEMORY
        if hard != resource.RLIM_INFINITY:
            limit = min(limit, hard)
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    except (ImportError, OSError, ValueError):
        pass


def _outcome(work) -> bytes:
    """Run ``work`` and encode what happened as one JSON message."""
    try:
        msg = {"ok": work()}
    except (CliError, InputError) as exc:
        msg = {"user": str(exc)}
    except MemoryError:
        msg = {"memory": True}
    except BaseException as exc:  # noqa: BLE001 - every failure is reported to the parent
        msg = {"internal": [type(exc).__name__, first_line(exc)]}
    try:
        return json.dumps(msg, default=plain).encode()
    except Exception as exc:  # noqa: BLE001
        return json.dumps({"internal": [type(exc).__name__, first_line(exc)]}).encode()


def _report_compiles(fd: int) -> None:
    """From now on, write :data:`COMPILING` to ``fd`` when numba starts
    compiling a function (not one it calls: those compile inside it), or
    this process starts waiting for a head start's compile
    (:mod:`puzzlekit.core._ahead`), and :data:`COMPILED` when it is done."""
    from numba.core import event

    from .core import _ahead
    me = os.getpid()

    class Compiles(event.Listener):
        depth = 0

        def on_start(self, ev):
            if os.getpid() != me:          # a head start (core._ahead) says nothing
                return
            self.depth += 1
            if self.depth == 1:
                os.write(fd, COMPILING)

        def on_end(self, ev):
            if os.getpid() != me:
                return
            self.depth -= 1
            if self.depth == 0:
                os.write(fd, COMPILED)
    listener = Compiles()
    event.register("numba:compile", listener)
    event.register(_ahead.WAITING, listener)     # waiting for a head start's compile
    _ahead.private(fd)


def _child(work, fd: int) -> None:
    """In the forked child: run ``work`` (saying when it compiles, see
    :func:`_report_compiles`), write its outcome to ``fd``, exit."""
    code = 0
    try:
        _limit_memory()
        _report_compiles(fd)
        with os.fdopen(fd, "wb") as f:
            f.write(_outcome(work))
    except BaseException:  # noqa: BLE001 - the parent sees a missing message
        code = 1
    finally:
        try:
            from .core import _ahead
            _ahead.stop()                  # a head start the work did not need
        finally:
            os._exit(code)


def _collect(fd: int, timeout: float, label: str = "") -> bytes | None:
    """Everything written to ``fd`` until end of file, less the compile
    marks (:data:`COMPILING`, :data:`COMPILED`), or None at the deadline:
    ``timeout`` seconds of the worker's time that it does not spend
    compiling.

    With a ``label``, while stderr is a terminal (and progress is on, see
    :mod:`puzzlekit.core.progress`), a wait past :data:`STATUS_AFTER` seconds
    shows one line, ``<label>: 12 s of 300 s`` (or, while the worker
    compiles, that it does), rewritten every second and erased at the end."""
    from .core.progress import enabled
    start = time.monotonic()
    paused = 0.0                         # seconds spent compiling, not counted
    since = None                         # when the compile under way began
    show = bool(label) and enabled() and _is_terminal(sys.stderr)
    shown = False
    chunks = []
    try:
        while True:
            now = time.monotonic()
            left = start + timeout + paused - now
            if since is None and left <= 0:
                return None
            wait = 1.0 if since is not None else (min(left, 1.0) if show else left)
            if not select.select([fd], [], [], wait)[0]:
                now = time.monotonic()
                if show and now - start >= STATUS_AFTER:
                    spent = now - start - paused - (0 if since is None else now - since)
                    what = _SAY_COMPILING if since is not None else \
                        f"{spent:.0f} s of {timeout:g} s"
                    sys.stderr.write(f"\r{label}: {what} \033[K")
                    sys.stderr.flush()
                    shown = True
                continue
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                return b"".join(chunks)
            for mark in _MARKS.findall(chunk):     # they alternate, COMPILING first
                if mark == COMPILING:
                    since = time.monotonic()
                elif since is not None:
                    paused += time.monotonic() - since
                    since = None
            chunks.append(_MARKS.sub(b"", chunk))
    finally:
        if shown:
            sys.stderr.write("\r\033[K")
            sys.stderr.flush()


def _is_terminal(stream) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):       # no isatty, or a closed stream
        return False


def _how_it_ended(status: int) -> str:
    """A wait status in words."""
    if os.WIFSIGNALED(status):
        return f"killed by {signal.Signals(os.WTERMSIG(status)).name}"
    return f"exit status {os.WEXITSTATUS(status)}"


def run_capped(work, timeout: float, label: str = ""):
    """Run ``work()`` in a forked child, waiting at most ``timeout`` seconds
    (``label``: what a terminal's elapsed-time line calls the wait, see
    :func:`_collect`).

    Returns ``("ok", result)`` (the result travels back through a pipe as
    JSON), ``("timeout", None)`` after killing the child at the deadline, or
    ``("memory", None)`` when the child ran out of its memory ceiling.  A
    CliError raised in the child is raised again here; anything else as a
    WorkerError.
    """
    if not hasattr(os, "fork"):
        return "ok", json.loads(json.dumps(work(), default=plain))
    sys.stdout.flush()
    sys.stderr.flush()
    rfd, wfd = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(rfd)
        _child(work, wfd)
    os.close(wfd)
    data = None
    try:
        data = _collect(rfd, timeout, label)
    finally:
        os.close(rfd)
        if data is None:
            os.kill(pid, signal.SIGKILL)
        status = os.waitpid(pid, 0)[1]
    if data is None:
        return "timeout", None
    if not data:
        raise WorkerError("WorkerDied", f"the worker process ended without a result "
                                        f"({_how_it_ended(status)})")
    msg = json.loads(data)
    if "user" in msg:
        raise CliError(msg["user"])
    if "internal" in msg:
        raise WorkerError(*msg["internal"])
    return ("memory", None) if "memory" in msg else ("ok", msg["ok"])


def warm(sp) -> None:
    """Compile, or load from numba's cache, what the genre's proof search and
    clause learner run (:func:`puzzlekit.core.genre.warm_proof`, on the
    first board of its bank), here and now.  ``python -m puzzlekit warm``
    runs it for each genre, so that no later command compiles them (a worker
    compiles what it reaches, its deadline's clock stopped meanwhile, see
    :func:`_collect`).  On a terminal a wait past :data:`STATUS_AFTER`
    seconds says what it is (the first run after an install or an edit of
    the kernels)."""
    import threading

    from .core.genre import warm_proof
    from .core.progress import enabled
    said = []

    def say():
        if enabled() and _is_terminal(sys.stderr):
            sys.stderr.write(f"\r{sp.name}: {_SAY_COMPILING} ")
            sys.stderr.flush()
            said.append(True)
    timer = threading.Timer(STATUS_AFTER, say)
    timer.daemon = True
    timer.start()
    try:
        warm_proof(sp)
    finally:
        timer.cancel()
        timer.join()
        if said:
            sys.stderr.write("\r\033[K")
            sys.stderr.flush()
