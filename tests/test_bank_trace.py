"""Every bank board is proved, solved, graded and counted exactly as before.

``tests/bank_trace.py`` explains the fingerprint; a change to how a search
walks (its branching, its rungs, its budget) changes it on purpose and
rewrites ``tests/data/bank_trace.json`` in the same commit.
"""
import json

import pytest

from puzzlekit import GENRES

from .bank_trace import GOLDEN, digest


@pytest.mark.parametrize("genre", list(GENRES))
def test_bank_boards_follow_the_same_paths(genre):
    golden = json.loads(GOLDEN.read_text())
    assert digest(genre) == golden[genre], (
        f"{genre}: a bank board's proof, solve, grade or raw count changed "
        f"(python -m tests.bank_trace {genre} shows it; --write after a deliberate change)")
