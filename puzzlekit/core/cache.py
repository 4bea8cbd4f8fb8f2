"""Tables an engine builds from a puzzle, kept with that puzzle.

A rung's kernels read arrays derived from the clues alone (cell geometry,
catalogues of placements, memo tables).  Building them once per puzzle and
keeping them with it is the one way the package caches such work:

>>> from types import SimpleNamespace
>>> board = SimpleNamespace(h=2)
>>> built = []
>>> def build(p):
...     built.append(p.h)
...     return p.h * 10
>>> puzzle_table(board, "ten", build), puzzle_table(board, "ten", build), built
(20, 20, [2])
>>> cached(board), cached(without_tables(board))
(('ten',), ())

Everything lives in one dictionary attribute (:data:`ATTR`), keyed by a name
the module that builds it chooses (its own module name and a word, so that
two engines never share a key by accident).  Puzzles are immutable, so a table
is never stale; :func:`without_tables` gives a copy with nothing built, which
is what a timing that must include the building (``core.perf.fresh``) starts
from.
"""
from __future__ import annotations

import copy
from typing import Any, Callable

__all__ = ["ATTR", "puzzle_table", "store", "cached", "without_tables"]

#: The attribute of a puzzle holding its tables (a dict: key -> table).
ATTR = "_engine_tables"


def _tables(puzzle) -> dict:
    found = vars(puzzle).get(ATTR)
    if found is None:
        found = {}
        object.__setattr__(puzzle, ATTR, found)   # puzzles are frozen dataclasses
    return found


def puzzle_table(puzzle, key: str, build: Callable[[Any], Any]):
    """The table ``key`` of ``puzzle``, built by ``build(puzzle)`` on first use."""
    tables = _tables(puzzle)
    if key not in tables:
        tables[key] = build(puzzle)
    return tables[key]


def store(puzzle, key: str, value) -> None:
    """Keep ``value`` as the table ``key`` of ``puzzle`` (a table a caller
    built with arguments ``puzzle_table`` cannot pass, or refined later)."""
    _tables(puzzle)[key] = value


def cached(puzzle) -> tuple:
    """The keys of the tables built so far for ``puzzle``."""
    return tuple(vars(puzzle).get(ATTR, {}))


def without_tables(puzzle):
    """A shallow copy of ``puzzle`` with no tables built."""
    twin = copy.copy(puzzle)
    if ATTR in vars(twin):
        object.__delattr__(twin, ATTR)
    return twin
