"""Notifications given (once per key) and what the person does with them — read, archive,
snooze, act — each change sent live as a `notification` event."""

from __future__ import annotations

import datetime as dt
from functools import partial

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from delight.models import User
from delight.realtime import send_on_commit
from delight.selectors import owned_or_not_found
from nudges import realtime, selectors
from nudges.models import BODY_MAX, TITLE_MAX, Notification
from nudges.words.gathered import GATHERED_BODIES, GATHERED_TITLES

State = Notification.State
SNOOZE_MAX = dt.timedelta(days=30)
EVENING_HOUR = 19  # "tonight" in the person's zone
MORNING_HOUR = 9  # "tomorrow" in the person's zone


# No savepoint of its own: get_or_create keeps one for the insert, and one per nudge given
# is two statements fewer in delivery's loop.
@transaction.atomic(savepoint=False)
def notification_give(
    *,
    user: User,
    kind: str,
    key: str,
    title: str,
    body: str = "",
    url: str = "",
    announce: bool = True,
) -> Notification | None:
    """Give the person a notification once per `key`; None when it was given before.

    1. A key given before (alone, or gathered into another note) gives nothing.
    2. A kind that gathers (GATHERED_TITLES: every kind but a nudge, whose number the
       person's daily maximum already bounds) joins the person's unread note of that kind
       from the last NOTES_GATHER_HOURS: its title counts them, its body and link are the
       latest's; the person gets one note, not a stream.
    3. Otherwise a new note. Texts longer than their fields are cut at a word with an
       ellipsis (a title is a line, not a letter).
    4. The event goes out once the transaction commits, unless `announce` is False: a
       caller giving many sends theirs together (realtime.notifications_given_send).
    """
    joined = None
    if kind in GATHERED_TITLES:  # a nudge is never gathered: get_or_create alone keeps it once
        mine = Notification.objects.owned_by(user)
        if mine.filter(Q(key=key) | Q(gathered_keys__contains=[key])).exists():
            return None
        joined = _gathering(user=user, kind=kind)
    if joined is not None:
        _gather(joined, key=key, title=title, body=body, url=url)
        if announce:
            _announce(joined)
        return joined
    notification, created = Notification.objects.get_or_create(
        user=user,
        key=key,
        defaults={
            "kind": kind,
            "title": _cut(title, TITLE_MAX),
            "body": _cut(body, BODY_MAX),
            "url": url,
        },
    )
    if not created:
        return None
    if announce:
        _announce(notification)
    return notification


def _gathering(*, user: User, kind: str) -> Notification | None:
    """The unread note of `kind` (one that gathers) a new one joins, if one is recent."""
    if not settings.NOTES_GATHER_HOURS:
        return None
    since = timezone.now() - dt.timedelta(hours=settings.NOTES_GATHER_HOURS)
    recent = Notification.objects.owned_by(user).filter(
        kind=kind, state=State.UNREAD, created_at__gte=since
    )
    return recent.select_for_update().order_by("-created_at").first()


def _gather(notification: Notification, *, key: str, title: str, body: str, url: str) -> None:
    notification.count += 1
    notification.gathered_keys = [*notification.gathered_keys, key]
    notification.title = _cut(
        GATHERED_TITLES[notification.kind].format(n=notification.count), TITLE_MAX
    )
    latest = GATHERED_BODIES[notification.kind].format(title=title, body=body)
    notification.body = _cut(latest, BODY_MAX)
    notification.url = url or notification.url
    notification.save(update_fields=["count", "gathered_keys", "title", "body", "url"])


@transaction.atomic
def notification_read(
    *, user: User, notification_id: int, now: dt.datetime | None = None
) -> Notification:
    """Mark one read (an archived one stays archived)."""
    notification = _for_update(user, notification_id)
    if notification.state != State.ARCHIVED:
        _set(notification, State.READ, now=now)
    return notification


@transaction.atomic
def notification_archive(*, user: User, notification_id: int) -> Notification:
    notification = _for_update(user, notification_id)
    _set(notification, State.ARCHIVED)
    return notification


@transaction.atomic
def notification_snooze(
    *, user: User, notification_id: int, until: dt.datetime, now: dt.datetime | None = None
) -> Notification:
    """Put one away until `until` (in the future, at most 30 days); it is unread again then."""
    now = now or timezone.now()
    if until.tzinfo is None:
        raise ValidationError({"until": "Give a time with its offset, e.g. 2026-11-25T19:00:00Z."})
    if not now < until <= now + SNOOZE_MAX:
        raise ValidationError({"until": "Choose a time in the next 30 days."})
    notification = _for_update(user, notification_id)
    notification.snoozed_until = until
    _set(notification, State.SNOOZED)
    return notification


@transaction.atomic
def notifications_read_all(*, user: User, now: dt.datetime | None = None) -> int:
    """Mark every unread one read (a snooze that ended counts as unread); how many."""
    now = now or timezone.now()
    changed = (
        Notification.objects.owned_by(user)
        .filter(selectors.unread_q(now))
        .update(state=State.READ, read_at=now, snoozed_until=None)
    )
    if changed:
        send_on_commit(
            partial(realtime.notification_changed_send, user_id=user.pk), what="notices read"
        )
    return changed


def snooze_until(preset: str, *, user: User, now: dt.datetime | None = None) -> dt.datetime:
    """The instant a snooze preset means for the person: "hour", "tonight" (19:00 in their
    zone, or an hour from now if that has passed) or "tomorrow" (09:00 their next day)."""
    now = now or timezone.now()
    local = now.astimezone(user.zone)
    if preset == "hour":
        return now + dt.timedelta(hours=1)
    if preset == "tonight":
        evening = local.replace(hour=EVENING_HOUR, minute=0, second=0, microsecond=0)
        return (
            evening if evening > local + dt.timedelta(minutes=30) else now + dt.timedelta(hours=1)
        )
    if preset == "tomorrow":
        return (local + dt.timedelta(days=1)).replace(
            hour=MORNING_HOUR, minute=0, second=0, microsecond=0
        )
    raise ValidationError({"for": "Choose hour, tonight or tomorrow."})


def notifications_wake(*, now: dt.datetime | None = None) -> int:
    """Snoozes that ended become unread again, each sent live (every minute, scheduled);
    how many woke."""
    now = now or timezone.now()
    with transaction.atomic():
        woken = list(
            Notification.objects.filter(state=State.SNOOZED, snoozed_until__lte=now)
            .select_for_update(skip_locked=True)
            .values_list("pk", "user_id")
        )
        Notification.objects.filter(pk__in=[pk for pk, _ in woken]).update(
            state=State.UNREAD, snoozed_until=None
        )
    for user_id in {user_id for _, user_id in woken}:
        realtime.notification_changed_send(user_id=user_id)
    return len(woken)


def _for_update(user: User, notification_id: int) -> Notification:
    return owned_or_not_found(
        Notification.objects.select_for_update(), user=user, pk=notification_id
    )


def _set(notification: Notification, state: str, *, now: dt.datetime | None = None) -> None:
    notification.state = state
    if state == State.READ and notification.read_at is None:
        notification.read_at = now or timezone.now()
    if state != State.SNOOZED:
        notification.snoozed_until = None
    notification.save(update_fields=["state", "read_at", "snoozed_until"])
    _announce(notification)


def _announce(notification: Notification) -> None:
    send_on_commit(
        partial(
            realtime.notification_changed_send,
            user_id=notification.user_id,
            notification=notification,
        ),
        what="a notice changed",
    )


def _cut(text: str, limit: int) -> str:
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    return text[: limit - 1].rsplit(" ", 1)[0].rstrip(",;:—-") + "…"
