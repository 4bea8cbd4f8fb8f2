"""Plots a reader would rather look at than read: ladder reach, ablations, dials.

Each function takes a tidy pandas frame (usually a table of ours, optionally
the article's beside it), draws on a new figure under the book's style
(:mod:`puzzlekit.viz.style`: no wider than the text column, no offset
notation), closes it (so a notebook shows it once, as the cell's value) and
returns the Figure.  Names keep no markdown backticks in ticks and legends.
"""
from __future__ import annotations

import math
import re

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

from ..core.tables.printed import read
from ..core.tables.render import name_text
from . import style

__all__ = ["reach_curve", "ablation_chart", "dial"]

style.use()

#: Ours and the article's: our bars and lines are filled, the article's
#: marks hollow (a diamond on a bar, a dashed line with squares).
ARTICLE_MARK = {"marker": "D", "markersize": 6, "markerfacecolor": "none",
                "markeredgecolor": "black", "markeredgewidth": 1.2, "linestyle": "none"}


def _finish(fig, ax, title, ylabel, xlabel=None, legend=True):
    if title:
        ax.set_title(title, fontsize=11)
    if ylabel:
        ax.set_ylabel(ylabel)
    if xlabel:
        ax.set_xlabel(xlabel)
    ax.grid(alpha=0.3)
    style.plain_ticks(ax)
    if legend and ax.get_legend_handles_labels()[0]:
        ax.legend(fontsize=8, frameon=False)
    fig.tight_layout()
    plt.close(fig)
    return fig


def reach_curve(df: pd.DataFrame, rungs=None, article: pd.DataFrame | None = None,
                title: str = "Reach by rung", ylabel: str = "cells pinned (%)",
                colours: dict | None = None):
    """Cumulative reach: one line per row of ``df`` across the rung columns.

    ``df``'s index names the curves (e.g. board and reveal level); its
    columns ``rungs`` hold the cumulative value after each rung.  With
    ``article`` (same rows; the rung columns it has, a rung of ours it lacks
    left blank), the article's curves are drawn dashed.

    >>> df = pd.DataFrame({"a": [10, 20], "b": [30, 60]}, index=["x", "y"])
    >>> type(reach_curve(df)).__name__
    'Figure'
    """
    rungs = list(df.columns) if rungs is None else list(rungs)
    fig, ax = plt.subplots(figsize=(style.COLUMN_INCHES, 3.6))
    xs = np.arange(len(rungs))
    cmap = plt.get_cmap("tab10")
    for k, (name, row) in enumerate(df[rungs].iterrows()):
        col = cmap(k % 10)
        ax.plot(xs, row.astype(float).values, "o-", color=col, label=f"{name_text(name)} (ours)")
        if article is not None and name in article.index:
            ax.plot(xs, _numeric(article.reindex(columns=rungs).loc[name]), "s--", color=col,
                    alpha=0.55, label=f"{name_text(name)} (article)")
    ax.set_xticks(xs, [name_text(r) for r in rungs])
    if colours:
        for t, r in zip(ax.get_xticklabels(), rungs):
            t.set_color(colours.get(r, "black"))
    return _finish(fig, ax, title, ylabel)


def _numeric(values) -> np.ndarray:
    """Numbers of a row or column: numbers as they are, a printed text by
    what it states ("78%" as 78), a word or a blank as NaN."""
    def one(v):
        if isinstance(v, str):
            x = read(v).value if v.strip() else None
            return np.nan if x is None else float(x)
        try:
            return float(v)
        except (TypeError, ValueError):
            return np.nan
    return np.array([one(v) for v in values], dtype=float)


#: The label of a reference row of an ablation (the full ladder, nothing removed).
_REFERENCE = re.compile(r"\bfull\b|\ball rungs\b|^nothing\b", re.I)


def _article_frame(article, df: pd.DataFrame) -> pd.DataFrame | None:
    """The article's figures laid out like ``df``: a frame as given, or a
    registered table's (anything with ``printed``) printed figures,
    transposed when its rows are ``df``'s columns."""
    if article is None:
        return None
    if hasattr(article, "printed"):
        article = article.printed
    if hasattr(article, "frame") and not isinstance(article, pd.DataFrame):
        article = article.frame()
    rows, cols = set(map(str, df.index)), set(map(str, df.columns))
    if not rows & set(map(str, article.index)) and cols & set(map(str, article.index)):
        article = article.T
    return article


def _wants_log(vals: np.ndarray) -> bool:
    """Whether positive values span more than fifty-fold (then a log axis)."""
    pos = vals[np.isfinite(vals) & (vals > 0)]
    return len(pos) > 1 and pos.max() > 50 * pos.min()


def ablation_chart(df: pd.DataFrame, columns=None, title: str = "Ablation",
                   log: bool | None = None, article: pd.DataFrame | None = None,
                   cols: int = 3):
    """Horizontal bars: one panel per numeric column, one bar per variant (row).

    A reference row (its label says "full", "all rungs" or "nothing ...":
    the variant the others are measured against) is grey.  A
    column whose positive values span more than fifty-fold gets a log axis
    (``log`` forces it either way): bars start at a floor below the smallest
    positive value, so no "0" stands beside "10⁰".  A zero is written "0" at
    the bar's foot and a missing value "no value", so no row is silently
    empty.  With ``article`` (a frame with ``df``'s row and column labels, or
    a registered table, whose printed figures are used, transposed if need
    be; a word or a blank is skipped), each article figure is a hollow
    diamond on its bar.  The panels, ``cols`` to a row, fit the text column.

    >>> df = pd.DataFrame({"pinned %": [80, 40]}, index=["full", "-gac"])
    >>> len(ablation_chart(df).axes)
    1
    >>> art = pd.DataFrame({"pinned %": ["78%", "—"]}, index=["full", "-gac"])
    >>> fig = ablation_chart(df, article=art)
    >>> len(fig.axes[0].lines)
    1
    """
    columns = list(df.columns) if columns is None else list(columns)
    num = [c for c in columns if pd.api.types.is_numeric_dtype(df[c])]
    article = _article_frame(article, df)
    fig, axes = style.panels(len(num), cols=cols, height=0.32 * len(df) + 0.9, sharey=True)
    ys = np.arange(len(df))
    labels = [name_text(i) for i in df.index]
    marked = False
    for k, (ax, c) in enumerate(zip(axes, num)):
        vals = df[c].astype(float).values
        use_log = _wants_log(vals) if log is None else log
        pos = vals[np.isfinite(vals) & (vals > 0)]
        floor = 10 ** math.floor(math.log10(pos.min())) / 2 if use_log and len(pos) else 0.0
        if use_log and len(pos):
            ax.set_xscale("log")
        drawn = np.where(np.isfinite(vals) & (vals > floor), vals, floor)
        ax.barh(ys, drawn - floor, left=floor,
                color=["#777777" if _REFERENCE.search(t) else "#4c72b0" for t in labels])
        top = np.nanmax(vals) if np.isfinite(vals).any() else 1.0
        if article is not None and c in article.columns:
            av = _numeric(article[c].reindex(df.index))
            ok = np.isfinite(av) & ((av > 0) if use_log else True)
            if ok.any():
                ax.plot(av[ok], ys[ok], **ARTICLE_MARK, label="article", zorder=3)
                top = max(top, np.nanmax(av[ok]))
                marked = True
        for y, v in zip(ys, vals):
            if not np.isfinite(v) or v == 0:
                ax.text(floor if use_log else 0, y, " no value" if not np.isfinite(v) else " 0",
                        va="center", ha="left", fontsize=8, color="#555555")
        if not use_log:
            ax.set_xlim(0, max(top, 1e-9) * 1.08)
        else:
            ax.set_xlim(left=floor)
        ax.set_title(name_text(c), fontsize=9)
        ax.grid(axis="y", visible=False)
        style.plain_ticks(ax, "x")
        if k % cols == 0:
            ax.set_yticks(ys, labels)
    axes[0].invert_yaxis()
    if marked:
        fig.legend(handles=[plt.Line2D([], [], **ARTICLE_MARK, label="the article"),
                            plt.Rectangle((0, 0), 1, 1, color="#4c72b0", label="ours")],
                   loc="upper right", ncol=2, fontsize=8, frameon=False)
    fig.suptitle(name_text(title), fontsize=11, x=0.02, ha="left")
    fig.tight_layout()
    plt.close(fig)
    return fig


def dial(df: pd.DataFrame, x=None, ys=None, article: pd.DataFrame | None = None,
         title: str = "", xlabel: str | None = None, ylabel: str = "%"):
    """Curves of several columns against a dial (``x``: a column or the index).

    With ``article`` (same index and columns), the article's values are drawn
    dashed in the same colour.

    >>> df = pd.DataFrame({"unique %": [0, 50, 0]}, index=[0.0, 0.5, 1.0])
    >>> type(dial(df)).__name__
    'Figure'
    """
    xv = df.index.values if x is None else df[x].values
    ys = [c for c in df.columns if c != x] if ys is None else list(ys)
    fig, ax = plt.subplots(figsize=(style.COLUMN_INCHES, 3.6))
    cmap = plt.get_cmap("tab10")
    for k, c in enumerate(ys):
        col = cmap(k % 10)
        ax.plot(xv, df[c].astype(float).values, "o-", color=col, label=f"{name_text(c)} (ours)")
        if article is not None and c in article.columns:
            av = article.index.values if x is None else article[x].values
            ax.plot(av, _numeric(article[c]), "s--", color=col, alpha=0.55,
                    label=f"{name_text(c)} (article)")
    xl = xlabel or (x if x else df.index.name)
    return _finish(fig, ax, title, ylabel, name_text(xl) if xl else None)
