"""Compiling ahead on a second core: a head start for a first solve.

After an install numba compiles every kernel a command reaches, one after
another, on one core.  A proof compiles the genre's propagation loop and
rungs first (the root's fixpoint), then its search loop, and then, for a
genre with a clause learner, the learner, when the search's first round
leaves the board open.  The later parts do not depend on the earlier ones
being compiled, so a second process can compile them meanwhile and leave
them in numba's disk cache, from which the first process loads them when it
gets there.

:func:`start` forks that second process (a *head start*) to run a piece of
work that compiles; :func:`wait` is called where the compiled code is first
needed, and waits for the head start to finish (numba then loads what it
left in the cache instead of compiling it again); :func:`stop` ends one
still running when the work it was for is over.  Nothing starts without
``fork`` or with a single core (the two processes would take turns, and the
head start would only cost), and :func:`cold` tells whether a compiled
function is missing from the disk cache at all (only then is a head start
worth its process).  While :func:`wait` blocks it reports a numba-like
event, :data:`WAITING`, so that the command line's worker can stop its
deadline's clock as it does for a compile.

The head start closes the descriptors registered with :func:`private`
(the worker's pipe to its parent, which must see its end of file when the
worker ends), sends its output nowhere, and on Linux is killed with the
process that started it.
"""
from __future__ import annotations

import os
import signal
import sys

__all__ = ["WAITING", "start", "wait", "stop", "cold", "private", "pending"]

#: The event kind :func:`wait` reports (``numba.core.event``) while it waits.
WAITING = "puzzlekit:compile-ahead"

_PENDING: dict[str, int] = {}     # what a head start compiles -> its process id
_PRIVATE: set[int] = set()        # descriptors a head start closes first


def private(fd: int) -> None:
    """Have every later head start close descriptor ``fd`` first."""
    _PRIVATE.add(int(fd))


def pending() -> tuple[str, ...]:
    """What the head starts still running (or not yet waited for) compile."""
    return tuple(_PENDING)


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def cold(dispatcher) -> bool:
    """True when ``dispatcher`` (a numba function compiled with
    ``cache=True``) has nothing in the disk cache yet: no index file.  False
    when it has, or when that cannot be told (no disk cache, another numba)."""
    try:
        return not os.path.exists(dispatcher._cache._cache_file._index_path)
    except AttributeError:
        return False


def _die_with_parent() -> None:
    """Ask Linux to kill this process when its parent ends (prctl
    ``PR_SET_PDEATHSIG``); elsewhere, nothing."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes
        ctypes.CDLL(None, use_errno=True).prctl(1, int(signal.SIGKILL), 0, 0, 0)
    except (OSError, AttributeError):
        pass


def start(what: str, work) -> bool:
    """Fork a head start that runs ``work()`` (which compiles something,
    named ``what``) and exits.  False, and nothing started, when one for
    ``what`` is already running, when the system cannot fork or when this
    process has a single core."""
    if what in _PENDING or not hasattr(os, "fork") or _cores() < 2:
        return False
    parent = os.getpid()
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:                                    # the head start
        code = 0
        try:
            for fd in _PRIVATE:
                try:
                    os.close(fd)
                except OSError:
                    pass
            _die_with_parent()
            if os.getppid() != parent:              # the parent ended before prctl
                os._exit(0)
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, 1)
            os.dup2(null, 2)
            work()
        except BaseException:  # noqa: BLE001 - the parent compiles for itself instead
            code = 1
        finally:
            os._exit(code)
    _PENDING[what] = pid
    return True


def wait(what: str) -> None:
    """Wait for the head start compiling ``what`` to finish, if one was
    started and not yet waited for; reports :data:`WAITING` meanwhile."""
    pid = _PENDING.pop(what, None)
    if pid is None:
        return
    from numba.core import event
    with event.trigger_event(WAITING):
        try:
            os.waitpid(pid, 0)
        except ChildProcessError:
            pass


def stop() -> None:
    """End every head start still running (its work is no longer needed)."""
    while _PENDING:
        _, pid = _PENDING.popitem()
        try:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass
