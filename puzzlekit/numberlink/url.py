"""Numberlink boards as puzz.link URLs (``https://puzz.link/p?numlin/W/H/<body>``).

The body is one number list over the cells in reading order (a number, or a
run of empty cells), covering every cell as puzz.link writes it (a shorter
body is refused as truncated).  ``numberlink`` is read as puzz.link's other
name for ``numlin``; :func:`encode` writes ``numlin``.  puzz.link's
Numberlink does not ask for every cell to be used, so a plain URL opens with
``fill`` off.  A board with rule 3 on is written with the variant tag
``v:fill`` in front of the size; that tag is this package's own (puzz.link
does not define it), so such a URL is for round trips here, and a plain one
for puzz.link.  :func:`decode` refuses a ``?`` endpoint, a 0, a number that
does not appear exactly twice, flags, and any character the format does not
define.
"""
from __future__ import annotations

import numpy as np

from ..io.puzzlink import QUESTION, PuzzlinkError, Reader, genre_url, write_number16
from .model import MAX_CELLS, MAX_NUMBER, Puzzle

__all__ = ["decode", "encode", "PID"]

PID = "numlin"
FILL = "fill"


def decode(url: str) -> Puzzle:
    """The board of a puzz.link Numberlink URL (one-line
    :class:`~puzzlekit.io.puzzlink.PuzzlinkError` when malformed).

    >>> p = decode("https://puzz.link/p?numlin/5/5/1j2h3m1h2j3")
    >>> p.k, p.fill, p.numbers[1].tolist()
    (3, False, [2, 0, 0, 3, 0])
    >>> decode("https://puzz.link/p?numlin/v:fill/2/1/11").fill
    True
    """
    u = genre_url(url, PID, MAX_CELLS, "Numberlink", variants=("", FILL))
    rd = Reader(u.body, "numlin URL")
    values = rd.number16(u.w * u.h)
    rd.end()
    nums = np.zeros(u.w * u.h, dtype=np.int32)
    for c, v in enumerate(values):
        if v is None:
            continue
        if v == QUESTION:
            raise PuzzlinkError(f"numlin URL: a '?' endpoint at ({c // u.w},{c % u.w}) is "
                                "not supported")
        if not 1 <= v <= MAX_NUMBER:
            raise PuzzlinkError(f"numlin URL: the number {v} at ({c // u.w},{c % u.w}) is "
                                f"outside 1..{MAX_NUMBER}")
        nums[c] = v
    try:
        return Puzzle(u.h, u.w, nums.reshape(u.h, u.w), fill=u.variant == FILL)
    except PuzzlinkError:
        raise
    except ValueError as exc:
        raise PuzzlinkError(f"numlin URL: {exc}") from None


def encode(puzzle: Puzzle) -> str:
    """The URL of a board (tagged ``v:fill`` when rule 3 is on).

    >>> encode(decode("https://puzz.link/p?numlin/5/5/1j2h3m1h2j3"))
    'https://puzz.link/p?numlin/5/5/1j2h3m1h2j3'
    """
    vals = [int(v) if v else None for v in puzzle.numbers.ravel()]
    tag = f"v:{FILL}/" if puzzle.fill else ""
    url = f"https://puzz.link/p?{PID}/{tag}{puzzle.w}/{puzzle.h}/{write_number16(vals)}"
    return url if url[-1].isalnum() else url + "/"
