"""Independent work spread over Dask distributed, or run in this process.

Every measurement of the book is a map over independent items: boards of a
stream, boards of a table, subtrees of a census. :func:`pmap` runs such a map

* in this process, item after item, by default (what the tests and the default
  book build use; Dask is not even imported);
* on a local cluster of ``N`` worker processes, with ``PUZZLEKIT_WORKERS=N``
  or :func:`configure` ``(workers=N)`` (``python -m puzzlekit article GENRE
  --workers N``);
* on a running scheduler, with ``PUZZLEKIT_SCHEDULER=ADDRESS`` or
  ``configure(scheduler=ADDRESS)`` (``--scheduler ADDRESS``).

Results come back in item order and are the same whatever runs them: an item's
randomness is derived from the item (a stream's key and index), never from the
worker. A task that raises is retried (``retries`` times, 2 by default) and,
if it still fails, the map stops with an error naming the item: nothing is
dropped silently. Notebooks pick the scheduler up from the environment.
"""
from __future__ import annotations

import atexit
import os
from functools import partial
from typing import Callable, Iterable, Sequence

import numpy as np

from .progress import bar, counter

__all__ = ["ENV_WORKERS", "ENV_SCHEDULER", "configure", "client", "workers", "pmap", "split",
           "TaskFailed"]

ENV_WORKERS = "PUZZLEKIT_WORKERS"
ENV_SCHEDULER = "PUZZLEKIT_SCHEDULER"

_STATE: dict = {"client": None, "cluster": None, "configured": False}


class TaskFailed(RuntimeError):
    """A mapped item kept failing after its retries."""


def _close() -> None:
    c, cl = _STATE["client"], _STATE["cluster"]
    _STATE.update(client=None, cluster=None)
    if cl is not None:   # workers killed at shutdown are expected, not worth a warning
        import logging
        logging.getLogger("distributed").setLevel(logging.ERROR)
    for x in (c, cl):
        if x is not None:
            try:
                x.close()
            except Exception:  # noqa: BLE001 - closing at exit: nothing to report to
                pass


atexit.register(_close)


def configure(workers: int | None = None, scheduler: str | None = None,
              processes: bool = True) -> None:
    """Choose where :func:`pmap` runs: ``scheduler`` (an address), else
    ``workers`` local worker processes (threads when ``processes`` is False),
    else this process (``workers`` None or 1). Replaces any earlier choice."""
    _close()
    _STATE["configured"] = True
    if scheduler:
        from distributed import Client
        _STATE["client"] = Client(scheduler)
    elif workers is not None and int(workers) > 1:
        from distributed import Client, LocalCluster
        if int(workers) > 64:
            raise ValueError(f"workers must be 1..64, got {workers}")
        cluster = LocalCluster(n_workers=int(workers), threads_per_worker=1,
                               processes=processes, dashboard_address=":0")
        _STATE.update(cluster=cluster, client=Client(cluster))


def _from_env() -> None:
    if _STATE["configured"]:
        return
    sched = os.environ.get(ENV_SCHEDULER, "").strip()
    n = os.environ.get(ENV_WORKERS, "").strip()
    if sched:
        configure(scheduler=sched)
    elif n:
        if not n.isdigit() or not 1 <= int(n) <= 64:
            raise ValueError(f"{ENV_WORKERS} must be an integer 1..64, got {n!r}")
        configure(workers=int(n))
    else:
        _STATE["configured"] = True


def _in_worker() -> bool:
    """True inside a Dask worker: a map started there runs in that worker
    (the cluster is already busy with its siblings)."""
    import sys
    if "distributed" not in sys.modules:
        return False
    from distributed import get_worker
    try:
        get_worker()
    except ValueError:
        return False
    return True


def client():
    """The Dask client :func:`pmap` uses, or None (this process, and any
    Dask worker: maps nested in a task run where the task runs)."""
    if _in_worker():
        return None
    _from_env()
    return _STATE["client"]


def workers() -> int:
    """How many workers a map is spread over (1: this process)."""
    c = client()
    return 1 if c is None else max(len(c.scheduler_info().get("workers", {})), 1)


class _ItemError(RuntimeError):
    """An item of a chunk raised: which one, and what (picklable)."""

    def __init__(self, index: int, kind: str, message: str):
        super().__init__(index, kind, message)
        self.index, self.kind, self.message = index, kind, message


def _chunk(fn: Callable, start: int, chunk: list) -> list:
    out = []
    for i, x in enumerate(chunk):
        try:
            out.append(fn(x))
        except Exception as exc:  # noqa: BLE001 - re-raised with the item it came from
            raise _ItemError(start + i, type(exc).__name__, str(exc)) from exc
    return out


#: tasks per worker a map is cut into (items are grouped in consecutive chunks,
#: so that a task is worth its scheduling; results do not depend on it)
CHUNKS_PER_WORKER = 16


def pmap(fn: Callable, items: Iterable, desc: str | None = None, retries: int = 2) -> list:
    """``[fn(x) for x in items]``, on the configured workers, in item order.

    On Dask the items go in consecutive chunks, about :data:`CHUNKS_PER_WORKER`
    per worker, one task each.  ``fn`` and the items must be picklable when
    workers run them (module-level functions and :func:`functools.partial` of
    them are; closures are shipped by value with cloudpickle).
    """
    items = list(items)
    c = client()
    if c is None or len(items) <= 1:
        return [fn(x) for x in bar(items, desc=desc or "")]
    from distributed import as_completed
    chunks = split(items, CHUNKS_PER_WORKER * workers())
    starts = np.cumsum([0] + [len(ch) for ch in chunks[:-1]]).tolist()
    futures = c.map(partial(_chunk, fn), starts, chunks, pure=False, retries=retries)
    sizes = {f.key: len(ch) for f, ch in zip(futures, chunks)}
    pb = counter(len(items), desc=desc or "")
    try:
        for f in as_completed(futures):
            if f.status == "error":
                exc = f.exception()
                for g in futures:
                    g.cancel()
                if isinstance(exc, _ItemError):
                    what, kind, msg = exc.index, exc.kind, exc.message
                else:                       # the task itself died (a lost worker, say)
                    first = starts[[g.key for g in futures].index(f.key)]
                    what, kind, msg = f"{first} (or one after it)", type(exc).__name__, exc
                raise TaskFailed(f"{desc or 'map'}: item {what} failed after {retries} "
                                 f"retries: {kind}: {msg}") from exc
            pb.update(sizes[f.key])
    finally:
        pb.close()
    return [y for part in c.gather(futures) for y in part]


def split(items: Sequence, parts: int) -> list[list]:
    """``items`` cut into at most ``parts`` consecutive chunks of near-equal
    size (for maps whose items are too small to be a task each).

    >>> split(list(range(7)), 3)
    [[0, 1, 2], [3, 4], [5, 6]]
    """
    items = list(items)
    parts = max(1, min(parts, len(items)))
    q, r = divmod(len(items), parts)
    out, k = [], 0
    for i in range(parts):
        n = q + (i < r)
        out.append(items[k:k + n])
        k += n
    return [c for c in out if c]
