"""The registry of an article: its tables and claims.

Each genre's ``article.py`` builds one :class:`Article` holding every table of
its article (the article's figures as data, quoted with attribution, plus a
compute function of ours, a :class:`Table`) and every claim (a takeaway turned
into a check, a :class:`Claim`).  The article measures each once per scale and
process (and once per run, :mod:`~puzzlekit.core.tables.cache`), and compares
ours with the article's (:func:`~puzzlekit.core.tables.comparison.compare`).
"""
from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pandas as pd

from .. import scales
from .cache import kept
from .comparison import Comparison, compare
from .render import claim_html
from .stats import STATS, STATUSES, Z_CAP

__all__ = ["Table", "Claim", "ClaimResult", "Article", "frame", "KINDS"]

KINDS = ("exact", "sampled", "bank")


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
    """A claim's verdict at one scale: ``holds`` (True, False, or None when
    the scale cannot decide) and the detail the check reported."""

    id: str
    holds: bool | None
    detail: str
    theorem: bool = False

    def require(self) -> ClaimResult:
        """Raise AssertionError unless the claim holds (None passes only for
        measured claims the scale cannot decide)."""
        if self.holds is False or (self.holds is None and self.theorem):
            raise AssertionError(f"claim {self.id} failed: {self.detail}")
        return self

    def _repr_html_(self):
        return claim_html(self)

    def __repr__(self):
        return f"ClaimResult({self.id!r}, holds={self.holds}, detail={self.detail!r})"


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


class Article:
    """Every table and claim of one article.

    Results are cached per ``(id, scale)`` for the life of the process, so a
    chapter that shows a table and then asserts on it measures it once.

    When the environment names a folder in
    :data:`~puzzlekit.core.tables.cache.RESULTS_ENV`, each result is also
    written there, and a process that finds it there loads it instead of
    measuring again: the test run sets one fresh folder per run,
    so the report test, the notebooks under nbval and the book built for
    the browser tests (each its own process) measure every table once
    between them.  Only the articles of the registered genres keep their
    results so; a file's name carries a hash of the package's sources and
    of the banks (:func:`~puzzlekit.core.tables.cache.code_tag`), so
    results made by other code are never loaded.
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
        (:func:`~puzzlekit.core.tables.cache.kept`)."""
        return kept(self.genre, key, compute)

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
