"""Reads of highlight reels: the person's reels, and one reel's wins gathered from its
period — missions finished, habits kept, focus minutes, their own reflections, the streak
day by day and the consistency line."""

from __future__ import annotations

import datetime as dt
from collections import Counter
from dataclasses import dataclass

from delight.models import User
from delight.selectors import owned_or_not_found
from goals.models import (
    ActivityEvent,
    Category,
    ConsistencySnapshot,
    HighlightReel,
    StreakMilestone,
)

Kind = ActivityEvent.Kind


@dataclass(frozen=True)
class Win:
    date: dt.date
    title: str
    category: str  # its label, "" when it had none


@dataclass(frozen=True)
class HabitKept:
    title: str
    days: int  # the days of the period it was done
    category: str  # its label


@dataclass(frozen=True)
class Reflection:
    date: dt.date
    mission: str
    text: str


@dataclass(frozen=True)
class ReelDay:
    date: dt.date
    active: bool
    frozen: bool
    dci: float | None


@dataclass(frozen=True)
class ReelContent:
    reel: HighlightReel
    wins: list[Win]
    habits: list[HabitKept]  # the most kept first
    minutes: int
    reflections: list[Reflection]
    days: list[ReelDay]


def progress_highlights(*, user: User, limit: int = 20) -> list[HighlightReel]:
    """The person's reels, the newest first."""
    return list(HighlightReel.objects.owned_by(user)[:limit])


def progress_milestone_reels(
    *, user: User, milestones: list[StreakMilestone]
) -> list[tuple[StreakMilestone, HighlightReel | None]]:
    """Each milestone with its reel (None while it has none), in one query, or none at all
    when there is no milestone."""
    keys = {HighlightReel.milestone_key(milestone): milestone for milestone in milestones}
    reels = (
        {reel.key: reel for reel in HighlightReel.objects.owned_by(user).filter(key__in=keys)}
        if keys
        else {}
    )
    return [(milestone, reels.get(key)) for key, milestone in keys.items()]


def progress_highlight(*, user: User, reel_id: int) -> ReelContent:
    """One of the person's reels with its wins (another person's reel: NotFound)."""
    reel = owned_or_not_found(HighlightReel, user=user, pk=reel_id)
    events = (
        ActivityEvent.objects.owned_by(user)
        .filter(
            kind__in=(Kind.MISSION_COMPLETED, Kind.SESSION_COMPLETED, Kind.HABIT_DONE),
            local_date__range=(reel.starts_on, reel.ends_on),
        )
        .select_related("mission", "session", "habit")
        .order_by("occurred_at")
    )
    wins, reflections, minutes = [], [], 0
    habit_days: Counter[tuple[str, str]] = Counter()
    active: set[dt.date] = set()
    for event in events:
        title = event.mission.title if event.mission else event.metadata.get("title", "")
        label = Category(event.category).label if event.category else ""
        if event.kind == Kind.HABIT_DONE:
            habit_days[(event.habit.title if event.habit else title or "A habit", label)] += 1
            active.add(event.local_date)
        elif event.kind == Kind.MISSION_COMPLETED:
            wins.append(Win(event.local_date, title or "A mission", label))
            active.add(event.local_date)
        else:
            minutes += int(event.metadata.get("actual_minutes") or 0)
            if event.session and event.session.reflection:
                reflections.append(Reflection(event.local_date, title, event.session.reflection))
    habits = [HabitKept(title, days, label) for (title, label), days in habit_days.most_common()]
    return ReelContent(reel, wins, habits, minutes, reflections, _days(user, reel, active))


def _days(user: User, reel: HighlightReel, active: set[dt.date]) -> list[ReelDay]:
    snapshots = {
        s.date: s
        for s in ConsistencySnapshot.objects.owned_by(user).filter(
            date__range=(reel.starts_on, reel.ends_on)
        )
    }
    days = []
    date = reel.starts_on
    while date <= reel.ends_on:
        snapshot = snapshots.get(date)
        days.append(
            ReelDay(
                date=date,
                active=date in active,
                frozen=bool(snapshot and snapshot.frozen),
                dci=snapshot.value if snapshot else None,
            )
        )
        date += dt.timedelta(days=1)
    return days
