"""How much clause learning gives Numberlink's proof on sparse boards (not a test).

    python benchmarks/studies/numberlink_learning.py [--size 16] [--boards 4] [--time-limit 10]
    python benchmarks/studies/numberlink_learning.py --check     # agreement on small boards first

On the Performance sweep's sparse boards the ladder's propagate-and-branch
search can run for seconds without meeting an answer, while CP-SAT finds two
(``numberlink_sparse.py``).  The uniqueness proof therefore hands a
search its first round leaves open to the core's clause learner
(:mod:`puzzlekit.core.learn`), whose reasoning is Numberlink's own rungs
(:mod:`puzzlekit.numberlink.learn`: ``deg`` as clauses, ``chain``'s loops and
welds as explained deductions, ``reach``'s cut-off regions as explained
conflicts).  On the sweep's first sparse boards of one size it times two
answers (the proof's count):

* by the proof as shipped (``core.genre.proof_count``);
* by the same proof without the learner (``ProofPolicy.learner`` None: rounds
  with randomised dives between them, as before the learner);
* by the learner from the root (``proof_count`` with ``first_nodes=0``);
* by CP-SAT (``GenreSpec.sat_count``),

each with the same time limit, and checks every answer with the referee.
``--check`` first compares the learner's counts from the root (to 1, 3 and
50) with the proof's without it on the sweep's 4x4 to 6x6 boards of both
densities and on random small boards with and without rule 3, and stops on
any difference (the run records how many boards it compared).  Writes
``benchmarks/results/numberlink_learning.json``.
"""
import sys
import time
from dataclasses import replace
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from race import summarise_and_store, sweep_study

import puzzlekit
from puzzlekit.core import perf
from puzzlekit.core.genre import proof_count
from puzzlekit.core.learn import RESTART_UNIT
from puzzlekit.numberlink.model import Puzzle

OUT = Path(__file__).resolve().parents[1] / "results" / "numberlink_learning.json"
SP = puzzlekit.spec("numberlink")
WITHOUT = replace(SP, proof=replace(SP.proof, learner=None))
ENGINES = {
    "proof as shipped": lambda p, t: proof_count(SP, p, 2, max_nodes=None, time_limit=t),
    "proof without learning": lambda p, t: proof_count(WITHOUT, p, 2, max_nodes=None,
                                                       time_limit=t),
    "learning from the root": lambda p, t: proof_count(SP, p, 2, max_nodes=None, time_limit=t,
                                                       first_nodes=0),
}


def check(seed: int = 1) -> int:
    """Compare the learner's counts from the root with the proof's without
    it on small boards; the boards compared."""
    rng = np.random.default_rng(seed)
    boards = [p for n in (4, 5, 6) for d in ("dense", "sparse")
              for _, p in perf.sweep_boards(SP, n, d, 6)]
    boards += [SP.random_small(rng, int(rng.integers(2, 6)), int(rng.integers(2, 6)))
               for _ in range(150)]
    boards += [Puzzle(p.h, p.w, p.numbers, fill=False) for p in list(boards)]
    for p in boards:
        for limit in (1, 3, 50):
            got = proof_count(SP, p, limit, max_nodes=None, first_nodes=0)
            want = proof_count(WITHOUT, p, limit, max_nodes=None)
            if got.count != want.count or any(SP.check(p, SP.decode(s)) for s in got.solutions):
                raise SystemExit(f"difference on {p} (limit {limit}): {got} against {want}")
    return len(boards)


def main(argv=None):
    a, boards = sweep_study(__doc__, SP, "sparse", 16, 4, argv, {
        "--check": "first compare the learner's counts with the proof's on small boards"})
    checked = None
    if a.check:
        checked = check()
        print(f"check: 0 differences on {checked} boards", flush=True)
    rows = []
    for label, p in boards:
        for eng, run in ENGINES.items():
            t = time.perf_counter()
            r = run(p, a.time_limit)
            rows.append({"board": label, "engine": eng, "seconds": time.perf_counter() - t,
                         "found": int(r.count), "complete": bool(r.complete),
                         "conflicts": int(r.counters.get("conflicts", 0)),
                         "answers legal": all(not SP.check(p, SP.decode(s)) for s in r.solutions)})
        t = time.perf_counter()
        c = SP.sat_count(p, 2, a.time_limit)
        rows.append({"board": label, "engine": "CP-SAT", "seconds": time.perf_counter() - t,
                     "found": int(c.count), "complete": not c.capped,
                     "answers legal": all(not SP.check(p, x) for x in c.solutions)})
        for row in rows[-len(ENGINES) - 1:]:
            print(f"{row['board']:18s} {row['engine']:24s} {row['seconds']:7.3f} s "
                  f"found {row['found']}", flush=True)
    summarise_and_store(rows, OUT, lambda r: r["found"] >= 2 or r["complete"],
                        "with two answers (or a finished count)", size=a.size,
                        time_limit=a.time_limit, restart_unit=RESTART_UNIT,
                        checked_boards=checked)


if __name__ == "__main__":
    main()
