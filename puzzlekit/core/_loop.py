"""One compiled loop for every genre: the fixpoint with probe on top.

A genre hands over one numba kernel, ``apply(i, bits, data, work) -> int``,
which runs its rung ``i`` (ladder order, probe excluded) on the flat bit
array: -1 contradiction, 0 nothing removed, 1 something removed; ``data`` is
a tuple of the genre's arrays and ``work`` its counters.  The propagation
loop, :func:`propagate_jit`, takes that kernel as an argument.  A function
taking another function is compiled again in every process (numba cannot
key its disk cache on the kernel), so :func:`._specialise.specialised` makes, per genre,
a copy of it from its own source that names the genre's kernel as a
global, not an argument: it is cached on disk beside the genre's kernels,
and a fresh process loads it instead of compiling the loop again.

The fixpoint with probe (:func:`fixpoint_jit`) and the search
(:func:`search_jit`) call that loop through its address (:class:`._specialise.Loops`
hands it over), and the search the genre's ``legal`` and ``residue``
through theirs (:func:`puzzlekit.core._nb.call`): numba would otherwise
link a copy of the loop, and of every kernel it calls, into each of them,
and optimise and emit that code again each time, which was most of a
first solve's compile time.  The fixpoint is the same for every genre whose
``data`` has the same types, compiled once in the core.

For a genre whose kernels make no arrays (``KernelHints.no_refcounts``), the
propagation loop, which calls them at every node, is compiled without
numba's reference counting too (``_nrt=False``): with it, each call would
count references to every array of the genre's ``data`` tuple twice over.
(Only then: a function compiled without it passes that on to the functions
it calls that are compiled for it, which then may not make arrays either.)
A search node that does not probe calls the propagation loop directly.
"""
from __future__ import annotations

import sys
from typing import NamedTuple

import numpy as np
from numba import njit, types
from numba.core.errors import TypingError
from numba.extending import intrinsic

from ._keys import key_add, key_hash, key_slot
from ._nb import call, call_pointer, copy_into, dead_jit, live_mask, popcount64, words

__all__ = ["propagate_jit", "fixpoint_jit", "search_jit", "Walk"]


# The C library's clock(): the process's processor time, CLOCKS_PER_SEC
# ticks a second (10**6 wherever POSIX holds, 1000 on Windows).  A plain
# symbol, so the functions reading it stay cacheable (a call back into
# Python would not); for this single-threaded loop it runs with the wall
# clock unless the machine is oversubscribed.
_C_CLOCK = types.ExternalFunction("clock", types.long_())
_TICKS = 1000.0 if sys.platform == "win32" else 1e6

# Whether propagate_jit looks for a variable left without a live value after
# a rung removed something.  A genre whose kernels all return -1 instead
# (``KernelHints.reports_empty``) gets loops compiled with this False.
CHECK_EMPTY = True

# Per kernel rung, 1 when one call leaves that rung at its own fixpoint
# (calling it again at once removes nothing): propagate_jit then does not
# run it again until another rung has removed something.  Set per genre
# from ``KernelHints.settles`` by :func:`._specialise.specialised`.
SETTLES = np.zeros(0, dtype=np.uint8)

# Per kernel rung, 1 for a check (``KernelHints.checks``): it removes nothing,
# and its contradiction holds in every narrowing of a state that the kernel
# rungs below it leave stable, so propagate_jit runs it only once the other
# rungs are stable (when none below it is left out).  Set per genre by
# :func:`._specialise.specialised`.
CHECKS = np.zeros(0, dtype=np.uint8)

# Whether the genre has a ``residue`` kernel (``KernelHints.residue``), which
# search_jit's memo then calls by this name; :func:`._specialise.specialised` sets both.
RESIDUE = False

# The most words (int64) the memo of a search keeps, for its table of keys
# and again for the keys of its open branch points (32 MB each): past that
# it keeps no more keys, and the search goes on without them.
MEMO_WORDS = 1 << 22


@njit(cache=True)
def _clock():
    return _C_CLOCK() / _TICKS


@njit(cache=True)
def _mark_pinned(trial, bits, offsets, lo, hi, skip):
    """Mark the value of every variable in ``lo..hi-1`` that ``trial`` pins
    and ``bits`` still leaves open.  ``trial`` is ``bits`` narrowed, so only
    the variables where they differ are looked at: the two are compared
    eight bits at a time, and a variable is read only where a word differs."""
    a0 = offsets[lo]
    a1 = offsets[hi]
    L8 = bits.size // 8 * 8
    tw = words(trial)
    bw = words(bits)
    v = lo
    j = a0 // 8
    while 8 * j < a1 and v < hi:
        if 8 * j + 8 <= L8 and tw[j] == bw[j]:
            j += 1
            continue
        p = max(8 * j, a0)
        while offsets[v + 1] <= p:               # the variable holding bit p
            v += 1
        if v >= hi:
            break
        a, b = offsets[v], offsets[v + 1]
        n_trial = 0
        n_open = 0
        last = -1
        for k in range(a, b):
            if trial[k]:
                n_trial += 1
                last = k
            if bits[k]:
                n_open += 1
        if n_trial == 1 and n_open > 1:
            skip[last] = True
        v += 1
        j = max(j, b // 8)                       # on from the word where the next one starts


_BITS = types.Array(types.bool_, 1, "C")
_INDEX = types.Array(types.int64, 1, "C")


@intrinsic
def _call_loop(typingctx, loop, data, bits, offsets, active, work):
    """Call the propagation loop compiled at address ``loop`` (an int64, see
    :meth:`._specialise.Loops.address`) on ``(data, bits, offsets, active, work)``: its
    result, an int64, and any error it raises passed on to the caller.

    A call through an address links nothing: the function making it is
    compiled without a copy of the propagation loop and of the kernels the
    loop calls (numba would otherwise optimise and emit their code again in
    every function that calls them), and it is the same for every genre
    whose ``data`` has the same types.  The address must be that of
    :func:`propagate_jit` compiled for these types; the arrays other than
    ``data`` are held to the types :class:`._specialise.Loops` compiles it for."""
    if not isinstance(loop, types.Integer):
        return None
    for name, got, want in (("bits", bits, _BITS), ("offsets", offsets, _INDEX),
                            ("active", active, _INDEX), ("work", work, _INDEX)):
        if got != want:
            raise TypingError(f"the propagation loop takes {name} as {want}, not {got}")
    sig = types.int64(loop, data, bits, offsets, active, work)

    def codegen(context, builder, signature, args):
        return call_pointer(context, builder, args[0], types.int64, signature.args[1:], args[1:])

    return sig, codegen


@njit(cache=False)
def propagate_jit(apply, data, bits, offsets, active, work):
    """Rungs ``active`` (indices, weakest first) to their joint fixpoint,
    restarting from the weakest after any change: -1 contradiction, else 0.
    A rung's code is trusted: 0 means it removed nothing, so only after a 1
    are the variables checked for one left empty (and not at all in the
    loops of a genre whose kernels report that themselves, see
    :data:`CHECK_EMPTY`).  A rung that settles in one call (:data:`SETTLES`)
    is not run again straight after its own change: the rungs before it
    run, and if none of them removes anything, neither would it.  A check
    (:data:`CHECKS`) whose rungs below are all active (``active`` lists
    distinct rungs in increasing order, so rung ``i`` at place ``i``) runs
    once, when the other rungs are stable; with one of them left out it
    runs in its place like any rung."""
    last = -1                            # the rung that removed something last
    while True:
        progressed = False
        for j in range(len(active)):
            i = active[j]
            if j == i and i < CHECKS.size and CHECKS[i] == 1:
                continue                 # a check with every rung below it active: at the end
            if j == last and i < SETTLES.size and SETTLES[i] == 1:
                continue
            r = apply(i, bits, data, work)
            if r < 0:
                return -1
            if r > 0:
                if CHECK_EMPTY and dead_jit(bits, offsets):
                    return -1
                progressed = True
                last = j
                break
        if not progressed:
            for j in range(len(active)):
                i = active[j]
                if j == i and i < CHECKS.size and CHECKS[i] == 1 and \
                        apply(i, bits, data, work) < 0:
                    return -1
            return 0


@njit(cache=True)
def fixpoint_jit(loop, data, bits, offsets, active, probe, n_probe_vars, work, probe_slot,
                 lift=False, deadline=np.inf, passes=1 << 62):
    """The fixpoint of ``active`` and, when ``probe``, singleton consistency
    over them on the first ``n_probe_vars`` variables (a value is removed when
    assuming it makes ``active`` contradict).  ``work[probe_slot]`` counts the
    trials.  Returns -1 (contradiction) or 0.

    ``lift`` skips trials whose outcome is already known: when assuming
    value *a* survives and pins another variable to value *b*, assuming *b*
    derives a subset of what *a* derived (the rungs are monotone), so it
    survives too.  A mark holds for the state it was made in, and is kept
    until the pass ends even when a value is removed meanwhile: it may then
    skip a trial that would now fail, but a pass that removed a value is
    followed by another, and the last pass removes nothing, so each of its
    marks was made in the state it ends with.  The fixpoint is the same as
    without ``lift``; only fewer trials run.  With ``lift`` the state is
    also brought back to the rungs' fixpoint after each removal, so the
    trials after it start from there instead of each deriving the removal's
    consequences again (the same fixpoint: it is the one closure of the
    rungs and the probe).

    ``deadline`` (processor seconds, :func:`_clock`) is read every 64th
    trial: once past it, probe stops where it is and the state is brought
    to the rungs' fixpoint (sound, short of singleton consistency), so a
    search's time limit also holds inside a long probe pass.

    ``passes`` caps the probe's passes over the variables: after that many,
    the state is the rungs' fixpoint with every removal so far (sound, short
    of singleton consistency when the last pass still removed something).
    A search can stop there: the pass that would confirm the fixpoint costs
    as much as the first and removes nothing."""
    if _call_loop(loop, data, bits, offsets, active, work) < 0:
        return -1
    if not probe:
        return 0
    skip = np.zeros(bits.size if lift else 0, dtype=np.bool_)
    trial = np.empty_like(bits)
    done = 0
    while True:
        changed = False
        if lift:
            skip[:] = False
        for v in range(n_probe_vars):
            a, b = offsets[v], offsets[v + 1]
            cnt = 0
            for k in range(a, b):
                if bits[k]:
                    cnt += 1
            if cnt < 2:
                continue
            for k in range(a, b):
                if not bits[k] or (lift and skip[k]):
                    continue
                for i in range(bits.size):       # a plain loop: numba makes it a memcpy,
                    trial[i] = bits[i]           # where ``trial[:] = bits`` is ten times slower
                trial[a:b] = False
                trial[k] = True
                work[probe_slot] += 1
                if deadline < np.inf and work[probe_slot] % 64 == 0 and _clock() > deadline:
                    return _call_loop(loop, data, bits, offsets, active, work)
                if _call_loop(loop, data, trial, offsets, active, work) < 0:
                    bits[k] = False
                    changed = True
                    if lift:
                        if _call_loop(loop, data, bits, offsets, active, work) < 0:
                            return -1
                elif lift:
                    call(_mark_pinned, trial, bits, offsets, v + 1, n_probe_vars, skip)
            alive = False
            for k in range(a, b):
                if bits[k]:
                    alive = True
            if not alive:
                return -1
        if not changed:
            return 0
        if _call_loop(loop, data, bits, offsets, active, work) < 0:
            return -1
        done += 1
        if done >= passes:
            return 0


@njit(cache=True, inline="always")
def _child(bits, a, b, k):
    """A copy of ``bits`` with the variable of bits ``a..b-1`` set to its bit ``k``."""
    child = bits.copy()
    child[a:b] = False
    child[k] = True
    return child


@njit(cache=True)
def _no_residue(bits, data, out):
    """The residue kernel of a genre without one: never a key."""
    return -1


residue = _no_residue


class Walk(NamedTuple):
    """The scalars of one compiled search (:func:`search_jit`), numbers
    standing for "no cap" where a setting is None
    (:class:`puzzlekit.core.search.SearchSettings`,
    :class:`puzzlekit.core.search.Budget`)."""

    limit: int
    max_nodes: int
    keep: int
    lift: bool
    probe_depth: int
    probe_after: int
    seconds: float
    probe_passes: int
    weighted: bool
    memo: bool


@njit(cache=False)
def search_jit(legal, loop, data, bits0, offsets, active, probe, n_probe_vars, work,
               probe_slot, order, first, sols, groups, group_offsets, walk):
    """Propagate-and-branch count, the compiled twin of
    :func:`puzzlekit.core.search.count_solutions`.

    At every node: the fixpoint; a contradiction closes the node; a decided
    state is an answer when ``legal(bits, data)``; otherwise branch on the
    first undecided variable of ``order``, else on the undecided variable
    with fewest live values (lowest index on ties), trying value
    ``first[var]`` first when it is set (>= 0), then the others in order.
    Group ``g`` is the bits ``groups[group_offsets[g]:group_offsets[g + 1]]``,
    of which every answer has exactly one live; when no ``order`` variable
    is open, some variable is, and a group has more than one live bit and
    none that is its variable's last, the search branches on such a group
    with fewest live bits (lowest index on ties) instead of a variable: one
    child per live bit, in the group's order, each assigning its bit's
    variable (the children share no answer, and together miss none).  The
    first ``keep`` answers are copied into the rows of ``sols``, which is
    replaced by one twice as long whenever it is full (so its size
    follows the answers found, not ``keep``).  The other settings come in
    ``walk`` (:class:`Walk`): ``limit`` answers end the search, ``max_nodes``
    caps its nodes, ``keep`` answers are kept.  ``lift``: see
    :func:`fixpoint_jit` (same nodes and answers, fewer probe trials).  Probe
    runs at a node only when its depth is under ``probe_depth`` (the root
    has depth 0) or more than ``probe_after`` nodes have been opened, and
    makes at most ``probe_passes`` passes there (see :func:`fixpoint_jit`).
    ``seconds`` caps the search's (processor) time like ``max_nodes`` caps its nodes;
    the clock is read between nodes (at every node while they are slow, up
    to every 64th while they take microseconds) and every 64th probe trial
    (a probe pass past the limit stops where it is), but one long fixpoint
    of the other rungs is not interrupted.  ``weighted``: among the
    variables open after ``order``, branch on one with the fewest live
    values cubed over one more than its failures (lowest index on ties),
    where a variable's failures count the children of branchings on it that
    died at their fixpoint so far in this search: a variable whose choices
    keep failing is tried sooner (the count is the same; nodes change).
    ``memo`` (with the genre's ``residue`` kernel, :data:`RESIDUE`): the
    keys of the subtrees searched to their end without an answer are kept
    (up to :data:`MEMO_WORDS` words), and a node whose fixpoint has one of
    them is closed at once: its open part is one already shown to have no
    answer (the count is the same; nodes change).
    The root's fixpoint is written back into ``bits0`` (where it is not
    dead), for a caller that goes on from there (the clause learner).
    Returns ``(count, nodes, capped, branch points, complete, sols)``.
    """
    limit, max_nodes, keep, lift = walk.limit, walk.max_nodes, walk.keep, walk.lift
    probe_depth, probe_after, seconds = walk.probe_depth, walk.probe_after, walk.seconds
    probe_passes, weighted = walk.probe_passes, walk.weighted
    nv = len(offsets) - 1
    live = np.zeros(nv, dtype=np.int64)
    bit_var = np.zeros(bits0.size if len(groups) else 0, dtype=np.int64)
    if len(groups):
        for v in range(nv):
            bit_var[offsets[v]:offsets[v + 1]] = v
    last = _clock() if seconds < np.inf else 0.0
    deadline = last + seconds if seconds < np.inf else np.inf
    check = 0                  # the node count at which the clock is read next
    stride = 1
    stack = [bits0.copy()]
    depths = [0]
    bvars = [-1]                        # the variable each pending child assigns
    fails = np.zeros(nv if weighted else 0, dtype=np.int64)
    nodes = 0
    found = 0
    branches = 0
    # the memo: a table of the keys of subtrees that ended without an
    # answer, and a stack of frames, one per branch point whose subtree is
    # still open: its children still open, the answers found before it,
    # where its key lies on ``keys`` (-1: none) and the key's hash
    memo = walk.memo and RESIDUE
    # each use of the memo is under ``if RESIDUE and ...``: a constant, so
    # that numba leaves the memo's code out of a genre without a residue
    # kernel (it would compile it, unused, in every genre)
    key = np.empty(2 * bits0.size + 16 if memo else 0, dtype=np.int64)
    slots = np.zeros(64 if memo else 0, dtype=np.int64)
    hashes = np.zeros(64 if memo else 0, dtype=np.int64)
    pool = np.empty(1024 if memo else 0, dtype=np.int64)
    used = 0
    kept = 0
    keys = np.empty(1024 if memo else 0, dtype=np.int64)
    top = 0
    fr_open = np.zeros(64 if memo else 0, dtype=np.int64)
    fr_found = np.zeros(64 if memo else 0, dtype=np.int64)
    fr_key = np.zeros(64 if memo else 0, dtype=np.int64)
    fr_hash = np.zeros(64 if memo else 0, dtype=np.int64)
    nfr = 0
    ended = False                 # the last node opened closed without branching
    while True:
        if RESIDUE and ended:
            ended = False
            while nfr > 0:                   # close the frames it finished
                fr_open[nfr - 1] -= 1
                if fr_open[nfr - 1] > 0:
                    break
                nfr -= 1
                o = fr_key[nfr]
                if o >= 0:
                    top = o
                    n = keys[o]
                    if found == fr_found[nfr] and used + n + 1 <= MEMO_WORDS:
                        h = fr_hash[nfr]
                        if slots[key_slot(slots, hashes, pool, keys[o + 1:o + 1 + n], n,
                                          h)] == 0:
                            slots, hashes, pool, used, kept = key_add(
                                slots, hashes, pool, used, kept, keys[o + 1:o + 1 + n], n, h)
        if len(stack) == 0 or found >= limit:
            break
        if nodes >= max_nodes:
            return found, nodes, True, branches, False, sols
        if deadline < np.inf and nodes >= check:
            now = _clock()
            if now > deadline:
                return found, nodes, True, branches, False, sols
            # reading the clock costs about a microsecond, as much as a node
            # of a small board: while nodes are that quick, read it every
            # 2nd, 4th, ... up to every 64th node; after a slow stretch,
            # at every node again
            stride = min(2 * stride, 64) if now - last < 1e-3 else 1
            last = now
            check = nodes + stride
        bits = stack.pop()
        depth = depths.pop()
        bv = bvars.pop()
        nodes += 1
        deep = depth >= probe_depth and nodes <= probe_after
        # ``probe`` (True here) and not the constant: the call then has the
        # types of a fixpoint called from Python (Ladder.fixpoint), and one
        # compiled fixpoint serves both
        if (fixpoint_jit(loop, data, bits, offsets, active, probe, n_probe_vars, work,
                         probe_slot, lift, deadline, probe_passes)
                if probe and not deep
                else _call_loop(loop, data, bits, offsets, active, work)) < 0:
            if weighted and bv >= 0:
                fails[bv] += 1
            ended = True
            continue
        if nodes == 1:
            copy_into(bits0, 0, bits, bits.size)
        var = -1
        grp = -1
        for t in range(len(order)):
            v = order[t]
            cnt = 0
            for k in range(offsets[v], offsets[v + 1]):
                if bits[k]:
                    cnt += 1
            if cnt > 1:
                var = v
                break
        if var < 0:
            best = 0
            x = words(bits)
            for v in range(nv):
                if offsets[v + 1] - offsets[v] <= 57:      # a word's worth: count it at once
                    cnt = popcount64(live_mask(bits, x, offsets[v], offsets[v + 1]))
                else:
                    cnt = 0
                    for k in range(offsets[v], offsets[v + 1]):
                        if bits[k]:
                            cnt += 1
                live[v] = cnt
                if cnt > 1 and (best == 0 or (
                        cnt * cnt * cnt * (1 + fails[var]) < best * best * best * (1 + fails[v])
                        if weighted
                        else cnt < best)):
                    var = v
                    best = cnt
                    if cnt == 2 and not weighted and len(group_offsets) < 2:
                        break                # no variable has fewer: the scan can stop
            if var >= 0:               # a group counts while none of its bits is decided
                best = 0
                for g in range(len(group_offsets) - 1):
                    cnt = 0
                    for t in range(group_offsets[g], group_offsets[g + 1]):
                        k = groups[t]
                        if bits[k]:
                            if live[bit_var[k]] == 1:
                                cnt = 0
                                break
                            cnt += 1
                    if cnt > 1 and (best == 0 or cnt < best):
                        grp = g
                        best = cnt
        if var < 0:
            if call(legal, bits, data):
                if found < keep:
                    if found >= sols.shape[0]:
                        grown = np.empty((max(2 * sols.shape[0], 1), bits.size), dtype=np.bool_)
                        for i in range(sols.shape[0]):
                            for j in range(bits.size):
                                grown[i, j] = sols[i, j]
                        sols = grown
                    for j in range(bits.size):
                        sols[found, j] = bits[j]
                found += 1
            ended = True
            continue
        if RESIDUE and memo:
            o = -1
            h = 0
            n = call(residue, bits, data, key)
            if n >= 0:
                h = key_hash(key, n)
                if slots[key_slot(slots, hashes, pool, key, n, h)] != 0:
                    ended = True             # an open part already shown to have no answer
                    continue
                if top + n + 1 <= MEMO_WORDS:
                    if top + n + 1 > keys.size:
                        grown_keys = np.empty(max(2 * keys.size, top + n + 1), dtype=np.int64)
                        copy_into(grown_keys, 0, keys, top)
                        keys = grown_keys
                    o = top
                    keys[o] = n
                    copy_into(keys, o + 1, key, n)
                    top += n + 1
            if nfr == fr_open.size:
                fr_open = np.concatenate((fr_open, np.zeros(nfr, dtype=np.int64)))
                fr_found = np.concatenate((fr_found, np.zeros(nfr, dtype=np.int64)))
                fr_key = np.concatenate((fr_key, np.zeros(nfr, dtype=np.int64)))
                fr_hash = np.concatenate((fr_hash, np.zeros(nfr, dtype=np.int64)))
            fr_open[nfr] = len(stack)        # its children: the pushes below, counted there
            fr_found[nfr] = found
            fr_key[nfr] = o
            fr_hash[nfr] = h
            nfr += 1
        branches += 1
        if grp >= 0:
            for t in range(group_offsets[grp + 1] - 1, group_offsets[grp] - 1, -1):
                k = groups[t]
                if bits[k]:
                    v = bit_var[k]
                    stack.append(_child(bits, offsets[v], offsets[v + 1], k))
                    depths.append(depth + 1)
                    bvars.append(v)
            if RESIDUE and memo:
                fr_open[nfr - 1] = len(stack) - fr_open[nfr - 1]
            continue
        a, b = offsets[var], offsets[var + 1]
        f = a + first[var] if first[var] >= 0 else -1
        for k in range(b - 1, a - 1, -1):        # pushed last, popped first
            if bits[k] and k != f:
                stack.append(_child(bits, a, b, k))
                depths.append(depth + 1)
                bvars.append(var)
        if f >= 0 and bits[f]:
            stack.append(_child(bits, a, b, f))
            depths.append(depth + 1)
            bvars.append(var)
        if RESIDUE and memo:
            fr_open[nfr - 1] = len(stack) - fr_open[nfr - 1]
    return found, nodes, False, branches, len(stack) == 0, sols
