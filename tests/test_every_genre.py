"""Walk every built genre through the shared contracts (DESIGN.md).

For each genre whose package exists: the spec is complete, its ladder ends
with probe and resolves levels, its bank re-proves, its article report at
smoke scale lists every table with no ``missing`` and every ``exact`` table
matching, and its notebook exists with the shared shape.
"""
import importlib
import json

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings, strategies as st

import puzzlekit
from puzzlekit.core import banks, checks
from puzzlekit.core.genre import ladder_count
from puzzlekit.core.search import Count

BUILT = [g for g in puzzlekit.GENRES if puzzlekit.available(g)
         and hasattr(importlib.import_module(puzzlekit.GENRES[g]), "SPEC")]
MODULES = ("model", "ladder", "brute", "generate", "census", "certify", "article", "draw")


def test_some_genre_is_built():
    assert BUILT, "no genre package is built"


@pytest.mark.parametrize("genre", BUILT)
def test_spec_and_modules(genre):
    sp = puzzlekit.spec(genre)
    assert sp.name == genre
    for m in MODULES:
        importlib.import_module(f"puzzlekit.{genre}.{m}")
    assert sp.ladder.names[-1] == "probe"
    for i, name in enumerate(sp.ladder.names):
        assert sp.ladder.level(name) == i
    for hook in ("brute_solutions", "encode", "random_small"):
        assert callable(getattr(sp, hook)), f"{genre} does not provide {hook}"
    assert sp.max_cells >= 400, "a genre loads boards up to at least 20x20"


@pytest.mark.parametrize("genre", BUILT)
def test_engine_results_share_one_type(genre):
    sp = puzzlekit.spec(genre)
    e = banks.load(genre)[0]
    p = sp.Puzzle.from_json(e["clues"])
    r, s = sp.brute_count(p, 2), sp.brute_solutions(p, 2)
    assert isinstance(r, Count) and isinstance(s, Count)
    assert (r.count, r.capped, r.status) == (1, False, "unique") == (s.count, s.capped, s.status)
    assert [a.to_json() for a in s.solutions] == [e["answer"]]
    assert sp.encode(p, s.solutions[0]).solved()


@pytest.mark.parametrize("genre", BUILT)
def test_clues_and_certificates_are_sound(genre):
    """Every genre counts its clues; a second-answer certificate returns only
    legal answers other than the one it was given, and fires on no bank
    board; a no-answer certificate fires only on boards with no answer."""
    sp = puzzlekit.spec(genre)
    assert callable(sp.clues), f"{genre} does not count its clues"
    bank = banks.load(genre)[:6]
    for e in bank:
        p, a = sp.Puzzle.from_json(e["clues"]), sp.Answer.from_json(e["answer"])
        n = sp.clues(p)
        assert isinstance(n, int) and n >= 0
        if sp.certificate is not None:
            assert sp.certificate(p, a) is None, e["id"]
        if sp.refute is not None:
            assert not sp.refute(p), e["id"]
    for p, r in checks.small_boards(sp, 22, 40):
        if sp.certificate is not None and r.count >= 1:
            alt = sp.certificate(p, r.solutions[0])
            if alt is not None:
                assert sp.check(p, alt) == [] and alt.to_json() != r.solutions[0].to_json()
                assert r.count >= 2
        if sp.refute is not None and sp.refute(p):
            assert r.count == 0 and not r.capped


def _small_board(genre, h, w, seed):
    sp = puzzlekit.spec(genre)
    try:
        return sp, sp.random_small(np.random.default_rng(seed), h, w)
    except ValueError:          # no board of this shape exists in the genre
        assume(False)


SMALL = dict(h=st.integers(1, 6), w=st.integers(1, 6), seed=st.integers(0, 2**32 - 1))
def _examples(n):
    """Hypothesis settings for the generic walks: ``n`` derandomized examples."""
    return settings(max_examples=n, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])


GENERIC = _examples(400)


@pytest.mark.parametrize("genre", BUILT)
def test_every_level_and_ablation_is_sound(genre):
    """No level, and no single-rung ablation, removes a raw-engine answer."""
    seen = {"boards": 0, "answers": 0, "non-square": 0}

    @GENERIC
    @given(**SMALL)
    def run(h, w, seed):
        sp, p = _small_board(genre, h, w, seed)
        seen["answers"] += checks.assert_sound(sp, p)
        seen["boards"] += 1
        seen["non-square"] += h != w

    run()
    assert seen["boards"] >= 300 and seen["non-square"] > 0 and seen["answers"] > 0, seen


@pytest.mark.parametrize("genre", BUILT)
def test_ladder_search_agrees_with_the_raw_engine(genre):
    seen = {"compared": 0, "boards": 0, "counts": set()}

    @GENERIC
    @given(**SMALL)
    def run(h, w, seed):
        sp, p = _small_board(genre, h, w, seed)
        seen["boards"] += 1
        if checks.assert_engines_agree(sp, p, limit=3):
            seen["compared"] += 1
            seen["counts"].add(min(sp.brute_count(p, 3).count, 2))

    run()
    assert seen["compared"] >= 300, seen
    assert seen["counts"] == {0, 1, 2}, (
        f"the random boards should have 0, 1 and many answers: {seen}")


@pytest.mark.parametrize("genre", BUILT)
def test_solve_counts_like_the_raw_engine_with_and_without_a_level(genre):
    """``solve --count`` without a level runs the proof's search (pooled
    rounds up to KEEP answers, one depth-first search beyond); with the top
    level, every node probes.  Both count what the raw engine counts."""
    from puzzlekit.core.genre import solve
    from puzzlekit.core.search import KEEP
    seen = {"compared": 0, "counts": set()}

    @_examples(40)
    @given(**SMALL)
    def run(h, w, seed):
        sp, p = _small_board(genre, h, w, seed)
        for limit in (2, KEEP + 3):
            raw = sp.brute_count(p, limit)
            proof = solve(sp, p, count=limit)
            top = solve(sp, p, level=len(sp.ladder.names) - 1, count=limit)
            if raw.capped or proof.capped or top.capped:
                continue
            assert proof.count == top.count == raw.count, (h, w, seed, limit)
            assert proof.grade == top.grade == sp.ladder.grade(sp.initial_state(p))
            assert len(proof.solutions) == min(proof.count, KEEP)
            for s in proof.solutions:
                assert not sp.check(p, sp.decode(s))
            seen["compared"] += 1
            seen["counts"].add(min(raw.count, 3))

    run()
    assert seen["compared"] >= 40 and len(seen["counts"]) >= 2, seen


LEARNING = [g for g in BUILT if puzzlekit.spec(g).proof.learner is not None]


@pytest.mark.parametrize("genre", LEARNING)
def test_clause_learning_counts_like_the_raw_engine(genre):
    """A genre's rungs under clause learning (``ProofPolicy.learner``): the
    proof handed to the learner at once (``first_nodes=0``) or after a first
    round of a few nodes counts what the raw engine counts, its answers legal
    and distinct; the learner, told of one answer, counts the others, and
    one that forgets its learnt clauses at once counts the same."""
    from puzzlekit.core.genre import proof_count
    from puzzlekit.core.learn import learn_count
    seen = {"compared": 0, "counts": set(), "learned": 0, "told": 0}

    @_examples(150)
    @given(**SMALL)
    def run(h, w, seed):
        sp, p = _small_board(genre, h, w, seed)
        raw = sp.brute_solutions(p, 60)
        if raw.capped:
            return
        for limit in (1, 3, 50):
            for first in (0, 3):
                r = proof_count(sp, p, limit, max_nodes=None, first_nodes=first)
                assert r.count == min(raw.count, limit), (h, w, seed, limit, first, r)
                assert r.complete == (raw.count < limit) or (r.complete and raw.count == limit)
                assert len({s.bits.tobytes() for s in r.solutions}) == len(r.solutions)
                for s in r.solutions:
                    assert not sp.check(p, sp.decode(s))
                seen["learned"] += "conflicts" in r.counters
        if 0 < raw.count < 60:                # an exact count (60 is the raw engine's limit)
            told = (sp.encode(p, raw.solutions[0]),)
            rest = learn_count(sp.proof.learner, p, sp.initial_state(p), 60, told)
            assert rest.complete and rest.count == raw.count - 1, (h, w, seed, rest)
            assert all(s.bits.tobytes() != told[0].bits.tobytes() for s in rest.solutions)
            seen["told"] += 1
        forgetful = learn_count(sp.proof.learner, p, sp.initial_state(p), 60, forget_after=3,
                                volume_after=40)      # forgets clauses all the time
        assert forgetful.count == min(raw.count, 60), (h, w, seed, forgetful)
        seen["compared"] += 1
        seen["counts"].add(min(raw.count, 2))

    run()
    assert seen["compared"] >= 100 and seen["counts"] == {0, 1, 2}, seen
    assert seen["learned"] >= 6 * seen["compared"] // 2 and seen["told"] >= 30, seen


@pytest.mark.parametrize("genre", LEARNING)
def test_clause_learning_keeps_its_budget(genre):
    """A conflict cap or a time limit ends the learner with ``capped`` (a
    lower bound, never a wrong count) on a board with many answers."""
    from puzzlekit.core import perf
    from puzzlekit.core.learn import learn_count
    sp = puzzlekit.spec(genre)
    (_, p), = perf.sweep_boards(sp, 12, "sparse", 1)
    start = sp.initial_state(p)
    one = learn_count(sp.proof.learner, p, start, 10**6, max_conflicts=1)
    assert one.capped and not one.complete and one.nodes == 1, one
    late = learn_count(sp.proof.learner, p, start, 10**6, time_limit=0.0)
    assert late.capped and not late.complete, late
    for s in one.solutions + late.solutions:
        assert not sp.check(p, sp.decode(s))


PROOF_WITHOUT = [g for g in BUILT if puzzlekit.spec(g).proof.without]
#: Rungs a proof leaves out although they prune its search: the time they cost
#: at every node is more than the nodes they save (timed by
#: ``benchmarks/bench_policy.py``, not here).  Every other rung in a
#: ``ProofPolicy.without`` prunes (almost) nothing there.
PRUNING_LEFT_OUT = {"stostone": ("fit",)}


@pytest.mark.parametrize("genre", PROOF_WITHOUT)
def test_rungs_the_proof_leaves_out_prune_what_their_genre_says(genre):
    """``ProofPolicy.without``: over the bank, every board is unique with
    and without the rungs left out.  A rung left out for pruning (almost)
    nothing changes the proof's search on at most a fifth of the boards and
    adds at most a tenth to its nodes; one left out although it prunes
    (:data:`PRUNING_LEFT_OUT`) does prune: its nodes grow by more than
    that.  (The count is the same: random boards are compared with the raw
    engine above.)"""
    from dataclasses import replace

    from puzzlekit.core.genre import proof_count
    sp = puzzlekit.spec(genre)
    assert set(PRUNING_LEFT_OUT.get(genre, ())) <= set(sp.proof.without)
    whole = replace(sp, proof=replace(sp.proof, without=()))
    runs = [(proof_count(sp, p), proof_count(whole, p))
            for p in (sp.Puzzle.from_json(e["clues"]) for e in banks.load(genre))]
    assert all(a.unique and b.unique for a, b in runs)
    left, kept = sum(a.nodes for a, _ in runs), sum(b.nodes for _, b in runs)
    if genre in PRUNING_LEFT_OUT:
        assert left > 1.1 * kept, (left, kept)
    else:
        assert sum(a.nodes != b.nodes for a, b in runs) <= len(runs) / 5
        assert left <= 1.1 * kept, (left, kept)


@pytest.mark.parametrize("genre", BUILT)
def test_bank_reproves(genre):
    sp = puzzlekit.spec(genre)
    rep = banks.verify(sp)
    assert rep["boards"] > 0, f"{genre} ships no bank"
    assert rep["failures"] == [], rep["failures"][:3]
    ids = [e["id"] for e in banks.load(genre)]
    assert len(ids) == len(set(ids))
    for e in banks.load(genre):
        assert {"id", "size", "clues", "answer", "grade", "seed"} <= set(e)


@pytest.mark.parametrize("genre", BUILT)
def test_article_report_at_smoke(genre):
    sp = puzzlekit.spec(genre)
    art = importlib.import_module(sp.article).ARTICLE
    rep = art.report("smoke")
    json.dumps(rep)
    assert rep["tables"], f"{genre} registers no table"
    for t in rep["tables"]:
        assert t["status"] != "missing", t
        _typed_cells_hold(t)
    for c in rep["claims"]:
        if art.claims[c["id"]].theorem:
            assert c["holds"] is True, c


def _typed_cells_hold(table):
    """A table whose figures are kept as printed: every cell typed, exact
    cells equal, derived and given cells never compared, every measured cell
    compared from per-board values, and the status the worst compared cell's."""
    from puzzlekit.core.tables.stats import CELL_KINDS, STATUSES
    assert table["expect"] in STATUSES[:3] + ("shown",), table["id"]
    assert table["cells"], table["id"]
    compared = []
    for c in table["cells"]:
        where = f"{table['id']} {c['row']}/{c['column']}"
        assert c["kind"] in CELL_KINDS and c["article"] is not None, where
        if c["kind"] in ("derived", "given"):
            assert c["status"] in ("shown", "n/a") and c["z"] is None, where
        elif c["status"] != "n/a":
            compared.append(c["status"])
            if c["kind"] == "exact":
                assert c["status"] == "match", where
        assert "no per-board values" not in c["note"], where
    worst = max(compared, key=STATUSES.index) if compared else "shown"
    assert table["status"] == worst, table["id"]


@pytest.mark.parametrize("genre", BUILT)
def test_notebook_shape(genre):
    from pathlib import Path
    nb = json.loads((Path(__file__).parents[1] / "book" / f"{genre}.ipynb").read_text())
    cells = nb["cells"]
    assert cells[0]["cell_type"] == "markdown"
    params = [c for c in cells if "parameters" in c.get("metadata", {}).get("tags", [])]
    assert len(params) == 1 and "SCALE" in "".join(params[0]["source"])
    assert all(not c.get("outputs") for c in cells if c["cell_type"] == "code")
    src = "".join("".join(c["source"]) for c in cells)
    assert "stepper.show" in src and ("assert" in src or ".require()" in src)


@pytest.mark.parametrize("genre", BUILT)
def test_cli_rejects_bad_boards_in_one_line(genre, tmp_path, capsys):
    import puzzlekit.__main__ as cli
    entry = banks.load(genre)[0]
    good_p = tmp_path / "p.json"
    good_p.write_text(json.dumps(entry["clues"]))
    cases = {"empty.json": {}, "list.json": [1, 2, 3], "string.json": "board"}
    for name, obj in cases.items():
        (tmp_path / name).write_text(json.dumps(obj))
        assert cli.main(["solve", genre, str(tmp_path / name)]) == 2
        err = capsys.readouterr().err
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
        assert cli.main(["check", genre, str(good_p), str(tmp_path / name)]) == 2
        err = capsys.readouterr().err
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    # the shipped answer passes the referee through the CLI
    good_a = tmp_path / "a.json"
    good_a.write_text(json.dumps(entry["answer"]))
    assert cli.main(["check", genre, str(good_p), str(good_a), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["ok"] is True


@pytest.mark.parametrize("genre", BUILT)
def test_cp_sat_agrees_with_both_engines(genre):
    """The third engine: the rules as a CP-SAT model count what both others count."""
    sp = puzzlekit.spec(genre)
    if sp.sat_count is None:
        pytest.skip(f"{genre} has no CP-SAT model yet")
    seen = {"compared": 0, "counts": set()}

    @_examples(150)
    @given(**SMALL)
    def run(h, w, seed):
        _, p = _small_board(genre, h, w, seed)
        s, r = sp.sat_count(p, 3), sp.brute_count(p, 3)
        if s.capped or (r.capped and r.count < 3):
            return
        assert min(s.count, 3) == min(r.count, 3), (h, w, seed, s, r)
        lad = ladder_count(sp, p, limit=3)
        if not lad.capped:
            assert min(lad.count, 3) == s.count
        for a in s.solutions:
            assert not sp.check(p, a)
        seen["compared"] += 1
        seen["counts"].add(min(s.count, 2))

    run()
    assert seen["compared"] >= 100 and seen["counts"] == {0, 1, 2}, seen


@pytest.mark.parametrize("genre", BUILT)
def test_every_bank_board_is_unique_under_cp_sat(genre):
    sp = puzzlekit.spec(genre)
    if sp.sat_count is None:
        pytest.skip(f"{genre} has no CP-SAT model yet")
    for e in banks.load(genre):
        r = sp.sat_count(sp.Puzzle.from_json(e["clues"]), 2)
        assert r.status == "unique", (e["id"], r)
        assert r.solutions[0].to_json() == e["answer"], e["id"]


URL_GENRES = [g for g in BUILT if puzzlekit.spec(g).url_decode is not None]


@pytest.mark.parametrize("genre", URL_GENRES)
def test_bank_boards_round_trip_through_urls(genre):
    sp = puzzlekit.spec(genre)
    for e in banks.load(genre):
        p = sp.Puzzle.from_json(e["clues"])
        u = sp.url_encode(p)
        assert sp.url_decode(u) == p and sp.url_encode(sp.url_decode(u)) == u, e["id"]


@pytest.mark.parametrize("genre", URL_GENRES)
def test_random_boards_round_trip_through_urls(genre):
    """Every random small board a URL can express comes back the same; the
    others are refused in one line."""
    seen = {"round trips": 0, "refused": 0}

    @_examples(200)
    @given(**SMALL)
    def run(h, w, seed):
        sp, p = _small_board(genre, h, w, seed)
        try:
            u = sp.url_encode(p)
        except ValueError as exc:
            assert len(str(exc).splitlines()) == 1
            seen["refused"] += 1
            return
        assert sp.url_decode(u) == p and sp.url_encode(sp.url_decode(u)) == u
        seen["round trips"] += 1

    run()
    assert seen["round trips"] >= 100, seen


def _cli(capsys, *argv):
    """The command line's ``main`` in this process (its exit status, what it
    printed), as ``tests/core/test_cli.py`` runs it: the genre's kernels are
    loaded once for the whole file, where a fresh process per call would load
    them again.  The command line as a process, its start-up and its
    refusals, is tried in ``tests/test_bad_input.py``."""
    import types

    from puzzlekit.__main__ import main
    capsys.readouterr()
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return types.SimpleNamespace(returncode=code, stdout=out, stderr=err)


@pytest.mark.parametrize("genre", URL_GENRES)
def test_cli_reads_and_writes_urls(genre, tmp_path, capsys):
    sp = puzzlekit.spec(genre)
    e = banks.load(genre)[0]
    url = sp.url_encode(sp.Puzzle.from_json(e["clues"]))
    r = _cli(capsys, "solve", genre, url, "--count", "2", "--json")
    assert r.returncode == 0 and json.loads(r.stdout)["count"] == 1, r.stderr
    assert json.loads(r.stdout)["solutions"] == [e["answer"]]
    a = tmp_path / "a.json"
    a.write_text(json.dumps(e["answer"]))
    assert _cli(capsys, "check", genre, url, a).returncode == 0
    for cmd, out in (("draw", tmp_path / "b.svg"), ("step", tmp_path / "s.html")):
        r = _cli(capsys, cmd, genre, url, "-o", out)
        assert r.returncode == 0 and out.stat().st_size > 1000, r.stderr
    r = _cli(capsys, "generate", genre, "--size", "6x6", "--seed", "4", "--url")
    assert r.returncode == 0, r.stderr
    g = json.loads(_cli(capsys, "generate", genre, "--size", "6x6", "--seed", "4", "--json").stdout)
    assert sp.url_decode(r.stdout.strip()) == sp.Puzzle.from_json(g["clues"])
    r = _cli(capsys, "bank", genre, "--urls")
    urls = r.stdout.split()
    assert r.returncode == 0 and len(urls) == len(banks.load(genre))
    assert [sp.url_decode(u) for u in urls] == [sp.Puzzle.from_json(x["clues"])
                                               for x in banks.load(genre)]


@pytest.mark.parametrize("genre", URL_GENRES)
def test_cli_refuses_broken_urls_in_one_line(genre, capsys):
    sp = puzzlekit.spec(genre)
    url = sp.url_encode(sp.Puzzle.from_json(banks.load(genre)[0]["clues"]))
    pid, w, h = url.split("?", 1)[1].split("/")[:3]          # puzz.link: pid/cols/rows/body
    other = next(g for g in GENRES_WITH_PID if g != pid)
    for bad in (url[: url.rindex("/") + 3], url + "!~", url.replace(f"?{pid}/", f"?{other}/"),
                url.replace(f"?{pid}/{w}/{h}/", f"?{pid}/0/{h}/"),
                f"https://puzz.link/p?{pid}/99999/99999/"):
        assert bad != url
        r = _cli(capsys, "solve", genre, bad)
        assert r.returncode == 2 and "Traceback" not in r.stderr, (bad, r.stderr)
        assert len(r.stderr.strip().splitlines()) == 1, (bad, r.stderr)


GENRES_WITH_PID = ("nanro", "magnets", "cojun", "numlin")


COMPILED = [g for g in BUILT if puzzlekit.spec(g).ladder.compiled is not None]


@pytest.mark.parametrize("genre", COMPILED)
def test_compiled_loop_equals_the_python_loop(genre):
    """The one compiled loop (fixpoint, probe, search) on the genre's kernels
    gives the Python loop's fixpoints bit for bit, and its search the same
    counts, nodes and branch points, on random small boards."""
    from puzzlekit.core.genre import accepts
    from puzzlekit.core.search import (
        Budget,
        SearchSettings as Settings,
        count_solutions,
        count_with_restarts,
    )
    sp = puzzlekit.spec(genre)
    lad = sp.ladder
    cap = Budget(3000)
    runs = [(i, ()) for i in range(len(lad))] + [(len(lad) - 1, (d,)) for d in range(len(lad) - 1)]
    seen = {"boards": 0, "contradictions": 0, "solved": 0, "restarted": 0,
            "probes lifted": 0, "probes plain": 0, "root probe cut": 0, "answers grouped": 0}

    @_examples(120)
    @given(**SMALL)
    def run(h, w, seed):
        _, p = _small_board(genre, h, w, seed)
        seen["boards"] += 1
        for lv, without in runs:
            a, b = sp.initial_state(p), sp.initial_state(p)
            ra = lad.fixpoint(a, lv, without)                      # Python loop
            rb = lad.fixpoint(b, lv, without, attribute=False)     # compiled loop
            assert ra.status == rb.status, (h, w, seed, lv, without)
            if ra.status != "contradiction":
                assert np.array_equal(a.bits, b.bits), (h, w, seed, lv, without)
            seen["contradictions"] += ra.status == "contradiction"
            seen["solved"] += ra.status == "solved"
        for lv in (0, len(lad) - 1):
            py = count_solutions(sp.initial_state(p), lad, accepts(sp, p), lv, 3, cap,
                                 Settings(compiled=False))
            co = count_solutions(sp.initial_state(p), lad, accepts(sp, p), lv, 3, cap)
            assert (py.count, py.complete, py.capped, py.nodes, py.branch_points) == \
                (co.count, co.complete, co.capped, co.nodes, co.branch_points), (h, w, seed, lv)
            py_bits = [s.bits.tolist() for s in py.solutions]
            assert py_bits == [s.bits.tolist() for s in co.solutions]
            plain = count_solutions(sp.initial_state(p), lad, accepts(sp, p), lv, 3, cap,
                                    Settings(lift=False))
            assert (plain.count, plain.nodes) == (co.count, co.nodes), (h, w, seed, lv)
            # lift runs fewer trials over the walk, not on every board: a mark kept
            # after a removal can postpone a failing trial to the next pass
            seen["probes lifted"] += co.counters.get("probes", 0)
            seen["probes plain"] += plain.counters.get("probes", 0)
            # one probe pass a node: the same count; at the root alone (one
            # node), the first pass of the full probe and no more
            one = count_solutions(sp.initial_state(p), lad, accepts(sp, p), lv, 3, cap,
                                  Settings(probe_passes=1))
            if one.complete and co.complete:
                assert one.count == co.count, (h, w, seed, lv)
            root = [count_solutions(sp.initial_state(p), lad, accepts(sp, p), lv, 3, Budget(1),
                                    Settings(probe_passes=k)).counters.get("probes", 0)
                    for k in (1, None)]
            assert root[0] <= root[1], (h, w, seed, lv)
            seen["root probe cut"] += root[0] < root[1]
        # the uniqueness proof's policy (probe at the root, then after 5 nodes), in both loops
        top = len(lad) - 1
        py = count_solutions(sp.initial_state(p), lad, accepts(sp, p), top, 3, cap,
                             Settings(compiled=False, probe_depth=1, probe_after=5))
        co = count_solutions(sp.initial_state(p), lad, accepts(sp, p), top, 3, cap,
                             Settings(probe_depth=1, probe_after=5))
        full = count_solutions(sp.initial_state(p), lad, accepts(sp, p), top, 3, cap)
        assert (py.count, py.complete, py.nodes, py.branch_points) == \
            (co.count, co.complete, co.nodes, co.branch_points), (h, w, seed)
        if co.complete and full.complete:
            assert co.count == full.count, (h, w, seed)
        # the proof's rounds and dives, forced early: same count when both finish,
        # and every answer pooled is distinct and legal
        rs = count_with_restarts(sp.initial_state(p), lad, accepts(sp, p), 3, cap,
                                 Settings(probe_depth=1, probe_after=5),
                                 first_nodes=2, dive_nodes=1, seed=seed)
        seen["restarted"] += rs.nodes > 2
        if full.complete:
            assert rs.count <= full.count, (h, w, seed)
            if rs.complete:
                assert rs.count == full.count, (h, w, seed)
        keys = {s.bits.tobytes() for s in rs.solutions}
        assert len(keys) == len(rs.solutions) == min(rs.count, 3), (h, w, seed)
        assert all(accepts(sp, p)(s) and s.solved() for s in rs.solutions), (h, w, seed)
        # the genre's own proof settings (its branch order; a first try without
        # probe, here capped at 3 nodes): same count, in both loops for the order
        own_walk = sp.proof.search(p)
        order, first = own_walk.order, own_walk.first
        sizes = np.diff(sp.initial_state(p).offsets)          # live values per variable
        if order is not None:
            assert len(set(order.tolist())) == len(order) \
                and set(order.tolist()) <= set(range(len(sizes))), (h, w, seed)
        if first is not None:
            assert len(first) == len(sizes) \
                and ((first == -1) | ((0 <= first) & (first < sizes))).all(), (h, w, seed)
        if order is not None or first is not None:
            py = count_solutions(sp.initial_state(p), lad, accepts(sp, p), top, 3, cap,
                                 Settings(compiled=False, order=order, first=first))
            co = count_solutions(sp.initial_state(p), lad, accepts(sp, p), top, 3, cap,
                                 Settings(order=order, first=first))
            assert (py.count, py.complete, py.nodes) == (co.count, co.complete, co.nodes), \
                (h, w, seed)
            if co.complete and full.complete:
                assert co.count == full.count, (h, w, seed)
        # the groups it branches on: each holds exactly one live bit of every
        # answer found, and branching on them gives the same count in both loops
        groups = own_walk.groups
        if groups is not None:
            for g in groups:
                assert len(set(g.tolist())) == len(g) and \
                    ((0 <= g) & (g < sizes.sum())).all(), (h, w, seed)
            for s in full.solutions:
                assert all(s.bits[g].sum() == 1 for g in groups), (h, w, seed)
                seen["answers grouped"] += 1
            py = count_solutions(sp.initial_state(p), lad, accepts(sp, p), top, 3, cap,
                                 Settings(compiled=False, order=order, groups=groups))
            co = count_solutions(sp.initial_state(p), lad, accepts(sp, p), top, 3, cap,
                                 Settings(order=order, groups=groups))
            assert (py.count, py.complete, py.nodes, py.branch_points) == \
                (co.count, co.complete, co.nodes, co.branch_points), (h, w, seed)
            if co.complete and full.complete:
                assert co.count == full.count, (h, w, seed)
        # failure-weighted branching (below the genre's order, at the level
        # below probe, where searches fail often): the same tree in both
        # loops, the same count as the unweighted search
        below = max(top - 1, 0)
        py = count_solutions(sp.initial_state(p), lad, accepts(sp, p), below, 3, cap,
                             Settings(compiled=False, order=order, weighted=True))
        co = count_solutions(sp.initial_state(p), lad, accepts(sp, p), below, 3, cap,
                             Settings(order=order, weighted=True))
        un = count_solutions(sp.initial_state(p), lad, accepts(sp, p), below, 3, cap,
                             Settings(order=order))
        assert (py.count, py.complete, py.nodes, py.branch_points) == \
            (co.count, co.complete, co.nodes, co.branch_points), (h, w, seed)
        assert [s.bits.tolist() for s in py.solutions] == [s.bits.tolist() for s in co.solutions]
        if co.complete and un.complete:
            assert co.count == un.count, (h, w, seed)
        own = count_with_restarts(sp.initial_state(p), lad, accepts(sp, p), 3, cap,
                                  Settings(order=order, first=first, probe_depth=1, probe_after=5,
                                       probe_passes=own_walk.probe_passes, groups=groups,
                                       weighted=own_walk.weighted),
                                  first_nodes=2, dive_nodes=1, seed=seed, cheap_nodes=3)
        if full.complete and own.complete:
            assert own.count == full.count, (h, w, seed)
        assert own.count <= (full.count if full.complete else 3), (h, w, seed)
        assert all(accepts(sp, p)(s) and s.solved() for s in own.solutions), (h, w, seed)

    run()
    assert seen["boards"] >= 80 and seen["contradictions"] and seen["solved"], seen
    assert seen["restarted"], seen
    if sp.proof.probe_passes is not None:          # the cap it sets is exercised
        assert seen["root probe cut"], seen
    if sp.proof.groups is not None:                # its groups are checked on answers
        assert seen["answers grouped"], seen
    assert seen["probes lifted"] <= seen["probes plain"], seen


MEMO = [g for g in COMPILED if puzzlekit.spec(g).ladder.compiled.hints.residue is not None]


def test_a_proof_memo_needs_a_residue_kernel():
    """``ProofPolicy.memo`` without a ``KernelHints.residue`` kernel is an error,
    and every genre whose proof remembers has one."""
    import dataclasses
    sp = puzzlekit.spec("nanro")
    with pytest.raises(ValueError, match="residue"):
        dataclasses.replace(sp, proof=dataclasses.replace(sp.proof, memo=True))
    assert all(g in MEMO for g in BUILT if puzzlekit.spec(g).proof.memo)


@pytest.mark.parametrize("genre", MEMO)
def test_states_with_one_residue_key_have_as_many_answers(genre):
    """The genre's ``residue`` kernel: two states met in a search (at their
    fixpoint below probe) with the same key have the same number of answers
    beneath them, counted by the plain search, on random boards up to 7x7;
    and enough keys repeat for this to be a test."""
    from puzzlekit.core.genre import accepts
    from puzzlekit.core.search import Budget, count_solutions
    sp = puzzlekit.spec(genre)
    lad, comp = sp.ladder, sp.ladder.compiled
    below = len(lad) - 2
    seen = {"keys": 0, "repeats": 0}

    @_examples(600)
    @given(h=st.integers(2, 7), w=st.integers(2, 7), seed=st.integers(0, 2**32 - 1))
    def run(h, w, seed):
        _, p = _small_board(genre, h, w, seed)
        acc, data = accepts(sp, p), comp.data(p)
        known = {}
        stack, nodes = [sp.initial_state(p)], 0
        while stack and nodes < 300:
            s = stack.pop()
            nodes += 1
            if lad.fixpoint(s, below, attribute=False).contradiction or s.solved():
                continue
            out = np.empty(2 * s.bits.size + 16, dtype=np.int64)
            n = comp.hints.residue(s.bits, data, out)
            if n >= 0:
                key = out[:n].tobytes()
                r = count_solutions(s.copy(), lad, acc, below, 10**6, Budget(20_000), keep=0)
                if r.complete:
                    seen["keys"] += 1
                    if key in known:
                        seen["repeats"] += 1
                        assert known[key] == r.count, (h, w, seed)
                    known[key] = r.count
            v = int(np.flatnonzero(s.live_counts() > 1)[0])
            for k in s.options(v):
                c = s.copy()
                c.assign(v, k)
                stack.append(c)

    run()
    assert seen["keys"] >= 200 and seen["repeats"] >= 20, seen


@pytest.mark.parametrize("genre", MEMO)
def test_the_memo_counts_like_the_plain_search(genre):
    """``SearchSettings(memo=True)`` on random boards up to 7x7, below probe
    and with probe at the root: the same count, completeness and answers (in
    the same order) as without the memo and as the raw engine, never more
    nodes, fewer on some boards; and the same tree in the compiled and the
    Python loop."""
    from puzzlekit.core.genre import accepts
    from puzzlekit.core.search import Budget, SearchSettings as Settings, count_solutions
    sp = puzzlekit.spec(genre)
    lad = sp.ladder
    cap = Budget(20_000)
    seen = {"boards": 0, "fewer": 0, "answers": 0}

    @_examples(800)
    @given(h=st.integers(1, 7), w=st.integers(1, 7), seed=st.integers(0, 2**32 - 1))
    def run(h, w, seed):
        _, p = _small_board(genre, h, w, seed)
        seen["boards"] += 1
        for lv, depth, limit in ((len(lad) - 2, None, 3), (len(lad) - 1, 1, 3),
                                 (len(lad) - 2, None, 200)):
            plain = count_solutions(sp.initial_state(p), lad, accepts(sp, p), lv, limit, cap,
                                    Settings(probe_depth=depth), keep=limit)
            co = count_solutions(sp.initial_state(p), lad, accepts(sp, p), lv, limit, cap,
                                 Settings(probe_depth=depth, memo=True), keep=limit)
            py = count_solutions(sp.initial_state(p), lad, accepts(sp, p), lv, limit, cap,
                                 Settings(probe_depth=depth, memo=True, compiled=False),
                                 keep=limit)
            assert (co.count, co.complete, co.nodes, co.branch_points) == \
                (py.count, py.complete, py.nodes, py.branch_points), (h, w, seed, lv)
            # the memo closes only subtrees without an answer, so the answers
            # come in the same order; the plain search may run out of nodes first
            if not plain.capped:
                assert (co.count, co.complete) == (plain.count, plain.complete), \
                    (h, w, seed, lv)
            assert [s.bits.tolist() for s in co.solutions[:plain.count]] == \
                [s.bits.tolist() for s in plain.solutions], (h, w, seed, lv)
            assert co.nodes <= plain.nodes, (h, w, seed, lv)
            seen["fewer"] += co.nodes < plain.nodes
            seen["answers"] += co.count
            if limit > 3 and co.complete:          # a raw count that ran out is a lower bound
                raw = sp.brute_count(p, limit)
                assert raw.count == co.count or (raw.capped and raw.count < co.count), \
                    (h, w, seed)

    run()
    assert seen["boards"] >= 60 and seen["fewer"] >= 5 and seen["answers"], seen


CHECKED = [g for g in BUILT if puzzlekit.spec(g).ladder.compiled is not None
           and puzzlekit.spec(g).ladder.compiled.hints.checks]


@pytest.mark.parametrize("genre", CHECKED)
def test_checks_remove_nothing_and_their_contradictions_last(genre):
    """A rung in ``KernelHints.checks`` never removes a value, and once it
    reports a contradiction on a state the kernel rungs below it leave
    stable, it reports one on every narrowing of it that they leave stable
    too (so at any level, where more rungs only narrow further, the compiled
    loop may run it once the others are stable).  Random walks (a random
    value assigned, or after a contradiction of the check one value
    removed, then the rungs below to their fixpoint) on random small boards
    and from the first bank boards."""
    sp = puzzlekit.spec(genre)
    comp = sp.ladder.compiled
    seen = {"calls": 0, "failed": 0, "still failed": 0}

    def settle(s, data, below):          # the rungs below to their fixpoint; False: contradiction
        while True:
            changed = False
            for i in below:
                r = comp.apply(i, s.bits, data, np.zeros(len(comp.work) + 1, dtype=np.int64))
                if r < 0:
                    return False
                changed |= r > 0
            if s.dead():
                return False
            if not changed:
                return True

    def walk(p, seed, h=None, w=None):
        rng = np.random.default_rng(seed)
        data = comp.data(p)
        for c in comp.hints.checks:
            below = [i for i in range(c) if i not in comp.hints.checks]
            s = sp.initial_state(p)
            failed = False
            for step in range(60):
                if not settle(s, data, below):
                    break
                b = s.bits.copy()
                r = comp.apply(c, b, data, np.zeros(len(comp.work) + 1, dtype=np.int64))
                seen["calls"] += 1
                assert np.array_equal(b, s.bits), (h, w, seed, step, c)
                if failed:
                    assert r < 0, (h, w, seed, step, c)
                    seen["still failed"] += 1
                elif r < 0:
                    failed = True
                    seen["failed"] += 1
                open_vars = np.flatnonzero(s.live_counts() > 1)
                if not len(open_vars):
                    break
                v = int(rng.choice(open_vars))
                if failed:                       # from a failure on, narrow a value at a time
                    s.remove(v, int(rng.choice(s.options(v))))
                else:
                    s.assign(v, int(rng.choice(s.options(v))))

    @_examples(120)
    @given(**SMALL)
    def run(h, w, seed):
        walk(_small_board(genre, h, w, seed)[1], seed, h, w)

    run()
    for e in banks.load(genre)[:6]:
        for seed in range(40):
            walk(sp.Puzzle.from_json(e["clues"]), seed)
    assert seen["failed"] >= 10 and seen["still failed"] >= 50, seen   # the walks reach both


@pytest.mark.parametrize("genre", BUILT)
def test_kernels_keep_the_return_code_contract(genre):
    """The compiled loop trusts a rung's code: 0 means nothing was removed,
    and with ``KernelHints.reports_empty`` no variable is left without a live
    value unless the code is -1; a rung in ``KernelHints.settles`` called again
    at once removes nothing.  Checked on random small boards, at the start
    and after a few random assignments, for every kernel rung."""
    sp = puzzlekit.spec(genre)
    comp = sp.ladder.compiled
    kernels = [i for i, r in enumerate(sp.ladder.rungs) if not r.is_probe]
    seen = {"calls": 0, "quiet": 0, "removed": 0, "settled": 0}

    @_examples(80)
    @given(**SMALL)
    def run(h, w, seed):
        _, p = _small_board(genre, h, w, seed)
        rng = np.random.default_rng(seed)
        s = sp.initial_state(p)
        data = comp.data(p)
        for step in range(4):
            for i in kernels:
                b = s.bits.copy()
                r = comp.apply(i, b, data, np.zeros(len(comp.work) + 1, dtype=np.int64))
                seen["calls"] += 1
                if r == 0:
                    assert np.array_equal(b, s.bits), (h, w, seed, step, i)
                    seen["quiet"] += 1
                seen["removed"] += r > 0 and not np.array_equal(b, s.bits)
                if comp.hints.reports_empty and r >= 0 and not s.dead():
                    t = s.copy()                # (a board dead from the start is the
                    t.load(b)                   # callers' check, before any rung runs)
                    assert not t.dead(), (h, w, seed, step, i)
                if i in comp.hints.settles and r >= 0:
                    b2 = b.copy()
                    r2 = comp.apply(i, b2, data, np.zeros(len(comp.work) + 1, dtype=np.int64))
                    assert r2 == 0 and np.array_equal(b2, b), (h, w, seed, step, i)
                    seen["settled"] += 1
            open_vars = np.flatnonzero(s.live_counts() > 1)
            if not len(open_vars):
                break
            v = int(rng.choice(open_vars))
            s.assign(v, int(rng.choice(s.options(v))))

    run()
    assert seen["quiet"] and seen["removed"], seen
    assert seen["settled"] or not comp.hints.settles, seen
