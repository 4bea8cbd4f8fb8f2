"""The shared check of a chapter's claims: every claim is fed data on which it
must fail (``FAILING`` in ``tests/<genre>/test_<genre>_article.py``)."""


def assert_claims_fail(article, failing: dict) -> None:
    """Every claim of ``article`` has an entry in ``failing``: a function
    returning the claim's ``(holds, detail)`` on data where it must not hold,
    or None where no such data exists (the test file says why)."""
    assert set(failing) == set(article.claims), set(failing) ^ set(article.claims)
    for claim_id, feed in failing.items():
        if feed is None:
            continue
        holds, detail = feed()
        assert holds is not None and not holds, (claim_id, detail)
