"""core.measure on the toy genre: streams, per-board frames, summaries."""
import dataclasses

import numpy as np
import pytest

from puzzlekit.core import measure, search
from puzzlekit.core.tables import Table, compare
from puzzlekit.core.tables.printed import printed
from tests.core import toy


def _boards(n, seed=0):
    rng = np.random.default_rng(seed)
    return [toy.random_small(rng, 4, 4) for _ in range(n)]


def test_stream_is_seeded_prefix_stable_and_drawn_once():
    calls = []

    def draw(i, rng):
        calls.append(i)
        return (i, int(rng.integers(1 << 30)))

    s = measure.Stream(("test", "prefix"), draw)
    a = s.take(3)
    b = s.take(6)
    assert b[:3] == a and calls == list(range(6))          # each board drawn once
    fresh = measure.Stream(("test", "prefix"), draw).take(6)
    assert fresh == b                                      # same key, same boards
    other = measure.Stream(("test", "other"), draw).take(6)
    assert other != b
    assert measure.stream(("test", "x"), draw) is measure.stream(("test", "x"), draw)
    evens = measure.Stream(("t",), lambda i, r: None if i % 2 else i)
    assert evens.take(4, skip_none=True) == [0, 2]


def test_reach_is_monotone_and_matches_the_ladder():
    boards = _boards(12)
    df = measure.reach(toy.SPEC, boards)
    assert len(df) == 12 * len(toy.LADDER)
    wide = df.pivot(index="board", columns="level", values="decided %")[list(toy.LADDER.names)]
    assert (wide.diff(axis=1).iloc[:, 1:] >= -1e-9).all().all()
    for b, p in enumerate(boards):
        s = toy.initial_state(p)
        r = toy.LADDER.fixpoint(s, "probe")
        row = df[(df.board == b) & (df.level == "probe")].iloc[0]
        assert row["finished"] == r.solved
        assert row["decided %"] == pytest.approx(100 * np.mean(s.live_counts() == 1))


def test_ablation_moves_and_counters():
    boards = _boards(10, seed=3)
    df = measure.ablation(toy.SPEC, boards)
    assert set(df["variant"]) == {"full", "−single", "−hidden"}
    full = df[df.variant == "full"]
    assert not full["moved"].any() and (full["probes"] >= 0).all()
    for _, r in df[df.variant != "full"].iterrows():
        name = r["variant"][1:]
        p = boards[r["board"]]
        a, b = toy.initial_state(p), toy.initial_state(p)
        toy.LADDER.fixpoint(a, "probe")
        toy.LADDER.fixpoint(b, "probe", without=(name,))
        assert r["moved"] == (not np.array_equal(a.bits, b.bits))


def test_uniqueness_probe_unique_and_engines():
    boards = _boards(30, seed=5)
    pu = measure.probe_unique(toy.SPEC, boards)
    c = measure.probe_unique_counts(pu)
    assert c["violations"] == 0 and c["boards"] + c["skipped"] == 30
    eng = measure.engines(toy.SPEC, boards, limit=2)
    ec = measure.engine_counts(eng)
    assert ec["compared"] == 30 and ec["agreed"] == 30
    counts = set(eng["raw"])
    assert 0 in counts and 1 in counts and 2 in counts       # the toy stream is mixed
    g = measure.grades(toy.SPEC, boards)
    assert set(g["grade"].dropna()) <= set(toy.LADDER.names)
    bp = measure.branch_points(toy.SPEC, boards, levels=["single", "probe"])
    single = bp[bp.level == "single"]["branch points"].to_numpy()
    probe = bp[bp.level == "probe"]["branch points"].to_numpy()
    assert (probe <= single).all()


def test_capped_runs_are_never_counted_as_agreement():
    def capped_brute(p, limit):
        return search.Count(0, True, 10, limit)

    sp = dataclasses.replace(toy.SPEC, name="toy-capped", brute_count=capped_brute)
    eng = measure.engines(sp, _boards(5, seed=9))
    assert eng["agree"].isna().all() and measure.engine_counts(eng)["compared"] == 0


def test_summary_feeds_the_comparator():
    boards = _boards(40, seed=11)
    pu = measure.probe_unique(toy.SPEC, boards)
    s = measure.Summary("board")
    s.share("4x4", "unique %", pu["unique"])
    s.given("4x4", "boards", len(boards))
    ours = s.frame()
    share = float(ours.at["4x4", "unique %"])
    art = printed("board", ["unique %", "boards"], {"4x4": (1, f"{share:.1f}%", "999")})
    c = compare(Table("u", "s", "u", art, None, expect="match"), ours)
    assert c.status == "match" and c.worst_z == 0.0
    art2 = printed("board", ["unique %"], {"4x4": (1, f"{min(100.0, share + 40):.1f}%")})
    assert compare(Table("u", "s", "u", art2, None), ours).status == "differs"


def test_pooled_and_total_keep_what_they_summarise():
    from puzzlekit.core.measure import Summary
    s = Summary("bank")
    parts, totals = [3, 0, 5, 1], [10, 4, 12, 6]
    s.pooled("6x6", "share %", parts, totals, 6)
    s.total("6x6", "clues", [2, 4])
    df = s.frame()
    values = df.attrs["values"][("6x6", "share %")]
    assert abs(sum(values) / len(values) - 100 * 9 / 32) < 1e-9
    assert df.loc["6x6", "clues"] == 6
