"""The uniqueness proof: how it searches, and the one value a genre tunes it by.

The proof (:func:`proof_count`) runs the whole ladder, probe included, at
the root and the rungs below probe at the nodes of the search beneath it;
a search still open after a first round goes on in rounds with randomised
dives between them (:func:`puzzlekit.core.search.count_with_restarts`).
Every setting of that search is a field of :class:`ProofPolicy`, and a
genre that tunes it passes ``GenreSpec(proof=ProofPolicy(...))``, built in
its ``proof.py`` beside the evidence for each choice.  No setting changes a
count; they change the nodes and the time to reach it.
"""
from __future__ import annotations

import time
from dataclasses import MISSING, dataclass, field, fields
from typing import TYPE_CHECKING, Any, Callable, NamedTuple

from . import _ahead
from .search import Budget, SearchResult, SearchSettings, count_with_restarts

if TYPE_CHECKING:
    from .genre import GenreSpec
    from .ladder import Ladder, State

__all__ = ["ProofPolicy", "Setting", "proof_count", "warm_proof", "head_start", "compile_exact",
           "PROOF_PROBE_DEPTH", "PROOF_PROBE_AFTER", "PROOF_CHEAP_NODES"]

#: Search nodes shallower than this run the probe rung in the uniqueness
#: proof (:func:`proof_count`); deeper nodes run the rungs below it ...
PROOF_PROBE_DEPTH = 1
#: ... until this many nodes are open: then probe runs at every node again.
PROOF_PROBE_AFTER = 2_000
#: The cap on the proof's first try without probe, for a genre that opts in
#: (``ProofPolicy.cheap_nodes``): one whose bank boards that search
#: mostly finishes in a few hundred nodes, for less than a probe pass costs.
#: Elsewhere the probe pass pays for itself (``benchmarks/bench_engines.py``
#: compares).
PROOF_CHEAP_NODES = 300


def _doc(text: str, why: str) -> dict:
    """A field's metadata: what it does, and why a genre would set it."""
    return {"doc": text, "why": why}


class Setting(NamedTuple):
    """One field of a :class:`ProofPolicy`: its name, its value and default,
    what it does (``doc``) and why a genre would set it (``why``)."""

    name: str
    value: Any
    default: Any
    doc: str
    why: str

    @property
    def changed(self) -> bool:
        """True when the value is not the default."""
        return self.value is not self.default and self.value != self.default


@dataclass(frozen=True)
class ProofPolicy:
    """Every setting of the uniqueness proof's search (:func:`proof_count`),
    one value per genre (``GenreSpec.proof``).  The defaults are the proof
    every genre gets; each field's ``doc`` and ``why`` (its
    ``dataclasses.field`` metadata, read by :meth:`settings` and
    :meth:`describe`) say what it does and why a genre would change it.
    The settings that depend on the board (``order``, ``first``,
    ``groups``) are functions of the puzzle.

    >>> ProofPolicy().describe()
    ()
    >>> [(s.name, s.value) for s in ProofPolicy(probe_after=None, without=("reach",)).describe()]
    [('without', ('reach',)), ('probe_after', None)]
    """

    order: Callable | None = field(default=None, metadata=_doc(
        "``(puzzle) -> array of variables``: the variables the search branches on first, in "
        "this order; without it, or past it, the open variable with fewest live values.",
        "a genre whose rules count along lines branches along them, so that a line is "
        "finished, and its count checked, before the next is started."))
    first: Callable | None = field(default=None, metadata=_doc(
        "``(puzzle) -> array``: per variable, the index of the value tried first (-1: the "
        "values in their order); the randomised dives draw their own.",
        "a genre where one value of a variable propagates most, and most often holds an "
        "answer, tries it first."))
    groups: Callable | None = field(default=None, metadata=_doc(
        "``(puzzle) -> 2-D int array``: sets of bits (one per row) of which every answer has "
        "exactly one live, branched on before the variables.",
        "a genre whose answer places each value once: \"which cell holds value k\" follows "
        "a path where \"which value goes in this cell\" guesses blind."))
    weighted: bool = field(default=False, metadata=_doc(
        "branch on the open variable with the fewest live values cubed over one more than "
        "its failures so far (children of branchings on it that died).",
        "a genre whose trees are smaller when the variables whose choices keep dying are "
        "taken sooner."))
    without: tuple = field(default=(), metadata=_doc(
        "rungs left out at every node of the proof, probe's trials included (the ladder's "
        "levels, fixpoints and grades keep every rung).",
        "a rung whose time at every node is more than the nodes it saves: most often one "
        "that prunes (almost) nothing in the proof's search."))
    probe_depth: int = field(default=PROOF_PROBE_DEPTH, metadata=_doc(
        "nodes shallower than this run probe (the root has depth 0); deeper ones run the "
        "rungs below it.",
        "below the root a probe pass costs more than the nodes it saves on most boards."))
    probe_after: int | None = field(default=PROOF_PROBE_AFTER, metadata=_doc(
        "once this many nodes are open, probe runs at every node again; None: never below "
        "``probe_depth``.",
        "a genre whose large searches gain less (None) or more (a smaller number) from "
        "probe's pruning than they pay for it."))
    probe_passes: int | None = field(default=None, metadata=_doc(
        "at most this many probe passes at a node (None: until a pass removes nothing).",
        "large sparse boards with many answers spend most of the proof confirming the root's "
        "fixpoint: the last pass removes nothing and costs as much as the first."))
    cheap_nodes: int = field(default=0, metadata=_doc(
        "before the root's probe pass, a search with the rungs below probe alone, capped at "
        "this many nodes (0: no such try; a genre opting in passes "
        "``PROOF_CHEAP_NODES``).",
        "a genre whose boards that search mostly finishes in a few hundred nodes, for less "
        "than a probe pass costs."))
    memo: bool = field(default=False, metadata=_doc(
        "remember the subtrees finished without an answer by the key of what was left to "
        "decide at their root (the ladder's ``KernelHints.residue``, which it needs) and "
        "close a node with one of those keys at once.",
        "a genre whose searches reach the same open part of the board by different ways, "
        "as paths drawn in a different order do."))
    learner: Any = field(default=None, metadata=_doc(
        "a :class:`~puzzlekit.core.learn.Learner`: the genre's rungs for clause learning, "
        "handed a search the first round leaves open instead of the later rounds.",
        "a genre whose hard searches fail the same way under many early choices, which "
        "clause learning remembers and plain search does not."))
    exact: Callable | None = field(default=None, metadata=_doc(
        "``(puzzle) -> counter or None``: for a board it takes, a counter "
        "``(state, limit, time_limit) -> SearchResult | None`` that counts the answers "
        "below ``state`` (up to ``limit``, at most 2, with that many answers) without a "
        "search, or None when that would cost too much; tried when the learner has had "
        "``exact_after`` seconds without finishing, and the learner starts again for the "
        "rest of the time when it gives up.",
        "a genre with a count by another road (Numberlink's frontier scan) that closes "
        "boards on which clause learning runs for minutes, but costs more than the "
        "learner on the boards the learner closes in a few seconds."))
    exact_after: float = field(default=2.5, metadata=_doc(
        "seconds of clause learning before ``exact`` is tried.",
        "long enough for the boards the learner closes, short enough to leave ``exact`` "
        "its time on the others."))
    first_nodes: int = field(default=PROOF_PROBE_AFTER, metadata=_doc(
        "the first round's node cap; each later round allows four times more.",
        "a genre whose proofs should reach the dives (or its learner) sooner or later than "
        "the common proof's."))
    dive_nodes: int = field(default=500, metadata=_doc(
        "the node cap of a randomised dive between rounds, times Luby's sequence.",
        "a genre whose dives find answers in far fewer nodes, or need more."))
    seed: int = field(default=0, metadata=_doc(
        "the seed of the dives' random value orders and of the clause learner's first "
        "branching order (a proof is reproducible).",
        "another draw of the dives' value orders, to see how much a proof's time owes to "
        "it."))

    def __post_init__(self):
        object.__setattr__(self, "without", tuple(self.without))

    def settings(self) -> tuple[Setting, ...]:
        """Every field: name, value, default, ``doc`` and ``why``.

        >>> s = ProofPolicy().settings()[0]
        >>> s.name, s.value, s.doc.split(":")[0]
        ('order', None, '``(puzzle) -> array of variables``')
        """
        return tuple(Setting(f.name, getattr(self, f.name),
                             f.default if f.default is not MISSING else None,
                             f.metadata["doc"], f.metadata["why"]) for f in fields(self))

    def describe(self) -> tuple[Setting, ...]:
        """The fields that differ from the default proof's (:meth:`settings`)."""
        return tuple(s for s in self.settings() if s.changed)

    def search(self, puzzle) -> SearchSettings:
        """The settings of the proof's search on ``puzzle``: ``order``,
        ``first`` and ``groups`` computed for it."""
        def on(fn):
            return None if fn is None else fn(puzzle)
        return SearchSettings(order=on(self.order), first=on(self.first),
                              without=self.without, probe_depth=self.probe_depth,
                              probe_after=self.probe_after, probe_passes=self.probe_passes,
                              groups=on(self.groups), weighted=self.weighted, memo=self.memo)

    def check(self, ladder: Ladder, name: str = "a genre") -> None:
        """Raise ValueError when ``ladder`` (genre ``name``'s) cannot run
        this policy: a memo needs the ladder's ``KernelHints.residue``."""
        if self.memo and (ladder.compiled is None or ladder.compiled.hints.residue is None):
            raise ValueError(f"{name}: the proof's memo needs a residue kernel "
                             f"(KernelHints.residue) in the ladder")


def proof_count(spec: GenreSpec, puzzle, limit: int = 2, max_nodes: int | None = 200_000,
                time_limit: float | None = None, state: State | None = None,
                first_nodes: int | None = None, whole: bool | None = None) -> SearchResult:
    """The ladder's uniqueness proof, with the genre's policy
    (``spec.proof``, a :class:`ProofPolicy`): by default the whole
    ladder, probe included, at the root, and the rungs below probe at the
    nodes of the search beneath it (:data:`PROOF_PROBE_DEPTH`) for its first
    :data:`PROOF_PROBE_AFTER` nodes, probe at every node after that.  A
    board that probe finishes is proved in one node; below the root a probe
    pass costs more than the nodes it saves on most bank boards, and a
    search the cheaper rungs do not close soon gets probe's pruning back.

    A search still open after its first round (``first_nodes`` nodes,
    default the policy's) is run in rounds with randomised dives between
    them (:func:`puzzlekit.core.search.count_with_restarts`): on a board
    with many answers a depth-first search can spend its whole budget under
    one bad early choice, and a fresh start with other values tried first
    usually finds two answers at once.  The policy's other fields choose
    the branching, the rungs and the probe passes (:meth:`ProofPolicy.settings`).
    Same count as :func:`~puzzlekit.core.genre.ladder_count`, other nodes.
    ``state``: start from this state of the puzzle (a fixpoint of it, say)
    instead of the initial one; ``whole``: that state holds every answer of
    the puzzle, as the initial state and its fixpoints do (default: when no
    ``state`` is given), so the learner may count by its dominance
    (:func:`~puzzlekit.core.learn.learn_count`).

    A policy with a ``learner`` hands a search its first round leaves open
    to clause learning (:mod:`puzzlekit.core.learn`) from the whole ladder's
    fixpoint of the same start (the root of the search, as the search left
    it where it ran the whole ladder there without a cap on probe's passes,
    so that fixpoint is not run twice), the answers found so far
    blocked, instead of the later rounds; the result's ``nodes`` then adds
    the learner's conflicts, and ``max_nodes`` caps those too."""
    policy = spec.proof
    start = spec.initial_state(puzzle) if state is None else state
    whole = state is None if whole is None else bool(whole)
    learn = None
    if policy.learner is not None:
        from .learn import learn_count
        exact = None if policy.exact is None else policy.exact(puzzle)

        def learn(want, found, nodes, seconds, root=None):
            if root is None or policy.probe_passes is not None or policy.probe_depth < 1:
                root = _root(spec, start if root is None else root, policy)
            if exact is None or want + len(found) > 2:
                return learn_count(policy.learner, puzzle, root, want, found, nodes, seconds,
                                   seed=policy.seed, whole=whole)
            return _learn_or_count(policy, exact, puzzle, root, want, found, nodes, seconds,
                                   whole)
    rounds = policy.first_nodes if first_nodes is None else first_nodes
    return count_with_restarts(start, spec.ladder, spec.accept(puzzle), limit,
                               Budget(max_nodes, time_limit), policy.search(puzzle),
                               first_nodes=rounds, dive_nodes=policy.dive_nodes,
                               seed=policy.seed, cheap_nodes=policy.cheap_nodes, learn=learn)


def _learn_or_count(policy: ProofPolicy, exact: Callable, puzzle, root: State, want: int,
                    found: tuple, nodes: int | None, seconds: float | None,
                    whole: bool = False) -> SearchResult:
    """The learner for ``policy.exact_after`` seconds; if it has not
    finished by then, the counter ``exact`` (``policy.exact``'s for the
    board); if that gives up, the learner again for the rest of the time.
    The result counts the answers besides ``found`` as
    :func:`~puzzlekit.core.learn.learn_count` does; its
    ``nodes`` are the learner's conflicts, and its ``counters`` say which
    road finished."""
    from .learn import learn_count
    t0 = time.perf_counter()

    def rest() -> float | None:
        return None if seconds is None else seconds - (time.perf_counter() - t0)

    first = policy.exact_after if seconds is None else min(policy.exact_after, seconds)
    r = learn_count(policy.learner, puzzle, root, want, found, nodes, first, seed=policy.seed,
                    whole=whole)
    out_of_nodes = nodes is not None and r.nodes >= nodes
    if not r.capped or out_of_nodes or (rest() is not None and rest() <= 0):
        return r
    seen = {s.bits.tobytes(): s for s in tuple(found) + r.solutions}
    ex = exact(root, want + len(found), rest())
    if ex is not None:
        for s in ex.solutions:
            seen.setdefault(s.bits.tobytes(), s)
        known = {f.bits.tobytes() for f in found}
        answers = tuple(v for k, v in seen.items() if k not in known)
        counters = r.counters + ex.counters
        counters["exact counts"] += 1
        return SearchResult(min(ex.count - len(found), want) if ex.count > len(found) else 0,
                            True, False, r.nodes, r.branch_points, want, answers, counters)
    more = tuple(seen.values())[len(found):]
    left = rest()
    if left is not None and left <= 0:
        return r
    r2 = learn_count(policy.learner, puzzle, root, want - len(more), tuple(seen.values()),
                     None if nodes is None else nodes - r.nodes, left, seed=policy.seed,
                     whole=whole)
    counters = r.counters + r2.counters
    return SearchResult(len(more) + r2.count, r2.complete, r2.capped, r.nodes + r2.nodes,
                        0, want, more + r2.solutions, counters)


def _root(spec: GenreSpec, start: State, policy: ProofPolicy) -> State:
    """``start`` at the fixpoint of the whole ladder (less the policy's
    ``without``), where the learner starts: the root of the proof's search
    is there already, and the clauses the learner starts from then say
    everything the rungs found (probe's eliminations included), which its
    own propagation of the rules does not always find again.  A fixpoint
    removes no answer; a root the rungs find dead is handed over as it
    was, for the learner to find no answer in."""
    root = start.copy()
    if spec.ladder.fixpoint(root, None, policy.without, attribute=False).contradiction:
        return start
    return root


def _first_board(spec: GenreSpec):
    """The first board of the genre's bank, or None without a bank."""
    from .banks import BankMissing, load
    try:
        entries = load(spec.name)
    except BankMissing:
        return None
    return spec.Puzzle.from_json(entries[0]["clues"])


def warm_proof(spec: GenreSpec, puzzle=None) -> None:
    """Compile (or load from numba's cache) all the uniqueness proof may
    call on boards like ``puzzle`` (default: the first board of the genre's
    bank; nothing without a bank), untimed: its search and, for a genre with
    a clause learner, the learner, which a proof reaches only when its first
    round leaves the search open, and the policy's ``exact`` counter
    (:func:`compile_exact`), which it reaches after the learner.  Timed
    runs call it first, and so does ``python -m puzzlekit warm``.  After an
    install, what :func:`head_start` picks compiles on a second core
    meanwhile."""
    if puzzle is None:
        puzzle = _first_board(spec)
        if puzzle is None:
            return
    head_start(spec, puzzle)
    try:
        proof_count(spec, puzzle, 2, time_limit=1.0)
        if spec.proof.learner is not None:
            proof_count(spec, puzzle, 2, time_limit=1.0, first_nodes=0)
        compile_exact(spec, puzzle)
    finally:
        for what in _ahead.pending():          # the proof may not have reached it
            _ahead.wait(what)


def compile_exact(spec: GenreSpec, puzzle) -> None:
    """Compile the policy's ``exact`` counter for boards like ``puzzle``
    (when it has one and takes that board): a counter given no time
    compiles, does its first step and gives up."""
    policy = spec.proof
    counter = None if policy.exact is None else policy.exact(puzzle)
    if counter is not None:
        counter(spec.initial_state(puzzle), 2, 0.0)


def head_start(spec: GenreSpec, puzzle) -> str | None:
    """Compile ahead, in a second process (:mod:`._ahead`), the part of the
    proof of ``puzzle`` compiled last, when numba's disk cache does not hold
    it yet: the clause learner for a genre with one, the compiled search
    otherwise, while this process compiles the rest (the propagation loop
    and the rungs, then the search); after the learner, the policy's
    ``exact`` counter, which a proof reaches after the learner.  Returns
    what it started (``"learner"`` or ``"search"``), None when nothing: the cache already
    holds it, one core, no fork.  :func:`proof_count` waits for it where
    the part is first called; ``_ahead.stop()`` ends it when the proof never
    got there.  The proof's count and its answers do not change; after an
    install a first solve that searches ends seconds sooner
    (``benchmarks/bench_cold.py`` times it)."""
    from .search import compile_search, search_loop
    policy = spec.proof
    if policy.learner is not None:
        from .learn import _compiled, compile_learner
        if not _ahead.cold(_compiled(policy.learner.explain)):
            return None

        def work():
            compile_learner(policy.learner, puzzle)
            compile_exact(spec, puzzle)
        what = "learner"
    else:
        loop = search_loop(spec.ladder)
        if loop is None or not _ahead.cold(loop):
            return None

        def work():
            compile_search(spec.initial_state(puzzle), spec.ladder, policy.search(puzzle))
        what = "search"
    return what if _ahead.start(what, work) else None
