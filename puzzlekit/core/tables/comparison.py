"""Ours beside the article's: the comparison of one table and its status.

:func:`compare` gives every shared cell a status by its kind (a z score for
``measured`` cells, equality for ``exact`` ones, ``shown`` for ``derived`` and
``given`` ones), and the table the worst of its compared cells' statuses.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from .render import comparison_html, fmt, fmt_se, fmt_z, isnan
from .stats import (
    RANK,
    STATUSES,
    blank,
    cell_z,
    num,
    ordering_same,
    row_n,
    status_of_z,
)

if TYPE_CHECKING:
    from .registry import Table

__all__ = ["Comparison", "compare"]


@dataclass
class Comparison:
    """Ours beside the article's, with a status per cell and per table.

    ``cells`` holds each shared cell's status (``n/a`` where nothing was
    compared), ``z`` and ``se`` the z score and our standard error of every
    compared ``measured`` cell.
    """

    table: Table
    scale: str
    ours: pd.DataFrame | None
    status: str
    cells: pd.DataFrame | None = None
    details: list = field(default_factory=list)
    z: pd.DataFrame | None = None
    se: pd.DataFrame | None = None
    cell_list: list = field(default_factory=list)

    @property
    def id(self):
        return self.table.id

    @property
    def expect(self):
        return self.table.expect

    @property
    def worst_z(self) -> float | None:
        """The largest ``|z|`` over compared cells (None when none has a z)."""
        if self.z is None:
            return None
        zs = [abs(float(v)) for v in self.z.values.ravel() if v is not None and not isnan(v)]
        return max(zs) if zs else None

    def require(self, strict: bool | None = None) -> Comparison:
        """Raise AssertionError when the table's status is not its ``expect``.

        ``strict`` (default: any scale but ``smoke``) compares with
        ``expect``: the table must have exactly that status, so a table that
        improves fails until its ``expect`` (and the prose that quotes it) is
        updated.  At smoke scale, where samples are tiny, only a table that
        went ``missing``, or one whose ``exact`` cells stopped matching,
        fails.
        """
        strict = (self.scale != "smoke") if strict is None else strict
        exp = self.table.expect or "match"
        if strict:
            ok = self.status == exp
        else:
            broken = [c for c in self.cell_list if c["kind"] == "exact"
                      and c["status"] == "differs"]
            ok = self.status != "missing" and not broken or exp == "missing"
        if not ok:
            raise AssertionError(f"table {self.id} is {self.status}, expected {exp}"
                                 f" at scale {self.scale}: " + "; ".join(self.details[:4]))
        return self

    def frame(self) -> pd.DataFrame:
        """One frame: for every quantity an ``ours`` and an ``article`` column,
        plus ``±`` (our standard error) and ``z`` where cells were compared
        by their sampling error."""
        art = self.table.printed.texts()
        ours = self.ours if self.ours is not None else pd.DataFrame(index=art.index)
        idx = list(ours.index) + [i for i in art.index if i not in set(ours.index)]
        cols = list(art.columns) + [c for c in ours.columns if c not in set(art.columns)]
        parts = {}

        def empty():
            return pd.Series(index=idx, dtype=object)
        for c in cols:
            parts[(c, "ours")] = ours[c].reindex(idx) if c in ours.columns else empty()
            if self.se is not None and c in self.se.columns:
                parts[(c, "±")] = self.se[c].reindex(idx)
            parts[(c, "article")] = art[c].reindex(idx) if c in art.columns else empty()
            if self.z is not None and c in self.z.columns:
                parts[(c, "z")] = self.z[c].reindex(idx)
        out = pd.DataFrame(parts, index=idx)
        out.columns = pd.MultiIndex.from_tuples(out.columns)
        out.index.name = art.index.name
        return out

    def _repr_html_(self):
        return comparison_html(self)

    def __repr__(self):
        return f"Comparison({self.table.id!r}, status={self.status!r})\n{self.frame()}"


def compare(table: Table, ours: pd.DataFrame | None, scale: str = "book") -> Comparison:
    """Compare our frame with the article's printed figures, cell by cell by
    kind (:func:`compare_printed`); ``missing`` when we have no frame.

    >>> from puzzlekit.core.tables import Table
    >>> from puzzlekit.core.tables.printed import printed
    >>> art = printed("k", ["count"], {1: (7, "3"), 2: (8, "7")})
    >>> t = Table("t", "s", "strips", art, None, kind="exact")
    >>> compare(t, pd.DataFrame({"count": [3, 7]}, index=[1, 2])).status
    'match'
    >>> compare(t, pd.DataFrame({"count": [3, 8]}, index=[1, 2])).status
    'differs'
    """
    if ours is None:
        return Comparison(table, scale, None, "missing")
    return compare_printed(table, ours, scale)


def kind_of(table: Table, ours: pd.DataFrame, row, col) -> tuple[str, str | None]:
    """A cell's kind and, for a measured cell, its statistic: the table's
    word for the cell or its column first, then what our frame declares
    (:class:`~puzzlekit.core.measure.Summary`), then the table's default."""
    stat = (ours.attrs.get("stat") or {}).get(col)
    kind = table.cells.get((row, col)) or table.kinds.get(col)
    if kind is None:
        kind = {"exact": "exact", "given": "given", "derived": "derived"}.get(stat)
    if kind is None:
        kind = "measured" if stat in ("share", "mean", "median") else table.kind
    return kind, (stat if stat in ("share", "mean", "median") else None)


def _values(ours: pd.DataFrame, row, col, stat):
    """Our per-board values of a measured cell (a share rebuilt from its
    count where only the row's n was kept); None where there are none."""
    vals = (ours.attrs.get("values") or {}).get((row, col))
    n = row_n(ours.attrs.get("n"), row)
    if vals is None and stat == "share" and n and num(ours.at[row, col]) is not None:
        x = int(round(num(ours.at[row, col]) / 100.0 * int(n)))
        vals = [1] * x + [0] * (int(n) - x)
    return None if vals is None or len(vals) == 0 else vals


def _exact_same(ours_value, figure) -> bool:
    """Whether our value is the figure exactly (a word as printed)."""
    if figure.word is not None:
        return str(ours_value).strip() == figure.word
    x = num(ours_value)
    return x is not None and abs(x - figure.value) <= 1e-9 * max(1.0, abs(figure.value))


def compare_printed(table: Table, ours: pd.DataFrame, scale: str) -> Comparison:
    """Compare a table whose figures are kept as printed, cell by cell by
    kind: ``measured`` cells by their z score (half the printed rounding
    unit the only slack, the article's n only where it prints one),
    ``exact`` cells equal or not, ``derived`` and ``given`` cells shown.
    The table's status is its worst compared cell's (``shown`` when no cell
    is compared); ``Table.shape`` adds a line on zeros and row order."""
    pr = table.printed
    rows = [r for r in pr.rows if r in set(ours.index)]
    cols = [c for c in pr.columns if c in set(ours.columns)]
    if not rows or not cols:
        return Comparison(table, scale, ours, "missing")
    cells = pd.DataFrame("n/a", index=rows, columns=cols, dtype=object)
    zf = pd.DataFrame(np.nan, index=rows, columns=cols, dtype=float)
    sef = pd.DataFrame(np.nan, index=rows, columns=cols, dtype=float)
    details, listed = [], []
    for r in rows:
        for c in cols:
            fig = pr.figure(r, c)
            kind, stat = kind_of(table, ours, r, c)
            mine = ours.at[r, c]
            entry = {"row": str(r), "column": str(c), "ours": _plain(mine), "se": None,
                     "article": fig.text, "line": fig.line, "kind": kind, "stat": stat,
                     "n_article": fig.n, "z": None, "status": "n/a", "note": ""}
            listed.append(entry)
            if fig.blank or blank(mine):
                entry["note"] = "no figure on one side"
                continue
            if kind in ("derived", "given"):
                cells.at[r, c] = entry["status"] = "shown"
                continue
            if kind == "exact" or fig.word is not None:
                s = "match" if _exact_same(mine, fig) else "differs"
                cells.at[r, c] = entry["status"] = s
                if s != "match":
                    details.append(f"{r}/{c}: ours {fmt(mine)} vs article {fig.text} (exact)")
                continue
            vals = _values(ours, r, c, stat)
            if stat is None or vals is None:
                entry["note"] = "no per-board values: not compared"
                details.append(f"{r}/{c}: no per-board values, not compared")
                continue
            _, se, z = cell_z(stat, fig.value, vals, fig.n, fig.unit / 2, (fig.low, fig.high),
                              log=c in table.log)
            zf.at[r, c], sef.at[r, c] = z, se
            s = status_of_z(z)
            cells.at[r, c] = s
            entry.update(se=_plain(se), z=_plain(z), status=s,
                         note="" if fig.n else "article n not printed: our error alone")
            if s != "match":
                details.append(f"{r}/{c}: ours {fmt(mine)} {fmt_se(se)} vs article "
                               f"{fig.text} (z {fmt_z(z)}, {s})")
    if table.shape:
        details.append(_shape_line(pr.frame(), ours, rows, cols, cells))
    compared = [RANK[s] for s in cells.values.ravel() if s in ("match", "close", "differs")]
    if compared:
        status = STATUSES[max(compared)]
    else:
        status = "shown" if (cells.values == "shown").any() else "missing"
    return Comparison(table, scale, ours, status, cells, details, zf, sef, listed)


def _shape_line(art: pd.DataFrame, ours: pd.DataFrame, rows, cols, cells) -> str:
    """Whether the measured columns have their zeros in the same cells and
    their rows in the same order on both sides (a detail, not a status)."""
    odd = []
    for c in cols:
        if not (cells[c].isin(["match", "close", "differs"])).any():
            continue
        x = pd.to_numeric(ours.loc[rows, c], errors="coerce")
        y = pd.to_numeric(art.loc[rows, c], errors="coerce")
        keep = ~(x.isna() | y.isna())
        x, y = x[keep], y[keep]
        if ((x == 0) != (y == 0)).any():
            odd.append(f"{c}: zeros differ")
        elif not ordering_same(x, y):
            odd.append(f"{c}: rows ordered differently")
    return "shape: " + ("; ".join(odd) if odd else "zeros in the same cells, rows in the "
                        "same order")


def _plain(v):
    """A JSON-ready value: floats and ints as such, NaN as None."""
    x = num(v)
    if x is None:
        return None if blank(v) else str(v)
    if x == float("inf"):
        return "inf"
    return int(x) if float(x).is_integer() and not isinstance(v, float) else round(x, 6)
