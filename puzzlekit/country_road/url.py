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

import numpy as np

from ..io.puzzlink import (QUESTION, PuzzlinkError, Reader, make_url, parse_url,
                           regions_from_walls, walls_from_regions, write_border, write_number16)
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
    u = parse_url(url, max_cells=MAX_CELLS)
    if u.pid != PID:
        raise PuzzlinkError(f"not a country URL: the genre id is {u.pid!r}")
    if u.variant:
        raise PuzzlinkError(f"country URL: the variant {u.variant[:10]!r} is not supported")
    bad = set(u.flags) - {"e"}
    if bad:
        raise PuzzlinkError(f"country URL: unknown flag {sorted(bad)[0]!r} (only 'e' exists)")
    w, h = u.w, u.h
    rd = Reader(u.body, "country URL")
    need = -(-(w - 1) * h // 5) + -(-w * (h - 1) // 5)
    if len(rd.rest) < need:
        raise PuzzlinkError(f"country URL: the body ends inside the walls ({len(rd.rest)} of "
                            f"{need} characters): truncated?")
    right, below = rd.border(w, h)
    lab = regions_from_walls(right, below)
    k = int(lab.max()) + 1
    values = rd.number16(k)
    rd.end()
    sizes = np.bincount(lab.ravel())
    clues, marks = {}, set()
    for r, v in enumerate(values):
        if v is None:
            continue
        if v == QUESTION:
            marks.add(r)
            continue
        if not 0 <= v <= int(sizes[r]):
            raise PuzzlinkError(f"country URL: the number {v} of country {r} is out of range "
                                f"0..{int(sizes[r])} (its size)")
        clues[r] = v
    return Puzzle.make(lab, clues, marks, skip="e" in u.flags)


def encode(puzzle: Puzzle) -> str:
    """The canonical puzz.link URL of a board.

    >>> encode(decode("https://puzz.link/p?country/5/5/amda0uf02h12h"))
    'https://puzz.link/p?country/5/5/amda0uf02h12h'
    """
    h, w = puzzle.h, puzzle.w
    lab = np.asarray(puzzle.regions).reshape(h, w)
    right, below = walls_from_regions(lab)
    values = [None] * puzzle.k
    for r in puzzle.marks:
        values[r] = QUESTION
    for r, v in puzzle.clues.items():
        values[r] = int(v)
    return make_url(PID, w, h, write_border(right, below) + write_number16(values),
                    flags="e" if puzzle.skip else "")
