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
:meth:`~puzzlekit.core.tables.comparison.Comparison.require` fails when a table is worse.

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
from .registry import KINDS, Article, Claim, ClaimResult, Table, frame
from .stats import STATS, STATUSES, Z_CLOSE, Z_MATCH, cell_z

__all__ = ["Table", "Claim", "Article", "Comparison", "ClaimResult", "compare", "frame",
           "cell_z", "code_tag", "STATUSES", "KINDS", "STATS", "Z_MATCH", "Z_CLOSE", "RESULTS_ENV"]
