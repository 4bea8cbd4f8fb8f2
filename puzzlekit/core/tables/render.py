"""How a compared table and a claim's verdict look: numbers as the chapters
print them, and the HTML a notebook shows (ours beside the article's, each
compared cell tinted by its status, the worst ``|z|``, our sample size, the
note and the article's source)."""
from __future__ import annotations

import html
import math

import numpy as np
import pandas as pd

__all__ = ["fmt", "fmt_se", "fmt_z", "fmt_n", "comparison_html", "claim_html"]

#: A compared cell's tint by status (a cell not compared has none).
TINTS = {"match": "#e6f4ea", "close": "#fff4ce", "differs": "#fde0dc"}


def isnan(v) -> bool:
    """Whether ``v`` reads as a NaN number (False for what is not a number)."""
    try:
        return math.isnan(float(v))
    except (TypeError, ValueError):
        return False


def fmt(v):
    """A table value: floats with one decimal unless whole, thousands
    separated; NaN as "—", infinity as "∞".

    >>> fmt(1234.0), fmt(2.25), fmt(float("nan")), fmt("n/a")
    ('1,234', '2.2', '—', 'n/a')
    """
    if isinstance(v, (float, np.floating)):
        if math.isnan(v):
            return "—"
        if math.isinf(v):
            return "∞"
        return f"{v:,.1f}" if abs(v - round(v)) > 1e-9 else f"{int(round(v)):,}"
    if isinstance(v, (int, np.integer)) and not isinstance(v, bool):
        return f"{int(v):,}"
    return str(v)


def fmt_se(v):
    """Our standard error, "±" and two significant digits ("" for none)."""
    if v is None or isnan(v):
        return ""
    return f"±{float(v):.2g}" if float(v) < 10 else f"±{float(v):,.0f}"


def fmt_z(v):
    """A z score with one decimal ("" for none, "∞" for infinity)."""
    if v is None or isnan(v):
        return ""
    v = float(v)
    return "∞" if math.isinf(v) else f"{v:.1f}"


def fmt_n(n):
    """Our sample size: one number, or ``row: n`` per row where they differ."""
    if isinstance(n, dict):
        vals = sorted(set(n.values()), key=str)
        return str(vals[0]) if len(vals) == 1 else ", ".join(f"{k}: {v}" for k, v in n.items())
    return str(n)


def comparison_html(cmp) -> str:
    """A :class:`~puzzlekit.core.tables.comparison.Comparison` as HTML: a heading with
    the table's kind, scale, status, expected status and worst ``|z|``, the
    frame of ours beside the article's with compared cells tinted, the
    table's note and the article's source."""
    f = cmp.frame()

    def style(_):
        st = pd.DataFrame("", index=f.index, columns=f.columns)
        if cmp.cells is not None:
            for (row, col), s in cmp.cells.stack().items():
                if (col, "ours") in st.columns and row in st.index and s in TINTS:
                    st.loc[row, (col, "ours")] = f"background-color: {TINTS[s]}"
        return st

    formats = {c: (fmt_z if c[1] == "z" else fmt_se if c[1] == "±" else fmt) for c in f.columns}
    body = f.style.apply(style, axis=None).format(formats, na_rep="—").to_html()
    table = cmp.table
    n = "" if cmp.ours is None else cmp.ours.attrs.get("n", "")
    wz = cmp.worst_z
    head = (f"<p><b>{html.escape(table.title)}</b> "
            f"<code>{html.escape(table.id)}</code> · {table.kind} · "
            f"scale {cmp.scale} · status <b>{cmp.status}</b>"
            + (f" (expected at book scale: {table.expect})" if table.expect else "")
            + (f" · worst |z| {fmt_z(wz)}" if wz is not None else "")
            + (f" · our sample per row: {html.escape(fmt_n(n))}" if n != "" else "") + "</p>")
    note = f"<p><i>{html.escape(table.note)}</i></p>" if table.note else ""
    src = (f"<p style='font-size:smaller'>Article figures: {html.escape(table.source)}</p>"
           if table.source else "")
    return head + body + note + src


def claim_html(result) -> str:
    """A :class:`~puzzlekit.core.tables.registry.ClaimResult` as one HTML line."""
    mark = {True: "holds", False: "FAILS", None: "undecided at this scale"}[result.holds]
    return (f"<p><b>{html.escape(result.id)}</b>: {mark} — "
            f"{html.escape(result.detail)}</p>")
