"""Planning the nudges of absences: the drop-off scan claims people away long enough for
their next nudge and plans it (a ScheduledSend due at their hour), in batches."""

from __future__ import annotations

import datetime as dt
from collections import Counter
from dataclasses import dataclass
from typing import Any

from django.db import connection, transaction
from django.utils import timezone

from delight.models import User
from goals.progress.selectors import activity_hours
from nudges import timing
from nudges.cadence import CADENCE, can_email, can_push, channel_for, not_wanted, send_slot
from nudges.models import PushSubscription, ScheduledSend
from nudges.services.context import scheduled_send_personalise

State = ScheduledSend.State
BATCH = 2000
AWAYS = [nudge.away for nudge in CADENCE]

# Claim people whose absence passed the threshold of their next nudge, in one statement (two
# planners never take the same person). They move to the latest nudge their absence has
# reached: someone found 9 days away (after downtime, or on the first run) gets the last
# nudge only, not three at once.
_CLAIM = """
UPDATE nudges_presence p SET nudges_planned = (
    SELECT count(*) FROM unnest(%(aways)s::interval[]) AS a(away)
    WHERE p.last_active_at <= %(now)s - a.away
)
WHERE p.user_id IN (
    SELECT user_id FROM nudges_presence
    WHERE nudges_planned < %(steps)s
      AND last_active_at <= %(now)s - %(first)s::interval
      AND last_active_at <= %(now)s - (%(aways)s::interval[])[nudges_planned + 1]
    ORDER BY last_active_at LIMIT %(limit)s
    FOR UPDATE SKIP LOCKED
)
RETURNING p.user_id, p.nudges_planned, p.last_active_at
"""

_COLUMNS = {
    "user_id": "bigint",
    "step": "text",
    "channel": "text",
    "away_since": "timestamptz",
    "local_date": "date",
    "due_at": "timestamptz",
    "state": "text",
    "reason": "text",
}
_INSERT = f"""
INSERT INTO nudges_scheduledsend ({", ".join(_COLUMNS)}, attempts, template, context, created_at)
SELECT *, 0, '', '{{}}'::jsonb, %(now)s
FROM unnest({", ".join(f"%({name})s::{kind}[]" for name, kind in _COLUMNS.items())})
ON CONFLICT DO NOTHING
RETURNING id, user_id, state
"""


@dataclass(frozen=True)
class _Batch:
    """What the planner reads about a batch of claimed people, in a fixed number of queries."""

    users: dict[int, User]
    hours: dict[int, dict[int, int]]  # activities per local hour, last 30 days
    pushable: set[int]  # people with a browser subscribed to pushes
    taken: Counter[tuple[int, dt.date]]  # nudges already planned or sent per local date


def nudges_plan(*, now: dt.datetime | None = None, batch: int = BATCH) -> int:
    """Plan the next nudge of everyone away long enough for it; how many were planned.

    Runs batch after batch (each its own transaction) until no one is left to claim. A
    person paused, with a daily maximum of 0 or whose account is closed still moves along
    the cadence (it is time away, not nudges sent), and gets a row planned as skipped with
    the reason, so staff see why no nudge came.
    """
    now = now or timezone.now()
    planned = 0
    while True:
        claimed, count = _plan_batch(now=now, limit=batch)
        planned += count
        if claimed < batch:
            return planned


@transaction.atomic
def _plan_batch(*, now: dt.datetime, limit: int) -> tuple[int, int]:
    """One batch: (people claimed, sends planned).

    1. Claim up to `limit` people and step them along the cadence (one statement).
    2. Read the batch's people, usual hours, push subscriptions and nudges per local date.
    3. Work out each nudge's channel and due time, and insert them all in one statement
       (a nudge planned before for that absence or date is left alone).
    4. Once this commits, make each nudge to be sent personal (scheduled_send_personalise:
       a detail that cannot be found or kept is logged, and the nudge goes without it).
    """
    params: dict[str, Any] = {
        "now": now,
        "aways": AWAYS,
        "first": AWAYS[0],
        "steps": len(CADENCE),
        "limit": limit,
    }
    with connection.cursor() as cursor:
        cursor.execute(_CLAIM, params)
        claimed = cursor.fetchall()
    if not claimed:
        return 0, 0
    facts = _read(ids=[user_id for user_id, _, _ in claimed], now=now)
    rows = [_row(facts, user_id, step, away_since, now) for user_id, step, away_since in claimed]
    with connection.cursor() as cursor:
        columns = {name: [row[name] for row in rows] for name in _COLUMNS}
        cursor.execute(_INSERT, {**columns, "now": now})
        inserted = cursor.fetchall()
    for send_id, user_id, state in inserted:
        if state == State.PENDING:
            _personalise_once_committed(user=facts.users[user_id], send_id=send_id)
    return len(claimed), len(inserted)


def _personalise_once_committed(*, user: User, send_id: int) -> None:
    def personalise() -> None:
        scheduled_send_personalise(user=user, send_id=send_id)

    # Robust: a detail that fails is logged, and neither the plan nor the next send's
    # detail is lost with it.
    transaction.on_commit(personalise, robust=True)


def _read(*, ids: list[int], now: dt.datetime) -> _Batch:
    users = User.objects.filter(pk__in=ids).only(
        "timezone",
        "email",
        "email_opt_in",
        "second_channel_opt_in",
        "quiet_hours_start",
        "quiet_hours_end",
        "daily_nudge_max",
        "nudges_paused",
        "is_active",
    )
    since = now - dt.timedelta(days=timing.USUAL_HOUR_DAYS)
    pending = (State.PENDING, State.SENDING, State.SENT)
    taken = ScheduledSend.objects.filter(
        user_id__in=ids, state__in=pending, local_date__gte=(now - timing.ONE_DAY).date()
    ).values_list("user_id", "local_date")
    return _Batch(
        users={user.pk: user for user in users},
        hours=activity_hours(user_ids=ids, since=since),
        pushable=set(
            PushSubscription.objects.filter(user_id__in=ids).values_list("user_id", flat=True)
        ),
        taken=Counter(taken),
    )


def _row(
    facts: _Batch, user_id: int, planned: int, away_since: dt.datetime, now: dt.datetime
) -> dict[str, object]:
    """The send of a person's `planned`-th nudge: skipped with its reason when nudges are
    not wanted, else on its channel at its time."""
    user = facts.users[user_id]
    nudge = CADENCE[planned - 1]
    not_before = max(now, away_since + nudge.away)
    row = {"user_id": user_id, "step": nudge.step, "away_since": away_since}
    reason = not_wanted(user)
    if reason:
        due = not_before
        row.update(channel=nudge.channels[-1], state=State.SKIPPED, reason=reason)
    else:
        due = _due(facts, user, nudge.step, away_since, not_before)
        push = can_push(user, subscribed=user_id in facts.pushable)
        channel = channel_for(nudge.step, email=can_email(user), push=push)
        row.update(channel=channel, state=State.PENDING, reason="")
    return {**row, "due_at": due, "local_date": timing.local_date(due, user.zone)}


def _due(
    facts: _Batch, user: User, step: str, away_since: dt.datetime, not_before: dt.datetime
) -> dt.datetime:
    """At the person's hour, out of quiet hours, on the first local date with room under
    their daily maximum."""
    while True:
        due = send_slot(
            user,
            step=step,
            away_since=away_since,
            not_before=not_before,
            hours=facts.hours.get(user.pk, {}),
        )
        if facts.taken[user.pk, timing.local_date(due, user.zone)] < user.daily_nudge_max:
            return due
        not_before = timing.next_day_start(due, user.zone)
