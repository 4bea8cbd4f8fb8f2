"""The measurements every article makes, written once over :class:`GenreSpec`.

- :class:`Stream`: seeded, prefix-stable board streams (board ``i`` depends on
  the stream's key and ``i`` only, so the first k boards at ``smoke`` are the
  first k at ``book`` and ``article``), each board drawn once per process;
- per-board measurements, each returning a DataFrame with one row per board
  (and level or variant): :func:`reach`, :func:`ablation`, :func:`grades`,
  :func:`uniqueness`, :func:`probe_unique`, :func:`engines`,
  :func:`branch_points`; results are memoised per board object, so a board
  shown in three tables is measured once;
- :class:`Summary`: builds a table row by row from per-board values, recording
  each column's statistic and the values themselves, so the comparator in
  :mod:`puzzlekit.core.tables` can compute our sampling error.

Labels follow one convention (:func:`level_label`, :func:`ablation_label`):
the first rung bare (``count``), later rungs cumulative (``+block``), a
removed rung with a minus sign (``−clash``).
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import partial
from typing import Callable, Iterable, Sequence

import numpy as np
import pandas as pd

from .genre import GenreSpec, ladder_count
from .parallel import pmap

__all__ = ["seed_of", "rng_for", "Stream", "stream", "Fix", "fix", "reach", "ablation",
           "grades", "uniqueness", "probe_unique", "probe_unique_counts", "engines",
           "engine_counts", "branch_points", "Summary", "level_label", "ablation_label",
           "pct", "clear", "sample_size", "ladder_tables"]

FULL = "full"


def sample_size(samples: dict, what: str, scale=None):
    """The size of measurement ``what`` at ``scale`` from a chapter's table
    ``samples`` of ``(smoke, book, article)`` triples.

    >>> sample_size({"bank": (4, 40, 80)}, "bank", "book")
    40
    """
    from . import scales
    return scales.pick(scale, **dict(zip(("smoke", "book", "article"), samples[what])))


# ------------------------------------------------------------------ seeds and streams
def seed_of(*key) -> list[int]:
    """A stable seed sequence for ``key`` (strings and integers), the same in
    every process (Python's ``hash`` is salted, so it is not used).

    >>> seed_of("nanro", 6, 3) == seed_of("nanro", 6, 3)
    True
    """
    out = []
    for k in key:
        if isinstance(k, (int, np.integer)) and not isinstance(k, bool) and k >= 0:
            out.append(int(k))
        else:
            out.append(int.from_bytes(hashlib.sha256(repr(k).encode()).digest()[:4], "little"))
    return out


def rng_for(*key) -> np.random.Generator:
    """A NumPy generator seeded by :func:`seed_of`."""
    return np.random.default_rng(seed_of(*key))


class Stream:
    """A reproducible, prefix-stable sequence of boards.

    ``draw(i, rng)`` makes item ``i`` (any object, or None for "no board":
    e.g. a partition with no legal answer) from its own generator
    ``rng_for(*key, i)``.  Items are cached, so each is drawn once per process.

    >>> s = Stream(("doc", 1), lambda i, rng: int(rng.integers(100)))
    >>> s.take(3) == s.take(5)[:3]
    True
    """

    def __init__(self, key: tuple, draw: Callable[[int, np.random.Generator], object],
                 desc: str | None = None):
        self.key = tuple(key)
        self.draw = draw
        self.desc = desc or " ".join(str(k) for k in self.key)
        self._items: dict[int, object] = {}

    def item(self, i: int):
        """Item ``i`` (drawn on first use)."""
        if i not in self._items:
            self._items[i] = self.draw(i, rng_for(*self.key, i))
        return self._items[i]

    def take(self, count: int, skip_none: bool = False) -> list:
        """Items ``0..count-1`` (without the Nones when ``skip_none``); the
        items not drawn yet are drawn by :func:`~puzzlekit.core.parallel.pmap`
        (on Dask workers when configured: the same items either way)."""
        missing = [i for i in range(count) if i not in self._items]
        if missing:
            got = pmap(partial(_draw_item, self.key, self.draw), missing, desc=self.desc)
            self._items.update(zip(missing, got))
        out = [self._items[i] for i in range(count)]
        return [x for x in out if x is not None] if skip_none else out

    def __len__(self):
        return len(self._items)


def _draw_item(key: tuple, draw: Callable, i: int):
    return draw(i, rng_for(*key, i))


_STREAMS: dict[tuple, Stream] = {}


def stream(key: tuple, draw: Callable, desc: str | None = None) -> Stream:
    """The process-wide stream for ``key`` (created on first use)."""
    key = tuple(key)
    if key not in _STREAMS:
        _STREAMS[key] = Stream(key, draw, desc)
    return _STREAMS[key]


# ------------------------------------------------------------------ memo per board
_MEMO: dict[tuple, tuple] = {}


def _memo(kind: str, puzzle, args: tuple, compute: Callable):
    """Memoise a per-board result on the board object's identity (the board is
    held, so its id cannot be reused while the entry lives)."""
    key = (kind, id(puzzle), args)
    hit = _MEMO.get(key)
    if hit is not None and hit[0] is puzzle:
        return hit[1]
    val = compute()
    _MEMO[key] = (puzzle, val)
    return val


def clear() -> None:
    """Forget every memoised measurement and stream."""
    _MEMO.clear()
    _STREAMS.clear()


# ------------------------------------------------------------------ one fixpoint
@dataclass(frozen=True)
class Fix:
    """One fixpoint's outcome on one board.

    ``decided`` is the share of variables left with one value (%),
    ``removed`` the share of removable bits removed (%), ``bits`` the final
    live bits (for "did the fixpoint move" comparisons).
    """

    status: str
    decided: float
    removed: float
    counters: dict
    applications: dict
    bits: np.ndarray = field(repr=False)

    @property
    def finished(self) -> bool:
        return self.status == "solved"


def fix(spec: GenreSpec, puzzle, level=None, without: Iterable = ()) -> Fix:
    """The fixpoint of ``puzzle`` at ``level`` with rungs ``without`` removed
    (memoised; in the compiled loop when the genre's ladder has kernels)."""
    lad = spec.ladder
    lvl = lad.level(level)
    drop = tuple(sorted(lad.level(w) for w in without))

    def compute():
        s0 = spec.initial_state(puzzle)
        start = int(np.count_nonzero(s0.bits))
        s = s0
        r = lad.fixpoint(s, lvl, drop, attribute=False)
        status, counters, apps = r.status, dict(r.counters), dict(r.applications)
        removable = max(start - s.n_vars, 1)
        live = int(np.count_nonzero(s.bits))
        decided = 100.0 * float(np.mean(s.live_counts() == 1)) if s.n_vars else 100.0
        return Fix(status, decided, 100.0 * (start - live) / removable, dict(counters),
                   apps, s.bits.copy())

    return _memo("fix", puzzle, (spec.name, id(lad), lvl, drop), compute)


def level_label(ladder, i: int) -> str:
    """Column label of cumulative level ``i``: the first rung bare, then ``+name``."""
    return ladder.names[i] if i == 0 else f"+{ladder.names[i]}"


def ablation_label(name: str) -> str:
    """Column label of the ladder with rung ``name`` removed."""
    return FULL if name == FULL else f"−{name}"


def _labels(puzzles, labels):
    return list(range(len(puzzles))) if labels is None else list(labels)


def reach(spec: GenreSpec, puzzles: Sequence, levels=None, labels=None,
          without=()) -> pd.DataFrame:
    """Fixpoint at every level (default: all) on every board, with the rungs
    named in ``without`` left out.

    Columns: ``board``, ``level`` (rung name), ``finished``, ``contradiction``,
    ``decided %``, ``removed %``.
    """
    lad = spec.ladder
    lvls = tuple(range(len(lad)) if levels is None else [lad.level(x) for x in levels])
    per = pmap(partial(_reach_board, spec, lvls, tuple(without)), puzzles,
               desc=f"{spec.name} reach")
    rows = [{"board": b, **r} for b, rs in zip(_labels(puzzles, labels), per) for r in rs]
    return pd.DataFrame(rows, columns=["board", "level", "finished", "contradiction",
                                       "decided %", "removed %"])


def _reach_board(spec, lvls, without, p) -> list[dict]:
    out = []
    for i in lvls:
        f = fix(spec, p, i, without)
        out.append({"level": spec.ladder.names[i], "finished": f.finished,
                    "contradiction": f.status == "contradiction",
                    "decided %": f.decided, "removed %": f.removed})
    return out


def ablation(spec: GenreSpec, puzzles: Sequence, level=None, rungs=None,
             labels=None) -> pd.DataFrame:
    """The ladder at ``level`` in full and with each rung of ``rungs`` (default:
    every rung below ``level``) removed, on every board.

    Columns: ``board``, ``variant`` (``full`` or ``−name``), ``finished``,
    ``decided %``, ``moved`` (the final state differs from the full ladder's),
    ``probes``, then one column per work counter (``work: <name>``).
    """
    lad = spec.ladder
    top = lad.level(level)
    drop = tuple(range(top)) if rungs is None else tuple(lad.level(r) for r in rungs)
    per = pmap(partial(_ablation_board, spec, top, drop), puzzles, desc=f"{spec.name} ablation")
    rows = [{"board": b, **r} for b, rs in zip(_labels(puzzles, labels), per) for r in rs]
    df = pd.DataFrame(rows)
    work = [c for c in df.columns if c.startswith("work: ")]
    df[work] = df[work].fillna(0).astype(np.int64)
    return df


def _ablation_board(spec, top, drop, p) -> list[dict]:
    lad = spec.ladder
    full = fix(spec, p, top)
    out = []
    for d in (None, *drop):
        f = full if d is None else fix(spec, p, top, (d,))
        row = {"variant": ablation_label(FULL if d is None else lad.names[d]),
               "finished": f.finished, "decided %": f.decided,
               "moved": bool(d is not None and not np.array_equal(f.bits, full.bits)),
               "probes": int(f.counters.get("probes", 0))}
        row.update({f"work: {k}": v for k, v in f.counters.items() if k != "probes"})
        out.append(row)
    return out


def grades(spec: GenreSpec, puzzles: Sequence, labels=None) -> pd.DataFrame:
    """The grade of every board (the weakest finishing level, None if none).

    Columns: ``board``, ``grade``.
    """
    got = pmap(partial(_grade_board, spec), puzzles, desc=f"{spec.name} grades")
    return pd.DataFrame({"board": _labels(puzzles, labels), "grade": got},
                        columns=["board", "grade"])


def _grade_board(spec, p):
    for i in range(len(spec.ladder)):
        if fix(spec, p, i).finished:
            return spec.ladder.names[i]
    return None


def _ladder_count(spec, p, level, limit, max_nodes, without=()):
    lvl = spec.ladder.level(level)
    drop = tuple(sorted(spec.ladder.level(w) for w in without))

    def run():
        """The search itself, run when the memo has no entry."""
        return ladder_count(spec, p, limit, lvl, max_nodes, without=without)

    return _memo("count", p, (spec.name, id(spec.ladder), lvl, limit, max_nodes, drop), run)


def uniqueness(spec: GenreSpec, puzzles: Sequence, level=None, limit: int = 2,
               max_nodes: int = 200_000, labels=None, without=()) -> pd.DataFrame:
    """Ladder search (fixpoint at ``level`` per node, less the rungs named in
    ``without``) on every board.

    Columns: ``board``, ``count``, ``capped``, ``unique`` (True / False / None
    when capped before deciding), ``nodes``, ``branch points``.
    """
    per = pmap(partial(_search_board, spec, level, limit, max_nodes, tuple(without)), puzzles,
               desc=f"{spec.name} search")
    rows = [{"board": b, **r} for b, r in zip(_labels(puzzles, labels), per)]
    return pd.DataFrame(rows, columns=["board", "count", "capped", "unique", "nodes",
                                       "branch points"])


def _search_board(spec, level, limit, max_nodes, without, p) -> dict:
    r = _ladder_count(spec, p, level, limit, max_nodes, without)
    return {"count": r.count, "capped": r.capped, "unique": r.unique, "nodes": r.nodes,
            "branch points": r.branch_points}


def branch_points(spec: GenreSpec, puzzles: Sequence, levels=None, limit: int = 2,
                  max_nodes: int = 200_000, labels=None, without=()) -> pd.DataFrame:
    """Branch points of the ladder search at each level on every board, with
    the rungs named in ``without`` left out.

    Columns: ``board``, ``level``, ``branch points``, ``nodes``, ``capped``.
    """
    lad = spec.ladder
    lvls = range(len(lad)) if levels is None else [lad.level(x) for x in levels]
    rows = []
    for i in lvls:
        u = uniqueness(spec, puzzles, i, limit, max_nodes, labels, without)
        for _, r in u.iterrows():
            rows.append({"board": r["board"], "level": lad.names[i],
                         "branch points": r["branch points"], "nodes": r["nodes"],
                         "capped": r["capped"]})
    return pd.DataFrame(rows, columns=["board", "level", "branch points", "nodes", "capped"])


def ladder_tables(spec: GenreSpec, rows: dict, columns: Sequence, max_nodes: int = 200_000,
                  index: str = "bank") -> dict:
    """A chapter's two ladder tables over groups of boards (``rows``: label
    to boards): ``"branch"``, the branch points the ladder search needs,
    summed per group, and ``"reach"``, the mean share of cells the fixpoint
    decides before any guess (``"<column> %"``, with its sampling error).
    ``columns``: ``(column, level, without)`` triples, the level's rungs less
    those named in ``without`` (a rung of ours an article's ladder lacks)."""
    bp, rc = pd.DataFrame(index=pd.Index([], name=index)), Summary(index)
    for row, ps in rows.items():
        for col, level, without in columns:
            u = uniqueness(spec, ps, level, max_nodes=max_nodes, without=without)
            r = reach(spec, ps, [level], without=without)
            bp.loc[row, col] = int(u["branch points"].sum())
            rc.mean(row, f"{col} %", r["decided %"])
    return {"branch": bp.astype(int), "reach": rc.frame()}


def probe_unique(spec: GenreSpec, puzzles: Sequence, level=None, max_nodes: int = 200_000,
                 labels=None, search_level=None) -> pd.DataFrame:
    """Does the top fixpoint finish, and is the board unique?

    ``search_level`` is the level the counting search runs at each node
    (default: the top); any level counts the same, a cheaper one can be
    faster on boards with many answers.  Columns: ``board``, ``probe
    finishes``, ``unique`` (None when the search was capped), ``capped``.
    """
    lad = spec.ladder
    top = lad.level(level)
    u = uniqueness(spec, puzzles, search_level, max_nodes=max_nodes, labels=labels)
    u["probe finishes"] = pmap(partial(_finishes, spec, top), puzzles,
                               desc=f"{spec.name} probe")
    return u[["board", "probe finishes", "unique", "capped"]]


def _finishes(spec, level, p) -> bool:
    return fix(spec, p, level).finished


def probe_unique_counts(df: pd.DataFrame) -> dict:
    """Both directions of probe ⇔ unique over a :func:`probe_unique` frame:
    ``boards`` decided, ``held``, ``gaps`` (unique, probe stalls),
    ``violations`` (probe finishes, not unique: a soundness bug), ``skipped``
    (capped, counted apart)."""
    dec = df[df["unique"].notna()]
    u = dec["unique"].astype(bool)
    pf = dec["probe finishes"].astype(bool)
    gaps, bad = int((u & ~pf).sum()), int((pf & ~u).sum())
    return {"boards": len(dec), "held": len(dec) - gaps - bad, "gaps": gaps,
            "violations": bad, "skipped": int(len(df) - len(dec))}


def engines(spec: GenreSpec, puzzles: Sequence, limit: int = 2, max_nodes: int = 200_000,
            labels=None, search_level=None) -> pd.DataFrame:
    """The ladder search against the genre's independent engine on every board.

    ``search_level`` as in :func:`probe_unique`.  Columns: ``board``,
    ``ladder``, ``raw``, ``ladder capped``, ``raw capped``, ``agree`` (None
    when either run was capped before deciding: a capped run is never
    counted as agreement).
    """
    per = pmap(partial(_engines_board, spec, search_level, limit, max_nodes), puzzles,
               desc=f"{spec.name} engines")
    rows = [{"board": b, **r} for b, r in zip(_labels(puzzles, labels), per)]
    return pd.DataFrame(rows, columns=["board", "ladder", "raw", "ladder capped", "raw capped",
                                       "agree"])


def _engines_board(spec, search_level, limit, max_nodes, p) -> dict:
    lr = _ladder_count(spec, p, search_level, limit, max_nodes)
    rr = _memo("brute", p, (spec.name, limit), lambda: spec.brute_count(p, limit))
    l_open = lr.capped and lr.count < limit
    r_open = rr.capped and rr.count < limit
    agree = None if (l_open or r_open) else min(lr.count, limit) == min(rr.count, limit)
    return {"ladder": lr.count, "raw": rr.count, "ladder capped": l_open,
            "raw capped": r_open, "agree": agree}


def engine_counts(df: pd.DataFrame) -> dict:
    """``compared``, ``agreed``, ``ladder capped``, ``raw capped`` over an
    :func:`engines` frame."""
    dec = df[df["agree"].notna()]
    return {"compared": len(dec), "agreed": int(dec["agree"].astype(bool).sum()),
            "ladder capped": int(df["ladder capped"].sum()),
            "raw capped": int(df["raw capped"].sum())}


# ------------------------------------------------------------------ summaries
def pct(flags) -> float:
    """Share of true values in percent, one decimal (NaN when empty; None
    values are left out).

    >>> pct([True, False, None, True])
    66.7
    """
    xs = [bool(x) for x in flags if x is not None and not (isinstance(x, float) and np.isnan(x))]
    return round(100.0 * sum(xs) / len(xs), 1) if xs else float("nan")


class Summary:
    """A table built row by row from per-board values.

    Each call adds one cell and records the column's statistic and our
    per-board values (``attrs["stat"]``, ``attrs["values"]``), and the row's
    sample size (``attrs["n"]``: the largest number of values given in the
    row, unless set with :meth:`n`).

    >>> s = Summary("board")
    >>> s.share("6x6", "unique %", [True, False, True, True])
    >>> s.mean("6x6", "regions", [11, 12, 13, 12])
    >>> s.given("6x6", "q (ours)", 0.9)
    >>> df = s.frame()
    >>> df.loc["6x6"].tolist(), df.attrs["n"], df.attrs["stat"]["unique %"]
    ([75.0, 12.0, 0.9], {'6x6': 4}, 'share')
    """

    def __init__(self, index_name: str):
        self.index_name = index_name
        self._rows: dict = {}
        self._stat: dict = {}
        self._values: dict = {}
        self._n: dict = {}
        self._n_set: dict = {}

    def _put(self, row, col, value, stat, values=None):
        self._rows.setdefault(row, {})[col] = value
        if self._stat.get(col, stat) != stat:
            raise ValueError(f"column {col!r} mixes statistics {self._stat[col]} and {stat}")
        self._stat[col] = stat
        if values is not None:
            self._values[(row, col)] = tuple(float(v) for v in values)
            self._n[row] = max(self._n.get(row, 0), len(values))

    def share(self, row, col, flags, digits: int = 1) -> None:
        """A share of boards in percent; ``None`` flags (undecided) are left out."""
        xs = [1.0 if x else 0.0 for x in flags if x is not None]
        val = round(100.0 * sum(xs) / len(xs), digits) if xs else float("nan")
        self._put(row, col, val, "share", xs)

    def mean(self, row, col, values, digits: int = 1) -> None:
        """A mean of per-board values."""
        xs = [float(v) for v in values if v is not None]
        self._put(row, col, round(float(np.mean(xs)), digits) if xs else float("nan"),
                  "mean", xs)

    def total(self, row, col, per_board, digits: int = 0) -> None:
        """A total over the boards (the article prints a sum, not a mean):
        kept as ``n`` times each board's value, whose mean is the total and
        whose standard error is the total's.

        >>> s = Summary("bank")
        >>> s.total("6x6", "clues", [3, 4, 5])
        >>> float(s.frame().loc["6x6", "clues"]), s.frame().attrs["values"][("6x6", "clues")]
        (12.0, (9.0, 12.0, 15.0))
        """
        xs = [float(v) for v in per_board if v is not None]
        self.mean(row, col, [len(xs) * x for x in xs], digits)

    def pooled(self, row, col, parts, totals, digits: int = 1) -> None:
        """A share pooled over the boards, ``sum(parts) / sum(totals)`` in
        percent (cells written by a rung, of all cells written): kept as one
        value per board whose mean is the pooled share and whose spread gives
        its standard error by the delta method (board ``i`` contributes
        ``R + (part_i - R * total_i) / mean(total)``).

        >>> s = Summary("bank")
        >>> s.pooled("6x6", "rect %", [1, 1], [1, 3])
        >>> float(s.frame().loc["6x6", "rect %"])
        50.0
        """
        parts = np.asarray(parts, dtype=float)
        totals = np.asarray(totals, dtype=float)
        if totals.sum() == 0:
            values = [0.0] * len(parts)
        else:
            ratio = parts.sum() / totals.sum()
            values = list(100.0 * (ratio + (parts - ratio * totals) / totals.mean()))
        self.mean(row, col, values, digits)

    def median(self, row, col, values) -> None:
        """A median of per-board values (compared by bootstrap)."""
        xs = [float(v) for v in values if v is not None]
        self._put(row, col, float(np.median(xs)) if xs else float("nan"), "median", xs)

    def exact(self, row, col, value) -> None:
        """A value that must equal the article's exactly (a count of boards
        that should be zero, a theorem's exception count)."""
        self._put(row, col, value, "exact")

    def given(self, row, col, value) -> None:
        """A value that is ours by construction (sample size, parameter)."""
        self._put(row, col, value, "given")

    def n(self, row, n: int) -> None:
        """Set the row's sample size explicitly."""
        self._n_set[row] = int(n)

    def frame(self) -> pd.DataFrame:
        """The table, with ``attrs`` ``stat``, ``values`` and ``n``."""
        df = pd.DataFrame.from_dict(self._rows, orient="index")
        df.index.name = self.index_name
        n = dict(self._n)
        n.update(self._n_set)
        df.attrs["n"] = n
        df.attrs["stat"] = dict(self._stat)
        df.attrs["values"] = dict(self._values)
        return df
