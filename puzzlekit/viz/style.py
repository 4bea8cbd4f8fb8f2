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

__all__ = ["COLUMN_INCHES", "RC", "use", "tables"]

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
    when no IPython shell is running.

    >>> tables()            # outside IPython: nothing to register
    False
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
    fmt = shell.display_formatter.formatters["text/html"]
    fmt.for_type(pd.DataFrame, frame_html)
    fmt.for_type(pd.Series, frame_html)
    return True
