"""Genre-agnostic machinery: grid geometry, graph kernels, the ladder,
counting search, scales, article tables, banks and progress bars."""
from . import grid, graph, ladder, search, scales, tables, banks, progress, referee, genre  # noqa: F401
from .ladder import Ladder, Rung, State, probe_rung, CONTRADICTION, STABLE, CHANGED  # noqa: F401
from .search import count_solutions, SearchResult, SolveResult  # noqa: F401
from .genre import GenreSpec  # noqa: F401
from .referee import Violation, InputError  # noqa: F401

__all__ = ["grid", "graph", "ladder", "search", "scales", "tables", "banks",
           "progress", "referee", "genre", "Ladder", "Rung", "State", "probe_rung",
           "CONTRADICTION", "STABLE", "CHANGED", "count_solutions", "SearchResult",
           "SolveResult", "GenreSpec", "Violation", "InputError"]
