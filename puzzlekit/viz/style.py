"""One look for every plot and table of the book.

:func:`use` sets matplotlib's defaults (sizes that stay legible at the book's
column width, no offset notation on axes) once per process; every plot in
:mod:`puzzlekit.viz.plots` and the book's chapters draws under it.  Inside
IPython it also shows every plain DataFrame and Series the way the compared
tables are shown (:func:`~puzzlekit.core.tables.render.frame_html`): padded,
ruled, every row, "—" for no value, whole numbers without ".0", times with
units, no ``dtype`` footer.  A pandas ``Styler`` keeps its own rendering.
"""
from __future__ import annotations

__all__ = ["COLUMN_INCHES", "RC", "use", "tables", "panels", "compact", "plain_ticks"]

#: The book's text column (about 690 CSS px) in inches at matplotlib's 100 dpi:
#: a figure this wide is shown at its own size, so its ticks keep their size.
COLUMN_INCHES = 6.9

#: matplotlib defaults of the book's plots.
RC = {
    "figure.dpi": 100,
    "savefig.dpi": 100,
    "font.size": 10,
    "axes.titlesize": 11,
    "axes.labelsize": 10,
    "xtick.labelsize": 9,
    "ytick.labelsize": 9,
    "legend.fontsize": 9,
    "legend.frameon": False,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.grid": True,
    "grid.alpha": 0.3,
    "axes.formatter.useoffset": False,
    "axes.formatter.limits": (-5, 6),
}


def use() -> None:
    """Apply :data:`RC` to matplotlib and, inside IPython, show frames with
    :func:`tables` (idempotent)."""
    import matplotlib
    matplotlib.rcParams.update(RC)
    tables()


def tables(shell=None) -> bool:
    """Register the book's HTML rendering of pandas DataFrames and Series
    with IPython's display (``shell``: the running one by default); False
    when no IPython shell is running (tested in ``tests/core/test_render.py``).
    """
    if shell is None:
        try:
            from IPython import get_ipython
        except ImportError:          # pragma: no cover - IPython ships with the book
            return False
        shell = get_ipython()
    if shell is None:
        return False
    import pandas as pd

    from ..core.tables.render import frame_html

    def html(obj):
        try:
            return frame_html(obj)
        except Exception:            # an odd frame: pandas' own text rather than an error
            return None
    fmt = shell.display_formatter.formatters["text/html"]
    fmt.for_type(pd.DataFrame, html)
    fmt.for_type(pd.Series, html)
    return True


def panels(n: int, cols: int = 4, height: float = 1.7, sharex=False, sharey=False):
    """A figure of ``n`` small panels, ``cols`` to a row, as wide as the
    book's column (:data:`COLUMN_INCHES`), each ``height`` inches tall;
    returns ``(fig, axes)`` with ``axes`` flat and the spare panels hidden.

    >>> fig, axes = panels(13)
    >>> len(axes), float(fig.get_size_inches()[0]), sum(a.get_visible() for a in axes)
    (16, 6.9, 13)
    """
    import matplotlib.pyplot as plt
    import numpy as np
    use()
    cols = max(1, min(cols, n))
    rows = -(-n // cols)
    fig, axes = plt.subplots(rows, cols, figsize=(COLUMN_INCHES, height * rows + 0.6),
                             sharex=sharex, sharey=sharey, squeeze=False)
    axes = np.asarray(axes).ravel()
    for i, ax in enumerate(axes[n:], start=n):
        ax.set_visible(False)
        if sharex and i >= cols:       # the panel above a missing one keeps its x labels
            axes[i - cols].xaxis.set_tick_params(labelbottom=True)
    return fig, axes


def compact(v, _pos=None) -> str:
    """A tick label without exponent or offset: thousands as "k", millions
    as "M", small numbers as they are.

    >>> compact(4_000_000), compact(25_000), compact(2500), compact(0.25), compact(0)
    ('4M', '25k', '2,500', '0.25', '0')
    """
    a = abs(v)
    for at, size, unit in ((1e9, 1e9, "G"), (1e6, 1e6, "M"), (1e4, 1e3, "k")):
        if a >= at:
            return f"{v / size:.3g}{unit}"
    return f"{v:,.0f}" if a >= 100 or v == int(v) else f"{v:.3g}"


def plain_ticks(ax, axis: str = "both") -> None:
    """Label a numeric linear axis of ``ax`` with :func:`compact` (no "1e6"
    offset); a log axis keeps its powers of ten, and an axis labelled by
    names (rungs, categories) keeps its names."""
    from matplotlib.ticker import FuncFormatter, ScalarFormatter
    for name in ("x", "y"):
        if axis in (name, "both"):
            a = getattr(ax, f"{name}axis")
            if a.get_scale() == "linear" and isinstance(a.get_major_formatter(),
                                                         ScalarFormatter):
                a.set_major_formatter(FuncFormatter(compact))
