"""The comparator's statistics: a z score per cell, its status, and the
shape test of tables measured on each side's own bank.

A ``measured`` cell gets a z score from the statistic its column declares
(:func:`cell_z`: a share, a mean, a median by bootstrap), computed from our
per-board values, with half the rounding unit the article's text shows as
the only slack; ``|z| <= 2`` is ``match``, ``|z| <= 3.5`` ``close``, else
``differs`` (:func:`status_of_z`).
"""
from __future__ import annotations

import math

import numpy as np
import pandas as pd

__all__ = ["STATUSES", "STATS", "CELL_KINDS", "Z_MATCH", "Z_CLOSE", "Z_CAP", "RANK", "cell_z",
           "status_of_z", "ordering_same"]

STATUSES = ("match", "close", "differs", "missing", "shown")
STATS = ("share", "mean", "median", "exact", "given", "derived")
#: What a cell of a table is, and how it is compared: ``measured`` (a
#: statistic of per-board values, by its z score), ``exact`` (fixed by the
#: rules: equal or not, no allowance), ``derived`` (follows from a formula, an
#: identity or how the boards were built) and ``given`` (a setting of ours, or
#: one tuned to an article figure): shown, never compared.
CELL_KINDS = ("measured", "exact", "derived", "given")
Z_MATCH, Z_CLOSE = 2.0, 3.5
Z_CAP = 999.0          # an infinite z (ours has no spread and differs) is reported as this in JSON
#: A status's rank, best first: a table's status is its worst cell's.
RANK = {s: i for i, s in enumerate(STATUSES)}
_BOOT = 2000


def num(v):
    """``v`` as a float, or None when it is not a number or is NaN."""
    try:
        if isinstance(v, bool):
            return float(v)
        x = float(v)
        return None if math.isnan(x) else x
    except (TypeError, ValueError):
        return None


def blank(v) -> bool:
    """Whether the article prints no figure in a cell (None, NaN, "—")."""
    if v is None:
        return True
    if isinstance(v, str):
        return v.strip() in ("", "—", "-")
    try:
        return bool(np.isnan(v))
    except TypeError:
        return False


def row_n(n, row):
    """A sample size given per row (a dict or Series) or for every row."""
    if n is None:
        return None
    if isinstance(n, (dict, pd.Series)):
        return n.get(row)
    return n




def cell_z(stat: str, article_value: float, values, n_article=None, half_unit: float = 0.0,
           span: tuple | None = None, log: bool = False):
    """z score and our standard error for one cell.

    ``values`` are our per-board values: 0/1 for ``share`` (the cell is their
    mean in percent), the per-board quantity otherwise.  ``span`` is a
    printed range ``(low, high)``: ours is as far from the article as it is
    outside it.  ``log`` compares a positive quantity that spans orders of
    magnitude on a log scale: the gap is ``|ln(ours / article)|`` (less the
    rounding allowance, relative), its error ``se / ours`` (the delta method).
    Returns ``(ours, se, z)`` with ``ours`` unrounded.

    A mean forty times the article's, with the wide spread of counts that span
    orders of magnitude, is within its error on a linear scale, not on a log
    scale:

    >>> wide = [10.0] * 8 + [1000.0, 3000.0]
    >>> round(cell_z("mean", 10.0, wide)[2], 2), round(cell_z("mean", 10.0, wide, log=True)[2], 2)
    (1.31, 4.97)

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
    low, high = span if span is not None else (b, b)
    spread = se
    if log and ours > 0 and low > 0:
        d = max(math.log(low / ours), math.log(ours / high), 0.0)
        d = max(d - half_unit / max(low, 1e-12), 0.0)
        spread = se / ours
    else:
        d = max(low - ours, ours - high, 0.0)
        d = max(d - half_unit, 0.0)
    if d <= 1e-12:
        z = 0.0
    elif spread <= 0:
        z = float("inf")
    else:
        z = d / spread
    return ours, se, z


def status_of_z(z: float) -> str:
    """A compared cell's status from its z score.

    >>> status_of_z(1.9), status_of_z(3.0), status_of_z(4.0)
    ('match', 'close', 'differs')
    """
    if z <= Z_MATCH:
        return "match"
    return "close" if z <= Z_CLOSE else "differs"


def ordering_same(x: pd.Series, y: pd.Series) -> bool:
    """Whether no two rows are ordered one way in ``x`` and the other in ``y``.

    >>> ordering_same(pd.Series([1, 2, 2]), pd.Series([5, 9, 7]))
    True
    """
    x, y = x.astype(float), y.astype(float)
    for i in range(len(x)):
        for j in range(len(x)):
            if np.sign(x.iloc[i] - x.iloc[j]) * np.sign(y.iloc[i] - y.iloc[j]) < 0:
                return False
    return True

