"""puzz.link URLs: the shell and the sections genres share, once.

A URL is ``https://puzz.link/p?<pid>/[v:<variant>/][<flags>/]<W>/<H>/<body>``
(width first).  The body is a run of sections, each filling a known number of
objects (cells, regions, grid points, outside clues) and handing the rest of
the string to the next.  This module reads and writes the shell and the
shared sections; each genre's codec (``puzzlekit.<genre>.url``) composes them.

Values in number lists are ints, ``None`` for an empty object, and
:data:`QUESTION` for a ``?`` clue (a number whose value is not given).

Every decoding error is a :class:`PuzzlinkError` (an ``InputError``) with a
one-line message.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from ..core.referee import InputError

__all__ = ["PuzzlinkError", "QUESTION", "UrlParts", "is_url", "parse_url", "genre_url", "make_url",
           "ALIASES", "Reader", "Runs", "number16_token", "write_number16", "write_border",
           "write_regions", "write_circle", "write_binary", "write_points04", "regions_from_walls",
           "walls_from_regions", "numbers_by_cell", "numbers_by_region", "MAX_SIDE",
           "read_arrow_numbers", "write_arrow_numbers"]

QUESTION = -1          # a "?" clue: the object holds a number whose value is not given
MAX_SIDE = 1000        # no real puzzle is wider; larger sides are rejected before parsing
_B32 = "0123456789abcdefghijklmnopqrstuv"
_B36 = "0123456789abcdefghijklmnopqrstuvwxyz"
_HEXDIGITS = "0123456789abcdef"
#: Section 2.1's forms of a number: (mark, hex digits, base, end) for ``base <= v < end``,
#: the shortest first; a reader also takes ``%`` for ``@``.
_NUMBER16 = (("", 1, 0, 16), ("-", 2, 0, 256), ("+", 3, 0, 4096), ("=", 3, 4096, 8192),
             ("@", 3, 8192, 12240), ("*", 4, 12240, 77776), ("$", 5, 77776, 77776 + 16 ** 5))
_WIDE = {mark: (digits, base) for mark, digits, base, _ in _NUMBER16[1:]}
_WIDE["%"] = _WIDE["@"]


class PuzzlinkError(InputError):
    """A malformed puzz.link URL; the message is one line."""


@dataclass(frozen=True)
class UrlParts:
    """The shell of a URL: genre id, variant, flag letters, size and body."""

    pid: str
    variant: str
    flags: str
    w: int
    h: int
    body: str


def is_url(text) -> bool:
    """Whether ``text`` looks like a puzzle URL rather than a file name.

    >>> is_url("https://puzz.link/p?nanro/4/4/6r0s1oi13n1h"), is_url("board.json")
    (True, False)
    """
    return isinstance(text, str) and "?" in text and "/" in text.split("?", 1)[1]


def parse_url(url: str, max_cells: int | None = None) -> UrlParts:
    """Split a URL into its shell.

    >>> parse_url("https://puzz.link/p?nanro/4/4/6r0s1oi13n1h")
    UrlParts(pid='nanro', variant='', flags='', w=4, h=4, body='6r0s1oi13n1h')
    >>> parse_url("http://pzv.jp/p.html?country/e/5/5/amda0uf02h12h/").flags
    'e'
    """
    if not isinstance(url, str):
        raise PuzzlinkError("a puzzle URL must be a string")
    url = url.strip()
    if len(url) > 1_000_000:
        raise PuzzlinkError("URL is too long")
    if "?" not in url:
        raise PuzzlinkError("not a puzz.link URL: no '?' before the puzzle")
    query = url.split("?", 1)[1].split("#", 1)[0]
    while re.match(r"^[A-Za-z_]+=[^/&]*&", query):      # leading key=value& pairs
        query = query.split("&", 1)[1]
    parts = query.split("/")
    pid = re.sub(r"_(edit|play)$", "", parts[0])
    if not re.fullmatch(r"[A-Za-z0-9_]+", pid):
        raise PuzzlinkError(f"not a puzz.link URL: bad genre id {parts[0][:20]!r}")
    rest = parts[1:]
    variant = flags = ""
    if rest and rest[0].startswith("v:"):
        variant, rest = rest[0][2:], rest[1:]
    if rest and not rest[0].isdigit():
        flags, rest = rest[0], rest[1:]
    if len(rest) < 2 or not rest[0].isdigit() or not rest[1].isdigit():
        raise PuzzlinkError(f"{pid} URL: expected width/height after the genre id")
    if len(rest[0]) > 7 or len(rest[1]) > 7:
        raise PuzzlinkError(f"{pid} URL: size {rest[0][:10]}x{rest[1][:10]} is too large")
    w, h = int(rest[0]), int(rest[1])
    if not (1 <= w <= MAX_SIDE and 1 <= h <= MAX_SIDE):
        raise PuzzlinkError(f"{pid} URL: size {w}x{h} out of range 1..{MAX_SIDE}")
    if max_cells is not None and w * h > max_cells:
        raise PuzzlinkError(f"{pid} URL: {h}x{w} board has {w * h} cells, more than {max_cells}")
    body = "/".join(rest[2:])
    if body.endswith("/"):
        body = body[:-1]
    return UrlParts(pid, variant, flags, w, h, body)


#: puzz.link's other names for a genre id (pzprjs ``src/pzpr/variety.js``): a URL
#: under an alias is read as the genre; encoders write the id itself.
ALIASES = {"numlin": ("numberlink",)}


def genre_url(url: str, pid: str, max_cells: int | None = None, name: str | None = None,
              variants: tuple = ("",), flags: str = "") -> UrlParts:
    """:func:`parse_url`, and the checks every genre's decoder makes of the
    shell: the genre id is ``pid`` or one of its :data:`ALIASES`, the
    variant one of ``variants`` and every flag character one of ``flags``
    (the flags puzz.link defines for the genre; any other is refused, not
    ignored).  A genre without flags (``name``, for the message) says so.

    >>> genre_url("https://puzz.link/p?nanro/4/4/6r0s1oi13n1h", "nanro").body
    '6r0s1oi13n1h'
    >>> genre_url("https://puzz.link/p?numberlink/2/1/11", "numlin").pid
    'numberlink'
    >>> try:
    ...     genre_url("https://puzz.link/p?nanro/x/4/4/6r", "nanro", name="Nanro")
    ... except PuzzlinkError as e:
    ...     print(e)
    nanro URL: Nanro has no flags, got 'x'
    """
    u = parse_url(url, max_cells=max_cells)
    if u.pid != pid and u.pid not in ALIASES.get(pid, ()):
        raise PuzzlinkError(f"not a {pid} URL: the genre id is {u.pid!r}")
    if u.variant not in variants:
        raise PuzzlinkError(f"{pid} URL: the variant {u.variant[:10]!r} is not supported")
    if set(u.flags) - set(flags):
        if not flags:
            raise PuzzlinkError(f"{pid} URL: {name or pid} has no flags, got {u.flags[:10]!r}")
        raise PuzzlinkError(f"{pid} URL: unknown flag(s) {u.flags[:10]!r} "
                            f"(only {', '.join(repr(c) for c in flags)})")
    return u


def make_url(pid: str, w: int, h: int, body: str, flags: str = "") -> str:
    """The canonical URL (a trailing ``/`` when the last character is not
    alphanumeric, as encoders write it).

    >>> make_url("nanro", 4, 4, "6r0s1oi13n1h")
    'https://puzz.link/p?nanro/4/4/6r0s1oi13n1h'
    """
    url = f"https://puzz.link/p?{pid}/" + (f"{flags}/" if flags else "") + f"{w}/{h}/{body}"
    return url if url[-1].isalnum() else url + "/"


# ------------------------------------------------------------------ reading
class Reader:
    """A cursor over a body; each method reads one section from where the last
    one stopped.  puzz.link's encoders write every object of a section (runs
    of empty objects as letters, trailing ones included, and every bit), so
    a section the body ends inside of was cut: it is refused, naming how far
    it got, never read as "the rest is empty"."""

    def __init__(self, body: str, what: str = "body"):
        self.s = body
        self.i = 0
        self.what = what

    @property
    def rest(self) -> str:
        return self.s[self.i:]

    def _hex(self, k: int) -> int:
        tok = self.s[self.i:self.i + k]
        if len(tok) < k or any(ch not in "0123456789abcdef" for ch in tok):
            raise PuzzlinkError(f"{self.what}: expected {k} hex digits at position {self.i}, "
                                f"got {tok!r}")
        self.i += k
        return int(tok, 16)

    def _short(self, got: int, n: int, noun: str) -> PuzzlinkError:
        return PuzzlinkError(f"{self.what}: the body ends after {got} of {n} {noun} (puzz.link "
                             "writes every one, empty runs included): truncated?")

    def number16(self, n: int, noun: str = "cells") -> list:
        """Section 2.1: ``n`` objects (``noun``, for the message) of ints,
        ``None`` (empty) or QUESTION; a body that ends first is refused."""
        out = []
        while len(out) < n and self.i < len(self.s):
            ch = self.s[self.i]
            if ch in "0123456789abcdef":
                out.append(int(ch, 16))
                self.i += 1
            elif ch in _WIDE:
                self.i += 1
                k, base = _WIDE[ch]
                out.append(self._hex(k) + base)
            elif ch == ".":
                out.append(QUESTION)
                self.i += 1
            elif "g" <= ch <= "z":
                out.extend([None] * (int(ch, 36) - 15))
                self.i += 1
            else:
                raise PuzzlinkError(f"{self.what}: unexpected character {ch!r} "
                                    f"at position {self.i}")
        if len(out) > n:
            raise PuzzlinkError(f"{self.what}: an empty run goes past the last of {n} objects")
        if len(out) < n:
            raise self._short(len(out), n, noun)
        return out

    def bits32(self, n: int, noun: str = "flags") -> np.ndarray:
        """``n`` bits packed five to a base-32 character, most significant
        first; a body that ends first is refused."""
        k = -(-n // 5)
        tok = self.s[self.i:self.i + k]
        bad = [ch for ch in tok if ch not in _B32]
        if bad:
            raise PuzzlinkError(f"{self.what}: {bad[0]!r} is not a base-32 digit")
        if len(tok) < k:
            raise self._short(5 * len(tok), n, noun)
        self.i += k
        out = np.zeros(k * 5, dtype=np.bool_)
        for j, ch in enumerate(tok):
            v = _B32.index(ch)
            for b in range(5):
                out[5 * j + b] = bool(v >> (4 - b) & 1)
        return out[:n]

    def border(self, w: int, h: int) -> tuple[np.ndarray, np.ndarray]:
        """Section 2.2: walls right of cells ``(h, w-1)`` and below cells
        ``(h-1, w)``; a body that ends inside them is refused."""
        need = -(-(w - 1) * h // 5) + -(-w * (h - 1) // 5)
        if len(self.rest) < need:
            raise PuzzlinkError(f"{self.what}: the body ends inside the walls ({len(self.rest)} "
                                f"of {need} characters): truncated?")
        right = self.bits32((w - 1) * h).reshape(h, w - 1)
        below = self.bits32(w * (h - 1)).reshape(h - 1, w)
        return right, below

    def regions(self, w: int, h: int) -> np.ndarray:
        """Section 2.2 read whole, as the ``(h, w)`` region labels its walls
        draw (:func:`regions_from_walls`)."""
        right, below = self.border(w, h)
        return regions_from_walls(right, below)

    def circle(self, n: int, noun: str = "cells") -> np.ndarray:
        """Section 2.3: ``n`` values in {0, 1, 2}, three to a base-27
        character; a body that ends first is refused."""
        k = -(-n // 3)
        tok = self.s[self.i:self.i + k]
        if len(tok) < k:
            raise self._short(3 * len(tok), n, noun)
        self.i += k
        out = np.zeros(3 * k, dtype=np.int8)
        for j, ch in enumerate(tok):
            if ch not in _B36[:27]:
                raise PuzzlinkError(f"{self.what}: {ch!r} is not a base-27 digit")
            v = _B36.index(ch)
            out[3 * j:3 * j + 3] = (v // 9, v // 3 % 3, v % 3)
        return out[:n]

    def binary(self, n: int, noun: str = "cells") -> np.ndarray:
        """Section 2.4: ``n`` flags, five to a base-32 character."""
        return self.bits32(n, noun)

    def points04(self, n: int, noun: str = "points") -> list:
        """Section 2.5: ``n`` objects of 0..4, ``None`` or QUESTION, with gaps
        (the last token's gap may run past the end); a body that ends first
        is refused."""
        out = []
        while len(out) < n and self.i < len(self.s):
            ch = self.s[self.i]
            self.i += 1
            if "0" <= ch <= "4":
                out.append(int(ch))
            elif "5" <= ch <= "9":
                out += [int(ch) - 5, None]
            elif "a" <= ch <= "e":
                out += [int(ch, 16) - 10, None, None]
            elif "g" <= ch <= "z":
                out += [None] * (int(ch, 36) - 15)
            elif ch == ".":
                out.append(QUESTION)
            else:
                raise PuzzlinkError(f"{self.what}: unexpected character {ch!r} "
                                    f"at position {self.i - 1}")
        if len(out) < n:
            raise self._short(len(out), n, noun)
        return out[:n]

    def end(self) -> None:
        """Raise unless the whole body was read."""
        if self.rest:
            raise PuzzlinkError(f"{self.what}: {len(self.rest)} unread character(s) "
                                f"{self.rest[:12]!r} at the end")


# ------------------------------------------------------------------ writing
class Runs:
    """A body being written: tokens, and runs of empty objects, each run one
    letter (``first`` for a run of one, the next letters for longer runs, at
    most ``longest`` objects to a letter).  Section 2.1 writes runs from
    ``g`` (at most 20), other lists from ``a`` (26) or ``k`` (16).

    >>> out = Runs("g", 20)
    >>> out.empty(); out.empty(); out.add("3"); out.empty()
    >>> out.text()
    'h3g'
    """

    def __init__(self, first: str, longest: int):
        self.first, self.longest = first, longest
        self.out: list[str] = []
        self.gap = 0

    def empty(self) -> None:
        """One more empty object."""
        self.gap += 1
        if self.gap == self.longest:
            self._close()

    def add(self, token: str) -> None:
        """A token after the run so far."""
        self._close()
        self.out.append(token)

    def _close(self) -> None:
        if self.gap:
            self.out.append(chr(ord(self.first) + self.gap - 1))
            self.gap = 0

    def text(self) -> str:
        """The body written so far, its last run closed."""
        self._close()
        return "".join(self.out)


def _hex_token(v: int, forms) -> str | None:
    """``v`` in the first of ``forms`` (mark, hex digits, base, end) with
    ``v < end``: the mark, then ``v - base`` in that many hex digits; None
    when ``v`` is past them all."""
    for mark, digits, base, end in forms:
        if v < end:
            return f"{mark}{v - base:0{digits}x}"
    return None


def number16_token(v: int) -> str:
    """Section 2.1's token for one number (or QUESTION).

    >>> number16_token(7), number16_token(300), number16_token(QUESTION)
    ('7', '+12c', '.')
    """
    v = int(v)
    if v == QUESTION:
        return "."
    token = None if v < 0 else _hex_token(v, _NUMBER16)
    if token is None:
        raise ValueError(f"value {v} cannot be written in a puzz.link number list")
    return token


def write_number16(values) -> str:
    """Section 2.1 for a list of ints / None / QUESTION.

    >>> write_number16([1, None, None, None, None, 2, 300, QUESTION, None])
    '1j2+12c.g'
    """
    out = Runs("g", 20)
    for v in values:
        if v is None:
            out.empty()
        else:
            out.add(number16_token(v))
    return out.text()


def _pack32(bits) -> str:
    bits = [bool(b) for b in np.asarray(bits).ravel()]
    bits += [False] * (-len(bits) % 5)
    return "".join(_B32[sum(b << (4 - j) for j, b in enumerate(bits[i:i + 5]))]
                   for i in range(0, len(bits), 5))


def write_border(right, below) -> str:
    """Section 2.2 from wall arrays ``right (h, w-1)`` and ``below (h-1, w)``."""
    return _pack32(right) + _pack32(below)


def write_regions(labels) -> str:
    """Section 2.2 for the regions ``labels`` (``(h, w)``, numbered 0..k-1):
    a wall exactly between cells of different regions.  A region in two
    pieces is refused: walls cannot draw it.

    >>> write_regions([[0, 0, 1], [0, 0, 1]])
    'a0'
    """
    lab = np.asarray(labels)
    right, below = walls_from_regions(lab)
    pieces = regions_from_walls(right, below)
    k = int(lab.max()) + 1
    if int(pieces.max()) + 1 != k:
        w = lab.shape[1]
        split = next(r for r in range(k) if len(np.unique(pieces[lab == r])) > 1)
        first = int(np.flatnonzero(lab.ravel() == split)[0])
        raise PuzzlinkError(f"the region at ({first // w},{first % w}) is not connected; a "
                            "puzz.link URL draws regions with walls, so each must be one piece")
    return write_border(right, below)


def write_circle(values) -> str:
    """Section 2.3 for values in {0, 1, 2}."""
    v = [int(x) for x in np.asarray(values).ravel()]
    v += [0] * (-len(v) % 3)
    return "".join(_B36[9 * v[i] + 3 * v[i + 1] + v[i + 2]] for i in range(0, len(v), 3))


def write_binary(flags) -> str:
    """Section 2.4."""
    return _pack32(flags)


def write_points04(values) -> str:
    """Section 2.5 for values 0..4 / None / QUESTION.

    >>> write_points04([None, 0, None, None, None, 0, None, None])
    'gaga'
    """
    vals = list(values)
    out, i = Runs("g", 20), 0
    while i < len(vals):
        v = vals[i]
        if v is None:
            out.empty()
            i += 1
            continue
        if v == QUESTION:
            out.add(".")
            i += 1
            continue
        nxt = vals[i + 1:i + 3] + [None, None]
        if i + 1 < len(vals) and nxt[0] is not None:
            out.add(str(v))
            i += 1
        elif i + 2 < len(vals) and nxt[1] is not None:
            out.add(str(v + 5))
            i += 2
        else:
            out.add("abcde"[v])
            i += 3
    return out.text()


# ------------------------------------------------------------------ regions
def regions_from_walls(right, below, holes=None) -> np.ndarray:
    """Region labels (h, w) in puzz.link order: scan row-major, each unlabelled
    cell starts the next region, flood fill through open sides.  Holes get -1.

    >>> right = np.array([[0, 0, 1], [1, 0, 1], [1, 0, 1], [1, 0, 0]], bool)
    >>> below = np.array([[1, 1, 1, 0], [0, 0, 0, 0], [0, 1, 1, 1]], bool)
    >>> regions_from_walls(right, below).tolist()
    [[0, 0, 0, 1], [2, 3, 3, 1], [2, 3, 3, 1], [2, 4, 4, 4]]
    """
    right, below = np.asarray(right, bool), np.asarray(below, bool)
    h = right.shape[0]
    w = right.shape[1] + 1
    lab = np.full((h, w), -1, dtype=np.int64)
    hole = np.zeros((h, w), bool) if holes is None else np.asarray(holes, bool).reshape(h, w)
    k = 0
    for r0 in range(h):
        for c0 in range(w):
            if lab[r0, c0] >= 0 or hole[r0, c0]:
                continue
            lab[r0, c0] = k
            stack = [(r0, c0)]
            while stack:
                r, c = stack.pop()
                for rr, cc, open_ in ((r, c + 1, c + 1 < w and not right[r, c]),
                                      (r, c - 1, c > 0 and not right[r, c - 1]),
                                      (r + 1, c, r + 1 < h and not below[r, c]),
                                      (r - 1, c, r > 0 and not below[r - 1, c])):
                    if open_ and lab[rr, cc] < 0 and not hole[rr, cc]:
                        lab[rr, cc] = k
                        stack.append((rr, cc))
            k += 1
    return lab


def walls_from_regions(labels) -> tuple[np.ndarray, np.ndarray]:
    """Wall arrays between cells of different labels (the inverse of
    :func:`regions_from_walls` up to relabelling)."""
    lab = np.asarray(labels)
    return lab[:, 1:] != lab[:, :-1], lab[1:, :] != lab[:-1, :]


def numbers_by_cell(values, labels, what: str, noun: str = "number") -> dict:
    """``{cell: v}`` from a list over the cells of a board of regions
    ``labels`` (``(h, w)``), empty cells left out: each number in 1..the
    size of its cell's region (else a PuzzlinkError naming ``what``, the
    URL, and ``noun``), QUESTION kept as it is.

    >>> numbers_by_cell([2, None, QUESTION, None], [[0, 0], [1, 1]], "nanro URL")
    {0: 2, 2: -1}
    """
    lab = np.asarray(labels)
    w = lab.shape[1]
    sizes = np.bincount(lab.ravel())
    out = {}
    for c, v in enumerate(values):
        if v is None:
            continue
        if v != QUESTION:
            s = int(sizes[lab.flat[c]])
            if not 1 <= v <= s:
                raise PuzzlinkError(f"{what}: the {noun} {v} at ({c // w},{c % w}) is out of "
                                    f"range 1..{s} (its region's size)")
        out[c] = v
    return out


def numbers_by_region(values, labels, what: str, lo: int = 1, noun: str = "region") -> dict:
    """``{region: v}`` from a list over the regions ``labels`` (0..k-1),
    regions without a number left out: each number in ``lo``..the size of
    its region (else a PuzzlinkError naming ``what``, the URL, and calling
    a region ``noun``), QUESTION kept as it is.

    >>> numbers_by_region([None, 2, QUESTION], [[0, 1, 1], [2, 2, 2]], "stostone URL")
    {1: 2, 2: -1}
    """
    sizes = np.bincount(np.asarray(labels).ravel())
    out = {}
    for g, v in enumerate(values):
        if v is None:
            continue
        if v != QUESTION and not lo <= v <= sizes[g]:
            raise PuzzlinkError(f"{what}: the number {v} of {noun} {g} is out of range "
                                f"{lo}..{int(sizes[g])} (its size)")
        out[g] = v
    return out


def read_arrow_numbers(body: str, n: int, what: str = "body") -> dict:
    """``{cell: (direction, number)}`` from an arrow-number list (number -1 for ``?``),
    the clue section of the Yajilin family (Yajisan-Kazusan, Yajilin): ``d x``
    (direction ``d`` 0..4 = none, up, down, left, right; ``x`` one hex digit or
    ``.`` for ``?``), ``d xx`` with ``d`` 5..9 (direction ``d - 5``), ``- d xxx``,
    or a letter ``a``..``z`` for a run of 1..26 empty cells.  The body must
    account for every cell, as puzz.link's encoder writes it.

    >>> read_arrow_numbers("40d23b", 8)
    {0: (4, 0), 5: (2, 3)}
    """
    out, c, i = {}, 0, 0

    def hexes(k):
        tok = body[i:i + k]
        if len(tok) < k or any(ch not in _HEXDIGITS for ch in tok):
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
    out = Runs("a", 26)
    for c in range(n):
        if c not in clues:
            out.empty()
            continue
        d, v = clues[c]
        forms = ((str(d), 1, 0, 16), (str(d + 5), 2, 0, 256), (f"-{d}", 3, 0, 4096))
        token = f"{d}." if v < 0 else _hex_token(v, forms)
        if token is None:
            raise PuzzlinkError(f"the number {v} is too large for a puzz.link URL (at most 4095)")
        out.add(token)
    return out.text()
