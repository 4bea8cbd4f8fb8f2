"""Yajisan-Kazusan boards as puzz.link URLs (``https://puzz.link/p?yajikazu/W/H/<body>``).

The body is one arrow-number list over the cells in reading order: ``d x``
(direction ``d`` 0..4 = none, up, down, left, right; ``x`` one hex digit or
``.`` for ``?``), ``d xx`` with ``d`` 5..9 (direction ``d - 5``, two hex
digits), ``- d xxx`` (three hex digits), or a letter ``a``..``z`` for a run
of 1..26 empty cells; the body accounts for every cell, as puzz.link's
encoder writes it (a shorter one is refused as truncated).  Yajisan-Kazusan
has no flags (puzz.link writes none; ``b`` is Yajilin's display option, not
this genre's), so a flag segment is refused.  puzz.link's answer checker also
refuses an answer with nothing shaded; the URL has no flag for that, so
:func:`decode` takes it as the switch ``need_shade`` and :func:`encode`
refuses boards that carry it.
"""
from __future__ import annotations

from ..io.puzzlink import (
    PuzzlinkError,
    genre_url,
    make_url,
    read_arrow_numbers,
    write_arrow_numbers,
)
from .model import MAX_CELLS, MAX_SIDE, Puzzle

__all__ = ["decode", "encode", "PID", "read_arrow_numbers", "write_arrow_numbers"]

PID = "yajikazu"


def decode(url: str, need_shade: bool = False) -> Puzzle:
    """The board of a puzz.link Yajisan-Kazusan URL; a malformed one raises a
    one-line :class:`~puzzlekit.io.puzzlink.PuzzlinkError`.

    >>> p = decode("https://puzz.link/p?yajikazu/6/6/40d23663i32h12b32a12a11c")
    >>> len(p.clues), p.clues[6]
    (8, (1, 99))
    """
    u = genre_url(url, PID, MAX_CELLS, "Yajisan-Kazusan")
    if max(u.w, u.h) > MAX_SIDE:
        raise PuzzlinkError(f"yajikazu URL: a side of {max(u.w, u.h)} cells is longer than "
                            f"{MAX_SIDE}")
    clues = read_arrow_numbers(u.body, u.w * u.h, "yajikazu URL")
    return Puzzle.make(u.h, u.w, clues, need_shade)


def encode(puzzle: Puzzle) -> str:
    """The canonical puzz.link URL of a board (what puzz.link's encoder writes).

    >>> u = "https://puzz.link/p?yajikazu/6/6/40d23663i32h12b32a12a11c"
    >>> encode(decode(u)) == u
    True
    """
    if puzzle.need_shade:
        raise PuzzlinkError("a puzz.link URL cannot carry need_shade (it is a checker "
                            "setting there); keep this board as JSON")
    return make_url(PID, puzzle.w, puzzle.h, write_arrow_numbers(puzzle.clues, puzzle.n))
