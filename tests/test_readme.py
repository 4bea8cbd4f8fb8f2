"""The README's figures are the stored results', not typed in."""
import re
from pathlib import Path

import pytest

from puzzlekit.core import perf

README = Path(__file__).resolve().parents[1] / "README.md"


def test_the_speed_table_is_the_stored_engine_run():
    results = perf.load_results()
    assert results.get("genres"), "benchmarks/results/engines.json is missing"
    assert perf.speed_table(results) in README.read_text(), \
        "README's speed table differs from perf.speed_table(perf.load_results())"


def test_the_speed_table_s_dates_are_the_stored_runs():
    """The dates the README gives the speed table span its genres' stored runs."""
    results = perf.load_results()
    days = sorted({v for g in results["genres"].values()
                   for k, v in g.items() if k in ("when", "sweep when")})
    said = days[0] if len(days) == 1 else f"{days[0]} to {days[-1]}"
    assert f"(2 cores, {said}; above 1" in " ".join(README.read_text().split())


def test_the_sweep_cells_the_readme_gives_to_cp_sat_are_the_stored_ones():
    """The README names every size and clue density of the stored sweep where
    CP-SAT's median time is below the ladder's, and says there are no others."""
    import pandas as pd
    results = perf.load_results()
    below = []
    for g, r in results["genres"].items():
        if r.get("sweep"):
            med = perf.sweep_medians(pd.DataFrame(r["sweep"]))["sat / ladder"].dropna()
            below += [(g, n, d) for (n, d), v in med.items() if v < 1]
    text = " ".join(README.read_text().split())
    if not below:
        assert ("CP-SAT's median time is ahead at no size and clue density of the stored "
                "sweep") in text
        return

    def owner(g):
        t = g.replace("_", " ").title()
        return f"{t}'" if t.endswith("s") else f"{t}'s"
    named = " and ".join(f"{owner(g)} {'fully clued' if d == 'dense' else 'sparse'} {n}×{n} boards"
                         for g, n, d in sorted(below))
    said = f"{named} are the only sweep cell{'s' if len(below) > 1 else ''} where CP-SAT's median"
    assert said in text


def test_no_stored_sweep_run_stopped_at_a_node_budget():
    """The README says the sweeps had no node budget, or one none of their
    ladder runs reached: a run the budget stopped is charged exactly the
    time limit, one the clock stopped a little more."""
    results = perf.load_results()
    for g, r in results["genres"].items():
        if r.get("sweep") and r.get("sweep max nodes", 20_000) is not None:
            stopped = [x["board"] for x in r["sweep"] if x["engine"] == "ladder"
                       and x["status"] == "capped" and x["seconds"] <= results["time_limit"]]
            assert not stopped, (g, stopped)
    assert "which none of their ladder runs reached" in " ".join(README.read_text().split())


def test_the_speed_table_reads_what_it_is_given():
    one = {"genres": {"toy": {"bank summary": {"boards": 3, "sat median": 12.4,
                                               "sat worst": 0.51}}}}
    assert perf.speed_table(one).splitlines()[-1] == "| toy | 3 | 12× | 0.51× | — | — | — |"


# (what the README's proof paragraph says, the genres it names just before it,
#  and the GenreSpec setting those genres, and only those, have)
SAID = [
    (r"answers they find; (.*?) first try a search without probe", lambda sp: sp.proof.cheap_nodes),
    (r"GenreSpec.proof_without`; (.*?) makes? one probe pass",
     lambda sp: sp.proof.probe_passes == 1),
    (r"GenreSpec.proof_probe_passes`; (.*?) search branches on where",
     lambda sp: sp.proof.groups is not None),
    (r"GenreSpec.proof_groups`; (.*?) branch(?:es)? on the cell with the fewest",
     lambda sp: sp.proof.weighted),
    (r"GenreSpec.proof_weighted`; (.*?) remembers? the open parts",
     lambda sp: sp.proof.memo),
    (r"GenreSpec.proof_memo`; (.*?) hands? a search still open",
     lambda sp: sp.proof.learner is not None),
]


@pytest.mark.parametrize("pattern, has", SAID,
                         ids=["cheap first", "one pass", "groups", "weighted", "memo", "learner"])
def test_the_genres_the_readme_names_for_a_proof_setting_are_those_that_have_it(pattern, has):
    import puzzlekit
    text = " ".join(README.read_text().split())
    m = re.search(pattern, text)
    assert m, f"README no longer says {pattern!r}"
    named = {re.sub(r"'s$", "", n) for n in re.split(r", | and ", m.group(1))}
    having = {puzzlekit.spec(g).name.replace("_", " ").title() for g in puzzlekit.built()
              if has(puzzlekit.spec(g))}
    assert named == having


def test_what_the_readme_says_of_cp_sat_without_lp_is_the_stored_run():
    """The Magnets paragraph says CP-SAT without its LP finds a first answer
    sooner on every board ``benchmarks/bench_magnets_dense.py`` timed."""
    import json
    text = " ".join(README.read_text().split())
    assert "switched off CP-SAT finds that answer sooner on every one of them" in text
    path = README.parent / "benchmarks" / "results" / "magnets_dense.json"
    rows = json.loads(path.read_text())["rows"]
    t = {(r["board"], r["engine"]): r for r in rows}
    boards = sorted({r["board"] for r in rows})
    assert len(boards) >= 8
    for b in boards:
        off, on = t[b, "CP-SAT without LP"], t[b, "CP-SAT"]
        assert off["found"] and off["seconds"] < on["seconds"], b


def test_what_the_readme_says_of_the_learning_study_is_the_stored_run():
    """The Magnets paragraph's figures from ``benchmarks/bench_magnets_learning.py``:
    boards with a first answer, and boards where the learner spent more
    conflicts than CP-SAT without its LP needed and found none."""
    import json
    text = " ".join(README.read_text().split())
    run = json.loads((README.parent / "benchmarks" / "results" /
                      "magnets_learning.json").read_text())
    rows = run["rows"]
    found = sum(r["answers"] > 0 for r in rows)
    beyond = sum(r["answers"] == 0 and r["CP-SAT without LP: conflicts to first answer"] is not None
                 and r["conflicts"] > r["CP-SAT without LP: conflicts to first answer"]
                 for r in rows)
    said = (f"in {run['time_limit']:g} s it found a first answer on {found} of the {len(rows)} "
            f"boards, and on {beyond} of them it had spent more conflicts than CP-SAT without "
            f"its LP needed and still had none")
    assert said in text


def test_what_the_readme_says_of_numberlink_s_reading_orders_is_the_stored_run():
    """The Numberlink sentences' figures from ``benchmarks/bench_numberlink_sparse.py``:
    every reading order leaves some board without two answers, every board
    has an order that finds two, CP-SAT's boards, and the shipped proof's times."""
    import json
    text = " ".join(README.read_text().split())
    run = json.loads((README.parent / "benchmarks" / "results" /
                      "numberlink_sparse.json").read_text())
    rows = run["rows"]

    def done(r):
        return r["found"] >= 2 or r["complete"]
    boards = list(dict.fromkeys(r["board"] for r in rows))
    orders = [e for e in dict.fromkeys(r["engine"] for r in rows) if e.startswith("by ")]
    assert len(orders) == 8
    assert all(any(not done(r) for r in rows if r["engine"] == o) for o in orders)
    assert all(any(done(r) for r in rows if r["board"] == b and r["engine"] in orders)
               for b in boards)
    sat = sum(done(r) for r in rows if r["engine"] == "CP-SAT")
    shipped = ", ".join(f"{r['seconds']:.2g} s" + ("" if done(r) else " without two answers")
                        for r in rows if r["engine"] == "proof without learning")
    shipped = " and ".join(shipped.rsplit(", ", 1))
    said = (f"on the sweep's first {len(boards)} boards at {run['size']}×{run['size']}, a "
            f"{run['time_limit']:g} s limit): run with each of the board's {len(orders)} reading "
            f"orders (by rows or by columns, from each corner) as its branching order, the proof "
            f"found no two answers on at least one board in every order, and two answers on "
            f"every board in at least one order; CP-SAT found two on {sat} of the {len(boards)}. "
            f"The proof without learning took {shipped} on them")
    assert said in text


def test_what_the_readme_says_of_numberlink_s_learning_is_the_stored_run():
    """The Numberlink learning sentence's figures from
    ``benchmarks/bench_numberlink_learning.py``: the boards its check compared,
    the boards where the proof found two legal answers, and the median
    seconds of the proof, CP-SAT and the proof without the learner."""
    import json
    import statistics
    text = " ".join(README.read_text().split())
    run = json.loads((README.parent / "benchmarks" / "results" /
                      "numberlink_learning.json").read_text())
    rows = run["rows"]
    boards = list(dict.fromkeys(r["board"] for r in rows))
    shipped = [r for r in rows if r["engine"] == "proof as shipped"]
    two = sum(r["found"] >= 2 and r["answers legal"] for r in shipped)

    def median(engine):
        return f"{statistics.median(r['seconds'] for r in rows if r['engine'] == engine):.2g} s"
    said = (f"the learner's counts checked against the proof's on {run['checked_boards']} small "
            f"boards) the proof found two legal answers on {two} of the {len(boards)}, in a "
            f"median of {median('proof as shipped')} against CP-SAT's {median('CP-SAT')} and "
            f"{median('proof without learning')} without the learner.")
    assert said in text
