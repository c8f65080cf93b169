"""Reads of a person's progress: their credited days and their streaks, overall and per value
category, computed from their activity (each completed mission, dated in the zone the person
was in when they did it)."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass

from django.utils import timezone

from delight.models import User
from goals.models import ActivityEvent, Category
from goals.progress.days import LivedDay, lived_day
from goals.progress.streaks import Streak, streak_of

# What credits a day: a finished mission (PRODUCT.md §4: "at least one completed mission").
CREDITING = (ActivityEvent.Kind.MISSION_COMPLETED,)


@dataclass(frozen=True)
class Streaks:
    overall: Streak
    by_category: dict[str, Streak]


def progress_days(*, user: User) -> dict[str, list[LivedDay]]:
    """Every crediting activity of the person as a lived day, overall ("") and per category,
    in the order they happened."""
    days: dict[str, list[LivedDay]] = defaultdict(list)
    events = (
        ActivityEvent.objects.owned_by(user)
        .filter(kind__in=CREDITING)
        .order_by("occurred_at", "id")
        .values_list("occurred_at", "zone", "category")
    )
    for occurred_at, zone, category in events:
        day = lived_day(occurred_at, zone=zone, day_start_hour=user.day_start_hour)
        days[""].append(day)
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
