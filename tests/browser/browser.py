"""What the browser tests share: Chromium through Playwright with the network
cut off, the book built at smoke scale, and the checks a page must pass.

Chromium is Debian's (``/usr/bin/chromium``, or ``PUZZLEKIT_CHROMIUM``); no
browser is downloaded. Without it the tests skip, unless
``PUZZLEKIT_BROWSER=required`` (what ``.ci/run`` sets), when they fail.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("PUZZLEKIT_ARTIFACTS", ROOT / "_build" / "browser"))
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1"]


def chromium() -> str:
    """The Chromium binary, or skip (fail when the browser is required)."""
    path = os.environ.get("PUZZLEKIT_CHROMIUM") or shutil.which("chromium")
    try:
        import playwright  # noqa: F401
    except ImportError:
        path = None
    if not path:
        msg = "no Chromium/Playwright: install Debian's chromium and the playwright package"
        if os.environ.get("PUZZLEKIT_BROWSER") == "required":
            pytest.fail(msg)
        pytest.skip(msg)
    return path


def launch(pw):
    return pw.chromium.launch(executable_path=chromium(), args=ARGS)


def toc_files() -> list[str]:
    """The book's pages, in _toc.yml order (``book/kojun`` …)."""
    return re.findall(r"(?:root|file):\s*(\S+)", (ROOT / "_toc.yml").read_text())


def build_book() -> Path:
    """The HTML book: ``PUZZLEKIT_BOOK_HTML`` if set (a built ``_build/html``),
    else a fresh build at smoke scale into a temporary folder; Sphinx warnings
    fail it."""
    given = os.environ.get("PUZZLEKIT_BOOK_HTML")
    if given:
        return Path(given)
    out = Path(tempfile.mkdtemp(prefix="pk-book-"))
    env = dict(os.environ, PUZZLEKIT_SCALE="smoke", PUZZLEKIT_PROGRESS="0")
    exe = Path(sys.executable).with_name("jupyter-book")
    r = subprocess.run([str(exe), "build", str(ROOT), "--path-output", str(out), "-W",
                        "--keep-going"], env=env, capture_output=True, text=True, timeout=3600)
    if r.returncode != 0:
        tail = "\n".join((r.stdout + r.stderr).splitlines()[-40:])
        pytest.fail(f"the book did not build (exit {r.returncode}):\n{tail}")
    return out / "_build" / "html"


def executed_outputs(html_root: Path, doc: str) -> dict:
    """Tables and pictures the executed notebook of ``doc`` shows (from the
    copy myst-nb keeps beside the HTML), steppers not counted."""
    nb = html_root.parent / "jupyter_execute" / f"{doc}.ipynb"
    tables = images = 0
    if nb.exists():
        for cell in json.loads(nb.read_text())["cells"]:
            for o in cell.get("outputs", []):
                d = o.get("data", {})
                html = "".join(d.get("text/html", ""))
                if "<table" in html and "pk-stepper" not in html:
                    tables += 1
                if "image/png" in d or "image/svg+xml" in d:
                    images += 1
    return {"tables": tables, "images": images, "found": nb.exists()}


class Watch:
    """Console errors, page errors and requests a page made outside the book
    (aborted: the network is off) or that failed."""

    def __init__(self, page):
        self.problems: list[str] = []
        page.on("console", self._console)
        page.on("pageerror", lambda e: self.problems.append(f"script error: {e}"))
        page.on("requestfailed", lambda r: self.problems.append(f"request failed: {r.url[:120]}"))

        def route(r):
            url = r.request.url
            if url.startswith(("file:", "data:", "blob:")):
                r.continue_()
            else:
                self.problems.append(f"remote request: {url[:120]}")
                r.abort()
        page.route("**/*", route)

    def _console(self, message):
        """A console message, kept when it is an error."""
        if message.type == "error":
            self.problems.append(f"console: {message.text}")


def stepper_problems(page, shots: Path | None = None, name: str = "page") -> list[str]:
    """Drive every static stepper on the page: a board is drawn, the next
    frame changes the picture and the caption, and the level picker switches
    levels. Returns what went wrong (empty: all fine); saves a screenshot of
    each stepper when ``shots`` is given."""
    out = []
    roots = page.locator(".pk-stepper")
    for i in range(roots.count()):
        root = roots.nth(i)
        root.scroll_into_view_if_needed()
        img, cap = root.locator("img"), root.locator(".pk-cap")
        rng = root.locator("input[type=range]")
        btn = root.locator("button")
        tag = f"stepper {i + 1}"
        if not img.evaluate("e => e.complete && e.naturalWidth > 0"):
            out.append(f"{tag}: no board drawn")
            continue
        width = img.evaluate("e => e.getBoundingClientRect().width")
        if not 100 <= width <= 700:
            out.append(f"{tag}: board shown {width:.0f} px wide")
        if shots is not None:
            shots.mkdir(parents=True, exist_ok=True)
            root.screenshot(path=str(shots / f"{name}-stepper{i + 1}.png"))
        options = root.locator("select option").all_inner_texts()
        moved = False
        for k in reversed(range(len(options))):   # the top level first
            root.locator("select").select_option(index=k)
            if int(rng.get_attribute("max") or 0) < 1:
                continue
            if options[k] not in cap.inner_text():
                out.append(f"{tag}: level {options[k]!r} picked, caption says {cap.inner_text()!r}")
            src, text = img.get_attribute("src"), cap.inner_text()
            btn.nth(3).click()
            if img.get_attribute("src") == src or cap.inner_text() == text:
                out.append(f"{tag}: the next step did not change the board and its caption")
            moved = True
            break
        if not moved:
            out.append(f"{tag}: no level has a step to take")
        if len(options) > 1:
            before = cap.inner_text()
            root.locator("select").select_option(index=0)
            if cap.inner_text() == before or options[0] not in cap.inner_text():
                out.append(f"{tag}: the level picker did not switch to {options[0]!r}")
    return out
