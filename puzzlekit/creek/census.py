"""Blank-board ledgers and the identities of the clue map.

- legal shadings (unshaded cells connected, or none) of 1×m, 2×m and n×n
  boards, by exhaustive enumeration and by a second method each: the closed
  form m(m+1)/2 + 1, a transfer matrix over columns, and a count of connected
  cell sets grown one cell at a time (Redelmeier's method) plus the empty set;
- the closed form: the clue field is the board's mixed second difference, so
  a full clue field gives the board back as a chequerboard-signed running sum;
- injectivity of the full clue map, and the kernel of the clue system with
  the border ring erased (dimension w + h − 1).
"""
from __future__ import annotations

import numpy as np
from numba import njit

from ..core.grid import Grid
from .model import Puzzle, clue_field

__all__ = ["ONE_BY_M", "TWO_BY_M", "TWO_BY_M_MORE", "N_BY_N", "count_legal", "one_by_m",
           "two_by_m", "connected_sets", "closed_form", "distinct_fields", "kernel_dimension",
           "ring_erased_rows", "KERNEL_SHAPES", "dof", "ledger_values", "closed_form_sum",
           "pm1_kernel"]

ONE_BY_M = (2, 4, 7, 11, 16, 22, 29, 37)                       # m = 1..8
TWO_BY_M = (4, 14, 41, 109, 276, 682, 1665, 4041, 9780, 23638)  # m = 1..10
TWO_BY_M_MORE = (57097, 137877, 332900)                         # m = 11..13
N_BY_N = (2, 14, 219, 11507)                                    # n = 1..4
KERNEL_SHAPES = ((2, 2), (2, 5), (3, 3), (3, 4), (4, 4), (4, 6), (5, 7), (6, 6))


def count_legal(h: int, w: int) -> int:
    """Legal shadings of an ``h`` x ``w`` board by trying all 2^(hw) of them.

    >>> count_legal(1, 1), count_legal(2, 2)
    (2, 14)
    """
    if h * w > 24:
        raise ValueError("exhaustive enumeration is limited to 24 cells")
    return int(_count_legal_jit(np.ascontiguousarray(Grid(h, w).nbrs, dtype=np.int64)))


def one_by_m(m: int) -> int:
    """The creek of a strip is one interval or nothing: m(m+1)/2 + 1."""
    return m * (m + 1) // 2 + 1


def two_by_m(m: int) -> int:
    """2×m by a transfer matrix: the non-empty columns form one run in which
    consecutive columns share an unshaded row.

    >>> [two_by_m(m) for m in (1, 2, 3)]
    [4, 14, 41]
    """
    pats = (1, 2, 3)                     # top only, bottom only, both
    before, after = 1, 0
    inside = {p: 0 for p in pats}
    for k in range(m):
        new = {q: before + sum(inside[p] for p in pats if p & q) for q in pats}
        after = after + sum(inside.values())
        before, inside = before, new
    return before + after + sum(inside.values())


def connected_sets(h: int, w: int) -> int:
    """Non-empty connected cell sets of an ``h`` x ``w`` grid, each grown once
    from its lowest cell (Redelmeier's method), with no subset enumeration.

    >>> connected_sets(2, 2)
    13
    """
    nb = [[int(u) for u in row if u >= 0] for row in Grid(h, w).nbrs]
    total = 0
    for root in range(h * w):
        seen = {root}

        def grow(untried):
            nonlocal total
            untried = list(untried)
            while untried:
                u = untried.pop()
                total += 1
                new = [x for x in nb[u] if x > root and x not in seen]
                seen.update(new)
                grow(untried + new)
                seen.difference_update(new)

        grow([root])
    return total


def closed_form(clues) -> np.ndarray:
    """The board of a full clue field: x[r][c] = Σ_{i≤r, j≤c} (−1)^((r−i)+(c−j)) C(i,j),
    computed as a scan (each cell is its corner's number minus the three
    cells already known).

    >>> x = np.array([[1, 0, 1], [0, 0, 1]])
    >>> closed_form(clue_field(x)).tolist() == x.tolist()
    True
    """
    C = np.asarray(clues, dtype=np.int64)
    h, w = C.shape[0] - 1, C.shape[1] - 1
    x = np.zeros((h + 1, w + 1), dtype=np.int64)      # padded by a zero row and column
    for r in range(h):
        for c in range(w):
            x[r + 1, c + 1] = C[r, c] - x[r, c] - x[r, c + 1] - x[r + 1, c]
    return x[1:, 1:]


def closed_form_sum(clues) -> np.ndarray:
    """The same board by the signed double sum itself (a check on the scan)."""
    C = np.asarray(clues, dtype=np.int64)
    h, w = C.shape[0] - 1, C.shape[1] - 1
    i, j = np.arange(h)[:, None], np.arange(w)[None, :]
    sign = np.where((i + j) % 2 == 0, 1, -1)
    S = np.cumsum(np.cumsum(sign * C[:h, :w], 0), 1)
    return sign * S


def distinct_fields(h: int, w: int) -> tuple[int, int]:
    """``(boards, distinct full clue fields)`` over all 2^(hw) shadings."""
    n = h * w
    codes = np.arange(2 ** n, dtype=np.int64)
    X = ((codes[:, None] >> np.arange(n)) & 1).reshape(-1, h, w)
    P = np.pad(X, ((0, 0), (1, 1), (1, 1)))
    F = P[:, :-1, :-1] + P[:, :-1, 1:] + P[:, 1:, :-1] + P[:, 1:, 1:]
    return len(codes), len(np.unique(F.reshape(len(codes), -1), axis=0))


def ring_erased_rows(h: int, w: int) -> Puzzle:
    """A board printing every interior corner and no ring corner (values of an
    arbitrary shading: the rank does not depend on them)."""
    x = (np.add.outer(np.arange(h), np.arange(w)) % 3 == 0).astype(np.int8)
    f = clue_field(x).astype(np.int8)
    f[0, :] = f[-1, :] = f[:, 0] = f[:, -1] = -1
    return Puzzle(h, w, f)


def dof(puzzle: Puzzle) -> int:
    """Degrees of freedom a board's printed numbers leave: cells minus their rank."""
    from .ladder import reduced_rows
    return puzzle.h * puzzle.w - len(reduced_rows(puzzle)[2])


def ledger_values() -> list[str]:
    """Every ledger as printed text: 1×m and 2×m enumerated, 2×m by transfer
    matrix for m = 11..13, n×n enumerated and by connected sets, distinct
    full clue fields at 3×3, 4×3, 4×4, and how many kernel shapes have
    dimension w + h − 1."""
    def seq(values):
        """The values as printed: comma-separated."""
        return ", ".join(str(v) for v in values)

    dims = [kernel_dimension(h, w) == h + w - 1 for h, w in KERNEL_SHAPES]
    return [seq(count_legal(1, m) for m in range(1, 9)),
            seq(count_legal(2, m) for m in range(1, 11)),
            seq(two_by_m(m) for m in range(11, 14)),
            seq(count_legal(n, n) for n in range(1, 5)),
            seq(connected_sets(n, n) + 1 for n in range(1, 5)),
            seq(distinct_fields(h, w)[1] for h, w in ((3, 3), (4, 3), (4, 4))),
            f"{sum(dims)} of {len(dims)}"]


def pm1_kernel(h: int, w: int) -> dict:
    """Every nonzero d in {−1, 0, 1}^(h×w) keeping all interior 2×2 sums,
    classified by its twist e = (−1)^(i+j) d: ``columns`` (e depends on the
    column only: signed whole columns), ``rows``, ``blocks`` (e = [i∈U] +
    [j∈V] − 1 for a proper row set U and column set V: +1 on U×V, −1 on the
    other rows × other columns; the article's cross is the thinnest) or
    ``other``.  Exhaustive, so small shapes only.

    >>> pm1_kernel(2, 2)["other"]
    0
    """
    import itertools
    sign = np.where(np.add.outer(np.arange(h), np.arange(w)) % 2 == 0, 1, -1)
    out = {"columns": 0, "rows": 0, "blocks": 0, "other": 0}
    for t in itertools.product((-1, 0, 1), repeat=h * w):
        d = np.array(t).reshape(h, w)
        if not d.any() or (d[:-1, :-1] + d[:-1, 1:] + d[1:, :-1] + d[1:, 1:]).any():
            continue
        e = sign * d
        if (e == e[:1]).all():
            out["columns"] += 1
        elif (e == e[:, :1]).all():
            out["rows"] += 1
        else:
            U, V = (e == 1).any(1), (e == 1).any(0)       # rows and columns holding a +1
            blocks = U[:, None].astype(int) + V[None, :] - 1
            out["blocks" if np.array_equal(e, blocks) else "other"] += 1
    return out


def kernel_dimension(h: int, w: int) -> int:
    """Cells minus the rank of the ring-erased clue system, by exact row reduction."""
    from .ladder import reduced_rows
    _, _, piv = reduced_rows(ring_erased_rows(h, w))
    return h * w - len(piv)


@njit(cache=True)
def _count_legal_jit(nb):
    n = nb.shape[0]
    total = 0
    stack = np.empty(n, dtype=np.int64)
    for code in range(1 << n):
        white = ((1 << n) - 1) & ~code
        if white == 0:
            total += 1
            continue
        start = 0
        while not (white >> start) & 1:
            start += 1
        seen = 1 << start
        stack[0] = start
        top = 1
        while top > 0:
            top -= 1
            v = stack[top]
            for d in range(4):
                u = nb[v, d]
                if u >= 0 and (white >> u) & 1 and not (seen >> u) & 1:
                    seen |= 1 << u
                    stack[top] = u
                    top += 1
        if seen == white:
            total += 1
    return total
