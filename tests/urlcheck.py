"""Checks every puzz.link codec's tests share: a refusal is one line, through
the decoder and through the command line."""
import pytest

import puzzlekit.__main__ as cli
from puzzlekit.io.puzzlink import PuzzlinkError


def refusal(decode, url) -> str:
    """The one-line message ``decode`` refuses ``url`` with."""
    with pytest.raises(PuzzlinkError) as exc:
        decode(url)
    msg = str(exc.value)
    assert msg and "\n" not in msg
    return msg


def cli_refuses(genre, url, capsys, commands=("solve", "draw", "step")):
    """Every command that reads a puzzle refuses ``url`` with exit 2 and one line."""
    out = {"draw": ["-o", "x.svg"], "step": ["-o", "x.html"]}
    for c in commands:
        assert cli.main([c, genre, url, *out.get(c, [])]) == 2
        err = capsys.readouterr().err
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
