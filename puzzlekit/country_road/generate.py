"""Country Road generation, loop first: inflate a loop, cut it into countries,
hand the empty blobs out, then erase numbers while the ladder still finishes.

Legality is structural (the loop visits each country once, as one arc, and
every blob of empty cells lies inside one country), so only uniqueness has to
be bought.  Random partitions (:func:`random_partition`) are kept for the
partition-trap measurements and the generic checks.
"""
from __future__ import annotations

import numpy as np

from ..core.generate import bank_record
from ..core.genre import grade as _grade
from ..core.graph import components
from ..core.grid import Grid
from ..core.ladder import Ladder
from ..core.minimise import minimal
from .ladder import LADDER, initial_state, with_numbers
from .model import MAX_CELLS, Answer, Puzzle, loop_cells

__all__ = ["inflate_loop", "cut_loop", "random_partition", "board_from_loop", "generate",
           "erase", "finishes", "random_small", "sweep_board", "rebuild_bank", "BANK_SIZES",
           "loop_edges", "induced_loop", "split_board", "erase_fast"]

BANK_SIZES = ((6, 6), (8, 8), (10, 10))
BANK_PER_SIZE = 20


def inflate_loop(rng, h: int, w: int, fill: float = 0.7) -> list[int]:
    """A closed loop (cells in order) grown from a 2x2 square: each step pushes
    one loop edge into the 2x2 block beside it, replacing the edge by a
    three-edge detour through the block's two free cells, until about ``fill``
    of the board is on the loop or no push is possible.

    >>> loop = inflate_loop(np.random.default_rng(0), 4, 4, 1.0)
    >>> len(loop) % 2 == 0 and len(set(loop)) == len(loop) >= 4
    True
    """
    rng = np.random.default_rng(rng)
    if h < 2 or w < 2:
        raise ValueError("a loop needs a board of at least 2x2")
    r, c = int(rng.integers(h - 1)), int(rng.integers(w - 1))
    loop = [r * w + c, r * w + c + 1, (r + 1) * w + c + 1, (r + 1) * w + c]
    on = np.zeros(h * w, dtype=bool)
    on[loop] = True
    target = max(4, int(round(fill * h * w)))
    while len(loop) < target:
        moves = []
        for i in range(len(loop)):
            a, b = loop[i], loop[(i + 1) % len(loop)]
            ra, ca = divmod(a, w)
            rb, cb = divmod(b, w)
            dr, dc = cb - ca, -(rb - ra)          # the two sides of the edge
            for s in (1, -1):
                r1, c1, r2, c2 = ra + s * dr, ca + s * dc, rb + s * dr, cb + s * dc
                if 0 <= r1 < h and 0 <= c1 < w and 0 <= r2 < h and 0 <= c2 < w:
                    x, y = r1 * w + c1, r2 * w + c2
                    if not on[x] and not on[y]:
                        moves.append((i, x, y))
        if not moves:
            break
        i, x, y = moves[int(rng.integers(len(moves)))]
        loop[i + 1:i + 1] = [x, y]
        on[x] = on[y] = True
    return loop


def induced_loop(rng, h: int, w: int, fill: float = 0.5, flips: float = 0.5) -> list[int]:
    """A closed loop (cells in order) that never touches itself: no two loop
    cells are side by side unless they follow each other on the loop, so the
    cells alone fix the loop's edges.  Grown from a 3x3 ring by bumps (the
    middle cell of a straight run of three pushed out into a three-cell
    detour) and, with weight ``flips``, corner flips (a corner moved to the
    far cell of its 2x2 block), each kept only when it leaves the loop
    untouched by itself; until about ``fill`` of the board is on the loop or
    no bump is possible.

    >>> loop = induced_loop(np.random.default_rng(0), 6, 6)
    >>> len(set(loop)) == len(loop) >= 8
    True
    """
    rng = np.random.default_rng(rng)
    if h < 3 or w < 3:
        raise ValueError("a loop that does not touch itself needs a board of at least 3x3")
    r, c = int(rng.integers(h - 2)), int(rng.integers(w - 2))
    ring = [(0, 0), (0, 1), (0, 2), (1, 2), (2, 2), (2, 1), (2, 0), (1, 0)]
    loop = [(r + a) * w + c + b for a, b in ring]
    on = np.zeros(h * w, dtype=bool)
    on[loop] = True
    nb = Grid(h, w).nbrs

    def clear(x, allowed):
        return not on[x] and all(y < 0 or not on[y] or y in allowed for y in nb[x])

    target = max(8, int(round(fill * h * w)))
    stale = steps = 0
    while len(loop) < target and stale < 4 * len(loop) and steps < 50 * target:
        steps += 1
        L = len(loop)
        i = int(rng.integers(L))
        a, b, d = loop[i - 1], loop[i], loop[(i + 1) % L]
        (ra, ca), (rb, cb), (rd, cd) = divmod(a, w), divmod(b, w), divmod(d, w)
        if ra + rd == 2 * rb and ca + cd == 2 * cb:          # straight: bump b out
            s = (1 if rng.random() < 0.5 else -1)
            dr, dc = (s, 0) if ra == rb else (0, s)
            cells = [(ra + dr, ca + dc), (rb + dr, cb + dc), (rd + dr, cd + dc)]
            if not all(0 <= y < h and 0 <= x < w for y, x in cells):
                stale += 1
                continue
            x, y, z = (yy * w + xx for yy, xx in cells)
            on[b] = False
            if clear(x, {a, y}) and clear(y, {x, z}) and clear(z, {y, d}):
                loop[i:i + 1] = [x, y, z]
                on[[x, y, z]] = True
                stale = 0
            else:
                on[b] = True
                stale += 1
        elif rng.random() < flips:                            # corner: flip b over
            e = (ra + rd - rb) * w + (ca + cd - cb)
            on[b] = False
            if clear(e, {a, d}):
                loop[i] = e
                on[e] = True
            else:
                on[b] = True
                stale += 1
        else:
            stale += 1
    return loop


def loop_edges(grid: Grid, loop) -> np.ndarray:
    """The edge mask of a loop given as cells in order."""
    look = {(int(a), int(b)): e for e, (a, b) in enumerate(grid.edges)}
    used = np.zeros(grid.n_edges, dtype=bool)
    for i in range(len(loop)):
        a, b = loop[i], loop[(i + 1) % len(loop)]
        used[look[(min(a, b), max(a, b))]] = True
    return used


def cut_loop(rng, h: int, w: int, loop, k: int) -> np.ndarray:
    """Countries: ``k`` consecutive arcs of the loop, then each blob of empty
    cells given whole to one neighbouring country.  Returns ``(h, w)`` labels."""
    rng = np.random.default_rng(rng)
    L = len(loop)
    k = max(1, min(int(k), L))
    shift = int(rng.integers(L))
    cuts = np.sort(rng.choice(np.arange(1, L), size=k - 1, replace=False)) if k > 1 else []
    lab = np.full(h * w, -1, dtype=np.int64)
    bounds = [0, *[int(x) for x in cuts], L]
    for j in range(k):
        for i in range(bounds[j], bounds[j + 1]):
            lab[loop[(i + shift) % L]] = j
    g = Grid(h, w)
    comp, nc = components(g.nbrs, lab < 0)
    for b in range(nc):
        cells = np.flatnonzero(comp == b)
        nbr = sorted({int(lab[y]) for x in cells for y in g.nbrs[x] if y >= 0 and lab[y] >= 0})
        lab[cells] = nbr[int(rng.integers(len(nbr)))]
    return lab.reshape(h, w)


def board_from_loop(rng, h: int, w: int, avg: float | None = None, fill: float | None = None):
    """A fully numbered board and its loop: ``(puzzle, answer)``.  ``avg`` is
    the mean country size aimed at (default: 4 to 7 at random)."""
    rng = np.random.default_rng(rng)
    fill = float(rng.uniform(0.55, 0.9)) if fill is None else fill
    loop = inflate_loop(rng, h, w, fill)
    avg = float(rng.uniform(4.0, 7.0)) if avg is None else avg
    k = max(1, int(round(h * w / avg)))
    lab = cut_loop(rng, h, w, loop, k)
    p = Puzzle.make(lab)
    ans = Answer(h, w, loop_edges(p.grid, loop))
    on = loop_cells(p, ans.edges)
    counts = np.bincount(p.regions[on], minlength=p.k)
    return p.with_clues({r: int(counts[r]) for r in range(p.k)}), ans


def finishes(puzzle: Puzzle, level=None, ladder: Ladder = LADDER) -> bool:
    """True when the fixpoint at ``level`` decides every bit."""
    s = initial_state(puzzle)
    return ladder.fixpoint(s, level, attribute=False).solved


def erase(rng, puzzle: Puzzle, level=None, adversarial: bool = True) -> Puzzle:
    """Erase numbers in random order while the ladder at ``level`` still
    finishes.  Adversarial: a number whose loss breaks that is kept and the
    erasing goes on (a minimal set for the level).  Random: the erasing stops
    at the first number whose loss breaks it."""
    rng = np.random.default_rng(rng)
    clues = dict(puzzle.clues)
    order = list(clues)
    rng.shuffle(order)
    for r in order:
        rest = {g: v for g, v in clues.items() if g != r}
        if finishes(with_numbers(puzzle, rest), level):
            clues = rest
        elif not adversarial:
            break
    return with_numbers(puzzle, clues)


def _arcs_labels(h: int, w: int, loop, starts, anchor) -> np.ndarray:
    """Labels of the countries cut from ``loop`` at the positions ``starts``
    (sorted; each arc runs from one start to the next, round the loop), each
    blob of empty cells joining the country of its ``anchor`` (blob cells ->
    a loop position beside the blob)."""
    L = len(loop)
    pos_lab = np.empty(L, dtype=np.int64)
    bounds = [*starts, starts[0] + L]
    for j in range(len(starts)):
        pos_lab[np.arange(bounds[j], bounds[j + 1]) % L] = j
    lab = np.full(h * w, -1, dtype=np.int64)
    lab[np.asarray(loop)] = pos_lab
    for cells, i in anchor:
        lab[cells] = pos_lab[i]
    return lab.reshape(h, w)


def split_board(rng, h: int, w: int, level=None, avg: float | None = None,
                fill: float | None = None, ladder: Ladder = LADDER):
    """A fully numbered board finished by the ladder at ``level``, and its
    loop: ``(puzzle, answer)``, or None.  The loop (:func:`induced_loop`, so
    its cells fix its edges; on a board two cells wide, the inflated loop)
    is cut as in :func:`board_from_loop`; then, while the fixpoint leaves cells or edges
    open, every country touching one is split in two (its arc cut at a random
    point, its blobs following the half they lean on), so the countries stay
    legal and the loop stays an answer.  None when an open country is a single
    loop cell and cannot be split."""
    rng = np.random.default_rng(rng)
    fill = float(rng.uniform(0.4, 0.6)) if fill is None else fill
    loop = induced_loop(rng, h, w, fill) if min(h, w) >= 3 else inflate_loop(rng, h, w, 1.0)
    L = len(loop)
    avg = float(rng.uniform(4.0, 7.0)) if avg is None else avg
    k = max(1, min(L, int(round(h * w / avg))))
    starts = sorted(int(x) for x in rng.choice(L, size=k, replace=False))
    g = Grid(h, w)
    at = np.full(h * w, -1, dtype=np.int64)
    at[np.asarray(loop)] = np.arange(L)
    comp, nc = components(g.nbrs, at < 0)
    anchor = []
    for b in range(nc):
        cells = np.flatnonzero(comp == b)
        near = sorted({int(at[y]) for x in cells for y in g.nbrs[x] if y >= 0 and at[y] >= 0})
        anchor.append((cells, near[int(rng.integers(len(near)))]))
    lvl = ladder.level(level)
    edges = None
    while True:
        p = Puzzle.make(_arcs_labels(h, w, loop, starts, anchor))
        if edges is None:
            edges = loop_edges(p.grid, loop)
        counts = np.bincount(p.regions[np.asarray(loop)], minlength=p.k)
        p = p.with_clues({r: int(counts[r]) for r in range(p.k)})
        s = initial_state(p)
        if ladder.fixpoint(s, lvl, attribute=False).solved:
            return p, Answer(h, w, edges)
        live = s.live_counts() > 1
        open_cells = np.flatnonzero(live[:p.n])
        open_edges = p.grid.edges[np.flatnonzero(live[p.n:])].ravel()
        hit = set(int(r) for r in p.regions[np.concatenate([open_cells, open_edges])])
        if not hit:
            return None
        bounds = [*starts, starts[0] + L]
        new = list(starts)
        for j in sorted(hit):
            a, b = bounds[j], bounds[j + 1]
            if b - a >= 2:
                new.append(int(a + rng.integers(1, b - a)) % L)
        if len(new) == len(starts):
            return None
        starts = sorted(new)


def erase_fast(rng, puzzle: Puzzle, level=None) -> Puzzle:
    """Erase numbers while the ladder at ``level`` still finishes, as the
    adversarial :func:`erase` does (no number left can go), with fewer
    fixpoints: the shortest prefix of a random erasing order that may go is
    found by bisection, then each number left is tried once
    (:func:`~puzzlekit.core.minimise.minimal` over the numbers to keep)."""
    rng = np.random.default_rng(rng)
    order = [int(r) for r in rng.permutation(sorted(puzzle.clues))]

    def ok(keep):
        return finishes(with_numbers(puzzle, {r: puzzle.clues[r] for r in keep}), level)
    keep = minimal(order, ok, rng)
    return with_numbers(puzzle, {r: puzzle.clues[r] for r in keep})


def generate(h: int, w: int, seed=None, grade=None, avg: float | None = None,
             tries: int = 40):
    """A board with a unique answer whose numbers were erased while the
    ladder at ``grade`` (default: the top) still finished: ``(puzzle, answer)``.
    The fully numbered board is made to finish by splitting the countries the
    ladder leaves open (:func:`split_board`); a loop that splitting cannot
    settle is drawn again, up to ``tries`` loops.

    >>> p, a = generate(5, 5, seed=3)
    >>> from .model import check
    >>> check(p, a), finishes(p)
    ([], True)
    """
    if h * w > MAX_CELLS:
        raise ValueError(f"{h}x{w} is more than the {MAX_CELLS} cells this genre accepts")
    if h < 2 or w < 2:
        raise ValueError("Country Road needs a board of at least 2x2")
    rng = np.random.default_rng(seed)
    lvl = LADDER.level(grade)
    for _ in range(tries):
        made = split_board(rng, h, w, lvl, avg)
        if made is not None:
            return erase_fast(rng, made[0], lvl), made[1]
    raise ValueError(f"no {h}x{w} board finishing at {LADDER.names[lvl]} in {tries} tries; "
                     "smaller boards finish more often")


def random_partition(rng, h: int, w: int, k: int) -> np.ndarray:
    """``k`` connected countries grown from random seeds, the smallest country
    taking one random free neighbour at a time (compact, balanced countries).
    Returns ``(h, w)`` labels."""
    rng = np.random.default_rng(rng)
    n = h * w
    k = max(1, min(int(k), n))
    nb = Grid(h, w).nbrs
    lab = np.full(n, -1, dtype=np.int64)
    lab[rng.choice(n, size=k, replace=False)] = np.arange(k)
    size = np.ones(k, dtype=np.int64)
    stuck = np.zeros(k, dtype=bool)
    while (lab < 0).any():
        open_ = np.flatnonzero(~stuck)
        g = open_[np.flatnonzero(size[open_] == size[open_].min())]
        g = int(g[int(rng.integers(len(g)))])
        front = sorted({int(y) for x in np.flatnonzero(lab == g) for y in nb[x]
                        if y >= 0 and lab[y] < 0})
        if not front:
            stuck[g] = True
            continue
        lab[front[int(rng.integers(len(front)))]] = g
        size[g] += 1
    return lab.reshape(h, w)


def random_small(rng, h: int, w: int) -> Puzzle:
    """A small board with 0, 1 or many answers: a loop-first board with some
    numbers kept (or a few changed), or a random partition with random
    numbers; now and then the skip switch is on."""
    rng = np.random.default_rng(rng)
    mode = rng.random()
    if h >= 2 and w >= 2 and mode < 0.6:
        p, _ = board_from_loop(rng, h, w)
        keep = rng.random(p.k) < rng.uniform(0.2, 1.0)
        clues = {r: v for r, v in p.clues.items() if keep[r]}
        if rng.random() < 0.3 and clues:
            r = list(clues)[int(rng.integers(len(clues)))]
            clues[r] = int(rng.integers(0, p.sizes[r] + 1))
    else:
        lab = random_partition(rng, h, w, int(rng.integers(1, h * w + 1)))
        p = Puzzle.make(lab)
        clues = {r: int(rng.integers(0, p.sizes[r] + 1)) for r in range(p.k)
                 if rng.random() < 0.4}
    q = p.with_clues(clues)
    if rng.random() < 0.2:
        q = Puzzle(q.h, q.w, q.regions, q.clues, frozenset(), True)
    return q


def sweep_board(rng, n: int, density: str = "dense") -> Puzzle:
    """An ``n`` x ``n`` loop-first board for timing sweeps, every country
    numbered (``dense``) or a third of them (``sparse``)."""
    rng = np.random.default_rng(rng)
    p, _ = board_from_loop(rng, max(n, 2), max(n, 2))
    if density == "sparse":
        keep = rng.random(p.k) < 1 / 3
        p = p.with_clues({r: v for r, v in p.clues.items() if keep[r]})
    return p


def grade_of(puzzle: Puzzle):
    from . import SPEC
    return _grade(SPEC, puzzle)


def rebuild_bank(seed=None, per_size: int = BANK_PER_SIZE, sizes=BANK_SIZES,
                 budget: dict | None = None) -> list[dict]:
    """The shipped bank.  Per size, fully numbered loop-first boards are drawn
    (seeds in order); each is erased adversarially at its own grade (the
    weakest level finishing it with every number), so the grade survives the
    erasing.  The whole seed budget of a size is scanned, so every grade that
    occurs in it is represented (up to a quarter of the boards each); the rest
    are ``probe`` boards.  Each is proved unique by the walker and by the
    ladder's search before it is kept."""
    from ..core.genre import ladder_count
    from . import SPEC
    base = 20261130 if seed is None else int(seed)
    budget = budget or {6: 3000, 8: 800, 10: 1200}
    out = []
    for h, w in sizes:
        by_grade: dict = {}
        want = {g: (per_size if g == "probe" else max(1, per_size // 4)) for g in LADDER.names}
        for i in range(budget.get(h, 500)):
            s = base + 10000 * h + i
            rng = np.random.default_rng(s)
            p, a = board_from_loop(rng, h, w)
            g = grade_of(p)
            if g is None or len(by_grade.get(g, [])) >= want[g]:
                continue
            q = erase(rng, p, g)
            if grade_of(q) != g:
                continue
            if SPEC.brute_count(q, 2).unique is not True or \
                    ladder_count(SPEC, q, 2).unique is not True:
                continue
            by_grade.setdefault(g, []).append((s, q, a))
        lower = [x for g in LADDER.names[:-1] for x in by_grade.get(g, [])[:max(1, per_size // 4)]]
        picked = (lower + by_grade.get("probe", []))[:per_size]
        for j, (s, q, a) in enumerate(sorted(picked, key=lambda t: t[0])):
            out.append(bank_record(f"country_road-{h}x{w}-{j:03d}", q, a, grade_of(q), s))
    return out
