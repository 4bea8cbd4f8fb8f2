"""Every level's fixpoint and the raw engine, timed on bank boards (not a test).

    python benchmarks/bench_levels.py [--genres nanro numbrix] [--sizes 6 8 10]
                                      [--without RUNG ...] [--repeat 5]

For each genre (default: every built genre) and each board size of its bank
(or the heights given by ``--sizes``), on the bank's first board of the
highest grade in that size (a board no level finishes ranks highest): the
fixpoint from the clues at every level of the ladder, as the searches run it
(compiled where the genre's ladder is, no attribution), and the raw engine's
count to 2, each the best of ``--repeat`` calls after one untimed call (numba
compiles or loads its kernels there).  ``--without`` leaves rungs out of
every fixpoint (``numbrix --without link``: probe over the rungs but
``link``).  Prints milliseconds and each run's outcome; writes nothing.
"""
import argparse
import sys
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import puzzlekit
from puzzlekit.core import banks, perf


def fixpoint(spec, puzzle, level, without):
    """The fixpoint at ``level`` from the clues of ``puzzle``, compiled where it can be."""
    return spec.ladder.fixpoint(spec.initial_state(puzzle), level, without, attribute=False)


def raw_count(spec, fresh):
    """The raw engine's count to 2 on a fresh copy of the board."""
    return spec.brute_count(fresh(), 2)


def hardest_of_each_size(genre, heights=None):
    """``(label, puzzle)`` for the bank's first board of the highest grade in
    each size (of ``heights``); a board no level finishes ranks highest."""
    sp = puzzlekit.spec(genre)
    names = list(sp.ladder.names)
    chosen = {}
    for e in banks.load(genre):
        h, w = e["size"]
        rank = names.index(e["grade"]) if e["grade"] in names else len(names)
        if (heights is None or h in heights) and rank > chosen.get((h, w), (-1, None))[0]:
            chosen[h, w] = (rank, e)
    return [(f"{e['id']} (grade {e['grade']})", sp.Puzzle.from_json(e["clues"]))
            for _, (_, e) in sorted(chosen.items())]


def time_board(spec, puzzle, without, repeat):
    """Print one board's fixpoint at every level and its raw count, in ms."""
    for level in spec.ladder.names:
        if level in without:
            continue
        t, r = perf.seconds(partial(fixpoint, spec, puzzle, level, without), repeat)
        print(f"  fixpoint {level:<12} {1e3 * t:10.2f} ms  {r.status}")
    t, r = perf.seconds(partial(raw_count, spec, perf.fresh(spec, puzzle)), repeat)
    print(f"  raw engine count<=2  {1e3 * t:10.2f} ms  {r.status}, {r.nodes:,} nodes")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--genres", nargs="*", default=None, help="default: every built genre")
    ap.add_argument("--sizes", nargs="*", type=int, default=None,
                    help="board heights to time (default: every size in the bank)")
    ap.add_argument("--without", nargs="*", default=(), help="rungs left out of every fixpoint")
    ap.add_argument("--repeat", type=int, default=5, help="timed calls per run (best kept)")
    a = ap.parse_args(argv)
    for g in a.genres or puzzlekit.built():
        sp = puzzlekit.spec(g)
        bad = [r for r in a.without if r not in sp.ladder.names]
        if bad:
            ap.error(f"{g} has no rung {', '.join(bad)}; its rungs: {', '.join(sp.ladder.names)}")
        for label, p in hardest_of_each_size(g, a.sizes):
            print(f"{g} {label}", flush=True)
            time_board(sp, p, tuple(a.without), a.repeat)


if __name__ == "__main__":
    main()
