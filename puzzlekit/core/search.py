"""Counting search over a ladder: branch, propagate, count, respect a budget.

A node runs the ladder's fixpoint at a chosen level; a node left with
undecided variables branches on the one with the fewest live values.  Leaves
where every variable is decided are scored by the genre's ``accept`` (its
referee), so a weak level never lets a rule-breaking board count.  Hitting the
node budget is a status (``capped``), never a count.
"""
from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any, Callable

import numpy as np

from . import _ahead
from ._loop import Walk
from .ladder import Ladder, State

__all__ = ["Count", "SearchResult", "SolveResult", "SearchCapped", "Budget", "SearchSettings",
           "count_solutions", "count_with_restarts", "solve", "KEEP"]

KEEP = 10      # answers ``solve`` hands back, however many it counts


class SearchCapped(RuntimeError):
    """A search a generator needs to finish (a second answer, a rival) ran out
    of its node budget: the generator sets that draft aside and draws the next."""


class _Verdict:
    """The uniqueness verdict of a count of solutions (``count`` and
    ``complete``), the same for an engine's count and a search's."""

    __slots__ = ()

    @property
    def unique(self) -> bool | None:
        """True / False, or None when the count stopped before deciding."""
        if self.count >= 2:
            return False
        return (self.count == 1) if self.complete else None


@dataclass(frozen=True)
class Count(_Verdict):
    """What an independent engine reports: solutions counted up to ``limit``.

    ``capped`` says the engine's budget ran out first; then ``count`` is only
    a lower bound.  ``solutions`` holds answers when they were asked for.

    >>> Count(1, False, 12, 2).status, Count(1, True, 10**6, 2).status
    ('unique', 'capped')
    """

    count: int
    capped: bool
    nodes: int = 0
    limit: int = 2
    solutions: tuple = field(default=(), repr=False)

    @property
    def complete(self) -> bool:
        return not self.capped and self.count < self.limit

    @property
    def status(self) -> str:
        """``multiple``, ``unique``, ``none``, ``capped`` or ``found``."""
        if self.count >= 2:
            return "multiple"
        if self.capped:
            return "capped"
        if self.count >= self.limit:
            return "found"
        return "unique" if self.count == 1 else "none"


@dataclass(frozen=True)
class SearchResult(_Verdict):
    """Outcome of :func:`count_solutions`.

    ``count`` is exact only when ``complete``; ``capped`` says the node budget
    ran out (then ``count`` is a lower bound and ``status`` is ``"capped"``
    unless ``limit`` solutions were already found).
    """

    count: int
    complete: bool
    capped: bool
    nodes: int
    branch_points: int
    limit: int
    solutions: tuple = field(default=(), repr=False)
    counters: Counter = field(default_factory=Counter, repr=False)
    #: The state at the root's fixpoint, where the compiled search reports
    #: it (None elsewhere): a search that goes on from the root starts there.
    root: State | None = field(default=None, repr=False, compare=False)

    @property
    def status(self) -> str:
        """``multiple`` (two or more found), ``unique`` / ``none`` (the search
        finished), ``capped`` (the budget ran out first), or ``found`` (one
        solution found and the limit of 1 stopped the search before it could
        prove uniqueness)."""
        if self.count >= 2:
            return "multiple"
        if self.complete:
            return "unique" if self.count == 1 else "none"
        return "capped" if self.capped else "found"


@dataclass(frozen=True)
class Budget:
    """When a search gives up: reaching either cap sets ``capped``, never a count.

    Attributes
    ----------
    max_nodes : int, optional
        Node budget.
    time_limit : float, optional
        Seconds; checked between nodes (and every 64th probe trial in the
        compiled loop), so a single long fixpoint of the other rungs is not
        interrupted.
    """

    max_nodes: int | None = None
    time_limit: float | None = None


@dataclass(frozen=True, eq=False)
class SearchSettings:
    """How one search walks its tree.  Every setting keeps the count; only
    the nodes, the time and the order the answers come in change.

    Attributes
    ----------
    order : sequence of int, optional
        Variables to branch on first, in this order (the first undecided one
        wins); after them, the undecided variable with fewest live values.
    first : sequence of int, optional
        Per variable, the value tried first (-1: values in their order).
    without : tuple of str or int
        Rungs left out at every node (ablation).
    probe_depth : int, optional
        Run the probe rung only at nodes shallower than this (the root has
        depth 0; ``1``: probe at the root alone, the rungs below it in the
        search beneath).  Default: at every node.  The count is the same
        at any depth (every rung is sound); nodes and time change.
    probe_after : int, optional
        With ``probe_depth``: once this many nodes are opened, probe runs at
        every node again (a search that the cheaper rungs do not close soon
        gets the stronger pruning for the rest of its tree).
    probe_passes : int, optional
        In the compiled loop, at most this many probe passes at a node (see
        :func:`puzzlekit.core._loop.fixpoint_jit`); default: passes until
        one removes nothing.  The Python loop always probes to the fixpoint.
    groups : 2-D int array, optional
        One group per row: bit indices (into ``state.bits``) of which every
        answer has exactly one live, such as "where a value goes" in a genre
        whose values each appear once.  Where no ``order`` variable is open,
        some variable is, and a group has more than one live bit and none
        that is its variable's last, the search branches on such a group
        with fewest live bits (lowest index on ties): one child per live
        bit, each assigning its variable.
    weighted : bool
        Among the variables open after ``order``, branch on one with the
        fewest live values cubed over one more than its failures (the
        first on ties): a variable's failures count the children of
        branchings on it that died at their fixpoint, so far in this
        search, so one whose choices keep failing is tried sooner (the
        failure-weighted degree of constraint solvers, with failures
        charged to the variable branched on).
    memo : bool
        With the genre's ``residue`` kernel (:class:`~puzzlekit.core.ladder.KernelHints`):
        keep the key of every subtree searched to its end without an answer,
        and close at once a node (at its fixpoint) with one of those keys, as
        what is left to decide there has no answer either.  Without the
        kernel, nothing changes.
    compiled : bool
        Allow the compiled loop (``False`` forces the Python loop, which
        the tests use as the reference).
    lift : bool
        In the compiled loop, skip the probe trials that an earlier surviving
        trial of the same pass already answers (see
        :func:`puzzlekit.core._loop.fixpoint_jit`): the same nodes and answers
        from fewer trials.  ``False`` runs every trial, as the fixpoints of
        the measurements do.
    """

    order: Any = None
    first: Any = None
    without: tuple = ()
    probe_depth: int | None = None
    probe_after: int | None = None
    probe_passes: int | None = None
    groups: Any = None
    weighted: bool = False
    memo: bool = False
    compiled: bool = True
    lift: bool = True


def count_solutions(state: State, ladder: Ladder, accept: Callable[[State], bool],
                    level=None, limit: int = 2, budget: Budget | None = None,
                    settings: SearchSettings | None = None,
                    keep: int | None = None) -> SearchResult:
    """Count solutions of ``state`` up to ``limit`` by propagate-and-branch.

    Parameters
    ----------
    state : State
        Not modified.
    ladder : Ladder
    accept : callable
        ``accept(decided_state) -> bool``: the rules, checked on a leaf.
    level : str or int, optional
        Ladder level run at every node (default: the top).
    limit : int
        Stop after this many solutions.
    budget : Budget, optional
        Node and time caps (default: none); reaching one sets ``capped``.
    settings : SearchSettings, optional
        How the search walks (default: the top level at every node, the
        variable with fewest live values first, its values in order).
    keep : int, optional
        How many solution states to return (default: ``limit``).

    A ladder with compiled kernels and a compiled ``legal`` test runs the
    whole search in the one compiled loop (same nodes, same counts).

    Examples
    --------
    >>> from puzzlekit.core.ladder import Ladder, probe_rung
    >>> lad = Ladder([probe_rung()])
    >>> r = count_solutions(State(None, [0, 2, 4]), lad, lambda s: True, limit=10)
    >>> r.count, r.complete, r.status
    (4, True, 'multiple')
    >>> count_solutions(State(None, [0, 2, 4]), lad, lambda s: True, limit=10,
    ...                 budget=Budget(max_nodes=2)).status
    'capped'
    """
    keep = limit if keep is None else keep
    budget, settings = _checked(budget, settings)
    lvl = ladder.level(level)
    comp = ladder.compiled
    if settings.compiled and comp is not None and comp.legal is not None:
        return _count_compiled(state, ladder, lvl, limit, budget, settings, keep)
    return _count_python(state, ladder, accept, lvl, limit, budget, settings, keep)


def _checked(budget, settings) -> tuple:
    """``budget`` and ``settings`` with their defaults, refusing anything
    else (a bare node count where a :class:`Budget` goes, say)."""
    budget = Budget() if budget is None else budget
    settings = SearchSettings() if settings is None else settings
    if not isinstance(budget, Budget):
        raise TypeError(f"budget: a Budget(max_nodes, time_limit), not {budget!r}")
    if not isinstance(settings, SearchSettings):
        raise TypeError(f"settings: a SearchSettings, not {type(settings).__name__}")
    return budget, settings


def _count_python(state, ladder, accept, lvl, limit, budget, settings, keep) -> SearchResult:
    """count_solutions in Python: the reference the compiled loop is tested against."""
    comp = ladder.compiled
    order, first, without = settings.order, settings.first, settings.without
    probe_depth, probe_after = settings.probe_depth, settings.probe_after
    max_nodes, weighted = budget.max_nodes, settings.weighted
    deadline = None if budget.time_limit is None else time.perf_counter() + budget.time_limit
    shallow = list(without) + [i for i, r in enumerate(ladder.rungs) if r.is_probe]
    groups = () if settings.groups is None else np.asarray(settings.groups, dtype=np.int64)
    rank = None
    if order is not None and len(order):
        rank = np.full(state.n_vars, len(order), dtype=np.int64)
        rank[np.asarray(order, dtype=np.int64)] = np.arange(len(order))
    # Depth-first, one child at a time: a frame is (parent, its children as
    # (variable, value) assignments, next child, answers found before it,
    # its key), so memory is one state per level of depth, never one per
    # pending child.
    residue = comp.hints.residue if settings.memo and comp is not None else None
    dead: set = set()                    # keys of subtrees ended without an answer
    frames: list = []
    pending = state.copy()
    pending_var = -1                     # the variable the pending state was assigned
    fails = np.zeros(state.n_vars, dtype=np.int64)
    nodes = branch_points = found = 0
    sols = []
    counters: Counter = Counter()
    capped = False
    while pending is not None or frames:
        if found >= limit:
            break
        if pending is None:
            parent, opts, i, before, key = frames[-1]
            if i >= len(opts):
                frames.pop()
                if key is not None and found == before:
                    dead.add(key)
                continue
            frames[-1][2] = i + 1
            pending = parent.copy()
            pending.assign(*opts[i])
            pending_var = opts[i][0]
            continue
        if (max_nodes is not None and nodes >= max_nodes) or \
                (deadline is not None and time.perf_counter() > deadline):
            capped = True
            break
        s, pending = pending, None
        nodes += 1
        deep = (probe_depth is not None and len(frames) >= probe_depth
                and (probe_after is None or nodes <= probe_after))
        res = ladder.fixpoint(s, lvl, shallow if deep else without,
                              attribute=not settings.compiled)
        counters.update(res.counters)
        if res.contradiction:
            if pending_var >= 0:
                fails[pending_var] += 1
            continue
        counts = s.live_counts()
        if np.all(counts == 1):
            if accept(s):
                found += 1
                if len(sols) < keep:
                    sols.append(s)
            continue
        key = None
        if residue is not None:
            out = np.empty(2 * s.bits.size + 16, dtype=np.int64)
            n = residue(s.bits, comp.data(s.puzzle), out)
            if n >= 0:
                key = out[:n].tobytes()
                if key in dead:
                    continue
        open_vars = np.flatnonzero(counts > 1)
        g = None
        if rank is not None and rank[open_vars].min() < len(order):
            v = open_vars[np.argmin(rank[open_vars])]
        else:
            v = _weighted_pick(open_vars, counts, fails) if weighted else \
                open_vars[np.argmin(counts[open_vars])]
            g = _group(s, counts, groups)
        branch_points += 1
        if g is not None:                # a child per live bit: (its variable, its value)
            live = g[s.bits[g]]
            owner = s.var_of_bit(live)
            frames.append([s, list(zip(owner.tolist(), (live - s.offsets[owner]).tolist())), 0,
                           found, key])
            continue
        opts = s.options(v)
        if first is not None and first[v] >= 0 and first[v] in opts:
            opts = np.concatenate([[first[v]], opts[opts != first[v]]])
        frames.append([s, [(v, k) for k in opts], 0, found, key])
    while frames and frames[-1][2] >= len(frames[-1][1]):
        frames.pop()                     # exhausted frames hold nothing unexplored
    complete = pending is None and not frames and not capped
    return SearchResult(found, complete, capped, nodes, branch_points, limit,
                        tuple(sols), counters)


_NO_CAP = int(np.iinfo(np.int64).max)


def _weighted_pick(open_vars, counts, fails) -> int:
    """The variable ``SearchSettings(weighted=True)`` branches on: of
    ``open_vars`` (increasing), one with the least ``counts ** 3 / (1 +
    fails)``, the first on ties (compared in integers, as the compiled loop
    does)."""
    best = int(open_vars[0])
    for v in open_vars[1:].tolist():
        c, b = int(counts[v]), int(counts[best])
        if c ** 3 * (1 + int(fails[best])) < b ** 3 * (1 + int(fails[v])):
            best = v
    return best


def _group(state, counts, groups):
    """The group :func:`count_solutions` branches on, or None: of those
    with more than one live bit and none that is its variable's last, one
    with fewest live bits (the first on ties)."""
    best = None
    for g in groups:
        live = g[state.bits[g]]
        if len(live) > 1 and (counts[state.var_of_bit(live)] > 1).all() and \
                (best is None or len(live) < best[0]):
            best = (len(live), g)
    return None if best is None else best[1]


# no groups, and no order, as the compiled loop takes them (it only reads them)
_NO_GROUPS = (np.zeros(0, dtype=np.int64), np.zeros(1, dtype=np.int64))
_NO_ORDER = np.zeros(0, dtype=np.int64)


def _flat_groups(groups):
    """``groups`` as the compiled loop takes them: the bits one after
    another, and where each group starts."""
    if groups is None:
        return _NO_GROUPS
    g = np.ascontiguousarray(groups, dtype=np.int64)
    return g.ravel(), np.arange(0, g.size + 1, max(g.shape[1], 1), dtype=np.int64)


def _count_compiled(state, ladder, lvl, limit, budget, settings, keep):
    """count_solutions in the one compiled loop (the genre's ``legal`` kernel
    stands in for ``accept``)."""
    comp = ladder.compiled
    if state.dead():
        return SearchResult(0, True, False, 1, 0, limit, (), Counter())
    args = _search_args(state, ladder, lvl, limit, budget, settings, keep)
    bits0, work = args[1], args[6]
    _ahead.wait("search")
    found, nodes, capped, bp, done, sols = comp.loops()[1](*args)
    out = []
    for i in range(min(found, keep)):
        s = state.copy()
        s.load(sols[i])
        out.append(s)
    root = None
    if not done:                         # where a later search may start
        root = state.copy()
        root.load(bits0)
    return SearchResult(int(found), bool(done) and not capped, bool(capped), int(nodes),
                        int(bp), limit, tuple(out), ladder.compiled_counters(work), root)


def _search_args(state, ladder, lvl, limit, budget, settings, keep) -> tuple:
    """What :func:`_count_compiled` hands the genre's compiled search (less
    the address of its propagation loop, which :class:`~._specialise.Loops`
    adds): the data, a copy of the state's bits (the search leaves its root
    there), the rungs' arguments, the branching order, the answer rows and
    the walk's scalars."""
    rungs, probe, pv, work, slot = ladder.compiled_args(state,
                                                        ladder._active(lvl, settings.without))
    order = (_NO_ORDER if settings.order is None
             else np.ascontiguousarray(settings.order, np.int64))
    firsts = (np.full(state.n_vars, -1, np.int64) if settings.first is None
              else np.ascontiguousarray(settings.first, np.int64))
    # answer rows: a few now, more as answers are found (a limit of 10**9 to
    # count every answer must not reserve room for 10**9)
    sols = np.zeros((min(max(keep, 0), 16), state.bits.size), dtype=np.bool_)
    return (ladder.compiled.data(state.puzzle), state.bits.copy(), state.offsets, rungs, probe,
            pv, work, slot, order, firsts, sols, *_flat_groups(settings.groups),
            _walk(limit, budget, settings, keep))


def search_loop(ladder):
    """The numba dispatcher of a compiled ladder's search loop (None when
    the genre has none): what :func:`compile_search` compiles."""
    search = ladder.compiled.loops()[1] if ladder.compiled is not None else None
    return None if search is None else search.__self__.search_loop


def compile_search(state, ladder, settings) -> None:
    """Compile (or load from numba's cache) the genre's compiled search for
    the types a proof from ``state`` hands it, without running it, nor
    compiling its propagation loop (it is handed that loop's address): what
    a head start does (:mod:`._ahead`)."""
    from numba import typeof
    args = _search_args(state, ladder, None, 2, Budget(), settings, KEEP)
    search_loop(ladder).compile(tuple(typeof(a) for a in (0,) + args))


def _walk(limit, budget, settings, keep) -> Walk:
    """The compiled loop's scalars (:class:`~puzzlekit.core._loop.Walk`), of
    fixed types, with "no cap" as a number past any count."""
    def cap(value):
        return _NO_CAP if value is None else int(value)

    def depth(value):
        return 1 << 62 if value is None else int(value)

    return Walk(int(limit), cap(budget.max_nodes), int(keep), bool(settings.lift),
                depth(settings.probe_depth), depth(settings.probe_after),
                np.inf if budget.time_limit is None else float(budget.time_limit),
                depth(settings.probe_passes), bool(settings.weighted), bool(settings.memo))


def _luby(i: int) -> int:
    """The ``i``-th term (from 1) of Luby's sequence.

    >>> [_luby(i) for i in range(1, 16)]
    [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]
    """
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    while i != (1 << k) - 1:
        i -= (1 << (k - 1)) - 1
        k = 1
        while (1 << k) - 1 < i:
            k += 1
    return 1 << (k - 1)


def count_with_restarts(state: State, ladder: Ladder, accept: Callable[[State], bool],
                        limit: int = 2, budget: Budget | None = None,
                        settings: SearchSettings | None = None, first_nodes: int = 2_000,
                        dive_nodes: int = 500, seed: int = 0, cheap_nodes: int = 0,
                        learn: Callable | None = None) -> SearchResult:
    """:func:`count_solutions` (with ``settings``) made robust against one
    bad early branch, the way boards with many answers often defeat a
    depth-first search.

    Rounds alternate two searches.  The complete search runs with a node cap
    of ``first_nodes``, four times more each round (so its repeated work
    costs at most a third more than one uncapped run); a board it finishes
    in the first round costs exactly what ``count_solutions`` costs.  After
    each capped round, *dives* spend as much time again: short searches
    (``dive_nodes`` times Luby's sequence) with the rungs below probe, each
    trying a random value first at every branch (seeded by ``seed``, so a
    run is reproducible) and branching on variables only (``groups`` would
    give every dive the same first choices).  Distinct answers are pooled
    over every search;
    ``limit`` of them end the count (``multiple``), as does any search that
    finishes its tree.  ``budget.max_nodes`` caps each complete search,
    ``budget.time_limit`` the whole call; running out of either is ``capped``.

    With ``cheap_nodes``, a search with the rungs below probe only, capped
    at that many nodes, goes first: a board it finishes (or on which it
    finds ``limit`` answers) is done without a probe trial.

    With ``learn``, a search the first round leaves open goes to it instead
    of the rounds: ``learn(limit, found, max_nodes, time_limit, root)``
    counts up to ``limit`` answers besides the ``found`` ones (states, each
    counted once) and reports a :class:`SearchResult` (a clause-learning
    search, :func:`puzzlekit.core.learn.learn_count`, whose nodes are
    conflicts); ``root`` is the first round's root at its fixpoint
    (:attr:`SearchResult.root`; None where the search does not report it).

    The count is the same as :func:`count_solutions`'s whenever both finish;
    only the time to reach it changes.
    """
    budget, settings = _checked(budget, settings)
    max_nodes, time_limit = budget.max_nodes, budget.time_limit
    t0 = time.perf_counter()
    rng = None                           # made at the first dive: most proofs need none
    seen: dict = {}
    nodes = branch_points = 0
    counters: Counter = Counter()
    cap, dive = first_nodes, 1

    def left() -> float | None:
        return None if time_limit is None else time_limit - (time.perf_counter() - t0)

    def pool(r: SearchResult) -> SearchResult:
        nonlocal nodes, branch_points
        nodes += r.nodes
        branch_points += r.branch_points
        counters.update(r.counters)
        for s in r.solutions:
            seen.setdefault(s.bits.tobytes(), s)
        return r

    def result(count: int, complete: bool, capped: bool) -> SearchResult:
        if limit > 0:                    # answers pooled from several searches: limit at most
            count = min(count, limit)
        return SearchResult(count, complete, capped, nodes, branch_points, limit,
                            tuple(seen.values())[:max(limit, 0)], counters)

    if cheap_nodes > 0:
        cheap = cheap_nodes if max_nodes is None else min(cheap_nodes, max_nodes)
        r = pool(count_solutions(state, ladder, accept, limit=limit,
                                 budget=Budget(cheap, left()),
                                 settings=replace(settings, probe_depth=0, probe_after=None)))
        if r.complete:
            return result(r.count, True, False)
        if len(seen) >= limit:
            return result(len(seen), False, False)
    while True:
        whole = cap if max_nodes is None else min(cap, max_nodes)
        t = time.perf_counter()
        r = pool(count_solutions(state, ladder, accept, limit=limit,
                                 budget=Budget(whole, left()), settings=settings))
        if r.complete:
            return result(r.count, True, False)
        if max(r.count, len(seen)) >= limit:
            return result(max(r.count, len(seen)), False, r.capped)
        rest = left()
        if learn is not None and whole == cap and (rest is None or rest > 0):
            found = tuple(seen.values())
            lr = pool(learn(limit - len(found), found, max_nodes, rest, r.root))
            return result(len(seen), lr.complete, lr.capped)
        if limit < 2:
            return result(max(r.count, len(seen)), False, r.capped)
        if whole != cap or (rest is not None and rest <= 0):
            return result(max(r.count, len(seen)), False, True)
        share = time.perf_counter() - t
        end = time.perf_counter() + (share if rest is None else min(share, rest))
        if rng is None:
            rng = np.random.default_rng(seed)
            sizes = np.diff(state.offsets)
        while True:                      # at least one dive a round
            first = rng.integers(0, np.maximum(sizes, 1))
            d = pool(count_solutions(state, ladder, accept, limit=limit,
                                     budget=Budget(dive_nodes * _luby(dive),
                                                   end - time.perf_counter()),
                                     settings=replace(settings, first=first, probe_depth=0,
                                                      probe_after=None, groups=None)))
            dive += 1
            if d.complete:
                return result(d.count, True, False)
            if len(seen) >= limit:
                return result(len(seen), False, False)
            if time.perf_counter() >= end:
                break
        cap *= 4


@dataclass(frozen=True)
class SolveResult:
    """What ``solve`` reports: the fixpoint at ``level``, and optionally a count.

    ``status``: ``"solved"`` (the fixpoint alone finished), ``"stable"``,
    ``"contradiction"``, or after a count ``"unique"`` / ``"multiple"`` /
    ``"none"`` / ``"capped"``.
    """

    status: str
    level: str
    grade: str | None
    counters: Counter
    state: State = field(repr=False)
    count: int | None = None
    capped: bool = False
    nodes: int = 0
    solutions: tuple = field(default=(), repr=False)


def solve(state: State, ladder: Ladder, accept: Callable[[State], bool], level=None,
          count: int | None = None, max_nodes: int | None = 200_000,
          counter: Callable | None = None) -> SolveResult:
    """Fixpoint at ``level``; then, if ``count`` is given, count up to it
    (keeping at most :data:`KEEP` of the answers): with ``level`` at every
    node, or with ``counter(start, limit, max_nodes, keep) -> SearchResult``
    when it is given, ``start`` the fixpoint's state (a fixpoint removes no
    answer, so counting from it counts the same)."""
    lvl = ladder.level(level)
    s = state.copy()
    fp = ladder.fixpoint(s, lvl, attribute=False)     # compiled, where the ladder is
    # a level left with open variables and no contradiction: no level below
    # it decides them all either
    grade = ladder.grade(state, above=lvl if fp.status == "stable" else -1,
                         solved_at=lvl if fp.solved else None)
    status = fp.status
    if fp.solved and not accept(s):
        status = "contradiction"
    if count is None:
        return SolveResult(status, ladder.names[lvl], grade, fp.counters, s)
    if status != "stable":
        # the fixpoint decided the board (or killed it): a search would
        # open this one node and stop, so none is run (nor compiled, in a
        # fresh process: a first solve of a board the rungs finish loads
        # only the fixpoint)
        found = 1 if status == "solved" else 0
        sr = SearchResult(found, True, False, 1, 0, count,
                          (s.copy(),) if found else ())
    elif counter is not None:
        sr = counter(s.copy(), count, max_nodes, min(count, KEEP))
    else:
        sr = count_solutions(state, ladder, accept, lvl, limit=count,
                             budget=Budget(max_nodes), keep=min(count, KEEP))
    return SolveResult(sr.status, ladder.names[lvl], grade, fp.counters, s,
                       sr.count, sr.capped, sr.nodes, sr.solutions)
