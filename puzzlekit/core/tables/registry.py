"""The registry of an article: its tables and claims.

Each genre's ``article.py`` builds one :class:`Article` holding every table of
its article (the article's figures as data, quoted with attribution, plus a
compute function of ours, a :class:`Table`) and every claim (a takeaway turned
into a check, a :class:`Claim`).  The article measures each once per scale and
process (and once per run, :mod:`~puzzlekit.core.tables.cache`), and compares
ours with the article's (:func:`~puzzlekit.core.tables.comparison.compare`).
"""
from __future__ import annotations

import inspect
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pandas as pd

from .. import scales
from .cache import kept
from .comparison import Comparison, compare
from .printed import Printed
from .render import claim_html
from .stats import CELL_KINDS, STATUSES, Z_CAP

__all__ = ["Table", "Claim", "ClaimResult", "Article", "frame"]


@dataclass(frozen=True)
class Table:
    """One table of an article, registered with :meth:`Article.table`.

    Parameters
    ----------
    id, section, title : str
        ``id`` is unique within the article; ``section`` names the article
        section it belongs to.
    printed : Printed
        The article's figures as printed
        (:func:`~puzzlekit.core.tables.printed.printed`): the text and line
        of each; the rounding unit and any sample size are read from them.
        Its row keys are ours: our frame uses the same index.
    compute : callable ``(scale) -> DataFrame``
        Our measurement, usually built with
        :class:`~puzzlekit.core.measure.Summary`, which records each column's
        statistic and our per-board values.
    kind : {"measured", "exact", "derived", "given"}
        The kind of a cell that neither ``kinds``, ``cells`` nor our frame's
        statistics type (:func:`~puzzlekit.core.tables.comparison.kind_of`).
    kinds : dict
        Column -> cell kind, over what our frame declares.
    cells : dict
        ``(row, column)`` -> cell kind, over the column's.
    shape : bool
        Also report whether zeros and row order agree (tables measured on
        each side's own bank): a line of detail, never a status.
    log : tuple of str
        Measured columns whose values span orders of magnitude (work
        counts, answer counts): compared on a log scale, the gap a ratio.
    expect : {"match", "close", "differs", "shown"}
        The table's status at book scale; ``require`` fails on any other.
    note : str
        What we know about any difference (shown under the table).
    source : str
        The article, for attribution.
    url : str
        Where the article is (its repository), linked beside ``source``.
    """

    id: str
    section: str
    title: str
    printed: Printed
    compute: Callable[[str], pd.DataFrame] | None
    kind: str = "measured"
    kinds: dict = field(default_factory=dict)
    cells: dict = field(default_factory=dict)
    shape: bool = False
    log: tuple = ()
    expect: str | None = None
    note: str = ""
    source: str = ""
    url: str = ""

    def __post_init__(self):
        if self.kind not in CELL_KINDS:
            raise ValueError(f"table {self.id}: kind must be one of {CELL_KINDS}")
        for where, k in [*self.kinds.items(), *self.cells.items()]:
            if k not in CELL_KINDS:
                raise ValueError(f"table {self.id}: {where!r} has unknown kind {k!r}")
        if self.expect is not None and self.expect not in STATUSES:
            raise ValueError(f"table {self.id}: expect must be one of {STATUSES}")

    @property
    def article(self) -> pd.DataFrame:
        """The article's figures as values (for plots and claims that quote
        them): :meth:`~puzzlekit.core.tables.printed.Printed.frame`."""
        return self.printed.frame()


@dataclass(frozen=True)
class Claim:
    """A takeaway turned into a check: ``check(scale) -> (holds, detail)``.

    ``holds`` is True, False, or None when the scale is too small to decide
    or there is no data to decide on.  ``theorem`` claims must hold at every
    scale (notebooks assert them).  ``verdict`` is the function the article
    module wrote (it takes the frames of the tables in ``uses``, and
    ``scale`` where it names one), so that a test can feed it data on which
    the claim must fail.
    """

    id: str
    section: str
    text: str
    check: Callable[[str], tuple]
    theorem: bool = False
    uses: tuple = ()
    verdict: Callable | None = None


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


def _figures_url(genre: str) -> str:
    """The article's location kept beside its figures (``URL`` in
    ``puzzlekit/<genre>/figures.py``); "" for a genre without one."""
    import importlib
    try:
        return getattr(importlib.import_module(f"puzzlekit.{genre}.figures"), "URL", "")
    except ImportError:
        return ""


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

    def __init__(self, genre: str, source: str, tables: Sequence[Table] = (),
                 claims: Sequence[Claim] = (), url: str | None = None):
        self.genre = genre
        self.source = source
        self.url = _figures_url(genre) if url is None else url
        self.tables = {t.id: t for t in tables}
        self.claims = {c.id: c for c in claims}
        if len(self.tables) != len(tables) or len(self.claims) != len(claims):
            raise ValueError(f"{genre}: duplicate table or claim id")
        self._cache = {}

    def _add(self, where: dict, item) -> None:
        if item.id in where:
            raise ValueError(f"{self.genre}: duplicate id {item.id!r}")
        where[item.id] = item

    def table(self, table_id: str, scale: str | None = None, *, printed: Printed | None = None,
              **fields):
        """Ours beside the article's for a registered table (displays as
        HTML); or, with ``printed=``, the decorator that registers the
        function it decorates as that table's measurement.

        >>> from puzzlekit.core.tables.printed import printed
        >>> art = Article("toy", "a toy article")
        >>> @art.table("strips", printed=printed("k", ["count"], {1: (3, "3")}),
        ...            section="Strips", title="Strips of k cells", kind="exact",
        ...            expect="match")
        ... def strips(scale):
        ...     return frame([[3]], [1], ["count"], "k")
        >>> art.table("strips", "smoke").status
        'match'
        """
        if printed is None:
            if fields:
                raise TypeError("a table is registered with printed=...")
            return self._compare(table_id, scale)

        def register(compute: Callable[[str], pd.DataFrame]):
            t = Table(table_id, fields.pop("section"), fields.pop("title"), printed, compute,
                      source=self.source, url=self.url, **fields)
            self._add(self.tables, t)
            return compute
        return register

    def claim(self, claim_id: str, scale: str | None = None, *, text: str | None = None,
              section: str = "", theorem: bool = False, uses: Sequence[str] = (),
              smoke_undecided: bool = False):
        """A claim's verdict (cached); or, with ``text=``, the decorator that
        registers the function it decorates as the claim's verdict.

        The verdict takes the frames of the tables named in ``uses`` (ours,
        at the scale asked), and ``scale`` if it has a parameter of that
        name, and returns ``(holds, detail)``; ``smoke_undecided`` claims are
        undecided (None) at smoke scale, where samples are too small.
        """
        if text is None:
            return self._verdict(claim_id, scale)
        uses = tuple(uses)

        def register(verdict: Callable):
            wants_scale = "scale" in inspect.signature(verdict).parameters

            def check(scale):
                frames = [self.measure(t, scale) for t in uses]
                holds, detail = (verdict(*frames, scale=scale) if wants_scale
                                 else verdict(*frames))
                if smoke_undecided and scale == "smoke":
                    holds = None
                return holds, detail
            self._add(self.claims, Claim(claim_id, section, text, check, theorem, uses,
                                         verdict))
            return verdict
        return register

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

    def figure(self, table_id: str, row, col) -> str:
        """The article's figure in a cell as it prints it, for prose that
        quotes it (a chapter glues it rather than typing it)."""
        return self._lookup(table_id).printed.figure(row, col).text

    def _compare(self, table_id: str, scale: str | None = None) -> Comparison:
        """Ours beside the article's, compared (displays as HTML)."""
        scale = scales.current() if scale is None else scales.check(scale)
        return compare(self._lookup(table_id), self.measure(table_id, scale), scale)

    def _verdict(self, claim_id: str, scale: str | None = None) -> ClaimResult:
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
                           "seconds": round(time.perf_counter() - t0, 2),
                           "cells": cmp.cell_list,
                           "details": list(cmp.details)})
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
