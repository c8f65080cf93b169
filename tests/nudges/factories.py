"""Small builders for nudges tests (plain ORM)."""

from __future__ import annotations

from delight.models import User
from nudges.models import Notification, PushSubscription
from tests.nudges.push_server import Browser


def make_notification(user: User, **fields) -> Notification:
    fields.setdefault("kind", Notification.Kind.NUDGE)
    fields.setdefault("key", "nudge:day-2")
    fields.setdefault("title", "Eliza has been thinking about your Spanish")
    fields.setdefault("body", "Ana will love hearing about it. Ten minutes tonight?")
    fields.setdefault("url", "/today/")
    return Notification.objects.create(user=user, **fields)


def make_push_subscription(user: User, browser: Browser, **fields) -> PushSubscription:
    return PushSubscription.objects.create(
        user=user, endpoint=browser.endpoint, p256dh=browser.p256dh, auth=browser.auth, **fields
    )
