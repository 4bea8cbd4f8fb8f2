"""The corpus of real puzzles (``benchmarks/real``): every entry names its
source, decodes as published, and its recorded answer passes the referee;
the engines recorded for it agree."""
import pytest

import puzzlekit
from tests.corpus import corpus

#: A genre's corpus should hold at least this many puzzles made by people.
AT_LEAST = 20
#: Genres for which fewer public puzzles were found than AT_LEAST (searched:
#: puzzle archives' example lists, other solvers' and editors' test suites,
#: janko.at collections, which have no Heteromino and no Statue Park data).
SHORT = {"heteromino": "5 public puzzles found", "statue_park": "7 public puzzles found"}


@pytest.mark.parametrize("genre", [
    pytest.param(g, marks=pytest.mark.xfail(strict=True, reason=SHORT[g])) if g in SHORT else g
    for g in puzzlekit.GENRES])
def test_corpus_is_large_enough(genre):
    assert len(corpus.load(genre)) >= AT_LEAST, f"{genre}: {len(corpus.load(genre))} real puzzles"


@pytest.mark.parametrize("genre", list(puzzlekit.GENRES))
def test_corpus_is_recorded_and_sourced(genre):
    entries = corpus.load(genre)
    assert entries, f"{genre}: no real puzzles"
    assert len({e["id"] for e in entries}) == len(entries)
    spec = puzzlekit.spec(genre)
    for e in entries:
        assert all(e.get(k) for k in corpus.REQUIRED), e.get("id")
        assert "engines" in e, f"{e['id']} is not recorded"
        p = corpus.puzzle(spec, e)
        assert corpus.size_of(p) == e["size"]
        finished = {s for s in e["engines"].values() if s not in corpus.UNANSWERED}
        if e["count"] is None:          # an open case: no engine finished
            assert not finished, (e["id"], e["engines"])
            continue
        assert len(finished) == 1, (e["id"], e["engines"])
        if e["count"] == 1:
            assert spec.check(p, spec.Answer.from_json(e["answer"])) == [], e["id"]
            if e.get("published") is not None:
                assert e["published"] == e["answer"], e["id"]

