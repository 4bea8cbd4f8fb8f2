"""Answers, clues and boards: a scan-order tiling with a horizontal-bias dial
(optionally leaving empty cells), a filling that cannot dead-end (neutral is
always legal) with a magnetisation dial, clue regimes (margins, given poles),
uniqueness by the raw engine, grading, minimisation, the repair of large
boards with given poles, and the bank.
"""
from __future__ import annotations

import numpy as np

from ..core.generate import bank_record
from ..core.referee import InputError
from ..core.search import Budget, SearchSettings, count_solutions as _count
from . import brute
from .ladder import LADDER, decode, initial_state
from .model import MINUS, NEUTRAL, PLUS, Answer, Puzzle, check, check_size, clues_of

__all__ = ["tiling", "fill", "sample", "erase", "corrupt", "reveal", "random_small", "mixed_board",
           "any_shape", "unique", "search_count", "grade", "minimise", "is_minimal", "attempt",
           "repair", "large_budget", "attempt_large", "generate", "rebuild_bank", "verify_extra",
           "BANK_PLAN"]

BANK_PLAN = {(6, 6): 2, (8, 8): 2, (10, 10): 2}   # boards per (size, grade)
MAGNETISE = (1.0, 0.7, 0.4, 0.25)                  # densities the bank builder cycles through

# Past LARGE_CELLS cells a board with every margin number printed is seldom
# unique and its proof is slow, so :func:`generate` prints a share of the
# answer's poles (LARGE_GIVENS), repairs and minimises under node budgets
# (:func:`attempt_large`); boards up to 14x14 are made as before.  At 16x16
# the margins-only way often spends minutes on one board, the repair under
# a second (``benchmarks/bench_generate.py``).
LARGE_CELLS = 196
LARGE_GIVENS = 0.2
LARGE_PROOF_NODES = 10_000      # nodes for one count of the repair or the minimisation
LARGE_BUDGET = 300_000          # nodes and probe trials for the minimisation of a 20x20 board


def large_budget(h: int, w: int) -> int:
    """The budget of :func:`attempt_large`'s minimisation (search nodes and
    probe trials) for an ``h`` x ``w`` board: :data:`LARGE_BUDGET` up to 400
    cells and lines of 20, less in proportion past either (a node costs
    about as much more).

    >>> large_budget(20, 20), large_budget(30, 30), large_budget(2, 200)
    (300000, 88888, 30000)
    """
    return int(LARGE_BUDGET * min(1.0, 400 / (h * w)) * min(1.0, 20 / max(h, w)))


def tiling(h: int, w: int, hbias: float = 0.5, seed=None, max_restarts: int = 10_000,
           holes: float = 0.0) -> np.ndarray:
    """A random domino tiling as a partner array, laid in scan order.

    At the first unplaced cell the domino goes right with probability ``hbias``
    and down otherwise, whenever both are open; a forced choice is taken; a
    cell with neither restarts the board (bounded).  With ``holes > 0`` each
    unplaced cell is instead left empty (partner -1) with that probability,
    and a cell with no room is left empty rather than restarting: every shape
    is tiled in one pass.

    >>> tiling(2, 4, hbias=1.0, seed=0).tolist()
    [1, 0, 3, 2, 5, 4, 7, 6]
    >>> tiling(2, 2, hbias=0.0, seed=0).tolist()
    [2, 3, 0, 1]
    >>> tiling(1, 3, hbias=1.0, seed=0, holes=0.01).tolist()
    [1, 0, -1]
    """
    if holes > 0:
        return _tiling_with_holes(h, w, hbias, holes, np.random.default_rng(seed))
    if (h * w) % 2:
        raise InputError(f"a {h}x{w} board has an odd number of cells and cannot be tiled")
    rng = np.random.default_rng(seed)
    n = h * w
    for _ in range(max_restarts):
        u = rng.random(n)
        part = np.full(n, -1, dtype=np.int32)
        ok = True
        for i in range(n):
            if part[i] >= 0:
                continue
            r, c = divmod(i, w)
            right = c + 1 < w and part[i + 1] < 0
            down = r + 1 < h
            if right and down:
                j = i + 1 if u[i] < hbias else i + w
            elif right:
                j = i + 1
            elif down:
                j = i + w
            else:
                ok = False
                break
            part[i], part[j] = j, i
        if ok:
            return part
    raise ValueError(f"no {h}x{w} tiling found in {max_restarts} restarts")


def _tiling_with_holes(h, w, hbias, holes, rng):
    n = h * w
    u, e = rng.random(n), rng.random(n)
    part = np.full(n, -1, dtype=np.int32)
    done = np.zeros(n, dtype=bool)
    for i in range(n):
        if done[i]:
            continue
        done[i] = True
        r, c = divmod(i, w)
        right = c + 1 < w and not done[i + 1]
        down = r + 1 < h
        if e[i] < holes or not (right or down):
            continue                                   # an empty cell
        j = (i + 1 if u[i] < hbias else i + w) if right and down else (i + 1 if right else i + w)
        part[i], part[j] = j, i
        done[j] = True
    return part


def fill(h: int, w: int, partner, magnetise: float = 1.0, seed=None) -> np.ndarray:
    """Give every domino a state that is legal right now, in random order.

    With probability ``magnetise`` a domino becomes a magnet in one of its legal
    orientations (if it has any), else it stays neutral.  Neutral conflicts with
    nothing, so the loop always advances: there is no dead end to retry.

    >>> g = fill(2, 2, [1, 0, 3, 2], magnetise=1.0, seed=3)
    >>> sorted(g.ravel().tolist()) in ([0, 0, 1, 1], [2, 2, 2, 2], [0, 1, 2, 2])
    True
    """
    rng = np.random.default_rng(seed)
    n = h * w
    part = np.asarray(partner)
    g = np.full(n, -1, dtype=np.int8)
    g[part < 0] = NEUTRAL                              # empty cells
    first = [i for i in range(n) if part[i] > i]
    order = rng.permutation(len(first))
    u = rng.random(len(first))
    pick = rng.random(len(first))

    def legal(x, v):
        r, c = divmod(x, w)
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= rr < h and 0 <= cc < w and g[rr * w + cc] == v:
                return False
        return True

    for k, o in enumerate(order):
        a = first[o]
        b = int(part[a])
        opts = [(s, t) for s, t in ((PLUS, MINUS), (MINUS, PLUS)) if legal(a, s) and legal(b, t)]
        if opts and u[k] < magnetise:
            g[a], g[b] = opts[int(pick[k] * len(opts))]
        else:
            g[a] = g[b] = NEUTRAL
    return g.reshape(h, w)


def sample(h: int, w: int, hbias: float = 0.5, magnetise: float = 1.0, seed=None,
           holes: float = 0.0):
    """A random answer and its full-clue puzzle: ``(puzzle, answer)``
    (``holes``: the share of cells left empty, see :func:`tiling`)."""
    rng = np.random.default_rng(seed)
    part = tiling(h, w, hbias, rng, holes=holes)
    g = fill(h, w, part, magnetise, rng)
    return clues_of(part, g, h, w), Answer(g)


def reveal(puzzle: Puzzle, answer: Answer, share: float, seed=None) -> Puzzle:
    """Print each pole of the answer as a given pole with probability ``share``.

    >>> p, a = sample(4, 4, seed=0)
    >>> q = reveal(p, a, 1.0)
    >>> bool((q.given[q.given >= 0] == a.grid.ravel()[q.given >= 0]).all())
    True
    """
    rng = np.random.default_rng(seed)
    g = answer.grid.ravel()
    given = np.where((g < NEUTRAL) & (rng.random(g.size) < share), g, -1)
    return puzzle.with_given(given)


def erase(puzzle: Puzzle, keep: float, seed=None) -> Puzzle:
    """Blank each margin number independently with probability ``1 - keep``."""
    rng = np.random.default_rng(seed)
    c = puzzle.clue_vector.copy()
    c[rng.random(c.size) >= keep] = -1
    return puzzle.with_clues(c)


def sweep_board(rng, n: int, density: str) -> Puzzle:
    """An ``n`` x ``n`` board for timing sweeps: a random tiling and answer
    with every margin number printed (``dense``) or each kept with
    probability 1/2 (``sparse``), uniqueness not asked for."""
    p, _ = sample(n, n, seed=rng)
    return p if density == "dense" else erase(p, 0.5, seed=rng)


def corrupt(puzzle: Puzzle, k: int = 1, seed=None) -> Puzzle:
    """Change ``k`` printed margin numbers (distinct lines) to other values their
    line allows; such a board usually has no answer left."""
    rng = np.random.default_rng(seed)
    c = puzzle.clue_vector.copy()
    h, w = puzzle.h, puzzle.w
    top = np.array([w] * (2 * h) + [h] * (2 * w))       # the most each number can be
    shown = np.flatnonzero(c >= 0)
    for j in rng.permutation(shown)[:k]:
        other = [v for v in range(top[j] + 1) if v != c[j]]
        c[j] = other[int(rng.integers(len(other)))]
    return puzzle.with_clues(c)


def random_small(rng, h: int, w: int) -> Puzzle:
    """A random board of shape ``h``×``w`` for the generic checks: a random
    tiling (with empty cells on about half the boards, and always on an odd
    area), a random legal answer, some of its poles printed as given poles on
    about half the boards, and its margins all printed, some printed, or
    printed and then corrupted (sometimes a given pole flipped too), so it may
    have no answer, one, or many.  Every shape is accepted.

    >>> p = random_small(np.random.default_rng(0), 3, 4)
    >>> (p.h, p.w), bool(all(p.partner[j] == i for i, j in enumerate(p.partner) if j >= 0))
    ((3, 4), True)
    >>> bool(random_small(np.random.default_rng(0), 3, 3).holes.any())
    True
    """
    rng = np.random.default_rng(rng)
    holes = rng.uniform(0.03, 0.25) if (h * w) % 2 or rng.random() < 0.5 else 0.0
    part = tiling(h, w, rng.random(), rng, holes=holes)
    g = fill(h, w, part, rng.random(), rng)
    p = clues_of(part, g, h, w)
    if rng.random() < 0.5:
        p = reveal(p, Answer(g), rng.uniform(0.15, 0.5), rng)
    mode = int(rng.integers(3))
    if mode == 1:                                   # some margins printed
        p = erase(p, rng.uniform(0.2, 0.9), rng)
    elif mode == 2:                                 # printed, then one or two corrupted
        p = corrupt(erase(p, rng.uniform(0.7, 1.0), rng), int(rng.integers(1, 3)), rng)
        shown = np.flatnonzero(p.given >= 0)
        if shown.size and rng.random() < 0.5:       # and a given pole flipped
            given = p.given.copy()
            k = shown[int(rng.integers(shown.size))]
            given[k] = 1 - given[k]
            p = p.with_given(given)
    return p


def mixed_board(seed=None) -> Puzzle:
    """A small board of mixed size (4 to 6 rows, an even width), tiling bias,
    density and clue regime (all, three quarters, half or a quarter of the
    margin numbers kept)."""
    rng = np.random.default_rng(seed)
    size = int(rng.choice([4, 5, 6]))
    p, _ = sample(size, size + size % 2, rng.random(), rng.random(), rng)
    return erase(p, float(rng.choice([1.0, 0.75, 0.5, 0.25])), rng)


def any_shape(seed=None):
    """A full-clue ``(puzzle, answer)`` of random shape (1 to 10 rows, an even
    width up to 10), tiling bias and density."""
    rng = np.random.default_rng(seed)
    h, w = int(rng.integers(1, 11)), 2 * int(rng.integers(1, 6))
    return sample(h, w, rng.random(), rng.random(), rng)


def unique(puzzle: Puzzle, max_nodes: int = 50_000_000):
    """True / False by the raw engine (None if its budget runs out)."""
    return brute.brute_count(puzzle, 2, max_nodes).unique


def search_count(puzzle: Puzzle, limit: int = 2, level="gac", max_nodes: int = 200_000):
    """Solution count by the ladder's propagate-and-branch search (None if capped)."""
    acc = _accept(puzzle)
    r = _count(initial_state(puzzle), LADDER, acc, level, limit, Budget(max_nodes))
    return None if (r.capped and r.count < limit) else r.count


def _accept(puzzle):
    return lambda s: not check(puzzle, decode(s))


def grade(puzzle: Puzzle) -> str | None:
    """Weakest ladder level whose fixpoint finishes the board (None: none does)."""
    return LADDER.grade(initial_state(puzzle))


def minimise(puzzle: Puzzle, seed=None, level=None) -> Puzzle:
    """Blank clues in shuffled order, keeping each blank only if a search count
    still proves the board unique (and, with ``level``, that level still finishes it)."""
    rng = np.random.default_rng(seed)
    c = puzzle.clue_vector.copy()
    for k in rng.permutation(c.size):
        if c[k] < 0:
            continue
        old, c[k] = c[k], -1
        q = puzzle.with_clues(c)
        if level is not None:
            ok = LADDER.fixpoint(initial_state(q), level).solved
        else:
            ok = search_count(q) == 1
        if not ok:
            c[k] = old
    return puzzle.with_clues(c)


def is_minimal(puzzle: Puzzle) -> bool:
    """Every remaining clue is needed: blanking any one admits a second answer
    (found by the ladder's search count)."""
    c = puzzle.clue_vector
    for k in np.flatnonzero(c >= 0):
        d = c.copy()
        d[k] = -1
        if search_count(puzzle.with_clues(d)) != 2:
            return False
    return True


def attempt(h: int, w: int, target=None, seed=None, hbias: float = 0.5, magnetise: float = 1.0,
            holes: float = 0.0, givens: float = 0.0):
    """One try at a minimal unique board: ``(puzzle, answer, grade)`` or None.

    With a ``target`` level below probe, clues are blanked only while that
    level still finishes the board; the result is kept only if its clue set is
    also minimal for uniqueness and its grade is the target.  ``holes`` leaves
    that share of cells empty; ``givens`` prints that share of the answer's
    poles as given poles, which stay printed while the margins are minimised.
    """
    rng = np.random.default_rng(seed)
    p, a = sample(h, w, hbias, magnetise, rng, holes=holes)
    if givens > 0:
        p = reveal(p, a, givens, rng)
    lvl = None if target is None else LADDER.level(target)
    if lvl is not None and lvl < len(LADDER) - 1:
        g0 = grade(p)
        if g0 is None or LADDER.level(g0) > lvl:
            return None
        q = minimise(p, rng, level=lvl)
        if not is_minimal(q):
            return None
    else:
        if search_count(p) != 1:
            return None
        q = minimise(p, rng)
    if search_count(q) != 1:
        return None
    g = grade(q)
    if lvl is not None and g != LADDER.names[lvl]:
        return None
    return q, a, g


def _proof(puzzle: Puzzle, max_nodes: int):
    """The ladder's count to 2 with probe at the root only, capped at
    ``max_nodes`` nodes (deterministic: no clock, no restarts)."""
    return _count(initial_state(puzzle), LADDER, None, None, 2, Budget(max_nodes),
                  SearchSettings(probe_depth=1))


def repair(puzzle: Puzzle, answer: Answer, seed=None, max_nodes: int = LARGE_PROOF_NODES,
           max_givens: int | None = None):
    """Make ``puzzle`` unique with ``answer`` its answer by printing given
    poles, never by resampling: while a count finds a second answer, print
    ``answer``'s pole at a random cell where that answer differs from it and
    holds a pole (when the count is capped, or no such cell exists, at a
    random cell of ``answer`` with a pole not yet given).  Returns the unique
    board, or None once ``max_givens`` poles are printed (default: all).

    >>> p, a = sample(6, 6, seed=3)
    >>> q = repair(p, a, seed=0)
    >>> search_count(q), bool((q.given[q.given >= 0] == a.grid.ravel()[q.given >= 0]).all())
    (1, True)
    """
    rng = np.random.default_rng(seed)
    want = answer.grid.ravel()
    q = puzzle
    poles = want < NEUTRAL
    cap = int(poles.sum()) if max_givens is None else int(max_givens)
    while True:
        r = _proof(q, max_nodes)
        if r.complete and r.count == 1:
            return q
        if r.complete and r.count == 0:
            raise ValueError("repair: the board has no answer (it does not match the answer given)")
        given = q.given.copy()
        if int((given >= 0).sum()) >= cap:
            return None
        cells = np.zeros(want.size, dtype=bool)
        for st in r.solutions:
            cells |= decode(st).grid.ravel() != want
        cells &= poles & (given < 0)
        if not cells.any():
            cells = poles & (given < 0)
        c = int(rng.choice(np.flatnonzero(cells)))
        given[c] = want[c]
        q = q.with_given(given)


def _minimise_within(puzzle: Puzzle, rng, max_nodes: int, budget: int) -> Puzzle:
    """Blank margin numbers and given poles in shuffled order, keeping a blank
    only if a count (``max_nodes`` each) proves the board still unique, until
    the counts have spent ``budget`` (their nodes and probe trials): unique,
    and minimal only if the budget lasted (a capped count keeps its clue)."""
    c = puzzle.clue_vector.copy()
    given = puzzle.given.copy()
    items = [(c, int(k)) for k in np.flatnonzero(c >= 0)] + \
            [(given, int(k)) for k in np.flatnonzero(given >= 0)]
    spent = 0
    for i in rng.permutation(len(items)):
        if spent >= budget:
            break
        arr, k = items[i]
        old, arr[k] = arr[k], -1
        r = _proof(puzzle.with_clues(c).with_given(given), min(max_nodes, budget - spent))
        spent += r.nodes + r.counters.get("probes", 0)
        if not (r.complete and r.count == 1):
            arr[k] = old
    return puzzle.with_clues(c).with_given(given)


def attempt_large(h: int, w: int, target=None, seed=None, hbias: float = 0.5,
                  magnetise: float = 1.0, holes: float = 0.0, givens: float = LARGE_GIVENS,
                  max_nodes: int = LARGE_PROOF_NODES, budget: int | None = None):
    """One try at a unique large board: ``(puzzle, answer, grade)`` or None.

    Every margin number printed and a share ``givens`` of the answer's poles
    given; :func:`repair` prints more poles until the board is unique; then
    margin numbers and given poles are blanked while a count proves the board
    unique, within ``budget`` nodes and probe trials in all (default
    :func:`large_budget`), so the clue set is minimal only when that budget
    lasts; every count is capped at ``max_nodes``.  Budgets count work, not
    seconds, so a seed makes the same board on any machine.
    """
    rng = np.random.default_rng(seed)
    p, a = sample(h, w, hbias, magnetise, rng, holes=holes)
    p = reveal(p, a, givens, rng)
    q = repair(p, a, rng, max_nodes)
    if q is None:
        return None
    q = _minimise_within(q, rng, max_nodes, large_budget(h, w) if budget is None else budget)
    g = grade(q)
    if target is not None and g != LADDER.names[LADDER.level(target)]:
        return None
    return q, a, g


def generate(h: int, w: int, seed=None, grade=None, hbias: float = 0.5,
             magnetise: float | None = None, max_tries: int = 300, holes: float = 0.0,
             givens: float = 0.0):
    """A unique board with a minimal set of margin numbers, optionally of a
    given grade.

    ``magnetise=None`` cycles through the bank's densities (:data:`MAGNETISE`),
    since the easy grades live on sparse answers.  ``holes`` (a share of
    cells left empty) allows an odd area; ``givens`` prints a share of the
    answer's poles (see :func:`attempt`).

    >>> p, a = generate(4, 4, seed=1)
    >>> unique(p), is_minimal(p)
    (True, True)
    >>> p, a = generate(3, 3, seed=1, holes=0.15, givens=0.3)
    >>> bool(p.holes.any()), unique(p)
    (True, True)
    """
    h, w = check_size(h, w)
    if (h * w) % 2 and holes <= 0:
        raise InputError(f"a {h}x{w} board has an odd number of cells and cannot be tiled "
                         "without empty cells")
    rng = np.random.default_rng(seed)
    for t in range(max_tries):
        m = MAGNETISE[t % len(MAGNETISE)] if magnetise is None else magnetise
        if h * w > LARGE_CELLS:
            r = attempt_large(h, w, grade, rng, hbias, m, holes, max(givens, LARGE_GIVENS))
        else:
            r = attempt(h, w, grade, rng, hbias, m, holes, givens)
        if r is not None:
            return r[0], r[1]
    raise ValueError(f"no {h}x{w} board of grade {grade} in {max_tries} tries")


def verify_extra(entry, puzzle, answer) -> str | None:
    """Bank check: the clue set is minimal."""
    if not is_minimal(puzzle):
        return "a clue can be blanked and the board stays unique"
    return None



def rebuild_bank(seed=None, plan=None, tries: int = 1000) -> list[dict]:
    """Boards of every grade found at each size (``tries`` attempts per size and
    grade), minimal, unique by search count and by the raw engine."""
    plan = BANK_PLAN if plan is None else plan
    base = 2026 if seed is None else int(seed)
    entries = []
    for (h, w), per in plan.items():
        for gi, g in enumerate(LADDER.names):
            if g == "pole":     # pole needs a pinned cell, and no cell starts pinned
                continue
            got = 0
            for t in range(tries):
                s = ((base * 100 + h) * 10 + gi) * 1000 + t
                mag = MAGNETISE[t % len(MAGNETISE)]
                r = attempt(h, w, g, s, 0.5, mag)
                if r is None or unique(r[0]) is not True:
                    continue
                got += 1
                entries.append(bank_record(f"magnets-{h}x{w}-{g}-{got}", r[0], r[1], g, s,
                                           recipe={"hbias": 0.5, "magnetise": mag,
                                                   "target": g}))
                if got >= per:
                    break
    return entries
