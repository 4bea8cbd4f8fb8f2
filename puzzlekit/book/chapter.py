"""What every genre chapter shows the same way: the strip of table statuses in
its summary box, and a puzzle drawn alone beside its solution.

>>> from puzzlekit.book import chapter
>>> chapter.count_line({"match": 2, "close": 1, "differs": 1})
'2 match, 1 close, 1 differs'
"""
from __future__ import annotations

import html
from collections import Counter

from ..core.tables.render import TINTS

__all__ = ["STATUS_ORDER", "MARK_COLOURS", "statuses", "count_line", "darker",
           "status_strip", "puzzle_and_answer"]

#: The order statuses are counted in.
STATUS_ORDER = ("match", "close", "differs", "shown", "missing")

#: A mark's fill by status: the comparison tables' tints where a status has
#: one, a neutral grey for a table shown but never compared, none for a
#: missing one.
MARK_COLOURS = {**TINTS, "shown": "#eeeeee", "missing": "#ffffff"}

def statuses(article, scale: str) -> list[tuple[str, str, str]]:
    """``(table id, title, status)`` for every table of ``article`` at
    ``scale``, in the order the article registers them (each table is
    measured once per process, so a chapter asking at its end pays nothing)."""
    return [(t.id, t.title, article.table(t.id, scale).status)
            for t in article.tables.values()]


def count_line(counts) -> str:
    """Counts of statuses as one line, in :data:`STATUS_ORDER`, zeros left out."""
    counts = Counter(counts)
    return ", ".join(f"{counts[s]} {s}" for s in STATUS_ORDER if counts[s])


def darker(colour: str, f: float = 0.45) -> str:
    """``colour`` (``#rrggbb``) mixed with black: ``f`` of the way to black.

    >>> darker("#ffffff", 0.5)
    '#808080'
    """
    rgb = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return "#" + "".join(f"{round(c * (1 - f)):02x}" for c in rgb)


def _swatch(status: str, size: str) -> str:
    fill = MARK_COLOURS.get(status, MARK_COLOURS["missing"])
    return (f"display:inline-block;width:{size};height:{size};border:2px solid "
            f"{darker(fill)};border-radius:3px;background:{fill};vertical-align:middle")


def _mark(table_id: str, title: str, status: str) -> str:
    tip = html.escape(f"{title}: {status}", quote=True)
    return (f"<a href='#table-{html.escape(table_id, quote=True)}' title='{tip}' "
            f"aria-label='{tip}' style='{_swatch(status, '1.2em')};margin:0 3px 3px 0'></a>")


def status_strip(article, scale: str):
    """A small strip of coloured marks, one per table of ``article`` (fill
    by status, title naming the table and its status, each linking to
    ``#table-<id>``), and a line counting the statuses.

    Returns an :class:`IPython.display.HTML` object, ready to glue."""
    from IPython.display import HTML

    rows = statuses(article, scale)
    marks = "".join(_mark(*row) for row in rows)
    legend = " ".join(f"<span style='white-space:nowrap'><span style='{_swatch(s, '.8em')}'>"
                      f"</span> {s}</span>" for s in STATUS_ORDER if any(r[2] == s for r in rows))
    return HTML(f"<div class='status-strip' style='margin:.4em 0 1em'><div>{marks}</div>"
                f"<div style='font-size:smaller'>{count_line(r[2] for r in rows)} "
                f"(scale {html.escape(str(scale))}) · {legend}</div></div>")


def puzzle_and_answer(spec, board, answer, titles=("The puzzle", "Its solution"),
                      cell: float = 0.42):
    """The board drawn alone beside the same board solved, in one figure of
    two axes (each drawn by the genre's ``draw(puzzle, answer=None, ax=...)``).

    Returns the figure; show it as a cell's value or with ``display``."""
    import matplotlib.pyplot as plt

    from ..viz.style import COLUMN_INCHES

    width = min(COLUMN_INCHES, max(4.0, 2 * board.w * cell + 0.6))
    height = max(2.0, width / 2 * board.h / board.w + 0.4)
    fig, axes = plt.subplots(1, 2, figsize=(width, height))
    for ax, ans, title in zip(axes, (None, answer), titles):
        spec.draw(board, ans, ax=ax)
        ax.set_title(title)
    fig.tight_layout()
    plt.close(fig)
    return fig
