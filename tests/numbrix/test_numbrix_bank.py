"""Bank integrity: every shipped board re-proved from scratch."""
from collections import Counter

from puzzlekit.core import banks
from puzzlekit.numbrix import SPEC


def test_bank_has_64_boards_across_four_sizes():
    entries = banks.load("numbrix")
    assert len(entries) == 64
    assert Counter(e["size"][0] for e in entries) == {4: 16, 6: 16, 8: 16, 10: 16}
    assert "pin" not in {e["grade"] for e in entries}


def test_bank_reproves():
    rep = banks.verify(SPEC)
    assert rep["failures"] == [] and rep["verified"] == 64
