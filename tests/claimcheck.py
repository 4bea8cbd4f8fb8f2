"""Every claim of an article can fail: a test feeds each claim's verdict data
on which it must not hold (``FAILING``: claim id -> a call returning the
verdict, or None with a comment saying why no such data exists)."""


def assert_every_claim_fails(failing: dict, article) -> None:
    """Every claim of ``article`` has an entry in ``failing``, and each call
    given there returns a verdict that is decided and does not hold."""
    assert set(failing) == set(article.claims)
    for cid, feed in failing.items():
        if feed is None:
            continue
        holds, detail = feed()
        assert holds is not None and not holds, (cid, detail)
