"""Reads of the nudges app, scoped to their person: the notification inbox, whose unread
count comes from the same statement as its page, so the two can never disagree; who has
been away (the drop-off scan); a return to welcome; the person's Web Push subscriptions."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db import connection
from django.db.models import Count, F, Max, Q, QuerySet
from django.db.models.functions import Coalesce
from django.utils import timezone

from delight.models import User
from delight.selectors import owned_or_not_found
from goals import selectors as goals_selectors
from goals.models import Mission
from nudges import timing
from nudges.models import Notification, Presence, PushSubscription, ScheduledSend

State = Notification.State
PAGE = 50
# What each filter of the inbox shows. A snooze that has ended reads as unread.
_WOKEN = "(n.state = 'snoozed' AND n.snoozed_until <= %(now)s)"
FILTERS = {
    "inbox": f"(n.state IN ('unread', 'read') OR {_WOKEN})",
    "unread": f"(n.state = 'unread' OR {_WOKEN})",
    "read": "n.state = 'read'",
    "snoozed": "(n.state = 'snoozed' AND n.snoozed_until > %(now)s)",
    "archived": "n.state = 'archived'",
}


def unread_q(now: dt.datetime) -> Q:
    """FILTERS["unread"] for the ORM: unread, or snoozed until a time that has come."""
    return Q(state=State.UNREAD) | Q(state=State.SNOOZED, snoozed_until__lte=now)


_COLUMNS = [field.column for field in Notification._meta.concrete_fields]
_FIELD_NAMES = [field.attname for field in Notification._meta.concrete_fields]

# One statement: the count of unread over all of the person's notifications, and the page of
# the filter beside it (a LEFT JOIN, so an empty page still carries the count).
_INBOX = """
WITH counted AS (
    SELECT count(*) FILTER (WHERE {unread}) AS unread
    FROM nudges_notification n WHERE n.user_id = %(user)s
)
SELECT counted.unread, page.* FROM counted LEFT JOIN LATERAL (
    SELECT {columns} FROM nudges_notification n
    WHERE n.user_id = %(user)s AND {filter}
    ORDER BY n.created_at DESC, n.id DESC LIMIT %(limit)s
) page ON true
"""


@dataclass(frozen=True)
class Inbox:
    unread_count: int
    results: list[Notification]


def notifications_inbox(
    *, user: User, state: str = "inbox", limit: int = PAGE, now: dt.datetime | None = None
) -> Inbox:
    """The person's notifications of one filter (`FILTERS`), newest first, with the number
    unread, both read at one instant."""
    rows = _inbox_rows(user_id=user.pk, state=state, limit=limit, now=now)
    results = [
        Notification.from_db(connection.alias, _FIELD_NAMES, row[1:])
        for row in rows
        if row[1] is not None
    ]
    return Inbox(unread_count=rows[0][0], results=results)


def notifications_unread_count(*, user: User, now: dt.datetime | None = None) -> int:
    """How many of the person's notifications are unread (a snooze that ended included)."""
    return notifications_unread_count_of(user_id=user.pk, now=now)


def notifications_unread_count_of(*, user_id: int, now: dt.datetime | None = None) -> int:
    """The same count by the person's id (for events sent after a commit)."""
    count: int = _inbox_rows(user_id=user_id, state="inbox", limit=0, now=now)[0][0]
    return count


def notifications_unread_counts_of(
    *, user_ids: Iterable[int], now: dt.datetime | None = None
) -> dict[int, int]:
    """The unread count of each of these people, in one grouped statement (the events of a
    batch of nudges given at once); a person with none unread is 0."""
    ids = set(user_ids)
    counts = dict(
        Notification.objects.filter(unread_q(now or timezone.now()), user_id__in=ids)
        .values_list("user_id")
        .annotate(n=Count("id"))
        .order_by()
    )
    return {user_id: counts.get(user_id, 0) for user_id in ids}


def notification_get(*, user: User, notification_id: int) -> Notification:
    """One of the person's notifications (another person's: NotFound)."""
    return owned_or_not_found(Notification, user=user, pk=notification_id)


def _inbox_rows(
    *, user_id: int, state: str, limit: int, now: dt.datetime | None
) -> list[tuple[Any, ...]]:
    sql = _INBOX.format(
        unread=FILTERS["unread"],
        filter=FILTERS[state],
        columns=", ".join(f"n.{column}" for column in _COLUMNS),
    )
    params: dict[str, Any] = {"user": user_id, "now": now or timezone.now(), "limit": limit}
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows: list[tuple[Any, ...]] = cursor.fetchall()
        return rows


def shown_state(notification: Notification, *, now: dt.datetime) -> str:
    """The state a person sees: a snooze that has ended is unread again."""
    until = notification.snoozed_until
    if notification.state == State.SNOOZED and until is not None and until <= now:
        return State.UNREAD
    return notification.state


def people_away(
    *,
    now: dt.datetime | None = None,
    away: dt.timedelta = goals_selectors.AWAY_AFTER,
    limit: int | None = None,
) -> list[int]:
    """The people (ids) whose last meaningful activity is `away` or more before `now`, the
    longest away first: a range scan of the presence index, not of the activity log."""
    since = (now or timezone.now()) - away
    ids = (
        Presence.objects.filter(last_active_at__lte=since)
        .order_by("last_active_at")
        .values_list("user_id", flat=True)
    )
    return list(ids[:limit] if limit else ids)


@dataclass(frozen=True)
class Recipients:
    """What delivery checks each claimed send against, read once for a batch's people."""

    users: dict[int, User]
    last_active: dict[int, dt.datetime]  # from their presence (none: never seen)
    with_push: set[int]  # who has a browser subscribed to Web Push
    given: dict[tuple[int, dt.date], int]  # nudges given per person and local date

    def given_today(self, send: ScheduledSend, now: dt.datetime) -> int:
        """The nudges given the send's person on their date of `now`, the send left out."""
        today = timing.local_date(now, send.user.zone)
        counted = send.notification_id is not None and send.local_date == today
        return self.given.get((send.user_id, today), 0) - counted


def recipients_of(*, user_ids: Iterable[int], now: dt.datetime) -> Recipients:
    """The people of a claimed batch and what delivery checks: four statements for the
    batch, not four per send."""
    users = {user.pk: user for user in User.objects.filter(pk__in=set(user_ids))}
    days = {timing.local_date(now, user.zone) for user in users.values()}
    given = (
        ScheduledSend.objects.filter(
            user_id__in=users, local_date__in=days, notification__isnull=False
        )
        .values_list("user_id", "local_date")
        .annotate(n=Count("id"))
        .order_by()
    )
    return Recipients(
        users=users,
        last_active=dict(
            Presence.objects.filter(user_id__in=users).values_list("user_id", "last_active_at")
        ),
        with_push=set(
            PushSubscription.objects.filter(user_id__in=users).values_list("user_id", flat=True)
        ),
        given={(user_id, day): n for user_id, day, n in given},
    )


# How long after coming back Eliza still welcomes the person in their next conversation.
WELCOME_WITHIN = dt.timedelta(hours=24)


@dataclass(frozen=True)
class Return:
    """The person's latest return after 48 hours or more away, as Eliza and Home greet it."""

    came_back_at: dt.datetime
    welcomed: bool
    # The ease-back-in mission of that day while it is open (None: none, or done already).
    mission: Mission | None


def welcome_pending(*, user: User, now: dt.datetime | None = None) -> Return | None:
    """The return Eliza has not welcomed yet, within WELCOME_WITHIN of it (else None)."""
    since = (now or timezone.now()) - WELCOME_WITHIN
    presence = (
        Presence.objects.owned_by(user)
        .filter(Q(welcomed_at__isnull=True) | Q(welcomed_at__lt=F("came_back_at")))
        .filter(came_back_at__gte=since)
        .first()
    )
    return _return_of(user, presence) if presence else None


def return_today(*, user: User, now: dt.datetime | None = None) -> Return | None:
    """The person's return of their own today (zone and day start), welcomed yet or not, or
    one still waiting for its welcome (Home greets it)."""
    now = now or timezone.now()
    presence = Presence.objects.owned_by(user).filter(came_back_at__isnull=False).first()
    if presence is None:
        return None
    back = _return_of(user, presence)
    today = user.local_day(back.came_back_at) == user.local_day(now)
    waiting = not back.welcomed and now - back.came_back_at <= WELCOME_WITHIN
    return back if today or waiting else None


def _return_of(user: User, presence: Presence) -> Return:
    """The return a presence holds (read only where `came_back_at` is set)."""
    came_back_at = presence.came_back_at
    assert came_back_at is not None
    welcomed = presence.welcomed_at is not None and presence.welcomed_at >= came_back_at
    day = user.local_day(came_back_at)
    mission = goals_selectors.mission_ease_back(user=user, on=day)
    if mission is not None and not _in_todays_three(user, mission):
        mission = None  # Home promises only what Today shows (the day may be done already)
    return Return(came_back_at=came_back_at, welcomed=welcomed, mission=mission)


def _in_todays_three(user: User, mission: Mission) -> bool:
    return any(open_one == mission for _, open_one in goals_selectors.day_for(user=user).open)


def push_subscription_list(*, user: User) -> QuerySet[PushSubscription]:
    """The person's browsers that receive pushes, newest first."""
    return PushSubscription.objects.owned_by(user).order_by("-created_at", "-id")


def push_subscription_get(*, user: User, subscription_id: int) -> PushSubscription:
    return owned_or_not_found(
        PushSubscription,
        user=user,
        message="There is no such device among yours.",
        pk=subscription_id,
    )


TEMPLATES_REMEMBERED = dt.timedelta(days=60)
MODEL_PREFIX = "model:"  # a template the model worded is kept as "model:<key>"


def nudge_templates_recent(*, user: User, now: dt.datetime) -> dict[str, float]:
    """The nudge templates the person was given over the last 60 days: each key with the
    days since its latest use (sent, or due for a send not sent), whoever worded it."""
    since = now - TEMPLATES_REMEMBERED
    rows = (
        ScheduledSend.objects.owned_by(user)
        .exclude(template="")
        .filter(due_at__gte=since, due_at__lte=now)
        .values("template")
        .annotate(last=Max(Coalesce("sent_at", "due_at")))
        .values_list("template", "last")
    )
    recent: dict[str, float] = {}
    for template, last in rows:
        key = template.removeprefix(MODEL_PREFIX)
        days = (now - last).total_seconds() / 86400
        recent[key] = min(days, recent.get(key, days))
    return recent
