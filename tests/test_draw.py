"""Every genre's stepper drawing: one frame size, the whole puzzle in the
frame, a legend of its symbols, and path colours apart from rung colours."""
import base64
import importlib
import io

import matplotlib
import numpy as np
import pytest
from matplotlib.figure import Figure
from PIL import Image

from puzzlekit.core import banks
from puzzlekit.viz import stepper

matplotlib.use("Agg")

GENRES = ("heteromino sashigane numberlink stostone choco_banana yajisan_kazusan statue_park "
          "country_road creek numbrix kojun magnets nanro").split()


def _small_board(genre):
    m = importlib.import_module(f"puzzlekit.{genre}")
    entry = min(banks.load(genre), key=lambda e: (e["size"][0] * e["size"][1], e["id"]))
    return m, m.SPEC.Puzzle.from_json(entry["clues"])


@pytest.mark.parametrize("genre", GENRES)
def test_stepper_frames_keep_one_size_and_a_legend(genre):
    m, p = _small_board(genre)
    st = stepper.show(m.SPEC, p, levels=[m.SPEC.ladder.names[-1]], max_frames=4, dpi=72)
    frames = [f for fs in st.frames_by_level.values() for f in fs]
    sizes = {Image.open(io.BytesIO(base64.b64decode(f.png))).size for f in frames}
    assert len(sizes) == 1, sizes
    kinds = set(stepper._SWATCH) | {"text", "struck", "bold"}
    legend = importlib.import_module(f"puzzlekit.{genre}.draw").LEGEND
    assert legend and all(k.partition(":")[0] in kinds and text for k, _, text in legend)
    assert st.title.startswith(stepper.display_name(genre) + ":")


@pytest.mark.parametrize("genre", GENRES)
def test_draw_state_stays_in_its_axes(genre):
    """Nothing a partial state draws reaches outside the axes' box (a frame
    is cut to that box)."""
    m, p = _small_board(genre)
    state = m.SPEC.initial_state(p)
    new = np.zeros_like(state.bits)
    new[::7] = True
    state.bits[new] = False
    fig = Figure(figsize=(4, 4))
    ax = fig.add_axes((0, 0, 1, 1))
    m.SPEC.draw_state(p, state, ax, new=new, colour="#d62728")
    fig.canvas.draw()
    box = ax.get_window_extent()
    for art in ax.texts:
        b = art.get_window_extent()
        assert box.x0 - 1 <= b.x0 and b.x1 <= box.x1 + 1 and box.y0 - 1 <= b.y0 \
            and b.y1 <= box.y1 + 1, (genre, art.get_text())


def test_statue_park_frames_show_the_bag():
    m, p = _small_board("statue_park")
    st = stepper.show(m.SPEC, p, levels=["clue"], max_frames=2, dpi=72)
    w, h = Image.open(io.BytesIO(base64.b64decode(st.frames_by_level["clue"][0].png))).size
    assert h / w > (p.h + 0.5) / max(p.w, 4), "the bag is not drawn under the board"


def test_numberlink_paths_avoid_rung_colours():
    from puzzlekit.numberlink import LADDER
    from puzzlekit.numberlink.draw import PALETTE
    assert not set(c.lower() for c in PALETTE) & set(c.lower() for c in LADDER.colours.values())
