"""Builders for the nudges tests (plain ORM)."""

from __future__ import annotations

import datetime as dt
import itertools

from django.utils import timezone

from delight.models import User
from nudges.models import Notification, PushSubscription, ScheduledSend
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


def make_scheduled_send(
    user: User, *, step: str = ScheduledSend.Step.DAY_2, days_away: float = 2.5, **fields
) -> ScheduledSend:
    """A nudge of an absence that began `days_away` ago, due now, in the app."""
    now = timezone.now()
    fields.setdefault("away_since", now - dt.timedelta(days=days_away))
    fields.setdefault("due_at", now)
    fields.setdefault("local_date", user.local_day(fields["due_at"]))
    fields.setdefault("channel", ScheduledSend.Channel.IN_APP)
    return ScheduledSend.objects.create(user=user, step=step, **fields)
