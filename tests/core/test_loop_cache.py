"""The compiled loop is cached on disk per genre: a second process loads it."""
import subprocess
import sys

PROGRAM = """
import puzzlekit
from puzzlekit.core import banks
from puzzlekit.core.genre import proof_count
sp = puzzlekit.spec("numberlink")
p = sp.Puzzle.from_json(banks.load("numberlink")[0]["clues"])
assert proof_count(sp, p, 2).unique is True
from puzzlekit.core._loop import fixpoint_jit
loops = sp.ladder.compiled.loops()[1].__self__
for f in (loops.propagate, loops.search_loop, fixpoint_jit):
    print(sum(f.stats.cache_hits.values()), sum(f.stats.cache_misses.values()))
"""


def _run():
    out = subprocess.run([sys.executable, "-c", PROGRAM],
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    return [int(x) for x in out.stdout.split()]


def test_a_second_process_loads_the_search_from_disk():
    """The genre's propagation loop and search from disk, and nothing
    compiled again (the core's fixpoint, which calls the propagation loop by
    its address, included)."""
    _run()                                  # compiles (or loads) and saves
    got = _run()
    hits, misses = got[0::2], got[1::2]
    assert hits[0] >= 1 and hits[1] >= 1 and max(misses) == 0, got


def test_a_package_function_is_compiled_once_for_all_the_constants_passed_to_it():
    """``core._nb.one_copy_per_type``: a puzzlekit function that compiled
    code calls with the constants 0 and 1 is compiled once, for int64 (numba
    alone compiles one copy per literal); a function outside the package
    keeps numba's way."""
    from numba import njit

    import puzzlekit.core._nb  # noqa: F401 - installs it

    def make(module):
        f = lambda x: x + 1     # noqa: E731 - a fresh function each time
        f.__module__ = module
        return njit(f)
    ours, theirs = make("puzzlekit._probe"), make("elsewhere")

    @njit
    def caller():
        return ours(0) + ours(1) + theirs(0) + theirs(1)
    assert caller() == 6
    assert [str(s) for s in ours.signatures] == ["(int64,)"]
    assert len(theirs.signatures) == 2
