"""Choco Banana boards as puzz.link URLs (``https://puzz.link/p?cbanana/W/H/<body>``).

The body is one number list over the cells in reading order: a number, ``.``
for a ``?`` (a marked cell whose number is not printed) or a run of empty
cells; it accounts for every cell, as puzz.link's encoder writes it, so a
shorter body is refused as truncated.  Choco Banana has no flags.
:func:`decode` refuses a number that is 0 or larger than the board, any
character the format does not define, and unread characters; :func:`encode`
refuses boards carrying a dropped rule (the URL has no way to say so; their
JSON keeps it).
"""
from __future__ import annotations

from ..io.puzzlink import QUESTION, PuzzlinkError, Reader, genre_url, make_url, write_number16
from .model import MAX_CELLS, MAX_SIDE, Puzzle

__all__ = ["decode", "encode", "PID"]

PID = "cbanana"


def decode(url: str) -> Puzzle:
    """The board of a puzz.link Choco Banana URL; a malformed one raises a
    one-line :class:`~puzzlekit.io.puzzlink.PuzzlinkError`.

    >>> p = decode("https://puzz.link/p?cbanana/5/5/g13t6h6i1")
    >>> (p.h, p.w), sorted(p.clues.items())
    ((5, 5), [(1, 1), (2, 3), (17, 6), (20, 6), (24, 1)])
    """
    u = genre_url(url, PID, MAX_CELLS, "Choco Banana")
    w, h = u.w, u.h
    if max(w, h) > MAX_SIDE:
        raise PuzzlinkError(f"cbanana URL: a side of {max(w, h)} cells is more than {MAX_SIDE}")
    rd = Reader(u.body, "cbanana URL")
    values = rd.number16(w * h)
    rd.end()
    clues = {}
    for c, v in enumerate(values):
        if v is None:
            continue
        if v == QUESTION:
            clues[c] = -1
            continue
        if not 1 <= v <= w * h:
            raise PuzzlinkError(f"cbanana URL: the number {v} at ({c // w},{c % w}) is out of "
                                f"range 1..{w * h}")
        clues[c] = int(v)
    return Puzzle.make(h, w, clues)


def encode(puzzle: Puzzle) -> str:
    """The canonical puzz.link URL of a board (what puzz.link's encoder writes).

    >>> encode(decode("https://puzz.link/p?cbanana/5/5/g13t6h6i1"))
    'https://puzz.link/p?cbanana/5/5/g13t6h6i1'
    """
    if puzzle.drop:
        raise PuzzlinkError("a puzz.link URL cannot say that a rule is dropped "
                            f"({', '.join(sorted(puzzle.drop))}); keep this board as JSON")
    values = [None] * puzzle.n
    for c, v in puzzle.clues.items():
        values[c] = QUESTION if v < 0 else int(v)
    return make_url(PID, puzzle.w, puzzle.h, write_number16(values))
