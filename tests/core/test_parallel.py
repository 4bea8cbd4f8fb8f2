"""Maps over Dask give the same results as in this process, whatever the
number of workers; failing tasks are retried and then reported."""
import os

import pandas as pd
import pytest

import puzzlekit
from puzzlekit.core import measure, parallel
from puzzlekit.core.banks import load


@pytest.fixture(autouse=True)
def _in_process():
    parallel.configure()            # this process
    measure.clear()
    yield
    parallel.configure()
    measure.clear()


def _boom(x):
    if x == 3:
        raise ValueError("three")
    return x * x


def _flaky(args):
    path, x = args
    if not os.path.exists(path):            # the first attempt fails, the retry works
        open(path, "w").close()
        raise OSError("transient")
    return x + 1


def _measure(genre):
    """A stream, then reach, grades and engines over it and over bank boards."""
    spec = puzzlekit.spec(genre)
    s = measure.stream(("parallel-test", genre), lambda i, rng: spec.random_small(rng, 4, 4))
    boards = s.take(6)
    bank = [spec.Puzzle.from_json(e["clues"]) for e in load(genre)[:3]]
    return {"stream": [b.to_json() for b in boards],
            "reach": measure.reach(spec, bank),
            "grades": measure.grades(spec, bank + boards),
            "engines": measure.engines(spec, boards, max_nodes=5_000)}


def _same(a, b):
    assert a["stream"] == b["stream"]
    for k in ("reach", "grades", "engines"):
        pd.testing.assert_frame_equal(a[k], b[k])


def test_in_process_by_default():
    assert parallel.client() is None and parallel.workers() == 1
    assert parallel.pmap(_boom, [1, 2]) == [1, 4]


@pytest.mark.parametrize("genre", ["magnets"])
def test_same_results_on_1_2_and_8_workers(genre):
    one = _measure(genre)
    parallel.configure(workers=2)                       # two worker processes
    assert parallel.workers() == 2
    measure.clear()
    two = _measure(genre)
    parallel.configure(workers=8, processes=False)      # eight in-process workers
    assert parallel.workers() == 8
    measure.clear()
    eight = _measure(genre)
    _same(one, two)
    _same(one, eight)


def test_a_failing_task_is_reported_with_its_item():
    parallel.configure(workers=2, processes=False)
    with pytest.raises(parallel.TaskFailed, match="item 3 failed after 2 retries: ValueError"):
        parallel.pmap(_boom, range(6), desc="boom")


def test_a_transient_failure_is_retried(tmp_path):
    parallel.configure(workers=2, processes=False)
    items = [(str(tmp_path / f"t{i}"), i) for i in range(4)]
    assert parallel.pmap(_flaky, items) == [1, 2, 3, 4]


def test_bad_worker_counts_are_refused(monkeypatch):
    monkeypatch.setenv(parallel.ENV_WORKERS, "many")
    parallel._STATE["configured"] = False
    with pytest.raises(ValueError, match="PUZZLEKIT_WORKERS"):
        parallel.client()
    with pytest.raises(ValueError, match="1..64"):
        parallel.configure(workers=500)


def _nested(x):
    return sum(parallel.pmap(_boom, [x, x + 1]))      # inside a task: runs where the task runs


def test_a_map_inside_a_task_runs_in_that_worker():
    parallel.configure(workers=2, processes=False)
    assert parallel.pmap(_nested, [0, 4, 5]) == [1, 41, 61]


def _census_work():
    from puzzlekit.heteromino import census
    return census.blank_count(6, 9), census.clue_census(4, 5, 2), census.clue_census(3, 5, 3)


def test_split_censuses_are_the_same_on_two_workers(monkeypatch):
    from puzzlekit.heteromino import census
    monkeypatch.setattr(census, "CENSUS_SPLIT", 10)
    one = _census_work()
    parallel.configure(workers=2, processes=False)
    assert _census_work() == one
    assert one[0] == (census.LEDGER[(6, 9)], False)
