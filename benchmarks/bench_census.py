"""The exhaustive counts, timed (not a test): censuses, ledgers, catalogues.

    python benchmarks/bench_census.py [--genres stostone kojun] [--big]

The counts the chapters make exactly on blank or small boards, each timed on
one call (the first of a fresh process also compiles its kernels or loads
them from numba's cache), with what it counted:

* Choco Banana: the legal-grid ledgers of 5x5, 3x8 and 2x10, the 4x5 size-map census;
* Country Road: the catalogue of Hamiltonian cycles of the sweep's dense boards, 6x6 to 20x20;
* Kojun: the fillings of an isolated 3x3 and 2x5 rectangle by the raw engine;
* Numbrix: the directed Hamiltonian paths of the blank 5x5 and 6x6;
* Statue Park: the 7x7 three-pentomino answers without the park rule, 30 bags;
* Stostone: the balanced grids of 6x4 and 4x8 (``--big``: 8x4, 4x10 and 6x6,
  24, 60 and 64 million grids);
* Yajisan-Kazusan: the connected 6x6 census and the 7x7 independent sets.

Writes nothing.
"""
import argparse
import sys
import time
from functools import partial
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def choco_banana(big):
    """Ledgers of legal grids and the size-map census."""
    from puzzlekit.choco_banana import census
    out = [(f"{h}x{w} ledger: legal grids", partial(census.legal_count, h, w))
           for h, w in ((5, 5), (3, 8), (2, 10))]
    return out + [("4x5 size-map census", partial(census.ties, 4, 5))]


def _cycles(puzzle):
    from puzzlekit.country_road import catalogue
    cat, complete = catalogue(puzzle)
    return f"{len(cat):,} cycles" + ("" if complete else " (capped: macro falls back)")


def country_road(big):
    """The catalogue of Hamiltonian cycles of each size's first dense sweep board."""
    from puzzlekit.country_road import SPEC
    out = []
    for n in (6, 8, 10, 12, 14, 16, 18, 20):
        p = SPEC.sweep_board(np.random.default_rng(n), n, "dense")
        out.append((f"{n}x{n} catalogue, {p.k} countries", partial(_cycles, p)))
    return out


def _fillings(p, q):
    from puzzlekit.kojun.census import rectangle_count
    count, nodes, _ = rectangle_count(p, q)
    return f"{count:,} fillings, {nodes:,} nodes"


def kojun(big):
    """Fillings of isolated rectangles by the raw engine."""
    return [(f"{p}x{q} rectangle", partial(_fillings, p, q)) for p, q in ((3, 3), (2, 5))]


def _paths(h, w):
    from puzzlekit.numbrix import brute
    return f"{brute.census(h, w).count:,} directed paths"


def numbrix(big):
    """Directed Hamiltonian paths of blank boards."""
    return [(f"{n}x{n} blank-board census", partial(_paths, n, n)) for n in (5, 6)]


def _park_census(bags):
    from puzzlekit.statue_park import article, brute
    return sum(brute.count_solutions(p.with_drop(["park"]), 10 ** 9, 10 ** 9).count
               for p in article.park_bags("7x7 3x size5").take(bags))


def statue_park(big):
    """Answers of three-pentomino 7x7 bags without the park rule."""
    return [("7x7 3x size-5 census, 30 bags", partial(_park_census, 30))]


def stostone(big):
    """(exact, convex, count) over every balanced grid of a size."""
    from puzzlekit.stostone import census
    cells = [(6, 4), (4, 8)] + ([(8, 4), (4, 10), (6, 6)] if big else [])
    return [(f"{h}x{w} census (exact, convex, count)", partial(census.counts, h, w))
            for h, w in cells]


def yajisan_kazusan(big):
    """The connected blank-board census and independent sets by transfer matrix."""
    from puzzlekit.yajisan_kazusan import census
    from puzzlekit.yajisan_kazusan.brute import independent_sets
    return [("6x6 connected census", partial(census.connected_count, 6, 6)),
            ("7x7 independent sets (transfer matrix)", partial(independent_sets, 7, 7))]


COUNTS = {"choco_banana": choco_banana, "country_road": country_road, "kojun": kojun,
          "numbrix": numbrix, "statue_park": statue_park, "stostone": stostone,
          "yajisan_kazusan": yajisan_kazusan}


def _show(result):
    return f"{result:,}" if isinstance(result, int) else str(result)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--genres", nargs="*", choices=sorted(COUNTS), default=list(COUNTS))
    ap.add_argument("--big", action="store_true", help="Stostone's three largest census cells too")
    a = ap.parse_args(argv)
    for g in a.genres:
        for label, count in COUNTS[g](a.big):
            t = time.perf_counter()
            result = count()
            print(f"{g:16s} {label:44s} {time.perf_counter() - t:8.2f} s  {_show(result)}",
                  flush=True)


if __name__ == "__main__":
    main()
