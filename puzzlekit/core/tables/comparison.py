"""Ours beside the article's: the comparison of one table and its status.

:func:`compare` gives every shared cell a status by the table's kind (equal
counts for ``exact``, a z score per cell for ``sampled``, zeros and row order
for ``bank``), and the table the worst of its cells' statuses.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pandas as pd

from .render import comparison_html, isnan
from .stats import RANK, STATUSES, blank, compare_sampled, num, ordering_same

if TYPE_CHECKING:
    from .registry import Table

__all__ = ["Comparison", "compare"]


@dataclass
class Comparison:
    """Ours beside the article's, with a status per cell and per table.

    ``cells`` holds each shared cell's status (``n/a`` where nothing was
    compared), ``z`` and ``se`` the z score and our standard error of every
    compared ``sampled`` cell.
    """

    table: Table
    scale: str
    ours: pd.DataFrame | None
    status: str
    cells: pd.DataFrame | None = None
    details: list = field(default_factory=list)
    z: pd.DataFrame | None = None
    se: pd.DataFrame | None = None

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
        """Raise AssertionError when the table is worse than its ``expect``.

        ``strict`` (default: any scale but ``smoke``) compares with
        ``expect``; at smoke scale, where samples are tiny, only a table
        that went ``missing`` (or an ``exact`` one that stopped matching)
        fails.
        """
        strict = (self.scale != "smoke") if strict is None else strict
        exp = self.table.expect or "match"
        if strict:
            ok = RANK[self.status] <= RANK[exp]
        elif self.table.kind == "exact" and exp == "match":
            ok = self.status == "match"
        else:
            ok = self.status != "missing" or exp == "missing"
        if not ok:
            raise AssertionError(f"table {self.id} is {self.status}, expected {exp} or better"
                                 f" at scale {self.scale}: " + "; ".join(self.details[:4]))
        return self

    def frame(self) -> pd.DataFrame:
        """One frame: for every quantity an ``ours`` and an ``article`` column,
        plus ``±`` (our standard error) and ``z`` where cells were compared
        by their sampling error."""
        art = self.table.article
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
    """Compare our frame with the article's and compute the statuses.

    >>> from puzzlekit.core.tables import Table
    >>> art = pd.DataFrame({"count": [3, 7]}, index=pd.Index([1, 2], name="k"))
    >>> t = Table("t", "s", "strips", "exact", art, None)
    >>> compare(t, art.copy()).status
    'match'
    >>> compare(t, pd.DataFrame({"count": [3, 8]}, index=art.index)).status
    'differs'
    """
    if ours is None:
        return Comparison(table, scale, None, "missing")
    art = table.article
    rows = [r for r in art.index if r in set(ours.index)]
    cols = [c for c in art.columns if c in set(ours.columns) and c not in table.given]
    if not rows or not cols:
        return Comparison(table, scale, ours, "missing")
    cells = pd.DataFrame("match", index=rows, columns=cols, dtype=object)
    details = []
    zf = sef = None
    if table.kind == "exact":
        for r in rows:
            for c in cols:
                a, b = ours.at[r, c], art.at[r, c]
                na, nb = num(a), num(b)
                same = (na == nb) if (na is not None and nb is not None) else str(a) == str(b)
                if not same:
                    cells.at[r, c] = "differs"
                    details.append(f"{r}/{c}: ours {a} vs article {b}")
    elif table.kind == "sampled":
        zf, sef = compare_sampled(table, ours, rows, cols, cells, details)
    else:  # bank: shape
        for c in cols:
            x = pd.to_numeric(ours.loc[rows, c], errors="coerce")
            y = pd.to_numeric(art.loc[rows, c], errors="coerce")
            if x.isna().any() or y.isna().any():
                for r in rows:
                    if str(ours.at[r, c]) != str(art.at[r, c]):
                        cells.at[r, c] = "differs"
                continue
            zeros_same = ((x == 0) == (y == 0))
            for r in rows:
                if not zeros_same[r]:
                    cells.at[r, c] = "differs"
                    details.append(f"{r}/{c}: zero in one table only")
            if zeros_same.all() and not ordering_same(x, y):
                cells.loc[rows, c] = "close"
                details.append(f"{c}: rows ordered differently")
    for r in rows:                       # the article prints no figure here
        for c in cols:
            if blank(art.at[r, c]):
                cells.at[r, c] = "n/a"
    ranks = [RANK[s] for s in cells.values.ravel() if s in RANK]
    status = STATUSES[max(ranks)] if ranks else "missing"
    return Comparison(table, scale, ours, status, cells, details, zf, sef)
