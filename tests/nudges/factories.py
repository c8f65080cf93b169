"""Builders for the nudges tests (plain ORM)."""

from __future__ import annotations

import itertools

from delight.models import User
from nudges.models import Notification

_keys = itertools.count(1)


def make_notification(user: User, **fields) -> Notification:
    """A nudge from Eliza leading to the chat (a key of its own unless told)."""
    fields.setdefault("kind", Notification.Kind.NUDGE)
    fields.setdefault("key", f"test:{next(_keys)}")
    fields.setdefault("title", "Eliza has been thinking about your Spanish")
    fields.setdefault("body", "Ana will love hearing about it. Ten easy minutes, whenever suits.")
    fields.setdefault("url", "/chat/")
    return Notification.objects.create(user=user, **fields)
