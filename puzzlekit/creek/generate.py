"""Generation: grow a creek, print its corners, erase numbers, thin them to a
locally minimal set, grade, and build the bank.

A Creek answer is any shading whose unshaded cells are connected, so the
answer is built rather than searched for: seed one cell and absorb frontier
cells one at a time until the creek has its target area.  The frontier is
empty only once the creek is the whole board, so growth never rejects,
restarts or fails.
"""
from __future__ import annotations

import numpy as np

from ..core.genre import ladder_count
from ..core.minimise import shortest_prefix
from ..core.referee import strict_size
from .ladder import LADDER, NAMES, initial_state
from .model import MAX_CELLS, Answer, Puzzle, clue_field, corner_sizes

__all__ = ["grow", "random_answer", "erase", "keep_random", "ring_mask", "interior_like_ring",
           "thin", "grade", "unique", "random_small", "generate", "rebuild_bank", "sweep_board",
           "verify_extra", "shoreline", "erased", "random_disclosure", "BANK_SIZES",
           "BANK_PER_SIZE", "DENSITY", "QUOTA"]

BANK_SIZES = (6, 8, 10)
BANK_PER_SIZE = 20
DENSITY = 0.5          # default share of shaded cells (our choice: the article names none)


def grow(h: int, w: int, area: int, rng=None, t: float = 1.0) -> np.ndarray:
    """A creek of ``area`` cells grown from a random seed: each step absorbs one
    frontier cell, chosen with weight ``t ** -(k - 1)`` where ``k`` is its
    number of creek neighbours (``t = 1``: uniform, a blob; larger ``t``
    prefers cells touching the creek once, tendrils).  Returns the 0/1 grid
    (1 = shaded).

    >>> g = grow(4, 5, 9, np.random.default_rng(1))
    >>> g.shape, int((g == 0).sum())
    ((4, 5), 9)
    """
    rng = np.random.default_rng(rng)
    n = h * w
    area = int(min(max(area, 0), n))
    x = np.ones(n, dtype=np.int8)
    if area == 0:
        return x.reshape(h, w)
    from ..core.grid import Grid
    nb = Grid(h, w).nbrs
    touch = np.zeros(n, dtype=np.int64)        # creek neighbours of each shaded cell
    s = int(rng.integers(n))
    x[s] = 0
    for u in nb[s]:
        if u >= 0:
            touch[u] += 1
    for _ in range(area - 1):
        front = np.flatnonzero((touch > 0) & (x == 1))
        wt = float(t) ** -(touch[front] - 1.0)
        c = int(front[rng.choice(len(front), p=wt / wt.sum())])
        x[c] = 0
        for u in nb[c]:
            if u >= 0:
                touch[u] += 1
    return x.reshape(h, w)


def random_answer(h, w, rng=None, shaded: float = DENSITY, t: float = 1.0) -> np.ndarray:
    """A random legal shading with about ``shaded`` of the cells shaded."""
    return grow(h, w, int(round((1 - shaded) * h * w)), rng, t)


def erase(grid, keep_mask) -> Puzzle:
    """The board printing the corners of ``grid`` where ``keep_mask`` is True."""
    g = np.asarray(grid)
    f = clue_field(g)
    return Puzzle(g.shape[0], g.shape[1], np.where(keep_mask, f, -1))


def keep_random(grid, k: int, rng=None) -> Puzzle:
    """The board printing ``k`` corners of ``grid`` chosen at random."""
    g = np.asarray(grid)
    nc = (g.shape[0] + 1) * (g.shape[1] + 1)
    m = np.zeros(nc, dtype=bool)
    m[np.random.default_rng(rng).choice(nc, int(k), replace=False)] = True
    return erase(g, m.reshape(g.shape[0] + 1, g.shape[1] + 1))


def ring_mask(h: int, w: int) -> np.ndarray:
    """True on the corners of the border ring."""
    m = np.zeros((h + 1, w + 1), dtype=bool)
    m[0, :] = m[-1, :] = m[:, 0] = m[:, -1] = True
    return m


def interior_like_ring(h: int, w: int, rng=None) -> np.ndarray:
    """A keep-mask erasing as many interior corners as the ring has (the ring kept)."""
    ring = ring_mask(h, w)
    inner = np.flatnonzero(~ring.ravel())
    k = int(ring.sum())
    keep = np.ones((h + 1) * (w + 1), dtype=bool)
    keep[np.random.default_rng(rng).choice(inner, min(k, len(inner)), replace=False)] = False
    return keep.reshape(h + 1, w + 1)


def erased(grid, how: str, rng=None) -> Puzzle:
    """``grid`` with the border ring erased (``ring``), as many interior corners
    erased (``interior``), or as many corners erased anywhere (``random``)."""
    g = np.asarray(grid)
    h, w = g.shape
    if how == "ring":
        return erase(g, ~ring_mask(h, w))
    if how == "interior":
        return erase(g, interior_like_ring(h, w, rng))
    m = np.ones((h + 1) * (w + 1), bool)
    m[np.random.default_rng(rng).choice(m.size, int(ring_mask(h, w).sum()), replace=False)] = False
    return erase(g, m.reshape(h + 1, w + 1))


def random_disclosure(grid, rng=None) -> int:
    """Numbers printed in a random order until the board is unique: a binary
    search over the order's prefixes (more numbers never undo uniqueness)."""
    g = np.asarray(grid)
    nc = (g.shape[0] + 1) * (g.shape[1] + 1)

    def ok(cells):
        m = np.zeros(nc, bool)
        m[cells] = True
        return unique(erase(g, m.reshape(g.shape[0] + 1, g.shape[1] + 1))) is True
    return shortest_prefix(np.random.default_rng(rng).permutation(nc), ok)


def shoreline(grid) -> int:
    """Edges between a creek cell and a shaded cell."""
    g = np.asarray(grid)
    return int((g[1:] != g[:-1]).sum() + (g[:, 1:] != g[:, :-1]).sum())


def grade(puzzle: Puzzle) -> str | None:
    """The weakest level whose fixpoint finishes the board (None: none does)."""
    return LADDER.grade(initial_state(puzzle))


def _finishes(puzzle, level) -> bool:
    return LADDER.fixpoint(initial_state(puzzle), level, attribute=False).solved


def unique(puzzle: Puzzle, max_nodes: int = 200_000):
    """True / False by the ladder's counting search (None when capped)."""
    from . import SPEC
    return ladder_count(SPEC, puzzle, 2, max_nodes=max_nodes).unique


def thin(grid, rng=None, level=None, start=None) -> Puzzle:
    """Erase numbers one at a time in random order, keeping an erasure only if
    the board stays unique (``level=None``) or its ``level`` fixpoint still
    finishes: a locally minimal clue set.  ``start`` is a keep-mask to thin
    from (default: every corner)."""
    rng = np.random.default_rng(rng)
    g = np.asarray(grid)
    f = clue_field(g)
    clues = np.where(np.ones(f.shape, bool) if start is None else start, f, -1).astype(np.int8)
    p = Puzzle(g.shape[0], g.shape[1], clues)
    for k in rng.permutation(np.flatnonzero(clues.ravel() >= 0)):
        trial = clues.copy().ravel()
        trial[k] = -1
        q = p.with_clues(trial.reshape(clues.shape))
        ok = unique(q) is True if level is None else _finishes(q, level)
        if ok:
            clues, p = q.clues, q
    return p


def random_small(rng, h: int, w: int) -> Puzzle:
    """A small random board with 0, 1 or many answers: a grown creek of random
    density, a random share of its corners printed, and now and then one
    number changed (often leaving no answer) or ``shade_required`` set."""
    x = random_answer(h, w, rng, shaded=float(rng.uniform(0.1, 0.9)),
                      t=float(rng.choice([1.0, 4.0])))
    p = keep_random(x, int(rng.integers(0, (h + 1) * (w + 1) + 1)), rng)
    cl = p.clues.copy()
    if rng.random() < 0.2 and (cl >= 0).any():
        i, j = np.argwhere(cl >= 0)[int(rng.integers((cl >= 0).sum()))]
        cl[i, j] = int(rng.integers(0, corner_sizes(h, w)[i, j] + 1))
    return Puzzle(h, w, cl, rng.random() < 0.15)


def generate(h: int, w: int, seed=None, grade=None, shaded: float = DENSITY,
             t: float = 1.0, tries: int = 50) -> tuple:
    """A unique board and its answer, its clue set locally minimal for its
    level: ``grade`` names the level to thin against (default: the top
    level, so the ladder finishes the board without search).  An answer
    whose full set of numbers does not finish at that level is drawn again
    (up to ``tries`` answers; then a ValueError)."""
    h, w = strict_size(h, w, MAX_CELLS)
    rng = np.random.default_rng(seed)
    lv = LADDER.names[LADDER.level(grade)]
    for _ in range(tries):
        x = random_answer(h, w, rng, shaded, t)
        if _finishes(erase(x, np.ones((h + 1, w + 1), bool)), lv):
            return thin(x, rng, lv), Answer(x)
    raise ValueError(f"no {h}x{w} Creek answer in {tries} tries is finished at {lv} "
                     "even with every number printed")


def sweep_board(rng, n: int, density: str) -> Puzzle:
    """An ``n`` x ``n`` board for timing sweeps: all corners (dense) or half."""
    x = random_answer(n, n, rng)
    nc = (n + 1) ** 2
    return keep_random(x, nc if density == "dense" else nc // 2, rng)


# ---------------------------------------------------------------- the bank
def _bank_entry(n, target, seed):
    rng = np.random.default_rng(seed)
    x = random_answer(n, n, rng)
    p = thin(x, rng, target)
    g = grade(p)
    return p, Answer(x), g


QUOTA = {"count": 4, "linear": 4, "pair": 2, "connect": 5, "probe": 5}
PAIR_TRIES = 1500


def rebuild_bank(seed=None, sizes=BANK_SIZES, per_size=BANK_PER_SIZE) -> list[dict]:
    """``per_size`` unique boards of each size, each thinned to a clue set
    locally minimal for the level it targets, graded by the ladder, with the
    quota :data:`QUOTA` per grade.  ``pair`` is the rare frontier where
    ``linear`` stalls (well under 1% of thinnings land there), so it gets up
    to :data:`PAIR_TRIES` attempts; probe boards fill any quota left open."""
    base = 0 if seed is None else int(seed) * 1_000_000
    out = []
    for n in sizes:
        want = {g: QUOTA[g] * per_size // sum(QUOTA.values()) for g in NAMES}
        want["probe"] += per_size - sum(want.values())
        got, s, tries = [], base + n * 100_000, {g: 0 for g in NAMES}
        for target in NAMES:
            while want[target] > 0 and tries[target] < (PAIR_TRIES if target == "pair" else 200):
                tries[target] += 1
                p, a, g = _bank_entry(n, target, s)
                s += 1
                if g is not None and want[g] > 0 and unique(p) is True:
                    want[g] -= 1
                    got.append({"size": [n, n], "clues": p.to_json(), "answer": a.to_json(),
                                "grade": g, "seed": s - 1})
        while len(got) < per_size:           # a grade that never appeared: probe fills in
            p, a, g = _bank_entry(n, "probe", s)
            s += 1
            if g is not None and unique(p) is True:
                got.append({"size": [n, n], "clues": p.to_json(), "answer": a.to_json(),
                            "grade": g, "seed": s - 1})
        got.sort(key=lambda e: (NAMES.index(e["grade"]), e["seed"]))
        out += [{"id": f"creek-{n}x{n}-{i + 1:02d}", **e} for i, e in enumerate(got)]
    return out


def verify_extra(entry, puzzle, answer):
    """Every printed number is load-bearing: erasing any one stops the
    shipped grade's fixpoint from finishing."""
    g = entry.get("grade")
    cl = puzzle.clues.ravel()
    for k in np.flatnonzero(cl >= 0):
        trial = cl.copy()
        trial[k] = -1
        if _finishes(puzzle.with_clues(trial.reshape(puzzle.clues.shape)), g):
            return f"the number on corner {divmod(int(k), puzzle.w + 1)} is not needed at {g}"
    return None
