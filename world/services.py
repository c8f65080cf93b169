"""Writes of the world app: evaluate zones, record each change once, broadcast it.

The flow of PRODUCT §5, ``check_time -> apply_rules -> update_zones -> broadcast_changes``:
the rules engine (:mod:`world.rules`) applies the rules, :func:`zones_evaluate_user` and
:func:`zones_evaluate_due` update ``UserZoneState`` and broadcast through
:mod:`world.realtime` after the transaction commits.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from django.db import connection, transaction
from django.utils import timezone
from django_q.models import Schedule

from delight.events import announce
from delight.models import User
from delight.realtime import send_on_commit
from world import realtime, signals
from world.models import OffHoursDay, UserWorldSchedule, Zone
from world.realtime import ZonePayload
from world.rules import UserClock, Window, ZoneSpec, ZoneState, clock_key, evaluate, zone_is_open
from world.selectors import clock_of, user_clock, zone_payload, zones_all

DUE_WINDOW = dt.timedelta(minutes=15)
OFF_HOURS_STREAK_DAYS = 3
AT_CHANGE_SCHEDULE = "world zones at {:%Y-%m-%dT%H:%M:%SZ}"
AT_CHANGE_FUNC = "world.tasks.evaluate_due_zones"

# Refresh one zone's rows for a group of users and claim the flips in one statement. The
# CTE locks the rows and reads their old state; a concurrent evaluation waits on those
# locks, then reads the state this one wrote, so a flip is returned to one transaction only.
_REFRESH_AND_CLAIM_SQL = """
WITH old AS (
    SELECT id, is_open FROM world_userzonestate
     WHERE zone_id = %(zone)s AND user_id = ANY(%(users)s) FOR UPDATE
)
UPDATE world_userzonestate AS state
   SET is_open = %(is_open)s, reason = %(reason)s, next_change_at = %(next)s,
       evaluated_at = %(now)s,
       changed_at = CASE WHEN old.is_open <> %(is_open)s THEN %(now)s ELSE state.changed_at END
  FROM old
 WHERE state.id = old.id
RETURNING state.user_id, old.is_open <> %(is_open)s
"""
# A user's first row for a zone holds the current state: a first evaluation is no change.
_INSERT_NEW_SQL = """
INSERT INTO world_userzonestate
       (user_id, zone_id, is_open, reason, next_change_at, changed_at, evaluated_at)
SELECT unnest(%(users)s::bigint[]), %(zone)s, %(is_open)s, %(reason)s, %(next)s, %(now)s, %(now)s
ON CONFLICT (user_id, zone_id) DO NOTHING
"""
_SCHEDULE_UPSERT_SQL = """
INSERT INTO world_userworldschedule (user_id, next_change_at, evaluated_at)
SELECT unnest(%(users)s::bigint[]), %(next)s, %(now)s
ON CONFLICT (user_id) DO UPDATE
   SET next_change_at = EXCLUDED.next_change_at, evaluated_at = EXCLUDED.evaluated_at
"""


@dataclass(frozen=True)
class ZoneChange:
    """A zone that really changed for a user, as broadcast in ``zone.update``."""

    user_id: int
    zone: ZonePayload


def zones_evaluate_user(*, user: User, now: dt.datetime | None = None) -> list[ZoneChange]:
    """Evaluate every zone for ``user`` now; record and broadcast the real changes."""
    now = now or timezone.now()
    return _evaluate_clock_group(
        clock=clock_of(user), user_ids=[user.pk], zones=zones_all(), now=now
    )


def zones_evaluate_due(*, now: dt.datetime | None = None, window: dt.timedelta = DUE_WINDOW) -> int:
    """The 15-minute run: evaluate only the users whose zones change; return how many.

    Each user's earliest next change over all zones is stored in
    ``UserWorldSchedule.next_change_at`` (indexed) by every evaluation, so due users are
    found by index lookups, never by evaluating everyone:

    1. ``horizon = now + window``.
    2. Due now: users whose stored change time has come (``next_change_at <= now``),
       plus users never evaluated (no schedule row).
    3. Group them by :func:`world.rules.clock_key` (timezone and productive hours):
       users with the same clock get the same states, so the rules engine runs once per
       group and each group is written with a few bulk statements
       (:func:`_evaluate_clock_group`).
    4. Coming changes: the distinct ``next_change_at`` instants in ``(now, horizon]``
       each get a one-off django-q schedule that runs this function again at that
       instant, so a change is broadcast when it happens (within the cluster's ~30 s
       scheduler cycle), not up to 15 minutes late. Schedules are named by their
       instant, so overlapping runs create each one once.
    """
    now = now or timezone.now()
    zones = zones_all()
    groups = _due_clock_groups(now=now, zones=[zone.spec() for zone in zones])
    for clock, user_ids in groups.items():
        _evaluate_clock_group(clock=clock, user_ids=user_ids, zones=zones, now=now)
    _plan_coming_changes(after=now, until=now + window)
    return sum(len(user_ids) for user_ids in groups.values())


def _due_clock_groups(*, now: dt.datetime, zones: Sequence[ZoneSpec]) -> dict[UserClock, list[int]]:
    """Due users (step 2 of :func:`zones_evaluate_due`) grouped by clock (step 3)."""
    columns = ("id", "timezone", "productive_start", "productive_end")
    due = User.objects.filter(world_schedule__next_change_at__lte=now).values_list(*columns)
    never = User.objects.filter(world_schedule__isnull=True).values_list(*columns)
    by_setting: dict[tuple[Any, ...], list[int]] = defaultdict(list)
    for user_id, *setting in (*due, *never):
        by_setting[tuple(setting)].append(user_id)
    groups: dict[UserClock, list[int]] = defaultdict(list)
    for (tz, start, end), user_ids in by_setting.items():
        key = clock_key(user_clock(timezone_name=tz, start=start, end=end), zones)
        groups[UserClock(*key)].extend(user_ids)
    return groups


def _plan_coming_changes(*, after: dt.datetime, until: dt.datetime) -> None:
    instants = (
        UserWorldSchedule.objects.filter(next_change_at__gt=after, next_change_at__lte=until)
        .values_list("next_change_at", flat=True)
        .distinct()
    )
    for instant in instants:
        assert instant is not None
        Schedule.objects.get_or_create(
            name=AT_CHANGE_SCHEDULE.format(instant.astimezone(dt.UTC)),
            defaults={"func": AT_CHANGE_FUNC, "schedule_type": Schedule.ONCE, "next_run": instant},
        )


@transaction.atomic
def _evaluate_clock_group(
    *, clock: UserClock, user_ids: Sequence[int], zones: Sequence[Zone], now: dt.datetime
) -> list[ZoneChange]:
    """Evaluate users sharing one clock; record each change once; broadcast after commit.

    1. Run the rules engine once for the clock.
    2. Per zone, one statement refreshes every existing row and returns which rows
       flipped (see ``_REFRESH_AND_CLAIM_SQL``); users without a row get one inserted.
    3. Store each user's earliest next change for the due-user index.
    4. After commit, send one ``zone.update`` per claimed flip.
    """
    states = evaluate([zone.spec() for zone in zones], clock, now)
    ids = sorted(user_ids)
    changes: list[ZoneChange] = []
    with connection.cursor() as cursor:
        for zone, state in zip(zones, states, strict=True):
            flipped = _refresh_and_claim(cursor, zone, state, ids, now)
            payload = zone_payload(zone, state)
            changes += [ZoneChange(user_id, payload) for user_id, flip in flipped.items() if flip]
        _store_next_change(cursor, ids, states, now)
    if changes:
        send_on_commit(
            partial(realtime.zone_updates_send, [(c.user_id, c.zone) for c in changes]),
            what="zone updates",
        )
    return changes


def _refresh_and_claim(
    cursor: Any, zone: Zone, state: ZoneState, user_ids: list[int], now: dt.datetime
) -> dict[int, bool]:
    """Write the state for every user; return {user id: whether this call flipped it}."""
    params = {
        "zone": zone.pk,
        "users": user_ids,
        "is_open": state.is_open,
        "reason": state.reason[:200],
        "next": state.next_change_at,
        "now": now,
    }
    cursor.execute(_REFRESH_AND_CLAIM_SQL, params)
    flipped = dict(cursor.fetchall())
    missing = [user_id for user_id in user_ids if user_id not in flipped]
    if missing:
        cursor.execute(_INSERT_NEW_SQL, {**params, "users": missing})
    return flipped


def _store_next_change(
    cursor: Any, user_ids: list[int], states: Sequence[ZoneState], now: dt.datetime
) -> None:
    changes = [state.next_change_at for state in states if state.next_change_at is not None]
    cursor.execute(
        _SCHEDULE_UPSERT_SQL, {"users": user_ids, "next": min(changes, default=None), "now": now}
    )


def zones_mark_all_due(*, now: dt.datetime | None = None) -> int:
    """Make every user due at the next run (after staff edit a zone's rules)."""
    return UserWorldSchedule.objects.update(next_change_at=now or timezone.now())


def activity_record(*, user: User, at: dt.datetime | None = None) -> bool:
    """Note activity outside the user's productive hours; learn a streak once.

    Activity is a ``ws/world/`` connection (an open Delight page or app).

    1. Activity inside the productive hours is ignored.
    2. Otherwise the user's local day (which starts at ``day_start_hour``) is stored
       once as an ``OffHoursDay``.
    3. When that new day completes exactly :data:`OFF_HOURS_STREAK_DAYS` consecutive
       days, announce ``off_hours_streak`` (world.signals; the companion remembers it).

    Returns whether the streak was announced.
    """
    at = at or timezone.now()
    if _within_productive_hours(user, at):
        return False
    day = user.local_day(at)
    with transaction.atomic():
        _, created = OffHoursDay.objects.get_or_create(
            user=user, day=day, defaults={"first_seen_at": at}
        )
        if not created or not _streak_just_reached(user, day):
            return False
        announce(signals.off_hours_streak, sender=User, user=user, days=OFF_HOURS_STREAK_DAYS)
    return True


def _within_productive_hours(user: User, at: dt.datetime) -> bool:
    productive = ZoneSpec(
        "productive",
        "Productive hours",
        (Window(user.productive_start, user.productive_end),),
        False,
    )
    clock = user_clock(timezone_name=user.timezone, start=None, end=None)
    return zone_is_open(productive, clock, at)


def _streak_just_reached(user: User, day: dt.date) -> bool:
    wanted = {day - dt.timedelta(days=back) for back in range(1, OFF_HOURS_STREAK_DAYS + 1)}
    found = set(OffHoursDay.objects.filter(user=user, day__in=wanted).values_list("day", flat=True))
    earlier = day - dt.timedelta(days=OFF_HOURS_STREAK_DAYS)
    return found == wanted - {earlier}
