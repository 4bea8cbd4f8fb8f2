"""Results an article keeps for the other processes of one run.

When the environment names a folder in :data:`RESULTS_ENV`, a table's frame
or a claim's verdict is written there as a pickle, and a process that finds
it there loads it instead of measuring again: the test run sets one fresh
folder per run, so the report test, the notebooks under nbval and the book
built for the browser tests (each its own process) measure every table once
between them.  A file's name carries a hash of the package's sources and of
the banks (:func:`code_tag`), so results made by other code are never loaded.
"""
from __future__ import annotations

import hashlib
import os
import pickle
import re
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

__all__ = ["RESULTS_ENV", "code_tag", "kept"]

#: The environment variable naming a folder where an article
#: (:class:`~puzzlekit.core.tables.registry.Article`) keeps its results for
#: other processes of the same run (unset: none are kept).
RESULTS_ENV = "PUZZLEKIT_RESULTS"


def kept(genre: str, key: tuple, compute: Callable):
    """``compute()``, or its result as another process of the run left it
    in the :data:`RESULTS_ENV` folder (where this one leaves it too).  Only
    a registered genre's results are kept (``genre`` in
    :data:`puzzlekit.GENRES`); ``key`` names the result within the genre."""
    from ... import GENRES
    folder = os.environ.get(RESULTS_ENV)
    if not folder or genre not in GENRES:   # a genre's own article only
        return compute()
    name = "-".join(re.sub(r"[^A-Za-z0-9_.]", "_", str(k)) for k in (genre, *key))
    exact = hashlib.sha1(repr((genre, key)).encode()).hexdigest()[:8]
    path = Path(folder) / f"{name}-{exact}-{code_tag()}.pickle"
    try:
        return pickle.loads(path.read_bytes())
    except Exception:  # noqa: BLE001 - absent or unreadable: measured below
        pass
    value = compute()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        part = path.with_name(f"{path.name}.{os.getpid()}.part")
        part.write_bytes(pickle.dumps(value))
        os.replace(part, path)              # whole or absent for a reader
    except Exception:  # noqa: BLE001 - not writable or not picklable:
        pass                                # kept for this process only
    return value


@lru_cache(maxsize=1)
def code_tag() -> str:
    """A hash of the package's Python sources and of the genres' banks: the
    stamp on results kept for other processes (:func:`kept`).  It reads the
    sources inside the package only (``puzzlekit/``), and the banks where
    :func:`puzzlekit.core.banks.bank_path` finds them."""
    from ... import GENRES
    from .._specialise import _sources_tag
    from ..banks import bank_path
    package = Path(__file__).resolve().parents[2]         # puzzlekit/
    shipped = [p for p in map(bank_path, GENRES) if p.exists()]
    return _sources_tag(list(package.rglob("*.py")) + shipped)
