"""Generation: legal answers, packed ones maximal, the liar theorem both ways,
the existence proof's case 2, minimal bank boards, and the codec."""
import numpy as np
import pytest

import puzzlekit.__main__ as cli
from puzzlekit.core import banks
from puzzlekit.yajisan_kazusan import (
    Answer,
    Puzzle,
    buy,
    check,
    generate as gen,
    is_maximal,
    liar_board,
    random_answer,
    url,
)
from puzzlekit.yajisan_kazusan.brute import by_cells
from puzzlekit.yajisan_kazusan.certify import kills
from puzzlekit.yajisan_kazusan.generate import PACKED, _case2_clue, addable, generate
from puzzlekit.yajisan_kazusan.ladder import decode_mask
from tests.urlcheck import cli_refuses, refusal


@pytest.mark.parametrize("density", [0.14, 0.2, 0.3, PACKED])
def test_answers_are_legal_and_packed_ones_maximal(density):
    rng = np.random.default_rng(5)
    for _ in range(15):
        h, w = int(rng.integers(1, 8)), int(rng.integers(1, 8))
        m = random_answer(h, w, density, rng)
        assert check(Puzzle.make(h, w), Answer.from_mask(h, w, m)) == []
        if density == PACKED:
            assert is_maximal(m, h, w)


def test_liar_theorem_both_ways():
    rng = np.random.default_rng(9)
    seen = {True: 0, False: 0}
    for _ in range(40):
        n = int(rng.integers(3, 6))
        m = random_answer(n, n, rng.choice([0.2, 0.3, PACKED]), rng)
        cnt = by_cells(liar_board(n, n, m, rng), 2).count
        maximal = is_maximal(m, n, n)
        assert (cnt == 1) == maximal
        if not maximal:          # the bigger shading survives every liar clue
            big = m.copy()
            big[addable(m, n, n)[0]] = True
            assert check(liar_board(n, n, m, 0), Answer.from_mask(n, n, big)) == []
        seen[maximal] += 1
    assert seen[True] and seen[False]


def test_case_two_kills_a_superset_rival():
    rng = np.random.default_rng(2)
    tried = 0
    for _ in range(60):
        n = int(rng.integers(2, 7))
        a = random_answer(n, n, 0.15, rng)
        extra = addable(a, n, n)
        if not extra:
            continue
        b = a.copy()
        b[extra[int(rng.integers(len(extra)))]] = True
        p = Puzzle.make(n, n)
        for e, arrow, v in _case2_clue(n, n, a, b):
            assert kills(p, e, arrow, v, b) and not kills(p, e, arrow, v, a)
            tried += 1
    assert tried > 30


def test_buyer_makes_the_answer_unique_in_the_free_dialect():
    rng = np.random.default_rng(4)
    for _ in range(10):
        a = random_answer(5, 5, 0.2, rng)
        clues = buy(5, 5, a, rng)
        r = by_cells(Puzzle.make(5, 5, clues), 3)
        assert r.count == 1 and np.array_equal(r.solutions[0].shaded, a)


def test_dialects_respect_their_seats():
    rng = np.random.default_rng(8)
    for _ in range(10):
        a = random_answer(5, 5, PACKED, rng)
        liar = buy(5, 5, a, rng, "liar")
        assert liar is not None and all(a[c] for c in liar)
        honest = buy(5, 5, a, rng, "honest")
        assert honest is None or not any(a[c] for c in honest)


def test_generate_and_bank_minimal():
    p, a = generate(6, 6, seed=3)
    assert check(p, a) == [] and by_cells(p, 2).count == 1
    entries = banks.load("yajisan_kazusan")
    assert [sum(e["size"][0] == n for e in entries) for n in (6, 8, 10)] == [40, 40, 30]
    for e in entries[:8]:
        pz = Puzzle.from_json(e["clues"])
        for c in pz.clues:
            rest = pz.with_clues({k: v for k, v in pz.clues.items() if k != c})
            assert by_cells(rest, 2).count == 2, (e["id"], c)


def test_the_bank_rebuilds_from_its_seeds():
    """The bank is what ``bank --rebuild`` makes: the plain search's budget
    before the proof's search (``FIRST_NODES``) leaves it alone."""
    shipped = banks.load("yajisan_kazusan")
    again = gen.rebuild_bank()
    assert [(e["id"], e["clues"], e["answer"]) for e in again] == \
        [(e["id"], e["clues"], e["answer"]) for e in shipped]


def test_count2_turns_to_the_proof_search(monkeypatch):
    """With no plain search at all, every count is the proof's: the same
    counts and answers as the cell engine on random boards, and the
    generator still makes boards the cell engine finds unique."""
    monkeypatch.setattr(gen, "FIRST_NODES", 0)
    calls = []
    proof = gen.proof_count
    monkeypatch.setattr(gen, "proof_count", lambda *a, **k: calls.append(1) or proof(*a, **k))
    rng = np.random.default_rng(12)
    for _ in range(30):
        p = gen.random_small(rng, int(rng.integers(2, 6)), int(rng.integers(2, 6)))
        r, ref = gen.count2(p), by_cells(p, 2)
        assert min(r.count, 2) == min(ref.count, 2)
        assert len(r.solutions) == min(r.count, 2)
        for s in r.solutions:
            assert check(p, Answer.from_mask(p.h, p.w, decode_mask(s))) == []
    for seed in (1, 2):
        p, a = generate(6, 6, seed=seed)
        assert check(p, a) == [] and by_cells(p, 2).count == 1
    assert len(calls) > 30


EXAMPLE = "https://puzz.link/p?yajikazu/6/6/40d23663i32h12b32a12a11c"


def test_worked_example():
    p = url.decode(EXAMPLE)
    assert p.clues == {0: (4, 0), 5: (2, 3), 6: (1, 99), 16: (3, 2), 25: (1, 2), 28: (3, 2),
                       30: (1, 2), 32: (1, 1)}
    assert url.encode(p) == EXAMPLE
    # puzz.link defines no flag for Yajisan-Kazusan ('b' is Yajilin's)
    assert "no flags" in refusal(url.decode, EXAMPLE.replace("/6/6/", "/b/6/6/"))
    assert url.decode(EXAMPLE, need_shade=True).need_shade


def test_wide_numbers_and_question_marks_round_trip():
    p = Puzzle.make(2, 2, {0: ("U", 300), 1: ("R", None), 3: (".", 20)})
    assert url.decode(url.encode(p)) == p


@pytest.mark.parametrize("bad", [
    "https://puzz.link/p?yajikazu/3/3/4", "https://puzz.link/p?yajikazu/3/3/4g",
    "https://puzz.link/p?yajikazu/3/3/+1", "https://puzz.link/p?yajikazu/3/3/-5123",
    "https://puzz.link/p?yajikazu/2/1/4040zz", "https://puzz.link/p?nanro/3/3/40",
    "https://puzz.link/p?yajikazu/1/200/40", "https://puzz.link/p?yajikazu/3/3/5"])
def test_refusals_are_one_line(bad, capsys):
    refusal(url.decode, bad)
    cli_refuses("yajisan_kazusan", bad, capsys, ("solve",))


def test_need_shade_board_refuses_to_encode():
    with pytest.raises(ValueError):
        url.encode(Puzzle.make(2, 2, need_shade=True))


def test_cli_solves_a_url(capsys):
    assert cli.main(["solve", "yajisan_kazusan", EXAMPLE, "--count", "2", "--json"]) == 0
