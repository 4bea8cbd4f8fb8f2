"""Country Road boards as puzz.link URLs (``https://puzz.link/p?country/W/H/<body>``).

The body holds the walls that cut the board into countries, then one entry per
country (in puzz.link's region order, which is ours: by first cell in reading
order): a number, ``.`` (a ``?``: a number whose value is not printed, kept as
a mark), or a run of unnumbered countries.  The one flag, ``e``, lets the road
leave countries unvisited: our ``skip`` switch.

:func:`decode` refuses a number larger than its country, any other flag or
variant, and any character the format does not define; :func:`encode` writes
what puzz.link's own encoder writes.
"""
from __future__ import annotations

from ..io.puzzlink import (
    QUESTION,
    Reader,
    genre_url,
    make_url,
    numbers_by_region,
    write_number16,
    write_regions,
)
from .model import MAX_CELLS, Puzzle

__all__ = ["decode", "encode", "PID"]

PID = "country"


def decode(url: str) -> Puzzle:
    """The board of a puzz.link Country Road URL; a malformed one raises a
    one-line :class:`~puzzlekit.io.puzzlink.PuzzlinkError`.

    >>> p = decode("https://puzz.link/p?country/5/5/amda0uf02h12h")
    >>> p.k, sorted(p.clues.items()), p.skip
    (7, [(0, 2), (3, 1), (4, 2)], False)
    >>> decode("http://pzv.jp/p.html?country/e/5/5/amda0uf02h12h/").skip
    True
    """
    u = genre_url(url, PID, MAX_CELLS, flags="e")
    w, h = u.w, u.h
    rd = Reader(u.body, "country URL")
    lab = rd.regions(w, h)
    values = rd.number16(int(lab.max()) + 1, "countries")
    rd.end()
    numbers = numbers_by_region(values, lab, "country URL", 0, "country")
    clues = {r: v for r, v in numbers.items() if v != QUESTION}
    marks = {r for r, v in numbers.items() if v == QUESTION}
    return Puzzle.make(lab, clues, marks, skip="e" in u.flags)


def encode(puzzle: Puzzle) -> str:
    """The canonical puzz.link URL of a board.

    >>> encode(decode("https://puzz.link/p?country/5/5/amda0uf02h12h"))
    'https://puzz.link/p?country/5/5/amda0uf02h12h'
    """
    h, w = puzzle.h, puzzle.w
    values = [None] * puzzle.k
    for r in puzzle.marks:
        values[r] = QUESTION
    for r, v in puzzle.clues.items():
        values[r] = int(v)
    return make_url(PID, w, h, write_regions(puzzle.regions.reshape(h, w)) + write_number16(values),
                    flags="e" if puzzle.skip else "")
