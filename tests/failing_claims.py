"""The check every genre's claim tests share: a claim fed data on which it
must not hold fails (``FAILING`` maps each claim id to a function feeding it
such data, or None where a theorem checked exhaustively has nothing to feed)."""
import pytest


def assert_fails(failing: dict, claim_id: str) -> None:
    """Feed claim ``claim_id`` its failing data and assert it does not hold."""
    assert claim_id in failing, f"claim {claim_id} has no failing data"
    feed = failing[claim_id]
    if feed is None:
        pytest.skip(f"{claim_id}: a theorem checked exhaustively, nothing to feed")
    holds, detail = feed()
    assert holds is not None and not holds, (claim_id, detail)
