"""Sashigane boards as puzz.link URLs (``https://puzz.link/p?sashigane/W/H/<body>``).

The body is one list over the cells in reading order: a hex digit is a
circle holding that number, ``-`` and two hex digits a number 16..255, ``.``
a bare circle, ``g h i j`` an arrow pointing up, down, left, right, and
``k``..``z`` a run of 1..16 empty cells.  There are no flags.

puzz.link's checker is looser than the article's rules: a piece there may
hold no circle, and no arrow or an arrow at each end.  A URL is read under
puzz.link's rules (``"rules": "puzzlink"``), as puzz.link itself reads it:
that is what a pasted puzz.link URL means.  A board set for the article's
rules (the bank's, the generator's) is written with ``/article`` after the
last cell, and such a URL is read under the article's rules; puzz.link reads
nothing after the last cell, so it still opens there (under its own rules,
where the board may have more answers).  ``decode(url, dialect=...)``
forces one rule set whatever the URL says.  A ``?``
cell (``%``, or ``@``) is neither a circle nor an arrow, and puzz.link's
checker attaches no rule to it, so it is read as a plain cell (and written
back as one).  A circle numbered 0, a number larger than the board, and any
character the format does not define are refused, and so is a body that
stops before the last cell (the encoder always writes the closing run).
:func:`encode` writes what puzz.link's encoder writes.
"""
from __future__ import annotations

from ..io.puzzlink import PuzzlinkError, Runs, genre_url, make_url, number16_token
from .model import MAX_CELLS, Puzzle

__all__ = ["decode", "encode", "PID", "EXAMPLE", "ARTICLE_MARK"]

PID = "sashigane"
#: The worked example of the puzz.link format notes.
EXAMPLE = "https://puzz.link/p?sashigane/5/5/jm.o3khkgojm4"
_HEX = "0123456789abcdef"
#: What follows the last cell of a URL set for the article's rules.
ARTICLE_MARK = "/article"


def decode(url: str, dialect: bool | None = None) -> Puzzle:
    """The board of a puzz.link Sashigane URL, under puzz.link's rules unless
    the URL ends in :data:`ARTICLE_MARK` (``dialect`` True or False forces
    puzz.link's or the article's rules); a malformed one raises a one-line
    :class:`~puzzlekit.io.puzzlink.PuzzlinkError`.

    >>> p = decode(EXAMPLE)
    >>> p.to_json()["circles"], p.to_json()["arrows"][:2], p.rules
    ([[0, 4, None], [2, 0, 3], [4, 4, 4]], [[0, 0, '>'], [2, 2, 'v']], 'puzzlink')
    >>> decode(EXAMPLE + ARTICLE_MARK).rules, decode(EXAMPLE, dialect=False).rules
    ('article', 'article')
    """
    u = genre_url(url, PID, MAX_CELLS, "Sashigane")
    w, h = u.w, u.h
    n = w * h
    s = u.body
    marked = s.endswith(ARTICLE_MARK)
    if marked:
        s = s[:-len(ARTICLE_MARK)]
    if dialect is None:
        dialect = not marked
    circles, arrows = {}, {}
    i = c = 0
    while i < len(s) and c < n:
        ch = s[i]
        if ch in _HEX:
            v = int(ch, 16)
            i += 1
        elif ch == "-":
            tok = s[i + 1:i + 3]
            if len(tok) < 2 or any(x not in _HEX for x in tok):
                raise PuzzlinkError(f"sashigane URL: expected 2 hex digits after '-' at {i}")
            v = int(tok, 16)
            i += 3
        elif ch == ".":
            v = 0
            i += 1
        elif ch in "ghij":
            arrows[c] = "ghij".index(ch)
            i += 1
            c += 1
            continue
        elif "k" <= ch <= "z":
            c += int(ch, 36) - 19
            i += 1
            continue
        elif ch in "@%":             # a "?" cell: puzz.link's checker attaches no rule to it
            i += 1
            c += 1
            continue
        else:
            raise PuzzlinkError(f"sashigane URL: unexpected character {ch!r} at position {i}")
        if (ch != "." and v == 0) or v > n:
            raise PuzzlinkError(f"sashigane URL: a circle numbered {v} at ({c // w},{c % w}) "
                                f"on a board of {n} cells")
        circles[c] = v
        c += 1
    if i < len(s):
        raise PuzzlinkError(f"sashigane URL: {len(s) - i} character(s) {s[i:i + 12]!r} after "
                            "the last cell")
    if c > n:
        raise PuzzlinkError("sashigane URL: a run of empty cells passes the end of the board")
    if c < n:
        raise PuzzlinkError(f"sashigane URL: the body ends after {c} of {n} cells: truncated?")
    return Puzzle.make(h, w, circles, arrows, "puzzlink" if dialect else "article")


def encode(puzzle: Puzzle) -> str:
    """The canonical puzz.link URL of a board, with :data:`ARTICLE_MARK` after
    the last cell when the board is set for the article's rules (clause
    switches are not part of the format).

    >>> encode(decode(EXAMPLE)) == EXAMPLE
    True
    >>> encode(decode(EXAMPLE, dialect=False)) == EXAMPLE + ARTICLE_MARK
    True
    """
    out = Runs("k", 16)
    for x in range(puzzle.h * puzzle.w):
        v, d = int(puzzle.circle[x]), int(puzzle.arrow[x])
        if v < 0 and d < 0:
            out.empty()
        elif d >= 0:
            out.add("ghij"[d])
        elif v == 0:
            out.add(".")
        elif v < 256:
            out.add(number16_token(v))
        else:
            raise PuzzlinkError(f"sashigane URL: the number {v} does not fit the format (max 255)")
    return make_url(PID, puzzle.w, puzzle.h,
                    out.text() + ("" if puzzle.dialect else ARTICLE_MARK))
