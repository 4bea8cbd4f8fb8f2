"""Creek boards as puzz.link URLs (``https://puzz.link/p?creek/W/H/<body>``).

The numbers live on the ``(W + 1) x (H + 1)`` grid points in reading order,
written as the "0–4 with gaps" section (a digit may swallow one or two empty
points after it; letters ``g``–``z`` are runs of empty points).  The legacy
flag ``d`` (one character per point, ``0``–``4`` a number, anything else
empty) is read, never written; as pzprjs's reader of that form does
(``decodecross_old``; no encoder of it survives to say whether one always
wrote every point), points after a shorter body are empty, and a longer
body is refused.  puzz.link writes every point (a trailing
run of empty points included), so a body covering fewer points is refused
as truncated.  :func:`decode` refuses a number larger than
its point's cell count, a ``?`` point (puzz.link draws one, but it states
nothing; write the corner empty instead) and any character the format does
not define.  A URL carries no ``shade_required`` switch: ``decode`` takes it
as an argument (puzz.link's own checker has it on).
"""
from __future__ import annotations

import numpy as np

from ..io.puzzlink import QUESTION, PuzzlinkError, Reader, genre_url, make_url, write_points04
from .model import MAX_CELLS, Puzzle, corner_sizes

__all__ = ["decode", "encode", "PID"]

PID = "creek"


def decode(url: str, shade_required: bool = False) -> Puzzle:
    """The board of a puzz.link Creek URL; a malformed one raises a one-line
    :class:`~puzzlekit.io.puzzlink.PuzzlinkError`.

    >>> p = decode("https://puzz.link/p?creek/6/6/gagaich2cgb6769dt")
    >>> p.n_clues, p.clues[4].tolist()
    (11, [1, -1, 4, -1, 3, -1, -1])
    """
    u = genre_url(url, PID, MAX_CELLS, flags="d")
    w, h = u.w, u.h
    n = (w + 1) * (h + 1)
    if "d" in u.flags:
        body = u.body
        if len(body) > n:
            raise PuzzlinkError(f"creek URL: {len(body) - n} unread character(s) at the end")
        vals = [int(ch) if ch in "01234" else None for ch in body] + [None] * (n - len(body))
    else:
        rd = Reader(u.body, "creek URL")
        vals = rd.points04(n)
        rd.end()
    size = corner_sizes(h, w).ravel()
    clues = np.full(n, -1, dtype=np.int8)
    for k, v in enumerate(vals):
        if v is None:
            continue
        i, j = divmod(k, w + 1)
        if v == QUESTION:
            raise PuzzlinkError(f"creek URL: the point ({i},{j}) holds '?', which states "
                                "nothing; not supported")
        if v > size[k]:
            raise PuzzlinkError(f"creek URL: the number {v} at point ({i},{j}) is more than "
                                f"the {size[k]} cell(s) touching it")
        clues[k] = v
    return Puzzle(h, w, clues.reshape(h + 1, w + 1), shade_required)


def encode(puzzle: Puzzle) -> str:
    """The canonical puzz.link URL of a board (what puzz.link's encoder writes).
    A URL cannot say ``shade_required`` (decoding would lose it), so such a
    board is refused: keep it as JSON.

    >>> encode(decode("https://puzz.link/p?creek/6/6/gagaich2cgb6769dt"))
    'https://puzz.link/p?creek/6/6/gagaich2cgb6769dt'
    """
    if puzzle.shade_required:
        raise PuzzlinkError("a puzz.link URL cannot carry shade_required; keep this board "
                            "as JSON")
    vals = [None if v < 0 else int(v) for v in puzzle.clues.ravel()]
    return make_url(PID, puzzle.w, puzzle.h, write_points04(vals))
