"""A first run's compiling: ``python -m puzzlekit warm`` does it ahead, and a
worker's deadline does not count it."""
import re
import time

from numba.core import event

import puzzlekit.__main__ as cli


def test_warm_one_genre(capsys):
    """One line for the genre with its seconds, exit 0 (the kernels are
    compiled, or loaded from this test session's numba cache)."""
    assert cli.main(["warm", "kojun"]) == 0
    out = capsys.readouterr().out
    assert re.fullmatch(r"kojun: \d+\.\d s\n", out), out


def test_warm_refuses_an_unknown_genre(capsys):
    assert cli.main(["warm", "kojun", "sudoku"]) == 2
    assert "unknown genre 'sudoku'" in capsys.readouterr().err


def test_warm_is_in_the_help():
    text = " ".join(cli._parser().format_help().split())
    assert "warm compile (or load from numba's cache) each genre's proof search" in text


def _compiling(seconds):
    """Work that spends ``seconds`` inside what numba reports as a compile."""
    def work():
        with event.trigger_event("numba:compile", data={}):
            time.sleep(seconds)
        return 5
    return work


def test_a_compile_in_the_worker_stops_the_deadline_clock():
    """A compile in the worker (numba's ``numba:compile`` event) is not
    charged to the deadline, so it is never killed half done; the same wait
    outside a compile is."""
    assert cli.run_capped(_compiling(1.5), 0.5) == ("ok", 5)
    assert cli.run_capped(lambda: time.sleep(1.5) or 5, 0.5) == ("timeout", None)
