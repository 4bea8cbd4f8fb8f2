"""The rung stepper: walk a fixpoint one bit-removing rung application at a time.

``show(spec, puzzle)`` returns one display bundle with two views of the same
precomputed frames:

* ``text/html``: a self-contained HTML/JavaScript player (level picker, step
  buttons, play, slider; frames are inline PNGs) that works in the static book
  opened from disk, with no kernel and no network;
* ``application/vnd.jupyter.widget-view+json``: an ipywidgets player for a
  live JupyterLab session (which prefers it).

The book's ``_config.yml`` ranks ``text/html`` above the widget view, so the
static page shows the JavaScript player.

Every frame of a stepper has one pixel size: the board is drawn on axes that
fill a figure sized from the board's own box (margins, clues outside the grid
and Statue Park's bag included), at :data:`CELL_INCHES` per cell, so that the
small candidate digits (:data:`~puzzlekit.viz.board.SMALL` points) show at
about 11 CSS pixels.  Beside the board, a legend names every symbol the
genre's ``draw`` module lists in its ``LEGEND`` and the rungs of the levels
offered.  :func:`explore` is the live version: a text box that takes a
puzz.link URL or a bank board id and steps through that board.
"""
from __future__ import annotations

import base64
import html
import importlib
import io
import json
import sys
import uuid
from dataclasses import dataclass

import numpy as np
from matplotlib.figure import Figure

from ..core.genre import display_name

__all__ = ["Frame", "frames", "render_html", "legend_html", "Stepper", "show", "explore",
           "offered_levels", "read_board", "DISPLAY_DPI", "CELL_INCHES"]


@dataclass(frozen=True)
class Frame:
    """One picture of the stepper: the state after some rung applications."""

    png: str          # base64 PNG
    caption: str
    rung: str | None  # rung whose removals are highlighted (None: the start)
    width: int = 0    # display width in CSS pixels (0: the PNG's own width)


#: CSS pixels per inch of figure a frame is shown at; frames are rendered at a
#: higher ``dpi`` and shown scaled down, so they stay sharp on dense screens.
DISPLAY_DPI = 90

#: Inches per cell: the board's longer side (its box, margins included) is
#: drawn about :data:`BOARD_INCHES` long, but a cell never less than the
#: first value (room for two rows of small digits) nor more than the second.
CELL_INCHES = (0.42, 0.62)
BOARD_INCHES = 3.7


def _draw_module(spec):
    """The module that holds ``spec.draw_state`` (its ``LEGEND`` lives there)."""
    mod = getattr(spec.draw_state, "__module__", None)
    return sys.modules.get(mod) or (importlib.import_module(mod) if mod else None)


def _shape(puzzle):
    for attr in ("shape", "size"):
        v = getattr(puzzle, attr, None)
        if v is not None and not callable(v) and len(v) == 2:
            return int(v[0]), int(v[1])
    return int(puzzle.h), int(puzzle.w)


@dataclass(frozen=True)
class _Canvas:
    """The one figure size and axes box every frame of a stepper is drawn in."""

    xlim: tuple
    ylim: tuple
    figsize: tuple

    @classmethod
    def measure(cls, spec, puzzle, state, size: float | None = None) -> "_Canvas":
        """Draw ``state`` once to read the box the genre draws in (its axes
        limits), then size the figure to it at a cell size from
        :data:`CELL_INCHES` (``size``: the longer side in inches instead)."""
        fig = Figure()
        ax = fig.add_axes((0, 0, 1, 1))
        spec.draw_state(puzzle, state, ax, new=None, colour=None)
        xlim, ylim = ax.get_xlim(), ax.get_ylim()
        wx, wy = abs(xlim[1] - xlim[0]), abs(ylim[1] - ylim[0])
        lo, hi = CELL_INCHES
        cell = (size or BOARD_INCHES) / max(wx, wy)
        if size is None:
            cell = min(hi, max(lo, cell))
        return cls(tuple(xlim), tuple(ylim), (wx * cell, wy * cell))

    def png(self, spec, puzzle, state, new, colour, dpi) -> tuple[str, int]:
        """A frame as (base64 PNG, display width in CSS pixels). Boards use
        few colours, so the PNG is quantised to a 64-colour palette (a third
        of the bytes of the RGBA image at the same resolution)."""
        from PIL import Image
        fig = Figure(figsize=self.figsize)
        ax = fig.add_axes((0, 0, 1, 1))
        spec.draw_state(puzzle, state, ax, new=new, colour=colour)
        ax.set_xlim(*self.xlim)
        ax.set_ylim(*self.ylim)
        ax.set_position((0, 0, 1, 1))
        buf = io.BytesIO()
        fig.savefig(buf, format="png", dpi=dpi)
        img = Image.open(io.BytesIO(buf.getvalue())).convert("RGB")
        out = io.BytesIO()
        img.quantize(64, method=Image.Quantize.MEDIANCUT).save(out, "PNG", optimize=True)
        return (base64.b64encode(out.getvalue()).decode("ascii"),
                round(img.width * DISPLAY_DPI / dpi))


def _plural(k: int, word: str) -> str:
    """``k`` and ``word`` (a plural noun phrase: "cells", "cells and edges")
    agreeing in number.

    >>> _plural(1, "cells and edges"), _plural(3, "candidates"), _plural(1, "white cells")
    ('1 cell or edge', '3 candidates', '1 white cell')
    """
    if k != 1:
        return f"{k:,} {word}"
    words = [w[:-1] if w.endswith("s") else ("or" if w == "and" else w) for w in word.split()]
    return f"1 {' '.join(words)}"


def _open(state) -> int:
    """Variables still undecided (more than one live value)."""
    return int((state.live_counts() > 1).sum())


def _trace(spec, puzzle, level, without=()):
    """The start state and the traced fixpoint at ``level``."""
    start = spec.initial_state(puzzle)
    return start, spec.ladder.fixpoint(start.copy(), spec.ladder.level(level), without, trace=True)


def frames(spec, puzzle, level=None, without=(), max_frames: int = 40, dpi: int = 144,
           size: float | None = None, canvas: _Canvas | None = None, traced=None) -> list[Frame]:
    """Frames of the fixpoint at ``level``: the start, then one frame per
    bit-removing rung application (consecutive applications are merged into
    one frame when there are more than ``max_frames``).  Every frame has the
    pixel size of ``canvas`` (measured on the start when not given)."""
    ladder = spec.ladder
    lvl = ladder.level(level)
    start, res = traced or _trace(spec, puzzle, lvl, without)
    unit = spec.variables
    steps = list(res.steps)
    groups = [[s] for s in steps]
    if len(groups) > max_frames - 1 > 0:
        cuts = np.array_split(np.arange(len(steps)), max_frames - 1)
        groups = [[steps[i] for i in cut] for cut in cuts if len(cut)]
    state = start.copy()
    canvas = canvas or _Canvas.measure(spec, puzzle, state, size)
    png, width = canvas.png(spec, puzzle, state, None, None, dpi)
    out = [Frame(png, f"Level {ladder.names[lvl]}, start: {_plural(_open(state), unit)} open, "
                      f"{_plural(int(state.bits.sum()), 'candidates')} in all.", None, width)]
    done = 0
    for g in groups:
        new = np.zeros_like(state.bits)
        for s in g:
            new[s.removed] = True
        state.bits[new] = False
        done += len(g)
        names = sorted({s.name for s in g}, key=ladder.names.index)
        rung = g[-1].name
        what = " + ".join(names)
        step = f"step {done}" if len(g) == 1 else f"steps {done - len(g) + 1}–{done}"
        cap = (f"{step} of {len(steps)}: {what} removed {_plural(int(new.sum()), 'candidates')}; "
               f"{_plural(_open(state), unit)} still open.")
        png, width = canvas.png(spec, puzzle, state, new, ladder.colours[rung], dpi)
        out.append(Frame(png, cap[0].upper() + cap[1:], rung, width))
    stall = ("only search can finish it" if lvl == len(ladder) - 1
             else f"level {ladder.names[lvl]} needs a higher rung or search")
    end = {"solved": "solved", "stable": f"stalled: {stall}",
           "contradiction": "contradiction (the board has no answer)"}[res.status]
    last = out[-1]
    out[-1] = Frame(last.png, f"{last.caption} — fixpoint {end}.", last.rung, last.width)
    return out


def offered_levels(spec, puzzle, without=(), traces: dict | None = None) -> list[str]:
    """The levels worth stepping through on ``puzzle``: those whose fixpoint
    takes at least two steps, less any whose steps repeat a lower offered
    level's exactly.  When none takes two steps, the top level alone."""
    lad = spec.ladder
    traces = {} if traces is None else traces
    seen, out = set(), []
    for name in lad.names:
        traces[name] = tr = _trace(spec, puzzle, name, without)
        steps = tr[1].steps
        key = tuple((s.name, np.asarray(s.removed).tobytes()) for s in steps)
        if len(steps) >= 2 and key not in seen:
            out.append(name)
        seen.add(key)
    return out or [lad.names[-1]]


_SWATCH = {
    "tint": "<rect x='1' y='1' width='14' height='14' fill='{c}' stroke='#bbb'/>",
    "outline": "<rect x='2' y='2' width='12' height='12' fill='{c}' fill-opacity='.3' "
               "stroke='{c}' stroke-width='2'/>",
    "box": "<rect x='1.5' y='3' width='13' height='10' rx='3' fill='none' stroke='{c}' "
           "stroke-width='1.5'/>",
    "dot": "<circle cx='8' cy='8' r='2.5' fill='{c}'/>",
    "disc": "<circle cx='8' cy='8' r='6' fill='{c}'/>",
    "ring": "<circle cx='8' cy='8' r='6' fill='white' stroke='{c}' stroke-width='1.5'/>",
    "cross": "<path d='M4 4L12 12M4 12L12 4' stroke='{c}' stroke-width='1.5'/>",
    "line": "<path d='M1 8H15' stroke='{c}' stroke-width='4' stroke-linecap='round'/>",
    "thin": "<path d='M1 8H15' stroke='{c}' stroke-width='1.2'/>",
    "dash": "<path d='M0 8H16' stroke='{c}' stroke-width='1.5' stroke-dasharray='3 2'/>",
    "wall": "<path d='M8 0V16' stroke='{c}' stroke-width='3'/><path d='M0 8H16' "
            "stroke='#bbb' stroke-width='.8'/>",
    "arrow": "<path d='M2 8H11' stroke='{c}' stroke-width='1.5'/><path d='M10 4L15 8L10 12Z' "
             "fill='{c}'/>",
}


def _swatch(kind: str, colour: str | None) -> str:
    """A 16-pixel inline SVG of one legend symbol: a kind of :data:`_SWATCH`,
    or ``text:G`` (the glyph G in ``colour``), ``struck:G`` (G crossed out),
    ``bold:G``."""
    c = html.escape(colour or "#555555", quote=True)
    style = "vertical-align:middle;flex:none"
    kind, _, glyph = kind.partition(":")
    if kind in ("text", "struck", "bold"):
        g = html.escape(glyph)
        wid = max(16, 7 * len(glyph) + 4)
        weight = " font-weight='bold'" if kind == "bold" else ""
        body = (f"<text x='{wid / 2}' y='12.5' font-size='12' text-anchor='middle' fill='{c}' "
                f"font-family='sans-serif'{weight}>{g}</text>")
        if kind == "struck":
            body += f"<path d='M2 13L{wid - 2} 3' stroke='{c}' stroke-width='1.4'/>"
        return f"<svg width='{wid}' height='16' style='{style}'>{body}</svg>"
    return (f"<svg width='16' height='16' style='{style}'>"
            f"{_SWATCH.get(kind, _SWATCH['tint']).format(c=c)}</svg>")


def legend_html(symbols, colours: dict) -> str:
    """One legend: each genre symbol ``(kind, colour, text)`` (see
    :func:`_swatch`; colour None: the rung's colour), then the rungs of
    ``colours`` ({rung: colour}); the same markup in the static player and the
    live widget."""
    item = ("<span style='display:inline-flex;align-items:center;gap:4px;margin:0 10px 2px 0;"
            "white-space:nowrap'>{}<span>{}</span></span>")
    symbols = [*symbols,
               ("outline", "#777777", "what this step changed, outlined in its rung's colour")]
    parts = [item.format(_swatch(k, c), html.escape(t)) for k, c, t in symbols]
    rungs = "".join(item.format(_swatch("outline", c), html.escape(n)) for n, c in colours.items())
    return ("<div class='pk-legend' style='margin:4px 0;line-height:1.5;display:flex;"
            f"flex-wrap:wrap'>{''.join(parts)}</div>"
            "<div class='pk-legend' style='margin:0 0 4px;display:flex;flex-wrap:wrap;"
            f"align-items:center'><span style='margin-right:8px'>rungs:</span>{rungs}</div>")


_JS = """
(function(){
  var root = document.getElementById(%(uid)s);
  var data = JSON.parse(root.querySelector('script[type="application/json"]').textContent);
  var sel = root.querySelector('select'), img = root.querySelector('img'),
      cap = root.querySelector('.pk-cap'), rng = root.querySelector('input'),
      btn = root.querySelectorAll('button'), timer = null, lv = data.levels.length - 1, k = 0;
  function cur(){ return data.frames[data.levels[lv]]; }
  function draw(){
    var f = cur(); k = Math.max(0, Math.min(k, f.length - 1));
    img.src = 'data:image/png;base64,' + f[k].png;
    if (f[k].width) { img.style.width = f[k].width + 'px'; }
    cap.textContent = f[k].caption; rng.max = f.length - 1; rng.value = k;
    cap.style.borderLeft = '6px solid ' + (f[k].colour || '#bbb');
  }
  function stop(){ if (timer) { clearInterval(timer); timer = null; btn[2].textContent = 'play'; } }
  sel.onchange = function(){ stop(); lv = sel.selectedIndex; k = 0; draw(); };
  btn[0].onclick = function(){ stop(); k = 0; draw(); };
  btn[1].onclick = function(){ stop(); k -= 1; draw(); };
  btn[2].onclick = function(){
    if (timer) { stop(); return; }
    btn[2].textContent = 'pause';
    timer = setInterval(function(){
      if (k >= cur().length - 1) { stop(); return; }
      k += 1; draw();
    }, 700);
  };
  btn[3].onclick = function(){ stop(); k += 1; draw(); };
  btn[4].onclick = function(){ stop(); k = cur().length - 1; draw(); };
  rng.oninput = function(){ stop(); k = parseInt(rng.value); draw(); };
  sel.selectedIndex = lv; draw();
})();
"""


def render_html(frames_by_level: dict, colours: dict, title: str = "", symbols=()) -> str:
    """The self-contained HTML/JS player for ``{level name: [Frame, ...]}``;
    ``colours`` are the rungs the legend names, ``symbols`` the genre's
    ``LEGEND``."""
    uid = "pk-stepper-" + uuid.uuid4().hex[:10]
    levels = list(frames_by_level)
    data = {"levels": levels,
            "frames": {lv: [{"png": f.png, "caption": f.caption, "width": f.width,
                             "colour": colours.get(f.rung) if f.rung else None}
                            for f in fs] for lv, fs in frames_by_level.items()}}
    opts = "".join(f"<option>{html.escape(lv)}</option>" for lv in levels)
    payload = json.dumps(data).replace("</", "<\\/")
    width = max((f.width for fs in frames_by_level.values() for f in fs), default=0)
    size = f"width:{width}px;" if width else ""
    return (f"<div id='{uid}' class='pk-stepper' style='font-family:sans-serif;font-size:13px;"
            "max-width:100%;box-sizing:border-box'>"
            "<div style='display:flex;flex-wrap:wrap;align-items:center;gap:4px 6px'>"
            f"<b>{html.escape(title)}</b><label>level <select>{opts}</select></label>"
            "<span style='white-space:nowrap'><button>|&lt;</button><button>&lt;</button>"
            "<button>play</button><button>&gt;</button><button>&gt;|</button></span>"
            "<input type='range' min='0' value='0' style='flex:1 1 120px;min-width:100px;"
            "max-width:320px'></div>"
            f"{legend_html(symbols, colours)}"
            f"<img alt='the board after the step named below' style='{size}max-width:100%;"
            "height:auto;display:block'>"
            "<div class='pk-cap' style='padding-left:6px;min-height:3.2em;margin-top:4px;"
            f"max-width:{max(width, 320)}px'></div>"
            f"<script type='application/json'>{payload}</script>"
            f"<script>{_JS % {'uid': json.dumps(uid)}}</script></div>")


class Stepper:
    """A display bundle holding the static player and the live widget."""

    def __init__(self, frames_by_level: dict, colours: dict, title: str = "", symbols=()):
        self.frames_by_level = frames_by_level
        self.colours = colours
        self.title = title
        self.symbols = list(symbols)

    @property
    def n_frames(self) -> dict:
        """Frames per level offered."""
        return {lv: len(fs) for lv, fs in self.frames_by_level.items()}

    def _repr_html_(self):
        return render_html(self.frames_by_level, self.colours, self.title, self.symbols)

    def widget(self):
        """The ipywidgets player over the same frames."""
        import ipywidgets as W
        levels = list(self.frames_by_level)
        pick = W.Dropdown(options=levels, value=levels[-1], description="level",
                          layout=W.Layout(width="auto"))
        play = W.Play(interval=700, min=0, max=len(self.frames_by_level[levels[-1]]) - 1)
        slider = W.IntSlider(min=0, max=play.max, description="step")
        W.jslink((play, "value"), (slider, "value"))
        first = self.frames_by_level[levels[-1]][0]
        image = W.Image(format="png", layout=W.Layout(
            width=f"{first.width}px" if first.width else "auto", max_width="100%",
            height="auto", object_fit="contain"))
        caption = W.HTML(layout=W.Layout(min_height="3.2em"))

        def redraw(*_):
            fs = self.frames_by_level[pick.value]
            k = min(slider.value, len(fs) - 1)
            image.value = base64.b64decode(fs[k].png)
            c = self.colours.get(fs[k].rung, "#bbb") if fs[k].rung else "#bbb"
            caption.value = (f"<div style='border-left:6px solid {c};padding-left:6px'>"
                             f"{html.escape(fs[k].caption)}</div>")

        def relevel(*_):
            n = len(self.frames_by_level[pick.value])
            slider.value = 0
            play.max = slider.max = n - 1
            redraw()

        pick.observe(relevel, "value")
        slider.observe(redraw, "value")
        redraw()
        head = W.HBox([W.HTML(f"<b>{html.escape(self.title)}</b>"), pick, play, slider],
                      layout=W.Layout(flex_flow="row wrap", align_items="center"))
        return W.VBox([head, W.HTML(legend_html(self.symbols, self.colours)), image, caption])

    def _repr_mimebundle_(self, include=None, exclude=None):
        bundle = {"text/plain": f"<rung stepper: {self.n_frames}>",
                  "text/html": self._repr_html_()}
        try:
            wb = self.widget()._repr_mimebundle_()
            if isinstance(wb, tuple):
                wb = wb[0]
            if wb and "application/vnd.jupyter.widget-view+json" in wb:
                bundle["application/vnd.jupyter.widget-view+json"] = \
                    wb["application/vnd.jupyter.widget-view+json"]
        except Exception:  # no widget machinery (plain Python): the HTML view stands
            pass
        return bundle


def show(spec, puzzle, levels=None, without=(), max_frames: int = 40, dpi: int = 144,
         size: float | None = None) -> Stepper:
    """A stepper over ``levels``.

    Parameters
    ----------
    spec : GenreSpec
        Supplies the ladder, the initial state and ``draw_state``; its draw
        module's ``LEGEND`` (where it has one) names the symbols.
    puzzle : the genre's Puzzle
    levels : list of str or int, optional
        Default: :func:`offered_levels` (each level with two steps or more
        on this board, none repeating a lower one).
    without : rungs to leave out (ablation view)
    max_frames : frames per level (consecutive steps merge beyond it)
    dpi : resolution frames are rendered at (shown at ``DISPLAY_DPI``)
    size : inches of the board's longer side (default: from ``CELL_INCHES``)
    """
    lad = spec.ladder
    traces: dict = {}
    if levels is None:
        levels = offered_levels(spec, puzzle, without, traces)
    else:
        levels = [lad.names[lad.level(x)] for x in levels]
    canvas = _Canvas.measure(spec, puzzle, spec.initial_state(puzzle), size)
    fbl = {lv: frames(spec, puzzle, lv, without, max_frames, dpi, size, canvas, traces.get(lv))
           for lv in levels}
    top = max(lad.level(lv) for lv in levels)
    colours = {n: lad.colours[n] for n in lad.names[:top + 1] if n not in set(without)}
    symbols = list(getattr(_draw_module(spec), "LEGEND", ()))
    return Stepper(fbl, colours, title=f"{display_name(spec.name)}: step through the ladder",
                   symbols=symbols)


def read_board(spec, text: str):
    """The puzzle a reader typed: a bank board id (``"creek-6x6-20"``) or a
    puzz.link URL; raises :class:`~puzzlekit.core.referee.InputError` with
    one line saying what is wrong."""
    from ..core import banks
    from ..core.referee import InputError
    text = text.strip()
    if not text:
        raise InputError("type a puzz.link URL or a bank board id")
    for entry in banks.load(spec.name):
        if entry.get("id") == text:
            return spec.Puzzle.from_json(entry["clues"])
    if "://" not in text and "?" not in text:
        raise InputError(f"no board {text!r} in the {display_name(spec.name)} bank "
                         f"(ids look like {banks.load(spec.name)[0]['id']!r})")
    if spec.url_decode is None:
        raise InputError(f"{display_name(spec.name)} reads no puzz.link URLs: {spec.url_note}")
    return spec.url_decode(text)


def explore(spec, value: str = "", **options):
    """A live stepper over any board: a text box for a puzz.link URL or a
    bank board id, a button, and the player (or a one-line message saying
    what is wrong with the input).  ``options`` go to :func:`show`.
    Returns an ipywidgets ``VBox``."""
    import ipywidgets as W
    text = W.Text(value=value, placeholder="puzz.link URL or bank board id",
                  layout=W.Layout(flex="1 1 260px", min_width="200px"))
    go = W.Button(description="step through", button_style="primary")
    message = W.HTML()
    player = W.VBox()

    def load(*_):
        try:
            st = show(spec, read_board(spec, text.value), **options)
        except Exception as e:          # every failure is one line, never a traceback
            said = str(e).strip().splitlines()
            message.value = (f"<span class='pk-error' style='color:#b00020'>"
                             f"{html.escape(said[0] if said else type(e).__name__)}</span>")
            player.children = ()
            return
        message.value = ""
        player.children = (st.widget(),)

    go.on_click(load)
    if value:
        load()
    return W.VBox([W.HBox([text, go], layout=W.Layout(flex_flow="row wrap")), message, player],
                  layout=W.Layout(max_width="100%"))
