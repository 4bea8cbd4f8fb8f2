"""Generation, answer first: the ladder's search on a clueless board with a
shuffled branching order and a biased colour order hands back a legal grid;
clues are bought adversarially against rival answers and minimised to a
uniqueness-minimal set; the second minimisation (:func:`guess_free`) keeps
only the numbers of the answer's size map that the target rung needs to
finish without a guess; grading; the bank builder.
"""
from __future__ import annotations

import numpy as np

from ..core.generate import bank_record, other_answer, seeded_board
from ..core.minimise import minimal as shortest_then_singly, take_back
from ..core.referee import InputError, strict_size
from ..core.search import Budget, SearchSettings, count_solutions
from .ladder import LADDER, decode_mask, initial_state
from .model import MAX_CELLS, Answer, Puzzle, size_map

__all__ = ["random_answer", "count", "rival", "buy", "minimise", "guess_free", "grade",
           "random_small", "sweep_board", "generate", "rebuild_bank", "bank_entry", "verify_extra",
           "BANK_ROWS", "forcing", "DIALECTS"]

BANK_ROWS = ((6, 38), (8, 30))
DIALECTS = ("free", "forcing", "silent")
SEARCH_LEVEL = "probe"      # the counting search's fixpoint per node
RIVAL_NODES = 5_000         # a rival search's budget while buying clues
SHUFFLE_CELLS = 100         # past this, a shuffled clueless search can wander off
#: Past this many cells clues are not bought against rivals (on a sparse 20x20
#: board one rival search at probe costs seconds and finds nothing within its
#: budget) but cut down from the answer's full size map (:func:`cut_down`);
#: such a board is minimal for the fixpoint of its level (probe by default),
#: not for uniqueness (a uniqueness pass over a 20x20 board's 75 numbers
#: took over 30 s).
CUT_CELLS = 64              # the bank's largest (8x8); the old way took 75 s of CPU at 10x10


def count(puzzle, limit=2, max_nodes=200_000, level=SEARCH_LEVEL, keep=0, without=()):
    """The ladder's compiled counting search (a :class:`SearchResult`)."""
    return count_solutions(initial_state(puzzle), LADDER, None, level, limit, Budget(max_nodes),
                           SearchSettings(without=without), keep=keep)


def random_answer(h, w, seed=None, bias=None) -> np.ndarray:
    """A legal grid: the search on a clueless board, branching in a shuffled
    order (raster order past :data:`SHUFFLE_CELLS` cells), each cell trying
    chocolate first with probability ``bias``.

    >>> m = random_answer(4, 5, seed=1); from .model import check
    >>> check(Puzzle.make(4, 5), Answer.from_mask(4, 5, m))
    []
    """
    rng = np.random.default_rng(seed)
    n = h * w
    bias = float(rng.uniform(0.3, 0.6)) if bias is None else bias
    order = rng.permutation(n)
    first = np.where(rng.random(n) < bias, 1, 0)
    if n > SHUFFLE_CELLS:
        order = None             # big boards: raster order, which never wanders far
    s = initial_state(Puzzle.make(h, w))
    r = count_solutions(s, LADDER, None, "anti", 1, Budget(2_000_000),
                        SearchSettings(order=order, first=first), keep=1)
    if not r.solutions:
        raise ValueError(f"no legal {h}x{w} grid found")
    return decode_mask(r.solutions[0])


def forcing(v: int, h: int, w: int) -> bool:
    """A number that names its own colour: 1, 2, h*w, or off the times table.

    >>> [v for v in range(1, 10) if forcing(v, 3, 3)]
    [1, 2, 5, 7, 8, 9]
    """
    if v <= 2 or v == h * w:
        return True
    return not any(v % a == 0 and v // a <= w for a in range(1, h + 1))


def rival(puzzle, mask, max_nodes=200_000):
    """An answer of ``puzzle`` other than ``mask``; None when ``mask`` is the
    only one; ``False`` when the search capped before deciding.  ValueError
    when ``mask`` is not an answer."""
    r = count(puzzle, 2, max_nodes, keep=2)
    return other_answer([decode_mask(s) for s in r.solutions], mask, r.capped)


def buy(h, w, mask, seed=None, dialect="free", max_nodes=RIVAL_NODES, drop=()):
    """Clues making ``mask`` the unique answer, bought against rival after
    rival: write the intended size where the two grids' group sizes differ.
    When the rival search runs out of nodes, a random cell's size is bought
    instead.  ``dialect`` ``forcing`` writes only numbers that name their
    colour, ``silent`` only the others.  None when no cell can tell the two
    answers apart (they are tied, or the dialect has no word for the
    difference)."""
    rng = np.random.default_rng(seed)
    a = np.asarray(mask, np.bool_)
    sa = size_map(h, w, a)
    want = dialect == "forcing"
    ok = np.array([dialect == "free" or forcing(int(sa[c]), h, w) == want
                   for c in range(h * w)])
    clues: dict = {}
    for _ in range(h * w + 1):
        b = rival(Puzzle.make(h, w, clues, drop), a, max_nodes)
        if b is None:
            return clues
        if b is False:
            diff = np.flatnonzero(ok & ~np.isin(np.arange(h * w), list(clues)))
        else:
            diff = np.flatnonzero((sa != size_map(h, w, b)) & ok)
        if diff.size == 0:
            return None
        c = int(diff[rng.integers(diff.size)])
        clues[c] = int(sa[c])
    return None


def minimise(puzzle, seed=None, max_nodes=20_000, keep="unique", level="probe"):
    """Shuffled one-at-a-time removal: keep a clue only if dropping it breaks
    uniqueness (``keep="unique"``) or stops ``level`` finishing guess-free
    (``keep="solve"``)."""
    def ok(rest):
        q = puzzle.with_clues(rest)
        if keep == "solve":
            return LADDER.fixpoint(initial_state(q), level, attribute=False).solved
        return count(q, 2, max_nodes).unique is True     # a capped count keeps the clue

    return puzzle.with_clues(take_back(dict(puzzle.clues), ok, np.random.default_rng(seed)))


def guess_free(h, w, mask, seed=None, level="probe") -> Puzzle:
    """The second minimisation: from the answer's full size map, shuffled
    one-at-a-time removal keeping a number only when ``level``'s fixpoint
    needs it to finish without a guess.  A board that a sound level finishes
    is unique, so the result is unique too.  (Where ``level`` cannot finish
    even the full map, as on a tied size map, every number is kept and the
    result is not finished: check it.)

    >>> m = np.array([1, 1, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], bool)
    >>> p = guess_free(4, 4, m, seed=0)
    >>> LADDER.fixpoint(initial_state(p), "probe").solved, len(p.clues) < 16
    (True, True)
    """
    from .certify import full_board
    return minimise(full_board(h, w, mask), seed, keep="solve", level=level)


def cut_down(h, w, mask, seed=None, level="probe", scout="anti") -> Puzzle | None:
    """A board for ``mask`` that ``level``'s fixpoint finishes, with no
    number it can do without, made from the top: the full size map, the
    shortest prefix of a shuffled order of its numbers that ``scout`` (the
    weaker of it and ``level``, and much cheaper than probe) finishes, found
    by bisection, each of those dropped when ``scout`` still finishes
    without it, then each dropped when ``level`` still does.  A board a
    sound level finishes is unique.  None when ``level`` cannot finish even
    the full map (a tied size map, :func:`~.certify.tie`, or a weak level).

    >>> m = random_answer(6, 6, seed=3)
    >>> p = cut_down(6, 6, m, seed=0)
    >>> count(p, 2).unique, len(p.clues) < 36
    (True, True)
    """
    from .certify import full_board
    rng = np.random.default_rng(seed)
    sizes = full_board(h, w, mask).clues
    top = LADDER.level(level)
    scout = min(LADDER.level(scout), top)

    def finishes(cells, lv):
        q = Puzzle.make(h, w, {int(c): sizes[int(c)] for c in cells})
        return LADDER.fixpoint(initial_state(q), lv, attribute=False).solved

    order = [int(c) for c in rng.permutation(h * w)]
    if not finishes(order, top):
        return None
    if not finishes(order, scout):
        scout = top
    keep = shortest_then_singly(order, lambda cells: finishes(cells, scout), rng)
    if scout != top:
        keep = take_back({c: sizes[c] for c in keep}, lambda rest: finishes(rest, top), rng)
    return Puzzle.make(h, w, {c: sizes[c] for c in keep})


def grade(puzzle):
    """The weakest finishing level (None when even probe stalls)."""
    return LADDER.grade(initial_state(puzzle))


def random_small(rng, h, w) -> Puzzle:
    """A small board that may have 0, 1 or many answers: a legal grid, each
    cell clued with probability q by its group size (now and then off by one
    or a ``?``), sometimes under a dropped rule."""
    rng = np.random.default_rng(rng)
    mask = random_answer(h, w, rng)
    sizes = size_map(h, w, mask)
    q = float(rng.choice([0.0, 0.15, 0.3, 0.6]))
    clues = {}
    for c in range(h * w):
        if rng.random() >= q:
            continue
        v = int(sizes[c])
        x = rng.random()
        if x < 0.05:
            v = -1
        elif x < 0.2:
            v = int(min(h * w, max(1, v + rng.choice([-1, 1]))))
        clues[c] = v
    drop = () if rng.random() < 0.85 else (str(rng.choice(["rect", "banana"])),)
    return Puzzle.make(h, w, clues, drop)


def sweep_board(rng, n: int, density: str) -> Puzzle:
    """An n x n board for the timing sweeps: a random legal grid with its true
    sizes on half (``dense``) or a fifth (``sparse``) of the cells."""
    rng = np.random.default_rng(rng)
    mask = random_answer(n, n, rng)
    sizes = size_map(n, n, mask)
    q = 0.5 if density == "dense" else 0.2
    return Puzzle.make(n, n, {int(c): int(sizes[c]) for c in np.flatnonzero(rng.random(n * n) < q)})


def generate(h, w, seed=None, grade_=None, tries=40, minimal="unique"):
    """A unique board and its answer (``grade_``: a level the board must
    grade to).  ``minimal="unique"`` gives a uniqueness-minimal clue set;
    ``"solve"`` then minimises a second time (:func:`guess_free`), down to the
    numbers the target rung (``grade_``, else probe) needs to finish without
    a guess, as the article's shipped boards are.  Boards of more than
    :data:`CUT_CELLS` cells are cut down from the full size map instead,
    to the numbers the fixpoint of ``grade_`` (else probe) needs
    (:func:`cut_down`)."""
    if minimal not in ("unique", "solve"):
        raise ValueError(f"minimal must be 'unique' or 'solve', not {minimal!r}")
    h, w = strict_size(h, w, MAX_CELLS)
    rng = np.random.default_rng(seed)
    if grade_ is not None:
        LADDER.level(grade_)
    for _ in range(tries):
        mask = random_answer(h, w, rng)
        if h * w > CUT_CELLS and minimal == "unique":
            p = cut_down(h, w, mask, rng, "probe" if grade_ is None else grade_)
            if p is not None and (grade_ is None or grade(p) == LADDER.names[LADDER.level(grade_)]):
                return p, Answer.from_mask(h, w, mask)
            continue
        clues = buy(h, w, mask, rng)
        if clues is None:
            continue                     # tied answers: walk away
        p = minimise(Puzzle.make(h, w, clues), rng)
        if verify_extra(None, p, None, 20_000) is not None:
            continue                     # some clue's removal could not be decided
        if minimal == "solve":
            p = guess_free(h, w, mask, rng, "probe" if grade_ is None else grade_)
        if grade_ is None or grade(p) == LADDER.names[LADDER.level(grade_)]:
            return p, Answer.from_mask(h, w, mask)
    raise InputError(f"no {h}x{w} board of grade {grade_} in {tries} tries")


def bank_entry(n: int, i: int, base: int = 15) -> dict:
    """Bank board ``i`` of size ``n``: generated from its own seed; a board
    the raw engine cannot re-prove within its node budget is not shipped,
    and the seed moves on by 100,000."""
    from .brute import brute_count

    def make(s):
        return generate(n, n, s)

    def shipped(p):
        return not brute_count(p, 2).capped

    s, p, a = seeded_board(n, i, base, make, shipped)
    return bank_record(f"choco_banana-{n}x{n}-{i:03d}", p, a, grade(p), s)


def rebuild_bank(seed=None, rows=BANK_ROWS):
    """The shipped bank: boards of each size, each from its own seed."""
    base = 15 if seed is None else int(seed)
    return [bank_entry(n, i, base) for n, k in rows for i in range(k)]


def verify_extra(entry, puzzle, answer, max_nodes=200_000):
    """Every clue is load-bearing: dropping any one leaves a second answer
    (found by the ladder's proof policy, :func:`~puzzlekit.core.genre.proof_count`)."""
    from ..core.genre import proof_count
    from . import SPEC
    for c in sorted(puzzle.clues):
        rest = {k: v for k, v in puzzle.clues.items() if k != c}
        if proof_count(SPEC, puzzle.with_clues(rest), 2, max_nodes).unique is not False:
            return f"clue at {divmod(c, puzzle.w)} is not needed for uniqueness"
    return None
