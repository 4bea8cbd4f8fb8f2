"""Sashigane generator, conventions and the exhaustive article tables."""
import numpy as np

import puzzlekit.sashigane as sg
from puzzlekit.sashigane.brute import scan
from puzzlekit.sashigane.generate import answer_board, pieces_of


def test_generate_is_unique_legal_and_minimal():
    p, a = sg.generate(6, 6, seed=3)
    assert not sg.check(p, a)
    assert scan(p, 2).count == 1
    assert sg.verify_extra({}, p, a) is None


def test_random_partition_is_an_l_partition():
    rng = np.random.default_rng(2)
    for h, w in [(2, 3), (4, 7), (9, 5)]:
        lab = sg.random_partition(rng, h, w)
        ans = sg.Answer.from_labels(lab, w)
        assert all(sg.l_parts(p) is not None for p in ans.pieces)
    assert sg.random_partition(rng, 3, 3) is None and sg.random_partition(rng, 1, 9) is None


def test_conventions_put_arrows_on_the_right_arm():
    rng = np.random.default_rng(4)
    lab = sg.random_partition(rng, 8, 8)
    for conv in ("long", "short"):
        p = answer_board(lab, 8, 8, conv, rng, numbers=False)
        assert scan(p, 1).count == 1                    # the answer is always an answer
        for cells, (br, bc), ends in pieces_of(lab, 8):
            (vr, vc), _ = ends[0]
            (hr, hc), _ = ends[1]
            lv, lh = abs(vr - br), abs(hc - bc)
            on_v = p.arrow[vr * 8 + vc] >= 0
            if lv != lh:
                assert on_v == ((lv > lh) == (conv == "long"))


def test_exhaustive_tables_match_the_article_at_smoke():
    from puzzlekit.sashigane.article import ARTICLE
    for t in ("ledger", "squares", "fit", "numbered", "bare"):
        assert ARTICLE.table(t, "smoke").status == "match", t
