"""Kojun boards as puzz.link URLs (``https://puzz.link/p?cojun/W/H/<body>``;
puzz.link calls the genre "Cojun").

The body holds the walls that cut the board into regions, then one entry per
cell in reading order: a digit (a given) or a run of empty cells.  Cojun has
no flags.  A ``?`` token (``.``) marks a cell whose digit is not printed;
since every Kojun cell holds a digit it says nothing, and :func:`decode`
reads it as an empty cell.  Some editors append a layer of holes (cells
outside the puzzle); the rules have no holes, so :func:`decode` refuses a
body with characters left after the digits.  :func:`decode` also refuses a
digit 0 or larger than its region, and any character the format does not
define.  :func:`encode` writes what puzz.link's own encoder writes.
"""
from __future__ import annotations

import numpy as np

from ..io.puzzlink import (
    QUESTION,
    PuzzlinkError,
    Reader,
    genre_url,
    make_url,
    numbers_by_cell,
    write_number16,
    write_regions,
)
from .model import MAX_CELLS, MAX_REGION, Puzzle

__all__ = ["decode", "encode", "PID", "EXAMPLE"]

PID = "cojun"
#: The worked example of the puzz.link format notes.
EXAMPLE = "https://puzz.link/p?cojun/4/4/pd0hsoh3p3h"


def decode(url: str) -> Puzzle:
    """The board of a puzz.link Cojun URL; a malformed one raises a one-line
    :class:`~puzzlekit.io.puzzlink.PuzzlinkError`.

    >>> p = decode(EXAMPLE)
    >>> p.k, sorted(p.givens.items())
    (6, [(2, 3), (13, 3)])
    """
    u = genre_url(url, PID, MAX_CELLS, "Cojun")
    w, h = u.w, u.h
    rd = Reader(u.body, "cojun URL")
    lab = rd.regions(w, h)
    values = rd.number16(w * h)
    if rd.rest:
        raise PuzzlinkError(f"cojun URL: {len(rd.rest)} character(s) {rd.rest[:12]!r} after "
                            "the digits (a hole layer?); Kojun boards have no holes")
    sizes = np.bincount(lab.ravel())
    if sizes.max() > MAX_REGION:
        raise PuzzlinkError(f"cojun URL: a region of {sizes.max()} cells, more than the "
                            f"{MAX_REGION} this genre accepts")
    digits = numbers_by_cell(values, lab, "cojun URL", "digit")
    return Puzzle.make(lab, {c: v for c, v in digits.items() if v != QUESTION})


def encode(puzzle: Puzzle) -> str:
    """The canonical puzz.link URL of a board.

    >>> encode(decode(EXAMPLE)) == EXAMPLE
    True
    """
    h, w = puzzle.h, puzzle.w
    walls = write_regions(puzzle.regions.reshape(h, w))
    values = [None] * (h * w)
    for c, v in puzzle.givens.items():
        values[c] = int(v)
    return make_url(PID, w, h, walls + write_number16(values))
