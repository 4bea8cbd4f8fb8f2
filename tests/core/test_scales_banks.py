"""Scales, progress and the bank file round trip."""
import pytest

from puzzlekit.core import banks, progress, scales


def test_scales(monkeypatch):
    monkeypatch.setenv("PUZZLEKIT_SCALE", "smoke")
    assert scales.current() == "smoke"
    assert scales.pick(smoke=1, book=2, article=3) == 1
    monkeypatch.delenv("PUZZLEKIT_SCALE")
    assert scales.current() == "book"
    monkeypatch.setenv("PUZZLEKIT_SCALE", "giant")
    with pytest.raises(ValueError, match="unknown scale"):
        scales.current()


def test_progress_can_be_switched_off(monkeypatch):
    monkeypatch.setenv("PUZZLEKIT_PROGRESS", "0")
    it = range(100)
    assert progress.bar(it) is it
    monkeypatch.setenv("PUZZLEKIT_PROGRESS", "1")
    assert list(progress.bar(range(20))) == list(range(20))


def test_bank_round_trip(monkeypatch, tmp_path):
    monkeypatch.setenv("PUZZLEKIT_BANKS", str(tmp_path))
    assert banks.load("toy") == []
    entries = [{"id": "a", "size": [2, 2]}, {"id": "b", "size": [3, 3]}]
    banks.save("toy", entries)
    assert banks.load("toy") == entries
