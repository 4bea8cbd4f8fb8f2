"""Generic soundness and agreement checks, for every registered genre.

Through :class:`GenreSpec` alone: ``brute_solutions`` (the independent
engine's answers), ``encode`` (an answer as a decided state) and
``random_small`` (small boards with 0, 1 or many answers).

- :func:`assert_sound`: at every level and with every single rung removed,
  the fixpoint keeps every bit of every raw-engine answer, and never reports
  a contradiction on a board that has an answer;
- :func:`assert_engines_agree`: the ladder's search and the raw engine count
  the same (up to a limit), a capped run being skipped, never agreed with.
"""
from __future__ import annotations

import numpy as np

from .genre import GenreSpec, ladder_count

__all__ = ["assert_sound", "assert_engines_agree", "answers_of", "small_boards"]


def small_boards(spec: GenreSpec, seed: int, tries: int, sides=(2, 5)):
    """Up to ``tries`` boards from ``spec.random_small`` with sides drawn in
    ``sides`` (inclusive), each with the raw engine's count to two; shapes
    the genre has no board of are skipped.  Yields ``(puzzle, Count)``."""
    rng = np.random.default_rng(seed)
    for _ in range(tries):
        h, w = (int(rng.integers(sides[0], sides[1] + 1)) for _ in range(2))
        try:
            p = spec.random_small(rng, h, w)
        except ValueError:
            continue
        yield p, spec.brute_solutions(p, 2)


def answers_of(spec: GenreSpec, puzzle, limit: int = 64):
    """The raw engine's answers (at most ``limit``) and whether that is all."""
    r = spec.brute_solutions(puzzle, limit)
    complete = not r.capped and r.count < limit
    return list(r.solutions), complete


def assert_sound(spec: GenreSpec, puzzle, answers=None, levels=None, ablations: bool = True,
                 limit: int = 64) -> int:
    """Raise AssertionError when some fixpoint removes a bit of a true answer.

    Checks every level (default: all) and, when ``ablations``, the top level
    with each rung below it removed.  Returns the number of answers checked.
    """
    lad = spec.ladder
    if answers is None:
        answers, _ = answers_of(spec, puzzle, limit)
    encoded = []
    for a in answers:
        assert not spec.check(puzzle, a), f"{spec.name}: the raw engine returned an illegal answer"
        s = spec.encode(puzzle, a)
        assert s.solved(), f"{spec.name}: encode gave an undecided state"
        encoded.append(s.bits)
    lvls = range(len(lad)) if levels is None else [lad.level(x) for x in levels]
    runs = [(i, ()) for i in lvls]
    if ablations:
        top = len(lad) - 1
        runs += [(top, (d,)) for d in range(top)]
    for i, without in runs:
        s = spec.initial_state(puzzle)
        res = lad.fixpoint(s, i, without)
        where = f"{spec.name} level {lad.names[i]}" + (
            f" without {lad.names[without[0]]}" if without else "")
        if encoded:
            assert not res.contradiction, f"{where}: contradiction on a board with an answer"
        for bits in encoded:
            lost = np.flatnonzero(bits & ~s.bits)
            assert lost.size == 0, f"{where}: removed {lost.size} bit(s) of a true answer"
    return len(encoded)


def assert_engines_agree(spec: GenreSpec, puzzle, limit: int = 3,
                         max_nodes: int = 200_000) -> bool:
    """Raise AssertionError when the ladder search and the raw engine disagree.

    Returns False (nothing compared) when either run was capped before
    deciding, True when both counted and agree.
    """
    lr = ladder_count(spec, puzzle, limit=limit, max_nodes=max_nodes)
    rr = spec.brute_count(puzzle, limit)
    if (lr.capped and lr.count < limit) or (rr.capped and rr.count < limit):
        return False
    a, b = min(lr.count, limit), min(rr.count, limit)
    assert a == b, f"{spec.name}: ladder search counts {a}, raw engine {b} (limit {limit})"
    return True
