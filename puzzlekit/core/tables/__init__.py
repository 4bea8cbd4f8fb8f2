"""Article tables and claims: the registry, the comparator, rendering and report.

Each genre's ``article.py`` builds one :class:`Article` holding every table of
its article (the article's figures as data, quoted with attribution, plus a
compute function of ours) and every claim (a takeaway turned into a check).

Every cell of a table has a kind (:data:`~puzzlekit.core.tables.stats.CELL_KINDS`):

``measured``
    a statistic of per-board values (:class:`puzzlekit.core.measure.Summary`
    records the statistic and the values): a ``share`` by a test of
    proportions (two-sample where the article prints its n), a ``mean`` by
    its standard error, a ``median`` by a seeded bootstrap; columns in
    ``Table.log`` on a log scale.  The only slack is half the rounding unit
    the article's text shows (none for an exact text such as "0 of 20" or
    "never").  ``|z| <= 2`` is ``match``, ``|z| <= 3.5`` ``close``, else
    ``differs``.
``exact``
    a count fixed by the rules: equal (``match``) or ``differs``.
``derived``, ``given``
    follows from a formula, an identity or how we built the boards; or a
    setting of ours: shown, never compared.

The article's figures are kept as printed (:mod:`~puzzlekit.core.tables.printed`):
text, line, and a sample size only where the article prints one.  A table's
status is its worst compared cell's (``shown`` when none is compared,
``missing`` when we have no frame).  Each table declares ``expect``, its
status at book scale;
:meth:`~puzzlekit.core.tables.comparison.Comparison.require` fails on any
other.

The package's parts, one idea each: :mod:`~puzzlekit.core.tables.registry`
(``Table``, ``Claim``, ``Article``), :mod:`~puzzlekit.core.tables.comparison`
(``compare``, ``Comparison``),
:mod:`~puzzlekit.core.tables.stats` (a z score per cell and its status),
:mod:`~puzzlekit.core.tables.render` (the HTML a chapter shows) and
:mod:`~puzzlekit.core.tables.cache` (results kept for the other processes of
a run).
"""
from .cache import RESULTS_ENV, code_tag
from .comparison import Comparison, compare
from .printed import Figure, Printed, count, printed, read
from .registry import Article, Claim, ClaimResult, Table, frame
from .stats import CELL_KINDS, STATS, STATUSES, Z_CLOSE, Z_MATCH, cell_z

__all__ = ["Table", "Claim", "Article", "Comparison", "ClaimResult", "compare", "frame",
           "cell_z", "code_tag", "Figure", "Printed", "count", "printed", "read",
           "STATUSES", "CELL_KINDS", "STATS", "Z_MATCH", "Z_CLOSE", "RESULTS_ENV"]
