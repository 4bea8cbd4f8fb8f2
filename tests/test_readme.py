"""The README's figures are the stored results', not typed in."""
from pathlib import Path

from puzzlekit.core import perf

README = Path(__file__).resolve().parents[1] / "README.md"


def test_the_speed_table_is_the_stored_engine_run():
    results = perf.load_results()
    assert results.get("genres"), "benchmarks/results/engines.json is missing"
    assert perf.speed_table(results) in README.read_text(), \
        "README's speed table differs from perf.speed_table(perf.load_results())"


def test_the_speed_table_reads_what_it_is_given():
    one = {"genres": {"toy": {"bank summary": {"boards": 3, "sat median": 12.4,
                                               "sat worst": 0.51}}}}
    assert perf.speed_table(one).splitlines()[-1] == "| toy | 3 | 12× | 0.51× | — | — |"


def test_the_genres_said_to_search_without_probe_first_are_those_that_do():
    import re

    import puzzlekit
    text = " ".join(README.read_text().split())
    m = re.search(r"answers they find; (.*?) first try a search without probe", text)
    assert m, "README no longer names the genres with GenreSpec.proof_cheap_nodes"
    named = set(re.split(r", | and ", m.group(1)))
    cheap = {puzzlekit.spec(g).name.replace("_", " ").title() for g in puzzlekit.built()
             if puzzlekit.spec(g).proof_cheap_nodes}
    assert named == cheap


def test_the_genres_said_to_probe_once_a_node_are_those_that_do():
    import re

    import puzzlekit
    text = " ".join(README.read_text().split())
    m = re.search(r"GenreSpec.proof_without`; (.*?) makes? one probe pass", text)
    assert m, "README no longer names the genres with GenreSpec.proof_probe_passes"
    named = {re.sub(r"'s$", "", n) for n in re.split(r", | and ", m.group(1))}
    once = {puzzlekit.spec(g).name.replace("_", " ").title() for g in puzzlekit.built()
            if puzzlekit.spec(g).proof_probe_passes == 1}
    assert named == once
