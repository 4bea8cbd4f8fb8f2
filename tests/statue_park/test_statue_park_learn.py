"""Statue Park's clause learner (``puzzlekit/statue_park/learn.py``): its
counts against the raw engine and CP-SAT on random small boards, every
clause (rule or kernel's) against every answer of the board, and the proof
that hands it a search on a real 12x12 board."""
import json
from pathlib import Path

import numpy as np
import pytest

from puzzlekit.core.proof import proof_count
from puzzlekit.statue_park import SPEC, brute_solutions, encode, random_small, sat as sp_sat, url
from puzzlekit.statue_park.learn import _explain_jit, _n_bools, _row_of, arrays, clauses
from tests.core.explain import check_explanations, check_learner_count, check_rule_clauses

LIMIT = 30
ROOT = Path(__file__).resolve().parents[2]


def _boards(seed, count):
    """Random small boards (``random_small``, one to five cells a side:
    0-3 small pieces, circles, the park rule now and then off)."""
    rng = np.random.default_rng(seed)
    return [random_small(rng, int(rng.integers(1, 6)), int(rng.integers(1, 6)))
            for _ in range(count)]


def _answers(p, limit):
    raw = brute_solutions(p, limit)
    return None if raw.capped else raw


@pytest.mark.parametrize("seed", range(3))
def test_learner_counts_like_the_raw_engine_and_cp_sat(seed):
    seen = set()
    for p in _boards(seed, 50):
        raw = _answers(p, LIMIT)
        if raw is None:
            continue
        check_learner_count(SPEC, p, raw, LIMIT, sp_sat.count_solutions)
        seen.add(min(raw.count, 3))
    assert seen == {0, 1, 2, 3}, seen


def _rows(p, raw):
    return np.array([_row_of(encode(p, a)) for a in raw.solutions], np.int64)


@pytest.mark.parametrize("seed", range(3))
def test_every_rule_clause_holds_in_every_answer(seed):
    """The clauses the learner starts from remove no answer."""
    checked = 0
    for p in _boards(200 + seed, 40):
        raw = _answers(p, 200)
        if raw is None:
            continue
        checked += check_rule_clauses(*clauses(p), _rows(p, raw), p.to_json())
    assert checked >= 20, checked


@pytest.mark.parametrize("seed", range(3))
def test_every_kernel_clause_holds_in_every_answer(seed):
    """Random partial assignments (half of them read off an answer) given to
    the kernel: each clause it writes names no boolean twice, has every
    literal false but a deduction's first (which is open), and holds in
    every answer of the board, so it removes none."""
    rng = np.random.default_rng(seed)
    said = {1: 0, 2: 0}
    for p in _boards(100 + seed, 60):
        raw = _answers(p, 200)
        if raw is None:
            continue
        rows = _rows(p, raw)
        nv = _n_bools(p)
        data = arrays(p)
        got = check_explanations(_explain_jit, data, nv, rows, rng, p.to_json())
        said = {m: said[m] + got[m] for m in said}
    assert said[1] >= 100 and said[2] >= 100, said


def test_the_proof_hands_a_real_board_to_the_learner():
    """noqx's 12x12 example: the first round leaves it open, the learner
    proves it unique, and the answer is the published one."""
    real = json.loads((ROOT / "benchmarks" / "real" / "statue_park.json").read_text())
    entry = next(x for x in real["puzzles"] if x["id"] == "statue_park-noqx-1")
    p = url.decode(entry["url"])
    got = proof_count(SPEC, p, 2)
    assert got.count == 1 and got.complete
    assert got.counters["conflicts"] > 0
    assert SPEC.decode(got.solutions[0]).to_json() == entry["answer"]
