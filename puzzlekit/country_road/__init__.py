"""Country Road: region, once, loop, macro and probe over one {empty, road}
variable per cell and one {unused, used} variable per grid edge."""
from __future__ import annotations

from ..core.genre import genre_spec
from . import brute, url
from .brute import brute_count, brute_solutions
from .draw import draw, draw_state
from .generate import (
    board_from_loop,
    cut_loop,
    erase,
    finishes,
    generate,
    inflate_loop,
    random_partition,
    random_small,
    rebuild_bank,
    sweep_board,
)
from .ladder import (
    LADDER,
    NAMES,
    CRState,
    catalogue,
    decode,
    encode,
    initial_state,
    region_graph,
    two_connected,
)
from .model import RULES, Answer, Puzzle, check, loop_cells

__all__ = ["SPEC", "LADDER", "NAMES", "RULES", "Puzzle", "Answer", "CRState", "check",
           "loop_cells", "initial_state", "decode", "encode", "brute_count",
           "brute_solutions", "generate", "erase", "finishes", "board_from_loop",
           "inflate_loop", "cut_loop", "random_partition", "random_small", "rebuild_bank",
           "sweep_board", "catalogue", "region_graph", "two_connected", "draw", "draw_state",
           "url", "brute"]


def _clues(puzzle) -> int:
    """Printed numbers and marks (the partition is not counted)."""
    return len(puzzle.clues) + len(puzzle.marks)


def _refute(puzzle) -> bool:
    """A cut vertex or bridge in the region graph (:func:`certify.no_answer`)."""
    from .certify import no_answer
    return no_answer(puzzle) is not None


SPEC = genre_spec(__name__, clues=_clues, refute=_refute, variables="cells and edges")
