"""Generation: random partitions with a region-size range and a vertical
growth bias, one fill attempt per partition, givens revealed at random or
adversarially (grow until the target level finishes, then delete greedily),
grading, and the bank builder."""
from __future__ import annotations

import numpy as np

from ..core.generate import board_shape, graded_bank
from ..core.grid import grow_regions
from ..core.minimise import minimal
from ..core.referee import InputError, strict_size
from . import brute
from .ladder import LADDER, NAMES, fast_count, fast_grade, propagate, search
from .model import MAX_CELLS, MAX_REGION, Answer, Puzzle

__all__ = ["random_partition", "fill", "partition_board", "random_board", "reveal",
           "reveal_share", "minimise", "generate", "random_small", "sweep_board",
           "rebuild_bank", "BANK_SIZES", "BANK_PER_GRADE", "SIZES", "VBIAS"]

SIZES = (4, 7)          # the default region-size range
VBIAS = 0.5             # the default growth bias: no preferred direction
BANK_SIZES = (4, 6, 8, 10)
BANK_PER_GRADE = 4


def random_partition(h, w, sizes=SIZES, vbias=VBIAS, seed=None, tries=200,
                     merge=True) -> np.ndarray:
    """A random partition of an ``h`` x ``w`` grid into connected regions of
    ``sizes[0]..sizes[1]`` cells, an ``(h, w)`` label array.

    Each region starts at the unassigned cell with fewest free neighbours
    and grows to a random target size, one cell at a time
    (:func:`~puzzlekit.core.grid.grow_regions`): with probability
    ``vbias`` the step goes vertical (a free cell above or below a member),
    otherwise sideways, taking the other way when the chosen one is blocked
    (0 grows flat regions, 1 tall ones).  A region left too small merges into
    a neighbour with room; with ``merge=False`` it stays as it is (a
    fragment below ``sizes[0]``).

    >>> lab = random_partition(4, 4, (2, 3), seed=1)
    >>> lab.shape, int(np.bincount(lab.ravel()).min()) >= 2
    ((4, 4), True)
    >>> len(set(random_partition(4, 3, (4, 4), vbias=1.0, seed=0)[:, 0].tolist()))
    1
    """
    lo, hi = int(sizes[0]), int(sizes[1])
    if not 1 <= lo <= hi <= MAX_REGION:
        raise InputError(f"region sizes must satisfy 1 <= lo <= hi <= {MAX_REGION}, got {sizes}")
    vb = float(vbias)
    if not 0.0 <= vb <= 1.0:
        raise InputError(f"vbias is a weight in 0..1, got {vbias}")

    def front(members, lab, nb, rng):            # vertical with weight vb, else sideways
        vert, side = set(), set()
        for v in members:
            for d, u in enumerate(nb[v]):
                if u >= 0 and lab[u] < 0:
                    (vert if d in (0, 2) else side).add(int(u))
        side -= vert
        if not vert and not side:
            return []
        return sorted(vert if (rng.random() < vb and vert) or not side else side)

    return grow_regions(h, w, lo, hi, np.random.default_rng(seed), front, tries, merge)


def fill(puzzle, seed=None, max_nodes=20_000, level="region"):
    """One fill attempt on the bare partition: a search in a random cell
    order, each cell trying a random digit first.  Returns the digits, None
    when the search proves the partition has no legal board, or
    ``"capped"`` when ``max_nodes`` ran out first.

    >>> p = Puzzle.make([[0, 0], [1, 1]])
    >>> fill(p, seed=1).tolist() in ([2, 1, 1, 2], [1, 2, 2, 1])
    True
    >>> fill(Puzzle.make([[0, 1]])) is None
    True
    """
    rng = np.random.default_rng(seed)
    bare = puzzle.with_givens()
    n = bare.n
    order = rng.permutation(n)
    first = (rng.random(n) * bare.cell_size).astype(np.int64) + 1
    cnt, capped, vals = search(bare, level, 1, max_nodes, order, first)
    if cnt:
        return vals
    return "capped" if capped else None


def partition_board(h, w, sizes=SIZES, vbias=VBIAS, seed=None, max_nodes=20_000, merge=True):
    """One random partition and one fill attempt, nothing redrawn:
    ``(bare puzzle, digits | None | "capped")``."""
    rng = np.random.default_rng(seed)
    p = Puzzle.make(random_partition(h, w, sizes, vbias, rng, merge=merge))
    return p, fill(p, rng, max_nodes)


def random_board(h, w, seed=None, sizes=SIZES, vbias=VBIAS, tries=60):
    """A partition that admits a board, and its digits: ``(bare puzzle, values)``."""
    rng = np.random.default_rng(seed)
    for _ in range(tries):
        p, vals = partition_board(h, w, sizes, vbias, rng)
        if isinstance(vals, np.ndarray):
            return p, vals
    raise InputError(f"no legal {h}x{w} board found with region sizes {sizes}")


def reveal(puzzle, values, cells) -> Puzzle:
    """The puzzle whose givens are the answer's digits on ``cells``."""
    return puzzle.with_givens({int(c): int(values[c]) for c in cells})


def reveal_share(puzzle, values, share, seed=None) -> Puzzle:
    """The answer's digits on a random ``share`` of all cells (rounded).

    >>> p = Puzzle.make([[0, 0], [1, 1]])
    >>> len(reveal_share(p, np.array([2, 1, 1, 2]), 0.5, 0).givens)
    2
    """
    k = int(round(float(share) * puzzle.n))
    return reveal(puzzle, values, np.random.default_rng(seed).choice(puzzle.n, k, replace=False))


def minimise(puzzle, values, level, seed=None, without=()):
    """Adversarial givens: reveal cells in a random order until the fixpoint
    at ``level`` finishes (the shortest such prefix), then take back, in
    random order, every given it can do without.  Returns the sorted cells.

    >>> p = Puzzle.make([[0, 0], [1, 1]])
    >>> minimise(p, np.array([2, 1, 1, 2]), "neigh", seed=0)
    [2]
    """
    rng = np.random.default_rng(seed)
    order = rng.permutation(puzzle.n)
    def ok(cells):
        return propagate(reveal(puzzle, values, cells), level, without)[0] == "solved"
    if not ok(order):
        raise ValueError("the fixpoint does not finish even with every digit revealed")
    return minimal(order, ok, rng)


def generate(h, w, seed=None, grade=None, sizes=SIZES, vbias=VBIAS, tries=40):
    """A board with minimal givens for ``grade`` (default: probe), of exactly
    that grade, and its answer.

    >>> p, a = generate(4, 4, seed=3, grade="order")
    >>> fast_grade(p)
    'order'
    """
    h, w = strict_size(h, w, MAX_CELLS)
    if h * w < 2:
        raise InputError("Kojun boards need at least two cells")
    rng = np.random.default_rng(seed)
    target = NAMES[-1] if grade is None else NAMES[LADDER.level(grade)]
    for _ in range(tries):
        try:
            p, vals = random_board(h, w, rng, sizes, vbias, tries=20)
        except InputError:
            continue
        for _ in range(3):
            q = reveal(p, vals, minimise(p, vals, target, rng))
            if grade is None or fast_grade(q) == target:
                return q, Answer.of(p, vals)
    raise InputError(f"no {h}x{w} board of grade {target} found in {tries} tries")


def random_small(rng, h, w) -> Puzzle:
    """A random ``h`` x ``w`` puzzle for property checks: regions of 1..4
    cells at a random growth bias, givens read off a legal board when one
    fill attempt finds one (else random digits in range), at a random
    density, none at all one time in four, and now and then one given
    replaced at random.  Such boards have no answer, one, or many.

    >>> p = random_small(np.random.default_rng(4), 3, 5)
    >>> (p.h, p.w), int(p.sizes.max()) <= 4
    ((3, 5), True)
    """
    h, w = board_shape(h, w, "Kojun")
    p = Puzzle.make(random_partition(h, w, (1, 4), float(rng.random()), rng))
    n = p.n
    vals = fill(p, rng, max_nodes=500)
    if not isinstance(vals, np.ndarray):
        vals = (rng.random(n) * p.cell_size).astype(np.int64) + 1
    q = 0.0 if rng.random() < 0.25 else float(rng.random()) * 0.7
    cells = np.flatnonzero(rng.random(n) < q)
    givens = {int(c): int(vals[c]) for c in cells}
    if givens and rng.random() < 0.2:
        c = int(rng.choice(sorted(givens)))
        givens[c] = int(rng.integers(1, p.cell_size[c] + 1))
    return p.with_givens(givens)


def sweep_board(rng, n: int, density: str) -> Puzzle:
    """An ``n`` x ``n`` board for timing sweeps: a legal board with half its
    digits revealed (``dense``) or a fifth (``sparse``), uniqueness not asked."""
    p, vals = random_board(n, n, rng)
    return reveal_share(p, vals, 0.5 if density == "dense" else 0.2, rng)


def rebuild_bank(seed=None, sizes=BANK_SIZES, per=BANK_PER_GRADE, brute_nodes=20_000_000,
                 attempts=800, progress=None):
    """The bank: ``per`` boards per grade per size, each re-proved unique by
    the raw engine (uncapped) and by the ladder's search before it ships.  A
    bucket that ``attempts`` seeds cannot fill stays short (the caller
    reports it)."""
    def make(n, g, s):
        try:
            p, a = generate(n, n, seed=s, grade=g, tries=4)
        except InputError:
            return None
        br = brute.count_solutions(p, 2, brute_nodes)
        lr = fast_count(p, "region", 2, 200_000)
        if br.capped or br.count != 1 or lr.capped or lr.count != 1:
            return None
        return p, a

    return graded_bank("kojun", sizes, NAMES, per, make, 2026 if seed is None else seed,
                       attempts, progress)
