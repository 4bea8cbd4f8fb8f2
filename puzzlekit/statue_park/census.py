"""Ledgers checked against published sequences and closed forms.

- k monominoes with the park rule off: an answer is exactly a k-element
  independent set of the grid graph; summed over k on an n x n board that is
  OEIS A006506 (2, 7, 63, 1234, 55447, ...).  :func:`independent_sets` counts
  them per size with a row-by-row transfer over bitmasks, sharing nothing
  with the engines.
- a 1 x m strip, park rule on, k monominoes: the park must be contiguous, so
  each end holds at most one statue: 1, 2, 1, 0 answers for k = 0..3 (m >= 3).
"""
from __future__ import annotations

from .brute import cells_count, count_solutions
from .model import NAMED, Puzzle

__all__ = ["A006506", "STRIP", "independent_sets", "monomino_census", "strip_census",
           "strip_closed_form", "park_counts", "three_engines", "ledger_rows", "LEDGER_ROWS"]

A006506 = (2, 7, 63, 1234, 55447)       # n = 1..5
STRIP = (1, 2, 1, 0)                     # k = 0..3, every m >= 3


def independent_sets(h: int, w: int) -> list[int]:
    """Independent sets of the h x w grid graph by size (index k).

    >>> independent_sets(2, 2)
    [1, 4, 2]
    """
    rows = [m for m in range(1 << w) if not m & (m >> 1)]
    pop = {m: bin(m).count("1") for m in rows}
    size = h * w + 1
    dist = {m: [0] * size for m in rows}
    for m in rows:
        dist[m][pop[m]] = 1
    for _ in range(h - 1):
        nxt = {m: [0] * size for m in rows}
        for a, da in dist.items():
            for b in rows:
                if a & b:
                    continue
                db = nxt[b]
                pb = pop[b]
                for k, v in enumerate(da):
                    if v:
                        db[k + pb] += v
        dist = nxt
    tot = [0] * size
    for d in dist.values():
        for k, v in enumerate(d):
            tot[k] += v
    while len(tot) > 1 and tot[-1] == 0:
        tot.pop()
    return tot


def monomino_census(h: int, w: int, engine: str = "placement") -> list[int]:
    """Answers per k for a bag of k monominoes, park rule off, no circles
    (k = 0 up to the first k with none)."""
    out = []
    for k in range(h * w + 1):
        p = Puzzle.make(h, w, [NAMED["monomino"]] * k, drop=["park"])
        if engine == "placement":
            c = count_solutions(p, 10**12, 10**9)
        else:
            c = cells_count(p, 10**12, 10**9)
        assert not c.capped
        out.append(c.count)
        if c.count == 0:
            break
    while len(out) > 1 and out[-1] == 0:
        out.pop()
    return out


def strip_census(m: int, kmax: int = 3, engine: str = "placement") -> list[int]:
    """Answers on a 1 x m strip with k monominoes, park rule on, k = 0..kmax."""
    out = []
    for k in range(kmax + 1):
        p = Puzzle.make(1, m, [NAMED["monomino"]] * k)
        c = (count_solutions if engine == "placement" else cells_count)(p, 10**9, 10**8)
        out.append(c.count)
    return out


def strip_closed_form(m: int, k: int) -> int:
    """The closed form: 1, 2, 1, 0 for k = 0..3 once m >= 3 (the ends alone
    may hold statues); smaller strips by the same reasoning.

    >>> [strip_closed_form(5, k) for k in range(4)]
    [1, 2, 1, 0]
    """
    if k == 0:
        return 1
    if k == 1:
        return 1 if m == 1 else 2
    if k == 2:
        return 1 if m >= 3 else 0
    return 0


def park_counts(puzzle: Puzzle) -> tuple[int, int]:
    """Answers of a board with and without the park rule (placement-first, uncapped)."""
    return (count_solutions(puzzle, 10**12, 10**10).count,
            count_solutions(puzzle.with_drop(["park"]), 10**12, 10**10).count)


def three_engines(spec, puzzle, limit: int = 50):
    """Placement-first, cells-first and CP-SAT against the ladder search
    (white and probe levels), counts up to ``limit``: ``(the engines agree,
    the two levels agree)``, ``(None, None)`` when any run was capped."""
    from ..core.genre import ladder_count
    from .sat import count_solutions as sat_count
    runs = [count_solutions(puzzle, limit), cells_count(puzzle, limit), sat_count(puzzle, limit)]
    lc = [ladder_count(spec, puzzle, limit, level=lv) for lv in ("white", "probe")]
    if any(r.capped and r.count < limit for r in runs + lc):
        return None, None
    return len({r.count for r in runs + lc[:1]}) == 1, lc[0].count == lc[1].count


LEDGER_ROWS = [f"{n}x{n} monominoes, park off" for n in range(1, 6)] + \
    [f"1xm strip, k={k}" for k in range(4)]


def ledger_rows() -> list[int]:
    """Our ledger values in the order of :data:`LEDGER_ROWS` (strips m = 3, 4, 5, 3)."""
    return [sum(monomino_census(n, n)) for n in range(1, 6)] + \
        [strip_census(3 + k % 3, 3)[k] for k in range(4)]
