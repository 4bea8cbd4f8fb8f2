"""The helpers every genre chapter shares: the status strip and the puzzle
drawn beside its solution."""
import re
from types import SimpleNamespace

from puzzlekit.book import chapter
from puzzlekit.core.tables.render import TINTS


class _Article:
    """An article stand-in: tables in order, each with a fixed status."""

    def __init__(self, rows):
        self.tables = {tid: SimpleNamespace(id=tid, title=title) for tid, title, _ in rows}
        self._status = {tid: status for tid, _, status in rows}

    def table(self, table_id, scale):
        return SimpleNamespace(status=self._status[table_id])


ROWS = [("reach", "Reach by rung", "match"), ("ablation", "One rung removed", "differs"),
        ("bank", "The bank", "match"), ("census", "A <census>", "close"),
        ("dial", "Dial", "shown")]


def test_strip_has_one_linked_mark_per_table_in_order():
    html = chapter.status_strip(_Article(ROWS), "smoke").data
    links = re.findall(r"href='#table-([\w-]+)'", html)
    assert links == [r[0] for r in ROWS]
    assert "title='Reach by rung: match'" in html
    assert "A &lt;census&gt;: close" in html        # titles are escaped


def test_strip_colours_come_from_the_table_tints():
    html = chapter.status_strip(_Article(ROWS), "smoke").data
    marks = re.findall(r"<a [^>]*background:(#[0-9a-f]{6})", html)
    assert marks == [chapter.MARK_COLOURS[s] for _, _, s in ROWS]
    assert marks[0] == TINTS["match"] and marks[1] == TINTS["differs"]


def test_strip_counts_statuses():
    html = chapter.status_strip(_Article(ROWS), "book").data
    assert "2 match, 1 close, 1 differs, 1 shown" in html
    assert chapter.count_line(["differs"] * 3) == "3 differs"


def test_puzzle_and_answer_draws_two_boards():
    from puzzlekit.core import banks
    from puzzlekit.kojun import SPEC, Answer, Puzzle
    entry = next(e for e in banks.load("kojun") if e["id"] == "kojun-6x6-region-1")
    board, answer = Puzzle.from_json(entry["clues"]), Answer.from_json(entry["answer"])
    fig = chapter.puzzle_and_answer(SPEC, board, answer)
    assert len(fig.axes) == 2
    assert [ax.get_title() for ax in fig.axes] == ["The puzzle", "Its solution"]
    alone, solved = (len(ax.texts) for ax in fig.axes)
    assert solved > alone                               # the answer's digits are drawn
