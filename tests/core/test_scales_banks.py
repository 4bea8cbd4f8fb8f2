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
    with pytest.raises(banks.BankMissing, match="no bank for toy"):
        banks.load("toy")
    entries = [{"id": "a", "size": [2, 2]}, {"id": "b", "size": [3, 3]}]
    banks.save("toy", entries)
    assert banks.load("toy") == entries


def test_the_banks_ship_inside_the_package():
    """Every genre's bank is package data, found without the repository."""
    from puzzlekit import GENRES
    for genre in GENRES:
        path = banks.bank_path(genre)
        assert path.parent.name == "banks" and path.parent.parent.name == "puzzlekit", path
        assert len(banks.load(genre)) > 0


@pytest.mark.parametrize("content", [None, "[]", "{", '{"id": 1}'])
def test_a_missing_or_empty_bank_is_one_line_and_exit_2(monkeypatch, tmp_path, capsys, content):
    from puzzlekit.__main__ import main
    monkeypatch.setenv("PUZZLEKIT_BANKS", str(tmp_path))
    if content is not None:
        (tmp_path / "nanro.json").write_text(content)
    assert main(["bank", "nanro", "--verify"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "nanro" in err and "0 of 0" not in err
