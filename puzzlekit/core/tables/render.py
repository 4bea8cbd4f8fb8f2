"""How a compared table and a claim's verdict look: numbers as the chapters
print them, and the HTML a notebook shows.

:func:`comparison_html` is the one rendering of a compared table: ours
beside the article's (ours ± our standard error, the article's text, ``z``),
each compared cell tinted by its status, a legend of the tints under it, the
status with our sample size in the heading, the note, and the article's name
linked to its location.  :func:`frame_html` renders any other frame or series
a chapter shows (speed tables, crosstabs, counts) in the same style: no NaN,
no truncation, whole numbers without ".0", times with units.

Every table is wrapped in ``<div class="pk-table">`` (a compared table also
gets ``id="table-<id>"``, so a page can link to it); the book's stylesheet
gives the class its padding, rules and a sideways scroll box, and a few
inline styles keep it readable where that stylesheet is absent (JupyterLab).
"""
from __future__ import annotations

import html
import math
import re

import numpy as np
import pandas as pd

from .stats import Z_CAP, Z_CLOSE, Z_MATCH

__all__ = ["fmt", "fmt_se", "fmt_z", "fmt_n", "fmt_number", "fmt_seconds", "name_html",
           "comparison_html", "frame_html", "claim_html", "TINTS", "CSS_CLASS"]

#: A compared cell's tint by status (a cell not compared has none).
TINTS = {"match": "#e6f4ea", "close": "#fff4ce", "differs": "#fde0dc"}
#: The class of every table's wrapper (styled by the book's ``puzzlekit.css``).
CSS_CLASS = "pk-table"
#: What a frame shows for no value.
DASH = "—"
#: Inline styles that keep a table readable without the book's stylesheet.
_CELL = "padding:4px 8px;border-bottom:1px solid #ddd;"
_NUM = _CELL + "text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums;"
_HEAD = "padding:4px 8px;border-bottom:1px solid #888;text-align:center;"
_WRAP = f'class="{CSS_CLASS}" style="max-width:100%;margin:0.5em 0 1em"'
#: The box a table scrolls sideways in (its text around it stays put).
_SCROLL = '<div class="pk-scroll" style="overflow-x:auto;max-width:100%">'
#: The row-name column, kept in view while a wide table scrolls.
_ROWHEAD = ' class="pk-rowhead"'


def isnan(v) -> bool:
    """Whether ``v`` reads as a NaN number (False for what is not a number)."""
    try:
        return math.isnan(float(v))
    except (TypeError, ValueError):
        return False


def fmt_number(v, decimals: int | None = None, whole: bool = True) -> str:
    """A number as a reader reads it: ``decimals`` places when given; else a
    whole number as an integer with thousands separators (never "5.0"; with
    ``whole=False``, for a column of fractions, it keeps three significant
    digits like its neighbours: "7.00"), one of 1,000 or more to a whole
    number, a smaller one to three significant digits (never in exponent
    notation); NaN as "—".

    >>> fmt_number(5.0), fmt_number(12345.6), fmt_number(2.345), fmt_number(0.0001234)
    ('5', '12,346', '2.35', '0.000123')
    >>> fmt_number(98.8, 1), fmt_number(float("nan")), fmt_number(3, 2)
    ('98.8', '—', '3.00')
    >>> fmt_number(7.0, whole=False), fmt_number(37.3, whole=False)
    ('7.00', '37.3')
    """
    x = float(v)
    if math.isnan(x):
        return DASH
    if math.isinf(x):
        return "unbounded" if x > 0 else "−unbounded"
    if decimals is not None:
        return f"{x:,.{decimals}f}"
    if (whole and abs(x - round(x)) < 1e-9) or abs(x) >= 1000:
        return f"{round(x):,}"
    s = np.format_float_positional(x, precision=3, unique=False, fractional=False,
                                   trim="-" if whole else "k")
    return s if abs(x) < 100 else f"{float(s):,.0f}"


def fmt(v, decimals: int | None = None) -> str:
    """A table value: numbers by :func:`fmt_number` (thousands separated,
    whole numbers as integers), blanks as "—", anything else as text.

    >>> fmt(1234.0), fmt(2.25), fmt(float("nan")), fmt("n/a"), fmt(None)
    ('1,234', '2.25', '—', 'n/a', '—')
    """
    if v is None or (isinstance(v, str) and v.strip() == ""):
        return DASH
    if isinstance(v, (bool, np.bool_)):
        return "yes" if v else "no"
    if isinstance(v, (int, np.integer)):
        return f"{int(v):,}" if decimals is None else f"{int(v):,.{decimals}f}"
    if isinstance(v, (float, np.floating)):
        return fmt_number(v, decimals)
    return str(v)


def fmt_se(v) -> str:
    """Our standard error, "±" and two significant digits ("" for none).

    >>> fmt_se(2.1234), fmt_se(123.4), fmt_se(float("nan"))
    ('±2.1', '±123', '')
    """
    if v is None or isnan(v):
        return ""
    v = float(v)
    if math.isinf(v):
        return ""
    return f"±{v:.2g}" if v < 10 else f"±{v:,.0f}"


def fmt_z(v) -> str:
    """A z score with one decimal; "" for none; "exact, unequal" for the
    infinite z of a cell whose value has no spread and differs (reported as
    :data:`~puzzlekit.core.tables.stats.Z_CAP` in JSON).

    >>> fmt_z(1.234), fmt_z(float("inf")), fmt_z(999.0), fmt_z(None)
    ('1.2', 'exact, unequal', 'exact, unequal', '')
    """
    if v is None or isnan(v):
        return ""
    v = float(v)
    return "exact, unequal" if abs(v) >= Z_CAP else f"{v:.1f}"


def fmt_n(n) -> str:
    """Our sample size: one number, or ``row: n`` per row where they differ.

    >>> fmt_n(1200), fmt_n({"a": 5, "b": 5}), fmt_n({"a": 5, "b": 7})
    ('1,200', '5', 'a: 5, b: 7')
    """
    if isinstance(n, (dict, pd.Series)):
        n = dict(n)
        vals = sorted(set(n.values()), key=str)
        return fmt(vals[0]) if len(vals) == 1 else ", ".join(f"{k}: {fmt(v)}"
                                                              for k, v in n.items())
    return fmt(n)


def fmt_seconds(s) -> str:
    """A time with its unit, three significant digits: µs, ms, s; from a
    minute on, minutes and seconds; from an hour on, hours and minutes.

    >>> fmt_seconds(0.000042), fmt_seconds(0.01234), fmt_seconds(2.5), fmt_seconds(125)
    ('42.0 µs', '12.3 ms', '2.50 s', '2 min 05 s')
    >>> fmt_seconds(3725)
    '1 h 02 min'
    """
    if s is None or isnan(s):
        return DASH
    s = float(s)
    if s >= 60:
        r = int(round(s))
        if r >= 3600:
            return f"{r // 3600} h {r % 3600 // 60:02d} min"
        return f"{r // 60} min {r % 60:02d} s"
    for scale, unit in ((1.0, "s"), (1e-3, "ms"), (1e-6, "µs")):
        if abs(s) >= scale or unit == "µs":
            v = s / scale
            return f"{v:.{max(0, 2 - int(math.floor(math.log10(abs(v)))) if v else 0)}f} {unit}"
    return DASH                                       # pragma: no cover


_TICK = re.compile(r"`([^`]+)`")
#: A board size written with a letter x ("6x6"), printed as the book prints sizes.
_SIZE = re.compile(r"\b(\d+)x(\d+)\b")


def name_html(name) -> str:
    """A row or column name as HTML: escaped, a markdown ``code`` span as
    ``<code>``, a board size as "6×6", a tuple's parts joined by " / ".

    >>> name_html("pinned by shape (`order`) %"), name_html("6x6 3x size5")
    ('pinned by shape (<code>order</code>) %', '6×6 3x size5')
    """
    if isinstance(name, tuple):
        return " / ".join(name_html(p) for p in name)
    text = "" if name is None or (isinstance(name, float) and math.isnan(name)) else str(name)
    return _TICK.sub(r"<code>\1</code>", html.escape(_SIZE.sub("\\1×\\2", text)))


def name_text(name) -> str:
    """A row or column name as plain text, markdown backticks dropped and a
    board size as "6×6" (for plot ticks and legends).

    >>> name_text("`neigh` off"), name_text("8x8 −fit")
    ('neigh off', '8×8 −fit')
    """
    return _TICK.sub(r"\1", _SIZE.sub("\\1×\\2", str(name)))


def _decimals(text: str) -> int | None:
    """The decimal places a printed figure shows ("98.8%" -> 1, "18" -> 0;
    None where it shows no number)."""
    m = re.search(r"\d(?:[\d,]*)(?:\.(\d+))?", str(text))
    return None if m is None else len(m.group(1) or "")


def _legend() -> str:
    sw = "display:inline-block;width:0.9em;height:0.9em;vertical-align:-0.1em;margin:0 0.25em"
    parts = [f'<span style="{sw};background:{TINTS["match"]}"></span>match '
             f"(|z| ≤ {Z_MATCH:g}, or equal)",
             f'<span style="{sw};background:{TINTS["close"]}"></span>close (|z| ≤ {Z_CLOSE:g})',
             f'<span style="{sw};background:{TINTS["differs"]}"></span>differs',
             f'<span style="{sw};border:1px solid #ccc"></span>shown, not compared',
             f"{DASH} no figure"]
    return ('<p class="pk-legend" style="font-size:smaller;margin:0.2em 0">'
            + " · ".join(parts) + "</p>")


def _status(status: str) -> str:
    tint = TINTS.get(status, "#eeeeee")
    return (f'<span class="pk-status pk-{html.escape(status)}" style="background:{tint};'
            f'padding:1px 6px;border-radius:3px">{html.escape(status)}</span>')


def _cell(text: str, tag: str = "td", style: str = _NUM, attrs: str = "") -> str:
    return f'<{tag} style="{style}"{attrs}>{text}</{tag}>'


def comparison_html(cmp) -> str:
    """A :class:`~puzzlekit.core.tables.comparison.Comparison` as HTML.

    The heading names the table, its status (with our sample size beside
    it), the status expected at book scale, the worst ``|z|``, kind and
    scale.  Then one row per row of either side and, per quantity, ours
    (± our standard error; tinted by the cell's status), the article's text
    and the cell's ``z``; a legend of the tints; the table's note; and the
    article's name linked to its location.  The wrapper carries
    ``id="table-<id>"``.
    """
    table = cmp.table
    f = cmp.frame()
    quantities = list(dict.fromkeys(c[0] for c in f.columns))
    stat = {} if cmp.ours is None else (cmp.ours.attrs.get("stat") or {})
    printed = table.printed
    n = _sample(cmp.ours)
    per_row_n = isinstance(n, (dict, pd.Series)) and len(set(dict(n).values())) > 1
    art_cols = set(printed.columns) if printed is not None else set()
    def some(q, part):                     # a column of z or ± with at least one value
        return (q, part) in f.columns and f[(q, part)].map(lambda v: not isnan(v)).any()
    sub = {q: ["ours"] + (["article"] if q in art_cols else [])
           + (["z"] if some(q, "z") else []) for q in quantities}
    rows = [f'<tr><th{_ROWHEAD} rowspan="2" style="{_CELL}border-bottom-color:#888;'
            f'text-align:left">' + name_html(f.index.name) + "</th>"
            + (_cell("boards (ours)", "th", _HEAD, ' rowspan="2"') if per_row_n else "")
            + "".join(_cell(name_html(q), "th", _HEAD, f' colspan="{len(sub[q])}"')
                      for q in quantities) + "</tr>",
            "<tr>" + "".join(_cell(s, "th", _HEAD + "font-weight:normal;font-size:smaller")
                             for q in quantities for s in sub[q]) + "</tr>"]
    for r in f.index:
        tds = [_cell(name_html(r), "th", _CELL + "text-align:left", _ROWHEAD)]
        if per_row_n:
            tds.append(_cell(fmt(dict(n).get(r)), style=_NUM + "color:#555"))
        for q in quantities:
            ours = f.at[r, (q, "ours")]
            art = f.at[r, (q, "article")] if (q, "article") in f.columns else None
            fig = (printed.figure(r, q) if printed is not None and r in printed.rows
                   and q in printed.columns else None)
            dec = 1 if stat.get(q) == "share" else (_decimals(fig.text) if fig is not None
                                                    and fig.value is not None else None)
            text = html.escape(fmt(ours, dec if isinstance(ours, (float, np.floating)) else None))
            se = fmt_se(f.at[r, (q, "±")]) if (q, "±") in f.columns else ""
            if se:
                text += f' <span class="pk-se" style="color:#666;font-size:smaller">{se}</span>'
            status = (cmp.cells.at[r, q] if cmp.cells is not None and r in cmp.cells.index
                      and q in cmp.cells.columns else None)
            style = _NUM + (f"background:{TINTS[status]};" if status in TINTS else "")
            tds.append(_cell(text, style=style, attrs=f' title="{status}"' if status in TINTS
                             else ""))
            art_text = DASH if art is None or isnan(art) or str(art).strip() == "" else str(art)
            if "article" in sub[q]:
                tds.append(_cell(html.escape(art_text), style=_NUM + "color:#333"))
            if "z" in sub[q]:
                z = f.at[r, (q, "z")]
                tds.append(_cell(fmt_z(z) or DASH, style=_NUM + "color:#666;font-size:smaller"))
        rows.append("<tr>" + "".join(tds) + "</tr>")
    body = (_SCROLL + '<table class="pk-cmp" style="border-collapse:collapse;margin:0">'
            + "".join(rows)
            + "</table></div>")
    wz = cmp.worst_z
    bits = [f"<b>{name_html(table.title)}</b>",
            _status(cmp.status) + (f" on {fmt_n(n)} boards per row" if n is not None
                                   and not per_row_n else
                                   " (our boards per row in the second column)" if per_row_n
                                   else "")]
    if table.expect:
        bits.append(f"expected at book scale: {html.escape(table.expect)}")
    if wz is not None:
        bits.append(f"worst |z| {fmt_z(wz)}" if wz < Z_CAP
                    else "worst: a cell with no spread differs")
    bits.append(f"{html.escape(table.kind)} · scale {html.escape(cmp.scale)}")
    head = f'<p class="pk-head" style="margin:0.3em 0">{" · ".join(bits)}</p>'
    note = f'<p class="pk-note"><i>{name_html(table.note)}</i></p>' if table.note else ""
    return (f'<div {_WRAP} id="table-{html.escape(table.id)}">' + head + body + _legend()
            + note + source_html(table.source, getattr(table, "url", "")) + "</div>")


def _sample(ours) -> dict | int | None:
    """Our sample size per row: the frame's ``attrs["n"]``, else the most
    per-board values any cell of the row has; None where neither is kept."""
    if ours is None:
        return None
    n = ours.attrs.get("n")
    if n:
        return n
    per = {}
    for (row, _), vals in (ours.attrs.get("values") or {}).items():
        per[row] = max(per.get(row, 0), len(vals))
    return per or None


def source_html(source: str, url: str = "") -> str:
    """The line naming the article a table's figures come from, linked to
    its location when known ("" without a source).

    >>> source_html("Kojun (SEN LLC)", "https://example.org/kojun")[-79:]
    '<a href="https://example.org/kojun">Kojun (SEN LLC)</a> (example.org/kojun)</p>'
    """
    if not source:
        return ""
    name = html.escape(source)
    if url:
        where = html.escape(re.sub(r"^https?://", "", url))
        name = f'<a href="{html.escape(url)}">{name}</a> ({where})'
    return f'<p class="pk-source" style="font-size:smaller">Article figures from {name}</p>'


def _fractions(values) -> bool:
    """Whether a column holds floats and at least one of them is not whole."""
    a = pd.to_numeric(pd.Series(values), errors="coerce").to_numpy(dtype=float)
    a = a[np.isfinite(a)]
    return pd.api.types.is_float_dtype(values) and bool(np.any(np.abs(a - np.round(a)) > 1e-9))


def _column_format(col, units: dict, fractions: bool = False):
    """How one column of a plain frame prints: by its unit in
    ``attrs["units"]`` ("s": a time, "×": a ratio), a column named
    "seconds" (or "… (s)") as a time, a z column by :func:`fmt_z`,
    anything else by :func:`fmt`; in a column of ``fractions`` a whole
    value keeps its neighbours' significant digits ("7.00" beside "37.3")."""
    key = col if col in units else (col[-1] if isinstance(col, tuple) else None)
    unit = units.get(key)
    whole = not fractions
    if unit == "s":
        return fmt_seconds
    if unit == "×":
        return lambda v: DASH if v is None or isnan(v) else f"{fmt_number(v, whole=whole)}×"
    last = str(col[-1] if isinstance(col, tuple) else col)
    if last in ("seconds", "wall s") or last.endswith(" (s)"):
        return fmt_seconds
    if last in ("z", "worst_z") or "|z|" in last:
        return lambda v: fmt_z(v) or DASH
    if fractions:
        return lambda v: (fmt_number(v, whole=False) if isinstance(v, (float, np.floating))
                          else fmt(v))
    return fmt


def frame_html(obj) -> str:
    """A plain DataFrame or Series as a chapter shows it: the compared
    tables' style, every row (no truncation), no NaN ("—"), whole floats as
    integers with thousands separators, other floats to three significant
    digits, columns with a unit in ``attrs["units"]`` ("s", "×") with it,
    names and texts with markdown code spans as ``<code>``, and no
    ``dtype`` footer.

    >>> s = pd.Series([3.0, float("nan")], index=["a", "b"], name="`x`")
    >>> out = frame_html(s)
    >>> "<code>x</code>" in out, "NaN" in out, "dtype" in out, ">3<" in out
    (True, False, False, True)
    """
    if isinstance(obj, pd.Series):
        obj = obj.to_frame(name=obj.name if obj.name is not None else "value")
    df = obj
    units = df.attrs.get("units") or {}
    shown = pd.DataFrame(index=df.index, columns=df.columns, dtype=object)
    for j, col in enumerate(df.columns):
        f = _column_format(col, units, _fractions(df.iloc[:, j]))
        shown.iloc[:, j] = [name_html(v) if isinstance(v, str) else html.escape(f(v))
                            for v in df.iloc[:, j]]
    shown.index = _names(df.index)
    shown.columns = _names(df.columns)
    for j, col in enumerate(df.columns):            # text columns read left to right
        if not pd.api.types.is_numeric_dtype(df.iloc[:, j]) or pd.api.types.is_bool_dtype(
                df.iloc[:, j]):
            shown.iloc[:, j] = [f'<span class="pk-text">{v}</span>' for v in shown.iloc[:, j]]
    classes = ["pk-frame"] + (["pk-multi"] if df.index.nlevels > 1 else [])
    body = shown.to_html(escape=False, border=0, na_rep=DASH, max_rows=None, max_cols=None,
                         notebook=False, justify="center", classes=classes)
    body = (body.replace("<td><span class=\"pk-text\">", f'<td style="{_CELL}text-align:left">'
                         '<span class="pk-text">')
            .replace("<td>", f'<td style="{_NUM}">').replace("<th>", f'<th style="{_CELL}">'))
    return f"<div {_WRAP}>{_SCROLL}{body}</div></div>"


def _names(index: pd.Index) -> pd.Index:
    """An index with its labels and names as :func:`name_html` shows them."""
    if isinstance(index, pd.MultiIndex):
        return pd.MultiIndex.from_tuples(
            [tuple(name_html(p) for p in t) for t in index],
            names=[name_html(nm) if nm is not None else None for nm in index.names])
    return pd.Index([name_html(v) for v in index],
                    name=name_html(index.name) if index.name is not None else None)


def claim_html(result) -> str:
    """A :class:`~puzzlekit.core.tables.registry.ClaimResult` as one HTML line."""
    mark = {True: "holds", False: "FAILS", None: "undecided at this scale"}[result.holds]
    return (f"<p><b>{html.escape(result.id)}</b>: {mark} — "
            f"{name_html(result.detail)}</p>")
