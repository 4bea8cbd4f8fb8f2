"""Stostone boards as puzz.link URLs (``https://puzz.link/p?stostone/W/H/<body>``).

The body holds the walls that cut the board into regions, then one optional
number per region, in region order (regions numbered by their first cell in
reading order): a number, ``.`` for a ``?`` (a number whose value is not
printed) or a run of regions without one.  Stostone has no flags.
:func:`decode` refuses an odd height, a number 0 or larger than its region,
any character the format does not define and characters left over;
:func:`encode` refuses a region drawn in two pieces (walls cannot say so) and
a board under another reading of rule 4 than ``exact`` (the URL has no way to
say so; its JSON keeps it).
"""
from __future__ import annotations

from ..io.puzzlink import (
    QUESTION,
    PuzzlinkError,
    Reader,
    genre_url,
    make_url,
    numbers_by_region,
    write_number16,
    write_regions,
)
from .model import MAX_CELLS, MAX_SIDE, Puzzle

__all__ = ["decode", "encode", "PID", "EXAMPLE"]

PID = "stostone"
#: The worked example of the puzz.link format notes.
EXAMPLE = "https://puzz.link/p?stostone/6/6/433aaqv064p03g433h"


def decode(url: str) -> Puzzle:
    """The board of a puzz.link Stostone URL; a malformed one raises a one-line
    :class:`~puzzlekit.io.puzzlink.PuzzlinkError`.

    >>> p = decode(EXAMPLE)
    >>> p.k, sorted(p.numbers.items())
    (7, [(0, 3), (2, 4), (3, 3), (4, 3)])
    """
    u = genre_url(url, PID, MAX_CELLS, "Stostone")
    w, h = u.w, u.h
    if max(w, h) > MAX_SIDE:
        raise PuzzlinkError(f"stostone URL: a side of {max(w, h)} cells is more than {MAX_SIDE}")
    if h % 2:
        raise PuzzlinkError(f"stostone URL: the board is {h} rows high; Stostone needs an even "
                            "height")
    rd = Reader(u.body, "stostone URL")
    lab = rd.regions(w, h)
    values = rd.number16(int(lab.max()) + 1, "regions")
    rd.end()
    return Puzzle.make(lab, numbers_by_region(values, lab, "stostone URL"))


def encode(puzzle: Puzzle) -> str:
    """The canonical puzz.link URL of a board.

    >>> encode(decode(EXAMPLE)) == EXAMPLE
    True
    """
    if puzzle.rule4 != "exact":
        raise PuzzlinkError(f"a puzz.link URL cannot say rule 4 is read as {puzzle.rule4!r}; "
                            "keep this board as JSON")
    h, w = puzzle.h, puzzle.w
    walls = write_regions(puzzle.regions.reshape(h, w))
    values = [None] * puzzle.k
    for g, v in puzzle.numbers.items():
        values[g] = QUESTION if v < 0 else int(v)
    return make_url(PID, w, h, walls + write_number16(values))
