"""``core._nb.call``: a jitted function called through its address gives
what the direct call gives, raises what it raises, and is not compiled
into its caller; a caller loaded from numba's disk cache in a fresh
process finds its callee again."""
import json
import os
import subprocess
import sys

import numpy as np
import pytest
from numba import njit, types

from puzzlekit.core import _nb
from puzzlekit.core._nb import call


@njit
def _weigh(a, k):
    if k < 0:
        raise ValueError("a negative weight")
    s = 0
    for x in a:
        s += x * k
    return s > 10, float(s)


@njit
def _direct(a, n):
    t = 0.0
    for k in range(n):
        t += _weigh(a, k)[1]
    return t


@njit
def _by_address(a, n):
    t = 0.0
    for k in range(n):
        t += call(_weigh, a, k)[1]
    return t


@njit
def _constant(a):
    return call(_weigh, a, 2)


def test_a_call_by_address_gives_the_direct_result():
    a = np.arange(7, dtype=np.int64)
    for n in (0, 1, 5):
        assert _by_address(a, n) == _direct(a, n)
    ok, s = _constant(a)
    assert (ok, s) == _weigh(a, 2) == (True, float(2 * a.sum()))


def test_an_exception_in_the_callee_reaches_the_caller():
    with pytest.raises(ValueError, match="negative"):
        _constant_negative(np.arange(3, dtype=np.int64))


@njit
def _constant_negative(a):
    return call(_weigh, a, -1)


def test_the_callee_is_not_compiled_into_the_caller():
    """The direct caller links the callee's code into its own (where LLVM
    optimises and emits it again); the caller by address links nothing of
    it, and reads the address from the callee's cell."""
    a = np.arange(3, dtype=np.int64)
    _direct(a, 2)
    _by_address(a, 2)
    sig = (types.Array(types.int64, 1, "C"), types.int64)
    callee = _weigh.overloads[sig].library
    direct = _direct.overloads[sig].library
    by_address = _by_address.overloads[sig].library
    assert callee in direct._linking_libraries
    assert callee not in by_address._linking_libraries
    assert "puzzlekit.call." in by_address.get_llvm_str()


@njit
def _fresh_caller(a):
    return call(_weigh, a, 3)


def test_a_caller_without_its_callee_s_address_raises():
    """A caller that finds no address under its callee's key raises
    instead of calling through nothing."""
    a = np.arange(3, dtype=np.int64)
    sig = (types.Array(types.int64, 1, "C"),)
    _fresh_caller.compile(sig)                    # compiled, never run: nothing looked up yet
    key = _nb._key(__name__, "_weigh", (types.Array(types.int64, 1, "C"), types.int64))
    kept = _nb._ADDRESSES.pop(key)
    try:
        with pytest.raises(RuntimeError, match="has no address"):
            _fresh_caller(a)
    finally:
        _nb._ADDRESSES[key] = kept


def test_a_callee_that_changed_its_result_type_is_refused():
    """A caller loaded from the cache was compiled for the callee's old
    result type: it is told so, and never calls the new one."""
    argtys = (types.Array(types.int64, 1, "C"), types.int64)
    with pytest.raises(TypeError, match="clear numba's cache"):
        _nb._ready(__name__, "_weigh", argtys, types.int64)


BLANK = {"h": 40, "w": 40, "dominoes": ["LR" * 20] * 40}
LAYERS = [
    # the first bank board: the fixpoint decides it, no search is compiled
    ["solve", "magnets", "FIRST", "--count", "2"],
    # a blank board: the fixpoint loaded from the cache, the search compiled on top of it
    ["solve", "magnets", "BLANK", "--count", "2"],
]
THEN = """
import json, sys
from puzzlekit.core.search import Budget, SearchSettings, count_solutions
from puzzlekit.magnets.ladder import LADDER, initial_state
from puzzlekit.magnets.model import Puzzle
p = Puzzle.from_json(json.load(open(sys.argv[1])))
r = count_solutions(initial_state(p), LADDER, None, None, 2, Budget(2000),
                    SearchSettings(probe_depth=1))
assert r.count == 2
print("ok")
"""


def test_a_caller_compiled_on_a_cached_one_finds_its_callees_next_time(tmp_path):
    """The search, compiled in a process that loaded the fixpoint from the
    disk cache, is saved with what the fixpoint needs to find its callees;
    a third process that loads the search first finds them."""
    from puzzlekit.core import banks
    files = {"FIRST": tmp_path / "first.json", "BLANK": tmp_path / "blank.json"}
    files["FIRST"].write_text(json.dumps(banks.load("magnets")[0]["clues"]))
    files["BLANK"].write_text(json.dumps(BLANK))
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "numba"), PUZZLEKIT_PROGRESS="0")
    for argv in LAYERS:
        argv = [str(files.get(a, a)) for a in argv]
        r = subprocess.run([sys.executable, "-m", "puzzlekit", *argv], env=env,
                           capture_output=True, text=True, timeout=600)
        assert r.returncode == 0, r.stderr[-2000:]
    # the cached search, first thing in a process, as a generator calls it
    r = subprocess.run([sys.executable, "-c", THEN, str(files["BLANK"])], env=env,
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0 and r.stdout.split() == ["ok"], r.stderr[-2000:]


PROGRAM = """
import numpy as np
from puzzlekit.magnets import lines
from puzzlekit.core import banks
import puzzlekit
from puzzlekit.core.genre import proof_count
sp = puzzlekit.spec("magnets")
for e in banks.load("magnets")[:5]:
    assert proof_count(sp, sp.Puzzle.from_json(e["clues"]), 2).unique
print(sum(lines._gac_jit.stats.cache_hits.values()),
      sum(lines._gac_word_jit.stats.cache_hits.values()))
"""


def test_a_process_loading_callers_from_the_disk_cache_finds_their_callees(tmp_path):
    """Magnets' ladder reaches its line kernel by address, and the line
    kernel its three variants: a second process with the same numba cache
    loads the callers, and with them what they need to find their callees
    (so it loads those from the cache too) before any of them runs."""
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "numba"), PUZZLEKIT_PROGRESS="0")
    runs = [subprocess.run([sys.executable, "-c", PROGRAM], env=env, capture_output=True,
                           text=True, timeout=600) for _ in range(2)]
    for r in runs:
        assert r.returncode == 0, r.stderr
    assert runs[0].stdout.split() == ["0", "0"]          # compiled in the first
    hits = [int(x) for x in runs[1].stdout.split()]
    assert min(hits) >= 1, runs[1].stdout                  # loaded in the second
