"""What the README shows that is generated or run elsewhere: the speed table
and the test command. No test here holds the README's prose."""
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"


def _commands(text: str) -> list[str]:
    """The lines of ``text`` that run the test suite through pytest."""
    return [line.strip() for line in text.splitlines()
            if "-m pytest" in line and not line.lstrip().startswith("#")]


def test_the_speed_table_is_the_generated_one():
    """The README's speed table is ``performance.speed_table`` of the stored run."""
    pytest.importorskip("puzzlekit.book.results",
                        reason="the stored-results loader is puzzlekit.book.results")
    from puzzlekit.book import performance, results
    table = performance.speed_table(results.load())
    assert table.count("\n") > 1, "benchmarks/results/engines.json has no genres"
    assert table in README.read_text(), \
        "README's speed table differs from performance.speed_table(results.load())"


def test_the_real_puzzle_table_is_the_generated_one():
    """The README's table of real puzzles is ``yardstick.real_speed_table``
    of the stored real-puzzle run."""
    pytest.importorskip("puzzlekit.book.results",
                        reason="the stored-results loader is puzzlekit.book.results")
    from puzzlekit.book import results, yardstick
    table = yardstick.real_speed_table(results.load("real"))
    assert table.count("\n") > 1, "benchmarks/results/real.json has no genres"
    assert table in README.read_text(), \
        "README's real-puzzle table differs from yardstick.real_speed_table(...)"


def test_the_readme_s_test_command_is_the_one_ci_runs():
    """``.ci/run`` runs the README's test command, character for character."""
    readme = _commands(README.read_text())
    ci = _commands((ROOT / ".ci" / "run").read_text())
    assert len(readme) == 1 and len(ci) == 1, (readme, ci)
    assert readme == ci


def test_the_readme_s_picture_is_committed():
    """The board the README shows is a file of the repository."""
    pictures = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", README.read_text())
    assert pictures and all((ROOT / p).is_file() for p in pictures), pictures
