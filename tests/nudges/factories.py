"""Builders for the nudges tests (plain ORM)."""

from __future__ import annotations

import datetime as dt
import itertools

from django.utils import timezone

from delight.models import User
from nudges import services
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


def make_absence(user: User, since: dt.datetime) -> None:
    """The person was last here at `since` (and has not been since)."""
    services.presence_seen(user=user, at=since)


def make_browser_subscribed(user: User) -> PushSubscription:
    """A subscription the planner counts (no push is sent to it)."""
    return PushSubscription.objects.create(
        user=user,
        endpoint=f"https://push.example/{user.username}/{next(_keys)}",
        p256dh="p256dh",
        auth="auth",
    )


def make_due_send(user: User, due_at: dt.datetime, **fields) -> ScheduledSend:
    """A day-2 nudge of an absence that began four days before `due_at`, due then."""
    fields.setdefault("step", ScheduledSend.Step.DAY_2)
    fields.setdefault("channel", ScheduledSend.Channel.IN_APP)
    fields.setdefault("away_since", due_at - dt.timedelta(days=4))
    fields.setdefault("local_date", due_at.astimezone(user.zone).date())
    return ScheduledSend.objects.create(user=user, due_at=due_at, **fields)


def make_scheduled_send(
    user: User, *, step: str = ScheduledSend.Step.DAY_2, days_away: float = 2.5, **fields
) -> ScheduledSend:
    """A nudge of an absence that began `days_away` ago, due now (unless told), in the app."""
    due_at = fields.pop("due_at", timezone.now())
    fields.setdefault("away_since", due_at - dt.timedelta(days=days_away))
    return make_due_send(user, due_at, step=step, **fields)
