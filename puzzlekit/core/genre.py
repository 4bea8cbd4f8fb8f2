"""The one interface every genre fills in, and the generic verbs over it.

Each genre's ``__init__`` builds a :class:`GenreSpec` named ``SPEC`` (with
:func:`genre_spec`, which reads it from the genre's modules); the CLI,
the bank verifier and the generic ``solve`` / ``grade`` below dispatch through
it (Tatham's vtable, in Python).
"""
from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from importlib.util import find_spec
from typing import Any, Callable

from .ladder import Ladder, State
from .proof import (
    PROOF_CHEAP_NODES,
    PROOF_PROBE_AFTER,
    PROOF_PROBE_DEPTH,
    ProofPolicy,
    proof_count,
    warm_proof,
)
from .search import (
    KEEP,
    Budget,
    Count,
    SearchResult,
    SearchSettings,
    SolveResult,
    count_solutions,
    solve as _solve,
)

__all__ = ["GenreSpec", "Count", "display_name", "size_text", "solve", "grade", "ladder_count",
           "proof_count", "warm_proof", "accepts", "sat_counter", "genre_spec", "ProofPolicy",
           "PROOF_PROBE_DEPTH", "PROOF_PROBE_AFTER", "PROOF_CHEAP_NODES"]


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
    proof : :class:`~puzzlekit.core.proof.ProofPolicy`
        How the uniqueness proof (:func:`proof_count`) searches: the
        default proof, or the genre's own choices (its ``proof.py``, beside
        the evidence for each).
    variables : str
        What the state's variables are, in words ("cells", "segments",
        "cells and edges"): the unit of a fixpoint's decided share, named
        wherever genres are set side by side.
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
    proof: ProofPolicy = ProofPolicy()
    small_size: Callable | None = None
    variables: str = "cells"

    def __post_init__(self):
        self.proof.check(self.ladder, self.name)

    def accept(self, puzzle) -> Callable[[State], bool]:
        """Leaf test for search: the referee on the decoded state."""
        return accepts(self, puzzle)


#: Display names that are not the package name's words capitalised.
_DISPLAY = {"yajisan_kazusan": "Yajisan-Kazusan"}


def display_name(genre: str) -> str:
    """A genre's name as the book prints it (in prose, tables and plots).

    A name already written so (capitalised, no underscore) is returned as
    it is, so printing a printed name again changes nothing.

    >>> display_name("statue_park"), display_name("yajisan_kazusan"), display_name("kojun")
    ('Statue Park', 'Yajisan-Kazusan', 'Kojun')
    >>> display_name("Statue Park"), display_name("Yajisan-Kazusan")
    ('Statue Park', 'Yajisan-Kazusan')
    """
    if genre[:1].isupper() and "_" not in genre:
        return genre
    return _DISPLAY.get(genre) or " ".join(w.capitalize() for w in genre.split("_"))


def size_text(height: int, width: int | None = None) -> str:
    """A board size as the book prints it; ``width`` defaults to ``height``.

    >>> size_text(6), size_text(4, 5)
    ('6×6', '4×5')
    """
    return f"{height}×{height if width is None else width}"


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


def _lazy(package: str, module: str, name: str) -> Callable:
    """``<package>.<module>.<name>``, imported on the first call."""
    def call(*args, **kwargs):
        return getattr(import_module(f"{package}.{module}"), name)(*args, **kwargs)
    call.__module__, call.__qualname__ = f"{package}.{module}", name
    call.__doc__ = f":func:`{package}.{module}.{name}`, imported on the first call."
    return call


def genre_spec(package: str, **fields) -> GenreSpec:
    """A genre's :class:`GenreSpec` read from its modules by the names every
    genre gives them; ``fields`` add to or override what is read.

    From ``model``: ``Puzzle``, ``Answer``, ``check``, ``MAX_CELLS``; from
    ``ladder``: ``LADDER``, ``initial_state``, ``decode``, ``encode``; from
    ``brute``: ``brute_count`` and ``brute_solutions`` (or ``count_solutions``
    and ``solutions``); from ``draw``: ``draw``, ``draw_state``; from
    ``generate``: ``generate(h, w, seed, grade)``, ``rebuild_bank(seed)`` and,
    where defined, ``verify_extra``, ``random_small``, ``sweep_board``; from
    ``proof`` (where present) its ``POLICY``; ``url`` (where present) and
    ``sat`` are imported on first use.

    >>> spec = genre_spec("puzzlekit.kojun", decode=lambda state: None)
    >>> spec.name, spec.article, spec.url_decode.__qualname__
    ('kojun', 'puzzlekit.kojun.article', 'decode')
    """
    def module(name):
        return import_module(f"{package}.{name}")

    model, ladder, brute, draw, gen = (module(m) for m in
                                       ("model", "ladder", "brute", "draw", "generate"))
    read = dict(
        name=package.rpartition(".")[2], Puzzle=model.Puzzle, Answer=model.Answer,
        check=model.check, max_cells=model.MAX_CELLS, ladder=ladder.LADDER,
        initial_state=ladder.initial_state, decode=getattr(ladder, "decode", None),
        encode=ladder.encode,
        brute_count=getattr(brute, "brute_count", None) or brute.count_solutions,
        brute_solutions=getattr(brute, "brute_solutions", None) or brute.solutions,
        draw=draw.draw, draw_state=draw.draw_state,
        generate=lambda h, w, seed=None, grade=None: gen.generate(h, w, seed, grade),
        rebuild_bank=lambda seed=None: gen.rebuild_bank(seed),
        article=f"{package}.article", sat_count=sat_counter(package))
    read.update({name: getattr(gen, name) for name in ("verify_extra", "random_small",
                                                       "sweep_board") if hasattr(gen, name)})
    if find_spec(f"{package}.url") is not None:
        read.update(url_decode=_lazy(package, "url", "decode"),
                    url_encode=_lazy(package, "url", "encode"))
    if find_spec(f"{package}.proof") is not None:
        read["proof"] = module("proof").POLICY
    return GenreSpec(**{**read, **fields})


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
    the proof's settings (``spec.proof.search``: probe at the root, the
    genre's branching, rungs and probe passes) keeping ``KEEP`` answers.
    Either starts from the top level's fixpoint, already run.  The counts
    agree whenever both searches finish."""
    def proof_search(start, limit, nodes, keep):
        if limit <= KEEP:
            return proof_count(spec, puzzle, limit, nodes, state=start, whole=True)
        return count_solutions(start, spec.ladder, accepts(spec, puzzle), None, limit,
                               Budget(nodes), spec.proof.search(puzzle), keep=keep)

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
    :class:`puzzlekit.core.search.SearchSettings`)."""
    settings = SearchSettings(probe_depth=probe_depth, probe_after=probe_after,
                              without=tuple(without))
    return count_solutions(spec.initial_state(puzzle), spec.ladder, accepts(spec, puzzle),
                           level, limit, Budget(max_nodes, time_limit), settings)
