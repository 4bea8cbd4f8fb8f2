"""Generation: random partitions, one legal answer per partition by a
randomized propagating search with restarts, clue minimisation, grading,
and the bank builder."""
from __future__ import annotations

import numpy as np

from ..core.generate import board_shape, graded_bank
from ..core.grid import grow_regions
from ..core.minimise import minimal
from ..core.referee import InputError, strict_size
from . import brute
from .ladder import LADDER, NAMES, fast_grade, propagate, search
from .model import MAX_CELLS, Puzzle, answer_from_mask

__all__ = ["random_partition", "random_answer", "random_small", "reveal", "print_numbers",
           "print_blanks", "partition_board", "halve", "minimise_unique", "minimise",
           "spare_blanks", "random_board", "generate", "rebuild_bank", "BANK_SIZES",
           "BANK_PER_GRADE"]

BANK_SIZES = (6, 8, 10)
BANK_PER_GRADE = 5
RANDOM_ORDERS = 5


def random_partition(h, w, sizes=(2, 4), seed=None, tries=200) -> np.ndarray:
    """A random partition of an ``h`` x ``w`` grid into connected regions whose
    sizes lie in ``sizes`` (inclusive); an ``(h, w)`` label array, grown by
    :func:`~puzzlekit.core.grid.grow_regions`: half the time a step takes one
    of the free cells beside the region with fewest free neighbours (so no
    cell is left hemmed in), otherwise any of them.

    >>> lab = random_partition(4, 4, (2, 3), seed=1)
    >>> lab.shape, int(np.bincount(lab.ravel()).min()) >= 2
    ((4, 4), True)
    """
    lo, hi = int(sizes[0]), int(sizes[1])
    if not 1 <= lo <= hi:
        raise InputError(f"region sizes must satisfy 1 <= lo <= hi, got {sizes}")

    def front(members, lab, nb, rng):            # half the time, rescue a hemmed-in cell
        cells = sorted({int(u) for v in members for u in nb[v] if u >= 0 and lab[u] < 0})
        if cells and rng.random() < 0.5:
            fd = np.array([sum(1 for x in nb[u] if x >= 0 and lab[x] < 0) for u in cells])
            cells = [u for u, d in zip(cells, fd) if d == fd.min()]
        return cells

    return grow_regions(h, w, lo, hi, np.random.default_rng(seed), front, tries)


def random_answer(puzzle, seed=None, max_nodes=4000, restarts=30, shuffled=RANDOM_ORDERS):
    """One legal answer (numbered-cell mask) of the bare partition, or None.

    Each restart branches with random value preferences; the first
    ``shuffled`` in a random cell order, the later ones in a scan of the grid
    (by rows or by columns, from a random side).  On a large board a random
    order decides cells far apart, and a choice that cuts the numbers in two
    shows only late: from 16x16 on it rarely finds an answer at all.  A scan
    keeps the decided cells in one block whose edge the connectivity rung
    checks at once.  (The random orders come first so that the bank's seeds
    still give its boards.)  A run that exhausts its tree without
    a cap proves there is none.  Returns ``(mask or None, proved_none)``.
    """
    rng = np.random.default_rng(seed)
    bare = puzzle.with_givens()
    h, w = bare.h, bare.w
    n = h * w
    for attempt in range(restarts):
        if attempt < shuffled:
            order = rng.permutation(n)
        else:
            grid = np.arange(n).reshape(h, w)
            if rng.random() < 0.5:
                grid = grid.T
            if rng.random() < 0.5:
                grid = grid[::-1]
            order = grid.ravel()
        first = (rng.random(n) < 0.5).astype(np.int8)
        cnt, _, capped, mask = search(bare, "reach", 1, max_nodes, order, first)
        if cnt:
            return mask, False
        if not capped:
            return None, True
    return None, False


def random_small(rng, h, w) -> Puzzle:
    """A random ``h`` x ``w`` puzzle for property checks: a random partition
    (regions of 1..4 cells), givens read off a legal answer when the search
    finds one (else off a random cell set), at a random density and of a
    random kind (full clues, marks, hints, a mix, or none), and now and then
    one clue's value replaced at random.  About two boards in five also print
    blanks, mostly on the answer's blank cells, now and then one on any free
    cell.  Such boards have no answer, one, or many.

    >>> p = random_small(np.random.default_rng(4), 3, 5)
    >>> (p.h, p.w), int(p.sizes.max()) <= 4
    ((3, 5), True)
    """
    h, w = board_shape(h, w, "Nanro")
    p = Puzzle.make(random_partition(h, w, (1, 4), rng))
    n = h * w
    mask, _ = random_answer(p, rng, max_nodes=2000, restarts=3)
    if mask is None:
        mask = rng.random(n) < 0.6
    counts = np.bincount(p.regions[mask], minlength=p.k)
    kind = int(rng.integers(5))                  # full, marks, hints, mixed, none
    q = 0.0 if kind == 4 else float(rng.random()) * (0.5 + 0.5 * min(n / 36, 1.0))
    cells = [int(c) for c in np.flatnonzero(mask & (rng.random(n) < q))]
    as_clue = (rng.random(len(cells)) < 0.5) if kind == 3 else np.full(len(cells), kind == 0)
    clues = {c: int(counts[p.regions[c]]) for c, f in zip(cells, as_clue) if f}
    marks = [c for c, f in zip(cells, as_clue) if not f] if kind in (1, 3) else []
    hints = ({int(p.regions[c]): int(counts[p.regions[c]]) for c in cells}
             if kind in (2, 3) and rng.random() < 0.7 else {})
    if clues and rng.random() < 0.2:             # one value replaced at random
        c = int(rng.choice(sorted(clues)))
        clues[c] = int(rng.integers(1, p.sizes[p.regions[c]] + 1))
    blanks = []
    if rng.random() < 0.4:                       # printed blanks
        blanks = [int(c) for c in np.flatnonzero(~mask & (rng.random(n) < rng.random()))]
        free = sorted(set(range(n)) - set(clues) - set(marks) - set(blanks))
        if free and rng.random() < 0.25:         # one that the answer may number
            blanks.append(int(rng.choice(free)))
    return p.with_givens(clues, marks, hints, blanks)


def reveal(puzzle, mask, cells) -> Puzzle:
    """The puzzle whose full clues are the answer's numbers on ``cells``
    (its printed blanks kept, its other givens dropped)."""
    ans = answer_from_mask(puzzle, mask)
    return puzzle.with_givens(clues={int(c): int(ans.values[c]) for c in cells},
                              blanks=puzzle.blanks)


def print_blanks(puzzle, mask, q, seed=None) -> Puzzle:
    """The puzzle with the answer's blank cells printed as blanks, each
    independently with probability ``q`` (its other givens kept).

    >>> p = Puzzle.make([[0, 0], [1, 1]])
    >>> sorted(print_blanks(p, np.array([1, 1, 0, 1], bool), 1.0).blanks)
    [2]
    """
    mask = np.asarray(mask, bool).ravel()
    cells = np.flatnonzero(~mask & (np.random.default_rng(seed).random(mask.size) < q))
    return puzzle.with_givens(puzzle.clues, puzzle.marks, puzzle.hints, cells)


def spare_blanks(puzzle, level, seed=None, without=()) -> Puzzle:
    """Take back, in random order, every printed blank that the fixpoint at
    ``level`` can do without (the board must finish at ``level`` already).

    >>> p = Puzzle.make([[0, 0], [1, 1]], clues={0: 2, 3: 1}, blanks={2})
    >>> sorted(spare_blanks(p, "block").blanks)
    []
    """
    keep = set(puzzle.blanks)

    def with_(blanks):
        """The board with these printed blanks."""
        return puzzle.with_givens(puzzle.clues, puzzle.marks, puzzle.hints, blanks)

    for c in np.random.default_rng(seed).permutation(sorted(keep)):
        trial = keep - {int(c)}
        if propagate(with_(trial), level, without)[0] == "solved":
            keep = trial
    return with_(keep)


def print_numbers(puzzle, mask, q, seed=None) -> Puzzle:
    """The answer's numbers printed as clues, each independently with
    probability ``q`` (so the clue count varies from board to board).

    >>> p = Puzzle.make([[0, 0], [1, 1]])
    >>> sorted(print_numbers(p, np.array([1, 1, 0, 1], bool), 1.0).clues.items())
    [(0, 2), (1, 2), (3, 1)]
    """
    mask = np.asarray(mask, bool)
    drawn = np.random.default_rng(seed).random(mask.size) < q
    return reveal(puzzle, mask, np.flatnonzero(mask & drawn))


def partition_board(h, w, sizes, seed=None, max_nodes=5_000_000):
    """One random partition and its first legal answer in a random branching
    order: ``(puzzle, mask)``, with ``mask`` None when the search proves there
    is none (``"capped"`` if ``max_nodes`` ran out first).  A cheap search
    goes first and the probe-level one finishes what it leaves; sound
    propagation never changes which answer a branching order meets first."""
    rng = np.random.default_rng(seed)
    p = Puzzle.make(random_partition(h, w, sizes, rng))
    n = h * w
    order, first = rng.permutation(n), (rng.random(n) < 0.5).astype(np.int8)
    for level, cap in (("reach", 1000), ("probe", max_nodes)):
        cnt, _, capped, mask = search(p, level, 1, cap, order, first)
        if not capped:
            return p, (mask if cnt else None)
    return p, "capped"


def halve(puzzle, half) -> Puzzle:
    """The puzzle with one half of every clue kept: ``"position"`` (a mark on
    the same cell) or ``"value"`` (the clued region's count, no cell named).

    >>> p = Puzzle.make([[0, 0], [1, 1]], clues={0: 2})
    >>> sorted(halve(p, "position").marks), halve(p, "value").hints
    ([0], {0: 2})
    """
    if half == "position":
        return puzzle.with_givens(marks=puzzle.clues)
    return puzzle.with_givens(hints={int(puzzle.regions[c]): v for c, v in puzzle.clues.items()})


def minimise_unique(puzzle, mask, seed=None, max_nodes=200_000):
    """Take clues back, in random order from the whole answer, while the
    ladder's search still proves the board unique (not while a level
    finishes): a board unique by construction.  Returns the clue cells."""
    keep = list(np.random.default_rng(seed).permutation(np.flatnonzero(mask)))
    for c in list(keep):
        trial = [x for x in keep if x != c]
        cnt, _, capped, _ = search(reveal(puzzle, mask, trial), "probe", 2, max_nodes)
        if cnt == 1 and not capped:
            keep = trial
    return sorted(int(c) for c in keep)


def minimise(puzzle, mask, level, seed=None, without=()):
    """Reveal numbered cells in random order until the fixpoint at ``level``
    finishes, then take back every clue it can do without.  Returns the clue
    cells (a sorted list)."""
    rng = np.random.default_rng(seed)
    order = rng.permutation(np.flatnonzero(mask))

    def ok(cells):
        """Whether the fixpoint finishes the board with these cells revealed."""
        return propagate(reveal(puzzle, mask, cells), level, without)[0] == "solved"

    if not ok(order):
        raise ValueError("the fixpoint does not finish even with every number revealed")
    return minimal(order, ok, rng)


def sweep_board(rng, n: int, density: str) -> Puzzle:
    """An ``n`` x ``n`` board for timing sweeps: a random partition and legal
    answer with every number printed (``dense``) or each with probability
    1/2 (``sparse``), uniqueness not asked for."""
    p, mask = random_board(n, n, rng, tries=200)
    return print_numbers(p, mask, 1.0 if density == "dense" else 0.5, rng)


def random_board(h, w, seed=None, sizes=(2, 4), tries=50):
    """A random partition with one legal answer: ``(bare puzzle, mask)``."""
    rng = np.random.default_rng(seed)
    for _ in range(tries):
        p = Puzzle.make(random_partition(h, w, sizes, rng))
        mask, _ = random_answer(p, rng)
        if mask is not None:
            return p, mask
    raise InputError(f"no legal {h}x{w} board found with region sizes {sizes}")


def generate(h, w, seed=None, grade=None, sizes=(2, 4), tries=40, blanks=0.0):
    """A minimised board of the given grade (default: minimised for probe).

    With ``blanks`` > 0 each blank cell of the answer is first printed as a
    blank with that probability; the numbers are then minimised with those
    blanks in place, and every blank the grade can spare is taken back.

    >>> p, a = generate(5, 5, seed=3, grade="reach")
    >>> fast_grade(p)
    'reach'
    >>> q, _ = generate(5, 5, seed=3, grade="reach", blanks=0.5)
    >>> fast_grade(q), len(q.blanks) > 0
    ('reach', True)
    """
    h, w = strict_size(h, w, MAX_CELLS)
    if h < 2 or w < 2:
        raise InputError("Nanro boards need at least 2x2 cells")
    rng = np.random.default_rng(seed)
    target = NAMES[-1] if grade is None else NAMES[LADDER.level(grade)]
    if not 0.0 <= float(blanks) <= 1.0:
        raise InputError(f"blanks is a probability in 0..1, got {blanks}")
    for _ in range(tries):
        p, mask = random_board(h, w, rng, sizes)
        if blanks:
            p = print_blanks(p, mask, blanks, rng)
        for _ in range(4):
            cells = minimise(p, mask, target, rng)
            q = reveal(p, mask, cells)
            if blanks:
                q = spare_blanks(q, target, rng)
            if grade is None or fast_grade(q) == target:
                return q, answer_from_mask(p, mask)
    raise InputError(f"no {h}x{w} board of grade {target} found in {tries} tries")


def rebuild_bank(seed=None, sizes=BANK_SIZES, per=BANK_PER_GRADE, brute_nodes=3_000_000,
                 progress=None):
    """The bank: ``per`` boards per grade per size, each re-proved unique by
    the raw engine (uncapped) and by the ladder's search before it ships."""
    def make(n, g, s):
        try:
            p, a = generate(n, n, seed=s, grade=g)
        except InputError:
            return None
        br = brute.count_solutions(p, 2, brute_nodes)
        cnt, _, capped, _ = search(p, "reach", 2, 200_000)
        if br.capped or br.count != 1 or capped or cnt != 1:
            return None
        return p, a

    return graded_bank("nanro", sizes, NAMES, per, make, 2026 if seed is None else seed,
                       progress=progress)
