"""Answer-first generation: sample a partition of the grid into paths, number
each path's two ends, and repair ambiguity by cutting a path in two.

Two samplers share one growth loop.  The *taut* one never lets a path run
alongside itself (two cells of one path that touch are consecutive on it);
the *loose* one does not care.  A board made from a partition is legal by
construction; only uniqueness needs a search, and when a second answer
exists the repair cuts the intended path through a cell where the two
answers disagree, which adds exactly one pair.
"""
from __future__ import annotations

import numpy as np

from ..core.generate import bank_record
from ..core.grid import Grid
from .ladder import LADDER, decode, fast_count, initial_state
from .model import MAX_CELLS, Puzzle, answer_from_paths, puzzle_from_paths

__all__ = ["sample_paths", "board_of", "repair", "generate", "random_small", "rebuild_bank",
           "sweep_board", "is_taut", "cut_options", "BANK_PLAN"]

BANK_PLAN = ((7, 7, 40), (9, 9, 36))
#: Past this many cells :func:`generate` has :func:`sample_paths` cut a
#: neighbouring path for a stranded cell from its first attempt: there a
#: partition found by retrying alone is out of reach (30x30) or slow (a 20x20
#: one takes some 1,000 attempts).  Up to it, boards are made as before, so
#: the bank's seeds still make the bank.
SPLIT_CELLS = 400


def is_taut(h: int, w: int, paths) -> bool:
    """True when no two cells of one path touch unless consecutive on it.

    >>> is_taut(2, 2, [[0, 1, 3, 2]]), is_taut(2, 2, [[0, 1], [2, 3]])
    (False, True)
    """
    g = Grid(h, w)
    for p in paths:
        pos = {c: i for i, c in enumerate(p)}
        for c, i in pos.items():
            for x in g.nbrs[c]:
                if x >= 0 and x in pos and abs(pos[x] - i) != 1:
                    return False
    return True


def sample_paths(h: int, w: int, rng, taut: bool = True, max_tries: int = 2000,
                 split_after: int | None = None):
    """A random partition of the grid into paths of at least two cells, each
    grown from the free cell with the fewest free neighbours until it is stuck;
    ``None`` when ``max_tries`` attempts all strand a cell.  After half the
    tries have stranded a cell, paths also stop at random (probability 0.3 per
    step once they have two cells): tiny grids such as a taut 2×2 need it.

    A cell left alone among finished paths is joined to one that ends next
    to it if it can be; otherwise the attempt fails, and on a large grid
    nearly every attempt does (a taut 30×30 partition is out of reach).
    From attempt ``split_after`` on (never by default), such a cell is
    instead put at the end of a piece cut from a neighbouring path next to
    it, which keeps the attempt.

    >>> ps = sample_paths(3, 4, np.random.default_rng(1))
    >>> sorted(c for p in ps for c in p) == list(range(12)), min(map(len, ps)) >= 2
    (True, True)
    """
    if h * w < 2:
        return None
    nbrs = Grid(h, w).nbrs
    n = h * w
    for t in range(max_tries):
        stop = 0.0 if t < max_tries // 2 else 0.3
        split = split_after is not None and t >= split_after
        own = np.full(n, -1, dtype=np.int64)
        paths = []
        ok = True
        while (own < 0).any():
            free = np.flatnonzero(own < 0)
            fn = np.array([sum(1 for x in nbrs[c] if x >= 0 and own[x] < 0) for c in free])
            cand = free[fn == fn.min()]
            s = int(rng.choice(cand))
            pid = len(paths)
            p = [s]
            own[s] = pid
            while True:
                ends = [0, -1] if len(p) > 1 else [-1]
                moves = []
                for k in ends:
                    t = p[k]
                    for x in nbrs[t]:
                        if x < 0 or own[x] >= 0:
                            continue
                        if taut and any(y >= 0 and y != t and own[y] == pid for y in nbrs[x]):
                            continue
                        moves.append((k, int(x)))
                if not moves or (len(p) >= 2 and stop and rng.random() < stop):
                    break
                k, x = moves[int(rng.integers(len(moves)))]
                own[x] = pid
                if k == 0:
                    p.insert(0, x)
                else:
                    p.append(x)
            if len(p) == 1 and not (_attach(p[0], paths, own, nbrs, taut)
                                    or split and _split_attach(p[0], paths, own, nbrs, taut)):
                ok = False
                break
            if len(p) > 1:
                paths.append(p)
        if ok:
            return paths
    return None


def _attach(s, paths, own, nbrs, taut):
    """Join a stranded cell to the end of a neighbouring path, if it stays legal."""
    for q, p in enumerate(paths):
        for k in (0, -1):
            if p[k] in nbrs[s]:
                if taut and any(y >= 0 and y != p[k] and own[y] == q for y in nbrs[s]):
                    continue
                own[s] = q
                if k == 0:
                    p.insert(0, s)
                else:
                    p.append(s)
                return True
    return False


def _split_attach(s, paths, own, nbrs, taut):
    """Join a stranded cell to a neighbouring path's inner cell ``x``: cut
    that path next to ``x`` so that ``x`` ends one piece, and put the cell
    after it, when both pieces keep two cells or more and stay legal."""
    for x in nbrs[s]:
        if x < 0 or own[x] < 0:
            continue
        q = int(own[x])
        p = paths[q]
        i = p.index(x)
        for head, tail in ((p[:i], [s] + p[i:]), (p[:i + 1] + [s], p[i + 1:])):
            if len(head) < 2 or len(tail) < 2:
                continue
            joined = tail if tail[0] == s else head
            if taut and any(y >= 0 and y != x and y in joined for y in nbrs[s]):
                continue
            own[s] = q
            paths[q] = head
            paths.append(tail)
            for c in tail:                     # the stranded cell too, when it leads the tail
                own[c] = len(paths) - 1
            return True
    return False


def board_of(h, w, paths, fill=True):
    """The board and answer of a partition (ends numbered 1, 2, ...)."""
    return puzzle_from_paths(h, w, paths, fill), answer_from_paths(h, w, paths)


def cut_options(paths, cell):
    """Ways to cut the path through ``cell`` in two pieces of >= 2 cells next
    to that cell: ``(path index, position of the cut)`` pairs."""
    for q, p in enumerate(paths):
        if cell in p:
            i = p.index(cell)
            return [(q, j) for j in (i, i + 1) if 2 <= j <= len(p) - 2]
    return []


def repair(h, w, paths, rng, fill=True, max_cuts=60, max_nodes=100_000):
    """Cut paths until the board is unique: ``(paths, cuts, status)``, status
    ``unique``, ``stuck`` (no cut possible) or ``capped``."""
    paths = [list(p) for p in paths]
    cuts = 0
    while cuts <= max_cuts:
        p, a = board_of(h, w, paths, fill)
        r = fast_count(p, limit=2, max_nodes=max_nodes)
        if r.capped:
            return paths, cuts, "capped"
        if r.count < 2:
            return paths, cuts, "unique"
        on2 = decode(r.solutions[0]).on
        if np.array_equal(on2, a.on):
            on2 = decode(r.solutions[1]).on
        diff = set(p.grid.edges[on2 != a.on].ravel().tolist())
        opts = [o for c in sorted(diff) for o in cut_options(paths, c)]
        if not opts:
            return paths, cuts, "stuck"
        q, j = opts[int(rng.integers(len(opts)))]
        old = paths[q]
        paths[q:q + 1] = [old[:j], old[j:]]
        cuts += 1
    return paths, cuts, "stuck"


def generate(h, w, seed=None, grade=None, taut=True, fill=True, max_tries=50):
    """A unique board and its answer, answer first with repair.

    >>> p, a = generate(5, 5, seed=3)
    >>> fast_count(p, limit=2).count
    1
    """
    if h * w > MAX_CELLS:
        raise ValueError(f"a {h}x{w} board is more than the {MAX_CELLS} cells this genre accepts")
    if h * w < 2:
        raise ValueError(f"a {h}x{w} board has no room for a line: a Numberlink board needs "
                         "at least two cells")
    rng = np.random.default_rng(seed)
    for _ in range(max_tries):
        paths = sample_paths(h, w, rng, taut, split_after=0 if h * w > SPLIT_CELLS else None)
        if paths is None:
            raise ValueError(f"no partition of a {h}x{w} grid into paths was found")
        paths, _, status = repair(h, w, paths, rng, fill)
        if status != "unique":
            continue
        p, a = board_of(h, w, paths, fill)
        want = None if grade is None else LADDER.names[LADDER.level(grade)]
        if want is not None and LADDER.grade(initial_state(p)) != want:
            continue
        return p, a
    raise ValueError(f"no unique {h}x{w} board found in {max_tries} tries")


def random_small(rng, h, w):
    """A small board with 0, 1 or many answers: a sampled partition (taut or
    loose), sometimes with a pair merged away, two numbers swapped, or the
    fill switch off; or numbers dropped at random."""
    n = h * w
    kind = rng.integers(6)
    fill = bool(rng.integers(4))
    if n < 2 or kind == 5:
        nums = np.zeros(n, dtype=np.int32)
        k = int(rng.integers(0, n // 2 + 1))
        cells = rng.permutation(n)[:2 * k]
        for j in range(k):
            nums[cells[2 * j:2 * j + 2]] = j + 1
        return Puzzle(h, w, nums.reshape(h, w), fill)
    paths = sample_paths(h, w, rng, taut=bool(rng.integers(2)), max_tries=50)
    if paths is None:
        return Puzzle(h, w, np.zeros((h, w), np.int32), fill)
    p = puzzle_from_paths(h, w, paths, fill)
    nums = p.numbers.ravel().copy()
    if kind == 1 and p.k >= 2:
        a, b = rng.choice(np.flatnonzero(nums > 0), 2, replace=False)
        nums[a], nums[b] = nums[b], nums[a]
    elif kind == 2 and p.k >= 2:
        nums[nums == nums.max()] = 0
    return Puzzle(h, w, nums.reshape(h, w), fill)


def sweep_board(rng, n, density="dense"):
    """An ``n`` x ``n`` board for timing sweeps (taut partition, not repaired)."""
    paths = sample_paths(n, n, rng, taut=density == "dense")
    return puzzle_from_paths(n, n, paths)


def rebuild_bank(seed=None, plan=BANK_PLAN):
    """The shipped boards: taut sampler plus repair, re-proved by the cutter."""
    from . import brute
    rng = np.random.default_rng(2026 if seed is None else seed)
    out = []
    for h, w, k in plan:
        made = 0
        while made < k:
            s = int(rng.integers(2**31))
            try:
                p, a = generate(h, w, seed=s)
            except ValueError:
                continue
            r = brute.count_solutions(p, 2)
            if r.capped or r.count != 1:       # the cutter must re-prove every shipped board
                continue
            out.append(bank_record(f"{h}x{w}-{made + 1:02d}", p, a,
                                   LADDER.grade(initial_state(p)), s, pairs=int(p.k)))
            made += 1
    return out
