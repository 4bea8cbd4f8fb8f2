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
"""
from __future__ import annotations

import base64
import html
import io
import json
import uuid
from dataclasses import dataclass

import numpy as np
from matplotlib.figure import Figure

__all__ = ["Frame", "frames", "render_html", "Stepper", "show"]


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


def _png(spec, puzzle, state, new, colour, dpi, size) -> tuple[str, int]:
    """A frame as (base64 PNG, display width in CSS pixels). Boards use few
    colours, so the PNG is quantised to a 64-colour palette (a third of the
    bytes of the RGBA image at the same resolution)."""
    from PIL import Image
    h, w = _shape(puzzle)
    fig = Figure(figsize=(size * w / max(h, w) + 0.6, size * h / max(h, w) + 0.6))
    ax = fig.add_subplot()
    spec.draw_state(puzzle, state, ax, new=new, colour=colour)
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi, bbox_inches="tight")
    img = Image.open(io.BytesIO(buf.getvalue())).convert("RGB")
    out = io.BytesIO()
    img.quantize(64, method=Image.Quantize.MEDIANCUT).save(out, "PNG", optimize=True)
    return base64.b64encode(out.getvalue()).decode("ascii"), round(img.width * DISPLAY_DPI / dpi)


def _shape(puzzle):
    for attr in ("shape", "size"):
        v = getattr(puzzle, attr, None)
        if v is not None and not callable(v) and len(v) == 2:
            return int(v[0]), int(v[1])
    return int(puzzle.h), int(puzzle.w)


def _counters(c: dict, k: int = 4) -> str:
    items = sorted(c.items(), key=lambda kv: -kv[1])[:k]
    return ", ".join(f"{name} {val:,}" for name, val in items)


def frames(spec, puzzle, level=None, without=(), max_frames: int = 40, dpi: int = 144,
           size: float = 4.2) -> list[Frame]:
    """Frames of the fixpoint at ``level``: the start, then one frame per
    bit-removing rung application (consecutive applications are merged into
    one frame when there are more than ``max_frames``)."""
    ladder = spec.ladder
    lvl = ladder.level(level)
    start = spec.initial_state(puzzle)
    res = ladder.fixpoint(start.copy(), lvl, without, trace=True)
    steps = list(res.steps)
    groups = [[s] for s in steps]
    if len(groups) > max_frames - 1 > 0:
        cuts = np.array_split(np.arange(len(steps)), max_frames - 1)
        groups = [[steps[i] for i in cut] for cut in cuts if len(cut)]
    state = start.copy()
    png, width = _png(spec, puzzle, state, None, None, dpi, size)
    out = [Frame(png, f"start: {int(state.bits.sum()):,} live bits; level {ladder.names[lvl]}",
                 None, width)]
    done = 0
    for g in groups:
        new = np.zeros_like(state.bits)
        for s in g:
            new[s.removed] = True
        state.bits[new] = False
        done += len(g)
        names = sorted({s.name for s in g}, key=ladder.names.index)
        rung = g[-1].name
        colour = ladder.colours[rung]
        what = names[0] if len(names) == 1 else " + ".join(names)
        cap = (f"step {done} of {len(steps)}: {what} removed {int(new.sum()):,} bits; "
               f"{int(state.bits.sum()):,} live. Work so far: {_counters(g[-1].counters)}")
        png, width = _png(spec, puzzle, state, new, colour, dpi, size)
        out.append(Frame(png, cap, rung, width))
    end = {"solved": "solved", "stable": "stalled (needs a higher rung or search)",
           "contradiction": "contradiction"}[res.status]
    last = out[-1]
    out[-1] = Frame(last.png, last.caption + f" — fixpoint {end}.", last.rung, last.width)
    return out


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


def render_html(frames_by_level: dict, colours: dict, title: str = "") -> str:
    """The self-contained HTML/JS player for ``{level name: [Frame, ...]}``."""
    uid = "pk-stepper-" + uuid.uuid4().hex[:10]
    levels = list(frames_by_level)
    data = {"levels": levels,
            "frames": {lv: [{"png": f.png, "caption": f.caption, "width": f.width,
                             "colour": colours.get(f.rung) if f.rung else None}
                            for f in fs] for lv, fs in frames_by_level.items()}}
    opts = "".join(f"<option>{html.escape(lv)}</option>" for lv in levels)
    legend = " ".join(f"<span style='border-left:10px solid {c};padding-left:4px;margin-right:8px'>"
                      f"{html.escape(n)}</span>" for n, c in colours.items())
    payload = json.dumps(data).replace("</", "<\\/")
    return (f"<div id='{uid}' class='pk-stepper' style='font-family:sans-serif;font-size:13px'>"
            f"<div><b>{html.escape(title)}</b> level <select>{opts}</select> "
            "<button>|&lt;</button><button>&lt;</button><button>play</button>"
            "<button>&gt;</button><button>&gt;|</button> "
            "<input type='range' min='0' value='0' style='width:40%;vertical-align:middle'></div>"
            f"<div style='margin:4px 0'>{legend}</div>"
            "<img style='max-width:100%;display:block'>"
            "<div class='pk-cap' style='padding-left:6px;min-height:2.6em'></div>"
            f"<script type='application/json'>{payload}</script>"
            f"<script>{_JS % {'uid': json.dumps(uid)}}</script></div>")


class Stepper:
    """A display bundle holding the static player and the live widget."""

    def __init__(self, frames_by_level: dict, colours: dict, title: str = ""):
        self.frames_by_level = frames_by_level
        self.colours = colours
        self.title = title

    @property
    def n_frames(self) -> dict:
        return {lv: len(fs) for lv, fs in self.frames_by_level.items()}

    def _repr_html_(self):
        return render_html(self.frames_by_level, self.colours, self.title)

    def widget(self):
        """The ipywidgets player over the same frames."""
        import ipywidgets as W
        levels = list(self.frames_by_level)
        pick = W.Dropdown(options=levels, value=levels[-1], description="level")
        play = W.Play(interval=700, min=0, max=len(self.frames_by_level[levels[-1]]) - 1)
        slider = W.IntSlider(min=0, max=play.max, description="step")
        W.jslink((play, "value"), (slider, "value"))
        first = self.frames_by_level[levels[-1]][0]
        image = W.Image(format="png", layout=W.Layout(
            width=f"{first.width}px" if first.width else "auto", max_width="100%",
            height="auto", object_fit="contain"))
        caption = W.HTML()

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
        return W.VBox([W.HBox([pick, play, slider]), image, caption])

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
         size: float = 4.2) -> Stepper:
    """A stepper over ``levels`` (default: every level of the ladder).

    Parameters
    ----------
    spec : GenreSpec
        Supplies the ladder, the initial state and ``draw_state``.
    puzzle : the genre's Puzzle
    levels : list of str or int, optional
    without : rungs to leave out (ablation view)
    max_frames : frames per level (consecutive steps merge beyond it)
    dpi : resolution frames are rendered at (shown at ``DISPLAY_DPI``)
    size : inches of the board's longer side
    """
    lad = spec.ladder
    levels = list(lad.names) if levels is None else [lad.names[lad.level(x)] for x in levels]
    fbl = {lv: frames(spec, puzzle, lv, without, max_frames, dpi, size) for lv in levels}
    return Stepper(fbl, dict(lad.colours), title=f"{spec.name}: step through the ladder")
