"""The thirteen articles' stored reports side by side: the closing chapter's
reading of :func:`puzzlekit.book.results.load_reports`.

- every article's takeaways with our verdict (:func:`takeaways`), counted and
  plotted (:func:`verdict_counts`, :func:`plot_verdicts`);
- an article's figure, or ours in the same cell of its stored run
  (:func:`article_figure`, :func:`stored_figure`);
- adversarial against random clues where five articles measure both
  (:data:`DISCLOSURE`, :func:`disclosure`, :func:`random_disclosure`);
- the articles' cross-references to each other (:data:`CROSS`,
  :func:`cross_refs`).

The live measurements of the chapter are :mod:`puzzlekit.book.across`'s.
"""
from __future__ import annotations

import importlib

import numpy as np
import pandas as pd

import puzzlekit

from ..core import scales
from ..core.genre import display_name
from .across import GENRES, listed

__all__ = ["CROSS", "DISCLOSURE", "takeaways", "verdict_counts", "verdict_sentence",
           "plot_verdicts", "article_figure", "stored_frame", "stored_figure", "disclosure",
           "random_disclosure", "cross_refs"]


def _spec(genre):
    return puzzlekit.spec(genre)


# ------------------------------------------------------------------ takeaways
_VERDICT = {True: "holds", False: "does not hold", None: "not decided at this scale"}


def takeaways(reports: dict, scale: str | None = None, live: bool | None = None,
              genres=GENRES) -> pd.DataFrame:
    """Every article's takeaways (its claims) with our verdict.

    ``reports``: the stored article reports by genre
    (:func:`puzzlekit.book.results.load_reports`).  A genre with a stored
    report takes the report's verdicts (``source``: ``stored <scale>``).  A
    genre without one is evaluated live at ``scale`` when ``live`` (default:
    only at ``smoke``, where every claim is cheap by the scale's contract);
    otherwise its claims read ``no stored report``.

    Columns: ``genre``, ``claim``, ``takeaway`` (the claim's text),
    ``theorem``, ``verdict``, ``source``, ``detail``.
    """
    scale = scales.current() if scale is None else scales.check(scale)
    live = (scale == "smoke") if live is None else bool(live)
    rows = []
    for g in genres:
        art = importlib.import_module(_spec(g).article).ARTICLE
        rep = reports.get(g)
        got = {c["id"]: c for c in rep["claims"]} if rep else {}
        for cid, c in art.claims.items():
            row = {"genre": g, "claim": cid, "takeaway": c.text, "theorem": c.theorem}
            if rep is not None:
                r = got.get(cid)
                row.update(verdict=_VERDICT[r["holds"]] if r else "not in the stored report",
                           source=f"stored {rep.get('scale', '?')}",
                           detail=r["detail"] if r else "")
            elif live:
                r = art.claim(cid, scale)
                row.update(verdict=_VERDICT[r.holds], source=f"live {scale}", detail=r.detail)
            else:
                row.update(verdict="no stored report", source="", detail="")
            rows.append(row)
    return pd.DataFrame(rows, columns=["genre", "claim", "takeaway", "theorem", "verdict",
                                       "source", "detail"])


def verdict_counts(tk: pd.DataFrame) -> pd.DataFrame:
    """Claims per genre and verdict (a genre by verdict count table)."""
    order = [*_VERDICT.values(), "not in the stored report", "no stored report"]
    t = pd.crosstab(tk["genre"], tk["verdict"]).reindex(
        columns=[v for v in order if v in set(tk["verdict"])], fill_value=0)
    return t.reindex([g for g in GENRES if g in t.index])


_SAID = {"holds": "{} hold", "does not hold": "{} do not",
         "not decided at this scale": "{} are not decided at the scale they were run at",
         "not in the stored report": "{} are missing from their stored report",
         "no stored report": "{} have no stored report yet"}


def verdict_sentence(tk: pd.DataFrame) -> str:
    """How many takeaways of :func:`takeaways` reached each verdict, in words,
    naming only the verdicts some takeaway reached.

    >>> tk = pd.DataFrame({"verdict": ["holds", "holds", "does not hold"]})
    >>> verdict_sentence(tk)
    '2 hold and 1 does not'
    >>> verdict_sentence(tk.iloc[:2])
    'all 2 hold'
    """
    counts = tk["verdict"].value_counts()
    if len(counts) == 1 and counts.index[0] == "holds":
        return f"all {int(counts.iloc[0]):,} hold"
    parts = [_SAID[v].format(f"{int(counts[v]):,}") for v in _SAID if counts.get(v, 0)]
    if counts.get("does not hold", 0) == 1:
        parts = [p.replace("1 do not", "1 does not") for p in parts]
    return listed(parts)


_COLOURS = {"holds": "#3182bd", "does not hold": "#e6550d",
            "not decided at this scale": "#fdae6b", "not in the stored report": "#dadaeb",
            "no stored report": "#d9d9d9"}


def plot_verdicts(counts: pd.DataFrame):
    """Stacked bars of a :func:`verdict_counts` table, one per genre."""
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(7, 0.4 * len(counts) + 1.2))
    left = np.zeros(len(counts))
    for v in counts.columns:
        ax.barh(range(len(counts)), counts[v], left=left, color=_COLOURS.get(v, "#999999"),
                label=v)
        left += counts[v].to_numpy()
    ax.set_yticks(range(len(counts)), [display_name(g) for g in counts.index])
    ax.invert_yaxis()
    ax.set_xlabel("takeaways (claims)")
    ax.legend(fontsize=8, loc="lower right")
    fig.tight_layout()
    return fig


# ------------------------------------------------------------------ cross references
#: The articles' mentions of one another, each set beside our measurement:
#: ``(genre, table id, row, column)`` names the article's figure (read from
#: the table's quoted data, never typed here) and ``ours`` what we compare it
#: with (a column of :func:`certificates` or :func:`probe_unique`).
CROSS = (
    ("second answers: share explained by the certificate",
     (("kojun", "swap", None, "explained by one swap %"),
      ("magnets", "pair-certificate", None, "explained by one pair %"),
      ("numbrix", "certificate", None, "explained by one reversal %"),
      ("creek", "certificate", None, "explained %")), "explained %"),
    ("probe ⇔ unique: boards where it holds (%)",
     (("nanro", "probe_unique", None, "held %"),
      ("kojun", "probe_unique", None, "held %"),
      ("choco_banana", "probe-unique", None, "agreement %"),
      ("statue_park", "probe_unique", None, "agreement %"),
      ("yajisan_kazusan", "probe_unique", None, "agree %")), "held %"),
)


def _figure(frame: pd.DataFrame, row, column) -> str:
    """One cell of ``frame`` (``row`` given) or the range of a column."""
    if column not in frame.columns or (row is not None and row not in frame.index):
        return "—"
    col = pd.to_numeric(frame[column], errors="coerce")
    vals = [col.loc[row]] if row is not None else list(col)
    vals = [float(v) for v in vals if not pd.isna(v)]
    if not vals:
        return "—"
    lo, hi = round(min(vals), 2), round(max(vals), 2)
    return f"{lo:g}" if lo == hi else f"{lo:g}–{hi:g}"


def article_figure(genre: str, table: str, row, column) -> str:
    """The article's figure(s) in one column of one of its tables, as quoted
    in ``<genre>/article.py``: one row, or the range over all rows (rounded
    to two decimals)."""
    art = importlib.import_module(_spec(genre).article).ARTICLE
    return _figure(art.tables[table].article, row, column)


def stored_frame(reports: dict, genre: str, table: str) -> pd.DataFrame | None:
    """Our frame of one article table from a stored report (its ``frames``,
    written by ``benchmarks/run_articles.py``), or None."""
    f = (reports.get(genre) or {}).get("frames", {}).get(table)
    if not f:
        return None
    return pd.DataFrame(f["data"], index=f["index"], columns=f["columns"])


def stored_figure(reports: dict, genre: str, table: str, row, column) -> str:
    """Like :func:`article_figure`, from our stored article-scale frame
    (``no stored report`` when there is none)."""
    f = stored_frame(reports, genre, table)
    return "no stored report" if f is None else _figure(f, row, column)


#: Where an article measures adversarial against random clues:
#: ``(genre, table id, adversarial column, random column)``.
DISCLOSURE = (
    ("numbrix", "ink", "adversarial edge level", "random reveal until unique (median) %"),
    ("creek", "ink", "locally minimal numbers", "random disclosure ×"),
    ("country_road", "erasure", "numbers kept (adversarial)", "numbers kept (random erasure)"),
    ("kojun", "givens", "adversarial givens (median)", "unique at 30% revealed %"),
    ("nanro", "adversarial", "clues", "random unique %"),
)


def _table_status(reports, genre, table):
    rep = reports.get(genre)
    if not rep:
        return "no stored report"
    st = {t["id"]: t["status"] for t in rep.get("tables", [])}
    return st.get(table, "not in the stored report")


def disclosure(dens: pd.DataFrame, reports: dict) -> pd.DataFrame:
    """The articles' adversarial clue counts (:data:`DISCLOSURE`, read from
    each table's quoted data), per board size, beside ours in the same cells
    of the stored article-scale run, the median clue count of our bank at
    that size (our generators buy clues adversarially too), its ratio to the
    article's count, and the stored report's status of that table.  Every
    column holds one quantity; the random-clue figures, a different quantity
    in each article, are :func:`random_disclosure`'s."""
    rows = []
    for g, table, adv, _ in DISCLOSURE:
        art = importlib.import_module(_spec(g).article).ARTICLE.tables[table].article
        ours = dens[dens["genre"] == g].groupby("size")["clues"].median()
        for size, r in art.iterrows():
            key = str(size).replace("x", "×")
            bank = ours.get(key, float("nan"))
            rows.append({"genre": g, "size": key, "the article's column": adv,
                         "article: adversarial clues": float(r[adv]),
                         "ours: adversarial clues": stored_figure(reports, g, table, size, adv),
                         "our bank: median clues": bank,
                         "our bank / article": bank / r[adv] if r[adv] else float("nan"),
                         "article table": table,
                         "stored status": _table_status(reports, g, table)})
    return pd.DataFrame(rows)


def random_disclosure(reports: dict) -> dict:
    """Per genre of :data:`DISCLOSURE`, the article's random-clue figure per
    board size beside ours in the same cells of the stored article-scale run:
    one small table each, its columns named by the quantity the article
    measures (a share revealed, a multiple, a count, a share unique), since
    the articles measure different things."""
    out = {}
    for g, table, _, rnd in DISCLOSURE:
        art = importlib.import_module(_spec(g).article).ARTICLE.tables[table].article
        rows = {str(size).replace("x", "×"): {
            f"article: {rnd}": float(r[rnd]),
            f"ours: {rnd}": stored_figure(reports, g, table, size, rnd)}
            for size, r in art.iterrows()}
        df = pd.DataFrame.from_dict(rows, orient="index")
        df.index.name = "size"
        df.attrs["status"] = _table_status(reports, g, table)
        out[g] = df
    return out


def cross_refs(cert: pd.DataFrame, pu: pd.DataFrame, reports: dict) -> pd.DataFrame:
    """The cross-references of :data:`CROSS`: per genre, the article's figure
    (the column it comes from named), ours in the same column of the stored
    article-scale run with the status that table reached there (or ``no
    stored report``), and ours on the small boards with their number."""
    rows = []
    for topic, refs, ours in CROSS:
        src = cert if ours in cert.columns else pu
        for g, table, row, column in refs:
            status = _table_status(reports, g, table)
            n = (cert.loc[g, "non-unique"] if ours in cert.columns else pu.loc[g, "boards"]) \
                if g in src.index else 0
            rows.append({"topic": topic, "genre": g, "column": column,
                         "article": article_figure(g, table, row, column),
                         "ours, article scale": stored_figure(reports, g, table, row, column),
                         "stored status": status,
                         "ours, small boards": src.loc[g, ours] if g in src.index
                         else float("nan"),
                         "small boards": int(n), "article table": table})
    return pd.DataFrame(rows)
