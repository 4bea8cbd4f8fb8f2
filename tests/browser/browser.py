"""What the browser tests share: Chromium through Playwright with the network
cut off, the book built at smoke scale, and the checks a page must pass. Each
check takes an open page (or what was read from it) and returns the problems
it saw, in words, an empty list when all is well: steppers that step,
leaked figures in tables (``NaN``, ``∞``, ``999.0``, backticks, ``dtype:``),
tables wider than the column without a scroll box, anything past the window's
right edge, stepper frames that change size, and Statue Park's bag.

Chromium is Debian's (``/usr/bin/chromium``, or ``PUZZLEKIT_CHROMIUM``); no
browser is downloaded. Without it the tests skip, unless
``PUZZLEKIT_BROWSER=required`` (what ``.ci/run`` sets), when they fail.
"""
from __future__ import annotations

import base64
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

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
    (aborted: the network is off) or that failed; URLs starting with one of
    ``allow`` (a local server) count as the book's own."""

    def __init__(self, page, allow: tuple[str, ...] = ()):
        self.problems: list[str] = []
        page.on("console", self._console)
        page.on("pageerror", lambda e: self.problems.append(f"script error: {e}"))
        page.on("requestfailed", lambda r: self.problems.append(f"request failed: {r.url[:120]}"))

        def route(r):
            url = r.request.url
            if url.startswith(("file:", "data:", "blob:") + tuple(allow)):
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


#: What a reader should never see in a table or a cell's output: a missing
#: figure printed by pandas or numpy, a sentinel, unrendered markdown, the
#: footer pandas prints under a Series, or the one under a table it cut short.
LEAKS = {
    "NaN": re.compile(r"\bNaN\b|<NA>"),
    "∞": re.compile(r"∞|(?<![\w.])-?inf\b"),
    "999.0": re.compile(r"(?<![\d.,])999\.0+(?!\d)"),
    "a backtick": re.compile(r"`"),
    "dtype:": re.compile(r"\bdtype:"),
    "a table cut short": re.compile(r"\b\d[\d,]* rows × \d[\d,]* columns\b"),
}

_OUTPUTS_JS = """() => {
  const seen = new Set(), out = [];
  const add = (el, what) => {
    if (seen.has(el) || el.closest('.pk-stepper') || el.querySelector('.pk-stepper')) return;
    seen.add(el); out.push([what, el.innerText]);
  };
  document.querySelectorAll('table').forEach((t, i) => {
    const box = t.closest('.cell_output');
    if (box) add(box, 'the output holding table ' + (i + 1)); else add(t, 'table ' + (i + 1));
  });
  document.querySelectorAll('.cell_output').forEach((o, i) => add(o, 'cell output ' + (i + 1)));
  return out;
}"""


def leak_problems(page) -> list[str]:
    """Every table, and every cell output around it or beside it, free of the
    strings in ``LEAKS`` (steppers not counted)."""
    out = []
    for what, text in page.evaluate(_OUTPUTS_JS):
        for name, pattern in LEAKS.items():
            m = pattern.search(text)
            if m:
                a, b = max(0, m.start() - 30), m.end() + 30
                near = " ".join(text[a:b].split())
                out.append(f"{what} shows {name}: …{near}…")
    return out


#: A Python object's default repr, which a glue or a print of the wrong kind
#: of object leaves in the page (``<IPython.core.display.Markdown object>``).
OBJECT_REPR = re.compile(r"<[A-Za-z_][\w.]* object(?: at 0x[0-9a-f]+)?>")


def repr_problems(page) -> list[str]:
    """The page's text, prose included, free of a Python object's repr."""
    text = page.evaluate("() => document.body.innerText")
    return [f"the page shows an object's repr: {m.group(0)}"
            for m in OBJECT_REPR.finditer(text)][:3]


_WIDE_JS = """() => {
  const out = [];
  document.querySelectorAll('table').forEach((t, i) => {
    const col = t.closest('article, .bd-article, main') || document.body;
    const cs = getComputedStyle(col);
    const room = col.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
    const width = t.getBoundingClientRect().width;
    if (width <= room + 1) return;
    for (let el = t.parentElement; el && el !== col.parentElement; el = el.parentElement) {
      const ox = getComputedStyle(el).overflowX;
      if ((ox === 'auto' || ox === 'scroll') && el.getBoundingClientRect().width <= room + 1)
        return;
    }
    const head = (t.querySelector('th, td') || {}).innerText || '';
    out.push([i + 1, Math.round(width), Math.round(room), head.trim().slice(0, 40)]);
  });
  return out;
}"""


def wide_table_problems(page) -> list[str]:
    """Every table wider than the text column sits in a box of the column's
    width that scrolls sideways (``overflow-x: auto`` or ``scroll``)."""
    return [f"table {i} ({head!r}…) is {w} px wide in a {room} px column, with no scroll box"
            for i, w, room, head in page.evaluate(_WIDE_JS)]


_SIDEWAYS_JS = """() => {
  const inner = window.innerWidth, wide = document.documentElement.scrollWidth;
  let far = 0, culprit = '';
  document.querySelectorAll('body *').forEach(e => {
    const r = e.getBoundingClientRect(), right = r.right + window.scrollX;
    if (r.width <= 0 || right <= inner + 1 || right < far) return;
    if (e.checkVisibility && !e.checkVisibility({checkOpacity: true, checkVisibilityCSS: true}))
      return;
    for (let a = e; a && a !== document.body; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.position === 'fixed' || (a !== e && s.overflowX !== 'visible')) return;
    }
    const cls = (e.className || '').toString().trim().split(/\\s+/).slice(0, 2).join('.');
    far = right;
    culprit = e.tagName.toLowerCase() + (cls ? '.' + cls : '') + ' '
      + JSON.stringify((e.innerText || '').trim().slice(0, 50));
  });
  return [wide, inner, Math.round(far), culprit];
}"""


def sideways_problems(page) -> list[str]:
    """Nothing reaches past the window's right edge: the page does not scroll
    sideways, and no element outside a scroll box of its own sticks out (cut
    off, when the page hides its overflow). The message names the element
    reaching furthest right, the innermost one when several reach as far."""
    wide, inner, far, culprit = page.evaluate(_SIDEWAYS_JS)
    out = []
    if wide > inner + 1:
        out.append(f"the page is {wide} px wide in a {inner} px window (widest: {culprit})")
    elif far:
        out.append(f"{culprit} reaches {far} px in a {inner} px window: cut at the right edge")
    return out


_WALK_JS = """async (root, keep) => {
  const sel = root.querySelector('select'), img = root.querySelector('img'),
        rng = root.querySelector('input[type=range]'), out = [];
  for (let i = 0; i < sel.options.length; i++) {
    sel.selectedIndex = i; sel.dispatchEvent(new Event('change'));
    const n = parseInt(rng.max || '0');
    for (let k = 0; k <= n; k++) {
      rng.value = k; rng.dispatchEvent(new Event('input'));
      try { await img.decode(); } catch (e) {}
      const r = img.getBoundingClientRect();
      out.push([sel.options[i].text, k, Math.round(r.width * 10) / 10,
                Math.round(r.height * 10) / 10, keep ? img.src : '']);
    }
  }
  sel.selectedIndex = sel.options.length - 1; sel.dispatchEvent(new Event('change'));
  return out;
}"""


def stepper_frames(page, keep_pictures: bool = False) -> list[list[tuple]]:
    """Every frame of every stepper on the page, shown one by one through its
    level picker and slider: per stepper, ``(level, step, width, height,
    src)`` with the picture's box in CSS pixels (``src``, the frame's data
    URI, only when ``keep_pictures``)."""
    roots = page.locator(".pk-stepper")
    return [[tuple(f) for f in roots.nth(i).evaluate(_WALK_JS, keep_pictures)]
            for i in range(roots.count())]


def frame_size_problems(walks: list[list[tuple]]) -> list[str]:
    """Each stepper keeps one picture size through all its frames and levels."""
    out = []
    for i, frames in enumerate(walks):
        sizes = {(w, h) for _, _, w, h, _ in frames}
        if len(sizes) > 1:
            (w0, h0), (w1, h1) = min(sizes), max(sizes)
            out.append(f"stepper {i + 1}: its board changes size as it steps "
                       f"({len(sizes)} sizes, from {w0:g}×{h0:g} to {w1:g}×{h1:g} px)")
    return out


def colour_share(data_uri: str, colour: str, tol: int = 8) -> float:
    """The share of a PNG data URI's pixels within ``tol`` (per channel, 0–255)
    of ``colour`` (``#rrggbb``)."""
    raw = base64.b64decode(data_uri.split(",", 1)[1])
    px = np.asarray(Image.open(io.BytesIO(raw)).convert("RGB"), dtype=int)
    rgb = np.array([int(colour[k:k + 2], 16) for k in (1, 3, 5)])
    return float((np.abs(px - rgb).max(axis=-1) <= tol).mean())


def bag_problems(walks: list[list[tuple]], colour: str, least: float = 0.002) -> list[str]:
    """Every stepper shows the Statue Park bag: the first frame of each level
    (no piece placed yet) has at least ``least`` of its pixels in the bag's
    colour. Placed pieces may change colour, so later frames are held to the
    first one's size instead (``frame_size_problems``)."""
    out = []
    for i, frames in enumerate(walks):
        starts = [(lv, src) for lv, k, _, _, src in frames if k == 0]
        bare = [lv for lv, src in starts if colour_share(src, colour) < least]
        if bare:
            out.append(f"stepper {i + 1}: the start of {len(bare)} of {len(starts)} levels "
                       f"shows no bag (first: level {bare[0]!r})")
    return out
