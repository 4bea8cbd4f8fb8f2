"""Scales: how big a measurement runs (``PUZZLEKIT_SCALE``).

``smoke`` (CI: every code path, a chapter well under a minute), ``book`` (the
default: the published book) and ``article`` (the article's own sizes).
"""
from __future__ import annotations

import os

__all__ = ["SCALES", "DEFAULT", "current", "check", "pick"]

SCALES = ("smoke", "book", "article")
DEFAULT = "book"


def check(scale: str) -> str:
    """Return ``scale`` if it is known, else raise a one-line ValueError.

    >>> check("smoke")
    'smoke'
    """
    if scale not in SCALES:
        raise ValueError(f"unknown scale {scale!r}; choose one of {', '.join(SCALES)}")
    return scale


def current() -> str:
    """The scale named by ``PUZZLEKIT_SCALE`` (default ``book``)."""
    return check(os.environ.get("PUZZLEKIT_SCALE", DEFAULT).strip() or DEFAULT)


def pick(scale: str | None = None, *, smoke, book, article):
    """The value for ``scale`` (default: the current scale).

    >>> pick("smoke", smoke=4, book=40, article=400)
    4
    """
    scale = current() if scale is None else check(scale)
    return {"smoke": smoke, "book": book, "article": article}[scale]
