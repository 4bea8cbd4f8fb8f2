"""Compiling ahead on a second core (``core._ahead``): a head start runs in
another process, is waited for where its work is needed, ends with the work
that started it, and never holds the command line's pipe open."""
import importlib.util
import os
import time

import pytest
from numba.core import event

import puzzlekit
import puzzlekit.__main__ as cli
from puzzlekit.core import _ahead, banks
from puzzlekit.core.proof import head_start, proof_count
from puzzlekit.core.search import search_loop

pytestmark = pytest.mark.skipif(not hasattr(os, "fork") or _ahead._cores() < 2,
                                reason="a head start needs fork and two cores")


@pytest.fixture(autouse=True)
def _clean(monkeypatch):
    monkeypatch.setattr(_ahead, "_PRIVATE", set())
    yield
    _ahead.stop()


def _touch(path, delay=0.0):
    def work():
        time.sleep(delay)
        path.write_text("done")
    return work


def test_wait_returns_when_the_work_is_done(tmp_path):
    flag = tmp_path / "flag"
    assert _ahead.start("x", _touch(flag, 0.3))
    assert _ahead.pending() == ("x",)
    assert not _ahead.start("x", _touch(flag)), "one head start per part"
    _ahead.wait("x")
    assert flag.read_text() == "done"
    assert _ahead.pending() == ()
    _ahead.wait("x")                                  # nothing left to wait for


def test_stop_ends_a_head_start_still_running(tmp_path):
    flag = tmp_path / "flag"
    assert _ahead.start("x", _touch(flag, 30))
    pid = _ahead._PENDING["x"]
    t = time.perf_counter()
    _ahead.stop()
    assert time.perf_counter() - t < 5 and _ahead.pending() == ()
    with pytest.raises(ChildProcessError):
        os.waitpid(pid, os.WNOHANG)                   # reaped
    assert not flag.exists()


def test_waiting_is_reported_as_an_event(tmp_path):
    seen = []

    class Seen(event.Listener):
        def on_start(self, ev):
            seen.append("start")

        def on_end(self, ev):
            seen.append("end")
    listener = Seen()
    event.register(_ahead.WAITING, listener)
    try:
        _ahead.start("x", _touch(tmp_path / "flag", 0.1))
        _ahead.wait("x")
    finally:
        event.unregister(_ahead.WAITING, listener)
    assert seen == ["start", "end"]


def test_a_head_start_closes_the_private_descriptors():
    """The parent of a worker reads its pipe to the end: a head start still
    running must not hold the pipe's writing end."""
    r, w = os.pipe()
    _ahead.private(w)
    _ahead.start("x", lambda: time.sleep(30))
    os.close(w)
    t = time.perf_counter()
    assert os.read(r, 1) == b""                       # end of file, not a 30 s wait
    assert time.perf_counter() - t < 5
    os.close(r)


def test_the_worker_ends_a_head_start_its_work_left_running():
    """A worker whose work started a head start and never waited for it
    still answers at once (its pipe is not held) and leaves no process."""
    def work():
        _ahead.start("x", lambda: time.sleep(30))
        return _ahead._PENDING["x"]
    t = time.perf_counter()
    how, pid = cli.run_capped(work, 20)
    assert how == "ok" and time.perf_counter() - t < 10
    time.sleep(0.5)
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


def test_cold_is_true_until_the_disk_cache_holds_the_function(tmp_path):
    src = tmp_path / "ahead_probe.py"
    src.write_text("from numba import njit\n\n@njit(cache=True)\ndef f(x):\n    return x + 1\n")
    spec = importlib.util.spec_from_file_location("ahead_probe", src)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    assert _ahead.cold(mod.f)
    assert mod.f(1) == 2
    assert not _ahead.cold(mod.f)
    assert not _ahead.cold(lambda: None), "not a cached numba function: not cold"


@pytest.mark.parametrize("genre", ["kojun", "nanro"])
def test_a_proof_with_a_head_start_counts_the_same(monkeypatch, genre):
    """Kojun has no clause learner (the head start compiles the search),
    Nanro has one (it compiles the learner); either way the proof's count
    and answers are those without it."""
    sp = puzzlekit.spec(genre)
    puzzle = sp.Puzzle.from_json(banks.load(genre)[0]["clues"])
    plain = proof_count(sp, puzzle, 2)
    monkeypatch.setattr(_ahead, "cold", lambda dispatcher: True)
    assert head_start(sp, puzzle) == ("learner" if sp.proof.learner else "search")
    got = proof_count(sp, puzzle, 2, first_nodes=0 if sp.proof.learner else None)
    assert _ahead.pending() == (), "the proof waited for it"
    assert (got.count, got.complete) == (plain.count, plain.complete) == (1, True)
    assert [sp.decode(s).to_json() for s in got.solutions] == \
        [sp.decode(s).to_json() for s in plain.solutions]


@pytest.mark.parametrize("genre", ["kojun", "magnets"])
def test_the_search_head_start_compiles_what_the_search_runs(genre):
    """The types :func:`compile_search` compiles the search loop for are
    those a proof's search hands it: the search then compiles nothing more."""
    from puzzlekit.core.search import Budget, compile_search, count_solutions
    sp = puzzlekit.spec(genre)
    puzzle = sp.Puzzle.from_json(banks.load(genre)[0]["clues"])
    compile_search(sp.initial_state(puzzle), sp.ladder, sp.proof.search(puzzle))
    known = len(search_loop(sp.ladder).signatures)
    assert known >= 1
    r = count_solutions(sp.initial_state(puzzle), sp.ladder, None, None, 2, Budget(10_000),
                        sp.proof.search(puzzle))
    assert r.count == 1
    assert len(search_loop(sp.ladder).signatures) == known


@pytest.mark.parametrize("genre", ["nanro", "numberlink"])
def test_the_learner_head_start_compiles_what_the_learner_runs(genre):
    """The same for the clause learner: :func:`compile_learner` compiles it
    for the types :func:`learn_count` hands it."""
    from puzzlekit.core.learn import _compiled, compile_learner, learn_count
    sp = puzzlekit.spec(genre)
    puzzle = sp.Puzzle.from_json(banks.load(genre)[0]["clues"])
    compile_learner(sp.proof.learner, puzzle)
    compiled = _compiled(sp.proof.learner.explain)
    known = len(compiled.signatures)
    assert known >= 1
    assert learn_count(sp.proof.learner, puzzle, sp.initial_state(puzzle), 2).count == 1
    assert len(compiled.signatures) == known
