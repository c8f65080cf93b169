"""Reads of a person's progress: their credited days and their streaks, overall and per value
category, computed from their activity (each completed mission, dated in the zone the person
was in when they did it)."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Collection
from dataclasses import dataclass
from typing import Literal, TypedDict

from django.contrib.postgres.aggregates import StringAgg
from django.db import connection
from django.db.models import Count, IntegerField, Min, Q, QuerySet, Sum
from django.db.models.fields.json import KT
from django.db.models.functions import Cast, Coalesce
from django.utils import timezone

from delight.models import User
from goals.models import (
    ActivityEvent,
    Category,
    ConsistencySnapshot,
    MissionSession,
    StreakMilestone,
)
from goals.progress.consistency import Trend, trend
from goals.progress.days import LivedDay, day_of, lived_day
from goals.progress.streaks import Streak, streak_of

# What credits a day: a finished mission (PRODUCT.md §4: "at least one completed mission") or
# a day of a habit kept.
CREDITING = ActivityEvent.WORK_DONE


# A day's focused minutes come from its finished sessions.
FOCUSED = ActivityEvent.Kind.SESSION_COMPLETED
FOCUS_MINUTES = Cast(KT("metadata__actual_minutes"), IntegerField())
DAYS_MAX = 400  # the longest range one request may ask for
SessionWords = Literal["reflection", "notes"]  # a session's words of the person's own


@dataclass(frozen=True)
class DayRow:
    date: dt.date
    active: bool
    freeze_used: bool
    missions_done: int
    minutes: int
    dci: float | None  # the date's consistency index, once its day has ended


@dataclass(frozen=True)
class Streaks:
    overall: Streak
    by_category: dict[str, Streak]


def progress_days(*, user: User) -> dict[str, list[LivedDay]]:
    """Every date the person was credited, overall ("") and per category, in the order they
    were first credited (the zone of a date's first activity keeps it).

    1. One row per (local date, zone) with its first moment and the categories done on
       it: a date is read once, not once per mission, so three years of activity stay
       about a thousand rows.
    2. Each row becomes its lived day (the event's own date and zone, memoised), in the
       order of first moments, counted overall and for each of its categories.
    """
    days: dict[str, list[LivedDay]] = defaultdict(list)
    rows = (
        ActivityEvent.objects.owned_by(user)
        .filter(kind__in=CREDITING)
        .values("local_date", "zone")
        # A string, not an array: it reads back several times faster (about 1,000 rows).
        .annotate(
            first=Min("occurred_at"),
            categories=StringAgg("category", delimiter=",", distinct=True),
        )
        .order_by("first")
        .values_list("local_date", "zone", "categories")
    )
    for local_date, zone, categories in rows:
        day = day_of(local_date, zone=zone, day_start_hour=user.day_start_hour)
        days[""].append(day)
        for category in categories.split(","):
            if category:
                days[category].append(day)
    return days


def progress_streaks(*, user: User, now: dt.datetime | None = None) -> Streaks:
    """The person's streaks now: overall and one per value category."""
    now = now or timezone.now()
    days = progress_days(user=user)

    def streak(key: str) -> Streak:
        return streak_of(
            days.get(key, []), now=now, zone=user.timezone, day_start_hour=user.day_start_hour
        )

    return Streaks(
        overall=streak(""), by_category={category: streak(category) for category in Category.values}
    )


def progress_today(*, user: User, now: dt.datetime | None = None) -> dt.date:
    """The person's local date now (their zone now, their day start)."""
    moment = now or timezone.now()
    return lived_day(moment, zone=user.timezone, day_start_hour=user.day_start_hour).date


def progress_day_rows(*, user: User, start: dt.date, end: dt.date, streak: Streak) -> list[DayRow]:
    """One row per local date from `start` to `end` (both included): credited or not, covered
    by a freeze (in `streak`, the person's overall streak) or not, missions finished and
    minutes focused that day (summed by the database over the range only)."""
    figures = {
        date: (done, minutes or 0)
        for date, done, minutes in ActivityEvent.objects.owned_by(user)
        .filter(kind__in=(*CREDITING, FOCUSED), local_date__range=(start, end))
        .values("local_date")
        .annotate(
            done=Count("id", filter=Q(kind__in=CREDITING)),
            minutes=Sum(FOCUS_MINUTES, filter=Q(kind=FOCUSED)),
        )
        .values_list("local_date", "done", "minutes")
    }
    frozen = set(streak.frozen)
    index = dict(
        ConsistencySnapshot.objects.owned_by(user)
        .filter(date__range=(start, end))
        .values_list("date", "value")
    )
    return [
        DayRow(
            date=date,
            active=done > 0,
            freeze_used=date in frozen,
            missions_done=done,
            minutes=minutes,
            dci=index.get(date),
        )
        for date in (start + dt.timedelta(days=n) for n in range((end - start).days + 1))
        for done, minutes in [figures.get(date, (0, 0))]
    ]


def progress_milestones_kept_since(*, user: User, since: dt.datetime) -> list[StreakMilestone]:
    """The milestones kept at or after the instant `since` (the ones a change just reached),
    the overall one first."""
    kept = StreakMilestone.objects.owned_by(user).filter(created_at__gte=since)
    return list(kept.order_by("category", "-days"))


def progress_milestones(*, user: User, since: dt.date) -> list[StreakMilestone]:
    """The streak milestones the person reached on or after `since`, the newest first."""
    return list(StreakMilestone.objects.owned_by(user).filter(reached_on__gte=since))


TRENDS = (7, 30, 90)


@dataclass(frozen=True)
class Consistency:
    """The person's newest consistency index and its trends."""

    latest: ConsistencySnapshot | None
    trends: dict[int, Trend]
    series: list[tuple[dt.date, float]]  # the last 90 dates' values, oldest first


def progress_consistency(*, user: User, now: dt.datetime | None = None) -> Consistency:
    """The newest snapshot (yesterday's, once the job ran: today is not over) and the mean
    and slope of the last 7, 30 and 90 dates."""
    today = progress_today(user=user, now=now)
    before_today = ConsistencySnapshot.objects.owned_by(user).filter(date__lt=today)
    series = list(
        before_today.filter(date__gte=today - dt.timedelta(days=max(TRENDS)))
        .order_by("date")
        .values_list("date", "value")
    )
    return Consistency(
        latest=before_today.order_by("-date").first() if series else None,
        trends={days: trend(series, days=days, today=today) for days in TRENDS},
        series=series,
    )


def progress_minutes_by_category(*, user: User, start: dt.date, end: dt.date) -> dict[str, int]:
    """Focus minutes of finished sessions per value category, local dates start..end."""
    minutes = dict.fromkeys(Category.values, 0)
    totals = (
        ActivityEvent.objects.owned_by(user)
        .filter(kind=FOCUSED, local_date__range=(start, end), category__in=Category.values)
        .values("category")
        .annotate(total=Sum(FOCUS_MINUTES))
        .values_list("category", "total")
    )
    minutes.update((category, total or 0) for category, total in totals)
    return minutes


# Each activity at its hour on the clock of the zone the person was in when they did it.
# An imported event's zone may be a fixed offset ("+05:45"), which PostgreSQL's AT TIME ZONE
# would read the POSIX way (east and west swapped): it is added to the UTC wall time instead.
_HOURS = """
SELECT user_id, extract(hour FROM CASE WHEN zone ~ '^[+-][0-9]'
    THEN (occurred_at AT TIME ZONE 'UTC') + zone::interval
    ELSE occurred_at AT TIME ZONE zone END)::int AS hour, count(*)
FROM goals_activityevent
WHERE user_id = ANY(%(ids)s) AND occurred_at >= %(since)s
GROUP BY user_id, hour
"""


def activity_hours(*, user_ids: list[int], since: dt.datetime) -> dict[int, dict[int, int]]:
    """For each of these people (the nudges' planner reads a batch at once), how many of
    their activities since `since` fell in each local hour (0-23); a person with none is
    absent. One grouped statement."""
    hours: dict[int, dict[int, int]] = defaultdict(dict)
    with connection.cursor() as cursor:
        cursor.execute(_HOURS, {"ids": user_ids, "since": since})
        for user_id, hour, count in cursor.fetchall():
            hours[user_id][hour] = count
    return dict(hours)


class MissionDone(TypedDict):
    event: int  # the activity's id
    mission: int | None  # None for an imported one
    title: str  # the mission's, or the imported habit's name
    at: str  # ISO instant
    goal: str  # the title of the goal it was for ("" for an imported one)
    goal_id: int | None  # and its id (None for an imported one)


def progress_missions_done(
    *, user: User, since: dt.datetime | None, now: dt.datetime, limit: int
) -> tuple[list[MissionDone], int]:
    """The newest missions done after `since` (all before the first) up to `now`, at most
    `limit` of them (the app's, with their title, or imported, with the habit's name), and
    how many were done in all."""
    done = ActivityEvent.objects.owned_by(user).filter(
        kind=ActivityEvent.Kind.MISSION_COMPLETED, occurred_at__lte=now
    )
    done = done.filter(occurred_at__gt=since) if since else done
    return _missions_done(done, limit=limit), done.count()


class HabitKept(TypedDict):
    habit: int
    title: str
    days: int  # its days done in the span


def progress_habits_kept(
    *, user: User, since: dt.datetime | None, now: dt.datetime, limit: int
) -> list[HabitKept]:
    """The habits done on days ticked after `since` (all before the first) up to `now`, most
    days first, at most `limit` of them, each with how many of its days were done."""
    done = ActivityEvent.objects.owned_by(user).filter(
        kind=ActivityEvent.Kind.HABIT_DONE, occurred_at__lte=now, habit__isnull=False
    )
    done = done.filter(occurred_at__gt=since) if since else done
    rows = (
        done.values("habit_id", "habit__title")
        .annotate(days=Count("local_date", distinct=True))
        .order_by("-days", "habit__title")[:limit]
    )
    return [HabitKept(habit=r["habit_id"], title=r["habit__title"], days=r["days"]) for r in rows]


def progress_habit_days_this_month(
    *, user: User, habit_ids: Collection[int], now: dt.datetime
) -> dict[int, int]:
    """For each of `habit_ids`, the days it was done in the person's month so far (their
    clock), up to `now`; a habit not done this month is left out."""
    today = progress_today(user=user, now=now)
    rows = (
        ActivityEvent.objects.owned_by(user)
        .filter(
            kind=ActivityEvent.Kind.HABIT_DONE,
            habit_id__in=list(habit_ids),
            local_date__gte=today.replace(day=1),
            local_date__lte=today,
            occurred_at__lte=now,
        )
        .values("habit_id")
        .annotate(days=Count("local_date", distinct=True))
    )
    return {row["habit_id"]: row["days"] for row in rows}


def progress_latest_mission_done(*, user: User, now: dt.datetime) -> MissionDone | None:
    """The person's latest mission done up to `now`, ever (a quiet week still has one)."""
    done = ActivityEvent.objects.owned_by(user).filter(
        kind=ActivityEvent.Kind.MISSION_COMPLETED, occurred_at__lte=now
    )
    return next(iter(_missions_done(done, limit=1)), None)


def _missions_done(events: QuerySet[ActivityEvent], *, limit: int) -> list[MissionDone]:
    rows = events.order_by("-occurred_at").values(
        "id", "mission_id", "mission__title", "mission__goal__title", "mission__goal_id",
        "metadata__title", "occurred_at",
    )[:limit]  # fmt: skip
    return [
        MissionDone(
            event=row["id"],
            mission=row["mission_id"],
            title=row["mission__title"] or row["metadata__title"] or "",
            at=row["occurred_at"].isoformat(),
            goal=row["mission__goal__title"] or "",
            goal_id=row["mission__goal_id"],
        )
        for row in rows
        if row["mission__title"] or row["metadata__title"]
    ]


def _sessions_ended(
    *, user: User, since: dt.datetime | None, now: dt.datetime
) -> QuerySet[MissionSession]:
    sessions = MissionSession.objects.owned_by(user).filter(
        status=MissionSession.Status.COMPLETED, ended_at__lte=now
    )
    return sessions.filter(ended_at__gt=since) if since else sessions


def progress_focus_minutes(*, user: User, since: dt.datetime | None, now: dt.datetime) -> int:
    """The minutes of the sessions the person finished after `since` (all before the first)."""
    total = _sessions_ended(user=user, since=since, now=now).aggregate(
        minutes=Coalesce(Sum("actual_minutes"), 0)
    )
    return int(total["minutes"])


def progress_latest_session_words(
    *, user: User, since: dt.datetime | None, now: dt.datetime, field: SessionWords
) -> tuple[int, str] | None:
    """The person's own words of their latest session ended after `since` that has some:
    (its id, the words): its `field`, "reflection" (written after it) or "notes" (jotted
    during it); None when they wrote none."""
    row = (
        _sessions_ended(user=user, since=since, now=now)
        .exclude(Q((field, "")) | Q((f"{field}__isnull", True)))
        .order_by("-ended_at")
        .values("id", field)
        .first()
    )
    return (row["id"], row[field]) if row else None
