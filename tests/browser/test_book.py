"""The built HTML book, opened from disk in headless Chromium with the network
off, as a reader opens it at 1280 px and at 390 px: every page loads with no
console error and no request outside the book; every table and figure of the
executed chapter is on its page; no table or output shows ``NaN``, ``∞``,
``999.0``, a backtick or ``dtype:``; a table wider than the column scrolls in
its own box; the page never scrolls sideways; every rung stepper steps,
switches levels and keeps one picture size through all its frames (Statue
Park's shows the bag); the search page finds pages, quietly from disk
and with summaries over HTTP.

The book is built once per run at smoke scale (or read from
``PUZZLEKIT_BOOK_HTML``); full-page screenshots of the landing page and of one
chapter at both widths, and one of each stepper, go to ``_build/browser``
(``PUZZLEKIT_ARTIFACTS``).
"""
import base64
import io

import numpy as np
import pytest

from tests.browser.browser import (
    ARTIFACTS,
    Watch,
    bag_problems,
    build_book,
    executed_outputs,
    frame_size_problems,
    launch,
    leak_problems,
    repr_problems,
    sideways_problems,
    stepper_frames,
    stepper_problems,
    toc_files,
    wide_table_problems,
)

#: Window widths a page is read at (a laptop, a phone) and their heights.
WIDTHS = {1280: 900, 390: 844}
#: Pages photographed whole at every width: the landing page and one chapter.
PHOTOGRAPHED = ("book/intro", "book/kojun")


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        b = launch(pw)
        yield b
        b.close()


@pytest.fixture(scope="module")
def book(browser):
    return build_book()


def _open(browser, url, width=1280, allow=()):
    page = browser.new_page(viewport={"width": width, "height": WIDTHS.get(width, 900)})
    watch = Watch(page, allow)
    page.goto(url, wait_until="load")
    return page, watch


@pytest.fixture
def reader(browser):
    """``reader(url, width=1280, allow=())`` opens a page under a Watch;
    every page it opened is closed after the test."""
    pages = []

    def open_(url, width=1280, allow=()):
        page, watch = _open(browser, url, width, allow)
        pages.append(page)
        return page, watch
    yield open_
    for page in pages:
        page.close()


@pytest.mark.parametrize("width", list(WIDTHS))
@pytest.mark.parametrize("doc", toc_files())
def test_page_as_a_reader_sees_it(browser, book, doc, width):
    path = book / f"{doc}.html"
    assert path.exists(), f"{doc}.html was not built"
    page, watch = _open(browser, path.as_uri(), width)
    name = f"{doc.replace('/', '-')}-{width}"
    try:
        if doc in PHOTOGRAPHED:
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
        shown = executed_outputs(book, doc)
        tables = page.locator("table").count()
        pictures = page.locator(".cell_output img:not(.pk-stepper img)")
        broken = [i for i in range(pictures.count())
                  if not pictures.nth(i).evaluate("e => e.complete && e.naturalWidth > 0")]
        problems = list(watch.problems)
        if shown["found"]:
            if tables < shown["tables"]:
                problems.append(f"{tables} tables on the page, "
                                f"the notebook shows {shown['tables']}")
            if pictures.count() < shown["images"]:
                problems.append(f"{pictures.count()} pictures on the page, the notebook shows "
                                f"{shown['images']}")
        if broken:
            problems.append(f"pictures {broken} did not load")
        problems += leak_problems(page) + wide_table_problems(page) + sideways_problems(page)
        problems += repr_problems(page)
        problems += stepper_problems(page, ARTIFACTS, name)
        statue_park = doc == "book/statue_park"
        walks = stepper_frames(page, keep_pictures=statue_park)
        problems += frame_size_problems(walks)
        if statue_park:
            from puzzlekit.statue_park.draw import BAG
            problems += bag_problems(walks, BAG) if walks else ["no stepper on the page"]
        problems += [p for p in watch.problems if p not in problems]
        assert not problems, "\n".join(problems)
    finally:
        page.close()


def _synthetic(tmp_path, breakage=None, grow=False, bag=None, name="stepper.html"):
    """A page with one stepper over three drawn frames on two levels; with
    ``breakage`` applied to its HTML, frames growing taller step by step when
    ``grow``, and a strip of colour ``bag`` under each board when given."""
    import matplotlib
    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    from puzzlekit.viz.stepper import Frame, render_html

    def png(k):
        fig = Figure(figsize=(2, 2 + (0.5 * k if grow else 0)))
        ax = fig.add_axes((0, 0.3, 1, 0.7))
        ax.imshow(np.eye(4) * k, vmin=0, vmax=3)
        if bag:
            fig.add_axes((0.1, 0.05, 0.8, 0.2), facecolor=bag, xticks=[], yticks=[])
        buf = io.BytesIO()
        fig.savefig(buf, format="png", dpi=72)
        return base64.b64encode(buf.getvalue()).decode()

    levels = {lv: [Frame(png(k), f"{'start: ' if k == 0 else ''}step {k}; level {lv}",
                         None if k == 0 else "b", 200) for k in range(3)] for lv in ("a", "b")}
    html = render_html(levels, {"a": "#e41a1c", "b": "#377eb8"}, "test")
    if breakage:
        html = breakage(html)
    page = tmp_path / name
    page.write_text("<!doctype html><meta charset='utf-8'>" + html)
    return page.as_uri()


def test_a_working_stepper_passes(reader, tmp_path):
    page, watch = reader(_synthetic(tmp_path))
    walks = stepper_frames(page)
    assert [len(w) for w in walks] == [6]
    assert stepper_problems(page) == [] and frame_size_problems(walks) == []
    assert watch.problems == []


@pytest.mark.parametrize("breakage", [
    lambda h: h.replace("btn[3].onclick = function(){ stop(); k += 1; draw(); };", ""),
    lambda h: h.replace("sel.onchange", "sel.onchnage"),
    lambda h: h.replace("img.src = ", "img.title = "),
    lambda h: h.replace("(function(){", "(function(){ var x = ;", 1),
], ids=["next button unbound", "picker unbound", "board never drawn", "script error"])
def test_a_broken_stepper_is_caught(reader, tmp_path, breakage):
    page, watch = reader(_synthetic(tmp_path, breakage))
    assert stepper_problems(page) + watch.problems, "the breakage went unnoticed"


@pytest.mark.parametrize("width", list(WIDTHS))
def test_a_stepper_that_grows_is_caught(reader, tmp_path, width):
    page, _ = reader(_synthetic(tmp_path, grow=True), width)
    problems = frame_size_problems(stepper_frames(page))
    assert len(problems) == 1 and "changes size" in problems[0]


def test_a_stepper_without_the_bag_is_caught(reader, tmp_path):
    from puzzlekit.statue_park.draw import BAG
    page, _ = reader(_synthetic(tmp_path, bag=BAG, name="bag.html"))
    assert bag_problems(stepper_frames(page, keep_pictures=True), BAG) == []
    page, _ = reader(_synthetic(tmp_path, bag="#ffd700", name="gold.html"))
    problems = bag_problems(stepper_frames(page, keep_pictures=True), BAG)
    assert problems == ["stepper 1: the start of 2 of 2 levels shows no bag (first: level 'a')"]


def _page(tmp_path, body, name="page.html"):
    """A page shaped like the book's: a text column holding ``body``."""
    path = tmp_path / name
    path.write_text("<!doctype html><meta charset='utf-8'><style>body{margin:0}"
                    "article{width:300px;padding:0 10px}</style>"
                    f"<article class='bd-article'>{body}</article>")
    return path.as_uri()


def _output(inner):
    return f"<div class='cell_output'><div class='output text_html'>{inner}</div></div>"


CLEAN = _output("<table><tr><th>size</th><th>share</th><th>boards</th></tr>"
                "<tr><td>6×6</td><td>12.5%</td><td>1,999.0</td></tr>"
                "<tr><td>10×10</td><td>—</td><td>999 infinite</td></tr></table>"
                "<p>rectangle (rows × columns)</p>")


def test_a_clean_table_passes(reader, tmp_path):
    page, _ = reader(_page(tmp_path, CLEAN))
    assert leak_problems(page) == []


@pytest.mark.parametrize("leak, body", [
    ("NaN", _output("<table><tr><td>NaN</td><td>1</td></tr></table>")),
    ("∞", _output("<table><tr><td>|z|</td><td>∞</td></tr></table>")),
    ("∞", _output("<table><tr><td>time</td><td>inf</td></tr></table>")),
    ("999.0", _output("<table><tr><td>ratio</td><td>999.000</td></tr></table>")),
    ("a backtick", _output("<table><tr><th>`neigh`</th></tr><tr><td>1</td></tr></table>")),
    ("a backtick", "<table><tr><th>`neigh`</th></tr><tr><td>1</td></tr></table>"),
    ("dtype:", _output("<pre>6x6    3\nName: answers, dtype: int64</pre>")),
    ("NaN", _output("<table><tr><td>1</td></tr></table><p>mean: NaN</p>")),
    ("a table cut short", _output("<table><tr><td>…</td></tr></table>"
                                  "<p>148 rows × 3 columns</p>")),
], ids=["NaN", "∞", "inf", "999.000", "backtick in an output", "backtick in a table",
        "a Series footer", "NaN beside a table", "pandas cut the table short"])
def test_a_leaking_table_is_caught(reader, tmp_path, leak, body):
    page, _ = reader(_page(tmp_path, CLEAN + body))
    problems = leak_problems(page)
    assert len(problems) == 1 and f"shows {leak}:" in problems[0]


def test_an_object_repr_in_the_prose_is_caught(reader, tmp_path):
    leaked = "<p>Stored run: &lt;IPython.core.display.Markdown object&gt;.</p>"
    page, _ = reader(_page(tmp_path, leaked + CLEAN))
    assert len(repr_problems(page)) == 1
    page, _ = reader(_page(tmp_path, "<p>Stored run: 2026-12-06, a <b>bold</b> word.</p>" + CLEAN,
                           "clean.html"))
    assert repr_problems(page) == []


WIDE = "<table style='width:600px'><tr><td>a</td><td>b</td></tr></table>"


@pytest.mark.parametrize("body, caught", [
    (WIDE, True),
    (f"<div style='overflow-x:hidden'>{WIDE}</div>", True),
    (f"<div style='overflow-x:auto;width:600px'>{WIDE}</div>", True),
    (f"<div style='overflow-x:auto'>{WIDE}</div>", False),
    (f"<div style='overflow-x:scroll'><div>{WIDE}</div></div>", False),
    ("<table><tr><td>a</td></tr></table>", False),
], ids=["bare", "clipped", "box wider than the column", "in a scroll box",
        "in a scrolling ancestor", "narrow"])
def test_a_table_wider_than_the_column_needs_a_scroll_box(reader, tmp_path, body, caught):
    page, _ = reader(_page(tmp_path, body))
    assert bool(wide_table_problems(page)) == caught


@pytest.mark.parametrize("body, caught", [
    ("<div style='width:500px'>wide</div>", True),
    ("<pre style='white-space:pre'>" + "x" * 200 + "</pre>", True),
    ("<div style='overflow-x:auto'><pre>" + "x" * 200 + "</pre></div>", False),
    ("<p>" + "word " * 200 + "</p>", False),
    ("<style>html,body{overflow-x:clip}</style><code>" + "x" * 100 + "</code>", True),
    ("<div style='overflow-x:hidden'><div style='width:900px'>cut on purpose</div></div>", False),
    ("<div style='position:fixed;left:380px;width:300px'>a drawer</div>", False),
], ids=["wide block", "long code line", "long code line in a scroll box", "prose",
        "cut by the page", "clipped box", "fixed drawer"])
def test_a_page_that_scrolls_sideways_is_caught(reader, tmp_path, body, caught):
    path = tmp_path / "page.html"
    path.write_text(f"<!doctype html><body>{body}</body>")
    page, _ = reader(path.as_uri(), 390)
    assert bool(sideways_problems(page)) == caught


#: The search page is done listing what it found.
SEARCHED = "() => /Search finished/.test(document.body.innerText)"


def test_search_finds_pages_quietly_from_disk(reader, book):
    """Opened from disk the search page lists its results and asks for no
    page it cannot read (no summary fetches, each a CORS error)."""
    page, watch = reader((book / "search.html").as_uri() + "?q=ladder")
    page.wait_for_function(SEARCHED, timeout=30_000)
    page.wait_for_load_state("networkidle")
    assert page.locator("#search-results li").count() > 0
    assert watch.problems == []


def test_search_quotes_summaries_over_http(reader, book):
    """Served over HTTP the search page still quotes each result's text."""
    import functools
    import http.server
    import threading

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    handler = functools.partial(Quiet, directory=str(book))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}/"
    try:
        page, watch = reader(base + "search.html?q=ladder", allow=(base,))
        page.wait_for_function(SEARCHED, timeout=30_000)
        page.locator("#search-results p.context").first.wait_for(timeout=30_000)
        assert watch.problems == []
    finally:
        server.shutdown()
        server.server_close()


def test_a_remote_script_is_caught(reader, tmp_path):
    page = tmp_path / "remote.html"
    page.write_text("<!doctype html><script src='https://cdn.example.org/x.js'></script><p>hi</p>")
    _, watch = reader(page.as_uri())
    assert any("remote request" in p for p in watch.problems)


def test_the_command_line_player_works_offline(reader, tmp_path):
    """``python -m puzzlekit step`` writes one page that steps with no network."""
    import json
    import subprocess
    import sys

    from puzzlekit.core import banks
    board = tmp_path / "board.json"
    board.write_text(json.dumps(banks.load("magnets")[0]["clues"]))
    out = tmp_path / "stepper.html"
    r = subprocess.run([sys.executable, "-m", "puzzlekit", "step", "magnets", str(board), "-o",
                        str(out)], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    page, watch = reader(out.as_uri())
    assert page.locator(".pk-stepper").count() == 1
    assert stepper_problems(page, ARTIFACTS, "cli-step") == [] and watch.problems == []
