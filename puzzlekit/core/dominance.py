"""Counting to two over the answers a dominance keeps.

Some rules let an answer be walked down one step at a time, each step
giving another answer with less of something, so that every walk ends.
Numberlink without rule 3 is the example: a path that runs round three
sides of a 2×2 block of cells may take the fourth side instead, two cells
shorter, and that is again an answer, so every answer walks down to one in
which no path runs round three sides of a block.  Call an answer *kept* when no step leaves
it.  For a count up to two, the kept answers say it all:

* no kept answer: no answer at all, since every walk ends at a kept one;
* two kept answers: two answers;
* exactly one kept answer ``K``: every answer walks down to ``K``, so
  another answer exists exactly when some answer is one step above ``K``
  (the last step of its walk ends there), and :attr:`Dominance.up` finds
  one if there is one.

So a search for a uniqueness proof may add the rule "the answer is kept"
and search the kept answers alone: what it leaves out is what the steps
give back.  The argument needs the whole set of answers, closed under the
steps: it holds below the puzzle's initial state or a fixpoint of it (which
holds every answer), not below a part of the search that fixed some
choices.

A genre offers one with ``Learner.dominance`` (:mod:`puzzlekit.core.learn`),
and :func:`puzzlekit.core.learn.learn_count` uses it for counts up to two
from such a state.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Callable

from .search import SearchResult

__all__ = ["Dominance", "count_kept"]


@dataclass(frozen=True)
class Dominance:
    """A genre's dominance: a step from an answer down to another answer.

    Attributes
    ----------
    applies : ``(puzzle) -> bool``
        Whether the step exists under the puzzle's rules.
    clauses : ``(puzzle) -> (starts, literals)``
        "The answer is kept" as clauses over the learner's booleans (the
        form of :func:`~puzzlekit.core.clauses.flat`).
    down : ``(puzzle, state) -> State | None``
        One step down from a decided state that is an answer: another
        answer, or None when the answer is kept.
    up : ``(puzzle, state) -> State | None``
        An answer one step above a kept answer, or None when there is none.
    """

    applies: Callable
    clauses: Callable
    down: Callable
    up: Callable


def count_kept(dominance: Dominance, puzzle, limit: int, found: tuple,
               count: Callable) -> SearchResult:
    """The answers besides ``found`` (decided states, answers of ``puzzle``)
    counted up to ``limit`` as the module docstring says, where ``limit``
    and ``len(found)`` add up to two at most.  ``count(extra, limit,
    found)`` is the search: it counts the answers besides ``found`` that
    also satisfy the clauses ``extra``, up to ``limit``, as a
    ``SearchResult``.  A result that reaches ``limit`` is neither
    ``complete`` nor ``capped``, as the search's own."""
    if not 0 < limit <= 2 - len(found):
        raise ValueError(f"a count to two: limit {limit} with {len(found)} answers found")
    for answer in found:
        other = dominance.down(puzzle, answer)
        if other is not None:            # an answer found is not kept: a step gives another
            return SearchResult(1, False, False, 0, 0, limit, (other,),
                                Counter({"steps down": 1}))
    r = count(dominance.clauses(puzzle), limit, found)
    kept = tuple(found) + r.solutions
    if not r.complete or r.count >= limit or len(kept) != 1:
        return r
    above = dominance.up(puzzle, kept[0])
    if above is None:
        return r
    counters = r.counters + Counter({"steps up": 1})
    # one kept answer and another above it: two in all, so the limit is reached
    return SearchResult(r.count + 1, False, False, r.nodes, r.branch_points, limit,
                        r.solutions + (above,), counters)
