"""Small builders for goals tests (plain ORM, no decomposition job)."""

from __future__ import annotations

import datetime as dt

from django.utils import timezone

from delight.models import User
from goals.models import ActivityEvent, Goal, Habit, Mission
from goals.progress.days import lived_day


def make_goal(user: User, **fields) -> Goal:
    fields.setdefault("title", "Run a 10k")
    fields.setdefault("category", "health")
    fields.setdefault("decomposition_status", Goal.Decomposition.DONE)
    return Goal.objects.create(user=user, **fields)


def make_mission(goal: Goal, **fields) -> Mission:
    fields.setdefault("title", "Easy run")
    fields.setdefault("status", Mission.Status.PENDING)
    fields.setdefault("category", goal.category)
    fields.setdefault("position", goal.missions.count() + 1)
    return Mission.objects.create(user=goal.user, goal=goal, **fields)


def days_ago(days: float) -> dt.datetime:
    return timezone.now() - dt.timedelta(days=days)


def make_event(
    user: User, kind: str, at: dt.datetime, *, zone: str = "", category: str = "health", **fields
) -> ActivityEvent:
    """An activity as the services record it, on the person's lived day in `zone` (their own
    zone unless told)."""
    zone = zone or user.timezone
    day = lived_day(at, zone=zone, day_start_hour=user.day_start_hour).date
    return ActivityEvent.objects.create(
        user=user, kind=kind, occurred_at=at, zone=zone, local_date=day, category=category, **fields
    )


def make_habit(user: User, **fields) -> Habit:
    fields.setdefault("title", "Meditate")
    fields.setdefault("category", "health")
    fields.setdefault("start_date", user.local_day(timezone.now()) - dt.timedelta(days=30))
    return Habit.objects.create(user=user, **fields)
