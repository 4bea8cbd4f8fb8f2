"""Numberlink's uniqueness-proof policy (``SPEC.proof``) and the evidence for it."""
from __future__ import annotations

from ..core.proof import ProofPolicy
from .frontier import counter as frontier_counter
from .learn import LEARNER

__all__ = ["POLICY"]

POLICY = ProofPolicy(
    # ``reach`` costs two floods of the board at every node and probe trial
    # and prunes almost nothing there (``tests/test_every_genre.py`` bounds
    # how much leaving it out changes the proof's search on the bank;
    # ``benchmarks/bench_engines.py`` times the proof).
    without=("reach",),
    # Never probe below the root: no bank board's search reaches the common
    # proof's threshold, and on sparse sweep boards with many answers a probe
    # pass at every node cost far more than it pruned
    # (``benchmarks/bench_policy.py numberlink --set probe_after=2000`` times
    # both).
    probe_after=None,
    # The root's probe makes one pass over the segments: on the bank boards
    # whose proofs need a search, the later passes cost more than the nodes
    # they save (9x9-31: 736 trials and 31 nodes with every pass, 149 trials
    # and 123 nodes with one, in half the time); four boards a whole probe
    # settles now take 13 to 53 nodes, in about the same time.
    # ``benchmarks/bench_policy.py numberlink --set probe_passes=None`` times
    # both on the sweep.
    probe_passes=1,
    # Remember the open parts shown to have no answer, by
    # ``ladder._residue_jit``'s key: the open segments, and for each cell
    # beside one its ON segments, its path's first such cell and its number.
    # Paths drawn in another order often leave the same open part behind: on
    # the bank's two slowest boards the search falls from 313 to 91 nodes
    # (7x7-31) and from 1,347 to 415 (9x9-22), for about half a microsecond a
    # node to make the key (``benchmarks/bench_policy.py numberlink --set
    # memo=False`` times both on the sweep).
    memo=True,
    # A search the first round leaves open goes to the core's clause learner
    # (``learn.py``: the segments and the paths' labels as booleans, ``deg``
    # and the labels' rules as clauses, ``chain`` and ``reach`` as the
    # explaining kernel) instead of further rounds: on
    # sparse boards with loose pairs propagate-and-branch searches the same
    # dead end under many early choices
    # (``benchmarks/studies/numberlink_learning.py``).
    learner=LEARNER,
    # A board the learner has not closed in a second and a half goes to the
    # frontier scan (``frontier.py``), which counts without a search: it
    # closes janko.at's Arukone 579 (15x15), on which the learner and
    # CP-SAT run for minutes, in about six seconds.  A board over
    # ``frontier.MAX_WIDTH`` across both ways, where the scan would give up
    # after seconds, is the learner's alone, without a slice.  Of the real
    # boards the scan may take, the learner closes penpa-edit's 11x11 and
    # janko.at's 13x13 285 within a second, and janko.at's 15x15 25 in 0.4
    # to 2.4 s depending on the draw (``benchmarks/studies/numberlink_seeds.py``),
    # so under some draws the scan closes 25 instead; the wider boards need
    # 2.1 to 6.3 s (576, 18x26, over the same draws).
    # ``benchmarks/bench_real.py`` times the real boards.
    exact=frontier_counter,
    exact_after=1.5,
    # Hand the search to the learner after 500 nodes, not the common 2,000:
    # no bank board's proof needs more than about 400 nodes, and a real
    # board whose first round runs out is the learner's, which starts again
    # from the root, so the round's nodes are time lost there (janko.at
    # Arukone 39, 12x15: 17 conflicts close it after any first round; best
    # of three, 9.6 ms with a round of 100 nodes, 11.2 ms with 500, 13.4 ms
    # with 1,000).  ``benchmarks/bench_real.py`` times the real boards.
    first_nodes=500)
