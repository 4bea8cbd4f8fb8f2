"""Every claim of a typed chapter can fail.  Each genre's
``tests/<genre>/test_<genre>_article.py`` holds ``FAILING``: for every claim
id, a call returning the claim's verdict on data where it must not hold, or
None where no such data exists (the file says why, e.g. a theorem checked
exhaustively by other tests).  Fed that data, a claim must be decided and
not hold."""
import importlib
import importlib.util

import pytest

import puzzlekit

TYPED = [g for g in puzzlekit.GENRES
         if importlib.util.find_spec(f"puzzlekit.{g}.figures") is not None]


def _failing(genre):
    return importlib.import_module(f"tests.{genre}.test_{genre}_article").FAILING


@pytest.mark.parametrize("genre", TYPED)
def test_every_claim_has_failing_data(genre):
    article = importlib.import_module(puzzlekit.spec(genre).article).ARTICLE
    assert set(_failing(genre)) == set(article.claims)


@pytest.mark.parametrize("genre", TYPED)
def test_every_claim_fails_on_its_data(genre):
    for claim_id, feed in _failing(genre).items():
        if feed is None:
            continue
        holds, detail = feed()
        assert holds is not None and not holds, (genre, claim_id, detail)
