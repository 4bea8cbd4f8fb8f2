"""Numberlink: join each pair of equal numbers by a path; paths never share a
cell; with rule 3 (``fill``) every cell is used.  Solved over the segments by
deg, chain, reach and probe."""
from __future__ import annotations

from ..core.genre import GenreSpec, sat_counter
from . import generate as _gen, url
from .brute import count_solutions as brute_count, solutions as brute_solutions
from .learn import LEARNER
from .draw import draw, draw_state
from .generate import random_small, rebuild_bank, repair, sample_paths
from .ladder import (LADDER, NAMES, LinkState, decode, encode, fast_count, initial_state,
                     propagate, with_segments)
from .model import MAX_CELLS, RULES, Answer, Puzzle, check, paths_of

__all__ = ["SPEC", "LADDER", "NAMES", "RULES", "Puzzle", "Answer", "LinkState", "check",
           "initial_state", "decode", "encode", "propagate", "fast_count", "with_segments",
           "brute_count", "brute_solutions", "random_small", "rebuild_bank", "repair",
           "sample_paths", "paths_of", "draw", "draw_state", "url"]


def _clues(puzzle) -> int:
    """Numbered cells (two per pair)."""
    return int((puzzle.numbers > 0).sum())


def _refute(puzzle) -> bool:
    """The parity identity fails (:func:`certify.parity_ok`): no answer."""
    from .certify import parity_ok
    return not parity_ok(puzzle)


#: Rungs the uniqueness proof leaves out (``GenreSpec.proof_without``):
#: ``reach`` costs two floods of the board at every node and probe trial and
#: prunes almost nothing there (``tests/test_every_genre.py`` bounds how much
#: leaving it out changes the proof's search on the bank;
#: ``benchmarks/bench_engines.py`` times the proof).
PROOF_WITHOUT = ("reach",)

#: The proof never runs probe below the root (``GenreSpec.proof_probe_after``
#: None): no bank board's search reaches the common proof's threshold, and on
#: sparse sweep boards with many answers a probe pass at every node cost far
#: more than it pruned (``benchmarks/bench_policy.py numberlink --set
#: proof_probe_after=2000`` times both).
PROOF_PROBE_AFTER = None

#: The root's probe makes one pass over the segments
#: (``GenreSpec.proof_probe_passes``): on the bank boards whose proofs need
#: a search, the later passes cost more than the nodes they save (9x9-31:
#: 736 trials and 31 nodes with every pass, 149 trials and 123 nodes with
#: one, in half the time); four boards a whole probe settles now take 13 to
#: 53 nodes, in about the same time.  ``benchmarks/bench_policy.py numberlink
#: --set proof_probe_passes=None`` times both on the sweep.
PROOF_PROBE_PASSES = 1

#: The proof's search remembers the open parts it has shown to have no
#: answer (``GenreSpec.proof_memo``, by ``ladder._residue_jit``'s key: the
#: open segments, and for each cell beside one its ON segments, its path's
#: first such cell and its number).  Paths drawn in another order often
#: leave the same open part behind: on the bank's two slowest boards the
#: search falls from 313 to 91 nodes (7x7-31) and from 1,347 to 415
#: (9x9-22), for about half a microsecond a node to make the key
#: (``benchmarks/bench_policy.py numberlink --set proof_memo=False`` times
#: both on the sweep).
PROOF_MEMO = True

SPEC = GenreSpec(
    name="numberlink", Puzzle=Puzzle, Answer=Answer, ladder=LADDER,
    initial_state=initial_state, decode=decode, check=check, brute_count=brute_count,
    generate=lambda h, w, seed=None, grade=None: _gen.generate(h, w, seed, grade),
    draw=draw, draw_state=draw_state, article="puzzlekit.numberlink.article",
    rebuild_bank=lambda seed=None: _gen.rebuild_bank(seed), max_cells=MAX_CELLS,
    brute_solutions=brute_solutions, encode=encode, random_small=random_small,
    sat_count=sat_counter(__name__), sweep_board=_gen.sweep_board,
    url_decode=url.decode, url_encode=url.encode,
    clues=_clues, refute=_refute, proof_without=PROOF_WITHOUT,
    proof_probe_after=PROOF_PROBE_AFTER, proof_probe_passes=PROOF_PROBE_PASSES,
    proof_memo=PROOF_MEMO, learner=LEARNER)
