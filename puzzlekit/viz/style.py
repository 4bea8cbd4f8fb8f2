"""One look for every plot and table of the book.

:func:`use` sets matplotlib's defaults (sizes that stay legible at the book's
column width, no offset notation on axes) once per process; every plot in
:mod:`puzzlekit.viz.plots` and the book's chapters draws under it.
"""
from __future__ import annotations

__all__ = ["COLUMN_INCHES", "RC", "use"]

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
    """Apply :data:`RC` to matplotlib (idempotent)."""
    import matplotlib
    matplotlib.rcParams.update(RC)
