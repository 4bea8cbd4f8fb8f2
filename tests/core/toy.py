"""A toy genre for testing the core: Latin squares of order k with givens.

Each cell holds one of 1..k; every row and column holds each value once.
It fills every slot of a GenreSpec with plain Python so core machinery can be
tested without any real genre.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np

from puzzlekit.core import CHANGED, CONTRADICTION, STABLE, Ladder, Rung, State, probe_rung
from puzzlekit.core.genre import GenreSpec
from puzzlekit.core.referee import InputError, Violation
from puzzlekit.core.search import Count


@dataclass(frozen=True)
class Puzzle:
    k: int
    givens: tuple  # ((r, c, v), ...) with v in 1..k

    @property
    def shape(self):
        return (self.k, self.k)

    @classmethod
    def from_json(cls, obj):
        k = obj["k"]
        givens = tuple(tuple(g) for g in obj.get("givens", []))
        for r, c, v in givens:
            if not (0 <= r < k and 0 <= c < k and 1 <= v <= k):
                raise InputError(f"given {r, c, v} out of range")
        return cls(k, givens)

    def to_json(self):
        return {"k": self.k, "givens": [list(g) for g in self.givens]}


@dataclass(frozen=True)
class Answer:
    grid: tuple

    @classmethod
    def from_json(cls, obj):
        return cls(tuple(tuple(r) for r in obj["grid"]))

    def to_json(self):
        return {"grid": [list(r) for r in self.grid]}


class LatinState(State):
    __slots__ = ("cand",)

    def _init_views(self):
        k = self.puzzle.k
        self.cand = self.bits.reshape(k, k, k)


def initial_state(p: Puzzle) -> LatinState:
    s = LatinState(p, np.arange(0, p.k ** 3 + 1, p.k))
    for r, c, v in p.givens:
        s.cand[r, c, :] = False
        s.cand[r, c, v - 1] = True
    return s


def _single(s, counters):
    """A decided cell removes its value from its row and column peers."""
    k = s.puzzle.k
    changed = False
    for r in range(k):
        for c in range(k):
            counters["single scans"] += 1
            opts = np.flatnonzero(s.cand[r, c])
            if len(opts) == 0:
                return CONTRADICTION
            if len(opts) == 1:
                v = opts[0]
                for cc in range(k):
                    if cc != c and s.cand[r, cc, v]:
                        s.cand[r, cc, v] = False
                        changed = True
                for rr in range(k):
                    if rr != r and s.cand[rr, c, v]:
                        s.cand[rr, c, v] = False
                        changed = True
    return CHANGED if changed else STABLE


def _hidden(s, counters):
    """A value with one home in a line goes there."""
    k = s.puzzle.k
    changed = False
    for line in range(2 * k):
        for v in range(k):
            counters["hidden scans"] += 1
            homes = s.cand[line, :, v] if line < k else s.cand[:, line - k, v]
            idx = np.flatnonzero(homes)
            if len(idx) == 0:
                return CONTRADICTION
            if len(idx) == 1:
                r, c = (line, idx[0]) if line < k else (idx[0], line - k)
                if s.cand[r, c].sum() > 1:
                    s.cand[r, c, :] = False
                    s.cand[r, c, v] = True
                    changed = True
    return CHANGED if changed else STABLE


LADDER = Ladder([Rung("single", _single, "#2ca02c"), Rung("hidden", _hidden, "#ff7f0e"),
                 probe_rung()])


def decode(s) -> Answer:
    return Answer(tuple(tuple(int(np.argmax(s.cand[r, c])) + 1 for c in range(s.puzzle.k))
                        for r in range(s.puzzle.k)))


def check(p: Puzzle, a: Answer) -> list:
    g = np.array(a.grid)
    out = []
    for r, c, v in p.givens:
        if g[r, c] != v:
            out.append(Violation("given", ((r, c),), f"cell {r, c} must hold {v}"))
    for i in range(p.k):
        if sorted(g[i]) != list(range(1, p.k + 1)):
            out.append(Violation("row", (i,), f"row {i} repeats a value"))
        if sorted(g[:, i]) != list(range(1, p.k + 1)):
            out.append(Violation("column", (i,), f"column {i} repeats a value"))
    return out


def iter_solutions(p: Puzzle):
    """Every solution, row by row over permutations (no candidate machinery)."""
    rows = list(itertools.permutations(range(1, p.k + 1)))
    fixed = {(r, c): v for r, c, v in p.givens}

    def rec(done):
        r = len(done)
        if r == p.k:
            yield tuple(done)
            return
        for row in rows:
            if any(fixed.get((r, c), v) != v for c, v in enumerate(row)):
                continue
            if any(prev[c] == row[c] for prev in done for c in range(p.k)):
                continue
            yield from rec(done + [row])

    yield from rec([])


def brute_solutions(p: Puzzle, limit: int) -> Count:
    sols = []
    for g in iter_solutions(p):
        sols.append(Answer(g))
        if len(sols) >= limit:
            break
    return Count(len(sols), False, len(sols), limit, tuple(sols))


def brute_count(p: Puzzle, limit: int) -> Count:
    r = brute_solutions(p, limit)
    return Count(r.count, False, r.nodes, limit)


def encode(p: Puzzle, a: Answer) -> State:
    s = initial_state(p)
    s.cand[:] = False
    for r, row in enumerate(a.grid):
        for c, v in enumerate(row):
            s.cand[r, c, v - 1] = True
    return s


def random_small(rng, h, w) -> Puzzle:
    """A Latin square of order min(h, w) <= 4 with random givens (some clash)."""
    k = min(h, w, 4)
    base = [[(r + c) % k + 1 for c in range(k)] for r in range(k)]
    perm = rng.permutation(k) + 1
    grid = [[int(perm[v - 1]) for v in row] for row in base]
    givens = []
    for r in range(k):
        for c in range(k):
            if rng.random() < 0.35:
                v = grid[r][c] if rng.random() < 0.85 else int(rng.integers(1, k + 1))
                givens.append((r, c, v))
    return Puzzle(k, tuple(givens))


def draw_state(p, s, ax, new=None, colour=None):
    from puzzlekit.viz import board
    board.new_board(p.k, p.k, ax=ax)
    for r in range(p.k):
        for c in range(p.k):
            board.candidates(ax, r, c, list(np.flatnonzero(s.cand[r, c]) + 1), p.k)
    if new is not None:
        cells = np.flatnonzero(new.reshape(p.k * p.k, p.k).any(axis=1))
        board.highlight(ax, cells, w=p.k, color=colour)
    return ax


def draw(p, a=None, ax=None):
    from puzzlekit.viz import board
    ax = board.new_board(p.k, p.k, ax=ax)
    for r, c, v in p.givens:
        board.cell_text(ax, r, c, v, weight="bold")
    return ax


def generate(h, w, seed=None, grade=None):
    raise ValueError("the toy genre has no generator")


SPEC = GenreSpec("toy", Puzzle, Answer, LADDER, initial_state, decode, check, brute_count,
                 generate, draw, draw_state, article="tests.core.toy",
                 brute_solutions=brute_solutions, encode=encode, random_small=random_small)
