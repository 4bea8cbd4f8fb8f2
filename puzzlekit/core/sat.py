"""CP-SAT helpers: the rules of a genre as constraints, a third engine.

A genre's ``sat.py`` states its rules with these helpers and counts answers
with :func:`count`.  The encodings are sound both ways: no legal answer is
rejected and no illegal one accepted.  Counting adds, after each answer, a
clause that forbids exactly that assignment of the *primary* variables (the
ones an answer is read from), so auxiliary variables (ranks, arcs) can never
make one answer count twice.  The solver runs with one worker and fixed
parameters, so timings and results are reproducible.
"""
from __future__ import annotations

import time
from typing import Callable, Sequence

import numpy as np
from ortools.sat.python import cp_model

from .search import Count

__all__ = ["new_model", "exactly_one", "connected", "lazy_connected", "single_cycle",
           "single_path", "count", "PARAMS"]

PARAMS = {"num_workers": 1, "random_seed": 1}


def new_model() -> cp_model.CpModel:
    """An empty model."""
    return cp_model.CpModel()


def exactly_one(model: cp_model.CpModel, lits: Sequence) -> None:
    """Exactly one of ``lits`` is true."""
    model.AddExactlyOne(list(lits))


def connected(model: cp_model.CpModel, chosen: Sequence, adjacency: Sequence[Sequence[int]],
              nonempty: bool = True) -> None:
    """The nodes whose literal in ``chosen`` is true form one connected set.

    Rank encoding: one chosen node is the root (rank 0); every other chosen
    node has a chosen neighbour of strictly smaller rank.  Any connected set
    satisfies it (breadth-first ranks from any root); any set satisfying it is
    connected (a strictly falling walk leads every node to the root).
    """
    n = len(chosen)
    roots = [model.NewBoolVar(f"root{v}") for v in range(n)]
    rank = [model.NewIntVar(0, max(n - 1, 0), f"rank{v}") for v in range(n)]
    for v in range(n):
        model.AddImplication(roots[v], chosen[v])
        model.Add(rank[v] == 0).OnlyEnforceIf(roots[v])
    if nonempty:
        model.AddExactlyOne(roots)
    else:
        model.AddAtMostOne(roots)
        for v in range(n):          # some node chosen -> there is a root
            model.AddBoolOr(roots).OnlyEnforceIf(chosen[v])
    for v in range(n):
        parents = []
        for u in adjacency[v]:
            p = model.NewBoolVar(f"par{u}_{v}")
            model.AddImplication(p, chosen[u])
            model.Add(rank[u] < rank[v]).OnlyEnforceIf(p)
            parents.append(p)
        model.AddBoolOr([roots[v], chosen[v].Not()] + parents)


def _arcs(model, on_edge, edges):
    arcs = []
    for e, (u, v) in enumerate(edges):
        a, b = model.NewBoolVar(f"a{u}_{v}"), model.NewBoolVar(f"a{v}_{u}")
        model.Add(a + b == on_edge[e])
        arcs += [(u, v, a), (v, u, b)]
    return arcs


def single_cycle(model: cp_model.CpModel, on_node: Sequence, on_edge: Sequence,
                 edges: Sequence[tuple]) -> None:
    """The edges whose literal is true form one simple cycle through exactly
    the nodes whose literal is true (CP-SAT's circuit constraint, with a
    self-loop on every node left out).  Each node on the cycle has degree 2,
    and the cycle is not empty."""
    n = len(on_node)
    arcs = _arcs(model, on_edge, edges)
    arcs += [(v, v, on_node[v].Not()) for v in range(n)]
    model.AddCircuit(arcs)
    model.AddBoolOr(list(on_node))
    for v in range(n):
        inc = [on_edge[e] for e, (a, b) in enumerate(edges) if v in (a, b)]
        model.Add(sum(inc) == 2).OnlyEnforceIf(on_node[v])
        model.Add(sum(inc) == 0).OnlyEnforceIf(on_node[v].Not())


def single_path(model: cp_model.CpModel, on_node: Sequence, on_edge: Sequence,
                edges: Sequence[tuple], ends: Sequence | None = None) -> None:
    """The true edges form one simple path through exactly the true nodes.

    A hidden node closes the path into a cycle; ``ends`` (literals) may say
    which nodes are its two ends."""
    n = len(on_node)
    arcs = _arcs(model, on_edge, edges)
    arcs += [(v, v, on_node[v].Not()) for v in range(n)]
    hub = n
    start = [model.NewBoolVar(f"start{v}") for v in range(n)]
    stop = [model.NewBoolVar(f"stop{v}") for v in range(n)]
    arcs += [(hub, v, start[v]) for v in range(n)] + [(v, hub, stop[v]) for v in range(n)]
    model.AddCircuit(arcs)
    for v in range(n):
        inc = [on_edge[e] for e, (a, b) in enumerate(edges) if v in (a, b)]
        end = model.NewBoolVar(f"end{v}")
        model.Add(start[v] + stop[v] == end)
        model.Add(sum(inc) + end == 2).OnlyEnforceIf(on_node[v])
        model.Add(sum(inc) == 0).OnlyEnforceIf(on_node[v].Not())
        if ends is not None:
            model.Add(end == ends[v])


def lazy_connected(inside: Sequence, nbrs) -> Callable:
    """Connectivity of the cells whose literal in ``inside`` is true, added
    lazily: a ``refute`` for :func:`count`.

    When an offered answer's region falls apart, every piece but the largest
    yields one cut: a cell of the piece and a cell of the largest piece are
    not both inside unless some cell of the piece's rim (its outside
    neighbours) is inside too.  Every connected answer satisfies every cut,
    so no legal answer is lost, and a disconnected one is never counted.  On
    sparse boards this is much faster than the rank encoding of
    :func:`connected`.
    """
    nbrs = np.asarray(nbrs)

    def refute(value):
        mask = np.array([bool(value(x)) for x in inside])
        lab = np.full(len(mask), -1)
        pieces = []
        for s in np.flatnonzero(mask):
            if lab[s] >= 0:
                continue
            lab[s], stack, comp = len(pieces), [int(s)], []
            while stack:
                v = stack.pop()
                comp.append(v)
                for u in nbrs[v]:
                    if u >= 0 and mask[u] and lab[u] < 0:
                        lab[u] = len(pieces)
                        stack.append(int(u))
            pieces.append(comp)
        if len(pieces) < 2:
            return []
        pieces.sort(key=len, reverse=True)
        v = pieces[0][0]
        cuts = []
        for comp in pieces[1:]:
            rim = sorted({int(u) for c in comp for u in nbrs[c] if u >= 0 and not mask[u]})
            cuts.append([inside[comp[0]].Not(), inside[v].Not()] + [inside[b] for b in rim])
        return cuts
    return refute


def count(model: cp_model.CpModel, primary: Sequence, limit: int = 2,
          time_limit: float | None = 60.0,
          decode: Callable[[Callable], object] | None = None,
          block_true_only: bool = False,
          refute: Callable[[Callable], list] | None = None) -> Count:
    """Count answers up to ``limit`` by solve, forbid, solve again.

    ``primary`` are the literals an answer is read from; ``decode(value)``
    (``value`` maps a variable to its value in the answer) builds the answer
    objects returned in ``Count.solutions``.  Running out of ``time_limit``
    (seconds, over all the solves) is reported as ``capped``; ``nodes`` is the
    solver's total branch count.  ``block_true_only`` forbids an answer by its
    true primaries alone: right when an answer is determined by which of them
    are true (one-hot variables), and much shorter.  ``refute(value)``, when
    given, sees every answer the solver offers and returns clauses (lists of
    literals) it breaks, valid for every legal answer (lazy constraints such
    as :func:`lazy_connected`); an answer with any is not counted, the clauses
    join the model and the solver runs again.
    """
    solver = cp_model.CpSolver()
    for k, v in PARAMS.items():
        setattr(solver.parameters, k, v)
    found, nodes, sols = 0, 0, []
    t0 = time.perf_counter()
    while found < limit:
        if time_limit is not None:
            left = time_limit - (time.perf_counter() - t0)
            if left <= 0:
                return Count(found, True, nodes, limit, tuple(sols))
            solver.parameters.max_time_in_seconds = left
        st = solver.Solve(model)
        nodes += int(solver.NumBranches())
        if st == cp_model.INFEASIBLE:
            break
        if st not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return Count(found, True, nodes, limit, tuple(sols))
        cuts = refute(solver.BooleanValue) if refute is not None else []
        if cuts:
            for c in cuts:
                model.AddBoolOr(c)
            continue
        found += 1
        vals = [solver.BooleanValue(x) for x in primary]
        if decode is not None:
            sols.append(decode(solver.Value))
        if block_true_only:
            model.AddBoolOr([x.Not() for x, b in zip(primary, vals) if b])
        else:
            model.AddBoolOr([x.Not() if b else x for x, b in zip(primary, vals)])
    return Count(found, False, nodes, limit, tuple(sols))
