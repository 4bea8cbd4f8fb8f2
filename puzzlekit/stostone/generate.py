"""Generation runs backwards: the answer is built by lifting, so it never has
to be rejected for rule 4.

Fill the bottom h/2 rows (what the stones look like once they have landed),
cut that block into connected pieces, and lift each piece straight up.  Two
pieces sharing a column keep their order (the upper one lifts at least as far
as the lower one): a DAG over the pieces, and a cycle means two pieces would
have to interleave, so the cut is thrown away.  The lift values are chosen by
a backtracking search that refuses any lift leaving two pieces touching.
Regions are then grown outwards from the stones over the blank cells, numbers
are bought adversarially (a region whose size differs in a rival answer gets
its number), and the map is redrawn until the full number set pins the
answer; the bought numbers are minimised.

Past 8x8 the answer is a column walk, and every proof is about one known
answer: a :class:`Prover` asks CP-SAT once for an answer other than it, and
keeps the connectivity cuts it learns per region, so the many proofs on one
map (mending it, then thinning its numbers) do not learn them again.
"""
from __future__ import annotations

import heapq

import numpy as np

from ..core.generate import bank_record, other_answer, seeded_board
from ..core.minimise import minimal, take_back
from ..core.referee import InputError, strict_size
from ..core.search import Budget, SearchSettings, count_solutions
from .ladder import LADDER, initial_state
from .model import MAX_CELLS, RULE4, Answer, Puzzle

__all__ = ["Prover", "cut", "lift", "random_answer", "grow_regions", "count", "rival", "buy",
           "minimise", "grade", "random_small", "sweep_board", "generate", "rebuild_bank",
           "bank_entry", "verify_extra", "BANK_ROWS", "region_sizes", "column_walk",
           "stone_stats", "four_counts", "full_numbers", "pinned_map"]

BANK_ROWS = ((6, 44), (8, 33))
AIM = {6: 2.0, 8: 3.0}         # piece size the bank's cuts aim at (ours, not the article's)
SEARCH_LEVEL = "probe"
LIFT_NODES = 200
LIFT_TRIES = 500          # cuts the generator tries to lift before it walks columns instead
LIFT_CELLS = 64           # past this many cells lifting rarely succeeds: answers by column_walk


def cut(h: int, w: int, rng, aim: float = 2.5, flat: float = 1.0) -> list[list[int]]:
    """The bottom h/2 rows cut into random connected pieces of about ``aim`` cells
    (a piece grows sideways ``flat`` times as readily as up or down).

    >>> ps = cut(4, 3, np.random.default_rng(1)); sorted(c for p in ps for c in p)
    [6, 7, 8, 9, 10, 11]
    """
    rng = np.random.default_rng(rng)
    half = h // 2
    cells = [r * w + c for r in range(half, h) for c in range(w)]
    owner = {c: -1 for c in cells}
    pieces = []
    for start in rng.permutation(cells):
        start = int(start)
        if owner[start] >= 0:
            continue
        want = 1 + int(rng.poisson(max(aim - 1, 0.0)))
        piece, front = [start], [start]
        owner[start] = len(pieces)
        while front and len(piece) < want:
            v = front[int(rng.integers(len(front)))]
            r, c = divmod(v, w)
            opts = [u for u in (v - w, v + w, v - 1 if c > 0 else -1, v + 1 if c < w - 1 else -1)
                    if u in owner and owner[u] < 0]
            if not opts:
                front.remove(v)
                continue
            wt = np.array([flat if abs(u - v) == 1 else 1.0 for u in opts])
            u = opts[int(rng.choice(len(opts), p=wt / wt.sum()))]
            owner[u] = len(pieces)
            piece.append(u)
            front.append(u)
        pieces.append(sorted(piece))
    return pieces


def lift(h: int, w: int, pieces, rng, max_nodes: int = LIFT_NODES):
    """Lift values for the pieces (rows each moves up), or None when the
    pieces interleave or no lift within the budget keeps every pair apart."""
    rng = np.random.default_rng(rng)
    k = len(pieces)
    owner = {c: i for i, p in enumerate(pieces) for c in p}
    below = [set() for _ in range(k)]          # pieces directly under piece i in some column
    for i, p in enumerate(pieces):
        for c in p:
            u = c + w
            if u in owner and owner[u] != i:
                below[i].add(owner[u])
    # topological order, lower pieces first and then left to right (Kahn's
    # algorithm with a priority); pieces left over sit on a cycle: they interleave
    above = [set() for _ in range(k)]
    for i in range(k):
        for j in below[i]:
            above[j].add(i)
    need = [len(below[i]) for i in range(k)]
    key = [(-max(c // w for c in p), min(c % w for c in p), i) for i, p in enumerate(pieces)]
    heap = [key[i] for i in range(k) if need[i] == 0]
    heapq.heapify(heap)
    order = []
    while heap:
        i = heapq.heappop(heap)[2]
        order.append(i)
        for j in above[i]:
            need[j] -= 1
            if need[j] == 0:
                heapq.heappush(heap, key[j])
    if len(order) < k:
        return None
    top = [min(c // w for c in p) for p in pieces]
    least = [0] * k                    # a piece lifts at least one row more than any under it
    for i in order:
        least[i] = max([least[j] + 1 for j in below[i]], default=0)
        if least[i] > top[i]:
            return None
    lifts = [-1] * k
    occupied: dict = {}
    nodes = [0]
    halo = []                          # each piece and its neighbours, block coordinates
    for p in pieces:
        x = set(p)
        for c in p:
            q = c % w
            x.update((c - w, c + w) + ((c - 1,) if q > 0 else ()) + ((c + 1,) if q < w - 1 else ()))
        halo.append(sorted(x))

    def free(i, L):
        d = L * w
        for c in halo[i]:
            o = occupied.get(c - d, i)
            if o != i:
                return False
        return True

    def ahead(pos):
        # forward check: every piece still to place keeps some lift that fits
        for i in order[pos:]:
            lo = max([lifts[j] + 1 for j in below[i] if lifts[j] >= 0] + [least[i]])
            if not any(free(i, L) for L in range(lo, top[i] + 1)):
                return False
        return True

    def place(pos):
        if pos == k:
            return True
        nodes[0] += 1
        if nodes[0] > max_nodes:
            return False
        i = order[pos]
        lo = max([lifts[j] + 1 for j in below[i]] + [least[i]])
        vals = list(range(lo, top[i] + 1))
        rng.shuffle(vals)
        for L in vals:
            if not free(i, L):
                continue
            lifts[i] = L
            for c in pieces[i]:
                occupied[c - L * w] = i
            if ahead(pos + 1) and place(pos + 1):
                return True
            for c in pieces[i]:
                del occupied[c - L * w]
            lifts[i] = -1
        return False
    return lifts if place(0) else None


def random_answer(h: int, w: int, seed=None, aim: float | None = None, tries: int = 3000):
    """A legal shading built by lifting, and its stones.

    >>> m, gs = random_answer(4, 4, seed=3)
    >>> from .model import rule4_ok; rule4_ok(4, 4, m, "exact")
    True
    """
    h, w = _size(h, w)
    got = _lifted(h, w, np.random.default_rng(seed), aim, tries)
    if got is not None:
        return got
    mask = np.zeros(h * w, bool)                 # one stone, the whole block, never lifted
    mask[(h // 2) * w:] = True
    return mask, [list(range((h // 2) * w, h * w))]


def _lifted(h: int, w: int, rng, aim: float | None, tries: int):
    """A lifted answer as :func:`random_answer` draws it, or None when no cut
    of ``tries`` could be lifted."""
    aim = float(rng.uniform(1.5, 3.5)) if aim is None else aim
    for _ in range(tries):
        pieces = cut(h, w, rng, aim)
        ls = lift(h, w, pieces, rng)
        if ls is None:
            continue
        mask = np.zeros(h * w, bool)
        gs = []
        for p, L in zip(pieces, ls):
            g = sorted(c - L * w for c in p)
            mask[g] = True
            gs.append(g)
        return mask, gs
    return None


def column_walk(h: int, w: int, seed=None, tries: int = 200):
    """A legal shading of any size, column by column: rule 4 holds exactly when
    every column holds h/2 shaded cells and every two shaded cells side by side
    have as many shaded cells below them (vertical neighbours agree by
    themselves), so each new column is a random balanced column that agrees
    with the last one (a copy of it always does).

    >>> m, gs = column_walk(12, 10, seed=1)
    >>> from .model import rule4_ok; rule4_ok(12, 10, m, "exact")
    True
    """
    h, w = _size(h, w)
    rng = np.random.default_rng(seed)
    cols = []
    for c in range(w):
        new = None
        for _ in range(tries if c else 1):
            x = np.zeros(h, bool)
            x[rng.choice(h, h // 2, replace=False)] = True
            if c == 0 or _agree(cols[-1], x):
                new = x
                break
        cols.append(cols[-1].copy() if new is None else new)
    from .model import stones
    flat = np.array(cols).T.ravel()
    return flat, stones(h, w, flat)


def _agree(a, b):
    """Two balanced columns side by side keep rule 4: equal counts below every shared row."""
    ba = np.concatenate([np.cumsum(a[::-1])[::-1][1:], [0]])
    bb = np.concatenate([np.cumsum(b[::-1])[::-1][1:], [0]])
    both = a & b
    return bool((ba[both] == bb[both]).all())


def grow_regions(h: int, w: int, groups, rng, cap: int | None = None) -> np.ndarray:
    """Regions grown from the stones over the blank cells, at random (a region
    stops at ``cap`` cells unless a cell has no other region to join)."""
    rng = np.random.default_rng(rng)
    lab = np.full(h * w, -1, np.int64)
    for i, g in enumerate(groups):
        lab[g] = i
    return _fill(h, w, lab, rng, cap).reshape(h, w)


def _fill(h: int, w: int, lab, rng, cap: int | None = None) -> np.ndarray:
    """The unlabelled cells (-1) of ``lab`` (flat) handed one at a time to a
    neighbouring region, as :func:`grow_regions` does; ``lab`` is filled in
    place and returned."""
    size = np.bincount(lab[lab >= 0])
    cap = h * w if cap is None else cap
    while (lab < 0).any():
        front = []
        for v in np.flatnonzero(lab < 0):
            r, c = divmod(int(v), w)
            for u in (v - w, v + w, v - 1 if c > 0 else -1, v + 1 if c < w - 1 else -1):
                if 0 <= u < h * w and lab[u] >= 0:
                    front.append((int(v), int(lab[u])))
        roomy = [f for f in front if size[f[1]] < cap] or front
        v, g = roomy[int(rng.integers(len(roomy)))]
        lab[v] = g
        size[g] += 1
    return lab


def region_sizes(puzzle, mask) -> dict:
    """Each region's shaded-cell count in a shading."""
    m = np.asarray(mask, bool)
    return {g: int(m[puzzle.regions == g].sum()) for g in range(puzzle.k)}


def count(puzzle, limit=2, max_nodes=200_000, level=SEARCH_LEVEL, keep=0, without=()):
    """The ladder's compiled counting search (a :class:`SearchResult`)."""
    return count_solutions(initial_state(puzzle), LADDER, None, level, limit, Budget(max_nodes),
                           SearchSettings(without=without), keep=keep)


def _sat(puzzle, limit=2):
    from .sat import count_solutions
    return count_solutions(puzzle, limit, time_limit=30.0)


class Prover:
    """Proofs that one shading is the only answer, on maps that share regions
    (the rounds of :func:`pinned_map`, the number sets of :func:`minimise`).

    Each proof is one CP-SAT solve of the model with the shading forbidden
    (INFEASIBLE: it is the only answer; an answer: the rival), not a count to
    two.  The connectivity cuts the lazy refuters add depend on a region's
    cells alone (a cut holds for every connected shading of that region,
    whatever the numbers), so they are kept per region and given to every
    later model with that region: later proofs start where earlier ones
    ended instead of finding them again solve by solve.

    >>> pr = Prover(np.array([1, 0, 0, 1], bool))
    >>> pr.rival(Puzzle.make([[0, 0], [0, 1]])) is None
    True
    >>> pr.rival(Puzzle.make([[0, 0], [1, 1]])).tolist()
    [False, True, True, False]
    """

    def __init__(self, mask, time_limit: float = 30.0):
        self.mask = np.asarray(mask, bool)
        self.time_limit = time_limit
        self.cuts: dict = {}       # a region's cells -> cuts as (cell, literal is positive) lists

    def rival(self, puzzle):
        """An answer of ``puzzle`` other than the shading; None when the
        shading is the only one; False when the solver timed out first."""
        from ..core import sat
        from .sat import model
        m, x, refuters = model(puzzle)
        cell = {v.Index(): c for c, v in enumerate(x)}
        lab = puzzle.regions.ravel()
        keys = [tuple(int(c) for c in np.flatnonzero(lab == g)) for g in range(puzzle.k)]
        for key in keys:
            for cut in self.cuts.get(key, ()):
                m.AddBoolOr([x[c] if pos else x[c].Not() for c, pos in cut])
        m.AddBoolOr([v.Not() if b else v for v, b in zip(x, self.mask)])

        def refute(value):
            out = []
            for key, f in zip(keys, refuters):
                got = f(value)
                self.cuts.setdefault(key, []).extend(
                    [(cell[i], True) if i >= 0 else (cell[-i - 1], False)
                     for i in (lit.Index() for lit in cut)] for cut in got)
                out.extend(got)
            return out

        r = sat.count(m, x, 1, self.time_limit, lambda value: [bool(value(v)) for v in x],
                      refute=refute)
        if r.capped:
            return False
        return np.array(r.solutions[0], bool) if r.count else None


def rival(puzzle, mask, max_nodes=None):
    """An answer other than ``mask`` (by the CP-SAT model, the fastest engine
    on boards with few numbers); None when ``mask`` is the only one; False
    when the solver timed out before deciding."""
    r = _sat(puzzle, 2)
    return other_answer([np.asarray(a.shaded, bool) for a in r.solutions], mask, r.capped)


def buy(puzzle, mask, rng):
    """Numbers making ``mask`` the only answer, bought against rival after
    rival; None when the full number set cannot pin it (a rival with the same
    size in every region) or a search capped."""
    rng = np.random.default_rng(rng)
    want = region_sizes(puzzle, mask)
    nums: dict = {}
    for _ in range(puzzle.k + 1):
        b = rival(puzzle.with_numbers(nums), mask)
        if b is None:
            return nums
        if b is False:
            return None
        got = region_sizes(puzzle, b)
        diff = [g for g in range(puzzle.k) if got[g] != want[g] and g not in nums]
        if not diff:
            return None
        g = diff[int(rng.integers(len(diff)))]
        nums[g] = want[g]
    return None


def minimise(puzzle, rng=None, bisect: bool = False, prover: Prover | None = None):
    """Shuffled one-at-a-time removal, keeping a number only if dropping it
    breaks uniqueness (by the CP-SAT model; a time-out keeps it; with a
    :class:`Prover` of the answer, by its proofs).  With
    ``bisect``, the shortest prefix of a random order of the numbers that
    keeps the board unique is found first (shortened from the whole, then
    by bisection), and only its
    numbers are tried (:func:`~puzzlekit.core.minimise.minimal`): fewer
    proofs when most numbers are needed, as on large boards."""
    rng = np.random.default_rng(rng)
    nums = dict(puzzle.numbers)

    def ok(rest):
        if prover is not None:
            return prover.rival(puzzle.with_numbers(rest)) is None
        return _sat(puzzle.with_numbers(rest), 2).unique is True

    if not bisect:
        return puzzle.with_numbers(take_back(nums, ok, rng))
    keep = minimal([int(g) for g in rng.permutation(sorted(nums))],
                   lambda gs: ok({g: nums[g] for g in gs}), rng, top=True)
    return puzzle.with_numbers({g: nums[g] for g in keep})


def grade(puzzle):
    """The weakest finishing level (None when even probe stalls)."""
    return LADDER.grade(initial_state(puzzle))


def _size(h, w):
    h, w = strict_size(h, w, MAX_CELLS)
    if h % 2:
        raise ValueError(f"a Stostone board has an even height, got {h}")
    return h, w


def random_small(rng, h, w) -> Puzzle:
    """A small board that may have 0, 1 or many answers: a lifted answer,
    regions grown from it (now and then a random map instead), each region
    numbered with probability q by its stone's size (sometimes off by one, or
    a ``?``), under a random reading of rule 4 (mostly ``exact``).  An odd
    height raises ValueError: no such board exists."""
    rng = np.random.default_rng(rng)
    h, w = _size(h, w)
    mask, gs = random_answer(h, w, rng)
    lab = grow_regions(h, w, gs, rng, cap=12)
    if rng.random() < 0.15:
        seeds = rng.choice(h * w, size=int(rng.integers(-(-h * w // 10), h * w // 3 + 2)),
                           replace=False)
        lab = grow_regions(h, w, [[int(s)] for s in seeds], rng, cap=12)
        mask = None
    q = float(rng.choice([0.0, 0.3, 0.7, 1.0]))
    p = Puzzle.make(lab)
    sizes = p.sizes
    have = region_sizes(p, mask) if mask is not None else {}
    nums = {}
    for g in range(p.k):
        if rng.random() >= q:
            continue
        v = have.get(g, int(rng.integers(1, sizes[g] + 1)))
        x = rng.random()
        if x < 0.05:
            v = -1
        elif x < 0.15:
            v = int(min(sizes[g], max(1, v + rng.choice([-1, 1]))))
        nums[g] = v
    r4 = "exact" if rng.random() < 0.6 else str(rng.choice(RULE4))
    return Puzzle(p.h, p.w, p.regions, nums, r4)


def sweep_board(rng, n: int, density: str) -> Puzzle:
    """An n x n board (n rounded up to even) for the timing sweeps: a lifted
    answer up to 8x8 (past that, lifting rarely succeeds: a :func:`column_walk`
    answer), regions grown from it, numbers in all (``dense``) or a third
    (``sparse``) of the regions."""
    rng = np.random.default_rng(rng)
    n += n % 2
    mask, gs = random_answer(n, n, rng) if n <= 8 else column_walk(n, n, rng)
    p = Puzzle.make(grow_regions(n, n, gs, rng, cap=10))
    want = region_sizes(p, mask)
    q = 1.0 if density == "dense" else 0.33
    return p.with_numbers({g: v for g, v in want.items() if rng.random() < q})


def generate(h, w, seed=None, grade_=None, tries=60, aim=None):
    """A unique board with minimal numbers, and its answer (``grade_``: a level
    the board must grade to)."""
    h, w = _size(h, w)
    rng = np.random.default_rng(seed)
    if grade_ is not None:
        LADDER.level(grade_)
    for _ in range(tries):
        if h * w > LIFT_CELLS:              # a column walk, its numbers thinned by bisection
            mask, gs = column_walk(h, w, rng)
            prover = Prover(mask)
            p = pinned_map(h, w, mask, gs, rng, 16, prover)
            if p is None:
                continue
            p = minimise(p.with_numbers(region_sizes(p, mask)), rng, bisect=True, prover=prover)
            if _sat(p, 2).unique is not True:     # the final check, by a count from scratch
                continue
        else:
            mask, gs = _lifted(h, w, rng, aim, LIFT_TRIES) or column_walk(h, w, rng)
            for _ in range(4):                      # redraw the map until numbers can pin it
                p = pinned_map(h, w, mask, gs, rng)
                nums = None if p is None else buy(p, mask, rng)
                if nums is not None:
                    break
            if nums is None:
                continue
            p = minimise(p.with_numbers(nums), rng)
        if grade_ is None or grade(p) == LADDER.names[LADDER.level(grade_)]:
            return p, Answer.from_mask(h, w, mask)
    raise InputError(f"no {h}x{w} board of grade {grade_} in {tries} tries")


def pinned_map(h: int, w: int, mask, groups, rng, rounds: int | None = None,
               prover: Prover | None = None):
    """A map grown from the stones on which the full set of numbers makes
    ``mask`` the only answer (a Puzzle without numbers), or None.  While the
    CP-SAT model finds a rival (by ``prover``, a :class:`Prover` of ``mask``,
    when given), the blank cells of every region where the rival differs are
    handed out again (the rest of the map is kept), up to ``rounds`` times
    (default: one per two stones, at least 4)."""
    rng = np.random.default_rng(rng)
    lab = grow_regions(h, w, groups, rng, cap=12).ravel()
    stone = np.zeros(h * w, bool)
    for g in groups:
        stone[g] = True
    m = np.asarray(mask, bool)
    for _ in range(max(4, len(groups) // 2) if rounds is None else rounds):
        p = Puzzle.make(lab.reshape(h, w))
        if prover is not None:
            b = prover.rival(p.with_numbers(region_sizes(p, m)))
        else:
            r = _sat(p.with_numbers(region_sizes(p, m)), 2)
            b = other_answer([np.asarray(a.shaded, bool) for a in r.solutions], m, r.capped)
        if b is None:
            return p
        hit = np.isin(lab, np.unique(lab[b != m])) & ~stone if b is not False else None
        if hit is None or not hit.any():            # a time-out, or no blank cell to hand out
            return None
        lab[hit] = -1
        _fill(h, w, lab, rng, 12)
    return None


def bank_entry(n: int, i: int, base: int = 14) -> dict:
    """Bank board ``i`` of size ``n``, from its own seed; a board the raw
    engine cannot re-prove within its budget is not shipped (the seed moves
    on by 100,000)."""
    from .brute import brute_count

    def make(s):
        return generate(n, n, s, aim=AIM.get(n))

    def shipped(p):
        return not brute_count(p, 2, 5_000_000).capped

    s, p, a = seeded_board(n, i, base, make, shipped)
    return bank_record(f"stostone-{n}x{n}-{i:03d}", p, a, grade(p), s)


def rebuild_bank(seed=None, rows=BANK_ROWS):
    """The shipped bank: boards of each size, each from its own seed."""
    base = 14 if seed is None else int(seed)
    return [bank_entry(n, i, base) for n, k in rows for i in range(k)]


def verify_extra(entry, puzzle, answer):
    """Every number is load-bearing: dropping any one leaves a second answer
    (found by the CP-SAT model)."""
    for g in sorted(puzzle.numbers):
        rest = {k: v for k, v in puzzle.numbers.items() if k != g}
        if _sat(puzzle.with_numbers(rest), 2).unique is not False:
            c = int(puzzle.first_cell[g])
            return f"the number in the region at {divmod(c, puzzle.w)} is not needed"
    return None


def stone_stats(items) -> list:
    """Over (puzzle, answer) pairs: stones, mean stone size, mean fall, and the
    share of stones (%) that never move."""
    from .model import below_counts, stones
    sz, fall = [], []
    for p, a in items:
        below = below_counts(p.h, p.w, a.shaded)
        for g in stones(p.h, p.w, a.shaded):
            sz.append(len(g))
            fall.append(p.h - 1 - (g[0] // p.w + int(below[g[0]])))
    return [len(sz), round(float(np.mean(sz)), 2), round(float(np.mean(fall)), 2),
            round(100.0 * float(np.mean(np.array(fall) == 0)), 1)]


def four_counts(puzzle, limit=50):
    """Answers (up to ``limit``) by the integer enumerator, the stone picker, the
    ladder search and the CP-SAT model; None when a run was capped."""
    from .brute import by_mask, by_stones
    a = by_mask(puzzle, limit)
    b = by_stones(puzzle, limit)
    c = count(puzzle, limit, 50_000, level="drop")
    d = _sat(puzzle, limit)
    if b.capped or c.capped or d.capped:
        return None
    return (min(a.count, limit), min(b.count, limit), min(c.count, limit), min(d.count, limit))


def full_numbers(rng, n: int, aim: float) -> Puzzle:
    """A lifted n x n answer (cut aiming at pieces of ``aim`` cells), a map
    grown from it and a number in every region: no filter on uniqueness."""
    rng = np.random.default_rng(rng)
    mask, gs = random_answer(n, n, rng, float(aim))
    p = Puzzle.make(grow_regions(n, n, gs, rng, cap=12))
    return p.with_numbers(region_sizes(p, mask))
