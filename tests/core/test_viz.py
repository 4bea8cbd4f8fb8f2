"""Drawing primitives, plots and the stepper produce what they promise."""
import base64
import re

import matplotlib
import numpy as np
import pandas as pd

from puzzlekit.viz import board, plots, stepper
from tests.core import toy

matplotlib.use("Agg")


def test_primitives_draw_on_one_axes():
    ax = board.new_board(3, 4)
    board.shade_cells(ax, [0, 5], w=4)
    board.cell_text(ax, 1, 1, 7)
    board.numbers(ax, np.array([[1, 0, 0, 2]] * 3))
    board.corner_text(ax, 0, 0, 3)
    board.region_borders(ax, np.array([[0, 0, 1, 1]] * 3))
    board.segments(ax, [(0, 1)], w=4)
    board.path(ax, [0, 1, 5], w=4)
    board.circles(ax, [(2, 2)], filled=True)
    board.arrow(ax, 0, 3, "left")
    board.dominoes(ax, [(0, 4)], w=4)
    board.highlight(ax, np.eye(3, 4, dtype=bool))
    board.candidates(ax, 2, 0, [1, 3], 4)
    assert len(ax.patches) > 5 and len(ax.texts) > 5
    board.close(ax)


def test_plots_return_figures():
    df = pd.DataFrame({"a": [10.0, 20.0], "b": [30.0, 60.0]}, index=["x", "y"])
    assert len(plots.reach_curve(df, article=df * 0.9).axes[0].lines) == 4
    assert len(plots.ablation_chart(df).axes) == 2
    assert len(plots.dial(df, article=df).axes[0].lines) == 4


def test_stepper_frames_replay_the_fixpoint():
    p = toy.Puzzle.from_json({"k": 4, "givens": [[2, 3, 3], [1, 3, 1], [0, 0, 2], [3, 2, 4]]})
    st = stepper.show(toy.SPEC, p, levels=toy.LADDER.names)
    assert set(st.n_frames) == set(toy.LADDER.names)
    res = toy.LADDER.fixpoint(toy.initial_state(p), "probe", trace=True)
    assert st.n_frames["probe"] == len(res.steps) + 1
    fr = st.frames_by_level["probe"]
    assert base64.b64decode(fr[0].png)[:4] == b"\x89PNG"
    assert fr[-1].caption.endswith("fixpoint solved.") or "fixpoint" in fr[-1].caption
    html = st._repr_html_()
    # self-contained: inline frames and script, nothing fetched from elsewhere
    assert "<script>" in html and "data:image/png;base64," in html
    assert not re.search(r"(src|href)=['\"]https?:", html)
    bundle = st._repr_mimebundle_()
    assert "text/html" in bundle


def test_stepper_merges_long_traces():
    p = toy.Puzzle.from_json({"k": 4, "givens": [[2, 3, 3], [1, 3, 1], [0, 0, 2], [3, 2, 4]]})
    fr = stepper.frames(toy.SPEC, p, "probe", max_frames=2)
    assert len(fr) == 2


def test_an_ablation_chart_reads():
    """Log axes start at a floor (no symlog "0"), no "1e6" offset, no
    backticks, zero rows said, the article's figures marked, column width."""
    from puzzlekit.viz import style
    df = pd.DataFrame({"`probe` calls": [0, 0, 12, 3_000_000], "pinned %": [0.0, 10, 50, 90]},
                      index=["full", "`edge`", "`fit`", "`probe`"])
    art = pd.DataFrame({"pinned %": ["12.5%", "—", "48%", "91%"]}, index=df.index)
    fig = plots.ablation_chart(df, article=art)
    assert fig.get_size_inches()[0] <= style.COLUMN_INCHES + 1e-9
    log_ax, lin_ax = fig.axes[:2]
    assert log_ax.get_xscale() == "log" and lin_ax.get_xscale() == "linear"
    fig.canvas.draw()
    ticks = [t.get_text() for ax in fig.axes for t in ax.get_xticklabels() + ax.get_yticklabels()]
    texts = [t.get_text() for ax in fig.axes for t in ax.texts]
    assert not any("`" in t for t in ticks + [ax.get_title() for ax in fig.axes])
    assert all(ax.xaxis.get_offset_text().get_text() == "" for ax in fig.axes)
    assert texts.count(" 0") == 3                         # two zero calls, one zero share
    grey = [tuple(round(c, 3) for c in b.get_facecolor()[:3]) == (0.467, 0.467, 0.467)
            for b in lin_ax.patches]
    assert grey == [True, False, False, False]            # only the reference row is grey
    marks = lin_ax.lines[0].get_xdata()
    assert list(marks) == [12.5, 48.0, 91.0]              # "—" is no figure


def test_an_ablation_chart_takes_a_registered_table_as_the_article():
    from puzzlekit.core.tables import Table
    from puzzlekit.core.tables.printed import printed
    pr = printed("board", ["full %", "−x %"], {"6x6": (1, "80%", "40%"), "8x8": (2, "70%", "—")})
    t = Table("abl", "s", "t", pr, None)
    ours = pd.DataFrame({"6x6": [78.0, 45.0], "8x8": [72.0, 30.0]}, index=["full %", "−x %"])
    fig = plots.ablation_chart(ours, article=t)          # ours is the article's, transposed
    assert [list(ax.lines[0].get_xdata()) for ax in fig.axes[:2]] == [[80.0, 40.0], [70.0]]


def _png_size(frame):
    import io

    from PIL import Image
    return Image.open(io.BytesIO(base64.b64decode(frame.png))).size


TOY = {"k": 4, "givens": [[2, 3, 3], [1, 3, 1], [0, 0, 2], [3, 2, 4]]}


def test_every_frame_of_a_stepper_has_one_size():
    p = toy.Puzzle.from_json(TOY)
    st = stepper.show(toy.SPEC, p, levels=toy.LADDER.names)
    sizes = {_png_size(f) for fs in st.frames_by_level.values() for f in fs}
    widths = {f.width for fs in st.frames_by_level.values() for f in fs}
    assert len(sizes) == 1 and len(widths) == 1, (sizes, widths)


def test_default_levels_have_steps_and_do_not_repeat():
    p = toy.Puzzle.from_json(TOY)
    offered = stepper.offered_levels(toy.SPEC, p)
    seen = []
    for lv in offered:
        steps = toy.LADDER.fixpoint(toy.initial_state(p), lv, trace=True).steps
        key = [(s.name, s.removed.tobytes()) for s in steps]
        assert len(steps) >= 2 and key not in seen, lv
        seen.append(key)
    st = stepper.show(toy.SPEC, p)
    assert list(st.n_frames) == offered
    top = max(toy.LADDER.level(lv) for lv in offered)
    assert list(st.colours) == list(toy.LADDER.names[:top + 1])


def test_captions_speak_in_words():
    p = toy.Puzzle.from_json(TOY)
    fr = stepper.frames(toy.SPEC, p, "probe")
    assert "probe" in fr[0].caption and "bits" not in " ".join(f.caption for f in fr)
    for f in fr[1:]:
        m = re.search(r"removed ([\d,]+) (candidates?);", f.caption)
        assert m and (m[1] == "1") == (m[2] == "candidate"), f.caption
    assert all(re.search(r"\d+ cells? still open", f.caption) for f in fr[1:])
    assert stepper._plural(1, "cells and edges") == "1 cell or edge"


def test_candidates_cross_out_what_a_step_removed():
    ax = board.new_board(1, 1)
    board.candidates(ax, 0, 0, [1, 3], n=4, struck=[2], strike="#123456")
    assert [t.get_text() for t in ax.texts] == ["1", "2", "3"]
    assert any(line.get_color() == "#123456" for line in ax.lines)
    board.close(ax)
    ax = board.new_board(1, 1)
    board.candidates(ax, 0, 0, list(range(1, 13)))
    assert [t.get_text() for t in ax.texts] == ["12?"]
    board.close(ax)


def test_legend_names_every_symbol_once_rendered():
    html = stepper.legend_html([("tint", "#000", "a shaded cell"), ("struck:6", None, "gone")],
                               {"a": "#e41a1c"})
    assert "a shaded cell" in html and "gone" in html and html.count("<svg") == 4


def test_a_reach_curve_names_its_rungs():
    """The x axis reads the rung names (plain, no backticks), not positions."""
    df = pd.DataFrame({"`neigh`": [10, 20], "probe": [30, 60]}, index=["6×6", "8×8"])
    fig = plots.reach_curve(df)
    fig.canvas.draw()
    assert [t.get_text() for t in fig.axes[0].get_xticklabels()] == ["neigh", "probe"]
