"""The rung ladder: states, rungs, the fixpoint, ablation, attribution and probe.

Every genre is solved the same way.  A :class:`State` is a flat boolean array
of candidate *bits* partitioned into *variables*; each variable must end with
exactly one live bit.  A :class:`Rung` narrows a state in place.  A
:class:`Ladder` is the ordered tuple of rungs, weakest first, ending with the
generic ``probe`` (singleton consistency over the active rungs below it).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Callable, Iterable, Sequence

import numpy as np

from ._nb import dead_jit, live_counts_jit, solved_jit

__all__ = [
    "State", "ShadeState", "Rung", "Ladder", "Step", "FixpointResult", "Compiled", "KernelHints",
    "CONTRADICTION", "STABLE", "CHANGED", "PROBE", "probe_rung",
]

CONTRADICTION, STABLE, CHANGED = -1, 0, 1
PROBE = "probe"


class State:
    """Candidate bits of a board, grouped into variables.

    Parameters
    ----------
    puzzle : object
        The genre's puzzle; rungs read clues from it.
    offsets : array of int64, length ``n_vars + 1``
        Variable ``v`` owns ``bits[offsets[v]:offsets[v+1]]``.
    bits : bool array, optional
        The live bits (all True when omitted).

    Genres subclass this to add named views (``reshape`` of ``bits``, never
    copies), so kernels narrowing a view narrow the state.

    Examples
    --------
    >>> s = State(None, np.array([0, 2, 5]))
    >>> s.bits[[0, 3]] = False
    >>> s.live_counts().tolist(), s.solved(), s.dead()
    ([1, 2], False, False)
    >>> s.assign(1, 2); s.values().tolist()
    [1, 2]
    """

    __slots__ = ("puzzle", "offsets", "bits", "__weakref__")

    def __init__(self, puzzle, offsets, bits=None):
        self.puzzle = puzzle
        self.offsets = np.ascontiguousarray(offsets, dtype=np.int64)
        n = int(self.offsets[-1])
        if bits is None:
            bits = np.ones(n, dtype=np.bool_)
        bits = np.ascontiguousarray(bits, dtype=np.bool_)
        if bits.shape != (n,):
            raise ValueError(f"bits must have length {n}, got {bits.shape}")
        self.bits = bits
        self._init_views()

    def _init_views(self):
        """Hook for subclasses: (re)build named views of ``self.bits``."""

    @property
    def n_vars(self) -> int:
        return len(self.offsets) - 1

    def copy(self) -> "State":
        """A deep copy sharing only the puzzle."""
        new = object.__new__(type(self))
        new.puzzle = self.puzzle
        new.offsets = self.offsets
        new.bits = self.bits.copy()
        new._init_views()
        return new

    def load(self, bits) -> None:
        """Overwrite the live bits in place (views stay valid)."""
        self.bits[:] = bits

    def live_counts(self) -> np.ndarray:
        """Number of live bits of each variable."""
        out = np.empty(self.n_vars, dtype=np.int64)
        live_counts_jit(self.bits, self.offsets, out)
        return out

    def solved(self) -> bool:
        """True when every variable has exactly one live bit."""
        return bool(solved_jit(self.bits, self.offsets))

    def dead(self) -> bool:
        """True when some variable has no live bit left."""
        return bool(dead_jit(self.bits, self.offsets))

    def decided(self) -> np.ndarray:
        """Boolean mask of variables with exactly one live bit."""
        return self.live_counts() == 1

    def values(self) -> np.ndarray:
        """Index (within its variable) of the first live bit; -1 if none."""
        out = np.full(self.n_vars, -1, dtype=np.int64)
        idx = np.flatnonzero(self.bits)
        var = np.searchsorted(self.offsets, idx, side="right") - 1
        # first live bit per variable: reverse so earlier bits overwrite
        out[var[::-1]] = (idx - self.offsets[var])[::-1]
        return out

    def options(self, v: int) -> np.ndarray:
        """Live values (indices within the variable) of variable ``v``."""
        a, b = self.offsets[v], self.offsets[v + 1]
        return np.flatnonzero(self.bits[a:b])

    def assign(self, v: int, k: int) -> None:
        """Fix variable ``v`` to its value ``k``."""
        a, b = self.offsets[v], self.offsets[v + 1]
        self.bits[a:b] = False
        self.bits[a + k] = True

    def assign_all(self, values) -> None:
        """Fix every variable ``v`` to its value ``values[v]``: the decided
        state of an answer.

        >>> s = State(None, np.array([0, 2, 5]))
        >>> s.assign_all([1, 0])
        >>> s.bits.tolist()
        [False, True, True, False, False]
        """
        values = np.asarray(values, dtype=np.int64).ravel()
        if values.size != self.n_vars:
            raise ValueError(f"{values.size} values for {self.n_vars} variables")
        self.bits[:] = False
        self.bits[self.offsets[:-1] + values] = True

    def remove(self, v: int, k: int) -> None:
        """Remove value ``k`` of variable ``v``."""
        self.bits[self.offsets[v] + k] = False

    def var_of_bit(self, bits_idx) -> np.ndarray:
        """Variable owning each bit index."""
        return np.searchsorted(self.offsets, bits_idx, side="right") - 1


class ShadeState(State):
    """A state of two bits a cell, ``[unshaded possible, shaded possible]``,
    for the genres whose answer is a set of shaded cells; ``cell`` is the
    ``(n, 2)`` view.  A genre with more variables after the cells overrides
    :meth:`State._init_views` and keeps ``cell`` the view of the first
    ``2 n`` bits.

    >>> s = ShadeState(None, np.arange(0, 7, 2))
    >>> s.shade([True, False, False])
    >>> s.cell[2] = True                        # the last cell open again
    >>> s.cell.tolist()[:2], s.shaded().tolist()
    ([[False, True], [True, False]], [True, False, False])
    """

    __slots__ = ("cell",)

    def _init_views(self):
        self.cell = self.bits.reshape(-1, 2)

    def shaded(self) -> np.ndarray:
        """The cells known shaded (all the shaded cells of a decided state)."""
        return self.cell[:, 1] & ~self.cell[:, 0]

    def shade(self, shaded) -> None:
        """Fix every cell to its colour in ``shaded`` (one bool a cell)."""
        shaded = np.asarray(shaded, dtype=np.bool_).ravel()
        self.cell[:, 0] = ~shaded
        self.cell[:, 1] = shaded


RungFn = Callable[[State, Counter], int]


@dataclass(frozen=True)
class Rung:
    """One inference rule.

    ``fn(state, counters) -> int`` narrows ``state`` in place and returns
    ``CONTRADICTION`` (-1), ``STABLE`` (0) or ``CHANGED`` (1); it adds its work
    to ``counters`` (a :class:`collections.Counter`) under names like
    ``"link scans"``.  The probe rung has ``fn=None``: the ladder runs it.
    """

    name: str
    fn: RungFn | None
    colour: str = "#1f77b4"
    doc: str = ""

    @property
    def is_probe(self) -> bool:
        return self.fn is None


def probe_rung(colour: str = "#d62728",
               doc: str = "singleton consistency over the rungs below") -> Rung:
    """The generic top rung."""
    return Rung(PROBE, None, colour, doc)


@dataclass(frozen=True)
class Step:
    """One rung application that removed bits (for the stepper and traces)."""

    rung: int
    name: str
    removed: np.ndarray
    counters: dict


@dataclass(frozen=True)
class FixpointResult:
    """Outcome of :meth:`Ladder.fixpoint`.

    ``status`` is ``"solved"``, ``"stable"`` (stalled with bits undecided) or
    ``"contradiction"``.  ``attribution`` holds, for every bit, the index of
    the rung that removed it (-1 for bits live at the end, -2 for bits dead at
    the start).  ``applications`` counts rung calls per rung name.
    """

    status: str
    level: int
    counters: Counter
    applications: Counter
    attribution: np.ndarray
    steps: tuple = field(default=())

    @property
    def solved(self) -> bool:
        return self.status == "solved"

    @property
    def contradiction(self) -> bool:
        return self.status == "contradiction"


@dataclass(frozen=True)
class KernelHints:
    """What a genre's kernels promise the compiled loop, so that it can skip
    work (each promise is checked by ``tests/test_every_genre.py``).

    Attributes
    ----------
    reports_empty : bool
        Every kernel returns -1 rather than leave a variable without a live
        value, so the loop need not look for one after each change.
    settles : tuple of int
        The kernel rungs (indices) whose one call leaves the state at that
        rung's own fixpoint, so the loop does not call one again right after
        its own change (the same fixpoint, fewer calls).
    checks : tuple of int
        The kernel rungs that only check (they never remove a value) and
        whose contradiction holds in every narrowing of a state that the
        kernel rungs below them leave stable; while none of those is left
        out, the loop runs a check only once the other rungs are stable, not
        after each change (the same outcome, fewer calls: a contradiction
        found earlier would be found there too).
    residue : ``(bits, data, out) -> int``, optional
        Writes into ``out`` a key of what is left to decide in a state at a
        fixpoint and returns its length (-1: no key): two states of one
        puzzle with the same key must have the same number of answers among
        their narrowings (the ways of deciding their open variables that the
        rules allow must be the same).  With it, a search can keep the keys
        of subtrees it finished without an answer and close any node that
        has one (``SearchSettings(memo=True)``).
    no_refcounts : bool
        ``apply`` and ``legal`` make no arrays and are compiled without
        numba's reference counting (``njit(_nrt=False)``), and so is the
        loop that calls them at every node, which then counts no references
        to the arrays of ``data``.
    """

    reports_empty: bool = False
    settles: tuple = ()
    checks: tuple = ()
    residue: Callable | None = None
    no_refcounts: bool = False


# Compiled.loops's answers, by the id of the Compiled (kept here, not on it:
# a Compiled is pickled to worker processes, its loops are not)
_LOOPS: dict = {}


@dataclass(frozen=True)
class Compiled:
    """A genre's rung kernels for the one compiled loop (:mod:`._loop`).

    ``apply(i, bits, data, work) -> int`` is a numba kernel running rung ``i``
    (ladder order, probe excluded) on the flat bits: -1 contradiction, else
    0 or 1.  ``data(puzzle)`` returns the tuple of arrays it reads (cache it
    on the puzzle).  ``work`` names the slots of the ``work`` counter array,
    as the rungs' Python wrappers name them; the slot after the last counts
    probes.  ``legal(bits, data) -> bool``, optional, is the
    genre's rules on a decided state (what its referee says); with it the
    whole counting search runs compiled.  ``hints`` (:class:`KernelHints`):
    what the kernels promise, so that the loop can skip work.
    """

    apply: Callable
    data: Callable
    work: tuple
    legal: Callable | None = None
    hints: KernelHints = KernelHints()

    def loops(self):
        """``(fixpoint, search)``: the core's compiled loops for these
        kernels (:func:`puzzlekit.core._specialise.specialised`), looked up
        once (every proof asks for them)."""
        got = _LOOPS.get(id(self))
        if got is None or got[0] is not self:
            from ._specialise import specialised
            got = _LOOPS[id(self)] = (self, specialised(self.apply, self.legal, self.hints))
        return got[1]

    def rung(self, i: int, name: str) -> Callable:
        """The Python rung function of kernel rung ``i``: ``fn(state,
        counters) -> int`` runs ``apply(i, ...)`` on the state's bits and adds
        the work it did to ``counters`` under the names of :attr:`work`.

        Examples
        --------
        A genre whose rungs are all kernels builds its ladder from these:

        .. code-block:: python

            KERNELS = Compiled(apply=_apply_jit, data=arrays, work=WORK)
            LADDER = Ladder([Rung("count", KERNELS.rung(0, "count"), ...), ...,
                             probe_rung()], compiled=KERNELS)
        """
        def fn(state, counters):
            work = np.zeros(len(self.work) + 1, dtype=np.int64)
            r = self.apply(i, state.bits, self.data(state.puzzle), work)
            for k, v in zip(self.work, work.tolist()):
                if v:
                    counters[k] += v
            return int(r)
        fn.__name__ = fn.__qualname__ = name
        return fn

    def ladder(self, rungs: Sequence[tuple], probe: Rung | None = None,
               probe_vars: Callable | None = None) -> "Ladder":
        """The ladder of these kernels: ``rungs`` holds ``(name, colour, doc)``
        of kernel rung 0, 1, ... in order, each run by :meth:`rung`; ``probe``
        (default :func:`probe_rung`) on top.

        >>> def apply(i, bits, data, work):
        ...     return 0
        >>> k = Compiled(apply=apply, data=lambda puzzle: (), work=("scans",))
        >>> k.ladder([("a", "#7f7f7f", "first"), ("b", "#1f77b4", "second")])
        Ladder(a, b, probe)
        """
        kernel_rungs = [Rung(name, self.rung(i, name), colour, doc)
                        for i, (name, colour, doc) in enumerate(rungs)]
        return Ladder(kernel_rungs + [probe or probe_rung()], compiled=self,
                      probe_vars=probe_vars)


class Ladder:
    """An ordered tuple of rungs, weakest first, usually ending with probe.

    Levels resolve by name or index (:meth:`level`); the same list yields CLI
    choices, grade names, stepper colours and table columns.  With
    ``compiled`` (:class:`Compiled`), a fixpoint that needs no attribution,
    trace or step limit runs in the one compiled loop of :mod:`._loop`,
    bit for bit the same fixpoint as the Python loop.  ``probe_vars(puzzle)``
    limits probe to that many leading variables (default: all of them).
    """

    def __init__(self, rungs: Sequence[Rung], compiled: Compiled | None = None,
                 probe_vars: Callable | None = None):
        self.compiled = compiled
        self.probe_vars = probe_vars
        self.rungs = tuple(rungs)
        names = [r.name for r in self.rungs]
        if len(set(names)) != len(names):
            raise ValueError(f"duplicate rung names in {names}")
        self.names = tuple(names)
        self.colours = {r.name: r.colour for r in self.rungs}
        self._kernel_rungs: dict = {}    # active rungs -> (their kernel indices, probe?)

    def __len__(self):
        return len(self.rungs)

    def __iter__(self):
        return iter(self.rungs)

    def __getitem__(self, i):
        return self.rungs[self.level(i)]

    def __repr__(self):
        return f"Ladder({', '.join(self.names)})"

    # -- level lookup ------------------------------------------------------
    def level(self, level) -> int:
        """Index of a level given by name, index or None (the top)."""
        if level is None:
            return len(self.rungs) - 1
        if isinstance(level, (int, np.integer)) and not isinstance(level, bool):
            i = int(level)
            if i < 0:
                i += len(self.rungs)
            if not 0 <= i < len(self.rungs):
                raise ValueError(f"level {level} out of range 0..{len(self.rungs) - 1}")
            return i
        if isinstance(level, str):
            if level in self.names:
                return self.names.index(level)
            if level.lstrip("-").isdigit():
                return self.level(int(level))
        raise ValueError(f"unknown level {level!r}; choose one of {', '.join(self.names)}")

    def _active(self, level, without: Iterable = ()) -> list[int]:
        top = self.level(level)
        drop = {self.level(w) for w in without}
        return [i for i in range(top + 1) if i not in drop]

    # -- the fixpoint -------------------------------------------------------
    def fixpoint(self, state: State, level=None, without: Iterable = (),
                 trace: bool = False, max_steps: int | None = None,
                 attribute: bool = True) -> FixpointResult:
        """Run rungs ``0..level`` (minus ``without``) on ``state`` until stable.

        After any rung removes a bit the loop restarts from the weakest active
        rung.  The state is narrowed in place.

        Parameters
        ----------
        state : State
        level : str or int, optional
            Top rung to use (default: the top of the ladder).
        without : iterable of str or int
            Rungs removed (ablation).
        trace : bool
            Record every bit-removing rung application as a :class:`Step`.
        max_steps : int, optional
            Stop (status ``"stable"``) after this many bit-removing steps.
        attribute : bool
            Record which rung removed each bit.  Without attribution, trace
            or step limit, a ladder with compiled kernels runs compiled.
        """
        active = self._active(level, without)
        if self.compiled is not None and not (attribute or trace or max_steps is not None):
            return self._run_compiled(state, active, self.level(level))
        return self._run(state, active, trace, max_steps, self.level(level), attribute)

    def compiled_args(self, state, active):
        """What the compiled loop needs for ``active`` on ``state``:
        ``(rungs, probe, probe_vars, work, probe_slot)``."""
        key = tuple(active)
        got = self._kernel_rungs.get(key)
        if got is None:                  # the loop only reads the index array
            got = (np.array([i for i in key if not self.rungs[i].is_probe], dtype=np.int64),
                   any(self.rungs[i].is_probe for i in key))
            self._kernel_rungs[key] = got
        pv = state.n_vars if self.probe_vars is None else self.probe_vars(state.puzzle)
        nw = len(self.compiled.work)
        return got[0], got[1], pv, np.zeros(nw + 1, dtype=np.int64), nw

    def compiled_counters(self, work) -> Counter:
        """The compiled loop's work array as named counters (zeros left out)."""
        names = tuple(self.compiled.work) + ("probes",)
        return Counter({k: int(v) for k, v in zip(names, work.tolist()) if v})

    def _run_compiled(self, state, active, level):
        rungs, probe, pv, work, slot = self.compiled_args(state, active)
        fixpoint = self.compiled.loops()[0]
        # every argument given, of the types the compiled search passes, so
        # that the one compiled fixpoint serves both (an omitted argument
        # would make numba compile another)
        r = -1 if state.dead() else fixpoint(
            self.compiled.data(state.puzzle), state.bits, state.offsets,
            rungs, probe, pv, work, slot, False, np.inf, 1 << 62)
        status = "contradiction" if r < 0 else ("solved" if state.solved() else "stable")
        return FixpointResult(status, level, self.compiled_counters(work), Counter(),
                              np.empty(0, dtype=np.int16), ())

    def _run(self, state, active, trace=False, max_steps=None, level=None, attribute=True):
        counters: Counter = Counter()
        apps: Counter = Counter()
        if attribute:
            attribution = np.full(state.bits.shape, -1, dtype=np.int16)
            attribution[~state.bits] = -2
        else:
            attribution = np.empty(0, dtype=np.int16)
        steps = []
        status = None
        need_diff = attribute or trace
        if state.dead():
            status = "contradiction"
        n_steps = 0
        live = np.count_nonzero(state.bits)
        while status is None:
            progressed = False
            for i in active:
                rung = self.rungs[i]
                before = state.bits.copy() if need_diff else None
                apps[rung.name] += 1
                if rung.is_probe:
                    below = [j for j in active if j < i]
                    r = self._probe(state, below, counters)
                else:
                    r = rung.fn(state, counters)
                now = np.count_nonzero(state.bits)   # rungs only ever remove bits
                n_removed, live = live - now, now
                if n_removed:
                    n_steps += 1
                    if need_diff:
                        removed = np.flatnonzero(before & ~state.bits)
                        if attribute:
                            attribution[removed] = i
                        if trace:
                            steps.append(Step(i, rung.name, removed, dict(counters)))
                if r == CONTRADICTION or (n_removed and state.dead()):
                    status = "contradiction"
                    break
                if n_removed:
                    progressed = True
                    break
            if status is None and (not progressed or
                                   (max_steps is not None and n_steps >= max_steps)):
                status = "solved" if state.solved() else "stable"
        lvl = active[-1] if level is None and active else (level if level is not None else -1)
        return FixpointResult(status, lvl, counters, apps, attribution, tuple(steps))

    def _probe(self, state: State, below: list[int], counters: Counter) -> int:
        """Singleton consistency: remove every value whose assignment the
        active rungs below refute.  Sound because each refutation holds for
        the current (already sound) state, which only narrows."""
        changed = False
        counts = state.live_counts()
        if self.probe_vars is not None:
            counts = counts[:self.probe_vars(state.puzzle)]
        for v in np.flatnonzero(counts > 1):
            for k in state.options(v):
                if not state.bits[state.offsets[v] + k]:
                    continue
                trial = state.copy()
                trial.assign(v, k)
                counters["probes"] += 1
                res = self._run(trial, below, attribute=False)
                counters.update(res.counters)
                if res.contradiction:
                    state.remove(v, k)
                    changed = True
            a, b = state.offsets[v], state.offsets[v + 1]
            if not state.bits[a:b].any():
                return CONTRADICTION
        return CHANGED if changed else STABLE

    # -- grading ------------------------------------------------------------
    def grade(self, state: State, without: Iterable = (), above: int = -1,
              solved_at: int | None = None) -> str | None:
        """Name of the weakest level whose fixpoint solves ``state`` (or None).

        ``state`` is not modified.  ``above``: a level whose fixpoint left
        ``state`` open without a contradiction (so, since each level adds
        rungs to the one below, no level under it solves it either): the
        search starts above it.  ``solved_at``: a level whose fixpoint is
        known to solve ``state`` (the caller has just run it): the search
        stops below it, and it is the grade when no level there solves
        ``state``, so its fixpoint, often the dearest, is not run again.
        """
        top = len(self.rungs) if solved_at is None else solved_at
        for i in range(above + 1, top):
            if i in {self.level(w) for w in without}:
                continue
            s = state.copy()
            if self.fixpoint(s, i, without, attribute=False).solved:
                return self.names[i]
        return None if solved_at is None else self.names[solved_at]

    def reach(self, state: State, without: Iterable = ()) -> list[FixpointResult]:
        """Fixpoint result at every level 0..top, each from a fresh copy."""
        return [self.fixpoint(state.copy(), i, without) for i in range(len(self.rungs))]
