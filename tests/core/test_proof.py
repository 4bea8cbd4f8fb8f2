"""The uniqueness proof's policy: one value per genre, documented field by field."""
import dataclasses
import importlib
import inspect
from pathlib import Path

import pytest

import puzzlekit
from puzzlekit.core import genre, proof
from puzzlekit.core.genre import GenreSpec
from puzzlekit.core.proof import ProofPolicy, proof_count
from puzzlekit.core.search import SearchSettings, count_solutions
from tests.core import toy

ADDING = Path(__file__).resolve().parents[2] / "book" / "adding.md"
POLICY_FIELDS = [f.name for f in dataclasses.fields(ProofPolicy)]


def test_the_spec_holds_one_policy_not_its_knobs():
    names = [f.name for f in dataclasses.fields(GenreSpec)]
    assert not [n for n in names if n.startswith("proof_")]
    assert "learner" not in names and "proof" in names
    assert names.index("proof") == names.index("refute") + 1
    assert GenreSpec.__dataclass_fields__["proof"].default == ProofPolicy()


def test_count_solutions_takes_at_most_eight_parameters():
    assert len(inspect.signature(count_solutions).parameters) <= 8


def test_every_policy_field_says_what_it_does_and_why():
    for s in ProofPolicy().settings():
        assert s.doc.strip().endswith(".") and len(s.doc) > 30, s.name
        assert s.why.strip().endswith(".") and len(s.why) > 20, s.name
    assert [s.name for s in ProofPolicy().settings()] == POLICY_FIELDS


def test_every_policy_field_is_in_the_chapter_on_adding_a_genre():
    text = ADDING.read_text()
    section = text[text.index("## The uniqueness proof's policy"):
                   text.index("## What `core.measure` gives for free")]
    missing = [n for n in POLICY_FIELDS if f"| `{n}` |" not in section]
    assert not missing, f"book/adding.md has no row for {missing}"


def test_describe_lists_the_fields_that_differ_from_the_default():
    assert ProofPolicy().describe() == ()
    policy = ProofPolicy(without=["reach"], probe_after=None, memo=False)
    assert policy.without == ("reach",)
    assert [(s.name, s.value, s.default) for s in policy.describe()] == \
        [("without", ("reach",), ()), ("probe_after", None, proof.PROOF_PROBE_AFTER)]


def test_the_search_settings_carry_every_policy_field_they_share():
    """Each field of the policy that is a setting of one search reaches it;
    those that depend on the board are called on it."""
    p = toy.Puzzle.from_json({"k": 3, "givens": [[0, 0, 1]]})
    calls = []

    def order(puzzle):
        calls.append(puzzle)
        return [2, 1]

    policy = ProofPolicy(order=order, first=lambda q: [0] * 9, groups=lambda q: [[0, 3]],
                         without=("single",), probe_depth=2, probe_after=7, probe_passes=1,
                         weighted=True, memo=True)
    got = policy.search(p)
    shared = {f.name for f in dataclasses.fields(SearchSettings)} & set(POLICY_FIELDS)
    assert shared == {"order", "first", "groups", "without", "probe_depth", "probe_after",
                      "probe_passes", "weighted", "memo"}
    assert calls == [p] and got.order == [2, 1] and got.groups == [[0, 3]]
    for name in shared - {"order", "first", "groups"}:
        assert getattr(got, name) == getattr(policy, name), name


def test_a_memo_needs_a_residue_kernel():
    with pytest.raises(ValueError, match="toy: the proof's memo needs a residue kernel"):
        dataclasses.replace(toy.SPEC, proof=ProofPolicy(memo=True))


def test_a_policy_changes_nodes_never_counts():
    p = toy.Puzzle.from_json({"k": 4, "givens": [[0, 0, 1]]})
    plain = proof_count(toy.SPEC, p, 10)
    tuned = dataclasses.replace(toy.SPEC, proof=ProofPolicy(
        order=lambda q: list(range(15, -1, -1)), cheap_nodes=3, probe_after=None,
        first_nodes=2, dive_nodes=1))
    assert proof_count(tuned, p, 10).count == plain.count == 10


def test_the_genre_module_still_exports_what_callers_import():
    for name in ("proof_count", "warm_proof", "PROOF_PROBE_DEPTH", "PROOF_PROBE_AFTER",
                 "PROOF_CHEAP_NODES", "ProofPolicy"):
        assert getattr(genre, name) is getattr(proof, name), name


@pytest.mark.parametrize("name", puzzlekit.built())
def test_a_genre_sets_its_policy_in_its_proof_module(name):
    """A genre that tunes its proof does it in ``<genre>/proof.py``, and
    every such module changes something; the others run the default proof."""
    sp = puzzlekit.spec(name)
    try:
        own = importlib.import_module(f"puzzlekit.{name}.proof")
    except ModuleNotFoundError:
        assert sp.proof == ProofPolicy(), name
        return
    assert sp.proof is own.POLICY and own.POLICY.describe(), name
