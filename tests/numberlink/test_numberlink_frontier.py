"""Numberlink's frontier scan (``frontier.py``): counts like the raw engine,
keeps every published answer of the real corpus, and the proof's hand-over
to it."""
import dataclasses

import numpy as np
import pytest

import puzzlekit
from puzzlekit.core.proof import _root, proof_count
from puzzlekit.numberlink import frontier
from puzzlekit.numberlink.generate import random_small
from puzzlekit.numberlink.ladder import decode, initial_state
from puzzlekit.numberlink.model import Answer, Puzzle, check
from tests.corpus import corpus

SPEC = puzzlekit.spec("numberlink")


def _turned(puzzle, answer, how):
    """The board and answer mirrored top to bottom (``"v"``), left to right
    (``"h"``) or about the diagonal (``"t"``)."""
    nums = puzzle.numbers
    right = [list(r) for r in answer.to_json()["right"]]
    down = [list(r) for r in answer.to_json()["down"]]
    if how == "v":
        nums, right, down = nums[::-1], right[::-1], down[::-1]
    elif how == "h":
        nums = nums[:, ::-1]
        right, down = [r[::-1] for r in right], [r[::-1] for r in down]
    else:
        nums = nums.T
        right, down = ([list(x) for x in zip(*down)] if down else []), \
            ([list(x) for x in zip(*right)] if right and right[0] else [])
    p = Puzzle(nums.shape[0], nums.shape[1], nums, fill=puzzle.fill)
    a = Answer.from_json({"right": ["".join(r) for r in right],
                          "down": ["".join(r) for r in down]})
    return p, a


def _counted_like_the_raw_engine(seeds, rooted=False, turn=None):
    """Scan random small boards (both rules; from the first state or the
    root's fixpoint, turned as ``turn`` says or as the scan picks) and
    check each count against the raw engine's, and that the answers read
    back are distinct and pass the referee.  The counts seen (3 for more)."""
    seen = set()
    for seed in seeds:
        rng = np.random.default_rng(seed)
        p = random_small(rng, int(rng.integers(2, 6)), int(rng.integers(2, 6)))
        if seed % 2:
            p = Puzzle(p.h, p.w, p.numbers, fill=not p.fill)
        raw = SPEC.brute_solutions(p, 50)
        if raw.capped:
            continue
        start = _root(SPEC, initial_state(p), SPEC.proof) if rooted else initial_state(p)
        r = frontier.count(p, start, limit=50, turn=turn)
        assert r.complete and r.count == raw.count, (seed, r.count, raw.count)
        two = frontier.count(p, start, limit=2, turn=turn)
        assert len({s.bits.tobytes() for s in two.solutions}) == min(raw.count, 2)
        for s in two.solutions:
            assert s.solved() and not check(p, decode(s)), seed
        seen.add(min(raw.count, 3))
    return seen


@pytest.mark.parametrize("rooted", [False, True])
def test_counts_like_the_raw_engine(rooted):
    """On random small boards (both rules), from the first state or the
    root's fixpoint, the scan counts what the raw engine counts, and every
    answer it gives is distinct and passes the referee."""
    assert _counted_like_the_raw_engine(range(150), rooted) == {0, 1, 2, 3}


@pytest.mark.parametrize("turn", frontier.TURNS)
def test_every_turn_counts_like_the_raw_engine(turn):
    """Whichever way the scan turns a board, it counts what the raw engine
    counts, and the answers it reads back (turned back) pass the referee."""
    assert _counted_like_the_raw_engine(range(1000, 1060), turn=turn) == {0, 1, 2, 3}


def test_the_turn_it_picks_never_costs_more_than_the_top():
    """On every real board the scan takes, the turn it picks (where the root
    left the fewest segments open early) holds no more states on a line
    than the scan from the top (as the scan ran before it turned boards),
    and far fewer on some."""
    fewer = []
    for e in corpus.load("numberlink"):
        p = corpus.puzzle(SPEC, e)
        if min(p.h, p.w) > frontier.MAX_WIDTH:
            continue
        root = _root(SPEC, initial_state(p), SPEC.proof)
        top = frontier.count(p, root, max_states=300_000, turn="t" if p.w > p.h else "")
        picked = frontier.count(p, root, max_states=300_000)
        if top is None:
            continue
        assert picked is not None and picked.nodes <= top.nodes, e["id"]
        fewer.append(picked.nodes * 4 < top.nodes)
    assert len(fewer) >= 15 and sum(fewer) >= 3
    with pytest.raises(ValueError):
        frontier.count(p, initial_state(p), turn="x", max_width=1000)


def test_keeps_every_published_answer_turned_every_way():
    """Fixed to a published answer of the real corpus (mirrored or
    transposed too, and scanned in every turn, so the scan meets its paths
    from every side), the scan counts exactly that one answer.  (A pruning
    rule that assumed two ends of one pair meet directly below the line
    lost one of these.)"""
    tried = 0
    for e in corpus.load("numberlink"):
        if "published" not in e:
            continue
        p = corpus.puzzle(SPEC, e)
        a = Answer.from_json(e["published"])
        for how in ("", "v", "h", "t"):
            q, b = (p, a) if not how else _turned(p, a, how)
            assert not check(q, b), (e["id"], how)
            for turn in frontier.TURNS:
                r = frontier.count(q, SPEC.encode(q, b), max_width=1000, turn=turn)
                assert r.status == "unique" and decode(r.solutions[0]) == b, (e["id"], how, turn)
            tried += 1
    assert tried >= 80


def test_gives_up_when_too_wide_or_out_of_time():
    p = Puzzle(6, 6, [[1, 0, 0, 0, 0, 2], [0] * 6, [0] * 6, [0] * 6, [0] * 6,
                      [2, 0, 0, 0, 0, 1]], fill=False)
    assert frontier.count(p, initial_state(p), max_states=3) is None
    assert frontier.count(p, initial_state(p), time_limit=0.0) is None
    assert frontier.count(p, initial_state(p)).complete
    assert frontier.count(p, initial_state(p), max_width=5) is None
    assert frontier.counter(p) is not None
    wide = Puzzle(frontier.MAX_WIDTH + 1, frontier.MAX_WIDTH + 2,
                  np.zeros((frontier.MAX_WIDTH + 1, frontier.MAX_WIDTH + 2), int))
    assert frontier.counter(wide) is None


def test_the_proof_hands_over_to_the_scan():
    """With no time for the learner, the proof's count comes from the scan
    (its counters say so) and equals the learner's; when the scan gives up,
    the learner starts again and finishes; a board the scan does not take
    is the learner's alone."""
    e = next(e for e in corpus.load("numberlink") if e["id"] == "numberlink-janko-28")
    p = corpus.puzzle(SPEC, e)
    plain = proof_count(SPEC, p, 2)
    assert plain.status == "unique"
    now = dataclasses.replace(SPEC.proof, exact_after=0.0)
    r = proof_count(dataclasses.replace(SPEC, proof=now), p, 2)
    assert r.status == "unique" and r.counters["exact counts"] == 1
    assert decode(r.solutions[0]) == decode(plain.solutions[0]) == Answer.from_json(e["published"])
    never = dataclasses.replace(now, exact=lambda puzzle: (lambda *a: None))
    r = proof_count(dataclasses.replace(SPEC, proof=never), p, 2)
    assert r.status == "unique" and r.counters["exact counts"] == 0
    assert decode(r.solutions[0]) == decode(plain.solutions[0])
    declines = dataclasses.replace(now, exact=lambda puzzle: None)
    r = proof_count(dataclasses.replace(SPEC, proof=declines), p, 2)
    assert r.status == "unique" and r.nodes == plain.nodes


def test_compile_exact_compiles_what_the_proof_runs():
    """What ``core.proof.compile_exact`` (the head start's and ``warm``'s
    step) compiles is what the proof's scan then runs: no new compiled
    version of the scan's kernel after it."""
    from puzzlekit.core.proof import compile_exact
    e = next(e for e in corpus.load("numberlink") if e["id"] == "numberlink-janko-28")
    p = corpus.puzzle(SPEC, e)
    compile_exact(SPEC, p)
    before = set(frontier._cell.signatures)
    assert before
    assert frontier.count(p, _root(SPEC, initial_state(p), SPEC.proof)).status == "unique"
    assert set(frontier._cell.signatures) == before
