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

import numpy as np

from ..io.puzzlink import (QUESTION, PuzzlinkError, Reader, genre_url, make_url,
                           regions_from_walls, walls_from_regions, write_border, write_number16)
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
    right, below = rd.border(w, h, whole=True)
    lab = regions_from_walls(right, below)
    k = int(lab.max()) + 1
    values = rd.number16(k)
    rd.end()
    sizes = np.bincount(lab.ravel(), minlength=k)
    nums = {}
    for g, v in enumerate(values):
        if v is None:
            continue
        if v == QUESTION:
            nums[g] = None
            continue
        if not 1 <= v <= sizes[g]:
            raise PuzzlinkError(f"stostone URL: the number {v} of region {g} is out of range "
                                f"1..{sizes[g]} (its size)")
        nums[g] = int(v)
    return Puzzle.make(lab, nums)


def encode(puzzle: Puzzle) -> str:
    """The canonical puzz.link URL of a board.

    >>> encode(decode(EXAMPLE)) == EXAMPLE
    True
    """
    if puzzle.rule4 != "exact":
        raise PuzzlinkError(f"a puzz.link URL cannot say rule 4 is read as {puzzle.rule4!r}; "
                            "keep this board as JSON")
    h, w = puzzle.h, puzzle.w
    lab = np.asarray(puzzle.regions).reshape(h, w)
    right, below = walls_from_regions(lab)
    pieces = regions_from_walls(right, below)
    if int(pieces.max()) + 1 != puzzle.k:
        split = next(r for r in range(puzzle.k) if len(np.unique(pieces[lab == r])) > 1)
        first = int(np.flatnonzero(lab.ravel() == split)[0])
        raise PuzzlinkError(f"the region at ({first // w},{first % w}) is not connected; a "
                            "puzz.link URL draws regions with walls, so each must be one piece")
    values = [None] * puzzle.k
    for g, v in puzzle.numbers.items():
        values[g] = QUESTION if v < 0 else int(v)
    return make_url(PID, w, h, write_border(right, below) + write_number16(values))
