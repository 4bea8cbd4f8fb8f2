"""Article tables and claims: the registry, the comparator, rendering and report.

Each genre's ``article.py`` builds one :class:`Article` holding every table of
its article (the article's figures as data, quoted with attribution, plus a
compute function of ours) and every claim (a takeaway turned into a check).

Kinds of table and how ours is compared with the article's:

``exact``
    deterministic counts: every shared cell must be equal (``match``), else
    ``differs``.
``sampled``
    measured on random streams.  Each compared cell gets a z score from the
    statistic its column declares (``ours.attrs["stat"]``, built by
    :class:`puzzlekit.core.measure.Summary`, or ``Table.stats``), computed
    from *our own per-board values* (``ours.attrs["values"]``):

    - ``share`` (a share of boards, in %): two-sample test of proportions
      with the article's sample size when it gives one (``Table.n_article``),
      else the binomial error of our share alone;
    - ``mean`` (a mean of per-board values): the standard error from our
      per-board spread; with the article's n, the article's spread is taken
      to equal ours;
    - ``median``: a bootstrap of our sample (seeded, so reproducible);
    - ``exact``: must be equal (z is 0 or infinite);
    - ``given``: ours by construction (a sample size, a parameter); shown,
      never compared.  ``Table.given`` names such columns too.

    The only slack is half the article's printed rounding unit (inferred from
    the decimals it prints, or ``Table.digits``).  ``|z| <= 2`` is ``match``,
    ``|z| <= 3.5`` is ``close``, else ``differs``.  A cell with no statistic
    or no per-board values is not compared.
``bank``
    measured on our own boards: compared as a shape.  Same zeros and the same
    ordering of rows within every column is ``match``; same zeros only is
    ``close``; otherwise ``differs``.

A table with no compute function, or with no cell compared, is ``missing``.
Each table declares ``expect``, its status at book scale;
:meth:`Comparison.require` fails when a table is worse.
"""
from __future__ import annotations

import hashlib
import html
import math
import os
import pickle
import re
import time
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Callable, Sequence

import numpy as np
import pandas as pd

from . import scales

__all__ = ["Table", "Claim", "Article", "Comparison", "ClaimResult", "compare", "frame",
           "cell_z", "code_tag", "STATUSES", "KINDS", "STATS", "Z_MATCH", "Z_CLOSE", "RESULTS_ENV"]

#: The environment variable naming a folder where :class:`Article` keeps its
#: results for other processes of the same run (unset: none are kept).
RESULTS_ENV = "PUZZLEKIT_RESULTS"

KINDS = ("exact", "sampled", "bank")
STATUSES = ("match", "close", "differs", "missing")
STATS = ("share", "mean", "median", "exact", "given")
Z_MATCH, Z_CLOSE = 2.0, 3.5
Z_CAP = 999.0          # an infinite z (ours has no spread and differs) is reported as this in JSON
_RANK = {s: i for i, s in enumerate(STATUSES)}
_BOOT = 2000


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
        Our measurement.  For ``sampled`` tables build it with
        :class:`puzzlekit.core.measure.Summary`, which records the statistic
        of every column and our per-board values.
    n_article : int or dict, optional
        The article's sample size per row, where it states one.
    note : str
        What we know about any difference (shown under the table).
    given : tuple of str
        Columns that are ours by construction (sample sizes, parameters
        chosen by us or to hit the article): shown, never compared.  Cells
        where the article prints no figure (NaN, "—") are never compared.
    expect : str
        The table's status at book scale, explained in the chapter.
    stats : dict, optional
        Column -> statistic, overriding what the measured frame declares.
    digits : dict or int, optional
        Decimals the article prints per column (default: inferred).
    given_cells : tuple of (row, column)
        Single cells that are ours by construction (a parameter was chosen to
        reproduce exactly that figure): shown, never compared.
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
    given: tuple = ()
    expect: str | None = None
    stats: dict | None = None
    digits: dict | int | None = None
    given_cells: tuple = ()

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"table {self.id}: kind must be one of {KINDS}")
        if self.expect is not None and self.expect not in STATUSES:
            raise ValueError(f"table {self.id}: expect must be one of {STATUSES}")
        for c, st in (self.stats or {}).items():
            if st not in STATS:
                raise ValueError(f"table {self.id}: column {c!r} has unknown statistic {st!r}")


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
        zs = [abs(float(v)) for v in self.z.values.ravel() if v is not None and not _isnan(v)]
        return max(zs) if zs else None

    def require(self, strict: bool | None = None) -> "Comparison":
        """Raise AssertionError when the table is worse than its ``expect``.

        ``strict`` (default: any scale but ``smoke``) compares with
        ``expect``; at smoke scale, where samples are tiny, only a table
        that went ``missing`` (or an ``exact`` one that stopped matching)
        fails.
        """
        strict = (self.scale != "smoke") if strict is None else strict
        exp = self.table.expect or "match"
        if strict:
            ok = _RANK[self.status] <= _RANK[exp]
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
        empty = lambda: pd.Series(index=idx, dtype=object)  # noqa: E731
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
        f = self.frame()
        colour = {"match": "#e6f4ea", "close": "#fff4ce", "differs": "#fde0dc"}

        def style(_):
            st = pd.DataFrame("", index=f.index, columns=f.columns)
            if self.cells is not None:
                for (row, col), s in self.cells.stack().items():
                    if (col, "ours") in st.columns and row in st.index and s in colour:
                        st.loc[row, (col, "ours")] = f"background-color: {colour[s]}"
            return st

        fmt = {c: (_fmt_z if c[1] == "z" else _fmt_se if c[1] == "±" else _fmt)
               for c in f.columns}
        body = f.style.apply(style, axis=None).format(fmt, na_rep="—").to_html()
        n = "" if self.ours is None else self.ours.attrs.get("n", "")
        wz = self.worst_z
        head = (f"<p><b>{html.escape(self.table.title)}</b> "
                f"<code>{html.escape(self.table.id)}</code> · {self.table.kind} · "
                f"scale {self.scale} · status <b>{self.status}</b>"
                + (f" (expected at book scale: {self.table.expect})" if self.table.expect else "")
                + (f" · worst |z| {_fmt_z(wz)}" if wz is not None else "")
                + (f" · our sample per row: {html.escape(_fmt_n(n))}" if n != "" else "") + "</p>")
        note = f"<p><i>{html.escape(self.table.note)}</i></p>" if self.table.note else ""
        src = (f"<p style='font-size:smaller'>Article figures: {html.escape(self.table.source)}</p>"
               if self.table.source else "")
        return head + body + note + src

    def __repr__(self):
        return f"Comparison({self.table.id!r}, status={self.status!r})\n{self.frame()}"


def frame(rows, index, columns, name: str, n=None) -> pd.DataFrame:
    """A table frame (rows of values, a named index), optionally carrying the
    sample size per row in ``attrs["n"]``: the shape the article's figures
    and our exact measurements take.

    >>> frame([[3], [7]], [1, 2], ["count"], "k", n=5).attrs["n"]
    5
    """
    df = pd.DataFrame(rows, index=pd.Index(index, name=name), columns=columns)
    if n is not None:
        df.attrs["n"] = n
    return df


def _isnan(v) -> bool:
    try:
        return math.isnan(float(v))
    except (TypeError, ValueError):
        return False


def _fmt(v):
    if isinstance(v, (float, np.floating)):
        if math.isnan(v):
            return "—"
        if math.isinf(v):
            return "∞"
        return f"{v:,.1f}" if abs(v - round(v)) > 1e-9 else f"{int(round(v)):,}"
    if isinstance(v, (int, np.integer)) and not isinstance(v, bool):
        return f"{int(v):,}"
    return str(v)


def _fmt_se(v):
    if v is None or _isnan(v):
        return ""
    return f"±{float(v):.2g}" if float(v) < 10 else f"±{float(v):,.0f}"


def _fmt_z(v):
    if v is None or _isnan(v):
        return ""
    v = float(v)
    return "∞" if math.isinf(v) else f"{v:.1f}"


def _fmt_n(n):
    if isinstance(n, dict):
        vals = sorted(set(n.values()), key=str)
        return str(vals[0]) if len(vals) == 1 else ", ".join(f"{k}: {v}" for k, v in n.items())
    return str(n)


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
    if isinstance(n, (dict, pd.Series)):
        return n.get(row)
    return n


def _decimals(v) -> int:
    """Decimals printed in a figure (12.8 -> 1, 36.0 -> 0, 0.25 -> 2)."""
    x = _num(v)
    if x is None:
        return 0
    s = f"{x:.6f}".rstrip("0").rstrip(".")
    return len(s.split(".")[1]) if "." in s else 0


def _half_unit(table: Table, col) -> float:
    d = table.digits
    if isinstance(d, dict) and col in d:
        k = d[col]
    elif isinstance(d, int):
        k = d
    else:
        k = max((_decimals(v) for v in table.article[col]), default=0)
    return 0.5 * 10.0 ** (-k)


def cell_z(stat: str, article_value: float, values, n_article=None, half_unit: float = 0.0):
    """z score and our standard error for one cell.

    ``values`` are our per-board values: 0/1 for ``share`` (the cell is their
    mean in percent), the per-board quantity otherwise.  Returns
    ``(ours, se, z)`` with ``ours`` unrounded.

    >>> ours, se, z = cell_z("share", 50.0, [1] * 60 + [0] * 40, n_article=100)
    >>> round(ours, 1), round(se, 2), round(z, 2)
    (60.0, 7.04, 1.42)
    >>> cell_z("mean", 3.0, [3, 3, 3], half_unit=0.05)[2]
    0.0
    """
    v = np.asarray(values, dtype=float)
    n1 = len(v)
    if n1 == 0:
        return float("nan"), float("nan"), float("nan")
    b = float(article_value)
    if stat == "share":
        x = float(v.sum())
        ours = 100.0 * x / n1
        if n_article:
            p = min(max((x + b / 100.0 * n_article) / (n1 + n_article), 0.0), 1.0)
            se = 100.0 * math.sqrt(p * (1 - p) * (1.0 / n1 + 1.0 / n_article))
        else:
            p = (x + 0.5) / (n1 + 1.0)          # kept off 0 and 1
            se = 100.0 * math.sqrt(p * (1 - p) / n1)
    elif stat == "mean":
        ours = float(v.mean())
        s = float(v.std(ddof=1)) if n1 > 1 else 0.0
        se = s * math.sqrt(1.0 / n1 + (1.0 / n_article if n_article else 0.0))
    elif stat == "median":
        ours = float(np.median(v))
        rng = np.random.default_rng(12345)
        meds = np.median(v[rng.integers(0, n1, size=(_BOOT, n1))], axis=1)
        se = float(meds.std()) * math.sqrt(1.0 + (n1 / n_article if n_article else 0.0))
    elif stat == "exact":
        ours = float(v[0]) if n1 == 1 else float(v.mean())
        se = 0.0
    else:
        raise ValueError(f"unknown statistic {stat!r}")
    d = max(abs(ours - b) - half_unit, 0.0)
    if d <= 1e-12:
        z = 0.0
    elif se <= 0:
        z = float("inf")
    else:
        z = d / se
    return ours, se, z


def _status_of_z(z: float) -> str:
    if z <= Z_MATCH:
        return "match"
    return "close" if z <= Z_CLOSE else "differs"


def _ordering_same(x: pd.Series, y: pd.Series) -> bool:
    x, y = x.astype(float), y.astype(float)
    for i in range(len(x)):
        for j in range(len(x)):
            if np.sign(x.iloc[i] - x.iloc[j]) * np.sign(y.iloc[i] - y.iloc[j]) < 0:
                return False
    return True


def _stat_of(table: Table, ours: pd.DataFrame, col):
    if col in table.given:
        return "given"
    if table.stats and col in table.stats:
        return table.stats[col]
    return (ours.attrs.get("stat") or {}).get(col)


def _compare_sampled(table, ours, rows, cols, cells, details):
    zf = pd.DataFrame(np.nan, index=rows, columns=cols, dtype=float)
    sef = pd.DataFrame(np.nan, index=rows, columns=cols, dtype=float)
    values = ours.attrs.get("values") or {}
    n_ours = ours.attrs.get("n")
    for c in cols:
        stat = _stat_of(table, ours, c)
        half = _half_unit(table, c) if stat not in (None, "given") else 0.0
        for r in rows:
            b = _num(table.article.at[r, c])
            if stat in (None, "given") or b is None or (r, c) in table.given_cells:
                cells.at[r, c] = "n/a"
                continue
            vals = values.get((r, c))
            if vals is None and stat == "exact":
                vals = [_num(ours.at[r, c])]
            if vals is None and stat == "share" and _row_n(n_ours, r):
                n1 = int(_row_n(n_ours, r))          # a share rebuilt from its count
                x = int(round(_num(ours.at[r, c]) / 100.0 * n1))
                vals = [1] * x + [0] * (n1 - x)
            if vals is None or len(vals) == 0 or any(v is None for v in vals):
                cells.at[r, c] = "n/a"
                details.append(f"{r}/{c}: no per-board values, not compared")
                continue
            _, se, z = cell_z(stat, b, vals, _row_n(table.n_article, r), half)
            zf.at[r, c], sef.at[r, c] = z, se
            s = _status_of_z(z)
            cells.at[r, c] = s
            if s != "match":
                details.append(f"{r}/{c}: ours {_fmt(ours.at[r, c])} ± {_fmt_se(se)} vs "
                               f"article {_fmt(table.article.at[r, c])} (z {_fmt_z(z)}, {s})")
    return zf, sef


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
                na, nb = _num(a), _num(b)
                same = (na == nb) if (na is not None and nb is not None) else str(a) == str(b)
                if not same:
                    cells.at[r, c] = "differs"
                    details.append(f"{r}/{c}: ours {a} vs article {b}")
    elif table.kind == "sampled":
        zf, sef = _compare_sampled(table, ours, rows, cols, cells, details)
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
    ranks = [_RANK[s] for s in cells.values.ravel() if s in _RANK]
    status = STATUSES[max(ranks)] if ranks else "missing"
    return Comparison(table, scale, ours, status, cells, details, zf, sef)


class Article:
    """Every table and claim of one article.

    Results are cached per ``(id, scale)`` for the life of the process, so a
    chapter that shows a table and then asserts on it measures it once.

    When the environment names a folder in :data:`RESULTS_ENV`, each result
    is also written there, and a process that finds it there loads it
    instead of measuring again: the test run sets one fresh folder per run,
    so the report test, the notebooks under nbval and the book built for
    the browser tests (each its own process) measure every table once
    between them.  Only the articles of the registered genres keep their
    results so; a file's name carries a hash of the package's sources and
    of the banks (:func:`code_tag`), so results made by other code are
    never loaded.
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

    def clear(self) -> None:
        """Forget every cached table and claim (to measure again)."""
        self._cache.clear()

    def measure(self, table_id: str, scale: str | None = None) -> pd.DataFrame | None:
        """Our frame for a table (cached)."""
        scale = scales.current() if scale is None else scales.check(scale)
        t = self._lookup(table_id)
        key = ("table", table_id, scale)
        if key not in self._cache:
            self._cache[key] = (None if t.compute is None
                                else self._kept(key, lambda: t.compute(scale)))
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

            def check():
                holds, detail = c.check(scale)
                return ClaimResult(c.id, None if holds is None else bool(holds), str(detail),
                                   c.theorem)
            self._cache[key] = self._kept(key, check)
        return self._cache[key]

    def _kept(self, key: tuple, compute: Callable):
        """``compute()``, or its result as another process of the run left it
        in the :data:`RESULTS_ENV` folder (where this one leaves it too)."""
        from .. import GENRES
        folder = os.environ.get(RESULTS_ENV)
        if not folder or self.genre not in GENRES:   # a genre's own article only
            return compute()
        name = "-".join(re.sub(r"[^A-Za-z0-9_.]", "_", str(k)) for k in (self.genre, *key))
        exact = hashlib.sha1(repr((self.genre, key)).encode()).hexdigest()[:8]
        path = Path(folder) / f"{name}-{exact}-{code_tag()}.pickle"
        try:
            return pickle.loads(path.read_bytes())
        except Exception:  # noqa: BLE001 - absent or unreadable: measured below
            pass
        value = compute()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            part = path.with_name(f"{path.name}.{os.getpid()}.part")
            part.write_bytes(pickle.dumps(value))
            os.replace(part, path)              # whole or absent for a reader
        except Exception:  # noqa: BLE001 - not writable or not picklable:
            pass                                # kept for this process only
        return value

    def report(self, scale: str | None = None, progress=None) -> dict:
        """The JSON-ready fidelity report (the CLI's ``article --json``)."""
        scale = scales.current() if scale is None else scales.check(scale)
        it = progress or (lambda x, **k: x)
        tables = []
        for tid in it(list(self.tables), desc="tables"):
            t = self.tables[tid]
            t0 = time.perf_counter()
            cmp = self.table(tid, scale)
            wz = cmp.worst_z
            tables.append({"id": tid, "section": t.section, "kind": t.kind,
                           "status": cmp.status, "expect": t.expect,
                           "worst_z": None if wz is None else round(min(wz, Z_CAP), 3),
                           "seconds": round(time.perf_counter() - t0, 2)})
        claims = []
        for cid in it(list(self.claims), desc="claims"):
            t0 = time.perf_counter()
            r = self.claim(cid, scale)
            claims.append({"id": cid, "holds": r.holds, "detail": r.detail,
                           "seconds": round(time.perf_counter() - t0, 2)})
        return {"genre": self.genre, "scale": scale, "tables": tables, "claims": claims}

    def summary(self, scale: str | None = None) -> pd.DataFrame:
        """Status of every table and claim as one frame."""
        rep = self.report(scale)
        rows = [(t["id"], t["section"], t["kind"], t["status"], t["expect"], t["worst_z"])
                for t in rep["tables"]]
        rows += [(c["id"], "claim", "claim",
                  {True: "holds", False: "fails", None: "undecided"}[c["holds"]], None, None)
                 for c in rep["claims"]]
        return pd.DataFrame(rows, columns=["id", "section", "kind", "status", "expect",
                                           "worst |z|"]).set_index("id")


@lru_cache(maxsize=1)
def code_tag() -> str:
    """A hash of the package's Python sources and of the banks: the stamp
    on results kept for other processes (:class:`Article`)."""
    from ._loop import _sources_tag
    from .banks import bank_path
    pkg = Path(__file__).resolve().parents[1]
    return _sources_tag(list(pkg.rglob("*.py")) + list(bank_path("any").parent.glob("*.json")))
