"""Generation, answer first: a random legal shading grown cell by cell, clues
bought by the two cases of the existence proof against rival answers, then
minimised by shuffled one-at-a-time removal; grading; the bank builder.

No rejection: every shading the sampler returns is legal by construction,
and the buyer always succeeds in the free dialect.  The one retry is for a
count that runs out of nodes even in the uniqueness proof's search (see
:func:`count2`): :func:`generate` then draws the next answer.
"""
from __future__ import annotations

import numpy as np

from ..core.generate import bank_record, other_answer
from ..core.genre import proof_count
from ..core.graph import is_connected
from ..core.minimise import take_back
from ..core.referee import InputError, strict_size
from ..core.search import Budget, SearchCapped, SearchSettings, count_solutions
from .ladder import LADDER, decode_mask, initial_state, max_total
from .model import DOWN, LEFT, MAX_CELLS, RIGHT, UP, Answer, Puzzle, line_cells

__all__ = ["random_answer", "is_maximal", "addable", "count", "count2", "rival", "buy", "minimise",
           "grade", "bought", "liar_board", "random_small", "sweep_board", "generate",
           "rebuild_bank", "verify_extra", "liar_sample", "dialect_sample", "BANK_ROWS", "DIALECTS",
           "PACKED"]

PACKED = "packed"
DIALECTS = ("free", "liar", "honest")
BANK_ROWS = ((6, 40), (8, 40), (10, 30))
BANK_DENSITY = 0.2
SEARCH_LEVEL = "white"       # the counting search's fixpoint per node (any level counts the same)
#: The plain counting search's node budget before :func:`count2` turns to the
#: uniqueness proof's search.  Building the bank, the plain search never
#: needs more than 1,363 nodes, so the bank is the same with or without the
#: turn; on boards of 20x20 it can spend 200,000 nodes under one bad early
#: choice, where the proof's restarts find two answers in a few hundred.
FIRST_NODES = 2_000


def _can_shade(mask, c, nbrs):
    if mask[c] or any(u >= 0 and mask[u] for u in nbrs[c]):
        return False
    mask[c] = True
    ok = is_connected(nbrs, ~mask) and (~mask).any()
    mask[c] = False
    return ok


def random_answer(h, w, density=0.2, seed=None) -> np.ndarray:
    """A legal shading: cells in random order, each shaded when no-touch and
    connectivity survive, until ``round(density * h * w)`` are shaded;
    ``density`` :data:`PACKED` repeats passes to a fixpoint (⊆-maximal).

    >>> m = random_answer(5, 5, PACKED, seed=1); bool(is_maximal(m, 5, 5))
    True
    """
    rng = np.random.default_rng(seed)
    nbrs = Puzzle(h, w).grid.nbrs
    mask = np.zeros(h * w, np.bool_)
    target = h * w if density == PACKED else int(round(float(density) * h * w))
    while True:
        grew = False
        for c in rng.permutation(h * w):
            if mask.sum() >= target:
                return mask
            if _can_shade(mask, c, nbrs):
                mask[c] = True
                grew = True
        if density != PACKED or not grew:
            return mask


def addable(mask, h, w) -> list[int]:
    """Cells that could be shaded on top of ``mask`` with the shading still legal."""
    nbrs = Puzzle(h, w).grid.nbrs
    m = np.asarray(mask, np.bool_).copy()
    return [c for c in range(h * w) if _can_shade(m, c, nbrs)]


def is_maximal(mask, h, w) -> bool:
    """No cell can be added: the shading is ⊆-maximal."""
    return not addable(mask, h, w)


def count(puzzle, limit=2, max_nodes=200_000, level=SEARCH_LEVEL, keep=0, without=()):
    """The ladder's compiled counting search (a :class:`SearchResult`)."""
    return count_solutions(initial_state(puzzle), LADDER, None, level, limit, Budget(max_nodes),
                           SearchSettings(without=without), keep=keep)


def count2(puzzle, max_nodes=200_000):
    """Count up to two answers, keeping them: the plain counting search
    (:func:`count`) for its first :data:`FIRST_NODES` nodes, and when that
    runs out, the uniqueness proof's search
    (:func:`puzzlekit.core.genre.proof_count`) with ``max_nodes``."""
    r = count(puzzle, 2, min(max_nodes, FIRST_NODES), keep=2)
    if r.capped and max_nodes > FIRST_NODES:
        from . import SPEC
        r = proof_count(SPEC, puzzle, 2, max_nodes)
    return r


def rival(puzzle, mask, max_nodes=200_000):
    """An answer of ``puzzle`` other than ``mask`` (None when ``mask`` is the
    only one); :class:`~puzzlekit.core.search.SearchCapped` when the search
    capped, ValueError when ``mask`` is not an answer."""
    r = count2(puzzle, max_nodes)
    if r.capped:
        raise SearchCapped("the rival search ran out of nodes")
    return other_answer([decode_mask(s) for s in r.solutions], mask, False)


def _numbers(L, avoid):
    return [v for v in range(max_total(L) + 2) if v != avoid]


def _case2_clue(h, w, a, b):
    """The existence proof's second case (``a`` ⊂ ``b``): an arrow from a
    neighbour of the last raster difference back through it, with a's count."""
    d = int(np.flatnonzero(a != b)[-1])
    r, c = divmod(d, w)
    cands = []
    if c + 1 < w:
        cands.append((d + 1, LEFT))
    elif r + 1 < h:
        cands.append((d + w, UP))
    for e, arrow, ok in ((d - 1, RIGHT, c > 0), (d - w, DOWN, r > 0), (d + w, UP, r + 1 < h)):
        if ok and (e, arrow) not in cands:
            cands.append((e, arrow))
    return [(e, arrow, int(a[line_cells(h, w, e, arrow)].sum())) for e, arrow in cands]


def buy(h, w, mask, seed=None, dialect="free", max_nodes=200_000, need_shade=False):
    """Clues making ``mask`` the unique answer, bought rival by rival: case 1
    (a cell shaded in the answer, unshaded in the rival) takes a clue with any
    number but the rival's count; case 2 (the answer inside the rival) an
    arrow through the last difference with the answer's count.  ``dialect``
    ``liar`` allows clues on shaded cells only, ``honest`` on unshaded only
    (honest clues: the answer's count, chosen where it differs from the
    rival's).  Returns the clue dict, or None when the dialect cannot."""
    rng = np.random.default_rng(seed)
    a = np.asarray(mask, np.bool_)
    clues: dict = {}
    for _ in range(8 * h * w + 8):
        b = rival(Puzzle(h, w, dict(clues), need_shade), a, max_nodes)
        if b is None:
            return clues
        if dialect == "honest":
            opts = [(c, d) for c in np.flatnonzero(~a) if int(c) not in clues
                    for d in (UP, DOWN, LEFT, RIGHT)
                    if a[line_cells(h, w, c, d)].sum() != b[line_cells(h, w, c, d)].sum()]
            if not opts:
                return None
            c, d = opts[rng.integers(len(opts))]
            clues[int(c)] = (d, int(a[line_cells(h, w, c, d)].sum()))
            continue
        case1 = np.flatnonzero(a & ~b)
        if case1.size:
            fresh = [int(c) for c in case1 if int(c) not in clues]
            c = fresh[rng.integers(len(fresh))] if fresh else int(case1[rng.integers(case1.size)])
            d = int(rng.integers(1, 5))
            ln = line_cells(h, w, c, d)
            vs = _numbers(len(ln), int(b[ln].sum()))
            clues[c] = (d, int(vs[rng.integers(len(vs))]))
            continue
        if dialect == "liar":
            return None
        opts = _case2_clue(h, w, a, b)
        e, arrow, v = next((o for o in opts if o[0] not in clues), opts[0])
        clues[e] = (arrow, v)
    return None


def minimise(puzzle, seed=None, max_nodes=200_000, keep="unique"):
    """Shuffle the clues and drop each one whose removal keeps the board
    unique (``keep="unique"``, proved by the counting search) or finished by
    the probe fixpoint (``keep="probe"``: the solve-min criterion)."""
    def ok(rest):
        q = puzzle.with_clues(rest)
        if keep == "probe":
            return LADDER.fixpoint(initial_state(q), "probe", attribute=False).solved
        return count2(q, max_nodes).unique is True

    return puzzle.with_clues(take_back(dict(puzzle.clues), ok, np.random.default_rng(seed)))


def bought(h, w, seed, density=BANK_DENSITY):
    """What :func:`generate` draws before minimising: ``(answer, clues, rng)``
    with the generator in the state minimisation starts from."""
    rng = np.random.default_rng(seed)
    mask = random_answer(h, w, density, rng)
    return mask, buy(h, w, mask, rng), rng


def grade(puzzle):
    """The weakest finishing level (None when even probe stalls)."""
    return LADDER.grade(initial_state(puzzle))


def liar_board(h, w, mask, seed=None):
    """The liar theorem's clue set: an unsayable number on every shaded cell."""
    rng = np.random.default_rng(seed)
    clues = {}
    for c in np.flatnonzero(mask):
        d = int(rng.integers(1, 5))
        clues[int(c)] = (d, max_total(len(line_cells(h, w, int(c), d))) + 1)
    return Puzzle(h, w, clues)


def random_small(rng, h, w) -> Puzzle:
    """A small board that may have 0, 1 or many answers: a random shading, each
    cell clued with probability q (unshaded: its count, now and then off by
    one; shaded: any number), with the odd bare number, ``?`` and need-shade."""
    rng = np.random.default_rng(rng)
    mask = random_answer(h, w, float(rng.uniform(0.1, 0.4)), rng)
    q = float(rng.choice([0.0, 0.2, 0.4, 0.7]))
    clues = {}
    for c in range(h * w):
        if rng.random() >= q:
            continue
        d = int(rng.integers(0, 5)) if rng.random() < 0.1 else int(rng.integers(1, 5))
        ln = line_cells(h, w, c, d)
        if rng.random() < 0.05:
            v = -1
        elif mask[c] or rng.random() < 0.15:
            v = int(rng.integers(0, max_total(len(ln)) + 2))
        else:
            v = int(mask[ln].sum())
        clues[c] = (d, v)
    return Puzzle(h, w, clues, bool(rng.random() < 0.1))


def sweep_board(rng, n: int, density: str) -> Puzzle:
    """An n x n board for the timing sweeps: a 20%-shaded answer with honest
    or lying clues on half (``dense``) or a quarter (``sparse``) of its cells."""
    rng = np.random.default_rng(rng)
    mask = random_answer(n, n, BANK_DENSITY, rng)
    q = 0.5 if density == "dense" else 0.25
    clues = {}
    for c in np.flatnonzero(rng.random(n * n) < q):
        d = int(rng.integers(1, 5))
        ln = line_cells(n, n, int(c), d)
        clues[int(c)] = (d, max_total(len(ln)) + 1 if mask[c] else int(mask[ln].sum()))
    return Puzzle(n, n, clues)


def generate(h, w, seed=None, grade_=None, density=BANK_DENSITY, tries=40):
    """A unique, minimal board and its answer (``grade_``: a level to aim for).
    An answer whose rival search runs out of nodes is set aside for the next."""
    h, w = strict_size(h, w, MAX_CELLS)
    rng = np.random.default_rng(seed)
    if grade_ is not None:
        LADDER.level(grade_)
    for _ in range(tries):
        try:
            mask, clues, rng = bought(h, w, rng, density)
        except SearchCapped:
            continue
        p = minimise(Puzzle(h, w, clues), rng)
        if grade_ is None or grade(p) == LADDER.names[LADDER.level(grade_)]:
            return p, Answer.from_mask(h, w, mask)
    raise InputError(f"no {h}x{w} board" + (f" of grade {grade_}" if grade_ else "")
                     + f" in {tries} tries")


def rebuild_bank(seed=None, rows=BANK_ROWS, density=BANK_DENSITY):
    """The shipped bank: boards of each size, each from its own seed."""
    base = 20260 if seed is None else int(seed)
    out = []
    for n, k in rows:
        for i in range(k):
            s = base * 1000 + n * 100 + i
            p, a = generate(n, n, s, density=density)
            out.append(bank_record(f"yajisan_kazusan-{n}x{n}-{i:03d}", p, a, grade(p), s))
    return out


def verify_extra(entry, puzzle, answer):
    """Every clue is load-bearing: dropping any one leaves a second answer."""
    for c in sorted(puzzle.clues):
        rest = {k: v for k, v in puzzle.clues.items() if k != c}
        if count(puzzle.with_clues(rest), 2).unique is not False:
            return f"clue at {divmod(c, puzzle.w)} is not needed for uniqueness"
    return None


def liar_sample(n, density, seed=None):
    """One answer of the liar-theorem stream: ``(maximal, unique under its
    liar board)``, uniqueness by the raw engine."""
    from .brute import by_cells
    rng = np.random.default_rng(seed)
    m = random_answer(n, n, density, rng)
    return is_maximal(m, n, n), by_cells(liar_board(n, n, m, rng), 2).count == 1


def dialect_sample(n, density, seed=None):
    """One answer of the dialect stream: maximal?, shaded cells, and the
    minimised clue count of each dialect's purchase (None where it fails)."""
    rng = np.random.default_rng(seed)
    m = random_answer(n, n, density, rng)
    out = {"maximal": is_maximal(m, n, n), "shaded": int(m.sum())}
    for k in DIALECTS:
        c = buy(n, n, m, rng, k)
        out[k] = None if c is None else len(minimise(Puzzle(n, n, c), rng).clues)
    return out
