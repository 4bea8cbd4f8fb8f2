"""An article's figures as it prints them.

A figure is kept as its text ("12.7%", "0.0", "never", "0 of 20",
"291 (98.3%)", "about 35%", "98–100%", "8,196", "filled") and the line of the
article it stands on.  :func:`read` turns the text into what a comparison
needs: the number, the rounding unit the text shows (a tenth for "0.0", none
for an exact count such as "0 of 20" or "never"), a range where one is
printed, and the sample size where the text itself states it.

A table of figures is a :class:`Printed`: its rows keyed like our frame's,
each cell a :class:`Figure`, and, per row, the sample size the article prints
for it with the line it is printed on (never a size inferred from the
figures).

>>> f = read("12.7%", 108)
>>> f.value, f.unit, f.exact
(12.7, 0.1, False)
>>> read("0 of 20").value, read("0 of 20").n, read("0 of 20").exact
(0.0, 20, True)
>>> read("never").value, read("never").exact
(0.0, True)
>>> read("98–100%").low, read("98–100%").high
(98.0, 100.0)
>>> read("8,196").value, read("8,196").unit
(8196.0, 1.0)
>>> read("filled").value, read("filled").word
(None, 'filled')
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

import pandas as pd

__all__ = ["Figure", "Printed", "read", "count", "printed", "BLANK", "WORDS"]

#: Texts that print no figure.
BLANK = ("", "—", "-", "–")
#: Words that stand for an exact share: ``never`` and ``none`` are 0%, ``all``
#: and ``always`` 100%.
WORDS = {"never": 0.0, "none": 0.0, "no": 0.0, "zero": 0.0, "all": 100.0, "always": 100.0}

_NUMBER = r"[-−]?\d[\d,]*(?:\.\d+)?"
_OF = re.compile(rf"^({_NUMBER})\s*(?:of|/)\s*({_NUMBER})$")
_COUNT_SHARE = re.compile(rf"^({_NUMBER})\s*\(({_NUMBER})\s*%\)$")
_OF_SHARE = re.compile(rf"^({_NUMBER})\s*(?:of|/)\s*({_NUMBER})\s*\(({_NUMBER})\s*%\)$")
_SHARE_OF = re.compile(rf"^({_NUMBER})\s*%\s+of\s+({_NUMBER})$")
_RANGE = re.compile(rf"^({_NUMBER})\s*%?\s*[–-]\s*({_NUMBER})\s*(%?)$")
_ALL_OF = re.compile(rf"^(all|every|none of|no)\s+({_NUMBER})$", re.IGNORECASE)
_PLAIN = re.compile(rf"^\+?({_NUMBER})\s*(%|×)?$")
_APPROX = ("about ", "≈", "~", "around ", "roughly ")


def _number(s: str) -> float:
    return float(s.replace(",", "").replace("−", "-"))


def _unit(s: str) -> float:
    """The rounding unit a printed number shows: 0.1 for "0.0", 1 for "12"."""
    s = s.replace(",", "")
    return 10.0 ** -len(s.split(".")[1]) if "." in s else 1.0


@dataclass(frozen=True)
class Figure:
    """One figure as printed.

    Attributes
    ----------
    text : str
        The text exactly as the article prints it.
    line : int or None
        The article's line it stands on (1-based).
    value : float or None
        The number the text states (a share in percent where it is one);
        None for a word that is not a number ("filled") or a blank.
    unit : float
        The rounding unit the text shows (0.1 for "12.7"); 0 where the text
        is exact ("0 of 20", "never", "291 (98.3%)" with its count).
    low, high : float or None
        The bounds of a printed range ("98–100%"); otherwise both ``value``.
    n : int or None
        The sample size the text itself states ("0 of 20", "482/482").
    count : int or None
        The count the text states where it states one ("291 (98.3%)").
    word : str or None
        The text when it is a word compared as such ("filled").
    approx : bool
        The text says "about" (or the like).
    """

    text: str
    line: int | None = None
    value: float | None = None
    unit: float = 0.0
    low: float | None = None
    high: float | None = None
    n: int | None = None
    count: int | None = None
    word: str | None = None
    approx: bool = False

    @property
    def blank(self) -> bool:
        """Whether the article prints no figure here ("—")."""
        return self.value is None and self.word is None

    @property
    def exact(self) -> bool:
        """Whether the text is exact: no rounding to forgive."""
        return self.unit == 0.0

    def with_n(self, n: int | None) -> Figure:
        """The figure with the row's printed sample size, where the text
        states none; a printed count then makes the share exact."""
        if n is None or self.n is not None:
            return self
        if self.count is not None:
            share = 100.0 * self.count / n
            return Figure(self.text, self.line, share, 0.0, share, share, n, self.count,
                          None, self.approx)
        return Figure(self.text, self.line, self.value, self.unit, self.low, self.high, n,
                      self.count, self.word, self.approx)


def read(text, line: int | None = None, means: str | None = None) -> Figure:
    """The :class:`Figure` a printed text states (see the module's examples).

    ``means`` is the word a cell of ours is compared with where the article
    says it in a sentence rather than a table: ``read("fills all five grades
    at every size", 123, means="filled")`` keeps the text as printed.

    >>> read("291 (98.3%)").with_n(296).value == 100 * 291 / 296
    True
    >>> read("about 35%").value, read("about 35%").approx, read("about 35%").unit
    (35.0, True, 1.0)
    >>> read("482/482").value, read("482/482").n
    (100.0, 482)
    >>> read("all 680").value, read("all 680").n, read("all 680").exact
    (100.0, 680, True)
    >>> read("65 / 72 (90.3%)").count, read("65 / 72 (90.3%)").n
    (65, 72)
    >>> read("0.1% of 1274").value, read("0.1% of 1274").n, read("0.1% of 1274").unit
    (0.1, 1274, 0.1)
    >>> read("+31.6%").value, read("2.0×").value, read("2.0×").unit
    (31.6, 2.0, 0.1)
    """
    raw = str(text)
    if means is not None:
        return Figure(raw, line, word=means)
    s = raw.strip()
    approx = False
    for a in _APPROX:
        if s.lower().startswith(a):
            s, approx = s[len(a):].strip(), True
    if s in BLANK:
        return Figure(raw, line)
    if s.lower() in WORDS:
        v = WORDS[s.lower()]
        return Figure(raw, line, v, 0.0, v, v, approx=approx)
    m = _OF_SHARE.match(s)
    if m:                                   # "65 / 72 (90.3%)": the count and its total
        x, n = _number(m[1]), int(_number(m[2]))
        v = 100.0 * x / n if n else float("nan")
        return Figure(raw, line, v, 0.0, v, v, n, int(x), approx=approx)
    m = _SHARE_OF.match(s)
    if m:                                   # "0.1% of 1274": a rounded share and its n
        v = _number(m[1])
        return Figure(raw, line, v, _unit(m[1]), v, v, int(_number(m[2])), approx=approx)
    m = _OF.match(s)
    if m:
        x, n = _number(m[1]), int(_number(m[2]))
        v = 100.0 * x / n if n else float("nan")
        return Figure(raw, line, v, 0.0, v, v, n, int(x), approx=approx)
    m = _ALL_OF.match(s)
    if m:
        n = int(_number(m[2]))
        v = 0.0 if m[1].lower() in ("none of", "no") else 100.0
        return Figure(raw, line, v, 0.0, v, v, n, int(v / 100.0 * n), approx=approx)
    m = _COUNT_SHARE.match(s)
    if m:
        v = _number(m[2])
        return Figure(raw, line, v, _unit(m[2]), v, v, None, int(_number(m[1])), approx=approx)
    m = _RANGE.match(s)
    if m:
        lo, hi = _number(m[1]), _number(m[2])
        unit = max(_unit(m[1]), _unit(m[2]))
        return Figure(raw, line, (lo + hi) / 2, unit, lo, hi, approx=approx)
    m = _PLAIN.match(s)
    if m:
        v = _number(m[1])
        return Figure(raw, line, v, _unit(m[1]), v, v, approx=approx)
    return Figure(raw, line, word=s, approx=approx)


def count(text, line: int | None = None, number: int | None = None,
          of: int | None = None) -> Figure:
    """A printed count (of boards, cells, answers): exact, never rounded.

    ``number`` is the count where the text says more than it ("61→42": 42;
    "No board at any size": 0); otherwise it is the text's first number.
    ``of`` is its total where the article prints that elsewhere (the row's
    other column, a sentence): the figure is then the share it states, with
    that total as its sample size.  Without ``of``, the row's printed sample
    size (:func:`printed`'s ``n``) makes it a share, and a row without one
    keeps it a count.

    >>> count("19", 171).value, count("19", 171).with_n(38).value == 100 * 19 / 38
    (19.0, True)
    >>> f = count("7", 110, of=60)
    >>> round(f.value, 3), f.n, f.exact
    (11.667, 60, True)
    >>> count("61→42", 90, number=42).count, count("7", 5, of=0).blank
    (42, True)
    """
    if number is None:
        m = re.search(_NUMBER, str(text))
        if m is None:
            raise ValueError(f"no count in {text!r}: give number=")
        number = int(_number(m[0]))
    number = int(number)
    if of is not None:
        if not of:
            return Figure(str(text), line)
        share = 100.0 * number / of
        return Figure(str(text), line, share, 0.0, share, share, int(of), number)
    return Figure(str(text), line, float(number), 0.0, float(number), float(number),
                  count=number)


@dataclass(frozen=True)
class Printed:
    """A table of the article as printed: rows of :class:`Figure`.

    Build one with :func:`printed`.  ``n`` maps a row to the sample size the
    article prints for it and ``n_lines`` to the line it is printed on.
    """

    index: str
    columns: tuple
    rows: dict
    n: dict = field(default_factory=dict)
    n_lines: dict = field(default_factory=dict)

    def figure(self, row, col) -> Figure:
        """The figure in ``row``, ``col``, with the row's printed sample size."""
        return self.rows[row][self.columns.index(col)].with_n(self.n.get(row))

    def frame(self) -> pd.DataFrame:
        """The figures' values (words as printed, blanks as NaN), for plots
        and for claims that quote the article."""
        def value(f):
            return f.word if f.word is not None else (float("nan") if f.value is None
                                                      else f.value)
        data = [[value(self.figure(r, c)) for c in self.columns] for r in self.rows]
        return pd.DataFrame(data, index=pd.Index(list(self.rows), name=self.index),
                            columns=list(self.columns))

    def texts(self) -> pd.DataFrame:
        """The figures' texts as printed."""
        data = [[f.text for f in self.rows[r]] for r in self.rows]
        return pd.DataFrame(data, index=pd.Index(list(self.rows), name=self.index),
                            columns=list(self.columns))


def printed(index: str, columns, rows: dict, n: dict | None = None) -> Printed:
    """A :class:`Printed` table.

    Parameters
    ----------
    index : str
        The name of the row index (our frame's must be the same).
    columns : sequence of str
    rows : dict
        Row key -> ``(line, text, text, ...)``: the article's line and one
        text per column; a cell may instead be a :class:`Figure` (a figure
        printed on another line, made with :func:`read`).
    n : dict, optional
        Row key -> ``(n, line)``: a sample size the article prints for the
        row, and the line it prints it on.

    >>> t = printed("n", ["share"], {"4×4": (151, "291 (98.3%)")}, n={"4×4": (296, 151)})
    >>> round(t.figure("4×4", "share").value, 3), t.figure("4×4", "share").exact
    (98.311, True)
    """
    columns = tuple(columns)
    table = {}
    for key, (line, *cells) in rows.items():
        if len(cells) != len(columns):
            raise ValueError(f"row {key!r}: {len(cells)} figures for {len(columns)} columns")
        table[key] = tuple(c if isinstance(c, Figure) else read(c, line) for c in cells)
    sizes = {k: int(v[0]) for k, v in (n or {}).items()}
    lines = {k: v[1] for k, v in (n or {}).items()}
    unknown = set(sizes) - set(table)
    if unknown:
        raise ValueError(f"sample sizes for rows not in the table: {sorted(unknown)}")
    return Printed(index, columns, table, sizes, lines)
