"""Genre-agnostic machinery: grid geometry, graph kernels, the ladder,
counting search, scales, article tables, measurements, checks, banks, timings
and progress bars.  The engine only: the book's own code (the closing
chapter, the Performance page, the stored results) is :mod:`puzzlekit.book`.

The heavier submodules (tables, measure, banks, checks, perf, sat: pandas
and OR-tools) load on first use.
"""
import importlib

from . import genre, graph, grid, ladder, progress, referee, scales, search
from .genre import GenreSpec
from .ladder import CHANGED, CONTRADICTION, STABLE, Ladder, Rung, State, probe_rung
from .referee import InputError, Violation
from .search import Count, SearchResult, SolveResult, count_solutions

_LAZY = ("tables", "banks", "measure", "checks", "perf", "sat")

__all__ = ["grid", "graph", "ladder", "search", "scales", "tables", "banks", "measure",
           "checks", "perf", "sat", "progress", "referee", "genre", "Ladder", "Rung", "State",
           "probe_rung", "CONTRADICTION", "STABLE", "CHANGED", "count_solutions", "Count",
           "SearchResult", "SolveResult", "GenreSpec", "Violation", "InputError"]


def __getattr__(name):
    if name in _LAZY:
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
