"""The front door's cards: one per genre in the book's order, each finding a
registered claim of its article, each picture a board with its answer."""
import base64
import re
from pathlib import Path

import pytest

import puzzlekit
from puzzlekit.book import gallery

ROOT = Path(__file__).resolve().parents[2]


def test_one_card_per_genre_in_the_books_order():
    toc = re.findall(r"file:\s*book/(\w+)", (ROOT / "_toc.yml").read_text())
    assert [c.genre for c in gallery.CARDS] == [g for g in toc if g in puzzlekit.GENRES]
    assert sorted(c.genre for c in gallery.CARDS) == sorted(puzzlekit.GENRES)


def test_cards_read_the_stored_verdicts():
    reports = {"kojun": {"claims": [{"id": "tall_vanishes", "holds": False, "detail": "d"}],
                         "commit": "abcdef123"}}
    cards = gallery.cards(reports)
    assert cards.loc["kojun", "verdict"] == "does not hold"
    assert cards.loc["kojun", "detail"] == "d" and cards.loc["kojun", "commit"] == "abcdef1"
    assert cards.loc["nanro", "verdict"] == "no stored report"
    html = gallery.gallery_html(cards, pictures=False)
    assert html.count("class='pk-card'") == 13 and "href='kojun.html'" in html


@pytest.mark.parametrize("genre", ["statue_park", "magnets"])
def test_a_card_pictures_a_board_and_its_answer(genre):
    spec = puzzlekit.spec(genre)
    from puzzlekit.core import banks
    entry = gallery._pick(banks.load(genre), spec.ladder.names)
    png = base64.b64decode(gallery.board_png(genre, entry))
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    w, h = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
    assert w > 1.2 * h    # two boards side by side
