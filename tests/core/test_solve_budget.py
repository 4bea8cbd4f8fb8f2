"""``solve``'s count has no node budget unless ``--max-nodes`` gives one:
with the default flags a proof ends with its answer or at ``--timeout``."""
import json

import puzzlekit.__main__ as cli

URL = "https://puzz.link/p?nanro/4/4/6r0s1oi13n1h"


def _budget_seen(monkeypatch, capsys, *flags):
    """The node budget ``solve`` hands its count (reported back through
    the worker as the result's ``nodes``; -1 for none)."""
    def report(sp, puzzle, lvl, count, max_nodes):
        return {"genre": sp.name, "level": "probe", "status": "unique", "grade": None,
                "counters": {}, "capped": False, "cap": None, "count": 1,
                "nodes": -1 if max_nodes is None else max_nodes, "solutions": []}
    monkeypatch.setattr(cli, "_solve_report", report)
    assert cli.main(["solve", "nanro", URL, "--count", "2", "--json", *flags]) == 0
    return json.loads(capsys.readouterr().out)["nodes"]


def test_the_count_has_no_node_budget_by_default(monkeypatch, capsys):
    assert _budget_seen(monkeypatch, capsys) == -1


def test_an_explicit_max_nodes_still_caps(monkeypatch, capsys):
    assert _budget_seen(monkeypatch, capsys, "--max-nodes", "1234") == 1234


def test_a_real_count_without_a_budget_ends_with_its_answer(capsys):
    assert cli.main(["solve", "nanro", URL, "--count", "2", "--json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert obj["status"] == "unique" and obj["cap"] is None
