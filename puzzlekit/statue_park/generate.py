"""Statue Park generation, answer first.

:func:`random_answer` drops the bag's pieces one at a time at random legal
spots (never touching a placed piece, never cutting the park); when the last
piece lands the shading is already legal.  :func:`buy` then buys circles
greedily: while a second answer exists, circle a cell drawn uniformly where
it disagrees with the intended one (within the alphabet: ``"mixed"``,
``"black"`` or ``"white"``); :func:`minimise` drops every circle uniqueness
does not need.  :func:`buy_grade` buys a lower grade by adding circles until
that rung's fixpoint finishes, then minimises for that grade.  Uniqueness is
always proved by a search count, never by a fixpoint alone.
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np

from ..core.generate import bank_record
from ..core.genre import ladder_count
from ..core.minimise import minimal as shortest_then_singly, take_back
from ..core.referee import InputError
from ..core.search import SearchCapped
from .ladder import LADDER, initial_state
from .model import MAX_CELLS, NAMED, Answer, Puzzle, orientations, park_connected

__all__ = ["TETROMINOES", "PENTOMINOES", "random_bag", "random_answer", "count", "unique",
           "second_answer", "buy", "minimise", "grade_of", "buy_grade", "generate",
           "random_small", "sweep_board", "rebuild_bank", "verify_extra", "ALPHABETS",
           "circle_prefixes", "cut_down", "CUT_CELLS", "CUT_LEVEL"]

TETROMINOES = tuple(NAMED[k] for k in ("I4", "L4", "O4", "S4", "T4"))
PENTOMINOES = tuple(NAMED[k] for k in ("F5", "I5", "L5", "N5", "P5", "T5", "U5", "V5", "W5",
                                       "X5", "Y5", "Z5"))
ALPHABETS = ("mixed", "black", "white")


def random_bag(h: int, w: int, rng, pieces: int | None = None, pool=None) -> list:
    """A bag of tetrominoes and pentominoes drawn with replacement: about a
    third of the board (``pieces`` fixes the count)."""
    pool = list(pool or (TETROMINOES + PENTOMINOES))
    if pieces is None:
        pieces = max(1, round(h * w * 0.35 / 4.5))
    return [pool[int(rng.integers(len(pool)))] for _ in range(pieces)]


@lru_cache(maxsize=64)
def _spots(h: int, w: int, piece) -> list:
    """Every placement of ``piece`` on an ``h`` x ``w`` board (its cells),
    orientation by orientation, each in raster order."""
    spots = []
    for o in orientations(piece):
        ph = max(r for r, _ in o) + 1
        pw = max(c for _, c in o) + 1
        for r0 in range(h - ph + 1):
            for c0 in range(w - pw + 1):
                spots.append([(r0 + r) * w + c0 + c for r, c in o])
    return spots


def random_answer(h: int, w: int, bag, seed=None, park: bool = True, tries: int = 200):
    """Drop the pieces at random legal spots; the shaded mask, or None when
    ``tries`` restarts all failed."""
    rng = np.random.default_rng(seed)
    n = h * w
    for _ in range(tries):
        shaded = np.zeros(n, bool)
        blocked = np.zeros(n, bool)
        ok = True
        for shape in rng.permutation(len(bag)):
            spots = _spots(h, w, tuple(tuple(rc) for rc in bag[shape]))
            placed = False
            for k in rng.permutation(len(spots)):
                cells = spots[k]
                if blocked[cells].any():
                    continue
                trial = shaded.copy()
                trial[cells] = True
                if park and not park_connected(h, w, trial):
                    continue
                shaded = trial
                for c in cells:
                    r, q = divmod(c, w)
                    blocked[c] = True
                    for rr, qq in ((r - 1, q), (r + 1, q), (r, q - 1), (r, q + 1)):
                        if 0 <= rr < h and 0 <= qq < w:
                            blocked[rr * w + qq] = True
                placed = True
                break
            if not placed:
                ok = False
                break
        if ok:
            return shaded
    return None


def count(puzzle: Puzzle, limit: int = 2, max_nodes: int = 200_000, level="white"):
    """The ladder search's result (count up to ``limit``); by default it
    propagates with every rung but probe at each node, which on these boards
    is many times faster than probing and counts the same."""
    return ladder_count(_SPEC(), puzzle, limit=limit, level=level, max_nodes=max_nodes)


def _SPEC():
    from . import SPEC
    return SPEC


def unique(puzzle: Puzzle, max_nodes: int = 200_000) -> bool | None:
    return count(puzzle, 2, max_nodes).unique


def second_answer(puzzle: Puzzle, answer, max_nodes: int = 2_000_000):
    """An answer other than ``answer`` (mask), None when unique; raises
    :class:`SearchCapped` when capped.  The placement-first engine finds one
    fastest on sparse boards."""
    from .brute import solutions
    r = solutions(puzzle, 2, max_nodes)
    if r.capped and r.count < 2:
        raise SearchCapped(f"the search for a second answer ran out of its {max_nodes:,} nodes")
    for a in r.solutions:
        if not np.array_equal(a.shaded, answer):
            return a.shaded
    return None


def _with(puzzle, black, white):
    return puzzle.with_circles(black, white)


def buy(puzzle: Puzzle, answer, alphabet: str = "mixed", seed=None):
    """Circles bought greedily until the answer is unique: ``(black, white)``."""
    rng = np.random.default_rng(seed)
    answer = np.asarray(answer, bool)
    black, white = set(puzzle.black), set(puzzle.white)
    while True:
        other = second_answer(_with(puzzle, black, white), answer)
        if other is None:
            return black, white
        if alphabet == "black":
            cand = np.flatnonzero(answer & ~other)
        elif alphabet == "white":
            cand = np.flatnonzero(~answer & other)
        else:
            cand = np.flatnonzero(answer != other)
        c = int(cand[rng.integers(len(cand))])
        (black if answer[c] else white).add(c)


def minimise(puzzle: Puzzle, answer, black, white, seed=None, level=None):
    """Drop, in random order, each circle that uniqueness (or, with ``level``,
    that level's fixpoint finishing) does not need."""
    rng = np.random.default_rng(seed)
    black, white = set(black), set(white)
    items = [(c, 1) for c in sorted(black)] + [(c, 0) for c in sorted(white)]
    for k in rng.permutation(len(items)):
        c, b = items[k]
        (black if b else white).discard(c)
        p = _with(puzzle, black, white)
        ok = solves(p, level) if level is not None else unique(p) is True
        if not ok:
            (black if b else white).add(c)
    return black, white


def solves(puzzle: Puzzle, level) -> bool:
    """Whether the fixpoint at ``level`` finishes the board."""
    s = initial_state(puzzle)
    return LADDER.fixpoint(s, level, attribute=False).solved


def grade_of(puzzle: Puzzle):
    """The weakest level that finishes the board, or None (it needs search)."""
    return LADDER.grade(initial_state(puzzle))


def buy_grade(puzzle: Puzzle, answer, level, seed=None):
    """Add circles (true to ``answer``) until ``level`` finishes, then drop
    the ones it does not need: ``(black, white)``."""
    rng = np.random.default_rng(seed)
    answer = np.asarray(answer, bool)
    black, white = set(puzzle.black), set(puzzle.white)
    while True:
        s = initial_state(_with(puzzle, black, white))
        res = LADDER.fixpoint(s, level, attribute=False)
        if res.solved:
            break
        open_ = np.flatnonzero(s.cell.all(axis=1))
        if res.contradiction or not len(open_):
            raise RuntimeError(f"level {level} cannot finish this board")
        c = int(open_[rng.integers(len(open_))])
        (black if answer[c] else white).add(c)
    return minimise(puzzle, answer, black, white, rng, level=level)


#: Past this many cells circles are not bought against rivals (on a sparse
#: 20x20 board the search for a second answer runs out of its nodes) but cut
#: down from a circle on every cell (:func:`cut_down`); such a board is
#: minimal for the fixpoint of its level (:data:`CUT_LEVEL` by default), not
#: for uniqueness (a uniqueness pass over a 12x12 board's 48 circles took
#: 15 s; at 20x20 one probe fixpoint takes a quarter of a second or more, a
#: white one a fortieth).
CUT_CELLS = 64      # the bank's largest (8x8); the old way took 15 s of CPU at 10x10
CUT_LEVEL = "white"


def cut_down(puzzle: Puzzle, answer, seed=None, level="probe", alphabet: str = "mixed",
             scout="white"):
    """Circles for ``answer`` that ``level``'s fixpoint finishes with, none
    it can do without, cut down from the top: a circle on every cell the
    alphabet allows, the shortest prefix of a shuffled order of them that
    ``scout`` (the weaker of it and ``level``; much cheaper than probe)
    finishes, found by bisection, each of those dropped when ``scout`` still
    finishes without it, then each dropped when ``level`` still does.  A
    board a sound level finishes is unique.  ``(black, white)``, or None
    when even every circle leaves ``level`` short of finishing.

    >>> rng = np.random.default_rng(5)
    >>> bag = random_bag(6, 6, rng); ans = random_answer(6, 6, bag, rng)
    >>> black, white = cut_down(Puzzle.make(6, 6, bag), ans, rng)
    >>> unique(_with(Puzzle.make(6, 6, bag), black, white))
    True
    """
    rng = np.random.default_rng(seed)
    answer = np.asarray(answer, bool)
    allowed = {"mixed": np.ones_like(answer), "black": answer, "white": ~answer}[alphabet]
    cells = [int(c) for c in rng.permutation(np.flatnonzero(allowed))]
    top = LADDER.level(level)
    scout = min(LADDER.level(scout), top)

    def split(chosen):
        chosen = set(chosen)
        black = {c for c in chosen if answer[c]} | set(puzzle.black)
        return black, (chosen - black) | set(puzzle.white)

    def finishes(chosen, lv):
        return solves(_with(puzzle, *split(chosen)), lv)

    if not finishes(cells, top):
        return None
    if not finishes(cells, scout):
        scout = top
    keep = shortest_then_singly(cells, lambda chosen: finishes(chosen, scout), rng)
    if scout != top:
        keep = take_back(dict.fromkeys(keep), lambda rest: finishes(rest, top), rng)
    return split(keep)


def generate(h: int, w: int, seed=None, grade=None, alphabet: str = "mixed", bag=None):
    """A unique puzzle and its answer: a random bag, a dropped answer, greedy
    circles, minimised; with ``grade`` circles are added until that level
    finishes.  Boards of more than :data:`CUT_CELLS` cells are cut down
    from a circle on every cell instead, to the circles the fixpoint of
    ``grade`` (else :data:`CUT_LEVEL`) needs (:func:`cut_down`)."""
    if h * w > MAX_CELLS:
        raise InputError(f"{h}x{w} is larger than {MAX_CELLS} cells")
    rng = np.random.default_rng(seed)
    if grade is not None:
        LADDER.level(grade)
    capped = stalled = 0
    for _ in range(100):
        b = list(bag) if bag is not None else random_bag(h, w, rng)
        ans = random_answer(h, w, b, rng)
        if ans is None:
            continue
        p = Puzzle.make(h, w, b)
        if h * w > CUT_CELLS:
            got = cut_down(p, ans, rng, CUT_LEVEL if grade is None else grade, alphabet)
            if got is None or (grade is not None and grade_of(_with(p, *got)) != grade):
                stalled += 1
                continue
            return _with(p, *got), Answer.from_mask(h, w, ans)
        try:
            black, white = buy(p, ans, alphabet, rng)
        except SearchCapped:            # the next draft may be easier
            capped += 1
            continue
        black, white = minimise(p, ans, black, white, rng)
        if grade is not None and grade_of(_with(p, black, white)) != grade:
            black, white = buy_grade(_with(p, black, white), ans, grade, rng)
        return _with(p, black, white), Answer.from_mask(h, w, ans)
    if capped:
        raise ValueError(f"no {h}x{w} board in 100 drafts: on {capped} of them the search for "
                         "a second answer ran out of nodes (boards this large are beyond the "
                         "generator)")
    if stalled:
        raise ValueError(f"no {h}x{w} board of grade {grade} in 100 drafts: on {stalled} of them "
                         "that level could not finish the answer's circles or finished it with "
                         "fewer")
    raise ValueError(f"no {h}x{w} answer found for the bag in 100 drafts")


def random_small(rng, h: int, w: int) -> Puzzle:
    """A small board that may have 0, 1 or many answers: a bag of 0-3 small
    pieces, a few circles, sometimes true to a dropped answer, sometimes
    random; now and then the park rule off."""
    pool = [NAMED[k] for k in ("monomino", "domino", "I3", "L3", "I4", "L4", "O4", "T4", "S4")]
    k = int(rng.integers(0, 4))
    bag = [pool[int(rng.integers(len(pool)))] for _ in range(k)]
    drop = ["park"] if rng.random() < 0.15 else []
    n = h * w
    ans = random_answer(h, w, bag, rng, tries=3) if rng.random() < 0.6 else None
    black, white = set(), set()
    for c in rng.permutation(n)[:int(rng.integers(0, max(1, n // 3)))]:
        c = int(c)
        shade = ans[c] if ans is not None else rng.random() < 0.35
        if ans is not None and rng.random() < 0.1:
            shade = not shade
        (black if shade else white).add(c)
    return Puzzle.make(h, w, [piece for piece in bag], black, white, drop)


def sweep_board(rng, n: int, density: str = "dense") -> Puzzle:
    """An n x n board with a dropped answer and its circles (every third
    shaded cell black, every fifth park cell white when dense; a tenth as
    many when sparse)."""
    for _ in range(50):
        bag = random_bag(n, n, rng)
        ans = random_answer(n, n, bag, rng)
        if ans is not None:
            break
    else:
        bag, ans = [], np.zeros(n * n, bool)
    k = 3 if density == "dense" else 30
    sh = np.flatnonzero(ans)
    pk = np.flatnonzero(~ans)
    black = [int(c) for c in rng.permutation(sh)[:max(1, len(sh) // k)]] if len(sh) else []
    white = [int(c) for c in rng.permutation(pk)[:len(pk) // (k + 2)]]
    return Puzzle.make(n, n, bag, black, white)


def verify_extra(entry, puzzle, answer):
    """Every circle is load-bearing for the shipped grade (for a board that
    needs search: for uniqueness), and the placement-first engine agrees
    with the cells-first one on small boards."""
    g = entry.get("grade")
    circles = [(c, 1) for c in sorted(puzzle.black)] + [(c, 0) for c in sorted(puzzle.white)]
    for c, b in circles:
        black = puzzle.black - {c} if b else puzzle.black
        white = puzzle.white if b else puzzle.white - {c}
        p = puzzle.with_circles(black, white)
        if (solves(p, g) if g is not None else unique(p) is True):
            return f"circle at {divmod(c, puzzle.w)} is not needed at grade {g}"
    return None


BANK_SIZES = ((6, 6, 32), (8, 8, 32))
GRADES = ("clue", "place", "fit", "white", "probe", None)


def rebuild_bank(seed=None) -> list[dict]:
    """The shipped bank: 32 boards at 6x6 and 32 at 8x8, spread over the
    grades that can be bought (round robin over :data:`GRADES`, a grade that
    cannot be bought on a board is skipped), each minimal for its grade."""
    from .brute import count_solutions
    base = 1_700_000 if seed is None else int(seed)
    out = []
    for h, w, k in BANK_SIZES:
        i = 0
        tries = 0
        while sum(1 for e in out if e["size"] == [h, w]) < k:
            tries += 1
            s = base + 1000 * h + tries
            rng = np.random.default_rng(s)
            want = GRADES[i % len(GRADES)]
            bag = random_bag(h, w, rng)
            ans = random_answer(h, w, bag, rng)
            if ans is None:
                continue
            p = Puzzle.make(h, w, bag)
            black, white = minimise(p, ans, *buy(p, ans, "mixed", rng), rng)
            q = _with(p, black, white)
            g = grade_of(q)
            if want is not None and GRADES.index(want) < GRADES.index(g if g else None):
                black, white = buy_grade(q, ans, want, rng)
                q = _with(p, black, white)
                g = grade_of(q)
            if g != want:
                continue
            if count_solutions(q, 2).count != 1:
                continue
            i += 1
            out.append(bank_record(f"statue_park-{h}x{w}-{len(out):03d}", q,
                                   Answer.from_mask(h, w, ans), g, s))
    return out


def circle_prefixes(puzzle: Puzzle, rng) -> list:
    """The board with every prefix (0 .. all) of its circles, taken in a random order."""
    cs = sorted(puzzle.black) + sorted(puzzle.white)
    order = rng.permutation(len(cs))
    out = []
    for k in range(len(cs) + 1):
        keep = {cs[j] for j in order[:k]}
        out.append(puzzle.with_circles(keep & puzzle.black, keep & puzzle.white))
    return out
