"""Statue Park boards as puzz.link URLs (``https://puzz.link/p?statuepark/W/H/<body>``).

The body is the circle layer (three cells to a base-27 character: 0 none,
1 white, 2 black; a body starting with ``/`` has none, as puzz.link reads
it, though its encoder always writes the layer), then the bag: a
preset key (``//p`` the twelve pentominoes, ``//t`` the five tetrominoes,
``//d`` each tetromino twice, ``//z`` an empty bag) or ``/<count>`` and one
``/<piece>`` per piece.  A piece is its width and height as base-36
characters and its squares row by row, five to a base-32 character, trailing
``0`` characters dropped; the raw form ``<width>:<bits>`` is read too.
Pieces may be placed rotated or reflected, so :func:`encode` writes each in
its canonical orientation, and a preset key whenever the bag is that
preset's multiset.  Statue Park has no flags.  :func:`decode` refuses pieces
that are empty or not one connected polyomino, a count that does not match
the pieces listed, and any character the format does not define.
"""
from __future__ import annotations

from collections import Counter

from ..io.puzzlink import PuzzlinkError, Reader, genre_url, make_url, write_circle
from .model import MAX_BAG, MAX_CELLS, Puzzle, canonical, piece_from_cells

__all__ = ["decode", "encode", "PID", "piece_code", "read_piece", "PRESETS"]

PID = "statuepark"
_B32 = "0123456789abcdefghijklmnopqrstuv"
_B36 = "0123456789abcdefghijklmnopqrstuvwxyz"
PRESETS = {
    "p": ["337k", "15v", "24as", "24bo", "23fg", "337i", "23rg", "334u", "335s", "33bk",
          "24bk", "337o"],
    "t": ["14u", "23bg", "22u", "23f", "23eg"],
    "d": ["14u", "14u", "23bg", "23bg", "22u", "22u", "23f", "23f", "23eg", "23eg"],
    "z": [],
}


def read_piece(code: str) -> tuple:
    """A canonical piece from its puzz.link code.

    >>> read_piece("22s")          # rows 11/10: an L-tromino
    ((0, 0), (0, 1), (1, 0))
    >>> read_piece("14u") == read_piece("4:1111")
    True
    """
    if not isinstance(code, str) or len(code) > 400:
        raise PuzzlinkError("statuepark URL: a piece code must be a short string")
    if ":" in code:
        wtxt, bits = code.split(":", 1)
        if not wtxt.isdigit() or not 1 <= int(wtxt) <= 64 or not bits or \
                set(bits) - {"0", "1"} or len(bits) % int(wtxt):
            raise PuzzlinkError(f"statuepark URL: bad raw piece {code[:20]!r}")
        w = int(wtxt)
        h = len(bits) // w
    else:
        if len(code) < 3:
            raise PuzzlinkError(f"statuepark URL: piece code {code[:20]!r} is too short")
        if code[0] not in _B36[1:] or code[1] not in _B36[1:]:
            raise PuzzlinkError(f"statuepark URL: bad piece size in {code[:20]!r}")
        w, h = _B36.index(code[0]), _B36.index(code[1])
        bits = ""
        for ch in code[2:]:
            if ch not in _B32:
                raise PuzzlinkError(f"statuepark URL: {ch!r} in piece {code[:20]!r} is not "
                                    "a base-32 digit")
            bits += format(_B32.index(ch), "05b")
        if len(bits) > w * h + 4:
            raise PuzzlinkError(f"statuepark URL: piece {code[:20]!r} has more squares "
                                f"than its {w}x{h} box")
        bits = bits[:w * h].ljust(w * h, "0")
    cells = [(i // w, i % w) for i, b in enumerate(bits) if b == "1"]
    try:
        return piece_from_cells(cells, f"statuepark URL: piece {code[:20]!r}")
    except PuzzlinkError:
        raise
    except ValueError as exc:
        raise PuzzlinkError(str(exc)) from None


def piece_code(shape) -> str:
    """The puzz.link code of a piece (as the shape is stored).

    >>> piece_code(read_piece("14u")), piece_code(((0, 0), (0, 1), (1, 0)))
    ('41u', '22s')
    """
    h = max(r for r, _ in shape) + 1
    w = max(c for _, c in shape) + 1
    cs = set(shape)
    bits = "".join("1" if (i // w, i % w) in cs else "0" for i in range(w * h))
    bits += "0" * (-len(bits) % 5)
    out = _B36[w] + _B36[h] + "".join(_B32[int(bits[i:i + 5], 2)]
                                      for i in range(0, len(bits), 5))
    return out.rstrip("0")


def decode(url: str) -> Puzzle:
    """The board of a puzz.link Statue Park URL; a malformed one raises a
    one-line :class:`~puzzlekit.io.puzzlink.PuzzlinkError`.

    >>> p = decode("https://puzz.link/p?statuepark/7/7/078ii6000000290f0//t")
    >>> len(p.bag), p.area, len(p.black), len(p.white)
    (5, 20, 8, 3)
    """
    u = genre_url(url, PID, MAX_CELLS, "Statue Park")
    w, h, n = u.w, u.h, u.w * u.h
    body = u.body
    black, white = set(), set()
    if not body.startswith("/"):
        k = -(-n // 3)
        head = body.split("/", 1)[0]
        if len(head) != k:
            raise PuzzlinkError(f"statuepark URL: the circle layer has {len(head)} characters, "
                                f"expected {k}")
        vals = Reader(head, "statuepark URL").circle(n)
        for c, v in enumerate(vals):
            if v == 1:
                white.add(c)
            elif v == 2:
                black.add(c)
        body = body[k:]
    if not body.startswith("/"):
        raise PuzzlinkError("statuepark URL: no piece bag after the circles")
    if body.startswith("//"):
        key = body[2:]
        if key not in PRESETS:
            raise PuzzlinkError(f"statuepark URL: unknown bag preset {key[:10]!r}")
        codes = PRESETS[key]
    else:
        parts = body[1:].split("/")
        if not parts[0].isdigit() or len(parts[0]) > 4:
            raise PuzzlinkError(f"statuepark URL: the bag count {parts[0][:10]!r} is not a number")
        k = int(parts[0])
        if k > MAX_BAG:
            raise PuzzlinkError(f"statuepark URL: {k} pieces, more than {MAX_BAG}")
        codes = parts[1:]
        if len(codes) != k:
            raise PuzzlinkError(f"statuepark URL: the bag says {k} pieces, {len(codes)} follow")
    bag = [read_piece(c) for c in codes]
    try:
        return Puzzle.make(h, w, bag, black, white)
    except PuzzlinkError:
        raise
    except ValueError as exc:
        raise PuzzlinkError(f"statuepark URL: {exc}") from None


def _multiset(codes) -> Counter:
    return Counter(canonical(read_piece(c)) for c in codes)


def encode(puzzle: Puzzle) -> str:
    """The puzz.link URL of a board.

    >>> encode(decode("https://puzz.link/p?statuepark/7/7/078ii6000000290f0//t"))
    'https://puzz.link/p?statuepark/7/7/078ii6000000290f0//t'
    """
    if puzzle.drop:
        raise PuzzlinkError("a puzz.link Statue Park URL cannot switch the park rule off; "
                            "keep the board as JSON")
    vals = [0] * puzzle.n
    for c in puzzle.white:
        vals[c] = 1
    for c in puzzle.black:
        vals[c] = 2
    body = write_circle(vals)
    have = Counter(puzzle.bag)
    for key in ("p", "t", "d", "z"):
        if _multiset(PRESETS[key]) == have:
            return make_url(PID, puzzle.w, puzzle.h, body + "//" + key)
    codes = [piece_code(s) for s in puzzle.bag]
    return make_url(PID, puzzle.w, puzzle.h, body + f"/{len(codes)}/" + "/".join(codes))
