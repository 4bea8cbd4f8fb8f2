"""Random answers, arrow conventions, clue erasure, grading and the bank.

A random answer is an L-partition drawn by the scanner's row-major cut in a
random order (:func:`~puzzlekit.sashigane.brute.cut`): at the first free
cell, one of the L's starting there that fit, uniformly, with backtracking.
A board prints a circle on every bend and an arrow on one end of every
piece; which end is the convention dial (``"long"``: the longer arm, ties
to the vertical arm; ``"short"``: the shorter, ties to the horizontal;
``"coin"``: a fair coin per piece).  The generator prints every number,
confirms uniqueness, then erases numbers one at a time in random order,
keeping each erasure after which the board is still unique.
"""
from __future__ import annotations

import numpy as np

from ..core.genre import ladder_count
from ..core.referee import InputError
from .brute import brute_count, cut
from .model import MAX_CELLS, Answer, Puzzle, l_parts

__all__ = ["random_partition", "answer_board", "random_small", "unique", "generate",
           "erase_numbers", "rebuild_bank", "verify_extra", "sweep_board", "BANK_PLAN",
           "pieces_of"]

BANK_PLAN = ((8, 8, 40), (12, 12, 32))
CONVENTIONS = ("long", "short", "coin")


def random_partition(rng, h: int, w: int, max_nodes: int = 20_000, restarts: int = 200):
    """A random L-partition as flat piece labels, or None (none exists, or
    every restart ran out of nodes).

    The cut tries, at the first free cell, the L's starting there in a random
    order, backtracking when a cell next to the last piece can no longer be
    covered by any L of free cells.

    >>> lab = random_partition(np.random.default_rng(1), 4, 5)
    >>> bool((np.bincount(lab) >= 3).all())
    True
    """
    if h < 2 or w < 2:
        return None
    for _ in range(restarts):
        rand = rng.random(1 << 14)
        start = int(rng.integers(1 << 14))
        r = cut(h, w, rand, start, max_nodes)
        if r.count:
            return r.solutions[0].labels(h, w)
        if not r.capped:                # the search finished: no partition at all
            return None
    return None


def pieces_of(labels, w: int) -> list:
    """Per piece: ``(cells, bend, ends)`` with ``ends`` as :func:`l_parts` gives them,
    the vertical arm's end first."""
    ans = Answer.from_labels(labels, w)
    out = []
    for p in ans.pieces:
        bend, ends = l_parts(p)
        ends = sorted(ends.items(), key=lambda e: e[0][1] != bend[1])   # vertical arm first
        out.append((p, bend, ends))
    return out


def answer_board(labels, h: int, w: int, convention="coin", rng=None, numbers=True) -> Puzzle:
    """The board of an answer: a circle on every bend (numbered when
    ``numbers``), an arrow on one end of every piece by ``convention``
    (``"long"``, ``"short"``, ``"coin"``, or a sequence of 0/1 per piece:
    0 the vertical arm's end, 1 the horizontal one's)."""
    circles, arrows = {}, {}
    for i, (cells, (br, bc), ends) in enumerate(pieces_of(labels, w)):
        circles[br * w + bc] = len(cells) if numbers else 0
        lv = abs(ends[0][0][0] - br)
        lh = abs(ends[1][0][1] - bc)
        if isinstance(convention, str):
            if convention == "long":
                k = 0 if lv >= lh else 1
            elif convention == "short":
                k = 1 if lh <= lv else 0
            else:
                k = int(rng.integers(2))
        else:
            k = int(convention[i])
        (r, c), d = ends[k]
        arrows[r * w + c] = d
    return Puzzle.make(h, w, circles, arrows)


def unique(puzzle: Puzzle, max_nodes: int = 100_000) -> bool | None:
    """True / False by the ladder's counting search, None when capped."""
    from . import SPEC
    return ladder_count(SPEC, puzzle, 2, max_nodes=max_nodes).unique


def random_small(rng, h: int, w: int) -> Puzzle:
    """A small random board with 0, 1 or many answers: a random answer's
    board (numbers partly printed), often corrupted (an arrow moved or
    turned, a circle moved, a wrong number, a clue dropped or added)."""
    lab = random_partition(rng, h, w)
    if lab is None:
        n = h * w
        circles = {int(c): 0 for c in rng.choice(n, size=min(n, int(rng.integers(0, 3))),
                                                replace=False)}
        free = [x for x in range(n) if x not in circles]
        arrows = {int(c): int(rng.integers(4)) for c in rng.permutation(free)[:rng.integers(0, 3)]}
        return Puzzle.make(h, w, circles, arrows)
    p = answer_board(lab, h, w, "coin", rng, numbers=True)
    circ = p.circle.copy()
    arr = p.arrow.copy()
    circ[(circ > 0) & (rng.random(h * w) < (1.0 if rng.random() < 0.5 else 0.6))] = 0
    for _ in range(int(rng.choice([0, 0, 0, 1, 2]))):
        kind = int(rng.integers(5))
        cells = np.flatnonzero(circ >= 0) if kind < 2 else np.flatnonzero(arr >= 0)
        free = np.flatnonzero((circ < 0) & (arr < 0))
        if kind == 0 and len(free):               # move a circle
            x = rng.choice(cells)
            circ[rng.choice(free)] = circ[x]
            circ[x] = -1
        elif kind == 1:                          # a wrong number
            circ[rng.choice(cells)] = int(rng.integers(3, max(4, h + w)))
        elif kind == 2:                          # turn an arrow
            arr[rng.choice(cells)] = int(rng.integers(4))
        elif kind == 3 and len(free):            # move an arrow
            x = rng.choice(cells)
            arr[rng.choice(free)] = arr[x]
            arr[x] = -1
        elif kind == 4:                          # drop an arrow
            arr[rng.choice(cells)] = -1
    return Puzzle(h, w, circ, arr)


def erase_numbers(puzzle: Puzzle, rng, max_nodes: int = 100_000) -> Puzzle:
    """Erase printed numbers one at a time in random order, keeping each
    erasure after which the board stays unique (a capped count keeps the number)."""
    circ = puzzle.circle.copy()
    for x in rng.permutation(np.flatnonzero(circ > 0)):
        trial = circ.copy()
        trial[x] = 0
        if unique(Puzzle(puzzle.h, puzzle.w, trial, puzzle.arrow), max_nodes) is True:
            circ = trial
    return Puzzle(puzzle.h, puzzle.w, circ, puzzle.arrow)


def generate(h: int, w: int, seed=None, grade=None, convention="coin", tries: int = 200):
    """A unique puzzle with a minimal set of numbers, and its answer.

    ``grade`` (a rung name) asks for a board whose grade is exactly that."""
    from ..core.genre import grade as _grade
    from . import SPEC
    h, w = int(h), int(w)
    if h * w > MAX_CELLS:
        raise InputError(f"a {h}x{w} board is more than the {MAX_CELLS} cells this genre accepts")
    if h < 2 or w < 2 or h * w < 6:
        raise InputError(f"cannot generate a {h}x{w} Sashigane board: an L-shaped piece spans "
                         "two rows and two columns, and the generator needs 6 cells or more")
    rng = np.random.default_rng(seed)
    for _ in range(tries):
        lab = random_partition(rng, h, w)
        if lab is None:
            continue
        full = answer_board(lab, h, w, convention, rng, numbers=True)
        if unique(full) is not True:
            continue
        p = erase_numbers(full, rng)
        if grade is not None and _grade(SPEC, p) != grade:
            continue
        ans = Answer.from_labels(lab, w)
        return p, ans
    raise InputError(f"no {h}x{w} board found in {tries} tries")


def rebuild_bank(seed=None) -> list[dict]:
    """The bank: 40 boards at 8x8 and 32 at 12x12, numbers erased to a
    minimal set, each proved unique by the ladder and the scanner, graded."""
    from ..core.genre import grade as _grade
    from . import SPEC
    base = 20260905 if seed is None else int(seed)
    out = []
    for h, w, k in BANK_PLAN:
        i = 0
        s = 0
        while i < k:
            sd = base + 1000 * h + s
            s += 1
            p, a = generate(h, w, sd)
            if brute_count(p, 2, 20_000_000).count != 1 or unique(p, 1_000_000) is not True:
                continue
            out.append({"id": f"sg-{h}x{w}-{i + 1:02d}", "size": [h, w], "clues": p.to_json(),
                        "answer": a.to_json(), "grade": _grade(SPEC, p), "seed": sd,
                        "pieces": len(a.pieces), "numbers": int((p.circle > 0).sum())})
            i += 1
    return out


def verify_extra(entry, puzzle, answer):
    """Every printed number is load-bearing: erasing any one breaks uniqueness."""
    for x in np.flatnonzero(puzzle.circle > 0):
        circ = puzzle.circle.copy()
        circ[x] = 0
        if unique(Puzzle(puzzle.h, puzzle.w, circ, puzzle.arrow), 1_000_000) is not False:
            return f"the number at {divmod(int(x), puzzle.w)} can be erased"
    if entry.get("pieces") not in (None, len(answer.pieces)):
        return "piece count differs from the answer"
    return None


def sweep_board(rng, n: int, density: str = "dense") -> Puzzle:
    """An ``n`` x ``n`` board for timing sweeps: a random answer's board,
    every number printed (``dense``) or none (``sparse``)."""
    lab = None
    while lab is None:
        lab = random_partition(rng, n, n, 2_000_000)
    return answer_board(lab, n, n, "coin", rng, numbers=density == "dense")
