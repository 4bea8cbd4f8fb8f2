"""The check every typed chapter's claims share: each claim id has data on
which it must fail (or None, with a comment in the test saying why none
exists), and fed that data the claim does not hold."""


def assert_every_claim_fails(article, failing: dict) -> None:
    """Every claim of ``article`` is in ``failing``, and each feed of
    ``failing`` (a function returning the claim's ``(holds, detail)``)
    makes its claim not hold: False, never None."""
    assert set(failing) == set(article.claims), set(failing) ^ set(article.claims)
    for cid, feed in failing.items():
        if feed is None:
            continue
        holds, detail = feed()
        assert holds is not None and not holds, (cid, detail)
