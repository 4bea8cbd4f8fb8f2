"""Clue-free strips counted by the raw engine: 1×2k and 2k×1 give OEIS A001333
(numerators of the continued-fraction convergents of √2); and the per-board
tallies the article's streams record (the flux identity, crossing cells, density)."""
from __future__ import annotations

import numpy as np
import pandas as pd

from . import brute
from .model import Puzzle

__all__ = ["strip", "strip_count", "a001333", "strip_ledger", "A001333", "flux_exceptions",
           "features"]

# OEIS A001333 from n = 1: 1, 3, 7, 17, 41, 99, ... (a(0) = 1 is the empty strip)
A001333 = (1, 3, 7, 17, 41, 99, 239, 577, 1393, 3363, 8119, 19601)


def strip(k: int, transposed: bool = False) -> Puzzle:
    """The clue-free 1×2k strip (or 2k×1), tiled the only way it can be."""
    row = "LR" * k
    if transposed:
        return Puzzle.from_json({"h": 2 * k, "w": 1, "dominoes": list("TB" * k)})
    return Puzzle.from_json({"h": 1, "w": 2 * k, "dominoes": [row]})


def strip_count(k: int, transposed: bool = False) -> int:
    """Legal fillings of the strip, counted leaf by leaf by the raw engine.

    >>> [strip_count(k) for k in (1, 2, 3)]
    [3, 7, 17]
    """
    r = brute.brute_count(strip(k, transposed), limit=10 ** 7)
    if r.capped:
        raise RuntimeError("raw engine ran out of budget on a strip")
    return r.count


def a001333(k: int) -> int:
    """The transfer-matrix value over {neutral, +-, -+}: a(k) = 2a(k-1) + a(k-2).

    >>> [a001333(k) for k in range(1, 6)]
    [3, 7, 17, 41, 99]
    """
    a, b = 1, 1
    for _ in range(k):
        a, b = b, 2 * b + a
    return b


def strip_ledger(kmax: int = 9) -> pd.DataFrame:
    """Engine counts for k = 1..kmax, horizontal and transposed, beside the recurrence."""
    rows = {k: {"engine": strip_count(k), "transposed": strip_count(k, True),
                "recurrence": a001333(k)} for k in range(1, kmax + 1)}
    df = pd.DataFrame(rows).astype(np.int64)
    df.index.name = ""
    return df


def flux_exceptions(puzzle, answer) -> dict:
    """Lines of an answer where ``plus - minus`` is not the signed sum over the
    line's crossing cells (the identity says: none), and lines checked, split
    into rows and columns.

    >>> from puzzlekit.magnets.generate import sample
    >>> p, a = sample(4, 6, seed=2)
    >>> flux_exceptions(p, a)
    {'rows': (0, 4), 'columns': (0, 6)}
    """
    p = puzzle
    g = answer.grid.ravel()
    sig = np.where(g == 0, 1, np.where(g == 1, -1, 0))
    out = {"rows": [0, 0], "columns": [0, 0]}
    for k in range(p.h + p.w):
        n = p.line_len[k]
        flux = int(sig[p.lines[k][:n][p.crossing[k][:n]]].sum())
        kind = out["rows" if k < p.h else "columns"]
        kind[0] += int(p.line_plus[k] - p.line_minus[k] != flux)
        kind[1] += 1
    return {k: tuple(v) for k, v in out.items()}


def features(puzzle, answer) -> dict:
    """What the dials record about one board beyond the ladder: crossing cells
    per row, the share of rows whose difference clue is 0, and the share of
    cells magnetised.

    >>> p = Puzzle.from_json({"h": 2, "w": 2, "dominoes": ["LR", "LR"],
    ...                       "plus_rows": [1, 1], "minus_rows": [1, 1]})
    >>> from puzzlekit.magnets.model import Answer
    >>> features(p, Answer.from_json({"grid": ["+-", "-+"]}))
    {'crossing': 0.0, 'zero rows': 1.0, 'magnetised': 1.0}
    """
    p = puzzle
    return {"crossing": float(p.crossing[:p.h].sum()) / p.h,
            "zero rows": float(np.mean(p.plus_rows == p.minus_rows)),
            "magnetised": float(np.mean(answer.grid != 2))}
