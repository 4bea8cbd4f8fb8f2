"""Yajisan-Kazusan boards as puzz.link URLs (``https://puzz.link/p?yajikazu/W/H/<body>``).

The body is one arrow-number list over the cells in reading order: ``d x``
(direction ``d`` 0..4 = none, up, down, left, right; ``x`` one hex digit or
``.`` for ``?``), ``d xx`` with ``d`` 5..9 (direction ``d - 5``, two hex
digits), ``- d xxx`` (three hex digits), or a letter ``a``..``z`` for a run
of 1..26 empty cells; the body accounts for every cell, as puzz.link's
encoder writes it (a shorter one is refused as truncated).  A flag segment (``b/``, borrowed from Yajilin's
display options) is accepted and ignored.  puz.link's answer checker also
refuses an answer with nothing shaded; the URL has no flag for that, so
:func:`decode` takes it as the switch ``need_shade`` and :func:`encode`
refuses boards that carry it.
"""
from __future__ import annotations

from ..io.puzzlink import PuzzlinkError, make_url, parse_url
from .model import MAX_CELLS, MAX_SIDE, Puzzle

__all__ = ["decode", "encode", "PID", "read_arrow_numbers", "write_arrow_numbers"]

PID = "yajikazu"
_B36 = "0123456789abcdefghijklmnopqrstuvwxyz"
_HEX = "0123456789abcdef"


def read_arrow_numbers(body: str, n: int, what: str = "yajikazu URL") -> dict:
    """``{cell: (direction, number)}`` from an arrow-number list (number -1 for ``?``).

    >>> read_arrow_numbers("40d23b", 8)
    {0: (4, 0), 5: (2, 3)}
    """
    out, c, i = {}, 0, 0

    def hexes(k):
        tok = body[i:i + k]
        if len(tok) < k or any(ch not in _HEX for ch in tok):
            raise PuzzlinkError(f"{what}: expected {k} hex digit(s) at position {i}, got {tok!r}")
        return int(tok, 16)

    while i < len(body) and c < n:
        ch = body[i]
        if ch in "01234":
            nxt = body[i + 1:i + 2]
            if nxt == ".":
                v = -1
            else:
                i += 1
                v = hexes(1)
                i -= 1
            out[c], i, c = (int(ch), v), i + 2, c + 1
        elif ch in "56789":
            i += 1
            out[c] = (int(ch) - 5, hexes(2))
            i, c = i + 2, c + 1
        elif ch == "-":
            d = body[i + 1:i + 2]
            if d not in list("01234"):
                raise PuzzlinkError(f"{what}: expected a direction 0..4 after '-' at position {i}")
            i += 2
            out[c] = (int(d), hexes(3))
            i, c = i + 3, c + 1
        elif "a" <= ch <= "z":
            c += _B36.index(ch) - 9
            i += 1
        else:
            raise PuzzlinkError(f"{what}: unexpected character {ch!r} at position {i}")
    if i < len(body):
        raise PuzzlinkError(f"{what}: {len(body) - i} unread character(s) {body[i:i + 12]!r} "
                            "past the last cell")
    if c < n:
        raise PuzzlinkError(f"{what}: the body ends after {c} of {n} cells (puzz.link writes "
                            "every cell, empty runs included): truncated?")
    return out


def write_arrow_numbers(clues: dict, n: int) -> str:
    """The arrow-number list of ``{cell: (direction, number)}`` (shortest forms,
    empty runs flushed at 26).

    >>> write_arrow_numbers({0: (4, 0), 5: (2, 3), 6: (1, 99), 7: (3, -1)}, 9)
    '40d236633.a'
    """
    out, run = [], 0
    for c in range(n):
        if c not in clues:
            run += 1
            if run == 26:
                out.append("z")
                run = 0
            continue
        if run:
            out.append(_B36[9 + run])
            run = 0
        d, v = clues[c]
        if v < 0:
            out.append(f"{d}.")
        elif v < 16:
            out.append(f"{d}{v:x}")
        elif v < 256:
            out.append(f"{d + 5}{v:02x}")
        elif v < 4096:
            out.append(f"-{d}{v:03x}")
        else:
            raise PuzzlinkError(f"the number {v} is too large for a puzz.link URL (at most 4095)")
    if run:
        out.append(_B36[9 + run])
    return "".join(out)


def decode(url: str, need_shade: bool = False) -> Puzzle:
    """The board of a puzz.link Yajisan-Kazusan URL; a malformed one raises a
    one-line :class:`~puzzlekit.io.puzzlink.PuzzlinkError`.

    >>> p = decode("https://puzz.link/p?yajikazu/6/6/40d23663i32h12b32a12a11c")
    >>> len(p.clues), p.clues[6]
    (8, (1, 99))
    """
    u = parse_url(url, max_cells=MAX_CELLS)
    if u.pid != PID:
        raise PuzzlinkError(f"not a yajikazu URL: the genre id is {u.pid!r}")
    if u.variant:
        raise PuzzlinkError(f"yajikazu URL: the variant {u.variant[:10]!r} is not supported")
    if max(u.w, u.h) > MAX_SIDE:
        raise PuzzlinkError(f"yajikazu URL: a side of {max(u.w, u.h)} cells is longer than "
                            f"{MAX_SIDE}")
    clues = read_arrow_numbers(u.body, u.w * u.h)
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
