"""Generation past the sizes lifting reaches: column-walk answers, a mended map, minimal numbers."""
import numpy as np

from puzzlekit.stostone import SPEC, check
from puzzlekit.stostone.generate import column_walk, generate, pinned_map, region_sizes


def test_pinned_map_makes_the_full_numbers_unique():
    rng = np.random.default_rng(4)
    for _ in range(5):
        mask, gs = column_walk(10, 10, rng)
        p = pinned_map(10, 10, mask, gs, rng)
        if p is not None:
            break
    assert p is not None
    full = p.with_numbers(region_sizes(p, mask))
    assert SPEC.sat_count(full, 2).unique is True


def test_generate_past_lifting_is_unique_and_every_number_is_needed():
    p, a = generate(10, 10, seed=1)
    assert check(p, a) == []
    assert SPEC.sat_count(p, 2).unique is True
    for g in sorted(p.numbers):
        rest = {k: v for k, v in p.numbers.items() if k != g}
        assert SPEC.sat_count(p.with_numbers(rest), 2).unique is False
