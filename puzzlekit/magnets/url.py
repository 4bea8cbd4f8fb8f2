"""Magnets boards as puzz.link URLs (``https://puzz.link/p?magnets/W/H/<body>``).

The body holds, in order: the margin numbers (``-`` then ``+`` of every
column, then of every row, as a number list); the walls that cut the board
into dominoes; and, only when some pole is given or some cell is empty, the
given poles (three cells to a character, 1 = ``+``, 2 = ``-``) followed by the
empty cells (five to a character; left out when there are none).

:func:`encode` writes what puzz.link's own encoder writes: a wall between two
cells of different dominoes, none beside an empty cell, and the trailing
sections only when they say something.  So a body that stops right after the
walls, or right after the poles, is whole (puzz.link reads the missing
sections as nothing given); one that stops inside a section is refused as
truncated.  :func:`decode` accepts any wall
beside an empty cell and refuses everything this package does not model:
the ``a`` (anti-magnets) flag, ``?`` margins, rooms that are not dominoes.
"""
from __future__ import annotations

import numpy as np

from ..core.referee import InputError
from ..io.puzzlink import (
    QUESTION,
    PuzzlinkError,
    Reader,
    genre_url,
    make_url,
    regions_from_walls,
    write_binary,
    write_border,
    write_circle,
    write_number16,
)
from .model import MAX_CELLS, Puzzle, check_size

__all__ = ["decode", "encode", "PID"]

PID = "magnets"


def decode(url: str) -> Puzzle:
    """The board of a puzz.link Magnets URL; a malformed one raises a one-line
    :class:`~puzzlekit.io.puzzlink.PuzzlinkError`.

    >>> p = decode("https://puzz.link/p?magnets/2/1/10011g0")
    >>> p.to_json()["dominoes"], p.minus_rows.tolist(), p.minus_cols.tolist()
    (['LR'], [1], [1, 0])
    """
    u = genre_url(url, PID, MAX_CELLS, flags="a")
    if "a" in u.flags:
        raise PuzzlinkError("magnets URL: the 'a' flag (anti-magnets: like poles must touch "
                            "across dominoes) is not supported")
    w, h = u.w, u.h
    try:
        check_size(h, w)
    except InputError as exc:
        raise PuzzlinkError(f"magnets URL: {exc}") from None
    n = h * w
    rd = Reader(u.body, "magnets URL")
    counts = rd.number16(2 * w + 2 * h, "margin numbers")
    right, below = rd.border(w, h)
    given = np.zeros(n, dtype=np.int8)
    holes = np.zeros(n, dtype=np.bool_)
    if rd.rest:
        given = rd.circle(n, "cells of given poles")
    if rd.rest:
        holes = rd.binary(n, "cells of empty cells")
    rd.end()
    margins = _margins(counts, w, h)
    partner = _partner(regions_from_walls(right, below, holes), w)
    both = np.flatnonzero(holes & (given > 0))
    if both.size:
        r, c = divmod(int(both[0]), w)
        raise PuzzlinkError(f"magnets URL: the empty cell ({r},{c}) has a given pole")
    return Puzzle(h, w, partner, *margins, given=np.where(given > 0, given - 1, -1))


def encode(puzzle: Puzzle) -> str:
    """The canonical puzz.link URL of a board (what puzz.link's encoder writes).

    >>> encode(decode("https://puzz.link/p?magnets/2/1/10011g0"))
    'https://puzz.link/p?magnets/2/1/10011g0'
    """
    h, w = puzzle.h, puzzle.w
    vals = []
    for c in range(w):
        vals += [puzzle.minus_cols[c], puzzle.plus_cols[c]]
    for r in range(h):
        vals += [puzzle.minus_rows[r], puzzle.plus_rows[r]]
    body = write_number16([None if v < 0 else int(v) for v in vals])
    lab = np.where(puzzle.holes, -1, np.minimum(np.arange(h * w), puzzle.partner)).reshape(h, w)
    solid = lab >= 0
    right = (lab[:, 1:] != lab[:, :-1]) & solid[:, 1:] & solid[:, :-1]
    below = (lab[1:, :] != lab[:-1, :]) & solid[1:, :] & solid[:-1, :]
    body += write_border(right, below)
    if puzzle.holes.any() or (puzzle.given >= 0).any():
        body += write_circle(np.where(puzzle.given >= 0, puzzle.given + 1, 0))
        if puzzle.holes.any():
            body += write_binary(puzzle.holes)
    return make_url(PID, w, h, body)


# ---------------------------------------------------------------- helpers
def _margins(counts, w, h):
    """``(plus_rows, minus_rows, plus_cols, minus_cols)`` from the number list."""
    out = {k: np.full(m, -1, dtype=np.int32) for k, m in
           (("plus_rows", h), ("minus_rows", h), ("plus_cols", w), ("minus_cols", w))}
    for k, v in enumerate(counts):
        line, sign = divmod(k, 2)
        kind, idx, size = ("column", line, h) if line < w else ("row", line - w, w)
        name = f"{kind} {idx} '{'-+'[sign]}' count"
        if v is None:
            continue
        if v == QUESTION:
            raise PuzzlinkError(f"magnets URL: {name} is '?', which this package does not model")
        if v > size:
            raise PuzzlinkError(f"magnets URL: {name} is {v}, more than the line's {size} cells")
        key = ("minus_" if sign == 0 else "plus_") + ("cols" if kind == "column" else "rows")
        out[key][idx] = v
    return out["plus_rows"], out["minus_rows"], out["plus_cols"], out["minus_cols"]


def _partner(labels, w):
    """The partner array of a room labelling; every room must be a domino."""
    flat = labels.ravel()
    partner = np.full(flat.size, -1, dtype=np.int32)
    size = np.bincount(flat[flat >= 0], minlength=1)
    bad = np.flatnonzero(size != 2)
    if bad.size and flat.max(initial=-1) >= 0:
        first = int(np.flatnonzero(flat == bad[0])[0])   # rooms are numbered in scan order
        k = int(size[bad[0]])
        raise PuzzlinkError(f"magnets URL: the room at ({first // w},{first % w}) has {k} "
                            f"cell{'s' if k != 1 else ''}; every room must be a domino")
    order = np.argsort(flat, kind="stable")[int((flat < 0).sum()):].reshape(-1, 2)
    partner[order[:, 0]], partner[order[:, 1]] = order[:, 1], order[:, 0]
    return partner
