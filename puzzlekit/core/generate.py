"""What the genres' bank builders share: the record of a shipped board, the
seeds a board is made from, and a bank filled grade by grade.

A genre's ``generate`` module keeps what is its own (how an answer is drawn,
how clues are bought and minimised, what proves a board fit to ship) and
hands these helpers the pieces as functions.
"""
from __future__ import annotations

from typing import Callable, Sequence

import numpy as np

__all__ = ["other_answer", "bank_record", "seeded_board", "graded_bank", "board_shape"]


def other_answer(answers, intended, capped: bool):
    """Of the answers a search found (arrays), the first that is not
    ``intended``: the rival a generator buys a clue against.  None when
    ``intended`` is the only answer; False when no other was found but the
    search capped before deciding; ValueError when ``intended`` is not among
    the answers (it does not answer its own clues).

    >>> a, b = np.array([1, 0]), np.array([0, 1])
    >>> other_answer([a, b], a, False).tolist()
    [0, 1]
    >>> other_answer([a], a, False), other_answer([a], a, True)
    (None, False)
    """
    others = [s for s in answers if not np.array_equal(s, intended)]
    if others:
        return others[0]
    if capped:
        return False
    if not answers:
        raise ValueError("the intended answer is not an answer of its own clues")
    return None


def bank_record(board_id: str, puzzle, answer, grade, seed, **extra) -> dict:
    """A bank entry: ``id``, ``size``, the puzzle's JSON as ``clues``, the
    answer's JSON, ``grade`` and ``seed``, then any ``extra`` fields.

    >>> from puzzlekit.kojun.model import Answer, Puzzle
    >>> p = Puzzle.make([[0, 0]], {0: 2})
    >>> e = bank_record("kojun-1x2-1", p, Answer.of(p, [2, 1]), "region", 7)
    >>> list(e), e["size"], e["answer"]
    (['id', 'size', 'clues', 'answer', 'grade', 'seed'], [1, 2], {'grid': [[2, 1]]})
    """
    return {"id": board_id, "size": [int(puzzle.h), int(puzzle.w)], "clues": puzzle.to_json(),
            "answer": answer.to_json(), "grade": grade, "seed": seed, **extra}


def seeded_board(n: int, i: int, base: int, make: Callable, shipped: Callable):
    """``(seed, puzzle, answer)``: board ``i`` of size ``n`` made by
    ``make(seed)`` from its own seed ``base * 100000 + n * 1000 + i``; a
    board that ``shipped(puzzle)`` refuses (one the raw engine cannot
    re-prove within its budget, say) is not shipped, and the seed moves on
    by 100,000.

    >>> def make(s):
    ...     return s % 7, None
    >>> def shipped(puzzle):
    ...     return puzzle > 3
    >>> seeded_board(6, 2, 15, make, shipped)
    (1606002, 6, None)
    """
    s = base * 100_000 + n * 1000 + i
    while True:
        puzzle, answer = make(s)
        if shipped(puzzle):
            return s, puzzle, answer
        s += 100_000


def graded_bank(genre: str, sizes: Sequence[int], grades: Sequence[str], per: int,
                make: Callable, seed, attempts: int | None = None,
                progress: Callable | None = None) -> list[dict]:
    """A bank of ``per`` boards per grade per size (``n`` x ``n``): each
    bucket is filled from seeds spawned one at a time from one
    ``SeedSequence(seed)``; ``make(n, grade, s)`` returns ``(puzzle,
    answer)``, or None when seed ``s`` gives no board fit to ship.  A
    bucket that ``attempts`` seeds cannot fill stays short (None: no
    limit).  Board ids are ``<genre>-<n>x<n>-<grade>-<i>``; ``progress``,
    if given, is called with each entry as it is made.

    >>> from puzzlekit.kojun.model import Answer, Puzzle
    >>> def make(n, grade, s):
    ...     p = Puzzle.make(np.zeros((n, n), int))
    ...     return (p, Answer.of(p, range(n * n, 0, -1))) if s % 3 else None
    >>> [e["id"] for e in graded_bank("kojun", [1, 2], ["a"], 2, make, 7, attempts=3)]
    ['kojun-1x1-a-1', 'kojun-2x2-a-1']
    """
    seeds = np.random.SeedSequence(seed)
    out = []
    for n in sizes:
        for grade in grades:
            made = tried = 0
            while made < per and (attempts is None or tried < attempts):
                tried += 1
                s = int(seeds.spawn(1)[0].generate_state(1)[0])
                board = make(n, grade, s)
                if board is None:
                    continue
                made += 1
                out.append(bank_record(f"{genre}-{n}x{n}-{grade}-{made}", *board, grade, s))
                if progress:
                    progress(out[-1])
    return out


def board_shape(h, w, genre: str) -> tuple[int, int]:
    """``(h, w)`` as ints, for a generator asked for an ``h`` x ``w`` board;
    a ValueError naming ``genre`` when a side is below one.

    >>> board_shape(2.0, 3, "Kojun")
    (2, 3)
    """
    h, w = int(h), int(w)
    if h < 1 or w < 1:
        raise ValueError(f"no {genre} board of shape {h}x{w}")
    return h, w
