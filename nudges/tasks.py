"""Background entry points of the nudges app (django-q2): thin, they call a service."""

from __future__ import annotations

from nudges import services


def wake_snoozed() -> int:
    """Every minute: snoozes that ended are unread again, and open pages hear of it."""
    return services.notifications_wake()
