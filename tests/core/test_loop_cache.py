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
fixpoint, search = sp.ladder.compiled.loops()
print(sum(search.stats.cache_hits.values()), sum(search.stats.cache_misses.values()))
"""


def _run():
    out = subprocess.run([sys.executable, "-c", PROGRAM],
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    return [int(x) for x in out.stdout.split()]


def test_a_second_process_loads_the_search_from_disk():
    _run()                                  # compiles (or loads) and saves
    hits, misses = _run()
    assert hits >= 1 and misses == 0
