"""Background jobs of the narrative app (django-q2): thin entry points to its services."""

from __future__ import annotations

from narrative import ledger


def check_essence() -> int:
    """The daily check that every balance kept equals the sum of its ledger."""
    return ledger.essence_check()
