"""Country Road: region, once, loop, macro and probe over one {empty, road}
variable per cell and one {unused, used} variable per grid edge."""
from __future__ import annotations

from ..core.genre import GenreSpec, sat_counter
from . import brute, generate as _gen, url
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
from .model import MAX_CELLS, RULES, Answer, Puzzle, check, loop_cells

__all__ = ["SPEC", "LADDER", "NAMES", "RULES", "Puzzle", "Answer", "CRState", "check",
           "loop_cells", "initial_state", "decode", "encode", "brute_count",
           "brute_solutions", "generate", "erase", "finishes", "board_from_loop",
           "inflate_loop", "cut_loop", "random_partition", "random_small", "rebuild_bank",
           "sweep_board", "catalogue", "region_graph", "two_connected", "draw", "draw_state",
           "url", "brute"]


def _generate(h, w, seed=None, grade=None):
    return _gen.generate(h, w, seed, grade)


def _clues(puzzle) -> int:
    """Printed numbers and marks (the partition is not counted)."""
    return len(puzzle.clues) + len(puzzle.marks)


def _refute(puzzle) -> bool:
    """A cut vertex or bridge in the region graph (:func:`certify.no_answer`)."""
    from .certify import no_answer
    return no_answer(puzzle) is not None


SPEC = GenreSpec(
    name="country_road", Puzzle=Puzzle, Answer=Answer, ladder=LADDER,
    initial_state=initial_state, decode=decode, check=check, brute_count=brute_count,
    generate=_generate, draw=draw, draw_state=draw_state,
    article="puzzlekit.country_road.article",
    rebuild_bank=lambda seed=None: _gen.rebuild_bank(seed),
    max_cells=MAX_CELLS, brute_solutions=brute_solutions, encode=encode,
    random_small=random_small, sat_count=sat_counter(__name__), sweep_board=sweep_board,
    url_decode=url.decode, url_encode=url.encode,
    clues=_clues, refute=_refute)
