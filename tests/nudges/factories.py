"""Builders for the nudges tests (plain ORM)."""

from __future__ import annotations

import itertools

from delight.models import User
from nudges.models import Notification, PushSubscription
from tests.nudges.push_server import Browser

_keys = itertools.count(1)


def make_notification(user: User, **fields) -> Notification:
    """A nudge from Eliza leading to the chat (a key of its own unless told)."""
    fields.setdefault("kind", Notification.Kind.NUDGE)
    fields.setdefault("key", f"test:{next(_keys)}")
    fields.setdefault("title", "Eliza has been thinking about your Spanish")
    fields.setdefault("body", "Ana will love hearing about it. Ten easy minutes, whenever suits.")
    fields.setdefault("url", "/chat/")
    return Notification.objects.create(user=user, **fields)


def make_push_subscription(user: User, browser: Browser, **fields) -> PushSubscription:
    return PushSubscription.objects.create(
        user=user, endpoint=browser.endpoint, p256dh=browser.p256dh, auth=browser.auth, **fields
    )
