"""Matplotlib primitives every genre draws with.

Coordinates: cell ``(r, c)`` is the unit square ``[c, c+1] x [r, r+1]`` with
its centre at ``(c + .5, r + .5)``; the y axis points down.  Functions that
take ``cells`` accept flat indices (with ``w``), ``(r, c)`` pairs, or an
``(h, w)`` boolean mask.
"""
from __future__ import annotations

import numpy as np


def _plt():
    """pyplot, imported on first use (it is slow to import, and the command
    line's error paths never draw)."""
    import matplotlib.pyplot as plt
    return plt


def _patches():
    import matplotlib.patches as patches
    return patches

__all__ = ["new_board", "grid_lines", "shade_cells", "cell_text", "numbers",
           "corner_text", "region_borders", "segments", "path", "circles",
           "arrow", "dominoes", "highlight", "candidates", "edge_crosses", "margin_text",
           "cell_list", "close", "shading_state", "shaded_board", "INK", "PAPER", "GRID",
           "SMALL"]

INK, PAPER, GRID = "#222222", "#ffffff", "#b8b8b8"

#: Points of the small marks in a cell (candidates, counts): at the stepper's
#: display scale (90 CSS px per inch) 9 pt shows about 11 px high.
SMALL = 9.0


def cell_list(cells, w: int | None = None) -> list[tuple[int, int]]:
    """Normalise ``cells`` to a list of ``(r, c)``.

    >>> cell_list([0, 5], w=3)
    [(0, 0), (1, 2)]
    >>> cell_list(np.array([[True, False], [False, True]]))
    [(0, 0), (1, 1)]
    """
    a = np.asarray(cells)
    if a.dtype == np.bool_ and a.ndim == 2:
        return [(int(r), int(c)) for r, c in zip(*np.nonzero(a))]
    if a.size == 0:
        return []
    if a.ndim == 2 and a.shape[1] == 2:
        return [(int(r), int(c)) for r, c in a]
    if w is None:
        raise ValueError("flat cell indices need the grid width w")
    return [divmod(int(i), w) for i in a.ravel()]


def new_board(h: int, w: int, ax=None, cell: float = 0.5, lines: bool = True,
              margin: float = 0.0):
    """A fresh axes showing an ``h`` by ``w`` grid; returns the axes."""
    if ax is None:
        _, ax = _plt().subplots(figsize=(max(1.5, (w + 2 * margin) * cell),
                                      max(1.5, (h + 2 * margin) * cell)))
    ax.set_xlim(-margin - 0.05, w + margin + 0.05)
    ax.set_ylim(h + margin + 0.05, -margin - 0.05)
    ax.set_aspect("equal")
    ax.set_axis_off()
    if lines:
        grid_lines(ax, h, w)
    return ax


def grid_lines(ax, h: int, w: int, color: str = GRID, lw: float = 0.8, frame: bool = True):
    """Thin cell lines and a thick outer frame."""
    for r in range(1, h):
        ax.plot([0, w], [r, r], color=color, lw=lw, zorder=1)
    for c in range(1, w):
        ax.plot([c, c], [0, h], color=color, lw=lw, zorder=1)
    if frame:
        border = _patches().Rectangle((0, 0), w, h, fill=False, ec=INK, lw=2 * lw + 0.6, zorder=4)
        ax.add_patch(border)
    return ax


def shade_cells(ax, cells, color: str = "#444444", w: int | None = None,
                alpha: float = 1.0, zorder: float = 0.5):
    """Fill cells with a colour."""
    for r, c in cell_list(cells, w):
        ax.add_patch(_patches().Rectangle((c, r), 1, 1, fc=color, ec="none", alpha=alpha,
                                          zorder=zorder))
    return ax


def highlight(ax, cells, w: int | None = None, color: str = "#ffcc00",
              alpha: float = 0.25, edge: bool = True):
    """Mark cells with a light fill and a coloured outline (the cells a
    stepper's step changed, in its rung's colour)."""
    for r, c in cell_list(cells, w):
        ax.add_patch(_patches().Rectangle((c + 0.05, r + 0.05), 0.9, 0.9, fc=color, alpha=alpha,
                                          ec="none", zorder=0.8))
        if edge:
            ax.add_patch(_patches().Rectangle((c + 0.05, r + 0.05), 0.9, 0.9, fill=False,
                                              ec=color, lw=2.2, zorder=6.5))
    return ax


def cell_text(ax, r: int, c: int, text, color: str = INK, size: float | None = None,
              weight: str = "normal", zorder: float = 5):
    """Centred text in cell ``(r, c)``."""
    ax.text(c + 0.5, r + 0.52, str(text), ha="center", va="center", color=color,
            fontsize=size if size is not None else 11, fontweight=weight, zorder=zorder)
    return ax


def numbers(ax, values, blank=0, color: str = INK, size: float | None = None,
            weight: str = "normal", mask=None):
    """Write an ``(h, w)`` array of numbers; entries equal to ``blank`` are skipped."""
    values = np.asarray(values)
    for r in range(values.shape[0]):
        for c in range(values.shape[1]):
            v = values[r, c]
            if v == blank or (mask is not None and not mask[r, c]):
                continue
            cell_text(ax, r, c, v, color=color, size=size, weight=weight)
    return ax


def corner_text(ax, r: int, c: int, text, color: str = INK, size: float = 9,
                circle: bool = True):
    """Text on lattice corner ``(r, c)`` (0 ≤ r ≤ h, 0 ≤ c ≤ w), in a white disc."""
    if circle:
        ax.add_patch(_patches().Circle((c, r), 0.22, fc=PAPER, ec=INK, lw=1, zorder=6))
    ax.text(c, r + 0.01, str(text), ha="center", va="center", color=color, fontsize=size,
            zorder=7)
    return ax


def margin_text(ax, r: float, c: float, text, color: str = INK, size: float = 10):
    """Text centred at cell coordinates ``(r, c)`` outside the grid (clue margins)."""
    ax.text(c + 0.5, r + 0.52, str(text), ha="center", va="center", color=color,
            fontsize=size, zorder=5)
    return ax


def region_borders(ax, labels, lw: float = 2.4, color: str = INK):
    """Thick lines between cells of different regions (labels ``(h, w)``)."""
    labels = np.asarray(labels)
    h, w = labels.shape
    for r in range(h):
        for c in range(w):
            if c + 1 < w and labels[r, c] != labels[r, c + 1]:
                ax.plot([c + 1, c + 1], [r, r + 1], color=color, lw=lw, zorder=3,
                        solid_capstyle="round")
            if r + 1 < h and labels[r, c] != labels[r + 1, c]:
                ax.plot([c, c + 1], [r + 1, r + 1], color=color, lw=lw, zorder=3,
                        solid_capstyle="round")
    return ax


def segments(ax, pairs, w: int, color: str = INK, lw: float = 3.0, zorder: float = 3,
             alpha: float = 1.0):
    """Lines joining the centres of cell pairs ``[(i, j), ...]`` (flat indices)."""
    for i, j in pairs:
        (r0, c0), (r1, c1) = divmod(int(i), w), divmod(int(j), w)
        ax.plot([c0 + 0.5, c1 + 0.5], [r0 + 0.5, r1 + 0.5], color=color, lw=lw,
                solid_capstyle="round", zorder=zorder, alpha=alpha)
    return ax


def edge_crosses(ax, pairs, w: int, color: str = "#999999", lw: float = 1.2,
                 half: float = 0.09):
    """A small x on the midpoint of each cell pair ``[(i, j), ...]`` (flat
    indices): an edge known unused."""
    for i, j in pairs:
        (r0, c0), (r1, c1) = divmod(int(i), w), divmod(int(j), w)
        x, y = (c0 + c1) / 2 + 0.5, (r0 + r1) / 2 + 0.5
        ax.plot([x - half, x + half], [y - half, y + half], color=color, lw=lw, zorder=3)
        ax.plot([x - half, x + half], [y + half, y - half], color=color, lw=lw, zorder=3)
    return ax


def path(ax, cells, w: int, color: str = INK, lw: float = 3.0, zorder: float = 3):
    """A polyline through the centres of ``cells`` in order (flat indices)."""
    rc = cell_list(cells, w)
    if rc:
        ax.plot([c + 0.5 for _, c in rc], [r + 0.5 for r, _ in rc], color=color, lw=lw,
                solid_capstyle="round", solid_joinstyle="round", zorder=zorder)
    return ax


def circles(ax, cells, w: int | None = None, filled: bool = False, color: str = INK,
            radius: float = 0.32, lw: float = 1.5):
    """Circles in cells, filled or hollow."""
    for r, c in cell_list(cells, w):
        ax.add_patch(_patches().Circle((c + 0.5, r + 0.5), radius, fc=color if filled else PAPER,
                            ec=color, lw=lw, zorder=4))
    return ax


def shaded_board(h: int, w: int, shaded=None, color: str = "#444444", ax=None):
    """A fresh board (:func:`new_board`) with the cells of the flat mask
    ``shaded`` filled (none when it is None): an answer of a shading genre.
    Returns ``(ax, mask)``.

    >>> ax, mask = shaded_board(2, 2, [1, 0, 0, 1]); mask.tolist(); close(ax)
    [True, False, False, True]
    """
    ax = new_board(h, w, ax)
    mask = np.zeros(h * w, bool) if shaded is None else np.asarray(shaded, bool)
    shade_cells(ax, np.flatnonzero(mask), color, w)
    return ax, mask


def shading_state(ax, bits, w: int, new=None, colour: str | None = None, shade: str = "#444444",
                  dot: str = "#999999", skip=()):
    """A partial shading (per cell two bits: unshaded, shaded): the cells the
    last step touched (``new``, same layout) highlighted in ``colour``,
    decided shaded cells filled, decided unshaded ones dotted (but those in
    ``skip``, which carry clues).  Returns the decided-shaded mask."""
    cell = np.asarray(bits).reshape(-1, 2)
    shaded = cell[:, 1] & ~cell[:, 0]
    white = cell[:, 0] & ~cell[:, 1]
    if new is not None:
        highlight(ax, np.flatnonzero(np.asarray(new).reshape(-1, 2).any(axis=1)), w,
                  color=colour or "#ffcc00")
    shade_cells(ax, np.flatnonzero(shaded), shade, w)
    skip = set(skip)
    circles(ax, [c for c in np.flatnonzero(white) if c not in skip], w, filled=True, color=dot,
            radius=0.06)
    return shaded


def shaded_answer(puzzle, answer, color: str, marks, ax=None):
    """A board of a shading genre (:func:`shaded_board`) with the shaded cells
    of ``answer`` filled in ``color`` (none when it is None), then its clues
    drawn by ``marks(ax, puzzle, shaded)``.  Returns the axes."""
    shaded = None if answer is None else answer.shaded
    ax, shaded = shaded_board(puzzle.h, puzzle.w, shaded, color, ax)
    marks(ax, puzzle, shaded)
    return ax


def shaded_partial(puzzle, bits, ax, new, colour, shade: str, dot: str, marks, skip=None):
    """A fresh board with the partial shading ``bits`` (:func:`shading_state`,
    ``skip`` defaulting to the cells of ``puzzle.clues``), then its clues
    drawn by ``marks(ax, puzzle, shaded)``.  Returns the axes."""
    ax = new_board(puzzle.h, puzzle.w, ax)
    skip = puzzle.clues if skip is None else skip
    shaded = shading_state(ax, bits, puzzle.w, new, colour, shade, dot, skip=skip)
    marks(ax, puzzle, shaded)
    return ax


_ARROW = {"up": (0, -1), "right": (1, 0), "down": (0, 1), "left": (-1, 0)}


def arrow(ax, r: int, c: int, direction: str, color: str = INK, size: float = 0.3):
    """A small arrow in cell ``(r, c)`` pointing up/right/down/left."""
    dx, dy = _ARROW[direction]
    ax.annotate("", xy=(c + 0.5 + dx * size, r + 0.5 + dy * size),
                xytext=(c + 0.5 - dx * size, r + 0.5 - dy * size),
                arrowprops=dict(arrowstyle="-|>", color=color, lw=1.2), zorder=5)
    return ax


def dominoes(ax, pairs, w: int, color: str = INK, lw: float = 1.6, fill: str = "none",
             pad: float = 0.08):
    """Rounded outlines around each domino ``(i, j)`` of edge-adjacent cells."""
    for i, j in pairs:
        (r0, c0), (r1, c1) = sorted((divmod(int(i), w), divmod(int(j), w)))
        hgt, wid = r1 - r0 + 1, c1 - c0 + 1
        ax.add_patch(_patches().FancyBboxPatch((c0 + pad, r0 + pad), wid - 2 * pad, hgt - 2 * pad,
                                    boxstyle="round,pad=0,rounding_size=0.18",
                                    fc=fill, ec=color, lw=lw, zorder=2))
    return ax


def candidates(ax, r: int, c: int, values, n: int | None = None, color: str = "#555555",
               size: float | None = None, struck=(), strike: str | None = None,
               most: int = 9, labels: dict | None = None):
    """Small pencil marks in a cell: the live ``values`` and, crossed out in
    ``strike`` (a rung's colour), the ``struck`` ones a step just removed.

    With ``n`` (values are 1..n, n at most 9) each value keeps its place on a
    k-by-k sub-grid (k = ceil(sqrt(n))); otherwise the marks are laid out in
    order on the smallest square that holds them.  More than ``most`` marks:
    the count of live values instead (``"12?"``).  ``size`` defaults to
    :data:`SMALL`; ``labels`` maps a value to the text shown for it.
    Returns the axes.
    """
    size = SMALL if size is None else size
    values, struck = list(values), list(struck)
    marks = sorted([(v, False) for v in values] + [(v, True) for v in struck])
    if len(marks) > most:
        cell_text(ax, r, c, f"{len(values)}?", color=color, size=size)
        return ax
    by_value = n is not None and n <= 9
    k = int(np.ceil(np.sqrt(n if by_value else max(len(marks), 1))))
    for i, (v, gone) in enumerate(marks):
        q, m = divmod(int(v) - 1 if by_value else i, k)
        x, y = c + (m + 0.5) / k, r + (q + 0.5) / k
        ink = (strike or "#d62728") if gone else color
        text = str(labels.get(v, v) if labels else v)
        ax.text(x, y + 0.03 / k, text, ha="center", va="center", fontsize=size, color=ink,
                zorder=5)
        if gone:
            d = 0.32 / k
            ax.plot([x - d, x + d], [y + d, y - d], color=ink, lw=1.3, zorder=6,
                    solid_capstyle="round")
    return ax


def close(ax):
    """Close the figure of ``ax`` (after saving or rendering it elsewhere)."""
    _plt().close(ax.figure)
