"""Heteromino boards as puzz.link URLs (``https://puzz.link/p?heteromino/W/H/<body>``).

The body is one cell list in row-major order: ``7`` is a black cell and a
letter ``a``..``z`` a run of 1..26 white cells (base-36 value minus 9).
The same decoder in puzz.link also reads digits and ``.`` for sibling
genres; a Heteromino board never holds them, so they are refused here.  The
encoder always writes runs up to the last cell, so a body that stops short
is refused as truncated (puzz.link would read the missing cells as white).
"""
from __future__ import annotations

import numpy as np

from ..io.puzzlink import PuzzlinkError, Runs, genre_url, make_url
from .model import MAX_CELLS, Puzzle

__all__ = ["decode", "encode", "PID"]

PID = "heteromino"


def decode(url: str) -> Puzzle:
    """The board of a puzz.link Heteromino URL; a malformed one raises a
    one-line :class:`~puzzlekit.io.puzzlink.PuzzlinkError`.

    >>> p = decode("https://puzz.link/p?heteromino/5/5/d7b7a7b7b77c7d")
    >>> p.h, p.w, np.flatnonzero(p.black).tolist()
    (5, 5, [4, 7, 9, 12, 15, 16, 20])
    """
    u = genre_url(url, PID, MAX_CELLS, "Heteromino")
    n = u.w * u.h
    mask = np.zeros(n, dtype=np.bool_)
    i = 0
    for pos, ch in enumerate(u.body):
        if i >= n:
            raise PuzzlinkError(f"heteromino URL: {len(u.body) - pos} unread character(s) "
                                f"{u.body[pos:pos + 12]!r} at the end")
        if ch == "7":
            mask[i] = True
            i += 1
        elif "a" <= ch <= "z":
            k = int(ch, 36) - 9
            if i + k > n:
                raise PuzzlinkError("heteromino URL: a run of white cells goes past the last cell")
            i += k
        else:
            raise PuzzlinkError(f"heteromino URL: unexpected character {ch!r} at position {pos}")
    if i < n:
        raise PuzzlinkError(f"heteromino URL: the body covers {i} of {n} cells: truncated?")
    return Puzzle(u.h, u.w, mask)


def encode(puzzle: Puzzle) -> str:
    """The canonical URL of a board (what puzz.link's encoder writes).

    >>> encode(decode("https://puzz.link/p?heteromino/5/5/d7b7a7b7b77c7d"))
    'https://puzz.link/p?heteromino/5/5/d7b7a7b7b77c7d'
    """
    if puzzle.rule != "heteromino":
        raise ValueError(f"puzz.link has no heteromino variant for the rule set {puzzle.rule!r}")
    out = Runs("a", 26)             # a run of white cells, or a black cell
    for b in puzzle.black.tolist():
        if b:
            out.add("7")
        else:
            out.empty()
    return make_url(PID, puzzle.w, puzzle.h, out.text())
