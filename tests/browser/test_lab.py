"""A chapter run in a real JupyterLab, as a reader runs it: a server on
localhost, the notebook opened in headless Chromium, every cell run from the
Run menu; then the ipywidgets stepper must be drawn at a sensible size and
pressing play must change its board.

The chapter is run from a copy in a temporary folder, so the committed
notebook keeps no outputs.
"""
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.browser.browser import ARTIFACTS, ROOT, launch

CHAPTER = "magnets.ipynb"      # a chapter with a stepper in its first sections
EXPLORE = "explore.ipynb"      # one cell: the stepper that takes a URL or a bank board id
TOKEN = "puzzlekit-test"


def _tail(log: Path, n: int = 3000) -> str:
    """The end of the server's log, for a failure message."""
    try:
        return log.read_text(errors="replace")[-n:]
    except OSError as e:
        return f"(no server log: {e})"


def _explore_notebook() -> dict:
    """A notebook of one cell showing :func:`puzzlekit.viz.stepper.explore`
    for Kojun, empty."""
    src = ("from puzzlekit.viz import stepper\n"
           "from puzzlekit.kojun import SPEC\n"
           "stepper.explore(SPEC)")
    return {"nbformat": 4, "nbformat_minor": 5,
            "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                        "language": "python"}},
            "cells": [{"cell_type": "code", "id": "explore", "metadata": {},
                       "execution_count": None, "outputs": [], "source": src}]}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _start_session(port: int, log: Path, name: str = CHAPTER) -> None:
    """Start the chapter's kernel through the server's REST API before the
    browser opens the notebook. JupyterLab then connects to this running
    session; left to itself, on a busy machine it can open the notebook before
    it has read the server's kernel specs and ask for a kernel in a dialog."""
    base = f"http://127.0.0.1:{port}/api"
    head = {"Authorization": f"token {TOKEN}", "Content-Type": "application/json"}

    def call(path, body=None):
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(base + path, data=data, headers=head,
                                     method="GET" if body is None else "POST")
        with urllib.request.urlopen(req, timeout=30) as r:
            return json.load(r)

    for _ in range(120):
        try:
            if "python3" in call("/kernelspecs").get("kernelspecs", {}):
                break
        except (urllib.error.URLError, OSError, ValueError):
            pass
        time.sleep(0.5)
    else:
        pytest.fail(f"the server listed no python3 kernel in 60 s: {_tail(log)}")
    try:
        call("/sessions", {"path": name, "name": name, "type": "notebook",
                           "kernel": {"name": "python3"}})
    except (urllib.error.URLError, OSError, ValueError) as e:
        pytest.fail(f"the server did not start a kernel for {name}: {e}; {_tail(log)}")


def _kernels(url: str) -> dict:
    """The kernels the server behind a Lab url is running, id: execution
    state ('idle', 'busy', ...), as the server sees them."""
    base = url.split("/lab/")[0]
    req = urllib.request.Request(base + "/api/kernels", headers={"Authorization": f"token {TOKEN}"})
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return {k["id"]: k.get("execution_state") for k in json.load(r)}
    except (urllib.error.URLError, OSError, ValueError):
        return {}


@pytest.fixture(scope="module")
def lab():
    folder = Path(tempfile.mkdtemp(prefix="pk-lab-"))
    shutil.copy(ROOT / "book" / CHAPTER, folder / CHAPTER)
    (folder / EXPLORE).write_text(json.dumps(_explore_notebook(), indent=1))
    port = _free_port()
    env = dict(os.environ, PUZZLEKIT_SCALE="smoke", PUZZLEKIT_PROGRESS="0",
               JUPYTER_CONFIG_DIR=str(folder / ".jupyter"), JUPYTER_RUNTIME_DIR=str(folder / ".rt"))
    exe = Path(sys.executable).with_name("jupyter")
    # The server's log (and its kernel's own stderr, which the kernel inherits)
    # goes to a file: a pipe nobody reads fills up and then blocks both.
    log = folder / "server.log"
    proc = subprocess.Popen(
        [str(exe), "lab", "--no-browser", f"--port={port}", "--ip=127.0.0.1",
         "--allow-root", f"--IdentityProvider.token={TOKEN}", f"--ServerApp.root_dir={folder}",
         "--LabApp.news_url=", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"],
        env=env, stdout=subprocess.DEVNULL, stderr=log.open("w"))
    try:
        for _ in range(120):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if proc.poll() is not None:
                    pytest.fail(f"jupyter lab exited: {_tail(log)}")
                time.sleep(0.5)
        else:
            pytest.fail("jupyter lab did not start in 60 s")
        yield port, log
    finally:
        proc.terminate()
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
        shutil.rmtree(folder, ignore_errors=True)


def _run_notebook(browser, lab, name: str):
    """Open notebook ``name`` in JupyterLab and run every cell from the Run
    menu, as a reader does; returns the page and the list its script errors
    collect. Fails the test when a cell fails or the run does not finish."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    port, log = lab
    _start_session(port, log, name)
    # each notebook in a workspace of its own: Lab would otherwise restore the
    # tabs an earlier test left open, and their cells would answer for this one
    stem = Path(name).stem
    lab = f"http://127.0.0.1:{port}/lab/workspaces/{stem}/tree/{name}?token={TOKEN}"

    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(lab, wait_until="domcontentloaded")
    page.locator(".jp-Notebook").first.wait_for(timeout=120_000)
    idle = page.get_by_text("Kernel status: Idle").first
    idle.wait_for(state="attached", timeout=120_000)
    prompts = page.locator(".jp-CodeCell .jp-InputPrompt")

    def started() -> bool:      # some code cell is running or has run
        return any(t.strip() not in ("", "[ ]:") for t in prompts.all_text_contents())

    dialogs = []

    def dismiss() -> None:
        """Close a modal dialog JupyterLab may raise at start-up (it
        would take the clicks): a kernel chooser is accepted, any
        other dialog cancelled; its text is kept for a failure."""
        box = page.locator(".jp-Dialog")
        for _ in range(5):
            if not box.count():
                return
            text = box.first.inner_text()[:300]
            dialogs.append(text)
            accept = box.first.locator(".jp-Dialog-button.jp-mod-accept")
            if "kernel" in text.lower() and accept.count():
                choice = box.first.locator("select")
                if choice.count():      # never "No Kernel": the kernel started
                    opts = choice.first.locator("option")   # for it, else Python
                    labels = opts.all_text_contents()
                    values = [opts.nth(i).get_attribute("value")
                              for i in range(len(labels))]
                    stem = Path(name).name
                    named = list(zip(labels, values))
                    pick = ([v for t, v in named if v and stem in t]
                            or [v for t, v in named if v and "python" in t.lower()])
                    if pick:
                        choice.first.select_option(value=pick[0])
                accept.first.click()
            else:
                page.keyboard.press("Escape")
            time.sleep(1)

    def settled() -> None:
        """Wait until the server's set of kernels has held still for
        5 s (at most 60 s): on a busy machine Lab can swap the kernel
        it opened with for a new one, and a Run All sent to the old
        kernel is dropped with it."""
        seen, since = None, time.time()
        for _ in range(60):
            now = sorted(_kernels(lab))
            if now != seen:
                seen, since = now, time.time()
            elif time.time() - since >= 5:
                return
            time.sleep(1)

    def run_all() -> None:
        for attempt in range(5):    # a click before the app is ready can be lost: retry
            dismiss()
            settled()
            try:
                page.locator(".lm-MenuBar-item", has_text="Run").first.click(timeout=10_000)
                run_all = page.get_by_role("menuitem", name="Run All Cells").first
                run_all.click(timeout=10_000)
            except PlaywrightTimeout:       # something took the click: look again
                continue
            for _ in range(30):
                if started():
                    return
                time.sleep(1)
            page.keyboard.press("Escape")
        pytest.fail(f"Run All Cells did not start the chapter; dialogs seen: {dialogs}")

    run_all()
    # the chapter has run when every code cell shows its execution number
    # A cell that fails stops Run All, so an error is reported at once.
    # A run whose prompts stand still for a minute while the server
    # reports its kernels idle was lost (its kernel was replaced or
    # restarted under it): it is started again, at most twice.
    failed = page.locator("[data-mime-type='application/vnd.jupyter.error']")
    deadline = time.time() + 900
    last, since, reruns = None, time.time(), 0
    while time.time() < deadline:
        texts = [t.strip() for t in prompts.all_text_contents()]
        if texts and all(re.fullmatch(r"\[\d+\]:", t) for t in texts):
            break
        if failed.count():
            pytest.fail(f"a cell failed: {failed.first.inner_text()[:2000]}")
        if page.get_by_text("Kernel status: Dead").count():
            pytest.fail(f"the kernel died; the server's log ends:\n{_tail(log)}")
        idle = all(v == "idle" for v in _kernels(lab).values())
        if texts != last or not idle:
            last, since = texts, time.time()
        elif time.time() - since > 60 and reruns < 2:
            reruns += 1
            run_all()
            last, since = None, time.time()
        time.sleep(2)
    else:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "jupyterlab-timeout.png"))
        waiting = [t for t in prompts.all_text_contents()
                   if not re.fullmatch(r"\[\d+\]:", t.strip())]
        pytest.fail(f"{name} did not finish running in 15 minutes ({reruns} reruns); "
                    f"cells still showing {waiting[:5]}; dialogs seen: {dialogs}; "
                    f"the server's log ends:\n{_tail(log)}")

    return page, errors



def _plays(player, image):
    """Press the player's play button: the board must change within 10 s."""
    before = image.get_attribute("src")
    player.locator("button").first.click()          # play
    for _ in range(50):
        if image.get_attribute("src") != before:
            break
        time.sleep(0.2)
    assert image.get_attribute("src") != before, "pressing play did not change the board"

def test_stepper_plays_in_jupyterlab(lab):
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        browser = launch(pw)
        try:
            page, errors = _run_notebook(browser, lab, CHAPTER)
            player = page.locator(".widget-play").first
            player.scroll_into_view_if_needed()
            box = page.locator(".widget-vbox").filter(has=player).first
            image = box.locator(".widget-image").first
            image.wait_for(timeout=60_000)
            assert image.evaluate("e => e.complete && e.naturalWidth > 0"), "no board drawn"
            width = image.evaluate("e => e.getBoundingClientRect().width")
            assert 100 <= width <= 700, f"the board is shown {width:.0f} px wide"
            natural = image.evaluate("e => e.naturalWidth")
            assert natural >= width, f"a {natural} px picture stretched to {width:.0f} px"
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            box.screenshot(path=str(ARTIFACTS / "jupyterlab-stepper.png"))
            _plays(player, image)
            assert not errors, errors
        finally:
            browser.close()


def test_a_board_id_or_url_steps_in_jupyterlab(lab):
    """The explorer takes a bank board id and steps through it; a bad URL
    gets a one-line message, never a traceback."""
    from playwright.sync_api import sync_playwright

    from puzzlekit.core import banks
    with sync_playwright() as pw:
        browser = launch(pw)
        try:
            page, errors = _run_notebook(browser, lab, EXPLORE)
            text = page.locator(".widget-text input").first
            text.wait_for(timeout=60_000)
            button = page.locator("button", has_text="step through").first
            text.fill("https://puzz.link/p?kojun/nonsense")
            button.click()
            message = page.locator(".pk-error").first
            message.wait_for(timeout=60_000)
            said = message.inner_text().strip()
            assert said and "\n" not in said, said
            assert not page.locator("[data-mime-type='application/vnd.jupyter.error']").count()
            assert "Traceback" not in page.locator(".jp-OutputArea").first.inner_text()
            text.fill(next(e["id"] for e in banks.load("kojun")     # a board with steps
                           if e["size"] == [6, 6] and e["grade"] != "neigh"))
            button.click()
            player = page.locator(".widget-play").first
            player.wait_for(timeout=180_000)
            image = page.locator(".widget-image").first
            image.wait_for(timeout=60_000)
            assert image.evaluate("e => e.complete && e.naturalWidth > 0"), "no board drawn"
            assert page.locator(".pk-error").count() == 0, "the old message stayed"
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            page.locator(".jp-OutputArea").first.screenshot(
                path=str(ARTIFACTS / "jupyterlab-explore.png"))
            _plays(player, image)
            assert not errors, errors
        finally:
            browser.close()
