"""`check` and an answer drawn for a board of another size, in every genre.

An answer that carries its own size (rows of cells or of segments) and does
not fit the board is bad input: one line on stderr, exit status 2, as for
any other unreadable answer.  An answer that is a list of pieces carries no
size; pieces that leave the board break the referee's ``off-board`` rule.
"""
import json

import pytest

import puzzlekit
import puzzlekit.__main__ as cli
from puzzlekit.core import banks

GENRES = [g for g in puzzlekit.GENRES if puzzlekit.available(g)]


def test_every_genre_is_walked():
    assert len(GENRES) == 13


def _boards_of_two_sizes(genre):
    """Two bank entries of one genre, the first board smaller than the second."""
    sp = puzzlekit.spec(genre)
    def cells(entry):
        h, w = sp.Puzzle.from_json(entry["clues"]).shape
        return h * w
    by_cells = sorted(banks.load(genre), key=cells)
    small, big = by_cells[0], by_cells[-1]
    shapes = [sp.Puzzle.from_json(e["clues"]).shape for e in (small, big)]
    assert shapes[0][0] < shapes[1][0] and shapes[0][1] < shapes[1][1], (genre, shapes)
    return small, big


def _check(capsys, tmp_path, genre, board, answer):
    p, a = tmp_path / "p.json", tmp_path / "a.json"
    p.write_text(json.dumps(board))
    a.write_text(json.dumps(answer))
    capsys.readouterr()
    code = cli.main(["check", genre, str(p), str(a)])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("genre", GENRES)
def test_an_answer_of_another_size_is_refused_in_one_line(genre, tmp_path, capsys):
    small, big = _boards_of_two_sizes(genre)
    for own in (small, big):                   # each answer fits its own board
        assert _check(capsys, tmp_path, genre, own["clues"], own["answer"])[0] == 0
    pieces = "pieces" in small["answer"]
    for board, answer in ((small, big), (big, small)):
        code, out, err = _check(capsys, tmp_path, genre, board["clues"], answer["answer"])
        if pieces:                             # no size of its own: judged by the rules
            assert code == 1 and out and not err, (genre, code, err)
            if board is small:
                assert "off-board" in {line.split(":")[0] for line in out.splitlines()}
        else:
            assert code == 2 and not out, (genre, code, out)
            assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
            assert "answer is" in err and "puzzle is" in err, err
