"""The one interface every genre fills in, and the generic verbs over it.

Each genre's ``__init__`` builds a :class:`GenreSpec` named ``SPEC``; the CLI,
the bank verifier and the generic ``solve`` / ``grade`` below dispatch through
it (Tatham's vtable, in Python).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from .ladder import Ladder, State
from .search import (KEEP, Count, SearchResult, SolveResult, count_solutions,
                     count_with_restarts, solve as _solve)

__all__ = ["GenreSpec", "Count", "solve", "grade", "ladder_count", "proof_count", "warm_proof", "accepts",
           "sat_counter",
           "PROOF_PROBE_DEPTH", "PROOF_PROBE_AFTER", "PROOF_CHEAP_NODES"]

#: Search nodes shallower than this run the probe rung in the uniqueness
#: proof (:func:`proof_count`); deeper nodes run the rungs below it ...
PROOF_PROBE_DEPTH = 1
#: ... until this many nodes are open: then probe runs at every node again.
PROOF_PROBE_AFTER = 2_000
#: The cap on the proof's first try without probe, for a genre that opts in
#: (``GenreSpec.proof_cheap_nodes``): one whose bank boards that search
#: mostly finishes in a few hundred nodes, for less than a probe pass costs.
#: Elsewhere the probe pass pays for itself (``benchmarks/bench_engines.py``
#: compares).
PROOF_CHEAP_NODES = 300


@dataclass(frozen=True)
class GenreSpec:
    """What a genre provides.

    Attributes
    ----------
    name : str
        The genre name (DESIGN contract).
    Puzzle, Answer : type
        Each has ``from_json(obj)`` (raising :class:`~puzzlekit.core.referee.InputError`
        with a one-line message on bad input) and ``to_json()``.
    ladder : Ladder
    initial_state : ``(puzzle) -> State``
        The state with clues applied and nothing inferred.
    decode : ``(state) -> Answer``
        Read the answer off a state whose variables are all decided.
    check : ``(puzzle, answer) -> list[Violation]``
        The referee; empty when the answer is legal.
    brute_count : ``(puzzle, limit) -> Count``
        The independent engine's solution count up to ``limit``
        (:class:`~puzzlekit.core.search.Count`: count, capped, nodes).
    generate : ``(h, w, seed=None, grade=None) -> (puzzle, answer)``
    draw : ``(puzzle, answer=None, ax=None) -> Axes``
    draw_state : ``(puzzle, state, ax, new=None, colour=None) -> Axes``
        Draw a partial state; ``new`` is a mask over ``state.bits`` just removed.
    article : str
        Module holding ``ARTICLE`` (imported lazily: it may be heavy).
    rebuild_bank : ``(seed=None) -> list[dict]``, optional
    verify_extra : ``(entry, puzzle, answer) -> str | None``, optional
        Genre-specific bank checks (e.g. minimality); a message on failure.
    brute_solutions : ``(puzzle, limit) -> Count``
        The independent engine's answers (``Count.solutions``, Answer objects,
        at most ``limit``), with the same count and cap as ``brute_count``.
    encode : ``(puzzle, answer) -> State``
        The fully decided state of an answer (the inverse of ``decode``):
        what soundness checks look for in every fixpoint.
    random_small : ``(rng, h, w) -> puzzle``
        A random small puzzle (any clue density) that may have 0, 1 or many
        answers: the boards the generic checks run on.
    sat_count : ``(puzzle, limit) -> Count``, optional
        The rules as a CP-SAT model (``<genre>/sat.py``): a third engine,
        and the yardstick for speed.
    sweep_board : ``(rng, n, density) -> Puzzle``, optional
        An ``n`` x ``n`` board for the timing sweeps of :mod:`~puzzlekit.core.perf`,
        ``density`` ``"dense"`` or ``"sparse"`` (uniqueness not asked for).
    learner : :class:`~puzzlekit.core.learn.Learner`, optional
        The genre's rungs for clause learning: the uniqueness proof hands it
        a search its first round leaves open (:func:`proof_count`).
    url_decode, url_encode : ``(url) -> Puzzle``, ``(puzzle) -> url``, optional
        The genre's puzz.link codec (``<genre>/url.py``); ``url_note`` says
        why a genre has none.
    max_cells : int
        The most cells a board may have: ``Puzzle.from_json`` and ``generate``
        refuse bigger boards (the genre's ``model.MAX_CELLS``).
    clues : ``(puzzle) -> int``, optional
        How many clues the board prints (numbers, circles, arrows, givens,
        margin numbers, deleted cells: whatever the setter writes; a region
        partition is not counted).  Clue density is ``clues / cells``.
    certificate : ``(puzzle, answer) -> Answer | None``, optional
        The genre's search-free second-answer certificate (``certify.py``):
        another answer read off ``answer`` by a local move (a swap, a pair,
        a flip, a reversal), or None.  Callers put what it returns to the
        referee; None on a board with a second answer is allowed (a
        certificate is not complete).
    refute : ``(puzzle) -> bool``, optional
        The genre's search-free no-answer certificate: True only when a
        theorem proves the board has no answer (a parity count, a size
        budget, a cut vertex).
    proof_order : ``(puzzle) -> array of variables``, optional
        The variables the uniqueness proof (:func:`proof_count`) branches
        on first, in this order (the search's ``order``); without it, or
        past it, the undecided variable with fewest live values.  A genre
        whose rules count along lines branches along them, so that a line
        is finished, and its count checked, before the next is started.
    proof_first : ``(puzzle) -> array``, optional
        Per variable, the index of the value the uniqueness proof tries
        first (the search's ``first``; -1: the values in their order).  The
        proof's randomised dives draw their own.
    proof_cheap_nodes : int
        Before the root's probe pass, the uniqueness proof tries a search
        with the rungs below probe, capped at this many nodes (0: no such
        try; a genre opting in passes :data:`PROOF_CHEAP_NODES`).
    proof_probe_after : int or None
        After this many nodes the proof runs probe at every node again
        (:data:`PROOF_PROBE_AFTER`); None: never below the root, for a genre
        whose large searches gain less from probe's pruning than they pay
        for it.
    proof_without : tuple of str
        Rungs the uniqueness proof leaves out at every node, probe's trials
        included: for a rung whose time at every node, measured on the bank
        and the sweep, is more than the nodes it saves: most often one that
        prunes (almost) nothing in the proof's search.  Sound either way
        (every rung is), and the ladder's levels, fixpoints and grades keep
        every rung.
    proof_probe_passes : int or None
        At most this many probe passes at a node of the proof's search (None:
        until a pass removes nothing), for a genre whose boards with many
        answers, large and sparsely clued, spend most of the proof confirming
        the root's fixpoint: the last pass removes nothing and costs as much
        as the first.  The same count; other nodes.
    proof_groups : ``(puzzle) -> 2-D int array``, optional
        Sets of bits (one per row) of which every answer has exactly one live, that the
        proof's search branches on before its variables (the search's
        ``groups``): for a genre whose answer places each value once, "which
        cell holds value k" follows a path where "which value goes in this
        cell" guesses blind.  The same count; other nodes.
    proof_weighted : bool
        The proof's search branches on the open variable with the fewest
        live values cubed over one more than its failures so far (the
        search's ``weighted``), for a genre whose trees, measured on the
        bank and on boards outside it, are smaller when the variables whose
        choices keep dying are taken sooner.  The same count; other nodes.
    proof_memo : bool
        The proof's search remembers the subtrees it finished without an
        answer by the key of what was left to decide at their root (the
        genre's ``Compiled.residue`` kernel, which it must have), and closes
        a node with one of those keys at once (the search's ``memo``): for
        a genre whose searches reach the same open part of the board by
        different ways, as paths drawn in a different order do.  The same
        count; other nodes.
    small_size : ``(h, w) -> (h, w)``, optional
        The size a random small board drawn at ``h`` x ``w`` is made at
        instead, for a genre with no board of some small sizes (Stostone's
        heights are even); without it, the size drawn.  The closing
        chapter's random small boards are drawn so.
    """

    name: str
    Puzzle: type
    Answer: type
    ladder: Ladder
    initial_state: Callable[[Any], State]
    decode: Callable[[State], Any]
    check: Callable[[Any, Any], list]
    brute_count: Callable[[Any, int], Any]
    generate: Callable[..., tuple]
    draw: Callable
    draw_state: Callable
    article: str
    rebuild_bank: Callable | None = None
    verify_extra: Callable | None = None
    brute_solutions: Callable | None = None
    encode: Callable | None = None
    random_small: Callable | None = None
    sat_count: Callable | None = None
    url_decode: Callable | None = None
    url_encode: Callable | None = None
    url_note: str = ""
    sweep_board: Callable | None = None
    max_cells: int = 10_000
    clues: Callable | None = None
    certificate: Callable | None = None
    refute: Callable | None = None
    proof_order: Callable | None = None
    proof_first: Callable | None = None
    proof_cheap_nodes: int = 0
    proof_probe_after: int | None = PROOF_PROBE_AFTER
    proof_without: tuple = ()
    proof_probe_passes: int | None = None
    proof_groups: Callable | None = None
    proof_weighted: bool = False
    proof_memo: bool = False
    learner: Any = None
    small_size: Callable | None = None

    def __post_init__(self):
        if self.proof_memo and (self.ladder.compiled is None
                                or self.ladder.compiled.residue is None):
            raise ValueError(f"{self.name}: proof_memo needs a residue kernel "
                             f"(Compiled.residue) in the ladder")

    def accept(self, puzzle) -> Callable[[State], bool]:
        """Leaf test for search: the referee on the decoded state."""
        return accepts(self, puzzle)


def sat_counter(package: str) -> Callable:
    """A genre's ``sat_count``: ``count_solutions(puzzle, limit=2,
    time_limit=60.0)`` of its module ``<package>.sat``, imported (and
    OR-tools with it) on the first call, so that importing the genre does
    not import OR-tools.

    >>> count = sat_counter("puzzlekit.numbrix")
    >>> count.__name__, count.__module__
    ('sat_count', 'puzzlekit.numbrix')
    """
    def sat_count(puzzle, limit=2, time_limit=60.0):
        from importlib import import_module
        return import_module(package + ".sat").count_solutions(puzzle, limit, time_limit)
    sat_count.__module__ = package
    sat_count.__doc__ = f"The CP-SAT model's count (:func:`{package}.sat.count_solutions`)."
    return sat_count


def accepts(spec: GenreSpec, puzzle) -> Callable[[State], bool]:
    def accept(state: State) -> bool:
        return not spec.check(puzzle, spec.decode(state))
    return accept


def solve(spec: GenreSpec, puzzle, level=None, count: int | None = None,
          max_nodes: int | None = 200_000) -> SolveResult:
    """Fixpoint at ``level`` and optionally a solution count up to ``count``.

    With a ``level``, the count runs that level at every node of its search
    (what an ablation asks).  Without one, it is the uniqueness proof's
    search: :func:`proof_count` for a count up to
    :data:`~puzzlekit.core.search.KEEP` (the proof pools the answers of its
    rounds, so it holds every one); beyond that, one depth-first search with
    the proof's settings (probe at the root, the genre's ``proof_order``,
    ``proof_first``, ``proof_probe_after``, ``proof_without``, ``proof_probe_passes``,
    ``proof_groups``, ``proof_weighted`` and ``proof_memo``) keeping ``KEEP`` answers.
    Either starts from the top level's fixpoint, already run.  The counts agree whenever both
    searches finish."""
    def proof_search(start, limit, nodes, keep):
        if limit <= KEEP:
            return proof_count(spec, puzzle, limit, nodes, state=start)
        return count_solutions(start, spec.ladder, accepts(spec, puzzle),
                               None, limit, nodes, keep=keep, **_proof_settings(spec, puzzle),
                               probe_depth=PROOF_PROBE_DEPTH, probe_after=spec.proof_probe_after)

    return _solve(spec.initial_state(puzzle), spec.ladder, accepts(spec, puzzle),
                  level, count, max_nodes, proof_search if level is None else None)


def grade(spec: GenreSpec, puzzle) -> str | None:
    """The weakest level whose fixpoint finishes the board, or None."""
    return spec.ladder.grade(spec.initial_state(puzzle))


def ladder_count(spec: GenreSpec, puzzle, limit: int = 2, level=None,
                 max_nodes: int | None = 200_000, time_limit: float | None = None,
                 probe_depth: int | None = None, probe_after: int | None = None,
                 without=()) -> SearchResult:
    """Solution count by propagate-and-branch over the ladder, with the rungs
    up to ``level`` (less those named in ``without``) at every node
    (``probe_depth``, ``probe_after``: see
    :func:`puzzlekit.core.search.count_solutions`)."""
    return count_solutions(spec.initial_state(puzzle), spec.ladder,
                           accepts(spec, puzzle), level, limit, max_nodes,
                           time_limit=time_limit, probe_depth=probe_depth,
                           probe_after=probe_after, without=tuple(without))


def proof_count(spec: GenreSpec, puzzle, limit: int = 2, max_nodes: int | None = 200_000,
                time_limit: float | None = None, state: State | None = None,
                first_nodes: int = PROOF_PROBE_AFTER) -> SearchResult:
    """The ladder's uniqueness proof: the whole ladder (less the genre's
    ``proof_without``), probe included, at the root, and the rungs below
    probe at the nodes of the search beneath it
    (:data:`PROOF_PROBE_DEPTH`) for its first :data:`PROOF_PROBE_AFTER`
    nodes, probe at every node after that.  A board that probe finishes is
    proved in one node; below the root a probe pass costs more than the
    nodes it saves on most bank boards, and a search the cheaper rungs do
    not close soon gets probe's pruning back.

    A search still open after :data:`PROOF_PROBE_AFTER` nodes is run in
    rounds with randomised dives between them
    (:func:`puzzlekit.core.search.count_with_restarts`): on a board with
    many answers a depth-first search can spend its whole budget under one
    bad early choice, and a fresh start with other values tried first
    usually finds two answers at once.  The search branches first on the
    genre's ``proof_order`` when it has one, trying its ``proof_first``
    values first; a genre with
    ``proof_cheap_nodes`` tries the rungs below probe alone first, one
    whose ``proof_probe_after`` is None never probes below the root, and
    ``proof_without`` names rungs the proof leaves out.  Same count as
    :func:`ladder_count`, other nodes.  ``state``: start from this state of
    the puzzle (a fixpoint of it, say) instead of the initial one.

    A genre with a ``learner`` hands a search its first round leaves open
    to clause learning (:mod:`puzzlekit.core.learn`) from the same start,
    the answers found so far blocked, instead of the later rounds; the
    result's ``nodes`` then adds the learner's conflicts, and
    ``max_nodes`` caps those too.  ``first_nodes``: the first round's node
    cap (:data:`PROOF_PROBE_AFTER`)."""
    start = spec.initial_state(puzzle) if state is None else state
    learn = None
    if spec.learner is not None:
        from .learn import learn_count

        def learn(want, found, nodes, seconds):
            return learn_count(spec.learner, puzzle, start, want, found, nodes, seconds)
    return count_with_restarts(start, spec.ladder, accepts(spec, puzzle),
                               limit, max_nodes, time_limit, first_nodes=first_nodes,
                               probe_depth=PROOF_PROBE_DEPTH, probe_after=spec.proof_probe_after,
                               cheap_nodes=spec.proof_cheap_nodes, learn=learn,
                               **_proof_settings(spec, puzzle))


def warm_proof(spec: GenreSpec, puzzle=None) -> None:
    """Compile (or load from numba's cache) all the uniqueness proof may
    call on boards like ``puzzle`` (default: the first board of the genre's
    bank; nothing without a bank), untimed: its search and, for a genre with
    a clause learner, the learner, which a proof reaches only when its first
    round leaves the search open.  Timed runs call it first, and so does the
    command line before it forks a worker with a deadline
    (``puzzlekit.__main__``)."""
    if puzzle is None:
        from .banks import BankMissing, load
        try:
            entries = load(spec.name)
        except BankMissing:
            return
        puzzle = spec.Puzzle.from_json(entries[0]["clues"])
    proof_count(spec, puzzle, 2, time_limit=1.0)
    if spec.learner is not None:
        proof_count(spec, puzzle, 2, time_limit=1.0, first_nodes=0)


def _proof_settings(spec: GenreSpec, puzzle) -> dict:
    """The search's ``order`` and ``first`` from the genre's ``proof_order``
    and ``proof_first`` (None where it has none), its ``without`` from
    ``proof_without``, its ``probe_passes`` from ``proof_probe_passes``, its
    ``groups`` from ``proof_groups``, its ``weighted`` from
    ``proof_weighted`` and its ``memo`` from ``proof_memo``."""
    return {"order": None if spec.proof_order is None else spec.proof_order(puzzle),
            "first": None if spec.proof_first is None else spec.proof_first(puzzle),
            "without": tuple(spec.proof_without), "probe_passes": spec.proof_probe_passes,
            "groups": None if spec.proof_groups is None else spec.proof_groups(puzzle),
            "weighted": spec.proof_weighted, "memo": spec.proof_memo}
