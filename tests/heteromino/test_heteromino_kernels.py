"""The rung kernels against plain full-scan twins: the same bits and the same
code on every call, whatever reference states the kernels kept from earlier
calls (random descending walks, with jumps back to earlier states)."""
from collections import Counter

import numpy as np

from puzzlekit.heteromino.generate import random_small
from puzzlekit.heteromino.ladder import fit, hetero, initial_state, kernel_arrays, pair, region
from puzzlekit.heteromino.model import Puzzle


def plain_fit(bits, p):
    """Passes until stable: kill every piece with a dead bit, then visit every
    variable in order (empty: -1; one candidate: kill the other candidates of
    its piece's cells and its same-class neighbours)."""
    pl, pl_bits, bit_pl, offsets, var_of_bit, tch_off, tch_idx = kernel_arrays(p)[:7]
    changed, again = False, True
    while again:
        again = False
        for q in range(len(pl)):
            b = bits[pl_bits[q]]
            if b.any() and not b.all():
                bits[pl_bits[q]] = False
                again = True
        for v in range(len(offsets) - 1):
            live = np.flatnonzero(bits[offsets[v]:offsets[v + 1]]) + offsets[v]
            if len(live) == 0:
                return -1
            if len(live) != 1:
                continue
            q = bit_pl[live[0]]
            for keep in pl_bits[q]:
                u = var_of_bit[keep]
                for k in range(offsets[u], offsets[u + 1]):
                    if k != keep and bits[k]:
                        bits[k] = False
                        again = True
            for r in tch_idx[tch_off[q]:tch_off[q + 1]]:
                if bits[pl_bits[r]].any():
                    bits[pl_bits[r]] = False
                    again = True
        changed |= again
    return int(changed)


def plain_region(bits, p):
    """-1 when some open region's size is not a multiple of three, else 0."""
    pl, _, bit_pl, offsets = kernel_arrays(p)[:4]
    covered = set()
    for v in range(len(offsets) - 1):
        live = np.flatnonzero(bits[offsets[v]:offsets[v + 1]]) + offsets[v]
        if len(live) == 1:
            covered.update(pl[bit_pl[live[0]], 1:].tolist())
    free = set(np.flatnonzero(~p.black).tolist()) - covered
    while free:
        stack, size = [free.pop()], 0
        while stack:
            c = stack.pop()
            size += 1
            for e in p.grid.nbrs[c]:
                if e in free:
                    free.discard(e)
                    stack.append(int(e))
        if size % 3:
            return -1
    return 0


def plain_hetero(bits, p):
    """One pass in order: a variable whose live candidates share one class
    kills every piece of that class touching it, a bit at a time; -1 the
    moment a kill leaves a variable with no piece."""
    _, pl_bits, bit_pl, offsets, _, _, _, ct_off, ct_idx, cls = kernel_arrays(p)[:10]
    changed = 0
    for v in range(len(offsets) - 1):
        live = np.flatnonzero(bits[offsets[v]:offsets[v + 1]]) + offsets[v]
        c = set(cls[bit_pl[live]].tolist())
        if len(c) != 1 or min(c) < 0:
            continue
        for q in ct_idx[ct_off[v]:ct_off[v + 1]]:
            if cls[q] == min(c) and bits[pl_bits[q]].any():
                for k in pl_bits[q]:
                    if bits[k]:
                        bits[k] = False
                        u = np.searchsorted(offsets, k, side="right") - 1
                        if not bits[offsets[u]:offsets[u + 1]].any():
                            return -1
                changed = 1
    return changed


def plain_pair(bits, p):
    """Until stable: a piece with all three bits live dies when a white cell
    beside it has no live candidate that is disjoint from it and of another
    class (any class under a rule set without classes); -1 once a kill
    leaves a cell with no piece."""
    pl, pl_bits, bit_pl, offsets, var_of_bit = kernel_arrays(p)[:5]
    cls, var_of_cell = kernel_arrays(p)[9:11]
    m = len(pl)
    cells = [set(pl[q, 1:].tolist()) for q in range(m)]
    beside = [{int(var_of_cell[e]) for c in cells[r] for e in p.grid.nbrs[c]
               if e >= 0 and e not in cells[r] and var_of_cell[e] >= 0} for r in range(m)]
    changed = again = False
    while True:
        again = False
        for r in range(m):
            if not bits[pl_bits[r]].all():
                continue
            for v in sorted(beside[r]):
                live = [int(bit_pl[k]) for k in range(offsets[v], offsets[v + 1]) if bits[k]]
                if any(not cells[q] & cells[r] and (cls[r] < 0 or cls[q] != cls[r]) for q in live):
                    continue
                bits[pl_bits[r]] = False
                changed = again = True
                for k in pl_bits[r]:
                    u = var_of_bit[k]
                    if not bits[offsets[u]:offsets[u + 1]].any():
                        return -1
                break
        if not again:
            return int(changed)


def test_kernels_equal_their_plain_twins_on_random_walks():
    rng = np.random.default_rng(5)
    calls = {"fit": 0, "region": 0, "hetero": 0, "pair": 0}
    outcomes = set()
    boards = [Puzzle.from_json({"size": [5, 6], "black": [[0, 0], [4, 5], [2, 3]]}),
              Puzzle.from_json({"size": [4, 4], "black": [[1, 1]], "rule": "lits"}),
              Puzzle.from_json({"size": [3, 5], "black": [], "rule": "packing"})]
    boards += [random_small(rng, int(rng.integers(2, 7)), int(rng.integers(2, 7)))
               for _ in range(40)]
    for p in boards:
        seen = [initial_state(p).bits.copy()]
        for _ in range(40):
            x = (seen[int(rng.integers(len(seen)))] if rng.random() < 0.3 else seen[-1]).copy()
            live = np.flatnonzero(x)
            if len(live) and rng.random() < 0.7:
                drop = min(len(live), int(rng.integers(1, 4)))
                x[rng.choice(live, size=drop, replace=False)] = False
            for name, kernel, twin in (("fit", fit, plain_fit),
                                       ("region", region, plain_region),
                                       ("hetero", hetero, plain_hetero),
                                       ("pair", pair, plain_pair)):
                if rng.random() < 0.4:
                    continue
                s = initial_state(p)
                s.bits[:] = x
                want = x.copy()
                r_want = twin(want, p)
                r = kernel(s, Counter())
                # after a contradiction pair's state depends on its order of visits
                same_bits = r < 0 and name == "pair" or np.array_equal(s.bits, want)
                assert r == r_want and same_bits, (name, p)
                calls[name] += 1
                outcomes.add((name, r))
                if r >= 0:
                    x = s.bits.copy()
            seen.append(x)
    assert min(calls.values()) > 500
    assert {("fit", -1), ("fit", 0), ("fit", 1), ("region", -1), ("region", 0),
            ("hetero", -1), ("hetero", 0), ("hetero", 1),
            ("pair", -1), ("pair", 0), ("pair", 1)} <= outcomes
