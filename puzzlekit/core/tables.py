"""Article tables and claims: the registry, comparison, rendering and report.

Each genre's ``article.py`` builds one :class:`Article` holding every table of
its article (the article's figures as data, quoted with attribution, plus a
compute function of ours) and every claim (a takeaway turned into a check).

Kinds of table and how ours is compared with the article's:

``exact``
    deterministic counts: every shared cell must be equal (``match``), else
    ``differs``.
``sampled``
    measured on random streams.  A percentage column (name ending in ``%``)
    compares within ``k`` standard errors of the difference of two binomial
    proportions, using our sample size (``df.attrs["n"]``) and the article's
    (``Table.n_article``), with one point of slack for rounding: ``k = 3`` is
    ``match``, ``k = 6`` is ``close``.  Other numeric columns compare by
    relative difference: 10 % ``match``, 30 % ``close``.
``bank``
    measured on our own boards: compared as a shape.  Same zeros and the same
    ordering of rows within every column is ``match``; same zeros only is
    ``close``; otherwise ``differs``.

A table with no compute function, or none of whose rows our scale reaches, is
``missing``.
"""
from __future__ import annotations

import html
import math
from dataclasses import dataclass, field
from typing import Callable, Sequence

import numpy as np
import pandas as pd

from . import scales

__all__ = ["Table", "Claim", "Article", "Comparison", "ClaimResult", "compare", "frame",
           "STATUSES", "KINDS"]

KINDS = ("exact", "sampled", "bank")
STATUSES = ("match", "close", "differs", "missing")
_RANK = {s: i for i, s in enumerate(STATUSES)}


@dataclass(frozen=True)
class Table:
    """One table of an article.

    Parameters
    ----------
    id, section, title : str
        ``id`` is unique within the article; ``section`` names the article
        section it belongs to.
    kind : {"exact", "sampled", "bank"}
    article : DataFrame
        The article's figures, as printed (quoted, with attribution in
        ``source``).  Its index identifies rows; ours must use the same.
    compute : callable ``(scale) -> DataFrame``
        Our measurement.  Put the sample size per row in ``df.attrs["n"]``
        (an int, or a dict keyed by row) for ``sampled`` tables.
    n_article : int or dict, optional
        The article's sample size per row (``sampled`` tables).
    note : str
        What we know about any difference (shown under the table).
    uncompared : tuple of str
        Columns shown beside the article's but not compared (for example
        sample sizes, which grow with the scale).  Cells where the article
        prints no figure (NaN, "—") are never compared either.
    """

    id: str
    section: str
    title: str
    kind: str
    article: pd.DataFrame
    compute: Callable[[str], pd.DataFrame] | None
    n_article: int | dict | None = None
    note: str = ""
    source: str = ""
    uncompared: tuple = ()

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"table {self.id}: kind must be one of {KINDS}")


@dataclass(frozen=True)
class Claim:
    """A takeaway turned into a check: ``check(scale) -> (holds, detail)``.

    ``holds`` is True, False, or None when the scale is too small to decide.
    ``theorem`` claims must hold at every scale (notebooks assert them).
    """

    id: str
    section: str
    text: str
    check: Callable[[str], tuple]
    theorem: bool = False


@dataclass
class ClaimResult:
    id: str
    holds: bool | None
    detail: str
    theorem: bool = False

    def require(self) -> "ClaimResult":
        """Raise AssertionError unless the claim holds (None passes only for
        measured claims the scale cannot decide)."""
        if self.holds is False or (self.holds is None and self.theorem):
            raise AssertionError(f"claim {self.id} failed: {self.detail}")
        return self

    def _repr_html_(self):
        mark = {True: "holds", False: "FAILS", None: "undecided at this scale"}[self.holds]
        return (f"<p><b>{html.escape(self.id)}</b>: {mark} — "
                f"{html.escape(self.detail)}</p>")

    def __repr__(self):
        return f"ClaimResult({self.id!r}, holds={self.holds}, detail={self.detail!r})"


@dataclass
class Comparison:
    """Ours beside the article's, with a status per cell and per table."""

    table: Table
    scale: str
    ours: pd.DataFrame | None
    status: str
    cells: pd.DataFrame | None = None   # per-cell status over shared cells
    details: list = field(default_factory=list)

    @property
    def id(self):
        return self.table.id

    def frame(self) -> pd.DataFrame:
        """One frame: for every quantity, an ``ours`` and an ``article`` column."""
        art = self.table.article
        ours = self.ours if self.ours is not None else pd.DataFrame(index=art.index)
        idx = list(ours.index) + [i for i in art.index if i not in set(ours.index)]
        cols = list(art.columns) + [c for c in ours.columns if c not in set(art.columns)]
        parts = {}
        for c in cols:
            parts[(c, "ours")] = ours[c].reindex(idx) if c in ours.columns else pd.Series(index=idx, dtype=object)
            parts[(c, "article")] = art[c].reindex(idx) if c in art.columns else pd.Series(index=idx, dtype=object)
        out = pd.DataFrame(parts, index=idx)
        out.columns = pd.MultiIndex.from_tuples(out.columns)
        out.index.name = art.index.name
        return out

    def _repr_html_(self):
        f = self.frame()
        colour = {"match": "#e6f4ea", "close": "#fff4ce", "differs": "#fde0dc"}

        def style(_):
            st = pd.DataFrame("", index=f.index, columns=f.columns)
            if self.cells is not None:
                for (row, col), s in self.cells.stack().items():
                    if (col, "ours") in st.columns and row in st.index and s in colour:
                        st.loc[row, (col, "ours")] = f"background-color: {colour[s]}"
            return st

        fmt = {c: _fmt for c in f.columns}
        body = f.style.apply(style, axis=None).format(fmt, na_rep="—").to_html()
        n = "" if self.ours is None else self.ours.attrs.get("n", "")
        head = (f"<p><b>{html.escape(self.table.title)}</b> "
                f"<code>{html.escape(self.table.id)}</code> · {self.table.kind} · "
                f"scale {self.scale} · status <b>{self.status}</b>"
                + (f" · our sample per row: {html.escape(str(n))}" if n != "" else "") + "</p>")
        note = f"<p><i>{html.escape(self.table.note)}</i></p>" if self.table.note else ""
        src = (f"<p style='font-size:smaller'>Article figures: {html.escape(self.table.source)}</p>"
               if self.table.source else "")
        return head + body + note + src

    def __repr__(self):
        return f"Comparison({self.table.id!r}, status={self.status!r})\n{self.frame()}"


def frame(rows, index, columns, name: str, n=None) -> pd.DataFrame:
    """A table frame (rows of values, a named index), optionally carrying the
    sample size per row in ``attrs["n"]``: the shape both the article's figures
    and our measurements take.

    >>> frame([[3], [7]], [1, 2], ["count"], "k", n=5).attrs["n"]
    5
    """
    df = pd.DataFrame(rows, index=pd.Index(index, name=name), columns=columns)
    if n is not None:
        df.attrs["n"] = n
    return df


def _fmt(v):
    if isinstance(v, (float, np.floating)):
        if math.isnan(v):
            return "—"
        return f"{v:,.1f}" if abs(v - round(v)) > 1e-9 else f"{int(round(v)):,}"
    if isinstance(v, (int, np.integer)) and not isinstance(v, bool):
        return f"{int(v):,}"
    return str(v)


def _num(v):
    try:
        if isinstance(v, bool):
            return float(v)
        x = float(v)
        return None if math.isnan(x) else x
    except (TypeError, ValueError):
        return None


def _blank(v) -> bool:
    if v is None:
        return True
    if isinstance(v, str):
        return v.strip() in ("", "—", "-")
    try:
        return bool(np.isnan(v))
    except TypeError:
        return False


def _row_n(n, row):
    if n is None:
        return None
    if isinstance(n, dict):
        return n.get(row)
    if isinstance(n, pd.Series):
        return n.get(row)
    return n


def _cell_sampled(ours, art, col, n_ours, n_art):
    a, b = _num(ours), _num(art)
    if a is None or b is None:
        return "match" if str(ours) == str(art) else "differs"
    if str(col).rstrip().endswith("%"):
        if n_ours and n_art:
            p = min(max((a / 100 * n_ours + b / 100 * n_art) / (n_ours + n_art), 0.0), 1.0)
            se = 100 * math.sqrt(max(p * (1 - p), 0.25 / (n_ours + n_art)) * (1 / n_ours + 1 / n_art))
        else:
            se = 5.0
        d = abs(a - b)
        if d <= 3 * se + 1.0:
            return "match"
        return "close" if d <= 6 * se + 1.0 else "differs"
    scale = max(abs(a), abs(b), 1e-12)
    rel = abs(a - b) / scale
    if rel <= 0.10 or abs(a - b) <= 0.5:
        return "match"
    return "close" if rel <= 0.30 else "differs"


def _ordering_same(x: pd.Series, y: pd.Series) -> bool:
    x, y = x.astype(float), y.astype(float)
    for i in range(len(x)):
        for j in range(len(x)):
            if np.sign(x.iloc[i] - x.iloc[j]) * np.sign(y.iloc[i] - y.iloc[j]) < 0:
                return False
    return True


def compare(table: Table, ours: pd.DataFrame | None, scale: str = "book") -> Comparison:
    """Compare our frame with the article's and compute the statuses.

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
    cols = [c for c in art.columns if c in set(ours.columns) and c not in table.uncompared]
    if not rows or not cols:
        return Comparison(table, scale, ours, "missing")
    cells = pd.DataFrame("match", index=rows, columns=cols, dtype=object)
    details = []
    if table.kind == "exact":
        for r in rows:
            for c in cols:
                a, b = ours.at[r, c], art.at[r, c]
                na, nb = _num(a), _num(b)
                same = (na == nb) if (na is not None and nb is not None) else str(a) == str(b)
                if not same:
                    cells.at[r, c] = "differs"
                    details.append(f"{r}/{c}: ours {a} vs article {b}")
    elif table.kind == "sampled":
        n_ours = ours.attrs.get("n")
        for r in rows:
            for c in cols:
                s = _cell_sampled(ours.at[r, c], art.at[r, c], c,
                                  _row_n(n_ours, r), _row_n(table.n_article, r))
                cells.at[r, c] = s
                if s != "match":
                    details.append(f"{r}/{c}: ours {ours.at[r, c]} vs article {art.at[r, c]} ({s})")
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
            if zeros_same.all() and not _ordering_same(x, y):
                cells.loc[rows, c] = "close"
                details.append(f"{c}: rows ordered differently")
    for r in rows:                       # the article prints no figure here
        for c in cols:
            if _blank(art.at[r, c]):
                cells.at[r, c] = "n/a"
    worst = max((_RANK[s] for s in cells.values.ravel() if s in _RANK), default=0)
    return Comparison(table, scale, ours, STATUSES[worst], cells, details)


class Article:
    """Every table and claim of one article.

    Results are cached per ``(id, scale)`` for the life of the process, so a
    chapter that shows a table and then asserts on it measures it once.
    """

    def __init__(self, genre: str, source: str, tables: Sequence[Table],
                 claims: Sequence[Claim] = ()):
        self.genre = genre
        self.source = source
        self.tables = {t.id: t for t in tables}
        self.claims = {c.id: c for c in claims}
        if len(self.tables) != len(tables) or len(self.claims) != len(claims):
            raise ValueError(f"{genre}: duplicate table or claim id")
        self._cache = {}

    def _lookup(self, table_id: str) -> Table:
        if table_id not in self.tables:
            raise KeyError(f"{self.genre} has no table {table_id!r}; "
                           f"tables: {', '.join(self.tables)}")
        return self.tables[table_id]

    def measure(self, table_id: str, scale: str | None = None) -> pd.DataFrame | None:
        """Our frame for a table (cached)."""
        scale = scales.current() if scale is None else scales.check(scale)
        t = self._lookup(table_id)
        key = ("table", table_id, scale)
        if key not in self._cache:
            self._cache[key] = None if t.compute is None else t.compute(scale)
        return self._cache[key]

    def table(self, table_id: str, scale: str | None = None) -> Comparison:
        """Ours beside the article's, compared (displays as HTML)."""
        scale = scales.current() if scale is None else scales.check(scale)
        return compare(self._lookup(table_id), self.measure(table_id, scale), scale)

    def claim(self, claim_id: str, scale: str | None = None) -> ClaimResult:
        """Evaluate one claim (cached)."""
        scale = scales.current() if scale is None else scales.check(scale)
        if claim_id not in self.claims:
            raise KeyError(f"{self.genre} has no claim {claim_id!r}; "
                           f"claims: {', '.join(self.claims)}")
        key = ("claim", claim_id, scale)
        if key not in self._cache:
            c = self.claims[claim_id]
            holds, detail = c.check(scale)
            self._cache[key] = ClaimResult(c.id, None if holds is None else bool(holds),
                                           str(detail), c.theorem)
        return self._cache[key]

    def report(self, scale: str | None = None, progress=None) -> dict:
        """The JSON-ready fidelity report (the CLI's ``article --json``)."""
        scale = scales.current() if scale is None else scales.check(scale)
        it = progress or (lambda x, **k: x)
        tables = []
        for tid in it(list(self.tables), desc="tables"):
            t = self.tables[tid]
            cmp = self.table(tid, scale)
            tables.append({"id": tid, "section": t.section, "kind": t.kind,
                           "status": cmp.status})
        claims = []
        for cid in it(list(self.claims), desc="claims"):
            r = self.claim(cid, scale)
            claims.append({"id": cid, "holds": r.holds, "detail": r.detail})
        return {"genre": self.genre, "scale": scale, "tables": tables, "claims": claims}

    def summary(self, scale: str | None = None) -> pd.DataFrame:
        """Status of every table and claim as one frame."""
        rep = self.report(scale)
        rows = [(t["id"], t["section"], t["kind"], t["status"]) for t in rep["tables"]]
        rows += [(c["id"], "claim", "claim", {True: "holds", False: "fails", None: "undecided"}[c["holds"]])
                 for c in rep["claims"]]
        return pd.DataFrame(rows, columns=["id", "section", "kind", "status"]).set_index("id")
