"""gac's dynamic programme against a plain enumeration of every line, on boards
with and without empty cells and given poles."""
import itertools

import numpy as np
import pytest

from puzzlekit.magnets import SPEC, ladder
from puzzlekit.magnets.generate import sample


def _line_supports(cells, part, given, line, P, M):
    """Enumerate every assignment of one line: the values some legal one uses.
    The twin reads empty cells and given poles off the puzzle itself."""
    def allowed(c):
        vals = set(np.flatnonzero(cells[c]).tolist())
        if part[c] < 0:
            vals &= {2}
        if given[c] >= 0:
            vals &= {int(given[c])}
        return sorted(vals)
    doms = [allowed(c) for c in line]
    sup = [set() for _ in line]
    any_ok = False
    for vals in itertools.product(*doms):
        if P >= 0 and sum(v == 0 for v in vals) != P:
            continue
        if M >= 0 and sum(v == 1 for v in vals) != M:
            continue
        ok = True
        for i in range(1, len(line)):
            a, b = vals[i - 1], vals[i]
            if a < 2 and a == b:
                ok = False
            if part[line[i]] == line[i - 1] and (a == 2) != (b == 2):
                ok = False
        if ok:
            any_ok = True
            for i, v in enumerate(vals):
                sup[i].add(int(v))
    return any_ok, sup


def _gac_twin(p, cells):
    """One pass of line consistency over every line, in the kernel's order."""
    part, _, ln, ll, lp, lm, _ = ladder.kernel_arrays(p)
    for line_id in range(ln.shape[0]):
        line = [int(c) for c in ln[line_id, :ll[line_id]]]
        ok, sup = _line_supports(cells, part, p.given, line, lp[line_id], lm[line_id])
        if not ok:
            return -1
        for i, c in enumerate(line):
            for k in range(3):
                if cells[c, k] and k not in sup[i]:
                    cells[c, k] = False
    return 0


@pytest.mark.parametrize("seed", range(90))
def test_gac_pass_equals_plain_enumeration(seed):
    rng = np.random.default_rng(seed)
    h, w = int(rng.integers(1, 6)), int(rng.integers(1, 6))
    p = SPEC.random_small(rng, h, w)       # empty cells and given poles on many boards
    s = ladder.initial_state(p)
    s.cells[rng.random(s.cells.shape) < 0.2] = False
    want = s.cells.copy()
    r_twin = _gac_twin(p, want)
    got = s.copy()
    r = ladder.gac(got, __import__("collections").Counter())
    assert (r == -1) == (r_twin == -1)
    if r != -1:
        assert np.array_equal(got.cells, want)


def test_the_twin_sees_empty_cells_and_given_poles():
    seen = {"holes": 0, "given": 0}
    for seed in range(90):
        rng = np.random.default_rng(seed)
        h, w = int(rng.integers(1, 6)), int(rng.integers(1, 6))
        p = SPEC.random_small(rng, h, w)
        seen["holes"] += bool(p.holes.any())
        seen["given"] += bool((p.given >= 0).any())
    assert seen["holes"] >= 25 and seen["given"] >= 15, seen


def test_gac_fixpoint_on_boards_without_holes_is_unchanged():
    """On a hole-free, given-free board the line DP's fixpoint is the same as
    repeated plain enumeration to a fixpoint (the pre-hole contract)."""
    for seed in range(40):
        rng = np.random.default_rng(1000 + seed)
        h, w = int(rng.integers(1, 6)), 2 * int(rng.integers(1, 3))
        p = SPEC.random_small(rng, h, w).with_given(None)
        if p.holes.any():
            continue
        s = ladder.initial_state(p)
        want = s.cells.copy()
        while True:
            before = want.copy()
            if _gac_twin(p, want) == -1:
                want = None
                break
            if np.array_equal(before, want):
                break
        got = s.copy()
        r = 1
        while r == 1:
            r = ladder.gac(got, __import__("collections").Counter())
        assert (r == -1) == (want is None)
        if want is not None:
            assert np.array_equal(got.cells, want)


def test_gac_is_polynomial_on_long_lines():
    """A fully clued 30x30 board: the old enumeration never finished a line pass."""
    p, _ = sample(30, 30, seed=2)
    s = ladder.initial_state(p)
    res = ladder.LADDER.fixpoint(s, "gac")
    assert res.status in ("solved", "stable")
    assert res.counters["line assignments"] > 0
