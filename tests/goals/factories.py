"""Small builders for goals tests (plain ORM, no decomposition job)."""

from __future__ import annotations

import datetime as dt

from django.utils import timezone

from delight.models import User
from goals.models import Goal, Mission


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
