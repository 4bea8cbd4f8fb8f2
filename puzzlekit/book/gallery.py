"""The book's front door: one card per genre (a small board and its answer,
the rules in a line, the ladder's rungs, one finding with our verdict) and the
findings across the book, read from the stored article-scale runs.

Every number on a card comes from the stored runs (``benchmarks/results``):
the finding is one of the article's takeaways as its ``article.py`` states
it, with the verdict and the detail our article-scale run recorded.
"""
from __future__ import annotations

import base64
import html
import io
from dataclasses import dataclass

import pandas as pd

import puzzlekit
from puzzlekit.core import banks
from puzzlekit.core.genre import display_name

__all__ = ["Card", "CARDS", "STYLE", "cards", "board_png", "gallery_html", "status_counts"]


@dataclass(frozen=True)
class Card:
    """What the front door says of one genre: its rules in one line and the
    claim whose verdict is its finding."""

    genre: str
    rules: str
    claim: str


#: The thirteen genres in the book's order (the table of contents').
CARDS = (
    Card("numbrix",
         "Write 1 to n² so that consecutive numbers sit in neighbouring cells: one path "
         "through the whole grid.", "chessboard_once"),
    Card("magnets",
         "Each domino is a magnet (+ and −) or blank; like poles never touch; the margins "
         "count each row's and column's poles.", "anisotropy"),
    Card("nanro",
         "Write in each region the count of its numbered cells, in that many cells; equal "
         "numbers never touch across a border, no 2×2 block is full, the numbers connect.",
         "conjunction"),
    Card("kojun",
         "A region of k cells holds 1 to k; equal digits never touch; in a region the upper "
         "of two stacked cells is larger.", "tall_vanishes"),
    Card("creek",
         "Shade cells so that each corner number counts its shaded neighbours and the "
         "unshaded cells stay connected.", "only_connect_moves"),
    Card("yajisan_kazusan",
         "Shade cells, none adjacent, the rest connected; an arrow clue counts the shaded cells "
         "it points at, but only when its own cell stays unshaded.", "liar_theorem"),
    Card("heteromino",
         "Tile the open cells with trominoes; two touching trominoes never have the same "
         "shape and orientation.", "cliff"),
    Card("choco_banana",
         "Shade cells so that shaded areas are rectangles and unshaded areas are not; a "
         "number is the size of its area.", "anti-dearer"),
    Card("numberlink",
         "Join each pair of equal numbers by a path through cell centres; paths never cross "
         "or share a cell.", "taut_matters"),
    Card("sashigane",
         "Cut the grid into L shapes; a circle marks a corner (its number the L's size), an "
         "arrow the end of an arm pointing home.", "position_beats_direction"),
    Card("country_road",
         "Draw one loop visiting every country once; a number counts the loop's cells in "
         "its country; unvisited cells never touch across a border.", "micro"),
    Card("statue_park",
         "Place the bag's pieces on the grid: black circles covered, white circles free, the "
         "free cells connected, and no two pieces touching.", "black_cheaper"),
    Card("stostone",
         "Shade one stone per region (numbers count its cells, stones never touch); dropped "
         "down, the stones fill exactly the bottom half.", "count-not-enough"),
)

def _pick(bank: list[dict], names) -> dict:
    """The bank board to picture: of the smallest boards at least 6 cells
    wide (the smallest of all when none is), the first of the highest grade
    (a board that needs search counts highest), so the card shows a puzzle
    with work left in it rather than one printed nearly full."""
    def rank(e):
        h, w = e["size"]
        g = e.get("grade")
        return (max(h, w) < 6, h * w, -(names.index(g) if g in names else len(names)))
    return min(bank, key=rank)


def board_png(genre: str, entry: dict) -> str:
    """A bank board and its answer side by side
    (:func:`puzzlekit.book.chapter.puzzle_and_answer`), as a base64 PNG."""
    from .chapter import puzzle_and_answer
    spec = puzzlekit.spec(genre)
    board, answer = spec.Puzzle.from_json(entry["clues"]), spec.Answer.from_json(entry["answer"])
    fig = puzzle_and_answer(spec, board, answer, titles=("puzzle", "solution"), cell=0.3)
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=90, bbox_inches="tight", pad_inches=0.04)
    return base64.b64encode(buf.getvalue()).decode("ascii")


def cards(reports: dict) -> pd.DataFrame:
    """One row per genre: name, rules, rungs, the pictured bank board, the
    finding (the claim's text), its verdict and our detail as
    :func:`puzzlekit.book.articles.takeaways` reads them from the stored
    article-scale runs (``reports``: :func:`puzzlekit.book.results.load_reports`),
    and that run's commit."""
    from .articles import takeaways
    tk = takeaways(reports, live=False, genres=[c.genre for c in CARDS])
    tk = tk.set_index(["genre", "claim"])
    rows = []
    for c in CARDS:
        spec = puzzlekit.spec(c.genre)
        r = tk.loc[(c.genre, c.claim)]
        rows.append({"genre": c.genre, "name": display_name(c.genre), "rules": c.rules,
                     "rungs": list(spec.ladder.names), "colours": dict(spec.ladder.colours),
                     "board": _pick(banks.load(c.genre), spec.ladder.names),
                     "finding": r["takeaway"], "verdict": r["verdict"], "detail": r["detail"],
                     "commit": reports.get(c.genre, {}).get("commit", "")[:7]})
    return pd.DataFrame(rows).set_index("genre")


def status_counts(reports: dict) -> pd.Series:
    """Tables by status over the stored article-scale runs."""
    statuses = [t["status"] for rep in reports.values() for t in rep["tables"]]
    return pd.Series(statuses, dtype=object).value_counts()


#: The cards' look: a grid of as many 300 px columns as fit (one on a phone).
STYLE = """<style>
.pk-gallery { display: grid; grid-template-columns: repeat(auto-fill, minmax(300px, 1fr));
  gap: 14px; margin: 8px 0 16px; }
.pk-card { border: 1px solid #d0d7de; border-radius: 8px; padding: 10px 12px; background: #fff;
  font-size: 14px; line-height: 1.4; min-width: 0; }
.pk-card img { display: block; max-width: 100%; height: auto; margin: 6px auto; }
.pk-card-title { font-size: 17px; font-weight: 600; }
.pk-card p { margin: 4px 0; }
.pk-rung { display: inline-block; border-left: 6px solid; padding: 0 5px; margin: 1px 2px;
  background: #f6f8fa; font-size: 13px; }
.pk-detail { color: #57606a; font-size: 13px; }
</style>"""

_MARK = {"holds": ("#1a7f37", "✓"), "does not hold": ("#b42318", "✗")}


def gallery_html(frame: pd.DataFrame, pictures: bool = True) -> str:
    """The cards of :func:`cards` as a responsive grid of HTML cards, each
    linking to its chapter (``<genre>.html`` beside the page)."""
    out = []
    for genre, r in frame.iterrows():
        colour, mark = _MARK.get(r["verdict"], ("#6b7280", "?"))
        rungs = " ".join(
            f"<span class='pk-rung' style='border-color:{r['colours'][n]}'>{html.escape(n)}</span>"
            for n in r["rungs"])
        h, w = r["board"]["size"]
        img = (f"<img alt='A {h}×{w} {html.escape(r['name'])} board and its answer' "
               f"src='data:image/png;base64,{board_png(genre, r['board'])}'>" if pictures else "")
        out.append(
            f"<div class='pk-card'><a class='pk-card-title' href='{genre}.html'>"
            f"{html.escape(r['name'])}</a>{img}"
            f"<p class='pk-rules'>{html.escape(r['rules'])}</p>"
            f"<p class='pk-rungs'>Rungs: {rungs}</p>"
            f"<p class='pk-finding'><span style='color:{colour}' "
            f"title='{html.escape(r['verdict'])}'>"
            f"{mark}</span> {html.escape(r['finding'][:1].upper() + r['finding'][1:])}: "
            f"<b>{html.escape(r['verdict'])}</b> <span class='pk-detail'>"
            f"({html.escape(r['detail'])})</span></p></div>")
    return "<div class='pk-gallery'>" + "".join(out) + "</div>"
