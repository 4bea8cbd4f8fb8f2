"""Plots a reader would rather look at than read: ladder reach, ablations, dials.

Each function takes a tidy pandas frame (usually a table of ours, optionally
the article's beside it), draws on a new figure, closes it (so a notebook
shows it once, as the cell's value) and returns the Figure.
"""
from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

__all__ = ["reach_curve", "ablation_chart", "dial"]


def _finish(fig, ax, title, ylabel, xlabel=None, legend=True):
    if title:
        ax.set_title(title, fontsize=11)
    if ylabel:
        ax.set_ylabel(ylabel)
    if xlabel:
        ax.set_xlabel(xlabel)
    ax.grid(alpha=0.3)
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
    fig, ax = plt.subplots(figsize=(6.4, 3.6))
    xs = np.arange(len(rungs))
    cmap = plt.get_cmap("tab10")
    for k, (name, row) in enumerate(df[rungs].iterrows()):
        col = cmap(k % 10)
        ax.plot(xs, row.astype(float).values, "o-", color=col, label=f"{name} (ours)")
        if article is not None and name in article.index:
            ax.plot(xs, article.reindex(columns=rungs).loc[name].astype(float).values, "s--",
                    color=col,
                    alpha=0.55, label=f"{name} (article)")
    ax.set_xticks(xs, rungs)
    if colours:
        for t, r in zip(ax.get_xticklabels(), rungs):
            t.set_color(colours.get(r, "black"))
    return _finish(fig, ax, title, ylabel)


def ablation_chart(df: pd.DataFrame, columns=None, title: str = "Ablation",
                   log: bool | None = None):
    """Grouped horizontal bars: one panel per column, one bar per variant (row).

    >>> df = pd.DataFrame({"pinned %": [80, 40]}, index=["full", "-gac"])
    >>> len(ablation_chart(df).axes)
    1
    """
    columns = list(df.columns) if columns is None else list(columns)
    num = [c for c in columns if pd.api.types.is_numeric_dtype(df[c])]
    fig, axes = plt.subplots(1, len(num), figsize=(min(3.0 * len(num), 15), 0.35 * len(df) + 1.4),
                             sharey=True, squeeze=False)
    ys = np.arange(len(df))
    for ax, c in zip(axes[0], num):
        vals = df[c].astype(float).fillna(0).values
        ax.barh(ys, vals, color=["#555555" if i == 0 else "#4c72b0" for i in range(len(df))])
        ax.set_title(str(c), fontsize=9)
        use_log = log if log is not None else (vals.max() > 0 and vals.max() > 50 * max(
            vals[vals > 0].min(), 1e-9))
        if use_log:
            ax.set_xscale("symlog")
        ax.grid(axis="x", alpha=0.3)
        ax.tick_params(labelsize=8)
    axes[0][0].set_yticks(ys, [str(i) for i in df.index])
    axes[0][0].invert_yaxis()
    fig.suptitle(title, fontsize=11)
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
    fig, ax = plt.subplots(figsize=(6.4, 3.6))
    cmap = plt.get_cmap("tab10")
    for k, c in enumerate(ys):
        col = cmap(k % 10)
        ax.plot(xv, df[c].astype(float).values, "o-", color=col, label=f"{c} (ours)")
        if article is not None and c in article.columns:
            av = article.index.values if x is None else article[x].values
            ax.plot(av, article[c].astype(float).values, "s--", color=col, alpha=0.55,
                    label=f"{c} (article)")
    return _finish(fig, ax, title, ylabel, xlabel or (x if x else df.index.name))
