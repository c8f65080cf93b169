"""Small builders for the nudges tests (plain ORM)."""

from __future__ import annotations

from delight.models import User
from nudges.models import Notification


def make_notification(user: User, **fields) -> Notification:
    """A day-4 nudge from Eliza, leading to the chat."""
    fields.setdefault("kind", Notification.Kind.NUDGE)
    fields.setdefault("key", "nudge:day-4")
    fields.setdefault("title", "Eliza has been thinking about your Spanish")
    fields.setdefault("body", "Ana will love hearing about it. Ten easy minutes, whenever suits.")
    fields.setdefault("url", "/chat/")
    return Notification.objects.create(user=user, **fields)
