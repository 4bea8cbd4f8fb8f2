"""Progress bars for loops a reader would wait on.

Uses ``tqdm.auto`` (a widget in Jupyter, text elsewhere).  Bars are off when
``PUZZLEKIT_PROGRESS=0`` (the book build sets it, so no widget residue lands
in the static HTML) and for loops shorter than ``min_total``.
"""
from __future__ import annotations

import os

__all__ = ["bar", "counter", "enabled"]


def enabled() -> bool:
    """Whether progress bars are shown."""
    return os.environ.get("PUZZLEKIT_PROGRESS", "1") not in ("0", "false", "no", "")


def bar(iterable, total: int | None = None, desc: str = "", min_total: int = 8):
    """Wrap ``iterable`` in a progress bar when that helps a reader.

    >>> list(bar(range(3), desc="x"))
    [0, 1, 2]
    """
    if total is None:
        try:
            total = len(iterable)
        except TypeError:
            total = None
    if not enabled() or (total is not None and total < min_total):
        return iterable
    from tqdm.auto import tqdm
    return tqdm(iterable, total=total, desc=desc, leave=False)


class _Silent:
    def update(self, n: int = 1) -> None:
        pass

    def close(self) -> None:
        pass


def counter(total: int, desc: str = "", min_total: int = 8):
    """A bar advanced by hand (``.update(n)``, ``.close()``), for work that
    finishes in uneven steps; silent where :func:`bar` would be.

    >>> c = counter(3); c.update(2); c.close()
    """
    if not enabled() or total < min_total:
        return _Silent()
    from tqdm.auto import tqdm
    return tqdm(total=total, desc=desc, leave=False)
