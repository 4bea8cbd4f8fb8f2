"""Answers by backbite moves between Hamiltonian paths; clue sets by reveal.

``backbite`` never rejects a path and never restarts: from the snake it walks
between answers.  ``adversarial`` reveals until a ladder level finishes and
then takes back every number the level can do without; ``reveal_until_unique``
reveals in random order until the raw engine says the answer is unique.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from ..core.generate import bank_record
from ..core.grid import Grid
from ..core.referee import InputError, strict_size
from ..core.search import Budget, count_solutions as _search
from .brute import brute_count
from .ladder import LADDER, decode_values, initial_state
from .model import MAX_CELLS, Answer, Puzzle, check, is_answer  # noqa: F401 (check: doctests)

__all__ = ["snake", "backbite", "random_answer", "turns", "adversarial", "take_back",
           "reveal_until_unique", "is_unique", "random_small", "generate", "rebuild_bank",
           "MOVES_PER_CELL"]

MOVES_PER_CELL = 60
GENERATE_CELLS = 400   # the generator's own cap (below MAX_CELLS): its probes grow fast


def snake(h: int, w: int) -> np.ndarray:
    """The boustrophedon path, row by row (cells in order).

    >>> snake(2, 3).tolist()
    [0, 1, 2, 5, 4, 3]
    """
    rows = [np.arange(r * w, (r + 1) * w)[:: 1 if r % 2 == 0 else -1] for r in range(h)]
    return np.concatenate(rows).astype(np.int64)


def backbite(path, h: int, w: int, moves: int, seed=None):
    """Apply ``moves`` backbite proposals to ``path``; returns (path, accepted).

    A proposal picks an end and one of its grid neighbours u; unless u is the
    end's own successor, the edge (end, u) is added and the edge entering u
    from the far side dropped, which reverses a prefix (or suffix).

    >>> p, acc = backbite(snake(4, 4), 4, 4, 200, seed=1)
    >>> from puzzlekit.numbrix.model import is_answer
    >>> is_answer(Answer.from_path(4, 4, p).grid, 4, 4), 0 < acc <= 200
    (True, True)
    """
    rng = np.random.default_rng(seed)
    g = Grid(h, w)
    path = np.ascontiguousarray(path, dtype=np.int64).copy()
    ends = rng.integers(0, 2, size=moves).astype(np.int64)
    picks = rng.random(moves)
    acc = _backbite_jit(path, np.ascontiguousarray(g.nbrs), ends, picks)
    return path, int(acc)


def random_answer(h: int, w: int, seed=None, moves_per_cell: float = MOVES_PER_CELL) -> Answer:
    """An answer sampled by backbite from the snake."""
    p, _ = backbite(snake(h, w), h, w, int(round(moves_per_cell * h * w)), seed)
    return Answer.from_path(h, w, p)


def turns(path, w: int) -> int:
    """Number of turns of a path (direction changes).

    >>> turns(snake(10, 10), 10)
    18
    """
    p = np.asarray(path)
    r, c = np.divmod(p, w)
    d = np.stack([np.diff(r), np.diff(c)], axis=1)
    return int(np.any(d[1:] != d[:-1], axis=1).sum())


def is_unique(puzzle, max_nodes: int = 200_000) -> bool | None:
    """Is the answer unique?  The raw engine within ``max_nodes``; where it runs
    out first (sparse boards can send a walk a long way), the ladder's search
    at ``edge``, then the raw engine with its full budget.  None only if every
    engine ran out.

    >>> is_unique(Puzzle(np.array([[1, 0, 3], [0, 0, 0]]))), is_unique(Puzzle.blank(2, 2))
    (True, False)
    """
    r = brute_count(puzzle, 2, max_nodes)
    if r.unique is not None:
        return r.unique
    s = _search(initial_state(puzzle), LADDER, _accept(puzzle), "edge", 2, Budget(max_nodes))
    if s.unique is not None:
        return s.unique
    return brute_count(puzzle, 2).unique


def _accept(puzzle):
    h, w = puzzle.h, puzzle.w
    return lambda s: bool(is_answer(decode_values(s), h, w))


def _finishes(h, w, values, cells, level):
    puz = Puzzle.from_cells(h, w, values, cells)
    st = initial_state(puz)
    if LADDER.level(level) == len(LADDER) - 1 and brute_count(puz, 2, 100_000).count >= 2:
        # a sound ladder never finishes a board with two answers: skip the probe
        LADDER.fixpoint(st, len(LADDER) - 2)
        return False, st
    return LADDER.fixpoint(st, level).solved, st


def adversarial(answer: Answer, level="edge", seed=None, reveal_level=None):
    """An irredundant clue set for ``level``: reveal (at random among the
    cells the level has not decided) until the level finishes, then take
    back, in random order, every number it can do without.  Returns cells.

    ``reveal_level`` (default ``level``) runs the reveal phase at another
    level; a weaker one is cheaper and still ends where ``level`` finishes.
    """
    rng = np.random.default_rng(seed)
    h, w = answer.grid.shape
    vals = answer.grid.ravel()
    n = h * w
    order = rng.permutation(n)
    cells = []
    while True:
        done, st = _finishes(h, w, vals, cells, level if reveal_level is None else reveal_level)
        if done:
            break
        open_ = st.cand.sum(axis=1) > 1
        nxt = next((int(c) for c in order if open_[c] and c not in cells), None)
        if nxt is None:
            nxt = next(int(c) for c in order if c not in cells)
        cells.append(nxt)
    return take_back(answer, cells, level, rng)


def take_back(answer: Answer, cells, level="edge", seed=None):
    """Drop, in random order, every printed number of ``cells`` that ``level``
    can do without (the set must finish at ``level``).  Returns sorted cells.

    >>> a = Answer(np.array([[1, 2, 3], [6, 5, 4]]))
    >>> take_back(a, range(6), "link", seed=0)
    [0, 4]
    """
    rng = np.random.default_rng(seed)
    h, w = answer.grid.shape
    vals = answer.grid.ravel()
    cells = [int(c) for c in cells]
    for c in list(rng.permutation(cells)):
        trial = [x for x in cells if x != c]
        if _finishes(h, w, vals, trial, level)[0]:
            cells = trial
    return sorted(cells)


def reveal_until_unique(answer: Answer, seed=None, max_nodes: int = 200_000):
    """Reveal numbers in random order until the answer is unique (by
    :func:`is_unique`); returns the reveal order's length needed and the order.

    Uniqueness only grows with the revealed prefix, so the shortest unique
    prefix is found by bisection.
    """
    rng = np.random.default_rng(seed)
    h, w = answer.grid.shape
    vals = answer.grid.ravel()
    order = rng.permutation(h * w)
    lo, hi = 0, h * w  # prefix hi is unique; lo is not
    while hi - lo > 1:
        mid = (lo + hi) // 2
        u = is_unique(Puzzle.from_cells(h, w, vals, order[:mid]), max_nodes)
        if u is None:
            raise RuntimeError(f"uniqueness of a {h}x{w} board undecided by every engine")
        if u:
            hi = mid
        else:
            lo = mid
    return hi, order


def random_small(rng, h: int, w: int) -> Puzzle:
    """A random ``h`` x ``w`` board for the generic checks, with 0, 1 or many
    answers: numbers printed from a backbite answer (any share of them, more
    on bigger boards so the probe stays cheap), the same with one number
    moved or changed (usually no answer), or random numbers in random cells.

    Every grid has a Hamiltonian path (the snake), so every shape has boards.

    >>> p = random_small(np.random.default_rng(0), 3, 4)
    >>> (p.h, p.w), bool(p.clues.max() <= 12)
    ((3, 4), True)
    """
    h, w = int(h), int(w)
    if h < 1 or w < 1:
        raise ValueError(f"no {h}x{w} board")
    rng = np.random.default_rng(rng)
    n = h * w
    mode = int(rng.integers(5))
    least = 0 if n <= 16 else int(round(n * min(0.25, (n - 16) / 60)))   # 6x6: 9 or more
    k = int(rng.integers(least, n + 1))
    if mode == 4:                               # random numbers: mostly no answer
        k = int(rng.integers(1, max(2, n // 3) + 1)) if n > 1 else 1
        g = np.zeros(n, dtype=np.int64)
        g[rng.choice(n, k, replace=False)] = rng.choice(n, k, replace=False) + 1
        return Puzzle(g.reshape(h, w))
    vals = random_answer(h, w, rng, moves_per_cell=10).grid.ravel().copy()
    cells = rng.choice(n, k, replace=False)
    g = np.zeros(n, dtype=np.int64)
    g[cells] = vals[cells]
    if mode == 3 and 0 < k < n:                 # one number moved or changed
        c = int(rng.choice(cells))
        if rng.random() < 0.5:
            free = np.flatnonzero(g == 0)
            g[int(rng.choice(free))], g[c] = g[c], 0
        else:
            unused = np.setdiff1d(np.arange(1, n + 1), g[g > 0])
            g[c] = int(rng.choice(unused))
    return Puzzle(g.reshape(h, w))


def generate(h: int, w: int, seed=None, grade=None):
    """A unique board: a backbite answer and an adversarial clue set for
    ``grade`` (default ``edge``); with ``grade`` given, up to 12 answers are
    tried for a board whose grade is exactly that level.  Returns ``(puzzle, answer)``.

    >>> p, a = generate(4, 4, seed=2, grade="link")
    >>> LADDER.grade(initial_state(p)), check(p, a)
    ('link', [])
    """
    h, w = strict_size(h, w, MAX_CELLS)
    if h * w > GENERATE_CELLS:
        raise InputError(f"the generator makes boards of at most {GENERATE_CELLS} cells, "
                         f"got {h}x{w}")
    rng = np.random.default_rng(seed)
    level = LADDER.names[LADDER.level("edge" if grade is None else grade)]
    for attempt in range(12):   # prefer a board whose grade is the level asked for
        ans = random_answer(h, w, rng)
        puz = Puzzle.from_cells(h, w, ans.grid.ravel(), adversarial(ans, level, rng))
        if grade is None or LADDER.grade(initial_state(puz)) == level:
            break
    return puz, ans


BANK_PLAN = {4: ("link", "block", "edge", "probe"), 6: ("link", "block", "edge", "probe"),
             8: ("link", "block", "edge", "probe"), 10: ("link", "block", "edge", "edge")}


def rebuild_bank(seed=None, per_size: int = 16, progress=None):
    """The bank: ``per_size`` boards each of 4x4, 6x6, 8x8 and 10x10.

    Each board: a backbite answer, an adversarial clue set for a target level
    (cycling through ``BANK_PLAN``), proved unique by the raw engine, graded
    by the weakest finishing level, and skipped if the reversal certificate
    reads a second answer off it (it cannot, on a unique board).
    ``progress``, if given, is called with each entry as it is made.
    """
    from .certify import reversal
    base = 20261129 if seed is None else int(seed)
    out = []
    for size, plan in BANK_PLAN.items():
        k = 0
        tries = 0
        while k < per_size:
            s = base + 1000 * size + tries
            tries += 1
            rng = np.random.default_rng(s)
            ans = random_answer(size, size, rng)
            cells = adversarial(ans, plan[k % len(plan)], rng)
            puz = Puzzle.from_cells(size, size, ans.grid.ravel(), cells)
            if brute_count(puz, 2).unique is not True or reversal(puz, ans) is not None:
                continue
            grade = LADDER.grade(initial_state(puz))
            out.append(bank_record(f"numbrix-{size}x{size}-{k + 1:03d}", puz, ans, grade, s))
            if progress:
                progress(out[-1])
            k += 1
    return out


# ---------------------------------------------------------------- kernels

SWEEP_SHARE = {"dense": 0.4, "sparse": 0.15}


def sweep_board(rng, n: int, density: str) -> Puzzle:
    """An ``n`` x ``n`` board for timing sweeps: a random answer with 40%
    (``dense``) or 15% (``sparse``) of its numbers printed, uniqueness not
    asked for."""
    a = random_answer(n, n, rng)
    k = max(1, int(round(SWEEP_SHARE[density] * n * n)))
    return Puzzle.from_cells(n, n, a.grid.ravel(), rng.choice(n * n, k, replace=False))


@njit(cache=True)
def _backbite_jit(path, nbrs, ends, picks):
    n = path.shape[0]
    pos = np.empty(n, dtype=np.int64)
    for i in range(n):
        pos[path[i]] = i
    acc = 0
    if n < 3:
        return 0
    for t in range(ends.shape[0]):
        at_start = ends[t] == 0
        e = path[0] if at_start else path[n - 1]
        deg = 0
        for d in range(4):
            if nbrs[e, d] >= 0:
                deg += 1
        k = int(picks[t] * deg)
        if k >= deg:
            k = deg - 1
        u = -1
        for d in range(4):
            if nbrs[e, d] >= 0:
                if k == 0:
                    u = nbrs[e, d]
                    break
                k -= 1
        j = pos[u]
        if at_start:
            if j == 1:
                continue
            a, b = 0, j - 1
        else:
            if j == n - 2:
                continue
            a, b = j + 1, n - 1
        while a < b:
            x = path[a]
            path[a] = path[b]
            path[b] = x
            pos[path[a]] = a
            pos[path[b]] = b
            a += 1
            b -= 1
        acc += 1
    return acc
