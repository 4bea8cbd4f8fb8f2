"""The built HTML book, opened from disk in headless Chromium with the network
off, as a reader opens it: every page loads with no console error and no
request outside the book, every table and figure of the executed chapter is on
its page, and every rung stepper steps and switches levels.

The book is built once per run at smoke scale (or read from
``PUZZLEKIT_BOOK_HTML``); screenshots of the steppers go to ``_build/browser``
(``PUZZLEKIT_ARTIFACTS``).
"""
import base64
import io

import numpy as np
import pytest

from tests.browser.browser import (
    ARTIFACTS,
    Watch,
    build_book,
    executed_outputs,
    launch,
    stepper_problems,
    toc_files,
)


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


def _open(browser, url):
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    watch = Watch(page)
    page.goto(url, wait_until="load")
    return page, watch


@pytest.mark.parametrize("doc", toc_files())
def test_page_as_a_reader_sees_it(browser, book, doc):
    path = book / f"{doc}.html"
    assert path.exists(), f"{doc}.html was not built"
    page, watch = _open(browser, path.as_uri())
    try:
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
        problems += stepper_problems(page, ARTIFACTS, doc.replace("/", "-"))
        problems += [p for p in watch.problems if p not in problems]
        assert not problems, "\n".join(problems)
    finally:
        page.close()


def _synthetic(tmp_path, breakage=None):
    """A page with one stepper over three drawn frames on two levels; with
    ``breakage`` applied to its HTML."""
    import matplotlib
    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    from puzzlekit.viz.stepper import Frame, render_html

    def png(k):
        fig = Figure(figsize=(2, 2))
        ax = fig.add_subplot()
        ax.imshow(np.eye(4) * k, vmin=0, vmax=3)
        buf = io.BytesIO()
        fig.savefig(buf, format="png", dpi=72)
        return base64.b64encode(buf.getvalue()).decode()

    levels = {lv: [Frame(png(k), f"{'start: ' if k == 0 else ''}step {k}; level {lv}",
                         None if k == 0 else "b", 200) for k in range(3)] for lv in ("a", "b")}
    html = render_html(levels, {"a": "#e41a1c", "b": "#377eb8"}, "test")
    if breakage:
        html = breakage(html)
    page = tmp_path / "stepper.html"
    page.write_text("<!doctype html><meta charset='utf-8'>" + html)
    return page.as_uri()


def test_a_working_stepper_passes(browser, tmp_path):
    page, watch = _open(browser, _synthetic(tmp_path))
    assert stepper_problems(page) == [] and watch.problems == []


@pytest.mark.parametrize("breakage", [
    lambda h: h.replace("btn[3].onclick = function(){ stop(); k += 1; draw(); };", ""),
    lambda h: h.replace("sel.onchange", "sel.onchnage"),
    lambda h: h.replace("img.src = ", "img.title = "),
    lambda h: h.replace("(function(){", "(function(){ var x = ;", 1),
], ids=["next button unbound", "picker unbound", "board never drawn", "script error"])
def test_a_broken_stepper_is_caught(browser, tmp_path, breakage):
    page, watch = _open(browser, _synthetic(tmp_path, breakage))
    assert stepper_problems(page) + watch.problems, "the breakage went unnoticed"


def test_a_remote_script_is_caught(browser, tmp_path):
    page = tmp_path / "remote.html"
    page.write_text("<!doctype html><script src='https://cdn.example.org/x.js'></script><p>hi</p>")
    _, watch = _open(browser, page.as_uri())
    assert any("remote request" in p for p in watch.problems)


def test_the_command_line_player_works_offline(browser, tmp_path):
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
    page, watch = _open(browser, out.as_uri())
    assert page.locator(".pk-stepper").count() == 1
    assert stepper_problems(page, ARTIFACTS, "cli-step") == [] and watch.problems == []
