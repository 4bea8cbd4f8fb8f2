"""Nanro boards as puzz.link URLs (``https://puzz.link/p?nanro/W/H/<body>``).

The body holds the walls that cut the board into regions, then one entry per
cell in reading order: a number (the cell is numbered and its region counts
to it), ``.`` (the cell is numbered, its value not printed: a mark here), or
a run of empty cells.  Nanro has no flags.

The format has no token for a printed blank nor for a region's count printed
without a cell, so :func:`encode` refuses boards with ``blanks`` or ``hints``
(their JSON keeps them).  :func:`encode` writes what puzz.link's own encoder
writes: a wall exactly between cells of different regions.  :func:`decode`
refuses a number that is 0 or larger than its region, and any character the
format does not define.
"""
from __future__ import annotations

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
from .model import MAX_CELLS, Puzzle

__all__ = ["decode", "encode", "PID"]

PID = "nanro"


def decode(url: str) -> Puzzle:
    """The board of a puzz.link Nanro URL; a malformed one raises a one-line
    :class:`~puzzlekit.io.puzzlink.PuzzlinkError`.

    >>> p = decode("https://puzz.link/p?nanro/4/4/6r0s1oi13n1h")
    >>> p.k, sorted(p.clues.items())
    (5, [(3, 1), (4, 3), (13, 1)])
    >>> sorted(decode("https://puzz.link/p?nanro/2/1/0.g").marks)
    [0]
    """
    u = genre_url(url, PID, MAX_CELLS, "Nanro")
    w, h = u.w, u.h
    rd = Reader(u.body, "nanro URL")
    lab = rd.regions(w, h)
    values = rd.number16(w * h)
    rd.end()
    numbers = numbers_by_cell(values, lab, "nanro URL")
    clues = {c: v for c, v in numbers.items() if v != QUESTION}
    return Puzzle.make(lab, clues, {c for c, v in numbers.items() if v == QUESTION})


def encode(puzzle: Puzzle) -> str:
    """The canonical puzz.link URL of a board (what puzz.link's encoder writes).

    >>> encode(decode("https://puzz.link/p?nanro/4/4/6r0s1oi13n1h"))
    'https://puzz.link/p?nanro/4/4/6r0s1oi13n1h'
    """
    h, w = puzzle.h, puzzle.w
    if puzzle.blanks:
        raise PuzzlinkError("puzz.link's Nanro URL cannot express printed blanks "
                            f"({len(puzzle.blanks)} on this board); keep it as JSON")
    if puzzle.hints:
        raise PuzzlinkError("puzz.link's Nanro URL cannot express region hints "
                            f"({len(puzzle.hints)} on this board); keep it as JSON")
    walls = write_regions(puzzle.regions.reshape(h, w))
    values = [None] * (h * w)
    for c in puzzle.marks:
        values[c] = QUESTION
    for c, v in puzzle.clues.items():
        values[c] = int(v)
    return make_url(PID, w, h, walls + write_number16(values))
