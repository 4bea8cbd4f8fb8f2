"""Generation by walking black cells, grading, random boards and the bank.

The clues of a Heteromino are not read off an answer: blacking a cell
changes which cells need covering, and the white cells must stay a multiple
of three, so no clue can be added or removed on its own and there is no
minimisation step.  The walker scatters ``k`` black cells, counts answers,
and moves one black cell at a time.  Its score: one answer is the goal; many
answers cost their count; no answer costs more, plus the number of open
regions whose size is not a multiple of three (a slope out of the wide flat
plateau of unsolvable drafts).

Past :data:`CARVE_CELLS` cells, where answers are too many to count, boards
are carved from an answer instead (:func:`carve`): a random tiling, then
whole pieces of it blacked where the ladder's fixpoint leaves cells open,
then as many of those given back as the fixpoint can spare.
"""
from __future__ import annotations

import numpy as np

from ..core.generate import bank_record
from ..core.genre import accepts
from ..core.referee import InputError, strict_size
from ..core.search import Budget, count_solutions as _ladder_count
from . import brute
from .ladder import LADDER, initial_state
from .model import MAX_CELLS, SHAPES, Answer, Puzzle

__all__ = ["legal_counts", "random_small", "scatter", "bad_regions", "score", "walk",
           "generate", "grade", "search_count", "sweep_board", "rebuild_bank", "BANK_PLAN",
           "BANK_BLACK", "verify_extra", "BLACK_SHARE", "BLACK_SHARE_LARGE", "random_tiling",
           "carve", "CARVE_CELLS"]

BANK_PLAN = {(8, 8): 40, (12, 12): 32}               # the article's 72 boards
# black cells per bank board: the article ships 1,968 pieces on 40 boards of 8x8
# and 32 of 12x12, so 40 (64 - k8) + 32 (144 - k12) = 3 * 1968, i.e.
# 40 k8 + 32 k12 = 1264, which 10 and 27 meet (both leave a multiple of three)
BANK_BLACK = {(8, 8): 10, (12, 12): 27}
MANY = 50          # answers counted when scoring a board with more than one


def legal_counts(h: int, w: int) -> list[int]:
    """The black-cell counts that leave a multiple of three white cells.

    >>> legal_counts(3, 4)
    [0, 3, 6, 9, 12]
    """
    return [k for k in range(h * w + 1) if (h * w - k) % 3 == 0]


def scatter(h: int, w: int, k: int, seed=None) -> Puzzle:
    """``k`` black cells placed uniformly at random."""
    rng = np.random.default_rng(seed)
    mask = np.zeros(h * w, dtype=np.bool_)
    mask[rng.choice(h * w, size=k, replace=False)] = True
    return Puzzle(h, w, mask)


def random_small(rng, h: int, w: int) -> Puzzle:
    """A random board: a legal number of black cells (skewed small, so boards
    with many answers, one and none all occur), scattered at random."""
    ks = legal_counts(h, w)
    ks = ks[:max(1, (len(ks) + 1) // 2 + 1)]
    k = int(ks[min(int(rng.integers(len(ks))), int(rng.integers(len(ks))))])
    return scatter(h, w, k, rng)


def sweep_board(rng, n: int, density: str) -> Puzzle:
    """An ``n`` x ``n`` board for timing sweeps, black cells scattered at random
    (``dense``: about a sixth of the cells, ``sparse``: a tenth), the white
    cells a multiple of three; uniqueness is not asked for."""
    frac = 6 if density == "dense" else 10
    k = max(0, (n * n) // frac)
    k -= (n * n - k) % 3
    return scatter(n, n, max(0, k), rng)


def bad_regions(puzzle: Puzzle) -> int:
    """Open regions (white cells joined by edges) whose size is not a multiple of three."""
    h, w = puzzle.h, puzzle.w
    seen = puzzle.black.copy()
    nb = puzzle.grid.nbrs
    bad = 0
    for s in range(h * w):
        if seen[s]:
            continue
        seen[s] = True
        stack, size = [s], 0
        while stack:
            c = stack.pop()
            size += 1
            for d in nb[c]:
                if d >= 0 and not seen[d]:
                    seen[d] = True
                    stack.append(d)
        bad += size % 3 != 0
    return bad


def search_count(puzzle: Puzzle, limit: int = 2, level="hetero", max_nodes: int = 200_000):
    """The ladder's counting search (compiled) up to ``limit``."""
    return _ladder_count(initial_state(puzzle), LADDER, accepts(_spec(), puzzle), level,
                         limit, Budget(max_nodes))


def _spec():
    from . import SPEC
    return SPEC


def score(puzzle: Puzzle, max_nodes: int = 200_000) -> tuple[float, int]:
    """``(cost, answers)``: 0 for exactly one answer, ``1 + (n - 2) / MANY`` for
    ``n`` answers (counted up to MANY), ``3 + bad regions`` for none, and
    infinity when the count was capped."""
    if bad_regions(puzzle):
        return 3.0 + bad_regions(puzzle), 0
    r = search_count(puzzle, MANY, max_nodes=max_nodes)
    if r.capped and r.count < MANY:
        return float("inf"), -1
    if r.count == 1:
        return 0.0, 1
    if r.count == 0:
        return 3.0, 0
    return 1.0 + (r.count - 2) / MANY, r.count


def walk(h: int, w: int, k: int, seed=None, steps: int = 400, restarts: int = 20,
         max_nodes: int = 200_000):
    """Walk ``k`` black cells towards a board with exactly one answer.

    Returns ``(puzzle, moves)`` or ``None`` when the budget (``restarts`` runs
    of ``steps`` moves) ran out.  A move takes one black cell to a random white
    cell and is kept when the score does not get worse.

    >>> p, _ = walk(3, 4, 3, seed=2)
    >>> int(p.black.sum()), search_count(p).count
    (3, 1)
    """
    rng = np.random.default_rng(seed)
    if (h * w - k) % 3 or not 0 <= k <= h * w:
        raise ValueError(f"{k} black cells leave {h * w - k} white cells, not a multiple of 3")
    moves = 0
    for _ in range(restarts):
        p = scatter(h, w, k, rng)
        cost, _ = score(p, max_nodes)
        for _ in range(steps):
            if cost == 0:
                return p, moves
            blk = np.flatnonzero(p.black)
            wht = np.flatnonzero(~p.black)
            if len(blk) == 0 or len(wht) == 0:
                break
            mask = p.black.copy()
            mask[blk[rng.integers(len(blk))]] = False
            mask[wht[rng.integers(len(wht))]] = True
            q = p.with_black(mask)
            c2, _ = score(q, max_nodes)
            moves += 1
            if c2 <= cost:
                p, cost = q, c2
        if cost == 0:
            return p, moves
    return None


def grade(puzzle: Puzzle):
    """The weakest level whose fixpoint finishes the board."""
    return LADDER.grade(initial_state(puzzle))


#: The default share of black cells: about a seventh on boards up to the
#: bank's largest (144 cells), 22% beyond.  With a seventh black the walk
#: finds no board with one answer in 300 s at 14x14 (seed 3); with 22% it
#: found one at 14x14 in 2-49 s and at 16x16 in 36-124 s (seeds 0-2):
#: larger boards have more tilings, and more black cells cut them down.
BLACK_SHARE, BLACK_SHARE_LARGE, LARGE_CELLS = 0.14, 0.22, 144


def _default_k(h, w):
    share = BLACK_SHARE if h * w <= LARGE_CELLS else BLACK_SHARE_LARGE
    k = max(0, round(share * h * w))
    while (h * w - k) % 3:
        k += 1
    return min(k, h * w)


#: Boards past this many cells (the bank's largest) are carved from an
#: answer (:func:`carve`), not walked: at 14x14 the walk took 2-49 s, at
#: 16x16 36-124 s, and at 20x20 none of its counts (up to :data:`MANY`
#: answers) tells one draft from the next.
CARVE_CELLS = 144

# each shape's cells relative to its first cell in raster order
_ANCHORED = tuple(tuple((r - min(sh)[0], c - min(sh)[1]) for r, c in sh) for sh in SHAPES)


def random_tiling(h: int, w: int, rng) -> tuple[np.ndarray, list]:
    """A legal answer drawn in raster order: each uncovered cell takes a
    piece, drawn uniformly among the shapes that fit there (no two pieces
    of one shape sharing an edge), starting at it; a cell no shape fits
    turns black.  ``(black mask, pieces)``, each piece its three cells.

    >>> black, pieces = random_tiling(5, 6, np.random.default_rng(0))
    >>> 3 * len(pieces) + int(black.sum())
    30
    """
    owner = np.full(h * w, -1, np.int64)
    shape: list = []
    pieces: list = []
    black = np.zeros(h * w, np.bool_)
    for c in range(h * w):
        if owner[c] >= 0:
            continue
        r, q = divmod(c, w)
        fits = []
        for k, offs in enumerate(_ANCHORED):
            cells = [(r + dr) * w + q + dq for dr, dq in offs
                     if 0 <= r + dr < h and 0 <= q + dq < w]
            if len(cells) < 3 or (owner[cells] >= 0).any() or black[cells].any():
                continue
            if all(shape[owner[y]] != k for x in cells for y in _edge_nbrs(x, h, w)
                   if owner[y] >= 0):
                fits.append((k, cells))
        if not fits:
            black[c] = True
            continue
        k, cells = fits[int(rng.integers(len(fits)))]
        owner[cells] = len(shape)
        shape.append(k)
        pieces.append(cells)
    return black, pieces


def _edge_nbrs(x: int, h: int, w: int):
    r, c = divmod(x, w)
    return [y for y, ok in ((x - w, r > 0), (x + w, r < h - 1), (x - 1, c > 0),
                            (x + 1, c < w - 1)) if ok]


def _open_cells(black: np.ndarray, h: int, w: int, level):
    """The cells ``level``'s fixpoint leaves open (None on a contradiction)."""
    state = initial_state(Puzzle(h, w, black.copy()))
    if LADDER.fixpoint(state, level, attribute=False).status == "contradiction":
        return None
    return np.flatnonzero(~black)[state.live_counts() > 1]


def carve(h: int, w: int, seed=None, level="probe", sample: int = 12, scout="pair"):
    """A board ``level``'s fixpoint finishes, and its answer: a
    :func:`random_tiling`; while ``level`` leaves cells open, of ``sample``
    pieces drawn among those covering cells ``scout`` (the cheaper of it
    and ``level``) leaves open, the one whose blacking leaves ``scout``
    the fewest open cells is blacked (a tiling less a piece is still an
    answer); then each blacked piece, in random order, is given back when
    ``level`` still finishes.  A board a sound level finishes has one
    answer.

    >>> p, a = carve(8, 8, seed=1)
    >>> brute.count_solutions(p).count, len(a.pieces) * 3 == p.white_count
    (1, True)
    """
    rng = np.random.default_rng(seed)
    scout = min(LADDER.level(scout), LADDER.level(level))
    black, pieces = random_tiling(h, w, rng)
    live = list(range(len(pieces)))
    cut = []
    while len(_open_cells(black, h, w, level)):
        owner = np.full(h * w, -1, np.int64)
        for i in live:
            owner[pieces[i]] = i
        near = np.unique(owner[_open_cells(black, h, w, scout)])
        best = None
        for i in rng.permutation(near[near >= 0])[:sample]:
            trial = black.copy()
            trial[pieces[i]] = True
            o = _open_cells(trial, h, w, scout)
            if o is not None and (best is None or len(o) < best[1]):
                best = (int(i), len(o))
        if best is None:
            raise RuntimeError("the fixpoint refutes a board with a known answer")
        black[pieces[best[0]]] = True
        live.remove(best[0])
        cut.append(best[0])
    for i in rng.permutation(cut):
        trial = black.copy()
        trial[pieces[i]] = False
        o = _open_cells(trial, h, w, level)
        if o is not None and not len(o):
            black = trial
            live.append(int(i))
    answer = Answer.make([[divmod(x, w) for x in pieces[i]] for i in live])
    return Puzzle(h, w, black), answer


def generate(h: int, w: int, seed=None, grade=None, k: int | None = None, tries: int = 8):
    """A board with exactly one answer and that answer, walked with ``k``
    black cells (default :data:`BLACK_SHARE` of the board, about a seventh;
    :data:`BLACK_SHARE_LARGE` on boards larger than 12x12); ``grade`` asks for a board whose
    grade is exactly that level.  Boards of more than :data:`CARVE_CELLS`
    cells (with ``k`` not given) are carved from an answer (:func:`carve`)
    until the fixpoint of ``grade`` (default probe) finishes them.

    >>> p, a = generate(4, 4, seed=3)
    >>> brute.count_solutions(p).count, len(a.pieces) * 3 == p.white_count
    (1, True)
    >>> p, a = generate(14, 14, seed=2)
    >>> brute.count_solutions(p).count, LADDER.grade(initial_state(p))
    (1, 'probe')
    """
    h, w = strict_size(h, w, MAX_CELLS)
    if grade is not None:
        LADDER.level(grade)
    rng = np.random.default_rng(seed)
    wanted = None if grade is None else LADDER.names[LADDER.level(grade)]
    if h * w > CARVE_CELLS and k is None:
        for _ in range(tries):
            p, a = carve(h, w, rng, "probe" if wanted is None else wanted)
            if wanted is None or LADDER.grade(initial_state(p)) == wanted:
                return p, a
        raise InputError(f"no {h}x{w} board of grade {grade} carved in {tries} tries")
    k = _default_k(h, w) if k is None else int(k)
    for _ in range(tries):
        r = walk(h, w, k, rng)
        if r is None:
            continue
        p = r[0]
        if wanted is not None and LADDER.grade(initial_state(p)) != wanted:
            continue
        res = brute.solutions(p, 2)
        if res.count != 1 or res.capped:
            continue
        return p, res.solutions[0]
    raise InputError(f"no {h}x{w} board with one answer found in {tries} walks"
                     + (f" at grade {grade}" if grade else ""))


def verify_extra(entry, puzzle, answer):
    """The shipped board's white cells are a multiple of three and its size is
    the one it is filed under."""
    if puzzle.white_count % 3:
        return "white cells are not a multiple of three"
    if list(entry.get("size", [])) != [puzzle.h, puzzle.w]:
        return "size does not match the board"
    return None


def rebuild_bank(seed=None, plan=None) -> list[dict]:
    """The shipped boards: ``plan`` maps size to count (default 40 at 8x8
    and 32 at 12x12), each walked from its own seed, proved unique
    by both engines and graded."""
    plan = BANK_PLAN if plan is None else plan
    base = 56 if seed is None else int(seed)
    out = []
    for (h, w), per in plan.items():
        got, t = 0, 0
        while got < per:
            s = (base * 1000 + h) * 100_000 + t
            t += 1
            try:
                p, a = generate(h, w, seed=s, k=BANK_BLACK.get((h, w)), tries=1)
            except InputError:
                continue
            sr = search_count(p, 2, level="probe", max_nodes=1_000_000)
            if sr.unique is not True:
                continue
            got += 1
            out.append(bank_record(f"heteromino-{h}x{w}-{got:03d}", p, a, grade(p), s,
                                   recipe={"black": int(p.black.sum()), "walker": "walk"}))
    return out
